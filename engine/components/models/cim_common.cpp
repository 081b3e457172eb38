#include "components/models/cim_common.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "components/models/tech_scaling.h"
#include "core/ascii_case.h"
#include "core/number_text.h"

namespace af::components::models::cim {

void Scales::tech(double target, double reference, bool with_throughput) {
  const TechFactors f = tech_factors(target, reference);
  times(f.area, f.energy, f.leak, with_throughput ? f.throughput : 1.0);
}

double quadratic(double target, double reference) {
  const double r = target / reference;
  return r * r;
}

double pow2_steps(double target, double reference) { return std::pow(2.0, target - reference); }

ModelInfo info(const std::string& class_name, const std::string& module, double priority,
               std::vector<Parameter> parameters, std::vector<std::string> actions, std::string source,
               std::vector<std::string> names) {
  ModelInfo i;
  i.class_name = class_name;
  i.qualified_name = module + "." + class_name;
  i.names = names.empty() ? std::vector<std::string>{class_name} : std::move(names);
  i.priority = priority;
  i.parameters = std::move(parameters);
  i.actions = std::move(actions);
  i.source = std::move(source);
  return i;
}

double tech_node(const Arguments& args) {
  const double t = args.required_number("tech_node");
  check_tech_node(t);
  return t;
}

double positive(const Arguments& args, std::string_view name) {
  const double v = args.required_number(name);
  if (!(v > 0) || !std::isfinite(v))
    throw ModelError(fmt::format("{} must be a positive number, got {}", name, number_text(v)),
                     std::string(name));
  return v;
}

double non_negative(const Arguments& args, std::string_view name) {
  const double v = args.required_number(name);
  if (!(v >= 0) || !std::isfinite(v))
    throw ModelError(fmt::format("{} must be a number >= 0, got {}", name, number_text(v)),
                     std::string(name));
  return v;
}

double whole(const Arguments& args, std::string_view name, double minimum) {
  const auto v = args.integer(name);
  if (!v) throw ModelError(fmt::format("{} is needed", name), std::string(name));
  if (*v < minimum)
    throw ModelError(
        fmt::format("{} must be at least {}, got {}", name, number_text(minimum), number_text(*v)),
        std::string(name));
  return *v;
}

namespace {

std::string lowered(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = core::ascii_lower(c);
  return out;
}

bool is_separator(char c) { return c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

}  // namespace

bool flag(const Arguments& args, std::string_view name) {
  if (!args.given(name)) {
    if (const auto v = args.number(name)) return *v != 0;
    throw ModelError(fmt::format("{} (true or false) is needed", name), std::string(name));
  }
  const std::string text = lowered(*args.text(name));
  if (text == "true") return true;
  if (text == "false") return false;
  if (const auto v = core::parse_number(text)) return *v != 0;
  throw ModelError(fmt::format("{} must be true or false, got '{}'", name, text), std::string(name));
}

std::vector<double> number_list(std::string_view text, std::string_view name) {
  std::string_view body = text;
  while (!body.empty() && is_separator(body.front())) body.remove_prefix(1);
  while (!body.empty() && is_separator(body.back())) body.remove_suffix(1);
  if (body.size() >= 2 &&
      ((body.front() == '[' && body.back() == ']') || (body.front() == '(' && body.back() == ')')))
    body = body.substr(1, body.size() - 2);
  std::vector<double> out;
  std::size_t i = 0;
  while (i < body.size()) {
    if (is_separator(body[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < body.size() && !is_separator(body[j])) ++j;
    const std::string_view item = body.substr(i, j - i);
    const auto v = core::parse_number(item);
    if (!v)
      throw ModelError(fmt::format("{} must be a list of numbers, got '{}' in '{}'", name, item, text),
                       std::string(name));
    out.push_back(*v);
    i = j;
  }
  if (out.empty())
    throw ModelError(fmt::format("{} must be a non-empty list of numbers", name), std::string(name));
  return out;
}

std::optional<std::vector<double>> list_argument(const Arguments& args, std::string_view name) {
  if (!args.given(name)) return std::nullopt;
  return number_list(*args.text(name), name);
}

std::optional<std::vector<double>> call_list(const ActionCall& call, std::string_view name) {
  if (!call.arguments) return std::nullopt;
  const auto it = call.arguments->find(name);
  if (it == call.arguments->end()) return std::nullopt;
  return number_list(it->second.text(), name);
}

std::optional<double> call_number(const ActionCall& call, std::string_view name) {
  if (!call.arguments) return std::nullopt;
  const auto it = call.arguments->find(name);
  if (it == call.arguments->end()) return std::nullopt;
  if (const auto* d = std::get_if<double>(&it->second.value)) return *d;
  if (const auto v = core::parse_number(it->second.text())) return *v;
  throw ModelError(fmt::format("{} must be a number, got '{}'", name, it->second.text()), std::string(name));
}

BuiltModel build_part(const std::vector<ModelDefinition>& definitions, std::string_view class_name,
                      std::initializer_list<std::pair<const char*, double>> attributes) {
  const auto it = std::find_if(definitions.begin(), definitions.end(),
                               [&](const ModelDefinition& d) { return d.info.class_name == class_name; });
  if (it == definitions.end()) throw ModelError(fmt::format("no sub-part model {}", class_name));
  Attributes given;
  for (const auto& [k, v] : attributes) given[k] = Attribute{v, std::nullopt};
  return it->build(Arguments(it->info, given));
}

ActionCost call(const BuiltModel& part, std::string_view action, std::optional<double> bits) {
  const auto it = part.actions.find(action);
  if (it == part.actions.end()) return free_cost();
  return it->second(ActionCall{bits, nullptr});
}

ActionFunction fixed(ActionCost cost) {
  return [cost](const ActionCall&) { return cost; };
}

}  // namespace af::components::models::cim
