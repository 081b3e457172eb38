#!/usr/bin/env bash
# Builds the seed corpora of the fuzz targets from the project's own files (never from
# AccelForge's reference corpus): every YAML file under resources/examples and tests/data
# seeds fuzz_yaml and fuzz_jinja whole; fuzz_expr gets one expression per file, taken from
# those files (field values, the insides of {{ }} and {% %}) and from seeds/expressions.txt.
#
# fuzz_project_file gets the project files under tests/fuzz/seeds and the YAML files.
#
#   bash tests/fuzz/make-seeds.sh OUT_DIR   ->  OUT_DIR/yaml, OUT_DIR/jinja, OUT_DIR/expr, OUT_DIR/project_file
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="$1"
rm -rf "$out"
mkdir -p "$out/yaml" "$out/jinja" "$out/expr" "$out/project_file"

mapfile -t files < <(find "$root/resources/examples" "$root/tests/data" -name '*.yaml' | sort)
for f in "${files[@]}"; do
  name="$(echo "${f#"$root"/}" | tr '/' '_')"
  cp "$f" "$out/yaml/$name"
  cp "$f" "$out/jinja/$name"
  cp "$f" "$out/project_file/$name"
done
cp "$root"/tests/fuzz/seeds/*.afproj "$out/project_file/"

{
  grep -hoE '\{\{[^}]*\}\}' "${files[@]}" | sed -E 's/^\{\{-? *//; s/ *-?\}\}$//' || true
  # {% set X = e %}, {% for x in e %}, {% if e %} -> e
  grep -hoE '\{%[^%]*%\}' "${files[@]}" | sed -E 's/^\{%-? *//; s/ *-?%\}$//' |
    sed -nE 's/^set [A-Za-z_][A-Za-z_0-9.]* *= *//p; s/^for .* in //p; s/^(el)?if //p' || true
  grep -hE '^ *-? *[A-Za-z_][A-Za-z_0-9]*: *[^ {[#]' "${files[@]}" |
    sed -E 's/^ *-? *[A-Za-z_][A-Za-z_0-9]*: *//; s/ +#.*$//' || true
  grep -v '^#' "$root/tests/fuzz/seeds/expressions.txt"
} | awk 'length > 0 && !seen[$0]++' | {
  n=0
  while IFS= read -r line; do
    n=$((n + 1))
    printf '%s' "$line" >"$out/expr/$(printf '%04d' "$n")"
  done
}
echo "af: seeds: $(ls "$out/yaml" | wc -l) yaml, $(ls "$out/jinja" | wc -l) jinja, $(ls "$out/expr" | wc -l) expr," \
  "$(ls "$out/project_file" | wc -l) project_file"
