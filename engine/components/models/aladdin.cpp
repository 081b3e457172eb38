#include "components/models/aladdin.h"

#include <fmt/format.h>

#include <cmath>
#include <optional>

#include "components/models/tech_scaling.h"

namespace af::components::models {

namespace {

// Aladdin's tables are at 40 nm and a 1 ns cycle (Shao et al., ISCA 2014).
constexpr double kReferenceNode = 40e-9;
constexpr double kCycleThroughput = 1 / 1e-9;
const std::string kSource =
    "Aladdin (Shao et al., ISCA 2014) 40 nm tables, as hwcomponents-library aladdin.py";

// hwcomponents' five scale factors of one model, changed only by scale() calls, in its order.
struct Scales {
  double area = 1, energy = 1, leak = 1, throughput = 1;

  void tech(double target) {
    if (target == kReferenceNode) return;  // scale() returns early: no factor at all
    const TechFactors f = tech_factors(target, kReferenceNode);
    area *= f.area;
    energy *= f.energy;
    leak *= f.leak;
    throughput *= f.throughput;
  }
  // A width factor on area, energy and leak (throughput does not change with width).
  void width(double target, double reference, bool quadratic = false) {
    if (target == reference) return;
    const double f = quadratic ? std::pow(target / reference, 2.0) : target / reference;
    area *= f;
    energy *= f;
    leak *= f;
  }
};

struct Base {
  double area, leak_power;
  std::map<std::string, ActionCost, std::less<>> actions;  // at the reference node and width
};

AladdinPart scaled(const Base& base, const Scales& s) {
  AladdinPart p{base.area * s.area, base.leak_power * s.leak, {}};
  for (const auto& [name, cost] : base.actions)
    p.actions[name] = {cost.energy * s.energy, cost.throughput * s.throughput};
  return p;
}

// Every library class answers read and write; an action it does not define is free.
ActionCost free_action() { return {0.0, kUnlimited}; }

BuiltModel built(const AladdinPart& part, std::optional<double> nominal_bits = std::nullopt) {
  BuiltModel m{part.area, part.leak_power, {}};
  for (const auto& [name, cost] : part.actions) m.actions[name] = per_access(cost, nominal_bits);
  return m;
}

double positive(const Arguments& args, const char* name) {
  const double v = args.required_number(name);
  if (!(v > 0) || !std::isfinite(v))
    throw ModelError(fmt::format("{} must be a positive number of bits, got {}", name, number_text(v)), name);
  return v;
}

double tech_node(const Arguments& args) {
  const double t = args.required_number("tech_node");
  check_tech_node(t);
  return t;
}

// An Aladdin part's description: hwcomponents-library's aladdin.py, priority 0.1, at 40 nm.
ModelInfo aladdin_info(const std::string& class_name, std::vector<std::string> names,
                       std::vector<Parameter> parameters, std::vector<std::string> actions) {
  ModelInfo info;
  info.class_name = class_name;
  info.qualified_name = "hwcomponents_library.library.aladdin." + class_name;
  info.names = std::move(names);
  info.priority = 0.1;
  info.parameters = {{"tech_node", std::nullopt, true, "m", "technology node"}};
  info.parameters.insert(info.parameters.end(), parameters.begin(), parameters.end());
  info.actions = std::move(actions);
  info.source = kSource;
  return info;
}

// A part with one working action `verb` (also answering read) and a free write.
Base one_action_part(double area, double leak, const char* verb, double energy) {
  const ActionCost cost{energy, kCycleThroughput};
  return {area, leak, {{verb, cost}, {"read", cost}, {"write", free_action()}}};
}

Base adder_base() { return one_action_part(278e-12, 2.40e-6, "add", 0.21e-12); }
Base comparator_base() { return one_action_part(71e-12, 2.51e-8, "compare", 0.02947e-12); }
Base multiplier_base() { return one_action_part(6350e-12, 8.00e-5, "multiply", 12.68e-12); }
Base counter_base() { return one_action_part(495.5e-12, 3.21e-7, "count", 0.25074e-12); }
// Register reads are not limited by the cycle; writes are.
Base register_base() {
  return {5.98e-12, 0.0, {{"read", {0.009e-12, kUnlimited}}, {"write", {0.009e-12, kCycleThroughput}}}};
}

AladdinPart part_at(const Base& base, double node, double width, double reference_width,
                    bool quadratic = false) {
  Scales s;
  s.tech(node);
  s.width(width, reference_width, quadratic);
  return scaled(base, s);
}

AladdinPart multiplier(double node, std::optional<double> width, std::optional<double> width_a,
                       std::optional<double> width_b) {
  Scales s;
  s.tech(node);
  if (width) {
    s.width(*width, 32, /*quadratic=*/true);  // both inputs this wide
  } else {
    s.width(*width_a, 32);
    s.width(*width_b, 32);
  }
  return scaled(multiplier_base(), s);
}

ModelDefinition simple_part(std::string class_name, std::vector<std::string> names, Base (*base)(),
                            std::optional<double> default_width, std::string verb) {
  const ModelInfo info = aladdin_info(
      class_name, std::move(names),
      {{"width", default_width, !default_width, "bits", "width of the operands"}}, {verb, "read", "write"});
  return {info, [base](const Arguments& args) {
            return built(part_at(base(), tech_node(args), positive(args, "width"), 32));
          }};
}

ModelDefinition register_model() {
  const ModelInfo info = aladdin_info("AladdinRegister", {"Register", "AladdinRegister"},
                                      {{"width", std::nullopt, false, "bits", "bits held (or give size)"},
                                       {"size", std::nullopt, false, "bits", "bits held (or give width)"}},
                                      {"read", "write"});
  return {info, [](const Arguments& args) {
            const auto width = args.number("width"), size = args.number("size");
            if (width && size && *width != *size)
              throw ModelError(
                  fmt::format("a Register's width ({}) and size ({}) must be equal when both are given",
                              number_text(*width), number_text(*size)),
                  "width");
            if (!width && !size) throw ModelError("a Register needs its width or its size (bits)", "width");
            const double bits = width ? *width : *size;
            if (!(bits > 0))
              throw ModelError("a Register's width must be positive", width ? "width" : "size");
            return built(aladdin_register(tech_node(args), bits), bits);
          }};
}

ModelDefinition multiplier_model() {
  const ModelInfo info = aladdin_info(
      "AladdinMultiplier", {"Multiplier", "AladdinMultiplier", "IntMultiplier"},
      {{"width", std::nullopt, false, "bits", "width of both operands (area and energy grow as its square)"},
       {"width_a", std::nullopt, false, "bits", "width of the first operand (with width_b)"},
       {"width_b", std::nullopt, false, "bits", "width of the second operand (with width_a)"}},
      {"multiply", "read", "write"});
  return {info, [](const Arguments& args) {
            const bool one = args.given("width"), a = args.given("width_a"), b = args.given("width_b");
            if (one && (a || b))
              throw ModelError("give a Multiplier either width or width_a and width_b, not both", "width");
            if (!one && !(a && b))
              throw ModelError("a Multiplier needs width, or width_a and width_b", a ? "width_b" : "width");
            if (one)
              return built(multiplier(tech_node(args), positive(args, "width"), std::nullopt, std::nullopt));
            return built(multiplier(tech_node(args), std::nullopt, positive(args, "width_a"),
                                    positive(args, "width_b")));
          }};
}

ModelDefinition int_mac_model() {
  const ModelInfo info =
      aladdin_info("AladdinIntMAC", {"IntMAC", "AladdinIntMAC"},
                   {{"adder_width", std::nullopt, true, "bits", "width of the accumulating adder"},
                    {"multiplier_width", std::nullopt, true, "bits", "width of both multiplier operands"}},
                   {"mac", "compute", "read", "write"});
  return {info, [](const Arguments& args) {
            const double node = tech_node(args);
            const AladdinPart adder = aladdin_adder(node, positive(args, "adder_width"));
            const AladdinPart mult =
                multiplier(node, positive(args, "multiplier_width"), std::nullopt, std::nullopt);
            // A composite: its own figures are 0, the parts' add up (energy, area, leak) and the
            // slower part sets the throughput.
            const ActionCost add = adder.actions.at("add"), multiply = mult.actions.at("multiply");
            const ActionCost mac{0.0 + add.energy + multiply.energy,
                                 std::min(std::min(kUnlimited, add.throughput), multiply.throughput)};
            AladdinPart mac_part{0.0 + adder.area + mult.area, 0.0 + adder.leak_power + mult.leak_power, {}};
            mac_part.actions = {{"mac", mac}, {"compute", mac}, {"read", mac}, {"write", free_action()}};
            return built(mac_part);
          }};
}

}  // namespace

AladdinPart aladdin_adder(double node, double width) { return part_at(adder_base(), node, width, 32); }
AladdinPart aladdin_register(double node, double width) { return part_at(register_base(), node, width, 1); }

std::vector<ModelDefinition> aladdin_models() {
  return {
      simple_part("AladdinAdder", {"Adder", "AladdinAdder", "IntAdder"}, adder_base, std::nullopt, "add"),
      register_model(),
      simple_part("AladdinComparator", {"Comparator", "AladdinComparator"}, comparator_base, 32, "compare"),
      multiplier_model(),
      simple_part("AladdinCounter", {"Counter", "AladdinCounter"}, counter_base, 32, "count"),
      int_mac_model()};
}

}  // namespace af::components::models
