#include "components/models/sram.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "components/models/aladdin.h"
#include "components/models/tech_scaling.h"

namespace af::components::models {

namespace {

const std::string kCactiSource =
    "CACTI 7.0 (HewlettPackard/cacti 1ffd8df, hwcomponents-cacti's configuration; data/README.md), "
    "post-processed as hwcomponents-cacti's SRAM";

// Width and depth from what is given (hwcomponents-cacti `_Memory.__init__`).
SramFigures shape_of(const SramRequest& r) {
  if (!r.size) throw ModelError("an SRAM needs its size in bits (AccelForge passes a Memory's size)", "size");
  const double size = *r.size;
  if (!(size > 0) || !std::isfinite(size))
    throw ModelError(
        fmt::format("an SRAM's size must be a positive, finite number of bits, got {}", number_text(size)),
        "size");
  SramFigures s;
  if (r.width)
    s.width = *r.width;
  else if (r.depth)
    s.width = size / *r.depth;
  else
    s.width = std::max(16.0, std::ceil(std::sqrt(size)));  // about square: width = sqrt(size)
  if (!(s.width > 0) || !std::isfinite(s.width))
    throw ModelError(fmt::format("an SRAM's width must be positive, got {}", number_text(s.width)), "width");
  s.depth = size / s.width;
  if (r.depth && std::abs(*r.depth - s.depth) > 1e-9 * s.depth)
    throw ModelError(fmt::format("size / width ({} / {} = {}) and depth ({}) disagree", number_text(size),
                                 number_text(s.width), number_text(s.depth), number_text(*r.depth)),
                     "depth");
  if (r.depth) s.depth = *r.depth;
  return s;
}

// CACTI's figures for this memory at a CACTI node, with hwcomponents' width and depth factors
// (`_interp_size`; the factors are hwcomponents' fit to CACTI).
SramFigures at_cacti_node(const CactiGrid& grid, const SramFigures& shape, int ports, int banks,
                          int node_nm) {
  const CactiCall call = cacti_call(shape, ports, banks, node_nm);
  const CactiFigures c = grid.figures(call);
  const double wc = call.block_bytes * 8;
  const double ws = shape.width / wc;
  const double ds = shape.depth / std::max(shape.depth, 64.0 * banks);
  SramFigures f = shape;
  f.read_energy = c.read_energy * ((ws * 0.7 + 0.3) * std::pow(ds, 1.56 / 2));
  f.write_energy = c.write_energy * ((ws * 0.7 + 0.3) * std::pow(ds, 1.56 / 2));
  f.leak_power = c.leak_per_bank * banks * (ws * ds);  // the component's bank count, not CACTI's
  f.area = c.area * (ws * ds);
  f.cycle_time = c.cycle_time;
  return f;
}

int whole_at_least_one(const Arguments& args, const char* name) {
  const double v = *args.integer(name);
  if (v < 1 || v > 1 << 20)
    throw ModelError(fmt::format("{} must be a whole number from 1 to 2^20, got {}", name, number_text(v)),
                     name);
  return static_cast<int>(v);
}

SramRequest request_of(const Arguments& args) {
  SramRequest r;
  r.tech_node = args.required_number("tech_node");
  check_tech_node(r.tech_node);
  r.width = args.number("width");
  r.depth = args.number("depth");
  r.size = args.number("size");
  r.ports = whole_at_least_one(args, "n_rw_ports");
  r.banks = whole_at_least_one(args, "n_banks");
  return r;
}

ModelInfo sram_info(std::string class_name, std::string qualified, std::vector<std::string> names) {
  ModelInfo info;
  info.class_name = std::move(class_name);
  info.qualified_name = std::move(qualified);
  info.names = std::move(names);
  info.priority = 0.3;
  info.parameters = {
      {"tech_node", std::nullopt, true, "m", "technology node"},
      {"width", std::nullopt, false, "bits", "bits of one access (default: max(16, ceil(sqrt(size))))"},
      {"depth", std::nullopt, false, "rows", "rows (default: size / width)"},
      {"size", std::nullopt, false, "bits", "capacity (a Memory's size; needed)"},
      {"n_rw_ports", 1, false, "", "read-write ports"},
      {"n_banks", 1, false, "", "banks"},
  };
  info.actions = {"read", "write"};
  info.source = kCactiSource;
  return info;
}

// Per access of `width` bits: `throughput` accesses per second, limited by ports and banks.
double sram_throughput(const SramFigures& f, int ports, int banks) {
  return 1 / (f.cycle_time / (f.width * ports * banks) * f.width);
}

ModelDefinition sram_model(const CactiGrid& grid) {
  return {sram_info("SRAM", "hwcomponents_cacti.hwcomponents_cacti.SRAM", {"SRAM", "sram"}),
          [&grid](const Arguments& args) {
            const SramRequest r = request_of(args);
            const SramFigures f = sram_figures(grid, r);
            const double t = sram_throughput(f, r.ports, r.banks);
            BuiltModel m{f.area, f.leak_power, {}};
            m.actions["read"] = per_access({f.read_energy, t}, f.width);
            m.actions["write"] = per_access({f.write_energy, t}, f.width);
            return m;
          }};
}

// An SRAM that generates its own addresses (hwcomponents-library misc.py): per access, an
// address register and a delta register of log2(depth) bits and an adder that steps the address.
ModelDefinition smart_buffer_model(const CactiGrid& grid) {
  return {sram_info("SmartBufferSRAM", "hwcomponents_library.library.misc.SmartBufferSRAM",
                    {"smart_buffer_sram", "smartbuffer_sram", "smartbuffersram"}),
          [&grid](const Arguments& args) {
            const SramRequest r = request_of(args);
            const SramFigures f = sram_figures(grid, r);
            const double address_bits = std::max(std::ceil(std::log2(f.depth)), 1.0);
            const AladdinPart reg = aladdin_register(r.tech_node, address_bits);
            const AladdinPart adder = aladdin_adder(r.tech_node, address_bits);
            const ActionCost reg_read = reg.actions.at("read"), reg_write = reg.actions.at("write"),
                             add = adder.actions.at("add");
            const double t = sram_throughput(f, r.ports, r.banks);
            // Sub-parts in hwcomponents' order: SRAM, address register, delta register, adder.
            const ActionCost read{
                0.0 + f.read_energy + reg_read.energy + reg_read.energy + add.energy,
                std::min({kUnlimited, t, reg_read.throughput, reg_read.throughput, add.throughput})};
            const ActionCost write{
                0.0 + f.write_energy + reg_write.energy + reg_read.energy + add.energy,
                std::min({kUnlimited, t, reg_write.throughput, reg_read.throughput, add.throughput})};
            BuiltModel m{0.0 + f.area + reg.area + reg.area + adder.area,
                         0.0 + f.leak_power + reg.leak_power + reg.leak_power + adder.leak_power,
                         {}};
            m.actions["read"] = per_access(read, f.width);
            m.actions["write"] = per_access(write, f.width);
            return m;
          }};
}

}  // namespace

CactiCall cacti_call(const SramFigures& shape, int ports, int banks, int node_nm) {
  // CACTI takes a power-of-two bank count, blocks of whole bytes of at least 32 bits, and at
  // least 64 rows per bank: hwcomponents rounds up to that and scales the figures back.
  const int cacti_banks = 1 << static_cast<int>(std::ceil(std::log2(banks)));
  const double wc = std::max(std::ceil(shape.width / 8) * 8, 32.0);
  const double dc = std::max(shape.depth, 64.0 * banks);
  return {std::floor(wc * dc / 8), wc / 8, cacti_banks, ports, node_nm};
}

SramFigures sram_figures(const CactiGrid& grid, const SramRequest& r) {
  const SramFigures shape = shape_of(r);
  const double t = r.tech_node * 1e9;  // nm
  constexpr double kSmallest = 22, kLargest = 90;
  if (t < kSmallest || t > kLargest) {
    // Outside CACTI's nodes: the 22 nm figures, energy as sqrt(node), area and time linear;
    // below 22 nm leakage too, less 21% for FinFETs (Parvais et al., VLSI-TSA 2009). Above
    // 90 nm hwcomponents takes this same branch (its rule for large nodes is never reached).
    const double scale = t / kSmallest;
    SramFigures f = at_cacti_node(grid, shape, r.ports, r.banks, static_cast<int>(kSmallest));
    f.read_energy *= std::pow(scale, 0.5);
    f.write_energy *= std::pow(scale, 0.5);
    f.area *= scale;
    f.cycle_time *= scale;
    if (t < kSmallest) f.leak_power *= std::pow(scale, 0.5) * 0.79;
    return f;
  }
  int lo = CactiGrid::kNodes[0], hi = CactiGrid::kNodes[4];
  for (const int n : CactiGrid::kNodes) {
    if (n <= t) lo = std::max(lo, n);
    if (n >= t) hi = std::min(hi, n);
  }
  const SramFigures a = at_cacti_node(grid, shape, r.ports, r.banks, lo);
  if (lo == hi) return a;
  const SramFigures b = at_cacti_node(grid, shape, r.ports, r.banks, hi);
  const double x = (t - lo) / (hi - lo);
  const auto mix = [x](double p, double q) { return (1 - x) * p + x * q; };
  SramFigures f = shape;
  f.read_energy = mix(a.read_energy, b.read_energy);
  f.write_energy = mix(a.write_energy, b.write_energy);
  f.leak_power = mix(a.leak_power, b.leak_power);
  f.area = mix(a.area, b.area);
  f.cycle_time = mix(a.cycle_time, b.cycle_time);
  return f;
}

std::vector<ModelDefinition> sram_models(const CactiGrid& grid) {
  return {sram_model(grid), smart_buffer_model(grid)};
}

}  // namespace af::components::models
