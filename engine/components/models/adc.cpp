#include "components/models/adc.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "components/models/tech_scaling.h"

namespace af::components::models {

namespace {

// The fitted coefficients (hwcomponents-adc's adc_data/model.yaml, commit 246af7e0).
// Schreier figure of merit attainable at a conversion rate f: a line in ln f (the survey's
// Pareto front), capped per ENOB by a line in the ENOB (its 80th percentile).
constexpr double kFomsAtUnitRate = 213.7806687348118;
constexpr double kFomsPerLnRate = -2.8719030399529957;
constexpr double kFomsCapAtZeroBits = 128.3068287398817;
constexpr double kFomsCapPerBit = 3.220511510977556;
// Energy correction for node and resolution (its 20th percentile: best-in-class converters),
// which also carries the scaling to pJ.
constexpr double kEnergyLnOffset = 26.0496215686518 - 1.4702022133784405;
constexpr double kEnergyPerLnNode = 1.8800369206815004;
constexpr double kEnergyPerLnBits = -2.8291256050594527;
// ln(area in um^2) over ln node (nm), ln rate and ln energy (pJ), at its 10th percentile.
constexpr double kAreaPerLnNode = 0.9932794744745022;
constexpr double kAreaPerLnRate = 0.18071538424508238;
constexpr double kAreaPerLnEnergy = 0.29912426192653485;
constexpr double kAreaLnOffset = 1.3461916439910742;
// The class books 20% of the energy as leakage and the rest on each conversion.
constexpr double kDynamicShare = 0.8;

double positive(const Arguments& args, std::string_view name) {
  const double v = args.required_number(name);
  if (!(v > 0) || !std::isfinite(v))
    throw ModelError(fmt::format("{} must be positive, got {}", name, number_text(v)), std::string(name));
  return v;
}

}  // namespace

AdcFigures adc_figures(double n_bits, double tech_node, double throughput, double n_adcs) {
  const double rate = throughput / n_adcs;  // per ADC
  const double node_nm = tech_node * 1e9;
  // The cap table runs from 0 to 20 bits, indexed by the ENOB rounded up.
  const double cap_bits = std::clamp(std::ceil(n_bits), 0.0, 20.0);
  const double foms = std::min(kFomsAtUnitRate + kFomsPerLnRate * std::log(rate),
                               kFomsCapAtZeroBits + kFomsCapPerBit * cap_bits);
  const double sndr_db = 20 * std::log10(2.0) * n_bits + 10 * std::log10(1.5);
  const double fom_energy = 1 / (2 * std::pow(10.0, (foms - sndr_db) / 10));
  const double energy_pj = fom_energy * std::exp(kEnergyLnOffset + kEnergyPerLnNode * std::log(node_nm) +
                                                 kEnergyPerLnBits * std::log(n_bits));
  const double area_um2 = std::exp(kAreaPerLnNode * std::log(node_nm) + kAreaPerLnRate * std::log(rate) +
                                   kAreaPerLnEnergy * std::log(energy_pj) + kAreaLnOffset);
  return {energy_pj * 1e-12, n_adcs * area_um2 * 1e-12};
}

std::vector<ModelDefinition> adc_models() {
  ModelInfo info;
  info.class_name = "ADC";
  info.qualified_name = "hwcomponents_adc.ADC";
  info.names = {"ADC", "pim_adc", "sar_adc", "array_adc", "pim_array_adc", "cim_array_adc", "cim_adc"};
  info.priority = 0.35;
  info.parameters = {
      {"n_bits", std::nullopt, true, "bits", "resolution, read as the effective number of bits (at least 4)"},
      {"tech_node", std::nullopt, true, "m", "technology node"},
      {"throughput", std::nullopt, true, "1/s", "conversions per second, all the ADCs together"},
      {"n_adcs", 1.0, false, "", "ADCs sharing the throughput"},
  };
  info.actions = {"convert", "read", "drive", "sample", "activate"};
  info.source = "hwcomponents-adc (fit to Murmann's ADC performance survey)";
  const auto actions = info.actions;
  return {
      {info, [actions](const Arguments& args) {
         const double bits = positive(args, "n_bits");
         if (bits < 4)
           throw ModelError(fmt::format("n_bits must be at least 4, got {}", number_text(bits)), "n_bits");
         const double node = args.required_number("tech_node");
         check_tech_node(node);
         const double throughput = positive(args, "throughput");
         const double n_adcs = *args.integer("n_adcs");
         if (n_adcs < 1)
           throw ModelError(fmt::format("n_adcs must be at least 1, got {}", number_text(n_adcs)), "n_adcs");
         const AdcFigures f = adc_figures(bits, positive(args, "tech_node"), throughput, n_adcs);
         BuiltModel m;
         m.area = f.area;
         // Leakage as 20% of the energy at full rate, so it grows with the throughput.
         m.leak_power = (1 - kDynamicShare) * f.energy_per_conversion * throughput;
         // Every action is one conversion; its latency 1/throughput is the whole bank's rate.
         for (const auto& a : actions)
           m.actions[a] = per_access({kDynamicShare * f.energy_per_conversion, throughput});
         return m;
       }}};
}

}  // namespace af::components::models
