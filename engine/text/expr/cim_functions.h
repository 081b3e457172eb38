#pragma once
// The helper functions AccelForge's compute-in-memory arch files call, as named functions of
// the expression language. AccelForge loads them from Python files beside those specs
// (examples/arches/compute_in_memory/_include_functions.py and
// neurram_nature_2022_helper_functions.py); the results here are the same.
//
// Value histograms: a list of 2^n - 1 bin weights over the signed range of an n-bit value.
// An encoding turns it into "probable bits": a list of (bits MSB first, probability) tuples.
//   magnitude_encode_hist, two_part_magnitude_encode_hist, offset_encode_hist,
//   offset_encode_if_signed_hist, two_part_magnitude_encode_if_signed_hist,
//   xnor_encode_hist, zero_gated_xnor_encode_hist
//   encoded_hist_to_avg_slice(encoded, total_bits, bits_per_slice,
//                             partial_slices_use_full_range=False, return_per_slice=False)
//   is_hist_signed, hist_to_magnitude, get_n_bits
// Phases of a bit-serial input (NeuRRAM):
//   bits2phase_1phase, bits2phase_2phase, bits2integration_steps, phase_out_bits,
//   sum_phase_out_bits, sum_map
// The array-fanout functions read the architecture, so the loader binds them
// (loader/array_fanout_functions.h).
#include "text/expr/environment.h"

namespace af::text::expr {

// Adds the functions above to `env`.
void add_cim_functions(Environment& env);

}  // namespace af::text::expr
