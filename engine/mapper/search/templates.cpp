#include "mapper/search/templates.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "core/diagnostic.h"

namespace af::mapper {

std::string TemplateNode::compact() const {
  switch (kind) {
    case TemplateNodeKind::Storage:
      return "[" + tensor + " in " + component + "]";
    case TemplateNodeKind::Temporal:
      return "T-" + rank_variable;
    case TemplateNodeKind::Spatial:
      return "S-" + dim + "-" + rank_variable;
  }
  return {};
}

std::string PmappingTemplate::describe() const {
  std::string s;
  for (const auto& n : nodes) {
    if (!s.empty()) s += ' ';
    s += n.compact();
  }
  return s + " " + compute + " computes " + einsum;
}

namespace {

using Nodes = std::vector<TemplateNode>;

// ---------------------------------------------------------------------------------------
// Storage choices (§2.2)

struct HolderLevel {
  const spec::Component* component = nullptr;
  const spec::HolderTensorRules* rules = nullptr;  // `tensors:` of the arch node, if any
};

struct LevelChoice {
  std::set<std::string> must, may;
  bool skip = false;  // a `back` tensor was already kept above
};

// Spec variables shadowed by the Einsum's symbols: where the arch's mapper constraints
// (tensor and rank-variable sets, min_usage) are evaluated.
spec::SymbolTable einsum_scope(const EinsumProblem& p) {
  spec::SymbolTable table = p.spec->variables;
  if (const auto it = p.spec->workload.einsum_symbols.find(p.einsum->name);
      it != p.spec->workload.einsum_symbols.end())
    for (const auto& [k, v] : it->second) table[k] = v;
  return table;
}

class StorageChoiceMaker {
 public:
  StorageChoiceMaker(const EinsumProblem& p, const MapperOptions& o) : p_(p), o_(o) {
    for (const auto* c : p.path) {
      if (!c->is_tensor_holder()) continue;
      if (const auto en = p.arch->enabled.find(c->name); en != p.arch->enabled.end() && !en->second) continue;
      HolderLevel level{c, nullptr};
      if (const auto it = p.arch->tensor_rules.find(c->name); it != p.arch->tensor_rules.end())
        level.rules = &it->second;
      levels_.push_back(level);
    }
    base_ = einsum_scope(p);
    if (const auto it = base_.find("All"); it != base_.end() && it->second.is_name_set())
      all_ = it->second.as_name_set();
    base_["Above"] = text::expr::Value(all_.with_items({}));
  }

  // Storage choices that leave a tensor without a holder are skipped; only when every
  // choice does is the arch unusable for this Einsum.
  void run(const std::function<void(const Nodes&)>& emit) {
    Nodes nodes;
    std::set<std::string> seen;
    recurse(0, base_, seen, nodes, emit);
    if (emitted_ == 0 && !unbacked_.empty()) {
      core::Diagnostic d;
      d.field = "arch";
      d.message = "Einsum " + p_.einsum->name + ": tensor " + unbacked_ +
                  " is kept by no memory (check the `tensors: keep/may_keep` of the memories)";
      throw core::SpecError(std::move(d));
    }
  }

 private:
  std::optional<text::expr::NameSet> eval(const HolderLevel& level, const char* key,
                                          const spec::SymbolTable& table) const {
    if (level.rules == nullptr) return std::nullopt;
    const std::string k = key;
    const auto& rule = k == "keep"       ? level.rules->keep
                       : k == "may_keep" ? level.rules->may_keep
                                         : level.rules->back;
    if (!rule) return std::nullopt;
    try {
      return rule->evaluate_set(table);
    } catch (const core::SpecError&) {
      // Fall back to what the arch builder evaluated without the per-choice symbols; what did
      // not evaluate there either is an error (AccelForge raises it here too).
      const auto it = p_.arch->tensor_choices.find(level.component->name);
      if (it == p_.arch->tensor_choices.end() || it->second.unevaluated.contains(k)) throw;
      if (k == "keep") return it->second.keep;
      if (k == "may_keep") return it->second.may_keep;
      return it->second.back;
    }
  }

  LevelChoice choice_for(const HolderLevel& level, const spec::SymbolTable& table,
                         const std::set<std::string>& seen) const {
    const auto keep = eval(level, "keep", table);
    auto may = eval(level, "may_keep", table);
    const auto back = eval(level, "back", table);
    std::set<std::string> must;
    std::set<std::string> may_set;
    if (keep) must.insert(keep->items().begin(), keep->items().end());
    if (back) must.insert(back->items().begin(), back->items().end());
    if (may)
      may_set.insert(may->items().begin(), may->items().end());
    else if (!keep)
      may_set.insert(p_.tensors.begin(), p_.tensors.end());  // default may_keep: All
    // Unfused: every tensor shared between Einsums round-trips through the first memory. The
    // others stay where the arch puts them (a CiM array's weights are not streamed from the
    // dummy main memory AccelForge's loader adds, which keeps ~weight).
    if (o_.unfused && level.component->name == p_.first_memory)
      must.insert(p_.fusable.begin(), p_.fusable.end());
    const std::set<std::string> einsum_tensors(p_.tensors.begin(), p_.tensors.end());
    LevelChoice c;
    for (const auto& t : must)
      if (einsum_tensors.contains(t)) c.must.insert(t);
    for (const auto& t : may_set)
      if (einsum_tensors.contains(t) && !c.must.contains(t)) c.may.insert(t);
    if (level.component->kind == spec::ComponentKind::Toll) {  // a toll never backs a tensor
      std::erase_if(c.must, [&](const std::string& t) { return !seen.contains(t); });
      std::erase_if(c.may, [&](const std::string& t) { return !seen.contains(t); });
    }
    if (back)
      for (const auto& t : back->items())
        if (seen.contains(t)) c.skip = true;
    if (p_.einsum->is_copy_operation)
      std::erase_if(c.may, [&](const std::string& t) { return seen.contains(t); });
    return c;
  }

  void recurse(std::size_t li, const spec::SymbolTable& table, const std::set<std::string>& seen,
               Nodes& nodes, const std::function<void(const Nodes&)>& emit) {
    if (li == levels_.size()) {
      for (const auto& t : p_.tensors)
        if (!seen.contains(t)) {
          if (unbacked_.empty()) unbacked_ = t;
          return;
        }
      ++emitted_;
      emit(nodes);
      return;
    }
    const HolderLevel& level = levels_[li];
    const LevelChoice c = choice_for(level, table, seen);
    if (c.skip) return;
    const std::vector<std::string> may(c.may.begin(), c.may.end());  // sorted
    // Python's powerset order: by subset size, then lexicographic combinations.
    for (std::size_t k = 0; k <= may.size(); ++k) {
      std::vector<char> pick(may.size(), 0);
      std::fill(pick.begin(), pick.begin() + static_cast<std::ptrdiff_t>(k), 1);
      do {
        std::set<std::string> keep = c.must;
        for (std::size_t i = 0; i < may.size(); ++i)
          if (pick[i]) keep.insert(may[i]);
        spec::SymbolTable next = table;
        const text::expr::NameSet keep_set = all_.with_items({keep.begin(), keep.end()});
        next[level.component->name] = text::expr::Value(keep_set);
        next["Above"] = text::expr::Value(table.at("Above").as_name_set() | keep_set);
        std::set<std::string> next_seen = seen;
        const auto before = nodes.size();
        for (const auto& t : keep) {  // sorted
          TemplateNode n;
          n.kind = TemplateNodeKind::Storage;
          n.tensor = t;
          n.component = level.component->name;
          n.toll = level.component->kind == spec::ComponentKind::Toll;
          if (!seen.contains(t)) {
            n.backing = true;
            n.must_keep = true;
            n.persistent = p_.persistent.contains(t);
          } else {
            n.must_keep = c.must.contains(t);
          }
          nodes.push_back(std::move(n));
          next_seen.insert(t);
        }
        recurse(li + 1, next, next_seen, nodes, emit);
        nodes.resize(before);
      } while (std::prev_permutation(pick.begin(), pick.end()));
    }
  }

  std::size_t emitted_ = 0;
  std::string unbacked_;  // a tensor some choice left without a holder
  const EinsumProblem& p_;
  const MapperOptions& o_;
  std::vector<HolderLevel> levels_;
  spec::SymbolTable base_;
  text::expr::NameSet all_;
};

// ---------------------------------------------------------------------------------------
// Storage orders (§2.3)

class OrderMaker {
 public:
  OrderMaker(const EinsumProblem& p, const MapperOptions& o) : p_(p), o_(o) {
    for (const auto* c : p.path) {
      if (!c->is_tensor_holder()) continue;
      holder_index_[c->name] = static_cast<int>(holder_index_.size());
      if (const auto it = p.arch->tensor_rules.find(c->name);
          it != p.arch->tensor_rules.end() && !it->second.force_memory_hierarchy_order)
        unordered_.insert(c->name);
    }
  }

  void run(const Nodes& choice, const std::function<void(const Nodes&)>& emit) {
    Nodes mapping;
    std::vector<std::size_t> remaining(choice.size());
    for (std::size_t i = 0; i < choice.size(); ++i) remaining[i] = i;
    std::sort(remaining.begin(), remaining.end(),
              [&](std::size_t a, std::size_t b) { return choice[a].compact() < choice[b].compact(); });
    recurse(choice, mapping, remaining, emit);
  }

 private:
  void recurse(const Nodes& choice, Nodes& mapping, const std::vector<std::size_t>& remaining,
               const std::function<void(const Nodes&)>& emit) {
    if (remaining.empty()) {
      emit(mapping);
      return;
    }
    if (p_.einsum->is_copy_operation) {  // every backing placed: non-backing ones are dropped
      std::set<std::string> backed;
      for (const auto& n : mapping)
        if (n.backing) backed.insert(n.tensor);
      if (backed.size() == p_.tensors.size()) {
        emit(mapping);
        return;
      }
    }
    for (const auto idx : remaining) {
      mapping.push_back(choice[idx]);
      std::vector<std::size_t> rest;
      for (const auto r : remaining)
        if (r != idx) rest.push_back(r);
      if (valid(choice, mapping, rest)) recurse(choice, mapping, rest, emit);
      mapping.pop_back();
    }
  }

  [[nodiscard]] bool valid(const Nodes& choice, const Nodes& mapping,
                           const std::vector<std::size_t>& rest) const {
    // `following` = placed nodes after i, a separator, then the unplaced ones.
    for (std::size_t i = 0; i < mapping.size(); ++i) {
      const TemplateNode& m0 = mapping[i];
      const std::size_t n_following = mapping.size() - i - 1 + 1 + rest.size();
      for (std::size_t jj = 0; jj < n_following; ++jj) {
        const std::size_t placed_after = mapping.size() - i - 1;
        if (jj == placed_after) continue;  // separator
        const TemplateNode& m1 =
            jj < placed_after ? mapping[i + 1 + jj] : choice[rest[jj - placed_after - 1]];
        const std::size_t j = jj + i + 1;
        const int s1 = holder_index_.at(m0.component);
        const int s2 = holder_index_.at(m1.component);
        const bool either_persistent = m0.persistent || m1.persistent;
        bool force = o_.force_memory_hierarchy_order && !either_persistent &&
                     !unordered_.contains(m0.component) && !unordered_.contains(m1.component);
        force = force || (m0.backing && p_.fusable.contains(m0.tensor));
        if (force && s2 < s1) return false;
        const bool out0 = m0.persistent || m0.component == p_.first_memory;
        const bool out1 = m1.persistent || m1.component == p_.first_memory;
        if (out1 && !out0) return false;
        if (m0.component == p_.first_memory && m1.component == p_.first_memory) {
          if (m0.tensor < m1.tensor) return false;  // one canonical order (non-increasing names)
          continue;
        }
        if (m0.tensor != m1.tensor) continue;
        if (s2 < s1) return false;
        // Redundant bypass: adjacent copies of a tensor at equal fanout.
        const bool same_fanout =
            p_.cumulative_fanout.at(m0.component) == p_.cumulative_fanout.at(m1.component);
        if (same_fanout && i + 1 == j) {
          if (s1 < s2 && !m0.must_keep) return false;
          if (s2 < s1 && !m1.must_keep) return false;
        }
      }
    }
    return true;
  }

  const EinsumProblem& p_;
  const MapperOptions& o_;
  std::map<std::string, int> holder_index_;
  std::set<std::string> unordered_;  // holders whose tensors: force_memory_hierarchy_order is false
};

// ---------------------------------------------------------------------------------------
// Temporal loops (§2.5)

using Slot = std::vector<TemplateNode>;

std::vector<Nodes> temporal_loop_variants(const EinsumProblem& p, const MapperOptions& o,
                                          const Nodes& order) {
  std::vector<Slot> slots(1);
  std::vector<char> placed(order.size(), 0);
  for (std::size_t i = 0; i < order.size(); ++i)
    if (order[i].persistent) {
      slots[0].push_back(order[i]);
      placed[i] = 1;
    }
  for (std::size_t i = 0; i < order.size(); ++i)
    if (!placed[i] && order[i].component == p.first_memory) {
      slots[0].push_back(order[i]);
      placed[i] = 1;
    }
  std::string prev_component;
  bool have_prev = false;
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (placed[i]) continue;
    if (p.einsum->is_copy_operation && have_prev && prev_component == order[i].component)
      slots.back().push_back(order[i]);
    else
      slots.push_back({order[i]});
    prev_component = order[i].component;
    have_prev = true;
  }
  for (auto& s : slots)
    std::stable_sort(s.begin(), s.end(), [&](const TemplateNode& a, const TemplateNode& b) {
      return p.path_index(a.component) < p.path_index(b.component);
    });

  const auto fanout = [&](const TemplateNode& n) { return p.cumulative_fanout.at(n.component); };
  // QUIRK kept: the irrelevant sets are shrunk in place across slots.
  std::map<std::string, NameSet> irrelevant = p.irrelevant;
  NameSet seen;
  bool is_fused_loops = true;
  std::vector<std::vector<std::vector<std::string>>> choices;
  bool any_lower = false;
  const NameSet all_rvs(p.rank_variables.begin(), p.rank_variables.end());

  for (std::size_t i = 0; i < slots.size(); ++i) {
    const Slot& prev = slots[i];
    const Slot* next = i + 1 < slots.size() ? &slots[i + 1] : nullptr;  // tolls are not generated
    NameSet rvs = all_rvs;
    NameSet prev_tensors;
    for (const auto& s : prev) {
      seen.insert(s.tensor);
      prev_tensors.insert(s.tensor);
    }
    const auto unseen_fusable = [&] {
      return std::any_of(p.fusable.begin(), p.fusable.end(),
                         [&](const std::string& t) { return !seen.contains(t); });
    };
    is_fused_loops = is_fused_loops && unseen_fusable();
    bool next_persistent = false;
    if (next)
      for (const auto& s : *next) next_persistent = next_persistent || s.persistent;

    double max_before = -1;
    for (std::size_t k = 0; k < i; ++k)
      for (const auto& s : slots[k]) max_before = std::max(max_before, fanout(s));
    if (max_before < 0) max_before = spec::kInf;
    double cur = 1;
    if (!prev.empty()) {
      cur = 0;
      for (const auto& s : prev) cur = std::max(cur, fanout(s));
    }
    double nxt = spec::kInf;
    if (next && !next->empty()) {
      nxt = 0;
      for (const auto& s : *next) nxt = std::max(nxt, fanout(s));
    }

    const auto intersect = [&](const NameSet& keep) {
      std::erase_if(rvs, [&](const std::string& r) { return !keep.contains(r); });
    };
    const auto subtract = [&](const NameSet& drop) {
      std::erase_if(rvs, [&](const std::string& r) { return drop.contains(r); });
    };

    if (next_persistent) rvs.clear();
    if (p.einsum->is_copy_operation) {
      bool same = false;
      for (const auto& s : prev)
        for (std::size_t k = i + 1; k < slots.size(); ++k)
          for (const auto& s2 : slots[k]) same = same || s.component == s2.component;
      if (same) rvs.clear();
    }
    for (const auto& t : p.tensors)  // no recomputation
      if (!seen.contains(t)) intersect(p.direct.at(t));
    if (o.max_fused_loops == 0 && unseen_fusable()) rvs.clear();

    const bool someone_elses_spatials = nxt < cur && max_before < cur;
    if (!someone_elses_spatials) {
      for (const auto& s : prev)  // lowering a non-backing holder through them is free
        if (!s.backing) subtract(p.direct.at(s.tensor));
      if (!is_fused_loops && next) {  // raising through irrelevant unfused loops is free
        for (const auto& s : *next) {
          NameSet& irr = irrelevant[s.tensor];
          for (const auto& t2 : prev_tensors)
            for (const auto& r : p.partial.at(t2)) irr.erase(r);
          subtract(irr);
        }
      }
    }

    NameSet permutable;
    for (const auto& s : prev) {
      NameSet prp;
      for (const auto& r : p.partial.at(s.tensor))
        if (rvs.contains(r)) prp.insert(r);
      const bool lowerable_backing = s.component != p.first_memory;
      if (s.persistent || someone_elses_spatials) continue;
      if (s.backing && lowerable_backing && !prp.empty()) {
        any_lower = true;
        permutable.insert(prp.begin(), prp.end());
      } else if (!s.backing) {
        any_lower = true;
        permutable.insert(prp.begin(), prp.end());
      }
    }

    std::vector<std::vector<std::string>> orders;
    if (permutable.empty() || !any_lower) {
      orders.emplace_back(rvs.begin(), rvs.end());
    } else {
      for (const auto& first : permutable) {
        std::vector<std::string> order{first};
        for (const auto& r : permutable)
          if (r != first) order.push_back(r);
        for (const auto& r : rvs)
          if (!permutable.contains(r)) order.push_back(r);
        orders.push_back(std::move(order));
        if (!o.explore_loop_orders) break;
      }
    }
    choices.push_back(std::move(orders));
  }

  std::vector<Nodes> out;
  std::vector<std::size_t> pick(choices.size(), 0);
  while (true) {
    Nodes m;
    for (std::size_t i = 0; i < slots.size(); ++i) {
      m.insert(m.end(), slots[i].begin(), slots[i].end());
      for (const auto& r : choices[i][pick[i]]) {
        TemplateNode t;
        t.kind = TemplateNodeKind::Temporal;
        t.rank_variable = r;
        m.push_back(std::move(t));
      }
    }
    out.push_back(std::move(m));
    std::size_t k = choices.size();
    while (k > 0) {  // odometer, last slot fastest (itertools.product order)
      --k;
      if (++pick[k] < choices[k].size()) break;
      pick[k] = 0;
      if (k == 0) return out;
    }
    if (choices.empty()) return out;
  }
}

// ---------------------------------------------------------------------------------------
// Spatial loops (§2.6), missing temporal loops (§2.7), constraints (§2.8), conflicts (§2.9)

NameSet tensors_above(const Nodes& m, std::size_t idx) {
  NameSet s;
  for (std::size_t i = 0; i < idx && i < m.size(); ++i)
    if (m[i].kind == TemplateNodeKind::Storage) s.insert(m[i].tensor);
  return s;
}

void insert_spatial_loops(const EinsumProblem& p, Nodes& m) {
  for (std::size_t ai = 0; ai < p.path.size(); ++ai) {
    const spec::Component& node = *p.path[ai];
    if (node.fanout() <= 1) continue;
    std::size_t ip = 0;
    for (std::size_t i = 0; i < m.size(); ++i)
      if (m[i].kind == TemplateNodeKind::Storage && p.path_index(m[i].component) < static_cast<int>(ai))
        ip = i + 1;
    while (ip < m.size() && m[ip].kind == TemplateNodeKind::Temporal) ++ip;
    NameSet rvs(p.rank_variables.begin(), p.rank_variables.end());
    const NameSet above = tensors_above(m, ip);
    for (const auto& t : p.intermediates)
      if (!above.contains(t))
        std::erase_if(rvs, [&](const std::string& r) { return !p.direct.at(t).contains(r); });
    for (const auto& dim : node.spatial)
      for (const auto& r : rvs) {
        TemplateNode s;
        s.kind = TemplateNodeKind::Spatial;
        s.rank_variable = r;
        s.dim = dim.name;
        s.component = node.name;
        m.insert(m.begin() + static_cast<std::ptrdiff_t>(ip), std::move(s));  // reversed order (QUIRK kept)
      }
  }
}

void place_missing_temporal_loops(const EinsumProblem& p, Nodes& m) {
  NameSet missing(p.rank_variables.begin(), p.rank_variables.end());
  for (const auto& n : m)
    if (n.kind == TemplateNodeKind::Temporal) missing.erase(n.rank_variable);
  std::size_t ip = 0;
  double greatest = 1;
  for (std::size_t i = 0; i < m.size(); ++i) {
    if (m[i].kind == TemplateNodeKind::Storage) {
      if (m[i].backing) ip = i + 1;
      const double f = p.cumulative_fanout.at(m[i].component);
      if (f < greatest) ip = i + 1;
      greatest = std::max(greatest, f);
    }
    if (m[i].kind == TemplateNodeKind::Temporal && ip == i) ip = i + 1;
  }
  std::vector<TemplateNode> loops;
  for (const auto& r : missing) {
    TemplateNode t;
    t.kind = TemplateNodeKind::Temporal;
    t.rank_variable = r;
    loops.push_back(std::move(t));
  }
  if (ip == m.size())
    m.insert(m.end(), loops.begin(), loops.end());
  else
    for (auto& t : loops) m.insert(m.begin() + static_cast<std::ptrdiff_t>(ip), t);  // reversed (QUIRK kept)
}

using ComponentDim = std::pair<std::string, std::string>;

// The arch's mapper-only constraints for one Einsum, gathered once per problem rather than
// once per template.
struct ArchConstraints {
  std::map<ComponentDim, double> min_usage;
  std::map<ComponentDim, std::vector<LoopBoundConstraint>> loop_bounds;
  std::map<std::string, std::set<std::string>> no_refetch, no_resend;  // per memory
};

ArchConstraints read_arch_constraints(const EinsumProblem& p) {
  ArchConstraints out;
  for (const auto* c : p.path) {
    for (const auto& dim : c->spatial) {
      const auto it = p.arch->spatial_rules.find({c->name, dim.name});
      if (it == p.arch->spatial_rules.end()) continue;
      const ComponentDim key{c->name, dim.name};
      if (it->second.min_usage) out.min_usage[key] = *it->second.min_usage;
      for (const auto& b : it->second.loop_bounds)
        out.loop_bounds[key].push_back(
            LoopBoundConstraint{c->name, dim.name, b.rank_variables, b.op, b.value});
    }
    if (const auto it = p.arch->tensor_rules.find(c->name); it != p.arch->tensor_rules.end()) {
      if (!it->second.no_refetch_from_above.empty())
        out.no_refetch[c->name] = it->second.no_refetch_from_above;
      if (!it->second.no_resend_to_below.empty()) out.no_resend[c->name] = it->second.no_resend_to_below;
    }
  }
  return out;
}

// no_refetch_from_above / no_resend_to_below (§2.8): temporal loops that are not Relevant
// to the tensor, in the span from its first holder down to this memory's holder (refetch)
// or from this memory's holder down to the tensor's next holder (resend), are deleted.
void apply_no_refetch_no_resend(const EinsumProblem& p, const ArchConstraints& rules, Nodes& m) {
  std::vector<char> remove(m.size(), 0);
  const auto holds = [&](std::size_t i, const std::string& t) {
    return m[i].kind == TemplateNodeKind::Storage && m[i].tensor == t;
  };
  const auto drop_irrelevant = [&](std::size_t from, std::size_t to, const std::string& t) {
    for (std::size_t i = from; i < to && i < m.size(); ++i)
      if (m[i].kind == TemplateNodeKind::Temporal &&
          p.einsum->relevancy(m[i].rank_variable, t) != spec::Relevancy::Relevant)
        remove[i] = 1;
  };
  for (const auto* c : p.path) {
    if (c->kind != spec::ComponentKind::Memory) continue;
    std::set<std::string> held;
    for (const auto& n : m)
      if (n.kind == TemplateNodeKind::Storage && n.component == c->name) held.insert(n.tensor);
    if (held.empty()) continue;
    for (const auto& t :
         rules.no_refetch.contains(c->name) ? rules.no_refetch.at(c->name) : std::set<std::string>{}) {
      if (!held.contains(t)) continue;
      std::size_t start = 0;
      while (start < m.size() && !holds(start, t)) ++start;
      std::size_t end = start + 1;
      while (end < m.size() && !(holds(end, t) && m[end].component == c->name)) ++end;
      if (end >= m.size()) end = start;  // backed here, or not here at all
      drop_irrelevant(start, end, t);
    }
    for (const auto& t :
         rules.no_resend.contains(c->name) ? rules.no_resend.at(c->name) : std::set<std::string>{}) {
      std::size_t start = 0;
      while (start < m.size() && !(holds(start, t) && m[start].component == c->name)) ++start;
      std::size_t end = start + 1;
      while (end < m.size() && !holds(end, t)) ++end;
      drop_irrelevant(start, end, t);
    }
  }
  Nodes kept;
  for (std::size_t i = 0; i < m.size(); ++i)
    if (!remove[i]) kept.push_back(std::move(m[i]));
  m = std::move(kept);
}

struct SpatialConstraints {
  std::vector<MinUsageConstraint> min_usage;
  std::vector<LoopBoundConstraint> loop_bounds;
};

// `reuse` constraints and "1" loop bounds delete spatial loops; min_usage and the other
// loop bounds attach to the survivors (non-product bounds split per rank variable).
SpatialConstraints apply_spatial_constraints(const EinsumProblem& p, const ArchConstraints& rules, Nodes& m) {
  SpatialConstraints out;
  for (const auto* c : p.path) {
    for (const auto& dim : c->spatial) {
      NameSet banned;
      for (const auto& t : dim.reuse)
        if (const auto it = p.all_rvs.find(t); it != p.all_rvs.end())
          banned.insert(it->second.begin(), it->second.end());
      const ComponentDim key{c->name, dim.name};
      for (auto lb :
           rules.loop_bounds.contains(key) ? rules.loop_bounds.at(key) : std::vector<LoopBoundConstraint>{}) {
        const bool to_one =
            lb.value == 1 && (lb.op == "==" || lb.op == "<=" || lb.op == "product==" || lb.op == "product<=");
        if (to_one) {
          banned.insert(lb.rank_variables.begin(), lb.rank_variables.end());
        } else if (lb.op.starts_with("product")) {
          out.loop_bounds.push_back(std::move(lb));
        } else {
          for (const auto& rv : lb.rank_variables) {
            LoopBoundConstraint one = lb;
            one.rank_variables = {rv};
            out.loop_bounds.push_back(std::move(one));
          }
        }
      }
      std::erase_if(m, [&](const TemplateNode& n) {
        return n.kind == TemplateNodeKind::Spatial && n.component == c->name && n.dim == dim.name &&
               banned.contains(n.rank_variable);
      });
      const double mu =
          p.einsum->is_copy_operation || !rules.min_usage.contains(key) ? 0.0 : rules.min_usage.at(key);
      if (mu > 0) out.min_usage.push_back({c->name, dim.name, mu});
    }
  }
  return out;
}

void remove_unordered_spatial_temporal_loops(const EinsumProblem& p, Nodes& m) {
  std::vector<std::size_t> remove;
  for (std::size_t i = 0; i < m.size(); ++i) {
    if (m[i].kind != TemplateNodeKind::Storage) continue;
    const NameSet& relevant = p.all_rvs.at(m[i].tensor);
    const double f = p.cumulative_fanout.at(m[i].component);
    std::size_t check_up_to = i;
    for (std::size_t j = i + 1; j < m.size(); ++j)
      if (m[j].kind == TemplateNodeKind::Spatial && f >= p.cumulative_fanout.at(m[j].component))
        check_up_to = j;
    std::map<std::string, std::vector<std::size_t>> spatial, temporal;
    for (std::size_t j = i + 1; j < check_up_to; ++j) {
      if (m[j].kind == TemplateNodeKind::Spatial && relevant.contains(m[j].rank_variable))
        spatial[m[j].rank_variable].push_back(j);
      if (m[j].kind == TemplateNodeKind::Temporal) temporal[m[j].rank_variable].push_back(j);
    }
    for (const auto& [rv, idx] : temporal)
      if (spatial.contains(rv) && relevant.contains(rv)) remove.insert(remove.end(), idx.begin(), idx.end());
  }
  std::sort(remove.begin(), remove.end());
  remove.erase(std::unique(remove.begin(), remove.end()), remove.end());
  for (auto it = remove.rbegin(); it != remove.rend(); ++it)
    m.erase(m.begin() + static_cast<std::ptrdiff_t>(*it));
}

// Runs of adjacent storage nodes are unordered sets; everything else by its compact string.
std::vector<std::string> dedup_key(const Nodes& m) {
  std::vector<std::string> key;
  std::vector<std::string> group;
  const auto flush = [&] {
    if (group.empty()) return;
    std::sort(group.begin(), group.end());
    std::string g = "{";
    for (const auto& s : group) g += s + ",";
    key.push_back(g + "}");
    group.clear();
  };
  for (const auto& n : m) {
    if (n.kind == TemplateNodeKind::Storage) {
      group.push_back(n.compact());
    } else {
      flush();
      key.push_back(n.compact());
    }
  }
  flush();
  return key;
}

// The rank of `tensor` that rank variable `rv` indexes (compatibility.py:from_mapping's
// get_rank): "" if none, so the tensor would be recomputed across the loop.
std::string rank_of(const EinsumProblem& p, const std::string& tensor, const std::string& rv) {
  const spec::TensorAccess* a = p.einsum->find_access(tensor);
  if (a == nullptr) return {};
  std::string rank;
  for (const auto& entry : a->projection) {
    if (!entry.expr.contains(rv)) continue;
    if (!rank.empty() && rank != entry.rank)
      throw core::SpecError(core::Diagnostic{p.einsum->where.value_or(core::SourceLocation{}), "workload",
                                             "Einsum " + p.einsum->name + ": rank variable " + rv +
                                                 " indexes several ranks of tensor " + tensor + " (" + rank +
                                                 ", " + entry.rank + "), which fused loops cannot match"});
    rank = entry.rank;
  }
  return rank;
}

// label_fused_loops and Compatibility.from_mapping (§2.7, §2.11): loops above the last
// backing node of a fusable tensor are fused; each fusable tensor's backing node is
// reserved right below itself, under the loops above it.
void label_fusion(const EinsumProblem& p, PmappingTemplate& t) {
  std::vector<const TemplateNode*> loops_above;
  for (const auto& n : t.nodes) {
    if (n.kind != TemplateNodeKind::Storage) {
      loops_above.push_back(&n);
      continue;
    }
    if (!n.backing || !p.fusable.contains(n.tensor)) continue;
    SharedTensorHolder h;
    h.tensor = n.tensor;
    h.memory = n.component;
    h.persistent = n.persistent;
    if (!n.persistent)
      for (const auto* l : loops_above) {
        h.ranks.push_back(rank_of(p, n.tensor, l->rank_variable));
        h.spatial.push_back(l->kind == TemplateNodeKind::Spatial ? 1 : 0);
      }
    t.n_fused_loops = std::max(t.n_fused_loops, loops_above.size());
    t.shared.push_back(std::move(h));
  }
  std::sort(t.shared.begin(), t.shared.end(),
            [](const SharedTensorHolder& a, const SharedTensorHolder& b) { return a.tensor < b.tensor; });
}

}  // namespace

TemplateStats make_templates(const EinsumProblem& problem, const MapperOptions& options,
                             const std::function<bool(PmappingTemplate)>& emit, std::stop_token stop) {
  TemplateStats stats;
  if (!problem.compute_enabled) return stats;
  std::set<std::vector<std::string>> seen;
  std::size_t n_emitted = 0;
  bool done = false;
  const ArchConstraints rules = read_arch_constraints(problem);
  StorageChoiceMaker choices(problem, options);
  OrderMaker orders(problem, options);
  choices.run([&](const Nodes& choice) {
    if (done) return;
    ++stats.storage_choices;
    orders.run(choice, [&](const Nodes& order) {
      if (done) return;
      ++stats.storage_orders;
      for (Nodes m : temporal_loop_variants(problem, options, order)) {
        if (done || stop.stop_requested()) {
          done = true;
          return;
        }
        ++stats.loop_variants;
        insert_spatial_loops(problem, m);
        place_missing_temporal_loops(problem, m);
        apply_no_refetch_no_resend(problem, rules, m);
        const auto constraints = apply_spatial_constraints(problem, rules, m);
        remove_unordered_spatial_temporal_loops(problem, m);
        if (!seen.insert(dedup_key(m)).second) {
          ++stats.duplicates;
          continue;
        }
        PmappingTemplate t;
        t.einsum = problem.einsum->name;
        t.compute = problem.compute;
        for (const auto& c : constraints.min_usage) {
          const bool has_loop = std::any_of(m.begin(), m.end(), [&](const TemplateNode& n) {
            return n.kind == TemplateNodeKind::Spatial && n.component == c.component && n.dim == c.dim;
          });
          if (has_loop) t.min_usage.push_back(c);
        }
        // The innermost dimension's min_usage first: AccelForge enumerates tile shapes inner to
        // outer and keeps the best usage of each dimension as its loops complete, so an inner
        // dimension is filled before an outer one (a CiM array's rows before its columns).
        const auto deepest = [&](const MinUsageConstraint& c) {
          std::ptrdiff_t at = -1;
          for (std::size_t i = 0; i < m.size(); ++i)
            if (m[i].kind == TemplateNodeKind::Spatial && m[i].component == c.component && m[i].dim == c.dim)
              at = static_cast<std::ptrdiff_t>(i);
          return at;
        };
        std::stable_sort(t.min_usage.begin(), t.min_usage.end(),
                         [&](const MinUsageConstraint& a, const MinUsageConstraint& b) {
                           return deepest(a) > deepest(b);
                         });
        for (const auto& c : constraints.loop_bounds) {  // kept only if it targets a loop
          const bool has_loop = std::any_of(m.begin(), m.end(), [&](const TemplateNode& n) {
            return n.kind == TemplateNodeKind::Spatial && n.component == c.component && n.dim == c.dim &&
                   c.rank_variables.contains(n.rank_variable);
          });
          if (has_loop) t.loop_bounds.push_back(c);
        }
        t.nodes = std::move(m);
        label_fusion(problem, t);
        if (t.n_fused_loops > 0) ++stats.fused;
        t.index = n_emitted++;
        if (!emit(std::move(t)) ||
            static_cast<std::int64_t>(n_emitted) >= options.max_pmapping_templates_per_einsum) {
          done = true;
          return;
        }
      }
    });
  });
  return stats;
}

bool LoopBoundConstraint::holds(const std::vector<double>& bounds) const {
  const auto compare = [&](double x) {
    const std::string plain = op.starts_with("product") ? op.substr(7) : op;
    if (plain == "==") return x == value;
    if (plain == "<=") return x <= value;
    if (plain == ">=") return x >= value;
    if (plain == "<") return x < value;
    return x > value;
  };
  if (op.starts_with("product")) {
    double product = 1;
    for (const double b : bounds) product *= b;
    return compare(product);
  }
  return std::all_of(bounds.begin(), bounds.end(), compare);
}

std::string LoopBoundConstraint::name() const {
  std::string rvs;
  for (const auto& rv : rank_variables) rvs += (rvs.empty() ? "" : ", ") + rv;
  std::ostringstream v;
  v << value;
  return "loop_bounds " + component + "." + dim + " [" + rvs + "] " + op + " " + v.str();
}

std::vector<PmappingTemplate> all_templates(const EinsumProblem& problem, const MapperOptions& options,
                                            TemplateStats* stats) {
  std::vector<PmappingTemplate> out;
  const auto s = make_templates(problem, options, [&](PmappingTemplate t) {
    out.push_back(std::move(t));
    return true;
  });
  if (stats) *stats = s;
  return out;
}

}  // namespace af::mapper
