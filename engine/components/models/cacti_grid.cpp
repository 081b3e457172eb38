#include "components/models/cacti_grid.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>
#include <string>

namespace af::components::models {

namespace {

// hwcomponents' unit conversions of CACTI's CSV (nJ, mW, mm^2, ns), in its order.
CactiFigures from_row(const CactiRow& r) {
  return {r.read_nj * 1e-9, r.write_nj * 1e-9, r.leak_per_bank_mw * 1e-3, r.area_mm2 * 1e-6,
          r.cycle_ns * 1e-9};
}

// exp((1 - t) ln a + t ln b) for every figure: a power law through the two points, also past
// them (t < 0 or t > 1).
CactiFigures blend(const CactiFigures& a, const CactiFigures& b, double t) {
  const auto mix = [t](double x, double y) { return std::exp((1 - t) * std::log(x) + t * std::log(y)); };
  return {mix(a.read_energy, b.read_energy), mix(a.write_energy, b.write_energy),
          mix(a.leak_per_bank, b.leak_per_bank), mix(a.area, b.area), mix(a.cycle_time, b.cycle_time)};
}

// Where `q` falls among sorted coordinates: on one (exact), between two, or past the ends
// (the two end coordinates, t outside [0, 1]).
struct Bracket {
  std::size_t i = 0, j = 0;
  double t = 0;
  bool exact = true;
};

Bracket bracket(const std::vector<double>& coords, double q) {
  if (coords.size() < 2) return {};
  for (std::size_t k = 0; k < coords.size(); ++k)
    if (coords[k] == q) return {k, k, 0, true};
  const auto above =
      static_cast<std::size_t>(std::upper_bound(coords.begin(), coords.end(), q) - coords.begin());
  const std::size_t j = std::clamp<std::size_t>(above, 1, coords.size() - 1);
  const std::size_t i = j - 1;
  return {i, j, (q - coords[i]) / (coords[j] - coords[i]), false};
}

// Each figure at `q` from the items' figures at their coordinates.
template <class Items, class Coord, class Figures>
CactiFigures along(const Items& items, double q, Coord coord, Figures figures) {
  std::vector<double> coords;
  for (const auto& item : items) coords.push_back(coord(item));
  const Bracket b = bracket(coords, q);
  if (b.exact) return figures(items[b.i]);
  return blend(figures(items[b.i]), figures(items[b.j]), b.t);
}

bool power_of_two(double v) {
  int e = 0;
  return v > 0 && std::frexp(v, &e) == 0.5;
}

}  // namespace

CactiGrid::CactiGrid(std::span<const CactiRow> rows) {
  for (const CactiRow& r : rows) {
    const double ratio = r.size_bytes / r.block_bytes;
    if (!power_of_two(ratio) || !power_of_two(r.block_bytes))
      throw std::logic_error("cacti table: a row off its power-of-two grid");
    const CactiFigures f = from_row(r);
    if (!(f.read_energy > 0 && f.write_energy > 0 && f.leak_per_bank > 0 && f.area > 0 && f.cycle_time > 0))
      throw std::logic_error("cacti table: a figure is not positive");
    Slice& slice =
        slices_[{static_cast<int>(r.node_nm), static_cast<int>(r.ports), static_cast<int>(r.banks)}];
    const int log2_block = static_cast<int>(std::log2(r.block_bytes));
    auto line =
        std::find_if(slice.begin(), slice.end(), [&](const Line& l) { return l.log2_block == log2_block; });
    if (line == slice.end()) {
      slice.push_back({log2_block, {}});
      line = slice.end() - 1;
    }
    line->points.push_back({static_cast<int>(std::log2(ratio)), f});
    max_ports_ = std::max(max_ports_, static_cast<int>(r.ports));
    max_banks_ = std::max(max_banks_, static_cast<int>(r.banks));
  }
  for (auto& [key, slice] : slices_) {
    std::sort(slice.begin(), slice.end(),
              [](const Line& a, const Line& b) { return a.log2_block < b.log2_block; });
    for (Line& line : slice)
      std::sort(line.points.begin(), line.points.end(),
                [](const Point& a, const Point& b) { return a.log2_rows < b.log2_rows; });
  }
}

const CactiGrid& CactiGrid::builtin() {
  static const CactiGrid grid(cacti_sram_rows());  // immutable once made; C++ makes it once, thread-safely
  return grid;
}

bool CactiGrid::on_grid(const CactiCall& call) const {
  const auto it = slices_.find({call.node_nm, call.ports, call.banks});
  if (it == slices_.end() || !power_of_two(call.block_bytes) ||
      !power_of_two(call.size_bytes / call.block_bytes))
    return false;
  const int block = static_cast<int>(std::log2(call.block_bytes));
  const int rows = static_cast<int>(std::log2(call.size_bytes / call.block_bytes));
  return std::any_of(it->second.begin(), it->second.end(), [&](const Line& l) {
    return l.log2_block == block &&
           std::any_of(l.points.begin(), l.points.end(), [&](const Point& p) { return p.log2_rows == rows; });
  });
}

CactiFigures CactiGrid::in_slice(const Slice& slice, double rows, double block, LeaveOut leave_out) const {
  const double x = std::log2(rows), y = std::log2(block);
  std::vector<const Line*> lines;
  for (const Line& l : slice)
    if (!(leave_out == LeaveOut::BlockLine && l.log2_block == y)) lines.push_back(&l);
  return along(
      lines, y, [](const Line* l) { return static_cast<double>(l->log2_block); },
      [&](const Line* l) {
        std::vector<const Point*> points;
        for (const Point& p : l->points)
          if (!(leave_out == LeaveOut::Point && l->log2_block == y && p.log2_rows == x)) points.push_back(&p);
        return along(
            points, x, [](const Point* p) { return static_cast<double>(p->log2_rows); },
            [](const Point* p) { return p->figures; });
      });
}

CactiFigures CactiGrid::in_slices(const CactiCall& call, LeaveOut leave_out) const {
  // The ports, then the bank counts, the table has for this node: a value past them is
  // extrapolated from the two largest (log-log), like a size past the largest.
  std::set<int> ports, banks;
  for (const auto& [key, slice] : slices_)
    if (std::get<0>(key) == call.node_nm) ports.insert(std::get<1>(key));
  const std::vector<int> port_list(ports.begin(), ports.end());
  const auto at_ports = [&](int p) {
    std::set<int> b;
    for (const auto& [key, slice] : slices_)
      if (std::get<0>(key) == call.node_nm && std::get<1>(key) == p) b.insert(std::get<2>(key));
    const std::vector<int> bank_list(b.begin(), b.end());
    return along(
        bank_list, std::log2(call.banks), [](int v) { return std::log2(v); },
        [&](int v) {
          return in_slice(slices_.at({call.node_nm, p, v}), call.size_bytes / call.block_bytes,
                          call.block_bytes, leave_out);
        });
  };
  return along(
      port_list, std::log2(call.ports), [](int v) { return std::log2(v); }, at_ports);
}

CactiFigures CactiGrid::figures(const CactiCall& call, LeaveOut leave_out) const {
  if (std::find(std::begin(kNodes), std::end(kNodes), call.node_nm) == std::end(kNodes))
    throw std::invalid_argument("cacti: no figures at " + std::to_string(call.node_nm) + " nm");
  if (call.banks < 1 || call.ports < 1 || !(call.size_bytes > 0) || !(call.block_bytes > 0))
    throw std::invalid_argument("cacti: banks, ports, size and block must be positive");
  return in_slices(call, leave_out);
}

}  // namespace af::components::models
