#include "components/models/albireo_photonics.h"

#include <fmt/format.h>

#include <array>

#include "components/models/cim_common.h"
#include "components/models/tech_scaling.h"

namespace af::components::models {

namespace {

// Shiflett et al. (ISCA 2021) and Andrulis et al. (ISPASS 2024): figures at 7 nm; areas follow
// the area table from 7 nm (called directly, so no early return), energies and leakage do not
// scale with the node.
constexpr double kReferenceNode = 7e-9;
const std::string kModule = "hwcomponents_library.library.albireo";
const std::string kSource = "hwcomponents-library albireo.py (Albireo, Shiflett et al. ISCA 2021)";

// A figure under the `scaling` projection: conservative, moderate or aggressive.
using Projection = std::array<double, 3>;

double projected(const Arguments& args, const Projection& p) {
  const std::string s = args.text("scaling").value_or("conservative");
  if (s == "conservative") return p[0];
  if (s == "moderate") return p[1];
  if (s == "aggressive") return p[2];
  throw ModelError(fmt::format("scaling must be conservative, moderate or aggressive, got '{}'", s),
                   "scaling");
}

double area_at(const Arguments& args, double area_7nm) {
  return area_7nm * tech_node_area(cim::tech_node(args), kReferenceNode);
}

Parameter node() { return {"tech_node", std::nullopt, true, "m", "technology node"}; }
Parameter projection() {
  // A text parameter: no numeric default, read as "conservative" when absent.
  return {"scaling", std::nullopt, false, "", "conservative (default), moderate or aggressive"};
}
Parameter cycle() { return {"cycle_period", 1e-9, false, "s", "clock period"}; }

ModelDefinition part(const std::string& class_name, const std::string& alias, std::vector<Parameter> params,
                     std::function<BuiltModel(const Arguments&)> build) {
  return {cim::info(class_name, kModule, 0.5, std::move(params), {"read"}, kSource, {class_name, alias}),
          std::move(build)};
}

BuiltModel one_read(double area, double leak, ActionCost read) {
  BuiltModel m{area, leak, {}};
  m.actions["read"] = cim::fixed(read);
  return m;
}

// A passive or always-on part: area and leakage, reading is free.
ModelDefinition static_part(const std::string& class_name, const std::string& alias, double area_7nm,
                            std::optional<Projection> leak) {
  std::vector<Parameter> params{node()};
  if (leak) params.push_back(projection());
  return part(class_name, alias, params, [area_7nm, leak](const Arguments& args) {
    return one_read(area_at(args, area_7nm), leak ? projected(args, *leak) : 0.0, cim::free_cost());
  });
}

}  // namespace

std::vector<ModelDefinition> albireo_models() {
  return {
      part("AlbireoTIA", "albireo_tia", {node(), projection(), cycle()},
           [](const Arguments& args) {
             const double cycle = cim::positive(args, "cycle_period");
             return one_read(area_at(args, 2769e-12), 0.0,
                             {projected(args, {0.625e-12, 0.3125e-12, 0.045e-12}), 1 / cycle});
           }),
      part("AlbireoDAC", "dac_albireo", {node(), projection()},
           [](const Arguments& args) {
             return one_read(area_at(args, 153e-12), 0.0,
                             {projected(args, {5.2e-12, 2.6e-12, 0.325e-12}), kUnlimited});
           }),
      static_part("AlbireoMachZehnderModulator", "albireo_mzm", 15066e-12,
                  Projection{11.3e-3, 1.41e-3, 0.565e-3}),
      static_part("AlbireoMicroRingResonator", "albireo_mrr", 410e-12,
                  Projection{3.1e-3, 0.388e-3, 0.155e-3}),
      // Two rings: twice the ring's leakage.
      static_part("AlbireoDoubleMicroRingResonator", "albireo_double_mrr", 820e-12,
                  Projection{2 * 3.1e-3, 2 * 0.388e-3, 2 * 0.155e-3}),
      part("AlbireoPhotodiode", "albireo_photodiode", {node(), cycle()},
           [](const Arguments& args) {
             return one_read(area_at(args, 1.846e-9), 0.0, {0.0, 1 / cim::positive(args, "cycle_period")});
           }),
      static_part("AlbireoArrayedWaveguideGrating", "albireo_awg", 1108089e-12, std::nullopt),
      static_part("AlbireoStarCoupler", "albireo_star_coupler", 262500e-12, std::nullopt),
      static_part("AlbireoLaser", "albireo_laser", 6153e-12, Projection{1.94e-3, 0.0743e-3, 0.0614e-3}),
  };
}

}  // namespace af::components::models
