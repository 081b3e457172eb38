#pragma once
// Divisors of a 64-bit number without trial division up to its square root: a prime rank
// size near 2^61 would take minutes that way. Factors by Pollard's rho (Brent) with a
// deterministic Miller-Rabin test, so any int64 takes well under a millisecond.
#include <cstdint>
#include <vector>

namespace af::core {

// Every positive divisor of n (n >= 1), ascending. n < 1 gives {}.
[[nodiscard]] std::vector<std::int64_t> divisors(std::int64_t n);

}  // namespace af::core
