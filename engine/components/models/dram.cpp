#include "components/models/dram.h"

#include <fmt/format.h>

namespace af::components::models {

namespace {

struct Kind {
  const char* name;
  double pj_per_bit;
  double accesses_per_second;  // of `width` bits
  double default_width;
  bool width_at_most;  // the width limit is a maximum (DDR kinds) or a minimum (HBM)
  double width_limit;
  const char* source;
};

// hwcomponents-cacti's table, with the sources it cites.
const Kind kKinds[] = {
    {"LPDDR4", 8, 50 * 1024 * 1024, 64, true, 64, "public LPDDR4 data (Wikipedia, LPDDR)"},
    {"LPDDR", 40, 6.25 * 1024 * 1024, 64, true, 64, "Malladi et al., ISCA 2012"},
    {"DDR3", 70, 33.3 * 1024 * 1024, 64, true, 64, "Chatterjee et al., MICRO 2017"},
    {"HBM2", 6.25, 2.4 * 1024 * 1024 * 1024, 2048, false, 1024, "HBM2 vendor figures (Wikipedia, HBM)"},
    {"HBM3", 4.05, 6.4 * 8 * 1024 * 1024 * 1024, 2048, false, 1024, "HBM3 vendor figures (Wikipedia, HBM)"},
    {"HBM4", 3.2, 8 * 8 * 1024 * 1024 * 1024.0, 4096, false, 2048, "HBM3 figures less 20% (Wikipedia, HBM)"},
};

ModelDefinition dram(const Kind& k) {
  ModelInfo info;
  info.class_name = k.name;
  info.qualified_name = std::string("hwcomponents_cacti.hwcomponents_cacti.") + k.name;
  info.names = {std::string("DRAM") + k.name, std::string("DRAM_") + k.name, k.name};
  info.priority = 0.3;
  info.parameters = {{"width", k.default_width, false, "bits", "bits moved by one access (the bus width)"}};
  info.actions = {"read", "write"};
  info.source = std::string("hwcomponents-cacti _DRAM table: ") + k.source;
  return {info, [k](const Arguments& args) {
            const double width = *args.integer("width");
            if (k.width_at_most ? width > k.width_limit : width < k.width_limit)
              throw ModelError(
                  fmt::format("a {} is at {} {} bits wide, got width {}", k.name,
                              k.width_at_most ? "most" : "least", k.width_limit, number_text(width)),
                  "width");
            if (!(width > 0)) throw ModelError("width must be positive", "width");
            const double latency = 1 / k.accesses_per_second;
            const ActionCost access{k.pj_per_bit * 1e-12 * width, 1 / latency};
            BuiltModel m;  // no area, no leakage
            m.actions["read"] = per_access(access, width);
            m.actions["write"] = per_access(access, width);
            return m;
          }};
}

}  // namespace

std::vector<ModelDefinition> dram_models() {
  std::vector<ModelDefinition> out;
  for (const Kind& k : kKinds) out.push_back(dram(k));
  return out;
}

}  // namespace af::components::models
