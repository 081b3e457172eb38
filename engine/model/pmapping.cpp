#include "model/pmapping.h"

#include <algorithm>
#include <set>

#include "model/evaluate.h"

namespace af::model {

InvalidMapping::InvalidMapping(std::string message, std::string node,
                               std::optional<core::SourceLocation> where)
    : std::runtime_error([&] {
        std::string s;
        if (where && where->known()) s += where->to_string() + ": ";
        s += "invalid mapping";
        if (!node.empty()) s += " at " + node;
        return s + ": " + message;
      }()),
      message_(std::move(message)),
      node_(std::move(node)),
      where_(std::move(where)) {}

}  // namespace af::model

namespace af::model::detail {

void fail(const std::string& message, const spec::MappingNode* node, std::string_view field) {
  if (node == nullptr) throw InvalidMapping(message, "", std::nullopt);
  throw InvalidMapping(message, spec::describe(*node), node->where_of(field));
}

int EinsumContext::tensor_index(const std::string& t) const {
  const auto it = std::find(tensors.begin(), tensors.end(), t);
  return it == tensors.end() ? -1 : static_cast<int>(it - tensors.begin());
}
int EinsumContext::rv_index(const std::string& rv) const {
  const auto it = std::find(rvs.begin(), rvs.end(), rv);
  return it == rvs.end() ? -1 : static_cast<int>(it - rvs.begin());
}
int EinsumContext::flat_index(const std::string& component) const {
  for (std::size_t i = 0; i < flat.size(); ++i)
    if (flat[i]->name == component) return static_cast<int>(i);
  return -1;
}

double EinsumContext::dense_tile(int tensor, const std::vector<double>& shape) const {
  double result = 1;
  if (bare[static_cast<std::size_t>(tensor)] != 0) {
    // A bare rank's extent (0 + 1 × (S - 1)) + 1 is S exactly: tile shapes are whole numbers.
    for (const int rv : bare_ranks[static_cast<std::size_t>(tensor)])
      result *= shape[static_cast<std::size_t>(rv)];
    return result;
  }
  const auto ranks = projection[static_cast<std::size_t>(tensor)].size();
  for (std::size_t r = 0; r < ranks; ++r) result *= rank_extent(tensor, r, shape);
  return result;
}

namespace {

void split_worker(const spec::NestedNode& nested, std::vector<const spec::MappingNode*>& prefix,
                  std::vector<std::vector<const spec::MappingNode*>>& out) {
  const auto n = nested.nodes.size();
  const auto before = prefix.size();
  for (std::size_t i = 0; i < n; ++i) {
    const auto& node = nested.nodes[i];
    if (const auto* b = node.as<spec::BranchNode>()) {
      for (const auto& branch : b->branches) {
        if (const auto* inner = branch.as<spec::NestedNode>()) {
          split_worker(*inner, prefix, out);
        } else {
          prefix.push_back(&branch);
          out.push_back(prefix);
          prefix.pop_back();
        }
      }
      if (i + 1 != n) fail("only the last node of a Nested may branch", &node);
      prefix.resize(before);
      return;
    }
    if (const auto* inner = node.as<spec::NestedNode>()) {
      split_worker(*inner, prefix, out);
      if (i + 1 != n) fail("only the last node of a Nested may have children", &node);
      prefix.resize(before);
      return;
    }
    prefix.push_back(&node);
  }
  out.push_back(prefix);
  prefix.resize(before);
}

}  // namespace

std::vector<std::vector<const spec::MappingNode*>> split_into_pmappings(const spec::Mapping& m) {
  std::vector<std::vector<const spec::MappingNode*>> out;
  std::vector<const spec::MappingNode*> prefix;
  split_worker(m, prefix, out);
  return out;
}

EinsumContext make_context(const spec::ResolvedSpec& spec, const spec::MappingNode& compute_node) {
  const auto& cn = *compute_node.as<spec::ComputeNode>();
  EinsumContext ctx;
  ctx.einsum = spec.workload.find_einsum(cn.einsum);
  if (ctx.einsum == nullptr) fail("unknown Einsum '" + cn.einsum + "'", &compute_node, "einsum");
  try {
    ctx.arch = &spec.arch_for(cn.einsum);
  } catch (const std::out_of_range& e) {
    fail(e.what(), &compute_node);
  }
  const auto* comp = ctx.arch->find(cn.component);
  if (comp == nullptr || comp->kind != spec::ComponentKind::Compute)
    fail("'" + cn.component + "' is not a Compute component of the architecture", &compute_node, "component");
  for (const auto i : ctx.arch->path_for(cn.component)) ctx.flat.push_back(&ctx.arch->components[i]);
  if (ctx.flat.empty() || ctx.flat.back()->name != cn.component)
    fail("no architecture path leads to Compute '" + cn.component + "'", &compute_node, "component");
  ctx.compute = static_cast<int>(ctx.flat.size()) - 1;

  const auto& e = *ctx.einsum;
  ctx.tensors = e.tensor_names();
  const auto rvs = e.rank_variables();
  ctx.rvs.assign(rvs.begin(), rvs.end());
  for (const auto& rv : ctx.rvs) ctx.bounds.push_back(static_cast<double>(e.bound(rv)));
  const auto simple = e.simple_rank_variables();
  for (const auto& rv : ctx.rvs) ctx.simple_rv.push_back(simple.contains(rv) ? 1 : 0);
  for (const auto& a : e.accesses) {
    std::vector<spec::Relevancy> rel;
    for (const auto& rv : ctx.rvs) rel.push_back(e.relevancy(rv, a.tensor));
    ctx.relevancy.push_back(std::move(rel));
    std::vector<RankExpr> proj;
    for (const auto& p : a.projection) {
      RankExpr r{{}, static_cast<double>(p.expr.constant)};
      for (const auto& t : p.expr.terms)
        r.terms.push_back({ctx.rv_index(t.var), static_cast<double>(t.coeff)});
      proj.push_back(std::move(r));
    }
    std::vector<int> bare;
    for (const auto& r : proj)
      if (r.constant == 0 && r.terms.size() == 1 && r.terms.front().coeff == 1)
        bare.push_back(r.terms.front().rv);
    const bool all_bare = bare.size() == proj.size();
    ctx.bare.push_back(all_bare ? 1 : 0);
    ctx.bare_ranks.push_back(all_bare ? std::move(bare) : std::vector<int>{});
    ctx.projection.push_back(std::move(proj));
    ctx.is_output.push_back(a.output ? 1 : 0);
    ctx.bits_per_value.push_back(a.bits_per_value);
  }
  ctx.is_copy = e.is_copy_operation;
  ctx.n_instances = spec.workload.n_instances * e.n_instances;
  return ctx;
}

namespace {

PNode make_loop(const EinsumContext& ctx, const spec::MappingNode& node, const std::string& rv,
                std::int64_t tile) {
  PNode p;
  p.source = &node;
  p.rv = ctx.rv_index(rv);
  if (p.rv < 0)
    fail("loop over rank variable '" + rv + "', which Einsum " + ctx.einsum->name + " does not have", &node,
         "rank_variable");
  if (tile <= 0) fail("tile_shape must be positive", &node, "tile_shape");
  // A rank variable of bound 1 always has tile 1 (README: Pmappings and normalising).
  p.tile = ctx.bounds[static_cast<std::size_t>(p.rv)] == 1 ? 1.0 : static_cast<double>(tile);
  return p;
}

void add_holder(const EinsumContext& ctx, const spec::MappingNode& node,
                const std::vector<std::string>& tensors, const std::string& component, bool persistent,
                bool toll, std::vector<PNode>& out) {
  const int c = ctx.flat_index(component);
  const auto want = toll ? spec::ComponentKind::Toll : spec::ComponentKind::Memory;
  if (c < 0)
    fail("unknown component '" + component + "' (not on the architecture path to " + ctx.flat.back()->name +
             " for Einsum " + ctx.einsum->name + ")",
         &node, "component");
  if (ctx.flat[static_cast<std::size_t>(c)]->kind != want)
    fail("component '" + component + "' is not a " + (toll ? "Toll" : "Memory"), &node, "component");
  // Split per tensor in listed order; tensors of other Einsums are dropped (README: Pmappings
  // and normalising).
  for (const auto& t : tensors) {
    const int ti = ctx.tensor_index(t);
    if (ti < 0) continue;
    PNode p;
    p.kind = toll ? NodeKind::Toll : NodeKind::Storage;
    p.source = &node;
    p.tensor = ti;
    p.component = c;
    p.persistent = persistent;
    out.push_back(p);
  }
}

}  // namespace

std::vector<PNode> normalise(const EinsumContext& ctx, const std::vector<const spec::MappingNode*>& chain) {
  std::vector<PNode> out;
  out.reserve(chain.size() + ctx.tensors.size() * 2);
  for (const auto* node : chain) {
    if (const auto* s = node->as<spec::StorageNode>()) {
      add_holder(ctx, *node, s->tensors, s->component, s->persistent, false, out);
    } else if (const auto* t = node->as<spec::TollNode>()) {
      add_holder(ctx, *node, t->tensors, t->component, t->persistent, true, out);
    } else if (const auto* l = node->as<spec::TemporalNode>()) {
      out.push_back(make_loop(ctx, *node, l->rank_variable, l->tile_shape));
    } else if (const auto* sp = node->as<spec::SpatialNode>()) {
      PNode p = make_loop(ctx, *node, sp->rank_variable, sp->tile_shape);
      p.kind = NodeKind::Spatial;
      p.component = ctx.flat_index(sp->component);
      if (p.component < 0)
        fail("unknown component '" + sp->component + "' (not on the architecture path to " +
                 ctx.flat.back()->name + ")",
             node, "component");
      const auto& dims = ctx.flat[static_cast<std::size_t>(p.component)]->spatial;
      for (std::size_t d = 0; d < dims.size(); ++d)
        if (dims[d].name == sp->name) p.dim = static_cast<int>(d);
      if (p.dim < 0)
        fail("component '" + sp->component + "' has no spatial dimension '" + sp->name + "'", node, "name");
      out.push_back(p);
    } else if (node->as<spec::ComputeNode>() != nullptr) {
      PNode p;
      p.kind = NodeKind::Compute;
      p.component = ctx.compute;
      p.source = node;
      out.push_back(p);
    } else if (node->as<spec::ReservationNode>() != nullptr || node->as<spec::TextBoxNode>() != nullptr) {
      // User reservations are recomputed; text boxes are rendering only.
    } else {
      fail("unexpected node inside a pmapping", node);
    }
  }
  // Backing = first holder of each tensor.
  std::vector<char> seen(ctx.tensors.size(), 0);
  for (auto& p : out) {
    if (p.kind != NodeKind::Storage && p.kind != NodeKind::Toll) continue;
    if (!seen[static_cast<std::size_t>(p.tensor)]) {
      p.backing = true;
      seen[static_cast<std::size_t>(p.tensor)] = 1;
    }
  }
  return out;
}

void check_complete(const EinsumContext& ctx, const std::vector<PNode>& out,
                    const spec::MappingNode* compute_src) {
  std::vector<char> seen(ctx.tensors.size(), 0);
  for (const auto& p : out)
    if (p.kind == NodeKind::Storage || p.kind == NodeKind::Toll) seen[static_cast<std::size_t>(p.tensor)] = 1;
  for (std::size_t t = 0; t < ctx.tensors.size(); ++t)
    if (!seen[t])
      fail("tensor " + ctx.tensors[t] + " of Einsum " + ctx.einsum->name +
               " has no backing storage (no Storage node keeps it)",
           compute_src);

  // Every rank variable with bound > 1 needs a tile-1 loop: Compute is one operation (README: Validity).
  std::vector<std::string> missing;
  for (std::size_t r = 0; r < ctx.rvs.size(); ++r) {
    if (ctx.bounds[r] <= 1) continue;
    const bool has = std::any_of(out.begin(), out.end(), [&](const PNode& p) {
      return (p.kind == NodeKind::Temporal || p.kind == NodeKind::Spatial) && p.rv == static_cast<int>(r) &&
             p.tile == 1;
    });
    if (!has) missing.push_back(ctx.rvs[r]);
  }
  if (!missing.empty()) {
    std::string list, fix;
    for (const auto& m : missing) {
      list += (list.empty() ? "" : ", ") + m;
      fix += (fix.empty() ? "" : ", ") + ("`- !Temporal {rank_variable: " + m + ", tile_shape: 1}`");
    }
    fail(
        "missing loop with tile_shape 1 for rank variable(s) {" + list + "} in Einsum " + ctx.einsum->name +
            ": the Compute does one operation at a time, so the innermost loop over each rank variable steps "
            "by 1 (insert " +
            fix + " just above the Compute)",
        compute_src);
  }
}

std::vector<PNode> prepare_copy(const EinsumContext& ctx, std::vector<PNode> nodes) {
  const auto is_holder = [](const PNode& p) {
    return p.kind == NodeKind::Storage || p.kind == NodeKind::Toll;
  };
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (!is_holder(nodes[i])) continue;
    for (std::size_t j = i + 1; j < nodes.size(); ++j) {
      if (!is_holder(nodes[j]) || nodes[j].component != nodes[i].component) continue;
      for (std::size_t k = i + 1; k < j; ++k)
        if (nodes[k].kind == NodeKind::Temporal || nodes[k].kind == NodeKind::Spatial)
          fail("copy Einsum " + ctx.einsum->name + ": holders of " +
                   ctx.flat[static_cast<std::size_t>(nodes[i].component)]->name +
                   " must be back-to-back (a loop is between them)",
               nodes[k].source);
    }
  }
  std::size_t last_backing = 0;
  for (std::size_t i = 0; i < nodes.size(); ++i)
    if (is_holder(nodes[i]) && nodes[i].backing) last_backing = i;
  std::vector<PNode> out;
  out.reserve(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (is_holder(nodes[i]) && i > last_backing) continue;
    out.push_back(nodes[i]);
    out.back().lowerable = false;
  }
  return out;
}

}  // namespace af::model::detail
