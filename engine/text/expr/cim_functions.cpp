#include "text/expr/cim_functions.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "text/expr/evaluator.h"
#include "text/expr/expression_error.h"

namespace af::text::expr {

namespace {

// One encoded bin: its bits (MSB first) and its probability; a (bits, probability) tuple
// as values, like AccelForge's ProbableBits named tuple.
struct ProbableBits {
  std::vector<Int> bits;
  double probability = 0;
};

[[noreturn]] void fail(const std::string& name, const std::string& why) {
  throw ExpressionError(name + "(): " + why);
}

void arity(const CallArgs& a, const std::string& name, std::size_t lo, std::size_t hi) {
  const std::size_t n = a.positional.size();
  if (n < lo || n > hi)
    fail(name, "takes " + (lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi)) +
                   " positional argument(s) but " + std::to_string(n) + " were given");
}

double number(const Value& v, const std::string& name) {
  if (!v.is_number()) fail(name, "expected a number, got " + v.type_name());
  return v.as_double();
}

// An int, or a float holding one (spec numbers such as 8.0 are ints to AccelForge too).
Int whole(const Value& v, const std::string& name) {
  const double d = number(v, name);
  if (d != std::trunc(d) || std::fabs(d) > 1e15) fail(name, "expected an integer, got " + v.repr());
  return static_cast<Int>(d);
}

std::vector<double> histogram(const Value& v, const std::string& name) {
  if (!v.is_sequence()) fail(name, "expected a histogram (a list of numbers), got " + v.type_name());
  std::vector<double> out;
  for (const Value& x : v.items()) out.push_back(number(x, name));
  return out;
}

// n with 2^n == bins + 1.
int n_bits_of(std::size_t bins, const std::string& name) {
  int n = 0;
  while ((std::size_t{1} << n) < bins + 1) ++n;
  if ((std::size_t{1} << n) != bins + 1)
    fail(name,
         "the number of histogram bins + 1 must be a power of 2, got " + std::to_string(bins) + " bins");
  return n;
}

// Python's to_bits_unsigned: round half to even, then nbits bits MSB first.
std::vector<Int> unsigned_bits(double x, int nbits, const std::string& name) {
  const double r = std::nearbyint(x);
  if (r < 0 || r >= std::ldexp(1.0, nbits))
    fail(name, "value out of range for " + std::to_string(nbits) + " bits");
  const auto u = static_cast<unsigned long long>(r);
  std::vector<Int> bits;
  for (int b = nbits - 1; b >= 0; --b) bits.push_back(static_cast<Int>((u >> b) & 1u));
  return bits;
}

std::vector<ProbableBits> normalized(std::vector<ProbableBits> encoded, const std::string& name) {
  double total = 0;
  for (const auto& e : encoded) total += e.probability;
  if (total == 0) fail(name, "the histogram's bins sum to zero");
  for (auto& e : encoded) e.probability /= total;
  return encoded;
}

std::vector<ProbableBits> magnitude(const std::vector<double>& hist, const std::string& name) {
  const int nbits = n_bits_of(hist.size(), name);
  const double half = static_cast<double>(hist.size()) / 2;
  std::vector<ProbableBits> out;
  for (std::size_t i = 0; i < hist.size(); ++i) {
    const double normed = static_cast<double>(i) - half + 0.5;
    auto bits = unsigned_bits(std::fabs(normed), nbits, name);
    bits.erase(bits.begin());  // the sign bit's place
    out.push_back({std::move(bits), hist[i]});
  }
  return normalized(std::move(out), name);
}

std::vector<ProbableBits> two_part_magnitude(const std::vector<double>& hist, const std::string& name) {
  std::vector<ProbableBits> out;
  for (auto& e : magnitude(hist, name)) {
    out.push_back({e.bits, e.probability / 2});
    out.push_back({std::vector<Int>(e.bits.size(), 0), e.probability / 2});
  }
  return out;
}

std::vector<ProbableBits> offset(const std::vector<double>& hist, const std::string& name) {
  const int nbits = n_bits_of(hist.size(), name);
  std::vector<ProbableBits> out;
  for (std::size_t i = 0; i < hist.size(); ++i)
    out.push_back({unsigned_bits(static_cast<double>(i), nbits, name), hist[i]});
  return normalized(std::move(out), name);
}

std::vector<ProbableBits> xnor(const std::vector<double>& hist, const std::string& name) {
  const int nbits = n_bits_of(hist.size(), name);
  const double half = static_cast<double>(hist.size()) / 2;
  std::vector<ProbableBits> out;
  for (std::size_t i = 0; i < hist.size(); ++i) {
    double normed = static_cast<double>(i) - half + 0.5;
    std::vector<int> powers;
    for (int j = nbits - 1; j >= 0; --j) powers.push_back(j);
    powers.insert(powers.end(), {-1, -1});
    std::vector<Int> bits;
    for (const int j : powers) {
      const Int bit = normed > 0 ? 1 : 0;
      bits.push_back(bit);
      normed -= std::ldexp(1.0, j) * static_cast<double>(2 * bit - 1);
    }
    if (normed != 0) fail(name, "the histogram's bins do not encode exactly");
    out.push_back({std::move(bits), hist[i]});
  }
  return normalized(std::move(out), name);
}

bool is_signed(const std::vector<double>& hist) {
  double s = 0;
  for (std::size_t i = 0; i < hist.size() / 2; ++i) s += hist[i];
  return s != 0;
}

Value to_value(const std::vector<ProbableBits>& encoded) {
  std::vector<Value> out;
  for (const auto& e : encoded) {
    std::vector<Value> bits(e.bits.begin(), e.bits.end());
    out.push_back(Value::tuple({Value::list(std::move(bits)), Value(e.probability)}));
  }
  return Value::list(std::move(out));
}

std::vector<ProbableBits> from_value(const Value& v, const std::string& name) {
  if (!v.is_sequence())
    fail(name, "expected an encoded histogram (a list of (bits, probability)), got " + v.type_name());
  std::vector<ProbableBits> out;
  for (const Value& e : v.items()) {
    if (!e.is_sequence() || e.items().size() != 2 || !e.items()[0].is_sequence())
      fail(name, "expected (bits, probability) entries, got " + e.repr());
    ProbableBits p;
    for (const Value& b : e.items()[0].items()) p.bits.push_back(whole(b, name));
    p.probability = number(e.items()[1], name);
    out.push_back(std::move(p));
  }
  return out;
}

using Encoder = std::vector<ProbableBits> (*)(const std::vector<double>&, const std::string&);

NativeFunction encoder(std::string name, Encoder encode) {
  return [name = std::move(name), encode](const CallArgs& a) -> Value {
    arity(a, name, 1, 1);
    return to_value(encode(histogram(a.positional[0], name), name));
  };
}

bool flag(const CallArgs& a, std::size_t position, const char* keyword) {
  if (a.positional.size() > position) return a.positional[position].truthy();
  const Value* v = a.find_keyword(keyword);
  return v && v->truthy();
}

// Average value of each slice (or of all slices) of the encoded bits, each bit scaled by its
// place within its slice over the largest slice's full range.
Value encoded_hist_to_avg_slice(const CallArgs& a) {
  const std::string name = "encoded_hist_to_avg_slice";
  arity(a, name, 3, 5);
  const auto encoded = from_value(a.positional[0], name);
  const Int total_bits = whole(a.positional[1], name);
  std::vector<Int> bits_per_slice;
  if (a.positional[2].is_sequence()) {
    for (const Value& b : a.positional[2].items()) bits_per_slice.push_back(whole(b, name));
  } else {
    const Int b = whole(a.positional[2], name);
    if (b <= 0) fail(name, "bits_per_slice must be positive");
    bits_per_slice.assign(static_cast<std::size_t>(total_bits / b), b);
    Int sum = 0;
    for (const Int x : bits_per_slice) sum += x;
    if (sum != total_bits) bits_per_slice.push_back(total_bits - sum);
  }
  Int sum = 0;
  for (const Int x : bits_per_slice) sum += x;
  if (sum != total_bits || bits_per_slice.empty())
    fail(name, "the bits per slice sum to " + std::to_string(sum) + ", not total_bits " +
                   std::to_string(total_bits));
  const bool full_range = flag(a, 3, "partial_slices_use_full_range");
  const bool per_slice = flag(a, 4, "return_per_slice");

  const Int widest = *std::max_element(bits_per_slice.begin(), bits_per_slice.end());
  const double max_val = std::max(std::ldexp(1.0, static_cast<int>(widest)) - 1, 1.0);
  std::vector<std::pair<std::size_t, double>> bit_to_slice;
  for (std::size_t i = 0; i < bits_per_slice.size(); ++i) {
    const Int b = bits_per_slice[i];
    const double m = full_range ? std::max(std::ldexp(1.0, static_cast<int>(b)) - 1, 1.0) : max_val;
    for (Int j = 0; j < b; ++j)
      bit_to_slice.emplace_back(i, std::max(std::ldexp(1.0, static_cast<int>(b - j - 1)), 1.0) / m);
  }
  std::vector<double> avg(bits_per_slice.size(), 0.0);
  for (const auto& e : encoded) {
    double mean_bit = 0;  // bits past the encoding's end count as its average bit
    for (const Int b : e.bits) mean_bit += static_cast<double>(b);
    if (!e.bits.empty()) mean_bit /= static_cast<double>(e.bits.size());
    for (std::size_t i = 0; i < static_cast<std::size_t>(total_bits); ++i) {
      const auto [slice, scale] = bit_to_slice[i];
      const double bit = i < e.bits.size() ? static_cast<double>(e.bits[i]) : mean_bit;
      avg[slice] += bit * e.probability * scale;
    }
  }
  if (per_slice) return Value::list(std::vector<Value>(avg.begin(), avg.end()));
  double s = 0;
  for (const double x : avg) s += x;
  return s / static_cast<double>(avg.size());
}

Value hist_to_magnitude(const CallArgs& a) {
  const std::string name = "hist_to_magnitude";
  arity(a, name, 1, 1);
  const auto hist = histogram(a.positional[0], name);
  (void)n_bits_of(hist.size(), name);
  const std::size_t center = hist.size() / 2;
  std::vector<Value> out;
  for (std::size_t i = 0; i < hist.size() / 2; ++i) out.emplace_back(hist[center + i] + hist[center - i]);
  (void)n_bits_of(out.size(), name);
  return Value::list(std::move(out));
}

std::vector<Int> phases_of(const Value& v, const std::string& name) {
  if (!v.is_sequence()) fail(name, "expected phases (a tuple of bit counts), got " + v.type_name());
  std::vector<Int> out;
  for (const Value& p : v.items()) out.push_back(whole(p, name));
  return out;
}

Int phase_out_bits(Int out_bits, const std::vector<Int>& phases, Int phase) {
  Int before = 0;
  for (Int i = 0; i < phase && i < static_cast<Int>(phases.size()); ++i)
    before += phases[static_cast<std::size_t>(i)];
  return std::max<Int>(out_bits - before, 0);
}

// sum(map(f, *args)) with scalars broadcast to the longest list. As in NeuRRAM's helper, a
// scalar argument also counts as a length.
Value sum_map(const CallArgs& a) {
  const std::string name = "sum_map";
  if (a.positional.size() < 2) fail(name, "takes a function and at least one argument");
  std::size_t n = 0;
  for (std::size_t i = 1; i < a.positional.size(); ++i) {
    const Value& x = a.positional[i];
    n = std::max(
        n, x.is_sequence() ? x.items().size() : static_cast<std::size_t>(std::max<Int>(whole(x, name), 0)));
  }
  Value total = Int{0};
  for (std::size_t k = 0; k < n; ++k) {
    CallArgs call;
    for (std::size_t i = 1; i < a.positional.size(); ++i) {
      const Value& x = a.positional[i];
      call.positional.push_back(x.is_sequence() && x.items().size() == n ? x.items()[k] : x);
    }
    const Value r = call_value(a.positional[0], call);
    total = total.is_int() && r.is_int() ? Value(total.as_int() + r.as_int())
                                         : Value(total.as_double() + number(r, name));
  }
  return total;
}

}  // namespace

void add_cim_functions(Environment& env) {
  const auto fn = [&env](const char* name, NativeFunction f) {
    env.set(name, Value::function(name, std::move(f)));
  };
  fn("magnitude_encode_hist", encoder("magnitude_encode_hist", magnitude));
  fn("two_part_magnitude_encode_hist", encoder("two_part_magnitude_encode_hist", two_part_magnitude));
  fn("offset_encode_hist", encoder("offset_encode_hist", offset));
  fn("offset_encode_if_signed_hist",
     encoder("offset_encode_if_signed_hist", [](const std::vector<double>& h, const std::string& n) {
       return is_signed(h) ? offset(h, n) : magnitude(h, n);
     }));
  fn("two_part_magnitude_encode_if_signed_hist",
     encoder("two_part_magnitude_encode_if_signed_hist",
             [](const std::vector<double>& h, const std::string& n) {
               return is_signed(h) ? two_part_magnitude(h, n) : magnitude(h, n);
             }));
  fn("xnor_encode_hist", encoder("xnor_encode_hist", xnor));
  fn("zero_gated_xnor_encode_hist",
     encoder("zero_gated_xnor_encode_hist", [](const std::vector<double>& h, const std::string& n) {
       auto e = xnor(h, n);
       auto& zero = e[e.size() / 2];
       zero.bits.assign(zero.bits.size(), 0);
       return e;
     }));
  fn("encoded_hist_to_avg_slice", encoded_hist_to_avg_slice);
  fn("is_hist_signed", [](const CallArgs& a) -> Value {
    arity(a, "is_hist_signed", 1, 1);
    return is_signed(histogram(a.positional[0], "is_hist_signed"));
  });
  fn("hist_to_magnitude", hist_to_magnitude);
  fn("get_n_bits", [](const CallArgs& a) -> Value {
    arity(a, "get_n_bits", 1, 1);
    return Int{n_bits_of(histogram(a.positional[0], "get_n_bits").size(), "get_n_bits")};
  });

  fn("bits2phase_1phase", [](const CallArgs& a) -> Value {
    arity(a, "bits2phase_1phase", 1, 2);
    return Value::tuple({a.positional[0]});
  });
  fn("bits2phase_2phase", [](const CallArgs& a) -> Value {
    arity(a, "bits2phase_2phase", 2, 2);
    const Int n = whole(a.positional[0], "bits2phase_2phase");
    if (n <= whole(a.positional[1], "bits2phase_2phase")) return Value::tuple({Value(n), Value(Int{0})});
    return Value::tuple({Value((n + 1) / 2), Value(n / 2)});
  });
  fn("bits2integration_steps", [](const CallArgs& a) -> Value {
    arity(a, "bits2integration_steps", 1, 1);
    const Int n = whole(a.positional[0], "bits2integration_steps");
    if (n < 0 || n > 62) fail("bits2integration_steps", "bit count out of range");
    return (Int{1} << n) - 1;
  });
  fn("phase_out_bits", [](const CallArgs& a) -> Value {
    arity(a, "phase_out_bits", 3, 3);
    return phase_out_bits(whole(a.positional[0], "phase_out_bits"),
                          phases_of(a.positional[1], "phase_out_bits"),
                          whole(a.positional[2], "phase_out_bits"));
  });
  fn("sum_phase_out_bits", [](const CallArgs& a) -> Value {
    arity(a, "sum_phase_out_bits", 2, 2);
    const Int total = whole(a.positional[0], "sum_phase_out_bits");
    const auto phases = phases_of(a.positional[1], "sum_phase_out_bits");
    Int s = 0;
    for (std::size_t i = 0; i < phases.size(); ++i)
      if (phases[i] != 0) s += phase_out_bits(total, phases, static_cast<Int>(i));
    return s;
  });
  fn("sum_map", sum_map);
}

}  // namespace af::text::expr
