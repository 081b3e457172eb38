#include "loader/workload_builder.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "loader/projection_parser.h"
#include "text/expr/expression_error.h"
#include "spec/iteration_space.h"
#include "core/closest_name.h"
#include "core/excerpt.h"

using af::core::SourceLocation;
using af::core::SpecError;
using af::text::expr::ExpressionError;
using af::text::expr::Int;
using af::text::expr::NameSet;
using af::text::expr::NameSetHook;
using af::text::expr::Value;
using af::text::yaml::YamlNode;

namespace af::loader {

namespace {

struct RenameEntry {
  std::string name;
  const YamlNode* source = nullptr;
  const YamlNode* expected_count = nullptr;
  SourceLocation where;
};

struct RawEinsum {
  spec::Einsum einsum;
  std::vector<std::string> shape_constraints;  // iteration_space_shape strings
  std::map<std::string, std::int64_t> rank_sizes;
  std::vector<RenameEntry> renames;
  std::map<std::string, bool> explicit_bits;  // tensor -> access gave bits_per_value
  SourceLocation where;
  std::string path;  // workload.einsums[i]
};

std::string affine_text(const spec::AffineExpr& e) {
  std::string out;
  for (const auto& t : e.terms) {
    if (!out.empty()) out += " + ";
    out += t.coeff == 1 ? t.var : fmt::format("{}*{}", t.coeff, t.var);
  }
  if (e.constant != 0 || out.empty())
    out += out.empty() ? std::to_string(e.constant) : fmt::format(" + {}", e.constant);
  return out;
}

// Collects errors and keeps going so one run reports as much as possible.
class WorkloadBuilder {
 public:
  std::vector<core::Diagnostic> errors;

  spec::BuiltWorkload build(const YamlNode& workload, const YamlNode* renames) {
    spec::BuiltWorkload out;
    if (!workload.is_map()) {
      error(workload.location(), "workload", fmt::format("expected a mapping, got {}", workload.describe()));
      return out;
    }
    if (const YamlNode* n = workload.find("n_instances"))
      out.workload.n_instances = at_least_zero(*n, "workload.n_instances");
    out.rank_sizes = rank_sizes(workload.find("rank_sizes"));
    const YamlNode* einsums = workload.find("einsums");
    if (einsums && einsums->is_sequence()) collect_einsums(*einsums, "workload.einsums");
    if (raw_.empty()) error(workload.location(), "workload.einsums", "the workload has no Einsums");
    check_unique_names();
    if (errors.empty()) check_acyclic();
    for (auto& raw : raw_) bound_iteration_space(raw, workload, out.rank_sizes);
    for (const auto& raw : raw_) out.workload.einsums.push_back(raw.einsum);
    if (!errors.empty()) return out;

    const std::vector<RenameEntry> defaults = default_renames(renames);
    const auto bits = std::make_shared<std::map<std::string, double>>();
    for (auto& raw : raw_) {
      spec::SymbolTable table = set_symbols(raw.einsum, out.workload, bits);
      bind_renames(raw, defaults, table);
      out.einsum_symbols[raw.einsum.name] = std::move(table);
    }
    if (!errors.empty()) return out;
    assign_bits_per_value(workload.find("bits_per_value"), out, *bits);
    assign_persistence(workload.find("persistent_tensors"), out);
    return out;
  }

 private:
  std::vector<RawEinsum> raw_;
  std::set<std::string> unsized_ranks_;  // rank_sizes written, but not as numbers

  // --- Einsums ------------------------------------------------------------------------
  void collect_einsums(const YamlNode& list, const std::string& path) {
    for (std::size_t i = 0; i < list.items().size(); ++i) {
      const YamlNode& item = list.items()[i];
      const std::string sub = fmt::format("{}[{}]", path, i);
      if (item.is_sequence())
        collect_einsums(item, sub);  // nested lists flatten
      else if (item.is_scalar())
        from_einsum_string(item.as_string(), item.location(), sub, nullptr);
      else if (item.is_map())
        from_map(item, sub);
      else
        error(item.location(), sub, fmt::format("expected an Einsum, got {}", item.describe()));
    }
  }

  void from_map(const YamlNode& item, const std::string& path) {
    if (const YamlNode* text = item.find("einsum")) {
      if (!text->is_scalar()) {
        error(text->location(), path + ".einsum",
              "expected an Einsum string such as \"Z[m, n] = A[m, k] * B[k, n]\"");
        return;
      }
      from_einsum_string(text->as_string(), text->location(), path, &item);
      return;
    }
    RawEinsum raw;
    raw.where = item.location();
    const YamlNode* name = item.find("name");
    if (!name || !name->is_scalar()) {
      error(item.location(), path, "an Einsum needs a 'name' (or an 'einsum' string)");
      return;
    }
    raw.einsum.name = name->as_string();
    const YamlNode* accesses = item.find("tensor_accesses");
    if (!accesses || !accesses->is_sequence() || accesses->items().empty()) {
      error(item.location(), path + ".tensor_accesses", "an Einsum needs a list of tensor accesses");
      return;
    }
    for (std::size_t i = 0; i < accesses->items().size(); ++i)
      read_access(accesses->items()[i], fmt::format("{}.tensor_accesses[{}]", path, i), raw, nullptr);
    read_einsum_fields(item, path, raw);
    finish_einsum(std::move(raw), path);
  }

  void from_einsum_string(const std::string& text, const SourceLocation& where, const std::string& path,
                          const YamlNode* item) {
    RawEinsum raw;
    raw.where = where;
    try {
      for (auto& parsed : parse_einsum_string(text)) {
        spec::TensorAccess access;
        access.tensor = parsed.tensor;
        access.projection = std::move(parsed.projection);
        access.output = parsed.output;
        raw.einsum.accesses.push_back(std::move(access));
      }
    } catch (const ExpressionError& e) {
      SourceLocation at = where;
      if (at.column > 0) at.column += e.column() - 1 + (at.column > 0 ? 0 : 0);
      error(at, path, fmt::format("bad Einsum string: {}", e.message()));
      return;
    }
    raw.einsum.name = raw.einsum.accesses.front().tensor;  // the output names the Einsum
    if (item) {
      if (const YamlNode* name = item->find("name"); name && name->is_scalar())
        raw.einsum.name = name->as_string();
      // Extra tensor_accesses may add attributes (bits_per_value, persistent), not projections.
      if (const YamlNode* accesses = item->find("tensor_accesses"); accesses && accesses->is_sequence())
        for (std::size_t i = 0; i < accesses->items().size(); ++i)
          read_access(accesses->items()[i], fmt::format("{}.tensor_accesses[{}]", path, i), raw, &raw.einsum);
      read_einsum_fields(*item, path, raw);
    }
    finish_einsum(std::move(raw), path);
  }

  void read_access(const YamlNode& node, const std::string& path, RawEinsum& raw, const spec::Einsum* existing) {
    if (!node.is_map()) {
      error(node.location(), path, fmt::format("expected a tensor access, got {}", node.describe()));
      return;
    }
    const YamlNode* name = node.find("name");
    if (!name || !name->is_scalar()) {
      error(node.location(), path, "a tensor access needs a 'name'");
      return;
    }
    spec::TensorAccess* target = nullptr;
    spec::TensorAccess fresh;
    if (existing) {
      for (auto& a : raw.einsum.accesses)
        if (a.tensor == name->as_string()) target = &a;
      if (!target) {
        std::vector<std::string> names = raw.einsum.tensor_names();
        error(name->location(), path + ".name",
              fmt::format("tensor '{}' is not in the Einsum string{}", name->as_string(),
                          core::did_you_mean(name->as_string(), names)));
        return;
      }
      if (node.contains("projection") || node.contains("output"))
        error(node.location(), path,
              "an access of an Einsum string may not redefine 'projection' or 'output'");
    } else {
      target = &fresh;
      target->tensor = name->as_string();
      const YamlNode* projection = node.find("projection");
      if (!projection)
        error(node.location(), path, "a tensor access needs a 'projection'");
      else
        target->projection = read_projection(*projection, path + ".projection");
      if (const YamlNode* output = node.find("output")) target->output = flag(*output, path + ".output");
    }
    if (const YamlNode* persistent = node.find("persistent"))
      target->persistent = flag(*persistent, path + ".persistent");
    if (const YamlNode* bits = node.find("bits_per_value"); bits && !bits->is_null()) {
      target->bits_per_value = at_least_zero(*bits, path + ".bits_per_value");
      raw.explicit_bits[target->tensor] = true;
    }
    if (!existing) {
      if (raw.einsum.find_access(target->tensor))
        error(name->location(), path + ".name", fmt::format("tensor '{}' is accessed twice", target->tensor));
      else
        raw.einsum.accesses.push_back(std::move(fresh));
    }
  }

  std::vector<spec::ProjectionEntry> read_projection(const YamlNode& node, const std::string& path) {
    std::vector<spec::ProjectionEntry> out;
    if (node.is_sequence()) {
      for (const YamlNode& v : node.items()) {
        const std::string text = v.is_scalar() ? v.as_string() : std::string();
        if (!is_identifier(text) || !std::islower(static_cast<unsigned char>(text.front()))) {
          error(v.location(), path,
                fmt::format("list projections hold lower-case rank variables, got {}", v.describe()));
          continue;
        }
        out.push_back({rank_of(text), spec::AffineExpr::variable(text)});
      }
    } else if (node.is_map()) {
      for (const auto& entry : node.entries()) {
        if (!entry.value.is_scalar()) {
          error(entry.value.location(), path + "." + entry.key,
                "expected an index expression such as 'p + r'");
          continue;
        }
        try {
          out.push_back({entry.key, parse_affine(entry.value.as_string())});
        } catch (const ExpressionError& e) {
          SourceLocation at = entry.value.location();
          if (at.column > 0) at.column += e.column() - 1;
          error(at, path + "." + entry.key, fmt::format("bad index expression: {}", e.message()));
        }
      }
    } else {
      error(node.location(), path, fmt::format("expected a list or a mapping, got {}", node.describe()));
    }
    return out;
  }

  void read_einsum_fields(const YamlNode& item, const std::string& path, RawEinsum& raw) {
    if (const YamlNode* copy = item.find("is_copy_operation"))
      raw.einsum.is_copy_operation = flag(*copy, path + ".is_copy_operation");
    if (const YamlNode* n = item.find("n_instances"))
      raw.einsum.n_instances = at_least_zero(*n, path + ".n_instances");
    if (const YamlNode* shape = item.find("iteration_space_shape")) {
      if (shape->is_scalar())
        raw.shape_constraints.push_back(shape->as_string());
      else if (shape->is_sequence())
        for (const YamlNode& s : shape->items())
          if (s.is_scalar()) raw.shape_constraints.push_back(s.as_string());
    }
    if (const YamlNode* sizes = item.find("rank_sizes"); sizes && sizes->is_map())
      for (const auto& e : sizes->entries())
        raw.rank_sizes[e.key] = rank_size(e.value, evaluate_or_none(e.value, path + ".rank_sizes." + e.key),
                                          path + ".rank_sizes." + e.key);
    if (const YamlNode* renames = item.find("renames"))
      raw.renames = rename_entries(*renames, path + ".renames");
  }

  void finish_einsum(RawEinsum raw, const std::string& path) {
    raw.einsum.where = raw.where;
    raw.path = path;
    if (raw.einsum.name == "Total")
      error(raw.where, path + ".name", "'Total' is reserved and cannot name an Einsum");
    if (std::none_of(raw.einsum.accesses.begin(), raw.einsum.accesses.end(),
                     [](const auto& a) { return a.output; }))
      error(
          raw.where, path,
          fmt::format("Einsum '{}' has no output tensor (mark one access 'output: True')", raw.einsum.name));
    if (raw.einsum.is_copy_operation) {
      const auto inputs = std::count_if(raw.einsum.accesses.begin(), raw.einsum.accesses.end(),
                                        [](const auto& a) { return !a.output; });
      if (inputs != 1)
        error(raw.where, path, fmt::format("copy Einsum '{}' needs exactly one input", raw.einsum.name));
    }
    raw_.push_back(std::move(raw));
  }

  void check_unique_names() {
    std::set<std::string> seen;
    for (const auto& raw : raw_)
      if (!seen.insert(raw.einsum.name).second)
        error(raw.where, "workload.einsums", fmt::format("two Einsums are named '{}'", raw.einsum.name));
  }

  // Einsums run in list order, each reading what earlier ones wrote; an Einsum that (through
  // others) reads its own output has no order to run in. Reported once per cycle, at the
  // Einsum that closes it.
  void check_acyclic() {
    const std::size_t n = raw_.size();
    // edge[a] = {(b, tensor)}: b reads `tensor`, which a writes.
    std::vector<std::vector<std::pair<std::size_t, std::string>>> edge(n);
    for (std::size_t a = 0; a < n; ++a)
      for (const auto& out : raw_[a].einsum.accesses)
        if (out.output)
          for (std::size_t b = 0; b < n; ++b)
            if (b != a)
              for (const auto& in : raw_[b].einsum.accesses)
                if (!in.output && in.tensor == out.tensor) edge[a].emplace_back(b, out.tensor);
    enum class Mark { New, Open, Done };
    std::vector<Mark> mark(n, Mark::New);
    std::vector<std::size_t> stack;
    std::vector<std::string> via;  // via[i]: tensor from stack[i] to stack[i + 1]
    const auto visit = [&](const auto& self, std::size_t a) -> bool {
      mark[a] = Mark::Open;
      stack.push_back(a);
      for (const auto& [b, tensor] : edge[a]) {
        via.push_back(tensor);
        if (mark[b] == Mark::Open) {
          const auto start =
              static_cast<std::size_t>(std::find(stack.begin(), stack.end(), b) - stack.begin());
          std::string chain, reads;
          for (std::size_t i = start; i < stack.size(); ++i) {
            const std::size_t next = i + 1 < stack.size() ? stack[i + 1] : b;
            chain += raw_[stack[i]].einsum.name + " -> ";
            reads += fmt::format("{}{} reads {} from {}", reads.empty() ? "" : "; ", raw_[next].einsum.name,
                                 via[i], raw_[stack[i]].einsum.name);
          }
          error(raw_[a].where, raw_[a].path,
                fmt::format("the Einsums form a cycle: {}{} ({}); a workload runs in order, so no Einsum may "
                            "read, directly or through others, what it writes",
                            chain, raw_[b].einsum.name, reads));
          return true;
        }
        if (mark[b] == Mark::New && self(self, b)) return true;
        via.pop_back();
      }
      stack.pop_back();
      mark[a] = Mark::Done;
      return false;
    };
    for (std::size_t a = 0; a < n; ++a)
      if (mark[a] == Mark::New && visit(visit, a)) return;
  }

  // --- sizes and iteration spaces -----------------------------------------------------
  std::map<std::string, std::int64_t> rank_sizes(const YamlNode* sizes) {
    std::map<std::string, std::int64_t> out;
    if (!sizes || sizes->is_null()) return out;
    try {
      // Only sibling keys are visible (AccelForge evaluates these with an empty table).
      std::map<std::string, Value> values;
      (void)evaluate_map_in_order(*sizes, spec::SymbolTable{}, "workload.rank_sizes", &values);
      for (const auto& entry : sizes->entries())
        out[entry.key] = rank_size(entry.value, values.at(entry.key), "workload.rank_sizes." + entry.key);
    } catch (const SpecError& e) {
      errors.insert(errors.end(), e.diagnostics().begin(), e.diagnostics().end());
      // Written but not a number: reported once here, not again as "no bound" per variable.
      for (const auto& entry : sizes->entries())
        if (!out.contains(entry.key)) unsized_ranks_.insert(entry.key);
    }
    return out;
  }

  void bound_iteration_space(RawEinsum& raw, const YamlNode& workload,
                             const std::map<std::string, std::int64_t>& sizes) {
    std::vector<std::string> parts = raw.shape_constraints;
    std::set<std::string> variables;
    for (const auto& a : raw.einsum.accesses)
      for (const auto& p : a.projection)
        for (const auto& t : p.expr.terms) variables.insert(t.var);
    const YamlNode* shapes = workload.find("iteration_space_shape");
    for (const auto& rv : variables)
      if (const YamlNode* s = shapes && shapes->is_map() ? shapes->find(rv) : nullptr; s && s->is_scalar())
        parts.push_back(s->as_string());
    std::set<std::string> excused;
    for (const auto& a : raw.einsum.accesses)
      for (const auto& p : a.projection) {
        std::optional<std::int64_t> size;
        if (const auto it = raw.rank_sizes.find(p.rank); it != raw.rank_sizes.end())
          size = it->second;
        else if (const auto w = sizes.find(p.rank); w != sizes.end())
          size = w->second;
        if (size) parts.push_back(fmt::format("0 <= {} < {}", affine_text(p.expr), *size));
        else if (unsized_ranks_.contains(p.rank))
          for (const auto& t : p.expr.terms) excused.insert(t.var);
      }
    // Every rank variable needs some bound; say which one is missing before isl does.
    for (const auto& rv : variables) {
      if (excused.contains(rv)) continue;  // its rank's size is already reported as invalid
      const bool mentioned = std::any_of(
          parts.begin(), parts.end(), [&](const std::string& c) { return c.find(rv) != std::string::npos; });
      if (!mentioned)
        error(raw.where, "workload",
              fmt::format("rank variable '{}' of Einsum '{}' has no bound: give rank_sizes.{} or "
                          "iteration_space_shape.{}",
                          rv, raw.einsum.name, rank_of(rv), rv));
    }
    if (!errors.empty()) return;
    std::string constraints;
    std::set<std::string> seen;  // a rank shared by several tensors gives the same bound each time
    for (const auto& p : parts)
      if (seen.insert(p).second) constraints += (constraints.empty() ? "" : " and ") + p;
    try {
      const spec::IterationSpace space = spec::analyze_iteration_space(constraints, {variables.begin(), variables.end()});
      raw.einsum.rank_variable_bounds = space.bounds;
      if (space.count_fits_int64()) raw.einsum.n_computes = space.n_points;
      raw.einsum.n_computes_decimal = space.points;
    } catch (const std::exception& e) {
      error(raw.where, raw.path,
            fmt::format("iteration space of Einsum '{}' ({}): {}", raw.einsum.name,
                        core::excerpt(constraints, 0), e.what()));
    }
  }

  // --- set symbols and renames --------------------------------------------------------
  spec::SymbolTable set_symbols(const spec::Einsum& e, const spec::Workload& w,
                          const std::shared_ptr<std::map<std::string, double>>& bits) {
    spec::SymbolTable t;
    const std::vector<std::string> all = e.tensor_names();
    const auto hook = make_hook(w, bits);
    const auto tensors = [&](std::vector<std::string> items) {
      return Value(NameSet(std::move(items), all, hook));
    };
    std::vector<std::string> inputs, outputs, intermediates, shared, persistent;
    const std::set<std::string> inter = w.intermediate_tensors();
    for (const auto& a : e.accesses) {
      (a.output ? outputs : inputs).push_back(a.tensor);
      if (inter.contains(a.tensor)) intermediates.push_back(a.tensor);
      std::set<std::string> users;
      for (const auto& other : w.einsums)
        if (other.find_access(a.tensor)) users.insert(other.name);
      if (users.size() >= 2) shared.push_back(a.tensor);
      if (a.persistent) persistent.push_back(a.tensor);
    }
    // Other Einsums' tensors and rank variables exist but are empty here.
    for (const auto& other : w.einsums) {
      for (const auto& name : other.tensor_names()) t[name] = tensors({});
      for (const auto& rv : other.rank_variables()) t[rv] = tensors({});
    }
    const std::set<std::string> rvs = e.rank_variables();
    const std::vector<std::string> rv_space(rvs.begin(), rvs.end());
    for (const auto& rv : rvs) t[rv] = Value(NameSet({rv}, rv_space, hook));
    for (const auto& name : all) t[name] = tensors({name});
    t["All"] = tensors(all);
    t["Tensors"] = tensors(all);
    t["Nothing"] = tensors({});
    t["Inputs"] = tensors(inputs);
    t["Outputs"] = tensors(outputs);
    t["Intermediates"] = tensors(intermediates);
    t["Shared"] = tensors(shared);
    t["Persistent"] = tensors(persistent);
    return t;
  }

  static std::shared_ptr<const NameSetHook> make_hook(const spec::Workload& w,
                                                      std::shared_ptr<std::map<std::string, double>> bits);

  std::vector<RenameEntry> rename_entries(const YamlNode& node, const std::string& path) {
    std::vector<RenameEntry> out;
    if (node.is_map()) {
      for (const auto& e : node.entries()) out.push_back({e.key, &e.value, nullptr, e.key_location});
    } else if (node.is_sequence()) {
      for (std::size_t i = 0; i < node.items().size(); ++i) {
        const YamlNode& r = node.items()[i];
        const YamlNode* name = r.is_map() ? r.find("name") : nullptr;
        const YamlNode* source = r.is_map() ? r.find("source") : nullptr;
        if (!name || !source || !name->is_scalar()) {
          error(r.location(), fmt::format("{}[{}]", path, i), "a rename needs 'name' and 'source'");
          continue;
        }
        out.push_back({name->as_string(), source, r.find("expected_count"), r.location()});
      }
    } else if (!node.is_null()) {
      error(node.location(), path,
            fmt::format("expected a mapping or a list of renames, got {}", node.describe()));
    }
    return out;
  }

  // Only the workload-level entry named `default` applies to every Einsum (README: Set symbols and renames).
  std::vector<RenameEntry> default_renames(const YamlNode* renames) {
    std::vector<RenameEntry> out;
    const YamlNode* einsums = renames && renames->is_map() ? renames->find("einsums") : nullptr;
    if (!einsums || !einsums->is_sequence()) return out;
    for (std::size_t i = 0; i < einsums->items().size(); ++i) {
      const YamlNode& entry = einsums->items()[i];
      const YamlNode* name = entry.is_map() ? entry.find("name") : nullptr;
      if (!name || !name->is_scalar() || name->as_string() != "default") continue;
      for (const char* part : {"tensor_accesses", "rank_variables"})
        if (const YamlNode* list = entry.find(part)) {
          auto more = rename_entries(*list, fmt::format("renames.einsums[{}].{}", i, part));
          out.insert(out.end(), more.begin(), more.end());
        }
    }
    return out;
  }

  void bind_renames(const RawEinsum& raw, const std::vector<RenameEntry>& defaults, spec::SymbolTable& table) {
    std::vector<const RenameEntry*> order;
    std::set<std::string> own;
    for (const auto& r : raw.renames) {
      order.push_back(&r);
      own.insert(r.name);
    }
    for (const auto& r : defaults)
      if (!own.contains(r.name)) order.push_back(&r);
    for (const RenameEntry* r : order) {
      const std::string field = fmt::format("renames.{}", r->name);
      try {
        NameSet value = evaluate_set(*r->source, table, field);
        if (r->expected_count && !r->expected_count->is_null()) {
          const std::int64_t expected =
              to_integer(evaluate_node(*r->expected_count, table, field + ".expected_count"),
                         r->expected_count->location(), field + ".expected_count");
          if (static_cast<std::int64_t>(value.size()) != expected)
            error(r->source->location(), field,
                  fmt::format("in Einsum '{}', '{}' names {} tensor(s) ({}) but expected_count is {}",
                              raw.einsum.name, r->name, value.size(), fmt::join(value.items(), ", "),
                              expected));
        }
        table[r->name] = Value(std::move(value));
      } catch (const SpecError& e) {
        for (auto d : e.diagnostics()) {
          d.message = fmt::format("in Einsum '{}': {}", raw.einsum.name, d.message);
          errors.push_back(std::move(d));
        }
      }
    }
  }

  // --- bits per value and persistence -------------------------------------------------
  void assign_bits_per_value(const YamlNode* node, spec::BuiltWorkload& out, std::map<std::string, double>& bits) {
    for (auto& einsum : out.workload.einsums) {
      const RawEinsum& raw = *std::find_if(raw_.begin(), raw_.end(),
                                           [&](const auto& r) { return r.einsum.name == einsum.name; });
      std::map<std::string, double> from_dict;
      if (node && node->is_map())
        from_dict =
            set_keyed_numbers(*node, out.einsum_symbols.at(einsum.name), "workload.bits_per_value", einsum);
      for (auto& access : einsum.accesses) {
        if (!raw.explicit_bits.contains(access.tensor)) {
          const auto it = from_dict.find(access.tensor);
          if (it == from_dict.end()) {
            error(raw.where, "workload.bits_per_value",
                  fmt::format(
                      "no bits_per_value for tensor '{}' of Einsum '{}' (add it to workload.bits_per_value, "
                      "e.g. {{All: 8}})",
                      access.tensor, einsum.name));
            continue;
          }
          access.bits_per_value = it->second;
        }
        if (const auto [pos, inserted] = bits.emplace(access.tensor, access.bits_per_value);
            !inserted && pos->second != access.bits_per_value)
          error(raw.where, "workload.bits_per_value",
                fmt::format("tensor '{}' has {} bits per value here but {} in an earlier Einsum",
                            access.tensor, access.bits_per_value, pos->second));
      }
    }
  }

  // {set-expression: number} with disjoint keys and an optional `Other` (README: Set symbols and renames).
  std::map<std::string, double> set_keyed_numbers(const YamlNode& dict, const spec::SymbolTable& table,
                                                  const std::string& path, const spec::Einsum& einsum) {
    std::map<std::string, double> out;
    const YamlNode* other = nullptr;
    for (const auto& entry : dict.entries()) {
      const std::string field = path + "." + entry.key;
      if (entry.key == "Other") {
        other = &entry.value;
        continue;
      }
      try {
        const NameSet set = evaluate_set_text(entry.key, table, entry.key_location, field);
        const double value = at_least_zero(entry.value, field);
        for (const auto& t : set.items()) {
          if (out.contains(t))
            error(entry.key_location, field, fmt::format("tensor '{}' matches two keys of {}", t, path));
          out[t] = value;
        }
      } catch (const SpecError& e) {
        errors.insert(errors.end(), e.diagnostics().begin(), e.diagnostics().end());
      }
    }
    if (other) {
      const double value = at_least_zero(*other, path + ".Other");
      for (const auto& t : einsum.tensor_names()) out.try_emplace(t, value);
    }
    return out;
  }

  void assign_persistence(const YamlNode* node, spec::BuiltWorkload& out) {
    if (!node || node->is_null()) return;
    std::map<std::string, bool> seen;
    for (auto& einsum : out.workload.einsums) {
      try {
        const NameSet set =
            evaluate_set(*node, out.einsum_symbols.at(einsum.name), "workload.persistent_tensors");
        for (auto& a : einsum.accesses)
          if (set.contains(a.tensor)) a.persistent = true;
      } catch (const SpecError& e) {
        errors.insert(errors.end(), e.diagnostics().begin(), e.diagnostics().end());
      }
    }
    for (const auto& einsum : out.workload.einsums)
      for (const auto& a : einsum.accesses)
        if (const auto [pos, inserted] = seen.emplace(a.tensor, a.persistent);
            !inserted && pos->second != a.persistent)
          error(node->location(), "workload.persistent_tensors",
                fmt::format("tensor '{}' is persistent in one Einsum but not in another", a.tensor));
  }

  // --- small helpers ------------------------------------------------------------------
  // A rank size: an integer of at least 1 (a number past 64 bits is shown as written).
  std::int64_t rank_size(const YamlNode& node, const Value& value, const std::string& field) {
    try {
      const std::int64_t size =
          to_integer(value, node.location(), field, node.is_scalar() ? node.text() : std::string());
      if (size < 1) error(node.location(), field, fmt::format("rank size must be at least 1, got {}", size));
      return size;
    } catch (const SpecError& e) {
      errors.insert(errors.end(), e.diagnostics().begin(), e.diagnostics().end());
      return 1;
    }
  }

  Value evaluate_or_none(const YamlNode& node, const std::string& field) {
    try {
      return evaluate_node(node, spec::SymbolTable{}, field);
    } catch (const SpecError& e) {
      errors.insert(errors.end(), e.diagnostics().begin(), e.diagnostics().end());
      return Value(Int{1});
    }
  }

  // Counts and bits: a negative one would turn every count negative.
  double at_least_zero(const YamlNode& node, const std::string& field) {
    const double v = number(node, field);
    if (v < 0) error(node.location(), field, fmt::format("must be at least 0, got {}", v));
    return v;
  }

  double number(const YamlNode& node, const std::string& field) {
    try {
      return to_number(evaluate_node(node, spec::SymbolTable{}, field), node.location(), field);
    } catch (const SpecError& e) {
      errors.insert(errors.end(), e.diagnostics().begin(), e.diagnostics().end());
      return 0;
    }
  }

  bool flag(const YamlNode& node, const std::string& field) {
    try {
      return to_bool(evaluate_node(node, spec::SymbolTable{}, field), node.location(), field);
    } catch (const SpecError& e) {
      errors.insert(errors.end(), e.diagnostics().begin(), e.diagnostics().end());
      return false;
    }
  }

  void error(const SourceLocation& where, const std::string& field, std::string message) {
    errors.push_back(core::Diagnostic{where, field, std::move(message)});
  }
};

// `.bits_per_value` of a one-tensor set and `.rank_variables` of a tensor set.
class WorkloadSetHook : public NameSetHook {
 public:
  WorkloadSetHook(std::map<std::string, std::set<std::string>> rank_variables,
                  std::shared_ptr<std::map<std::string, double>> bits)
      : rank_variables_(std::move(rank_variables)), bits_(std::move(bits)) {}

  std::optional<Value> attribute(const NameSet& self, std::string_view name) const override {
    if (name == "bits_per_value") {
      if (self.size() != 1)
        throw ExpressionError(
            fmt::format("bits_per_value needs a set of exactly one tensor, got {}", self.repr()));
      const auto it = bits_->find(self.items().front());
      if (it == bits_->end())
        throw ExpressionError(fmt::format("'{}' has no bits_per_value", self.items().front()));
      return it->second == static_cast<double>(static_cast<Int>(it->second))
                 ? Value(static_cast<Int>(it->second))
                 : Value(it->second);
    }
    if (name == "rank_variables") {
      std::set<std::string> out;
      for (const auto& t : self.items())
        if (const auto it = rank_variables_.find(t); it != rank_variables_.end())
          out.insert(it->second.begin(), it->second.end());
      std::set<std::string> space;
      for (const auto& [t, rvs] : rank_variables_) space.insert(rvs.begin(), rvs.end());
      return Value(NameSet({out.begin(), out.end()}, {space.begin(), space.end()}));
    }
    return std::nullopt;
  }

 private:
  std::map<std::string, std::set<std::string>> rank_variables_;
  std::shared_ptr<std::map<std::string, double>> bits_;
};

std::shared_ptr<const NameSetHook> WorkloadBuilder::make_hook(
    const spec::Workload& w, std::shared_ptr<std::map<std::string, double>> bits) {
  std::map<std::string, std::set<std::string>> rvs;
  for (const auto& e : w.einsums)
    for (const auto& a : e.accesses)
      for (const auto& p : a.projection)
        for (const auto& t : p.expr.terms) rvs[a.tensor].insert(t.var);
  return std::make_shared<WorkloadSetHook>(std::move(rvs), std::move(bits));
}

}  // namespace

spec::BuiltWorkload build_workload(const YamlNode& workload, const YamlNode* renames) {
  WorkloadBuilder builder;
  spec::BuiltWorkload out = builder.build(workload, renames);
  if (!builder.errors.empty()) throw SpecError(std::move(builder.errors));
  return out;
}

}  // namespace af::loader
