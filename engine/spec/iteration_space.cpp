#include "spec/iteration_space.h"

#include <isl/ctx.h>
#include <isl/ilp.h>
#include <isl/options.h>
#include <isl/set.h>
#include <isl/val.h>

#include <memory>
#include <stdexcept>

namespace af::spec {
namespace {

struct CtxFree {
  void operator()(isl_ctx* c) const { isl_ctx_free(c); }
};
struct SetFree {
  void operator()(isl_set* s) const { isl_set_free(s); }
};
struct ValFree {
  void operator()(isl_val* v) const { isl_val_free(v); }
};
using Ctx = std::unique_ptr<isl_ctx, CtxFree>;
using Set = std::unique_ptr<isl_set, SetFree>;
using Val = std::unique_ptr<isl_val, ValFree>;

std::int64_t to_int(Val v, const std::string& what) {
  if (!v || isl_val_is_int(v.get()) != isl_bool_true)
    throw std::invalid_argument("iteration space: " + what + " is not a finite integer");
  return isl_val_get_num_si(v.get());
}

}  // namespace

IterationSpace analyze_iteration_space(const std::string& constraints,
                                       const std::vector<std::string>& rank_variables) {
  Ctx ctx(isl_ctx_alloc());
  isl_options_set_on_error(ctx.get(), ISL_ON_ERROR_CONTINUE);
  std::string text = "{ [";
  for (std::size_t i = 0; i < rank_variables.size(); ++i)
    text += (i ? ", " : "") + rank_variables[i];
  text += "]";
  if (!constraints.empty()) text += " : " + constraints;
  text += " }";
  Set set(isl_set_read_from_str(ctx.get(), text.c_str()));
  if (!set) throw std::invalid_argument("iteration space: isl cannot parse `" + text + "`");
  // count_val returns 0 (not an error) for unbounded or parametric sets: guard first.
  if (isl_set_dim(set.get(), isl_dim_param) != 0)
    throw std::invalid_argument("iteration space has free parameters: " + text);
  if (isl_set_is_empty(set.get()) == isl_bool_true)
    throw std::invalid_argument("iteration space is empty: " + text);
  if (isl_set_is_bounded(set.get()) != isl_bool_true)
    throw std::invalid_argument("iteration space is unbounded: " + text);

  IterationSpace out;
  std::string box = "{ [" + text.substr(3, text.find(']') - 3) + "] : ";  // the box hull, to compare with
  double box_points = 1;
  for (std::size_t i = 0; i < rank_variables.size(); ++i) {
    const int pos = static_cast<int>(i);
    const auto hi = to_int(Val(isl_pw_aff_max_val(isl_set_dim_max(isl_set_copy(set.get()), pos))),
                           "max of " + rank_variables[i]);
    const auto lo = to_int(Val(isl_pw_aff_min_val(isl_set_dim_min(isl_set_copy(set.get()), pos))),
                           "min of " + rank_variables[i]);
    out.bounds[rank_variables[i]] = hi - lo + 1;
    box += (i ? " and " : "") + std::to_string(lo) + " <= " + rank_variables[i] + " <= " + std::to_string(hi);
    box_points *= static_cast<double>(hi - lo + 1);
  }
  box += " }";
  // isl_set_count_val walks every outer "row" (minutes for a 256x256x32x128 attention
  // space); when the set is its own box hull the count is just the product of the bounds.
  const Set hull(isl_set_read_from_str(ctx.get(), rank_variables.empty() ? "{ [] }" : box.c_str()));
  if (hull && isl_set_is_equal(set.get(), hull.get()) == isl_bool_true && box_points < 9.2e18) {
    std::int64_t points = 1;
    for (const auto& [rv, bound] : out.bounds) points *= bound;
    out.n_points = points;
    return out;
  }
  out.n_points = to_int(Val(isl_set_count_val(set.get())), "point count");
  return out;
}

}  // namespace af::spec
