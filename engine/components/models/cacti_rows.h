#pragma once
// The rows of data/cacti_sram.tsv, compiled into the library (data/embed_table.cmake writes
// the source at build time): CACTI 7's own figures as it printed them (README: SRAM).
#include <span>

namespace af::components::models {

struct CactiRow {
  double node_nm, ports, banks, size_bytes, block_bytes;
  double read_nj, write_nj, leak_per_bank_mw, area_mm2, cycle_ns;
};

// Every row, in the file's order.
[[nodiscard]] std::span<const CactiRow> cacti_sram_rows();

}  // namespace af::components::models
