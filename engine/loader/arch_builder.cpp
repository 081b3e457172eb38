#include "loader/arch_builder.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <regex>
#include <set>

#include "text/expr/expression_error.h"
#include "core/closest_name.h"

namespace af::spec {

namespace {

// An evaluated arch node as expressions see it: `GlobalBuffer.size`, `Macro.get_fanout()`.
class NodeObject : public ObjectLike {
 public:
  NodeObject(std::string kind, SymbolTable fields) : kind_(std::move(kind)), fields_(std::move(fields)) {}
  std::optional<Value> attribute(std::string_view name) const override {
    if (const auto it = fields_.find(name); it != fields_.end()) return it->second;
    return std::nullopt;
  }
  std::vector<std::string> attribute_names() const override {
    std::vector<std::string> out;
    for (const auto& [k, v] : fields_) out.push_back(k);
    return out;
  }
  std::string type_name() const override { return kind_; }

 private:
  std::string kind_;
  SymbolTable fields_;
};

// An action inside a total_latency expression: `a.n_calls / a.throughput`.
class LatencyActionObject : public ObjectLike {
 public:
  explicit LatencyActionObject(LatencyAction a) : a_(std::move(a)) {}
  std::optional<Value> attribute(std::string_view name) const override {
    if (name == "n_calls") return Value(a_.n_calls);
    if (name == "throughput") return Value(a_.throughput);
    if (name == "energy") return Value(a_.energy);
    if (name == "name") return Value(a_.name);
    return std::nullopt;
  }
  std::vector<std::string> attribute_names() const override {
    return {"n_calls", "throughput", "energy", "name"};
  }
  std::string type_name() const override { return "Action"; }

 private:
  LatencyAction a_;
};

bool mentions(const std::string& text, const std::string& name) {
  // Word-boundary search without building a regex per call.
  std::size_t pos = 0;
  const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  while ((pos = text.find(name, pos)) != std::string::npos) {
    const bool left = pos == 0 || !word(text[pos - 1]);
    const bool right = pos + name.size() >= text.size() || !word(text[pos + name.size()]);
    if (left && right) return true;
    pos += name.size();
  }
  return false;
}

std::string tag_of(const YamlNode& node) {
  return node.tag().starts_with('!') ? node.tag().substr(1) : node.tag();
}

class ArchBuilder {
 public:
  ArchBuilder(const SymbolTable& base, const Einsum& einsum, const ArchBuildOptions& options)
      : table_(base), einsum_(einsum), costs_(options.costs), costs_required_(options.costs_required) {}

  std::vector<Diagnostic> errors;

  BuiltArch build(const YamlNode& arch) {
    BuiltArch out;
    if (!arch.is_map()) {
      error(arch.location(), "arch", fmt::format("expected a mapping, got {}", arch.describe()));
      return out;
    }
    if (const YamlNode* vars = arch.find("variables"); vars && vars->is_map()) {
      std::map<std::string, Value> values;
      guard([&] { table_ = evaluate_map_in_order(*vars, table_, "arch.variables", &values); });
      for (auto& [k, v] : values) out.arch_variables[k] = v;
    }
    if (const YamlNode* extra = arch.find("extra_attributes_for_all_component_models");
        extra && extra->is_map())
      guard([&] {
        table_ = evaluate_map_in_order(*extra, table_, "arch.extra_attributes_for_all_component_models");
      });
    arch_variables_ = out.arch_variables;
    const YamlNode* nodes = arch.find("nodes");
    if (!nodes || !nodes->is_sequence()) {
      error(arch.location(), "arch.nodes", "the architecture needs a list of nodes");
      return out;
    }
    walk(*nodes, "arch.nodes", out);
    out.arch.paths = paths_from(*nodes, out.arch);
    out.warnings = std::move(warnings_);
    if (out.arch.paths.empty() && errors.empty())
      error(nodes->location(), "arch.nodes", "the architecture has no !Compute node");
    return out;
  }

 private:
  SymbolTable table_;
  SymbolTable arch_variables_;
  const Einsum& einsum_;
  const components::CostTable* costs_;
  bool costs_required_;
  std::vector<Diagnostic> warnings_;
  std::set<std::string> names_;

  // Every leaf in walk order (Hierarchical, Fork and Array contents included).
  void walk(const YamlNode& list, const std::string& path, BuiltArch& out) {
    for (std::size_t i = 0; i < list.items().size(); ++i) {
      const YamlNode& node = list.items()[i];
      const std::string sub = fmt::format("{}[{}]", path, i);
      if (node.is_sequence()) {
        walk(node, sub, out);
        continue;
      }
      const std::string tag = tag_of(node);
      if (tag == "Hierarchical" || tag == "Fork" || tag == "Array") {
        if (const YamlNode* inner = node.find("nodes"); inner && inner->is_sequence())
          walk(*inner, sub + ".nodes", out);
        continue;
      }
      if (tag == "Network") {
        error(node.location(), sub, "!Network nodes are not supported yet");
        continue;
      }
      if (tag != "Memory" && tag != "Toll" && tag != "Compute" && tag != "Container")
        continue;  // shape check reports
      leaf(node, tag, sub, out);
    }
  }

  void leaf(const YamlNode& node, const std::string& tag, const std::string& path, BuiltArch& out) {
    Component c;
    c.kind = tag == "Memory"    ? ComponentKind::Memory
             : tag == "Toll"    ? ComponentKind::Toll
             : tag == "Compute" ? ComponentKind::Compute
                                : ComponentKind::Container;
    c.where = node.location();
    const YamlNode* name = node.find("name");
    if (!name || !name->is_scalar()) {
      error(node.location(), path, fmt::format("!{} needs a 'name'", tag));
      return;
    }
    c.name = name->as_string();
    if (!names_.insert(c.name).second)
      error(name->location(), path + ".name", fmt::format("two architecture nodes are named '{}'", c.name));
    const std::string prefix = path + "(" + c.name + ")";
    if (const YamlNode* cls = node.find("component_class"); cls && cls->is_scalar())
      c.component_class = cls->as_string();

    // The object's own scope: its evaluated fields become visible to later fields (§2.2).
    SymbolTable scope = table_;
    SymbolTable fields;
    fields["name"] = Value(c.name);
    const auto bind = [&](const std::string& key, Value v) {
      scope[key] = v;
      fields[key] = std::move(v);
    };
    if (const YamlNode* extra = node.find("extra_attributes_for_component_model"); extra && extra->is_map())
      guard([&] {
        scope = evaluate_map_in_order(*extra, scope, prefix + ".extra_attributes_for_component_model");
      });

    // Scalar EvalsTo fields in dependency order: one mentioning a sibling waits for it.
    static const std::vector<std::string> kScalarFields{
        "actions_scale",        "area",          "area_scale",      "bits_per_action",
        "energy_scale",         "latency_scale", "leak_power",      "leak_power_scale",
        "n_parallel_instances", "size",          "throughput_scale"};
    std::vector<std::string> pending;
    for (const auto& f : kScalarFields)
      if (const YamlNode* v = node.find(f); v && !v->is_null()) pending.push_back(f);
    while (!pending.empty()) {
      auto ready = std::find_if(pending.begin(), pending.end(), [&](const std::string& f) {
        const YamlNode* v = node.find(f);
        const std::string text = v->is_scalar() ? v->text() : std::string();
        return std::none_of(pending.begin(), pending.end(),
                            [&](const std::string& other) { return other != f && mentions(text, other); });
      });
      if (ready == pending.end()) {
        error(node.location(), prefix,
              fmt::format("fields depend on each other in a cycle: {}", fmt::join(pending, ", ")));
        break;
      }
      const std::string f = *ready;
      pending.erase(ready);
      guard([&] { bind(f, evaluate_node(*node.find(f), scope, prefix + "." + f)); });
    }
    const auto num = [&](const char* key, double fallback) {
      const auto it = fields.find(key);
      if (it == fields.end() || it->second.is_none()) return fallback;
      double v = fallback;
      guard([&] { v = to_number(it->second, node.find(key)->location(), prefix + "." + key); });
      return v;
    };
    const auto has = [&](const char* key) {
      const auto it = fields.find(key);
      return it != fields.end() && !it->second.is_none();
    };

    // enabled (TryEvalTo bool): an expression that fails stays "enabled".
    if (const YamlNode* en = node.find("enabled"); en && !en->is_null()) {
      bool enabled = true;
      try {
        enabled = evaluate_node(*en, scope, prefix + ".enabled").truthy();
      } catch (const SpecError&) {
      }
      out.enabled[c.name] = enabled;
    }
    if (const YamlNode* skip = node.find("skip_initial_output_write"); skip && !skip->is_null())
      guard([&] {
        c.skip_initial_output_write = to_bool(evaluate_node(*skip, scope, prefix), skip->location(),
                                              prefix + ".skip_initial_output_write");
      });
    if (const YamlNode* tl = node.find("total_latency"); tl && tl->is_scalar())
      c.total_latency = tl->as_string();

    c.size = c.kind == ComponentKind::Memory ? num("size", kInf) : kInf;
    if (c.kind == ComponentKind::Memory && !node.find("size"))  // absent, not merely failed to evaluate
      error(node.location(), prefix + ".size",
            fmt::format("!Memory '{}' needs a 'size' in bits (inf allowed)", c.name));
    c.actions_scale = num("actions_scale", 1);
    c.n_parallel_instances = num("n_parallel_instances", 1);
    if (has("bits_per_action")) c.bits_per_action = num("bits_per_action", 1);
    if (c.is_tensor_holder()) {
      if (const YamlNode* bpv = node.find("bits_per_value"); bpv && bpv->is_map())
        c.bits_per_value = set_keyed(*bpv, scope, prefix + ".bits_per_value");
      if (const YamlNode* vpa = node.find("values_per_action"); vpa && vpa->is_map())
        c.values_per_action = set_keyed(*vpa, scope, prefix + ".values_per_action");
    }
    if (c.kind == ComponentKind::Toll) toll_direction(node, scope, prefix, c);

    spatial(node, scope, prefix, c);
    if (c.kind != ComponentKind::Container) {
      components::ComponentCostInput cost;
      cost.name = c.name;
      cost.component_class = c.component_class;
      if (has("leak_power")) cost.leak_power = num("leak_power", 0);
      if (has("area")) cost.area = num("area", 0);
      cost.energy_scale = num("energy_scale", 1);
      cost.throughput_scale = num("throughput_scale", 1);
      cost.leak_power_scale = num("leak_power_scale", 1);
      cost.area_scale = num("area_scale", 1);
      cost.n_parallel_instances = c.n_parallel_instances;
      actions(node, scope, prefix, c, std::move(cost));
      c.latency_evaluator = latency_evaluator(fields);
    }
    if (c.is_tensor_holder()) out.tensor_choices[c.name] = tensor_choices(node, scope, prefix);

    // Later nodes see this one by name (`MainMemory.size`), with its fanout.
    fields["get_fanout"] =
        Value::function("get_fanout", [f = c.fanout()](const CallArgs&) { return Value(f); });
    table_[c.name] = Value(std::shared_ptr<const ObjectLike>(std::make_shared<NodeObject>(tag, fields)));
    out.arch.components.push_back(std::move(c));
  }

  std::map<std::string, double> set_keyed(const YamlNode& dict, const SymbolTable& scope,
                                          const std::string& path) {
    std::map<std::string, double> out;
    const YamlNode* other = nullptr;
    for (const auto& entry : dict.entries()) {
      if (entry.key == "Other") {
        other = &entry.value;
        continue;
      }
      guard([&] {
        const NameSet set = evaluate_set_text(entry.key, scope, entry.key_location, path + "." + entry.key);
        const double v = to_number(evaluate_node(entry.value, scope, path + "." + entry.key),
                                   entry.value.location(), path + "." + entry.key);
        for (const auto& t : set.items()) {
          if (out.contains(t))
            error(entry.key_location, path, fmt::format("tensor '{}' matches two keys", t));
          out[t] = v;
        }
      });
    }
    if (other)
      guard([&] {
        const double v =
            to_number(evaluate_node(*other, scope, path + ".Other"), other->location(), path + ".Other");
        for (const auto& t : einsum_.tensor_names()) out.try_emplace(t, v);
      });
    return out;
  }

  void toll_direction(const YamlNode& node, const SymbolTable& scope, const std::string& prefix,
                      Component& c) {
    const YamlNode* d = node.find("direction");
    const auto parse = [&](const std::string& text,
                           const SourceLocation& where) -> std::optional<TollDirection> {
      if (text == "up") return TollDirection::Up;
      if (text == "down") return TollDirection::Down;
      if (text == "up_and_down") return TollDirection::UpAndDown;
      error(where, prefix + ".direction",
            fmt::format("direction must be up, down or up_and_down, got '{}'{}", text,
                        util::did_you_mean(text, {"up", "down", "up_and_down"})));
      return std::nullopt;
    };
    if (!d || d->is_null()) {
      error(node.location(), prefix + ".direction", "a !Toll needs a 'direction' (up, down or up_and_down)");
      return;
    }
    if (d->is_scalar()) {
      c.toll_default_direction = parse(d->as_string(), d->location());
      return;
    }
    if (!d->is_map()) return;
    for (const auto& entry : d->entries())
      guard([&] {
        const NameSet set = evaluate_set_text(entry.key, scope, entry.key_location, prefix + ".direction");
        const auto dir = parse(entry.value.as_string(), entry.value.location());
        if (dir)
          for (const auto& t : set.items()) c.toll_direction[t] = *dir;  // later keys overwrite
      });
    for (const auto& t : einsum_.tensor_names())
      if (!c.toll_direction.contains(t))
        error(d->location(), prefix + ".direction",
              fmt::format("the direction of '{}' does not cover tensor '{}' of Einsum '{}'", c.name, t,
                          einsum_.name));
  }

  void spatial(const YamlNode& node, const SymbolTable& scope, const std::string& prefix, Component& c) {
    const YamlNode* list = node.find("spatial");
    if (!list || !list->is_sequence()) return;
    for (std::size_t i = 0; i < list->items().size(); ++i) {
      const YamlNode& s = list->items()[i];
      const std::string path = fmt::format("{}.spatial[{}]", prefix, i);
      if (!s.is_map()) continue;
      SpatialDim dim;
      const YamlNode* name = s.find("name");
      if (!name || !name->is_scalar()) {
        error(s.location(), path, "a spatial dimension needs a 'name'");
        continue;
      }
      dim.name = name->as_string();
      const YamlNode* fanout = s.find("fanout");
      if (!fanout)
        error(s.location(), path, "a spatial dimension needs a 'fanout'");
      else
        guard([&] {
          const std::int64_t f = to_integer(evaluate_node(*fanout, scope, path + ".fanout"),
                                            fanout->location(), path + ".fanout");
          if (f < 1)
            error(fanout->location(), path + ".fanout", fmt::format("fanout must be at least 1, got {}", f));
          dim.fanout = static_cast<double>(f);
        });
      if (const YamlNode* v = s.find("usage_scale"); v && !v->is_null())
        guard([&] {
          dim.usage_scale = to_number(evaluate_node(*v, scope, path), v->location(), path + ".usage_scale");
        });
      if (const YamlNode* v = s.find("power_gateable"); v && !v->is_null())
        guard([&] {
          dim.power_gateable =
              to_bool(evaluate_node(*v, scope, path), v->location(), path + ".power_gateable");
        });
      const YamlNode* reuse = s.find("reuse");
      if (reuse && !reuse->is_null()) {
        const auto set = try_set(*reuse, scope, path + ".reuse");
        if (set) dim.reuse = {set->items().begin(), set->items().end()};
      }
      // may_reuse defaults to `reuse` when that is given, else All.
      const YamlNode* may = s.find("may_reuse");
      if (may && !may->is_null()) {
        if (const auto set = try_set(*may, scope, path + ".may_reuse"))
          dim.may_reuse = std::set<std::string>(set->items().begin(), set->items().end());
      } else if (reuse && !reuse->is_null()) {
        dim.may_reuse = dim.reuse;
      }
      c.spatial.push_back(std::move(dim));
    }
  }

  // TryEvalTo set: on failure the raw text stays (AccelForge keeps the string); we treat it as
  // "not restricted" and let the mapper report it if it matters.
  std::optional<NameSet> try_set(const YamlNode& node, const SymbolTable& scope, const std::string& field) {
    try {
      return evaluate_set(node, scope, field);
    } catch (const SpecError&) {
      return std::nullopt;
    }
  }

  // Evaluates the listed actions, adds the default ones (§5.2) and resolves every cost
  // through the component-cost rules (spec value, else table, else Dummy, else error).
  void actions(const YamlNode& node, const SymbolTable& scope, const std::string& prefix, Component& c,
               components::ComponentCostInput cost_input) {
    std::vector<std::string> defaults;
    if (c.kind == ComponentKind::Memory)
      defaults = {"read", "write"};
    else if (c.kind == ComponentKind::Toll)
      defaults = {"read"};
    else
      defaults = {"compute"};
    const YamlNode* list = node.find("actions");
    if (list && list->is_sequence()) {
      for (std::size_t i = 0; i < list->items().size(); ++i) {
        const YamlNode& a = list->items()[i];
        const std::string path = fmt::format("{}.actions[{}]", prefix, i);
        const YamlNode* name = a.is_map() ? a.find("name") : nullptr;
        if (!name || !name->is_scalar()) {
          error(a.location(), path, "an action needs a 'name'");
          continue;
        }
        const auto field = [&](const char* key) -> std::optional<double> {
          const YamlNode* v = a.find(key);
          if (!v || v->is_null()) return std::nullopt;
          std::optional<double> out;
          guard([&] {
            const Value value = evaluate_node(*v, scope, path + "." + key);
            if (!value.is_none()) out = to_number(value, v->location(), path + "." + key);
          });
          return out;
        };
        components::ActionCostInput in;
        in.name = name->as_string();
        in.energy = field("energy");
        in.throughput = field("throughput");
        in.energy_scale = field("energy_scale").value_or(1);
        in.throughput_scale = field("throughput_scale").value_or(1);
        if (!in.throughput)  // deprecated `latency` (seconds per action) -> throughput
          if (const auto latency = field("latency")) {
            const double l = *latency * field("latency_scale").value_or(1);
            in.throughput = l != 0 ? 1.0 / l : kInf;
          }
        Action action;
        action.name = in.name;
        action.bits_per_action = field("bits_per_action").value_or(c.bits_per_action.value_or(1));
        if (const YamlNode* vpa = a.find("values_per_action"); vpa && vpa->is_map())
          action.values_per_action = set_keyed(*vpa, scope, path + ".values_per_action");
        c.actions.push_back(std::move(action));
        cost_input.actions.push_back(std::move(in));
      }
    }
    for (const auto& d : defaults)
      if (!c.find_action(d)) {
        Action action;
        action.name = d;
        action.bits_per_action = c.bits_per_action.value_or(1);
        c.actions.push_back(std::move(action));
        components::ActionCostInput in;
        in.name = d;
        cost_input.actions.push_back(std::move(in));
      }
    try {
      components::apply_costs(c, components::resolve_component_costs(cost_input, costs_));
    } catch (const SpecError& e) {
      for (auto d : e.diagnostics()) {
        if (!d.where.known()) d.where = c.where.value_or(SourceLocation{});
        if (d.field.empty()) d.field = prefix;
        if (costs_required_) {
          errors.push_back(std::move(d));
        } else {
          d.severity = Severity::Warning;
          warnings_.push_back(std::move(d));
        }
      }
    }
  }

  LatencyEvaluator latency_evaluator(const SymbolTable& fields) const {
    // Table: arch variables, then spec variables shadow them, then component fields (§7.8).
    SymbolTable table = arch_variables_;
    for (const auto& [k, v] : table_)
      if (!v.is_name_set() && !v.is_object()) table[k] = v;
    for (const auto& [k, v] : fields) table[k] = v;
    return [table](const std::string& expr, const LatencyContext& ctx) {
      SymbolTable t = table;
      std::vector<Value> actions;
      for (const auto& a : ctx.actions)
        actions.emplace_back(std::shared_ptr<const ObjectLike>(std::make_shared<LatencyActionObject>(a)));
      t["actions"] = Value::list(std::move(actions));
      const Value v = evaluate_text(
          expr, t, ctx.component && ctx.component->where ? *ctx.component->where : SourceLocation{},
          "total_latency");
      return to_number(v, {}, "total_latency");
    };
  }

  HolderTensorChoices tensor_choices(const YamlNode& node, const SymbolTable& scope,
                                     const std::string& prefix) {
    HolderTensorChoices out;
    const Value all_v = scope.contains("All") ? scope.at("All") : Value(NameSet());
    const NameSet all = all_v.is_name_set() ? all_v.as_name_set() : NameSet();
    out.keep = all.with_items({});
    out.back = all.with_items({});
    out.may_keep = all;
    const YamlNode* t = node.find("tensors");
    if (!t || !t->is_map()) return out;
    const auto set = [&](const char* key) -> std::optional<NameSet> {
      const YamlNode* v = t->find(key);
      if (!v || v->is_null()) return std::nullopt;
      return try_set(*v, scope, prefix + ".tensors." + key);
    };
    if (auto keep = set("keep")) {
      out.keep = *keep;
      out.keep_given = true;
      out.may_keep = all.with_items({});
    }
    if (auto may = set("may_keep")) out.may_keep = *may;
    if (auto back = set("back")) {
      out.back = *back;
      out.keep = out.keep | *back;
      out.may_keep = out.may_keep - *back;
    }
    return out;
  }

  // §5.1: per Compute, the leaves from the root to it (Forks entered only if they hold it).
  std::map<std::string, std::vector<std::size_t>> paths_from(const YamlNode& nodes,
                                                             const ResolvedArch& arch) {
    std::map<std::string, std::vector<std::size_t>> out;
    for (std::size_t i = 0; i < arch.components.size(); ++i) {
      if (arch.components[i].kind != ComponentKind::Compute) continue;
      std::vector<std::size_t> path;
      bool done = false;
      flatten(nodes, arch, arch.components[i].name, path, done);
      out[arch.components[i].name] = path;
    }
    return out;
  }

  static bool contains_compute(const YamlNode& list, const std::string& compute) {
    for (const YamlNode& n : list.items()) {
      if (n.is_sequence() && contains_compute(n, compute)) return true;
      if (const YamlNode* inner = n.is_map() ? n.find("nodes") : nullptr;
          inner && inner->is_sequence() && contains_compute(*inner, compute))
        return true;
      const YamlNode* name = n.is_map() ? n.find("name") : nullptr;
      if (tag_of(n) == "Compute" && name && name->is_scalar() && name->as_string() == compute) return true;
    }
    return false;
  }

  static void flatten(const YamlNode& list, const ResolvedArch& arch, const std::string& compute,
                      std::vector<std::size_t>& path, bool& done) {
    for (const YamlNode& n : list.items()) {
      if (done) return;
      if (n.is_sequence()) {
        flatten(n, arch, compute, path, done);
        continue;
      }
      const std::string tag = tag_of(n);
      const YamlNode* inner = n.find("nodes");
      if (tag == "Fork") {
        if (inner && inner->is_sequence() && contains_compute(*inner, compute)) {
          flatten(*inner, arch, compute, path, done);
          done = true;
        }
        continue;
      }
      if (tag == "Hierarchical" || tag == "Array") {
        if (inner && inner->is_sequence()) flatten(*inner, arch, compute, path, done);
        continue;
      }
      const YamlNode* name = n.find("name");
      if (!name || !name->is_scalar()) continue;
      const auto it = std::find_if(arch.components.begin(), arch.components.end(),
                                   [&](const Component& c) { return c.name == name->as_string(); });
      if (it == arch.components.end()) continue;
      if (tag == "Compute") {
        if (it->name != compute) continue;
        path.push_back(static_cast<std::size_t>(it - arch.components.begin()));
        done = true;
        return;
      }
      path.push_back(static_cast<std::size_t>(it - arch.components.begin()));
    }
  }

  template <class F>
  void guard(F&& f) {
    try {
      f();
    } catch (const SpecError& e) {
      errors.insert(errors.end(), e.diagnostics().begin(), e.diagnostics().end());
    }
  }

  void error(const SourceLocation& where, const std::string& field, std::string message) {
    errors.push_back(Diagnostic{where, field, std::move(message)});
  }
};

}  // namespace

BuiltArch build_arch(const YamlNode& arch, const SymbolTable& base, const Einsum& einsum,
                     const ArchBuildOptions& options) {
  ArchBuilder builder(base, einsum, options);
  BuiltArch out = builder.build(arch);
  if (!builder.errors.empty()) throw SpecError(std::move(builder.errors));
  return out;
}

}  // namespace af::spec
