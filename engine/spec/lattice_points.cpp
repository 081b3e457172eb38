#include "spec/lattice_points.h"

#include <algorithm>
#include <numeric>
#include <optional>

namespace af::spec {
namespace {

[[noreturn]] void overflow() { throw CountUnavailable("the count does not fit in 128 bits"); }

Wide add(Wide a, Wide b) {
  Wide r = 0;
  if (__builtin_add_overflow(a, b, &r)) overflow();
  return r;
}
Wide sub(Wide a, Wide b) {
  Wide r = 0;
  if (__builtin_sub_overflow(a, b, &r)) overflow();
  return r;
}
Wide mul(Wide a, Wide b) {
  Wide r = 0;
  if (__builtin_mul_overflow(a, b, &r)) overflow();
  return r;
}
// Division rounding down / up (b != 0); C++ truncates toward zero.
Wide floor_div(Wide a, Wide b) {
  const Wide q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
Wide ceil_div(Wide a, Wide b) {
  const Wide q = a / b;
  return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}
Wide floor_mod(Wide a, Wide m) { return sub(a, mul(floor_div(a, m), m)); }

// n (n - 1) / 2 without overflowing before the division.
Wide pairs(Wide n) { return n % 2 == 0 ? mul(n / 2, n - 1) : mul(n, (n - 1) / 2); }

// Σ_{i=0}^{n-1} floor((a i + b) / m) for m > 0, n >= 0: the Euclid-like reduction
// (as in the AtCoder Library's floor_sum), O(log m) steps, every step checked.
Wide floor_sum(Wide n, Wide m, Wide a, Wide b) {
  Wide total = 0;
  if (a < 0 || a >= m) {
    const Wide a2 = floor_mod(a, m);
    total = add(total, mul(pairs(n), floor_div(sub(a, a2), m)));
    a = a2;
  }
  if (b < 0 || b >= m) {
    const Wide b2 = floor_mod(b, m);
    total = add(total, mul(n, floor_div(sub(b, b2), m)));
    b = b2;
  }
  while (n > 0) {  // now 0 <= a, b < m
    const Wide y_max = add(mul(a, n), b);
    if (y_max < m) break;
    n = y_max / m;
    b = y_max % m;
    std::swap(m, a);
    total = add(total, mul(pairs(n), a / m));
    a %= m;
    total = add(total, mul(n, b / m));
    b %= m;
  }
  return total;
}

// y >= (p x + q) / d (lower) or y <= (p x + q) / d (upper), d > 0.
struct Line {
  Wide p, q, d;
};

// Sign of line_a(x) - line_b(x) at x = x2 / 2 (x2 is twice the abscissa, so midpoints stay exact).
int compare_at_half(const Line& a, const Line& b, Wide x2) {
  const Wide left = mul(add(mul(a.p, x2), mul(2, a.q)), b.d);
  const Wide right = mul(add(mul(b.p, x2), mul(2, b.q)), a.d);
  return left < right ? -1 : left > right ? 1 : 0;
}

struct Interval {
  Wide lo, hi;  // empty when lo > hi
};

// The interval a single-variable system allows for variable `v` (coefficients of others are 0).
Interval interval_of(const std::vector<const Inequality*>& only, std::size_t v) {
  std::optional<Wide> lo, hi;
  for (const Inequality* in : only) {
    const Wide a = in->coeffs[v];
    if (a > 0) {
      const Wide l = ceil_div(-in->constant, a);  // a x + c >= 0  ->  x >= -c / a
      lo = lo ? std::max(*lo, l) : l;
    } else if (a < 0) {
      const Wide h = floor_div(in->constant, -a);
      hi = hi ? std::min(*hi, h) : h;
    }
  }
  if (!lo || !hi) throw CountUnavailable("a variable is unbounded");
  return {*lo, *hi};
}

Wide count_system(const std::vector<Inequality>& system, std::size_t n_vars, CountBudget& budget);

// Two variables (x outer, y inner): Σ_x max(0, floor(min upper(x)) - ceil(max lower(x)) + 1).
// Between two crossings of bounding lines the active bounds are fixed, so each stretch is two
// floor sums. Crossings at integer x get a stretch of their own, so that inside a longer
// stretch every comparison is strict and the sign at its midpoint holds throughout.
Wide count_pair(const std::vector<Inequality>& system, CountBudget& budget) {
  std::vector<const Inequality*> x_only;
  std::vector<Line> lower, upper;
  for (const auto& in : system) {
    const Wide a = in.coeffs[0], b = in.coeffs[1];
    if (b == 0) {
      x_only.push_back(&in);
    } else if (b > 0) {
      lower.push_back({-a, -in.constant, b});
    } else {
      upper.push_back({a, in.constant, -b});
    }
  }
  if (lower.size() + upper.size() > budget.max_pair_bounds)
    throw CountUnavailable("too many constraints couple two variables");
  if (lower.empty() || upper.empty()) throw CountUnavailable("a variable is unbounded");
  const Interval x = interval_of(x_only, 0);
  if (x.lo > x.hi) return 0;

  std::vector<Line> all = lower;
  all.insert(all.end(), upper.begin(), upper.end());
  std::vector<Wide> cuts{x.lo, add(x.hi, 1)};
  for (std::size_t i = 0; i < all.size(); ++i)
    for (std::size_t j = i + 1; j < all.size(); ++j) {
      // p_i x / d_i + q_i / d_i = p_j x / d_j + q_j / d_j
      const Wide den = sub(mul(all[i].p, all[j].d), mul(all[j].p, all[i].d));
      if (den == 0) continue;  // parallel
      const Wide num = sub(mul(all[j].q, all[i].d), mul(all[i].q, all[j].d));
      for (const Wide cut : {ceil_div(num, den), add(floor_div(num, den), 1)})
        if (cut > x.lo && cut <= x.hi) cuts.push_back(cut);
    }
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());

  const auto value_floor = [](const Line& l, Wide at) { return floor_div(add(mul(l.p, at), l.q), l.d); };
  const auto value_ceil = [](const Line& l, Wide at) { return ceil_div(add(mul(l.p, at), l.q), l.d); };
  Wide total = 0;
  for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
    const Wide first = cuts[k], n = cuts[k + 1] - cuts[k], last = cuts[k + 1] - 1;
    const Wide mid2 = add(first, last);  // twice the midpoint
    const Line* hi = &upper.front();
    const Line* lo = &lower.front();
    for (const auto& u : upper)
      if (compare_at_half(u, *hi, mid2) < 0) hi = &u;
    for (const auto& l : lower)
      if (compare_at_half(l, *lo, mid2) > 0) lo = &l;
    if (n == 1) {
      Wide floor_hi = value_floor(upper.front(), first), ceil_lo = value_ceil(lower.front(), first);
      for (const auto& u : upper) floor_hi = std::min(floor_hi, value_floor(u, first));
      for (const auto& l : lower) ceil_lo = std::max(ceil_lo, value_ceil(l, first));
      if (floor_hi >= ceil_lo) total = add(total, add(sub(floor_hi, ceil_lo), 1));
      continue;
    }
    if (compare_at_half(*hi, *lo, mid2) < 0) continue;  // empty all along this stretch
    // Σ floor(hi) - Σ ceil(lo) + n, with ceil(v) = -floor(-v); x = first + i.
    const Wide sum_hi = floor_sum(n, hi->d, hi->p, add(mul(hi->p, first), hi->q));
    const Wide sum_neg_lo = floor_sum(n, lo->d, -lo->p, -add(mul(lo->p, first), lo->q));
    total = add(total, add(add(sum_hi, sum_neg_lo), n));
  }
  return total;
}

// Three or more coupled variables: scan the outer variable with the fewest values (charged to
// the budget) and count each slice, whose variables may then fall apart into smaller groups.
Wide count_by_rows(const std::vector<Inequality>& system, std::size_t n_vars, CountBudget& budget) {
  std::size_t outer = 0;
  std::optional<Interval> best;
  for (std::size_t v = 0; v < n_vars; ++v) {
    std::vector<const Inequality*> only;
    for (const auto& in : system) {
      bool alone = true;
      for (std::size_t w = 0; w < n_vars; ++w) alone = alone && (w == v || in.coeffs[w] == 0);
      if (alone) only.push_back(&in);
    }
    const Interval range = interval_of(only, v);
    if (range.lo > range.hi) return 0;
    if (!best || range.hi - range.lo < best->hi - best->lo) best = range, outer = v;
  }
  const Wide rows = best->hi - best->lo + 1;
  if (rows > budget.rows_left) throw CountUnavailable("three or more variables couple over too many values");
  budget.rows_left -= static_cast<std::int64_t>(rows);
  Wide total = 0;
  for (Wide value = best->lo; value <= best->hi; ++value) {
    std::vector<Inequality> slice;
    slice.reserve(system.size());
    for (const auto& in : system) {
      Inequality s;
      s.constant = add(in.constant, mul(in.coeffs[outer], value));
      for (std::size_t v = 0; v < n_vars; ++v)
        if (v != outer) s.coeffs.push_back(in.coeffs[v]);
      slice.push_back(std::move(s));
    }
    total = add(total, count_system(slice, n_vars - 1, budget));
  }
  return total;
}

// Union-find over variables that share an inequality; groups multiply.
Wide count_system(const std::vector<Inequality>& system, std::size_t n_vars, CountBudget& budget) {
  std::vector<std::size_t> parent(n_vars);
  std::iota(parent.begin(), parent.end(), std::size_t{0});
  const auto root = [&](std::size_t v) {
    while (parent[v] != v) v = parent[v] = parent[parent[v]];
    return v;
  };
  for (const auto& in : system) {
    std::optional<std::size_t> first;
    for (std::size_t v = 0; v < n_vars; ++v) {
      if (in.coeffs[v] == 0) continue;
      if (first)
        parent[root(v)] = root(*first);
      else
        first = v;
    }
    if (!first && in.constant < 0) return 0;  // 0 >= something positive: nothing satisfies
  }
  std::vector<std::vector<std::size_t>> groups;
  std::vector<std::ptrdiff_t> group_of(n_vars, -1);
  for (std::size_t v = 0; v < n_vars; ++v) {
    const std::size_t r = root(v);
    if (group_of[r] < 0) {
      group_of[r] = static_cast<std::ptrdiff_t>(groups.size());
      groups.emplace_back();
    }
    groups[static_cast<std::size_t>(group_of[r])].push_back(v);
  }
  // Small groups first: an empty one ends the count before a costly one starts.
  std::stable_sort(groups.begin(), groups.end(),
                   [](const auto& a, const auto& b) { return a.size() < b.size(); });
  Wide product = 1;
  for (const auto& group : groups) {
    std::vector<Inequality> local;
    for (const auto& in : system) {
      if (std::none_of(group.begin(), group.end(), [&](std::size_t v) { return in.coeffs[v] != 0; }))
        continue;
      Inequality l;
      l.constant = in.constant;
      for (const std::size_t v : group) l.coeffs.push_back(in.coeffs[v]);
      local.push_back(std::move(l));
    }
    Wide count = 0;
    if (group.size() == 1) {
      std::vector<const Inequality*> only;
      for (const auto& in : local) only.push_back(&in);
      const Interval range = interval_of(only, 0);
      count = range.lo > range.hi ? 0 : add(sub(range.hi, range.lo), 1);
    } else if (group.size() == 2) {
      count = count_pair(local, budget);
    } else {
      count = count_by_rows(local, group.size(), budget);
    }
    if (count == 0) return 0;
    product = mul(product, count);
  }
  return product;
}

}  // namespace

Wide count_lattice_points(const std::vector<Inequality>& system, std::size_t n_vars, CountBudget& budget) {
  for (const auto& in : system)
    if (in.coeffs.size() != n_vars) throw std::invalid_argument("count_lattice_points: coefficient count");
  return count_system(system, n_vars, budget);
}

std::string to_decimal(Wide value) {
  if (value == 0) return "0";
  const bool negative = value < 0;
  std::string digits;
  while (value != 0) {
    const int d = static_cast<int>(value % 10);
    digits += static_cast<char>('0' + (d < 0 ? -d : d));
    value /= 10;
  }
  if (negative) digits += '-';
  return {digits.rbegin(), digits.rend()};
}

}  // namespace af::spec
