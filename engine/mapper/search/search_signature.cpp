#include "mapper/search/search_signature.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace af::mapper {

namespace {

// Builds the text; every number in its shortest exact form, every tensor as "#k".
class Signature {
 public:
  explicit Signature(const spec::Einsum& einsum) {
    const auto names = einsum.tensor_names();
    for (std::size_t k = 0; k < names.size(); ++k) position_.emplace(names[k], "#" + std::to_string(k));
  }

  // The tensor's position, or nullopt for a tensor of another Einsum, which this
  // Einsum's search never reads.
  [[nodiscard]] std::optional<std::string> tensor(const std::string& name) const {
    const auto it = position_.find(name);
    return it == position_.end() ? std::nullopt : std::optional<std::string>(it->second);
  }
  // The position, or the name itself where the search reads a tensor it does not access.
  [[nodiscard]] std::string named(const std::string& name) const { return tensor(name).value_or("!" + name); }

  template <typename... Args>
  void add(fmt::format_string<Args...> f, Args&&... args) {
    text_ += fmt::format(f, std::forward<Args>(args)...);
    text_ += '|';
  }

  // A per-tensor map, keys renamed and other Einsums' tensors dropped, in renamed order.
  template <typename V>
  void add_per_tensor(std::string_view what, const std::map<std::string, V>& m) {
    std::map<std::string, std::string> out;
    for (const auto& [t, v] : m)
      if (const auto k = tensor(t)) out.emplace(*k, fmt::format("{}", v));
    text_ += what;
    for (const auto& [k, v] : out) text_ += fmt::format(" {}={}", k, v);
    text_ += '|';
  }

  void add_tensor_set(std::string_view what, const std::set<std::string>& s) {
    std::set<std::string> out;
    for (const auto& t : s)
      if (const auto k = tensor(t)) out.insert(*k);
    add("{} {}", what, fmt::join(out, ","));
  }

  [[nodiscard]] std::string take() { return std::move(text_); }

 private:
  std::map<std::string, std::string> position_;
  std::string text_;
};

void add_einsum(Signature& s, const spec::Workload& w, const spec::Einsum& e) {
  s.add("einsum copy={} instances={} workload_instances={} computes={}", e.is_copy_operation, e.n_instances,
        w.n_instances, e.n_computes.value_or(-1));
  for (const auto& a : e.accesses) {
    s.add("access {} out={} persistent={} bits={}", s.named(a.tensor), a.output, a.persistent,
          a.bits_per_value);
    for (const auto& p : a.projection) {
      std::string terms;
      for (const auto& t : p.expr.terms) terms += fmt::format("{}*{}+", t.coeff, t.var);
      s.add("rank {}={}{}", p.rank, terms, p.expr.constant);
    }
  }
  for (const auto& [rv, bound] : e.rank_variable_bounds) s.add("bound {}={}", rv, bound);
  // The model checks that a Toll never backs a fusable tensor; templates hold the rest.
  s.add_tensor_set("fusable", w.fusable_tensors());
}

std::string direction_text(spec::TollDirection d) {
  switch (d) {
    case spec::TollDirection::Up:
      return "up";
    case spec::TollDirection::Down:
      return "down";
    case spec::TollDirection::UpAndDown:
      return "both";
  }
  return "?";
}

bool add_arch(Signature& s, const spec::ResolvedArch& arch) {
  for (const auto& c : arch.components) {
    if (!spec::LatencyFormula::parse(c.total_latency)) return false;
    s.add("component {} kind={} size={} bpa={} skip_write={} leak={} area={} scale={} parallel={} latency={}",
          c.name, static_cast<int>(c.kind), c.size, c.bits_per_action.value_or(-1),
          c.skip_initial_output_write, c.leak_power, c.area, c.actions_scale, c.n_parallel_instances,
          c.total_latency);
    s.add_per_tensor("bits_per_value", c.bits_per_value);
    s.add_per_tensor("values_per_action", c.values_per_action);
    std::map<std::string, std::string> directions;
    for (const auto& [t, d] : c.toll_direction) directions.emplace(t, direction_text(d));
    s.add_per_tensor("toll_direction", directions);
    s.add("toll_default {}", c.toll_default_direction ? direction_text(*c.toll_default_direction) : "-");
    for (const auto& a : c.actions) {
      s.add("action {} energy={} throughput={} bpa={}", a.name, a.energy, a.throughput,
            a.bits_per_action.value_or(-1));
      s.add_per_tensor("values_per_action", a.values_per_action);
    }
    for (const auto& d : c.spatial) {
      s.add("dim {} fanout={} usage_scale={} gateable={} may_reuse_all={}", d.name, d.fanout, d.usage_scale,
            d.power_gateable, !d.may_reuse.has_value());
      if (d.may_reuse) s.add_tensor_set("may_reuse", *d.may_reuse);
      s.add_tensor_set("reuse", d.reuse);
    }
  }
  for (const auto& [compute, path] : arch.paths) s.add("path {}: {}", compute, fmt::join(path, ","));
  return true;
}

std::string flags(const std::vector<char>& v) {
  std::string out;
  for (const char c : v) out += c != 0 ? '1' : '0';
  return out;
}

void add_template(Signature& s, const PmappingTemplate& t) {
  s.add("template {} fused={}", t.compute, t.n_fused_loops);
  for (const auto& n : t.nodes)
    s.add("node {} {} {} backing={} persistent={} must_keep={} {} {}", static_cast<int>(n.kind),
          n.kind == TemplateNodeKind::Storage ? s.named(n.tensor) : std::string(), n.component, n.backing,
          n.persistent, n.must_keep, n.rank_variable, n.dim);
  for (const auto& m : t.min_usage) s.add("min_usage {}.{}={}", m.component, m.dim, m.min_usage);
  for (const auto& b : t.loop_bounds)
    s.add("loop_bound {}.{} [{}] {} {}", b.component, b.dim, fmt::join(b.rank_variables, ","), b.op, b.value);
  for (const auto& h : t.shared)
    s.add("shared {} in {} persistent={} ranks={} spatial={}", s.named(h.tensor), h.memory, h.persistent,
          fmt::join(h.ranks, ","), flags(h.spatial));
}

}  // namespace

std::optional<std::string> search_signature(const spec::Spec& spec, const spec::Einsum& einsum,
                                            const std::vector<EinsumProblem>& problems,
                                            const std::vector<PmappingTemplate>& templates) {
  Signature s(einsum);
  add_einsum(s, spec.workload.workload, einsum);
  if (!add_arch(s, spec.arch_by_einsum.at(einsum.name).arch)) return std::nullopt;
  for (const auto& p : problems) {
    s.add("problem {}", p.compute);
    for (const auto& [rv, bound] : p.bounds) s.add("problem_bound {}={}", rv, bound);
  }
  for (const auto& t : templates) add_template(s, t);
  return s.take();
}

}  // namespace af::mapper
