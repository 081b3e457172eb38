#include "core/divisors.h"

#include <algorithm>
#include <map>
#include <numeric>

namespace af::core {
namespace {

using U64 = std::uint64_t;
__extension__ typedef unsigned __int128 U128;

U64 mul_mod(U64 a, U64 b, U64 m) { return static_cast<U64>(static_cast<U128>(a) * b % m); }

U64 pow_mod(U64 base, U64 exp, U64 m) {
  U64 result = 1 % m;
  base %= m;
  for (; exp > 0; exp >>= 1) {
    if (exp & 1) result = mul_mod(result, base, m);
    base = mul_mod(base, base, m);
  }
  return result;
}

// Deterministic for every 64-bit n with these bases.
bool is_prime(U64 n) {
  if (n < 2) return false;
  for (const U64 p : {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37})
    if (n % p == 0) return n == p;
  U64 d = n - 1;
  int s = 0;
  while (d % 2 == 0) d /= 2, ++s;
  for (const U64 a : {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37}) {
    U64 x = pow_mod(a, d, n);
    if (x == 1 || x == n - 1) continue;
    bool composite = true;
    for (int r = 1; r < s && composite; ++r) {
      x = mul_mod(x, x, n);
      if (x == n - 1) composite = false;
    }
    if (composite) return false;
  }
  return true;
}

// A non-trivial factor of an odd composite n (Brent's variant of Pollard's rho).
U64 rho(U64 n) {
  for (U64 c = 1;; ++c) {
    const auto f = [&](U64 x) { return (mul_mod(x, x, n) + c) % n; };
    U64 y = 2, x = 2, g = 1, q = 1, ys = 2;
    constexpr U64 kBlock = 128;
    for (U64 r = 1; g == 1; r <<= 1) {
      x = y;
      for (U64 i = 0; i < r; ++i) y = f(y);
      for (U64 k = 0; k < r && g == 1; k += kBlock) {
        ys = y;
        for (U64 i = 0; i < std::min(kBlock, r - k); ++i) {
          y = f(y);
          q = mul_mod(q, x > y ? x - y : y - x, n);
        }
        g = std::gcd(q, n);
      }
    }
    if (g == n) {  // the block overshot: step back one at a time
      do {
        ys = f(ys);
        g = std::gcd(x > ys ? x - ys : ys - x, n);
      } while (g == 1);
    }
    if (g != n) return g;
  }
}

void factor(U64 n, std::map<U64, int>& primes) {
  if (n == 1) return;
  for (const U64 p : {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37})
    while (n % p == 0) ++primes[p], n /= p;
  if (n == 1) return;
  if (is_prime(n)) {
    ++primes[n];
    return;
  }
  const U64 d = rho(n);
  factor(d, primes);
  factor(n / d, primes);
}

}  // namespace

std::vector<std::int64_t> divisors(std::int64_t n) {
  if (n < 1) return {};
  std::map<U64, int> primes;
  factor(static_cast<U64>(n), primes);
  std::vector<std::int64_t> out{1};
  for (const auto& [p, k] : primes) {
    const std::size_t before = out.size();
    U64 power = 1;
    for (int e = 1; e <= k; ++e) {
      power *= p;
      for (std::size_t i = 0; i < before; ++i) out.push_back(out[i] * static_cast<std::int64_t>(power));
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace af::core
