#pragma once
// AccelForge's CiM helpers that read the architecture (_include_functions.py beside its CiM
// arch files): `get_array_fanout_reuse_input(spec)`, `get_array_fanout_reuse_output(spec)` and
// `get_array_fanout_total(spec)`. The array's spatial dimensions are those named with the
// suffix ARRAY_COLUMNS or ARRAY_ROWS; a dimension counts for a tensor when its `reuse` or
// `may_reuse` is written as exactly that tensor's name, as in AccelForge.
#include "spec/expression.h"
#include "text/yaml/yaml_node.h"

namespace af::loader {

// Binds `spec` (the architecture as these functions see it) and the three functions into
// `table`, unless the spec defines those names itself. Fanouts written as expressions are
// evaluated with `table` as it is at this call (the spec's variables and the Einsum's symbols).
void bind_array_fanout_functions(const text::yaml::YamlNode& arch, spec::SymbolTable& table);

}  // namespace af::loader
