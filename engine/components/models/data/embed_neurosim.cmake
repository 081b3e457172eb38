# Turns data/neurosim_arrays.tsv into a C++ source holding its rows (the cell name as a string,
# the rest as numbers), as embed_table.cmake does for the CACTI table: nothing is read at run
# time. "nan" (a figure NeuroSim could not give) becomes a quiet NaN.
#   cmake -DIN=<tsv> -DOUT=<cpp> -P embed_neurosim.cmake
if(NOT IN OR NOT OUT)
  message(FATAL_ERROR "embed_neurosim.cmake needs IN and OUT")
endif()
file(STRINGS "${IN}" lines)
list(POP_FRONT lines header)
set(expected "cell\tnode_nm\trows\tcols\tcols_muxed\tread_pulse_s\tvoltage_V\tsequential\tmin_read_latency_s")
string(APPEND expected "\tcell_read_J_c0\tcell_read_J_c1\tcell_write_J_c0\tcell_write_J_c1\tcell_area_m2\tcell_leak_W")
string(APPEND expected "\tcell_read_leak_mult\trow_read_J_in0\trow_read_J_in1\trow_write_J\trow_area_m2")
string(APPEND expected "\trow_area_per_vdac_level_m2\trow_leak_W\trow_leak_per_vdac_level_W\tcol_read_J\tcol_write_J")
string(APPEND expected "\tcol_area_m2\tcol_leak_W")
if(NOT header STREQUAL expected)
  message(FATAL_ERROR "${IN}: unexpected columns: ${header}")
endif()
set(body "")
foreach(line IN LISTS lines)
  if(line STREQUAL "")
    continue()
  endif()
  # cell \t 7 configuration numbers \t the figures: {"cell", config..., {figures...}}
  string(REGEX MATCH "^([^\t]+)\t([^\t]+\t[^\t]+\t[^\t]+\t[^\t]+\t[^\t]+\t[^\t]+\t[^\t]+\t)(.*)$" matched "${line}")
  if(NOT matched)
    message(FATAL_ERROR "${IN}: malformed row: ${line}")
  endif()
  set(cell "${CMAKE_MATCH_1}")
  set(config "${CMAKE_MATCH_2}")
  set(figures "\t${CMAKE_MATCH_3}\t")
  string(REGEX REPLACE "\tnan\t" "\tkNaN\t" figures "${figures}")
  string(REGEX REPLACE "\tnan\t" "\tkNaN\t" figures "${figures}")
  string(STRIP "${figures}" figures)
  string(REPLACE "\t" ", " figures "${figures}")
  string(STRIP "${config}" config)
  string(REPLACE "\t" ", " config "${config}")
  string(APPEND body "    {\"${cell}\", ${config}, {${figures}}},\n")
endforeach()
file(WRITE "${OUT}.tmp"
"// Generated from engine/components/models/data/neurosim_arrays.tsv by embed_neurosim.cmake; do not edit.
#include <limits>

#include \"components/models/neurosim_rows.h\"

namespace af::components::models {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
}  // namespace

std::span<const NeuroSimRow> neurosim_array_rows() {
  static constexpr NeuroSimRow kRows[] = {
${body}  };
  return kRows;
}

}  // namespace af::components::models
")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
