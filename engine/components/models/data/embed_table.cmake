# Turns data/cacti_sram.tsv into a C++ source holding its rows as numbers, so the library
# carries the table (nothing is read at run time and nothing needs installing beside the
# programs). Each number is written as the table writes it: the compiler reads it to the same
# double that hwcomponents' float() gives.
#   cmake -DIN=<tsv> -DOUT=<cpp> -P embed_table.cmake
if(NOT IN OR NOT OUT)
  message(FATAL_ERROR "embed_table.cmake needs IN and OUT")
endif()
file(STRINGS "${IN}" lines)
list(POP_FRONT lines header)
if(NOT header STREQUAL "node_nm\tports\tbanks\tsize_B\tblock_B\tread_nJ\twrite_nJ\tleak_bank_mW\tarea_mm2\tcycle_ns")
  message(FATAL_ERROR "${IN}: unexpected columns: ${header}")
endif()
set(body "")
foreach(line IN LISTS lines)
  if(line STREQUAL "")
    continue()
  endif()
  string(REPLACE "\t" ", " row "${line}")
  string(APPEND body "    {${row}},\n")
endforeach()
file(WRITE "${OUT}.tmp"
"// Generated from engine/components/models/data/cacti_sram.tsv by embed_table.cmake; do not edit.
#include \"components/models/cacti_rows.h\"

namespace af::components::models {

std::span<const CactiRow> cacti_sram_rows() {
  static constexpr CactiRow kRows[] = {
${body}  };
  return kRows;
}

}  // namespace af::components::models
")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
