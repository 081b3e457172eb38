#include "components/models/neurosim_grid.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <tuple>
#include <utility>

namespace af::components::models {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

using XY = std::pair<double, double>;

// y at x along points sorted by x. A point exactly at x answers as it is (NaN included: NeuroSim
// failed there). Elsewhere the NaN points are skipped and y follows the power law through the
// two neighbours (the last two past an end): NeuroSim's figures scale as powers of the array's
// size locally. A zero or negative neighbour makes it linear, held at the end value outside.
double along(const std::vector<XY>& points, double x) {
  for (const auto& [px, py] : points)
    if (px == x) return py;
  std::vector<XY> valid;
  std::copy_if(points.begin(), points.end(), std::back_inserter(valid),
               [](const XY& p) { return !std::isnan(p.second); });
  if (valid.empty()) return kNaN;
  if (valid.size() == 1) return valid.front().second;
  const auto above =
      std::upper_bound(valid.begin(), valid.end(), x, [](double v, const XY& p) { return v < p.first; });
  const std::size_t hi =
      std::clamp<std::size_t>(static_cast<std::size_t>(above - valid.begin()), 1, valid.size() - 1);
  const XY& a = valid[hi - 1];
  const XY& b = valid[hi];
  const double t = std::log(x / a.first) / std::log(b.first / a.first);
  if (a.second > 0 && b.second > 0) return a.second * std::pow(b.second / a.second, t);
  if (t < 0) return a.second;
  if (t > 1) return b.second;
  return a.second + t * (b.second - a.second);
}

struct Line {
  double cols;
  std::vector<XY> by_rows;  // (rows, figure), sorted by rows
};

// One corner over the scattered runs of one configuration at one node: along the rows within
// each column count, then across column counts. Column counts whose runs span the asked rows
// are preferred when they bracket the asked columns, so that a short line is not stretched.
double in_plane(const std::vector<Line>& lines, double rows, double cols) {
  std::vector<XY> all, covering;
  bool below = false, above = false;
  for (const auto& line : lines) {
    const double v = along(line.by_rows, rows);
    all.emplace_back(line.cols, v);
    if (line.by_rows.front().first <= rows && rows <= line.by_rows.back().first) {
      covering.emplace_back(line.cols, v);
      below = below || line.cols <= cols;
      above = above || line.cols >= cols;
    }
  }
  return along(below && above ? covering : all, cols);
}

// How far a configuration is from the call in the inputs that are not interpolated: a doubling
// of the muxing, a decade of read pulse and 0.1 V count alike; the other mode counts most.
double distance(bool sequential, double cols_muxed, double read_pulse, double voltage,
                const NeuroSimCall& call) {
  double pulse = 0;
  if ((read_pulse > 0) != (call.read_pulse > 0))
    pulse = 3;
  else if (read_pulse > 0)
    pulse = std::abs(std::log10(read_pulse / call.read_pulse));
  return (sequential != call.sequential ? 100.0 : 0.0) + std::abs(std::log2(cols_muxed / call.cols_muxed)) +
         pulse + std::abs(voltage - call.voltage) / 0.1;
}

}  // namespace

NeuroSimGrid::NeuroSimGrid(std::span<const NeuroSimRow> rows) {
  using Key = std::tuple<bool, double, double, double>;
  std::map<std::string, std::map<Key, Config>, std::less<>> grouped;
  for (const auto& r : rows) {
    const Key key{r.sequential != 0, r.cols_muxed, r.read_pulse_s, r.voltage};
    auto& config = grouped[r.cell][key];
    config.sequential = r.sequential != 0;
    config.cols_muxed = r.cols_muxed;
    config.read_pulse = r.read_pulse_s;
    config.voltage = r.voltage;
    config.at_node[r.node_nm].push_back({r.rows, r.cols, &r.corners});
  }
  for (auto& [cell, configs] : grouped)
    for (auto& [key, config] : configs) by_cell_[cell].push_back(std::move(config));
}

const NeuroSimGrid& NeuroSimGrid::builtin() {
  static const NeuroSimGrid grid(neurosim_array_rows());
  return grid;
}

std::vector<std::string> NeuroSimGrid::cells() const {
  std::vector<std::string> out;
  for (const auto& entry : by_cell_) out.push_back(entry.first);
  return out;
}

bool NeuroSimGrid::has_cell(std::string_view cell) const { return by_cell_.contains(cell); }

Corners NeuroSimGrid::corners(const NeuroSimCall& call) const {
  const auto cell = by_cell_.find(call.cell);
  if (cell == by_cell_.end())
    throw std::invalid_argument(fmt::format("no NeuroSim runs of cell '{}'", call.cell));
  const double nm = call.tech_node * 1e9;
  constexpr auto& nodes = kNodesNm;
  // A relative tolerance, so that 65e-9 m is the 65 nm run whatever its last bit.
  const auto same = [](double a, double b) { return std::abs(a - b) <= 1e-9 * b; };
  if (!(nm >= nodes[0] * (1 - 1e-9) && nm <= nodes[std::size(nodes) - 1] * (1 + 1e-9)))
    throw std::invalid_argument(fmt::format("tech_node {} nm is outside NeuroSim's 7-130 nm", nm));
  for (const double n : nodes)
    if (same(nm, n)) return at_node(cell->second, n, call);
  // hwcomponents-neurosim runs NeuroSim at the two nodes around and interpolates linearly.
  const double* hi = std::upper_bound(std::begin(nodes), std::end(nodes), nm);
  const double n0 = *(hi - 1), n1 = *hi;
  const Corners a = at_node(cell->second, n0, call);
  const Corners b = at_node(cell->second, n1, call);
  const double t = (nm - n0) / (n1 - n0);
  Corners out{};
  for (std::size_t i = 0; i < kCornerCount; ++i) out[i] = a[i] + t * (b[i] - a[i]);
  return out;
}

Corners NeuroSimGrid::at_node(const std::vector<Config>& configs, double node_nm,
                              const NeuroSimCall& call) const {
  // The nearest configuration run at this node gives the level; the nearest one run on a grid
  // of rows and columns here gives the shape past the first's runs.
  const Config* level = nullptr;
  const Config* shape = nullptr;
  double level_d = 0, shape_d = 0;
  for (const auto& c : configs) {
    const auto it = c.at_node.find(node_nm);
    if (it == c.at_node.end()) continue;
    const double d = distance(c.sequential, c.cols_muxed, c.read_pulse, c.voltage, call);
    if (!level || d < level_d) level = &c, level_d = d;
    const auto& pts = it->second;
    const bool grid =
        std::any_of(pts.begin(), pts.end(), [&](const Point& p) { return p.rows != pts[0].rows; }) &&
        std::any_of(pts.begin(), pts.end(), [&](const Point& p) { return p.cols != pts[0].cols; });
    if (grid && (!shape || d < shape_d)) shape = &c, shape_d = d;
  }
  if (!level) throw std::invalid_argument(fmt::format("no NeuroSim runs of this cell at {} nm", node_nm));

  const auto evaluate = [node_nm](const Config& c, double rows, double cols) {
    const auto& pts = c.at_node.at(node_nm);
    Corners out{};
    for (std::size_t i = 0; i < kCornerCount; ++i) {
      std::map<double, std::vector<XY>> by_cols;
      for (const auto& p : pts) by_cols[p.cols].emplace_back(p.rows, (*p.corners)[i]);
      std::vector<Line> lines;
      for (auto& [cols_value, line] : by_cols) {
        std::sort(line.begin(), line.end());
        lines.push_back({cols_value, std::move(line)});
      }
      out[i] = in_plane(lines, rows, cols);
    }
    return out;
  };

  // The call moved into the level configuration's span of rows and columns.
  double r_lo = kNaN, r_hi = kNaN, c_lo = kNaN, c_hi = kNaN;
  for (const auto& p : level->at_node.at(node_nm)) {
    r_lo = std::fmin(r_lo, p.rows), r_hi = std::fmax(r_hi, p.rows);
    c_lo = std::fmin(c_lo, p.cols), c_hi = std::fmax(c_hi, p.cols);
  }
  const double rows_in = std::clamp(call.rows, r_lo, r_hi);
  const double cols_in = std::clamp(call.cols, c_lo, c_hi);
  if (rows_in == call.rows && cols_in == call.cols) return evaluate(*level, rows_in, cols_in);
  // Past the runs of a configuration that is itself a grid: along its own last two points.
  // (Held at its edge, NeuRRAM's 2048-column row drivers cost what 1024 columns do, half of
  // what AccelForge's array-size energies show.)
  if (!shape || shape == level) return evaluate(*level, call.rows, call.cols);
  Corners out = evaluate(*level, rows_in, cols_in);
  // Past the level's runs: its figure there, times how the shape's figure changes from there.
  const Corners from = evaluate(*shape, rows_in, cols_in);
  const Corners to = evaluate(*shape, call.rows, call.cols);
  for (std::size_t i = 0; i < kCornerCount; ++i)
    if (from[i] > 0 && std::isfinite(to[i])) out[i] *= to[i] / from[i];
  return out;
}

}  // namespace af::components::models
