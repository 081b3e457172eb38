#include "components/cost_resolution.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <initializer_list>

#include "core/ascii_case.h"

namespace af::components {

namespace {

using spec::CostSource;

std::string figure_text(double v) { return models::number_text(v); }

// max(a/b, b/a) for figures that may be 0 or infinite: 1 when equal, infinite when only one is
// 0 or infinite.
double ratio(double a, double b) {
  if (a == b) return 1;
  if (a == 0 || b == 0 || std::isinf(a) || std::isinf(b)) return spec::kInf;
  return std::max(a / b, b / a);
}

// The spec's scales applied in order (as AccelForge multiplies them).
double scaled(double value, std::initializer_list<double> scales) {
  for (const double s : scales) value *= s;
  return value;
}

bool same_attribute(const models::Attribute& a, const models::Attribute& b) {
  if (a.is_number() && b.is_number()) {
    const double x = std::get<double>(a.value), y = std::get<double>(b.value);
    return x == y || std::abs(x - y) <= 1e-9 * std::max(std::abs(x), std::abs(y));
  }
  return a.text() == b.text();
}

class Resolver {
 public:
  Resolver(const ComponentCostInput& in, const CostTable* table, const models::Registry& registry,
           bool required)
      : in_(in), registry_(registry), required_(required) {
    dummy_ = is_dummy_class(in.component_class);
    if (table && !in.price_with_model) row_ = table->find(in.name);
    if (table && table->find(in.name)) table_source_ = table->source;
  }

  ResolvedComponentCost run() {
    ResolvedComponentCost out;
    spec::PricedComponent& p = out.priced;
    p.name = in_.name;
    p.component_class = in_.component_class;
    p.kind = in_.kind;
    p.table = row_ ? table_source_ : std::string();
    p.priced_by_model_instead = in_.price_with_model && !table_source_.empty();

    // Leak power, area, then per action energy and throughput (AccelForge's order).
    const auto table = [&](auto member) { return row_ ? row_->*member : std::optional<double>(); };
    if (const auto v = pick(
            in_.leak_power, {in_.leak_power_scale, in_.n_parallel_instances},
            table(&ComponentCost::leak_power), 0.0, [&] { return selection_->model.leak_power; },
            p.leak_source))
      out.leak_power = *v;
    else
      missing("leak_power");
    if (const auto v = pick(
            in_.area, {in_.area_scale, in_.n_parallel_instances}, table(&ComponentCost::area), 0.0,
            [&] { return selection_->model.area; }, p.area_source))
      out.area = *v;
    else
      area_unpriced_ = model_error_.has_value();  // said at the end, unless a worse warning is
    for (const auto& a : in_.actions) {
      ResolvedActionCost r;
      r.name = a.name;
      spec::PricedAction pa;
      pa.name = a.name;
      pa.bits_per_action = a.bits_per_action;
      const ActionCost* ta = table_action(a.name);
      if (const auto v = pick(
              a.energy, {in_.energy_scale, a.energy_scale}, ta ? ta->energy : std::nullopt, 0.0,
              [&] { return model_action(a).energy; }, pa.energy_source))
        r.energy = *v;
      else
        missing("energy for action '" + a.name + "'");
      if (const auto v = pick(
              a.throughput, {in_.throughput_scale, a.throughput_scale, in_.n_parallel_instances},
              ta ? ta->throughput : std::nullopt, spec::kInf, [&] { return model_action(a).throughput; },
              pa.throughput_source))
        r.throughput = *v;
      else
        missing("throughput for action '" + a.name + "'");
      pa.energy = r.energy;
      pa.throughput = r.throughput;
      out.actions.push_back(r);
      p.actions.push_back(std::move(pa));
    }
    p.area = out.area;
    p.leak_power = out.leak_power;
    if (area_unpriced_ && !warned_)  // the costs a mapping needs are there; only the area is not
      warnings_.push_back(
          diagnostic(fmt::format("the area of component '{}' is not priced and counts as 0: {}", in_.name,
                                 model_error_->what()),
                     core::Severity::Warning));
    if (row_) stale_check(out);
    out.warnings.insert(out.warnings.begin(), warnings_.begin(), warnings_.end());
    if (selection_) {
      p.model = selection_->definition->info.class_name;
      for (const auto& r : selection_->read) p.attributes.push_back({r.name, r.value, r.defaulted, r.where});
      p.model_notes = selection_->model.notes;
    }
    return out;
  }

 private:
  const ComponentCostInput& in_;
  const models::Registry& registry_;
  bool required_ = true;
  bool warned_ = false, area_unpriced_ = false;
  std::vector<core::Diagnostic> warnings_;
  const ComponentCost* row_ = nullptr;
  std::string table_source_;
  bool dummy_ = false;
  bool tried_ = false;
  std::optional<models::Selection> selection_;
  std::optional<models::ModelError> model_error_;

  // The first source that has a figure: the spec's value, scaled; the table's, final; Dummy's;
  // the model's, scaled as the spec's would be. nullopt when none has it.
  template <class FromModel>
  std::optional<double> pick(std::optional<double> written, std::initializer_list<double> scales,
                             std::optional<double> tabled, double dummy_value, FromModel from_model,
                             CostSource& source) {
    if (written) {
      source = CostSource::Spec;
      return scaled(*written, scales);
    }
    if (tabled) {
      source = CostSource::Table;
      return *tabled;
    }
    if (dummy_) {
      source = CostSource::Dummy;
      return dummy_value;
    }
    if (model()) {
      source = CostSource::Model;
      return scaled(from_model(), scales);
    }
    return std::nullopt;
  }

  // The model of the component's class, built once when a figure first needs it; null when
  // there is no class or it cannot price this component (model_error_ says why).
  const models::Selection* model() {
    if (!tried_) {
      tried_ = true;
      if (!in_.component_class.empty() && !dummy_) {
        std::vector<std::string> actions;
        for (const auto& a : in_.actions) actions.push_back(a.name);
        try {
          selection_ = registry_.select(in_.component_class, in_.attributes, actions);
        } catch (const models::ModelError& e) {
          model_error_ = e;
        }
      }
    }
    return selection_ ? &*selection_ : nullptr;
  }

  // The value the model takes for a parameter the spec does not set; nullopt without a model or
  // a default.
  std::optional<models::Attribute> model_default(const std::string& name) {
    const models::Selection* m = model();
    if (!m) return std::nullopt;
    const models::Parameter* p = m->definition->info.parameter(name);
    if (!p || !p->default_value) return std::nullopt;
    return models::Attribute{*p->default_value, std::nullopt};
  }

  models::ActionCost model_action(const ActionCostInput& a) const {
    return selection_->model.actions.at(a.name)(models::ActionCall{a.bits_per_action, &a.arguments});
  }

  const ActionCost* table_action(const std::string& name) const {
    if (!row_) return nullptr;
    const auto it = row_->actions.find(name);
    return it == row_->actions.end() ? nullptr : &it->second;
  }

  // Where an attribute was written, else the component_class, else the component.
  core::SourceLocation place_of(const std::string& attribute) const {
    if (const auto it = in_.attributes.find(attribute); it != in_.attributes.end() && it->second.where)
      return *it->second.where;
    if (in_.class_where) return *in_.class_where;
    return in_.where.value_or(core::SourceLocation{});
  }

  core::Diagnostic diagnostic(std::string message, core::Severity severity,
                              const std::string& attribute = {}) const {
    const std::string field = attribute.empty() ? "component_class" : attribute;
    return core::Diagnostic{place_of(attribute), in_.field.empty() ? field : in_.field + "." + field,
                            std::move(message), severity};
  }

  // Nothing prices `what`: an error, or while only validating a warning (the first per
  // component) and 0.
  void missing(const std::string& what) {
    core::Diagnostic d;
    if (model_error_) {
      // The class names a model that cannot price this component: say why, at the attribute.
      const std::string attribute =
          model_error_->attribute() == "component_class" ? std::string() : model_error_->attribute();
      d = diagnostic(fmt::format("no {} for component '{}' (component_class {}): {}", what, in_.name,
                                 in_.component_class, model_error_->what()),
                     core::Severity::Error, attribute);
    } else {
      d = core::Diagnostic{
          in_.where.value_or(core::SourceLocation{}), in_.field,
          fmt::format("no {} for component '{}'{}: set it in the spec, name a component_class "
                      "whose model prices it, or give a --component-costs table that lists it",
                      what, in_.name,
                      in_.component_class.empty() ? "" : " (class " + in_.component_class + ")")};
    }
    if (required_) throw core::SpecError(d);
    if (warned_) return;
    warned_ = true;
    d.severity = core::Severity::Warning;
    warnings_.push_back(std::move(d));
  }

  void stale(ResolvedComponentCost& out, spec::StaleCost s, const std::string& attribute) const {
    const core::Diagnostic d = diagnostic(s.message, core::Severity::Warning, attribute);
    s.where = d.where;
    out.warnings.push_back(d);
    out.priced.stale.push_back(std::move(s));
  }

  // README: Stale entries. An entry that records its attributes is compared with the spec's;
  // one that records none is compared, figure by figure, with the model at the spec's
  // attributes (which reproduces AccelForge's own table where the spec has not moved).
  void stale_check(ResolvedComponentCost& out) {
    if (in_.component_class.empty() || dummy_) return;
    const std::string advice = "price it with the component model instead, or update the table";
    if (!row_->attributes.empty()) {
      for (const auto& [name, recorded] : row_->attributes) {
        const auto it = in_.attributes.find(name);
        if (it != in_.attributes.end() && same_attribute(recorded, it->second)) continue;
        // Not set in the spec: the model's default is what it prices with.
        const std::optional<models::Attribute> fallback =
            it == in_.attributes.end() ? model_default(name) : std::nullopt;
        if (fallback && same_attribute(recorded, *fallback)) continue;
        const std::string now = it != in_.attributes.end() ? it->second.text()
                                : fallback                 ? fallback->text() + " (the model's default)"
                                                           : "(not set)";
        stale(out,
              {in_.name,
               name,
               recorded.text(),
               now,
               fmt::format(
                   "cost table {}: the entry for '{}' was computed at {}={}, but the spec has {}={}; its "
                   "figures are stale ({})",
                   table_source_, in_.name, name, recorded.text(), name, now, advice),
               {}},
              it == in_.attributes.end() ? std::string() : name);
      }
      return;
    }
    const models::Selection* m = model();
    if (!m) return;
    // The figure that moved most.
    std::string figure, unit;
    double table_value = 0, model_value = 0, worst = 1;
    const auto consider = [&](const std::string& what, const char* what_unit, std::optional<double> table,
                              double from_model) {
      if (!table) return;
      if (const double r = ratio(*table, from_model); r > worst) {
        worst = r;
        figure = what;
        unit = what_unit;
        table_value = *table;
        model_value = from_model;
      }
    };
    consider("area", "m^2", row_->area, scaled(m->model.area, {in_.area_scale, in_.n_parallel_instances}));
    consider("leak power", "W", row_->leak_power,
             scaled(m->model.leak_power, {in_.leak_power_scale, in_.n_parallel_instances}));
    for (const auto& a : in_.actions) {
      const ActionCost* ta = table_action(a.name);
      if (!ta) continue;
      const models::ActionCost c = model_action(a);
      consider(a.name + " energy", "J", ta->energy, scaled(c.energy, {in_.energy_scale, a.energy_scale}));
      consider(a.name + " throughput", "/s", ta->throughput,
               scaled(c.throughput, {in_.throughput_scale, a.throughput_scale, in_.n_parallel_instances}));
    }
    if (worst <= kStaleFigureRatio) return;
    std::string read;
    for (const auto& r : m->read)
      if (!r.defaulted) read += fmt::format("{}{}={}", read.empty() ? "" : ", ", r.name, r.value);
    stale(out,
          {in_.name,
           "",
           figure_text(table_value),
           figure_text(model_value),
           fmt::format(
               "cost table {}: the entry for '{}' looks stale: at the spec's attributes ({}) the {} model "
               "gives {} {:.6g} {} where the table has {:.6g} {}; the entry records no attributes to check "
               "({})",
               table_source_, in_.name, read, m->definition->info.class_name, figure, model_value, unit,
               table_value, unit, advice),
           {}},
          {});
  }
};

}  // namespace

bool is_dummy_class(const std::string& component_class) { return core::iequals(component_class, "dummy"); }

ResolvedComponentCost resolve_component_costs(const ComponentCostInput& in, const CostTable* table,
                                              const models::Registry& registry, bool required) {
  return Resolver(in, table, registry, required).run();
}

void apply_costs(spec::Component& component, const ResolvedComponentCost& costs) {
  component.leak_power = costs.leak_power;
  component.area = costs.area;
  for (const auto& a : costs.actions) {
    auto it = std::find_if(component.actions.begin(), component.actions.end(),
                           [&](const spec::Action& x) { return x.name == a.name; });
    if (it == component.actions.end()) {
      spec::Action fresh;
      fresh.name = a.name;
      component.actions.push_back(std::move(fresh));
      it = component.actions.end() - 1;
    }
    it->energy = a.energy;
    it->throughput = a.throughput;
  }
}

}  // namespace af::components
