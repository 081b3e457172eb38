#include "spec/iteration_space.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <isl/constraint.h>
#include <isl/ctx.h>
#include <isl/ilp.h>
#include <isl/options.h>
#include <isl/set.h>
#include <isl/val.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <limits>
#include <memory>
#include <set>
#include <stdexcept>

#include "spec/lattice_points.h"

namespace af::spec {
namespace {

// isl counts "operations" and fails a call past a set limit; hostile constraint text then
// ends in an error instead of a hang. Parsing and the bound checks of a real workload take a
// few thousand; the fallback count gets its own allowance (about 0.2 s on one core).
constexpr unsigned long kIslCheckOperations = 4'000'000;
constexpr unsigned long kIslCountOperations = 1'000'000;

struct CtxFree {
  void operator()(isl_ctx* c) const { isl_ctx_free(c); }
};
struct SetFree {
  void operator()(isl_set* s) const { isl_set_free(s); }
};
struct ValFree {
  void operator()(isl_val* v) const { isl_val_free(v); }
};
struct TextFree {
  void operator()(char* s) const { std::free(s); }
};
using Ctx = std::unique_ptr<isl_ctx, CtxFree>;
using Set = std::unique_ptr<isl_set, SetFree>;
using Val = std::unique_ptr<isl_val, ValFree>;

[[noreturn]] void too_complex(const char* what) {
  throw std::invalid_argument(fmt::format(
      "{} needs more work than the limit allows; simplify iteration_space_shape (boxes and shapes "
      "that couple rank variables in pairs, such as n <= m or 0 <= p + r < P, are cheap)",
      what));
}

// isl_bool to bool; an error here is almost always the operation limit.
bool holds(isl_ctx* ctx, isl_bool b, const char* what) {
  if (b == isl_bool_error) {
    if (isl_ctx_last_error(ctx) == isl_error_quota) too_complex(what);
    throw std::invalid_argument(fmt::format("isl failed while {}", what));
  }
  return b == isl_bool_true;
}

bool fits_int64(isl_val* v) {
  return isl_val_is_int(v) == isl_bool_true && isl_val_cmp_si(v, std::numeric_limits<long>::max()) <= 0 &&
         isl_val_cmp_si(v, std::numeric_limits<long>::min()) >= 0;
}

std::int64_t to_int(isl_ctx* ctx, Val v, const std::string& what) {
  if (!v && isl_ctx_last_error(ctx) == isl_error_quota) too_complex(what.c_str());
  if (!v || isl_val_is_int(v.get()) != isl_bool_true)
    throw std::invalid_argument("iteration space: " + what + " is not a finite integer");
  if (!fits_int64(v.get())) {
    const std::unique_ptr<char, TextFree> text(isl_val_to_str(v.get()));
    throw std::invalid_argument(
        fmt::format("iteration space: {} is {}, beyond 64 bits", what, text ? text.get() : "out of range"));
  }
  return isl_val_get_num_si(v.get());
}

// isl reads any other name as an undeclared parameter and fails; say which name it was.
std::string unknown_names(const std::string& constraints, const std::vector<std::string>& rank_variables) {
  static const std::set<std::string> kWords{"and",    "or",  "not", "mod",  "floor", "ceil",
                                            "exists", "min", "max", "true", "false", "implies"};
  const auto word = [&](std::size_t k) {
    if (k >= constraints.size()) return false;
    const auto c = static_cast<unsigned char>(constraints[k]);
    return std::isalnum(c) != 0 || c == '_';
  };
  std::set<std::string> unknown;
  for (std::size_t i = 0; i < constraints.size();) {
    if (!word(i)) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (word(end)) ++end;
    const std::string name = constraints.substr(i, end - i);
    if (!std::isdigit(static_cast<unsigned char>(name.front())) && !kWords.contains(name) &&
        std::find(rank_variables.begin(), rank_variables.end(), name) == rank_variables.end())
      unknown.insert(name);
    i = end;
  }
  if (unknown.empty()) return "";
  return fmt::format(": {} {} not a rank variable of this Einsum (its rank variables are {})",
                     fmt::join(unknown, ", "), unknown.size() == 1 ? "is" : "are",
                     fmt::join(rank_variables, ", "));
}

// One basic set's constraints as inequalities over the set dimensions; false if it has
// existentially quantified variables (modulo or stride constraints) or huge coefficients.
struct Extraction {
  std::vector<std::vector<Inequality>> systems;
  std::size_t n_vars = 0;
  bool supported = true;
};

isl_stat add_constraint(isl_constraint* c, void* user) {
  auto& ex = *static_cast<Extraction*>(user);
  Inequality in;
  bool ok = true;
  const auto wide = [&](isl_val* v) -> Wide {
    const Val owned(v);
    if (!owned || !fits_int64(owned.get())) {
      ok = false;
      return 0;
    }
    return isl_val_get_num_si(owned.get());
  };
  for (std::size_t i = 0; i < ex.n_vars; ++i)
    in.coeffs.push_back(wide(isl_constraint_get_coefficient_val(c, isl_dim_set, static_cast<int>(i))));
  in.constant = wide(isl_constraint_get_constant_val(c));
  const bool equality = isl_constraint_is_equality(c) == isl_bool_true;
  isl_constraint_free(c);
  if (!ok) {
    ex.supported = false;
    return isl_stat_ok;
  }
  if (equality) {  // a x + c = 0 is a x + c >= 0 and -a x - c >= 0
    Inequality negated{in.coeffs, -in.constant};
    for (auto& coeff : negated.coeffs) coeff = -coeff;
    ex.systems.back().push_back(std::move(negated));
  }
  ex.systems.back().push_back(std::move(in));
  return isl_stat_ok;
}

isl_stat add_basic_set(isl_basic_set* bset, void* user) {
  auto& ex = *static_cast<Extraction*>(user);
  if (isl_basic_set_dim(bset, isl_dim_div) != 0) ex.supported = false;
  ex.systems.emplace_back();
  if (ex.supported) isl_basic_set_foreach_constraint(bset, add_constraint, user);
  isl_basic_set_free(bset);
  return isl_stat_ok;
}

// The exact count in decimal: closed form where it applies (see lattice_points.h), else isl's
// own row-by-row count within an operation limit.
std::string count_points(isl_ctx* ctx, const Set& set, std::size_t n_vars,
                         const std::vector<std::pair<std::int64_t, std::int64_t>>& box) {
  isl_ctx_reset_operations(ctx);
  Set pieces(isl_set_copy(set.get()));
  const isl_size n_pieces = isl_set_n_basic_set(pieces.get());
  if (n_pieces > 1) pieces.reset(isl_set_make_disjoint(pieces.release()));  // unions may overlap
  Extraction ex;
  ex.n_vars = n_vars;
  if (!pieces || isl_set_foreach_basic_set(pieces.get(), add_basic_set, &ex) != isl_stat_ok)
    ex.supported = false;
  if (ex.supported) {
    try {
      CountBudget budget;
      Wide total = 0;
      for (auto& system : ex.systems) {
        // The box hull bounds every variable on its own, which the counter needs.
        for (std::size_t i = 0; i < n_vars; ++i) {
          Inequality lo{std::vector<Wide>(n_vars, 0), -static_cast<Wide>(box[i].first)};
          lo.coeffs[i] = 1;
          Inequality hi{std::vector<Wide>(n_vars, 0), static_cast<Wide>(box[i].second)};
          hi.coeffs[i] = -1;
          system.push_back(std::move(lo));
          system.push_back(std::move(hi));
        }
        const Wide count = count_lattice_points(system, n_vars, budget);
        if (__builtin_add_overflow(total, count, &total)) throw CountUnavailable("beyond 128 bits");
      }
      return to_decimal(total);
    } catch (const CountUnavailable&) {
      // isl below counts exactly, in arbitrary precision, within its operation limit.
    }
  }
  isl_ctx_reset_operations(ctx);
  isl_ctx_reset_error(ctx);
  const Val count(isl_set_count_val(isl_set_copy(set.get())));
  // Past the operation limit isl may still hand back a value, but not a number.
  if (isl_ctx_last_error(ctx) == isl_error_quota) too_complex("counting its points");
  if (!count || isl_val_is_int(count.get()) != isl_bool_true)
    throw std::invalid_argument("isl could not count the points of the iteration space");
  const std::unique_ptr<char, TextFree> text(isl_val_to_str(count.get()));
  if (!text) throw std::invalid_argument("isl could not print the number of points");
  return text.get();
}

}  // namespace

IterationSpace analyze_iteration_space(const std::string& constraints,
                                       const std::vector<std::string>& rank_variables) {
  Ctx ctx(isl_ctx_alloc());
  isl_options_set_on_error(ctx.get(), ISL_ON_ERROR_CONTINUE);
  isl_ctx_set_max_operations(ctx.get(), kIslCheckOperations);
  std::string text = "{ [";
  for (std::size_t i = 0; i < rank_variables.size(); ++i) text += (i ? ", " : "") + rank_variables[i];
  text += "]";
  if (!constraints.empty()) text += " : " + constraints;
  text += " }";
  Set set(isl_set_read_from_str(ctx.get(), text.c_str()));
  if (!set) {
    if (isl_ctx_last_error(ctx.get()) == isl_error_quota) too_complex("reading the constraints");
    throw std::invalid_argument("iteration space: isl cannot parse the constraints" +
                                unknown_names(constraints, rank_variables));
  }
  // count_val returns 0 (not an error) for unbounded or parametric sets: guard first.
  if (isl_set_dim(set.get(), isl_dim_param) != 0)
    throw std::invalid_argument("iteration space has free parameters (a name that is not a rank variable)");
  if (holds(ctx.get(), isl_set_is_empty(set.get()), "checking whether it is empty"))
    throw std::invalid_argument("iteration space is empty");
  if (!holds(ctx.get(), isl_set_is_bounded(set.get()), "checking whether it is bounded"))
    throw std::invalid_argument("iteration space is unbounded");

  IterationSpace out;
  std::vector<std::pair<std::int64_t, std::int64_t>> box;
  for (std::size_t i = 0; i < rank_variables.size(); ++i) {
    const int pos = static_cast<int>(i);
    const auto& rv = rank_variables[i];
    const auto hi = to_int(ctx.get(), Val(isl_pw_aff_max_val(isl_set_dim_max(isl_set_copy(set.get()), pos))),
                           "the largest value of " + rv);
    const auto lo = to_int(ctx.get(), Val(isl_pw_aff_min_val(isl_set_dim_min(isl_set_copy(set.get()), pos))),
                           "the smallest value of " + rv);
    std::int64_t span = 0;
    if (__builtin_sub_overflow(hi, lo, &span) || __builtin_add_overflow(span, 1, &span))
      throw std::invalid_argument(
          fmt::format("iteration space: {} takes {} - {} + 1 values, more than 64 bits hold", rv, hi, lo));
    out.bounds[rv] = span;
    box.emplace_back(lo, hi);
  }
  out.points = count_points(ctx.get(), set, rank_variables.size(), box);
  std::int64_t exact = 0;
  if (const auto [end, ec] = std::from_chars(out.points.data(), out.points.data() + out.points.size(), exact);
      ec == std::errc{} && end == out.points.data() + out.points.size())
    out.n_points = exact;
  return out;
}

}  // namespace af::spec
