#pragma once
// Finds the Jinja data a spec file expects: names read in {{ }} / {% %} that the file does not
// set itself, with defaults from `{% set X = X | default(V) %}` (or any `X | default(V)`).
//
// Regex-level, not a parser. Handles: set (also `a, b =` and block set), for/endfor scopes with
// their targets and `loop`, macro arguments, with, import/from-import names, `raw` blocks,
// comments, whitespace control (`{%-`), string literals, attributes (`a.b` reads a), filters and
// tests (`| round`, `is defined` are not variables), keyword arguments (`default(x, true)`),
// Jinja keywords and the globals AccelForge installs (range, dict, include, find_path, …).
// Limits: `%}` or `}}` inside a string literal ends the tag early; line statements, call blocks
// with arguments and names bound by `{% set %}` in an included file are not understood; a name
// set in one branch of an `if` counts as set afterwards.
#include <QString>
#include <vector>

namespace af::ui {

struct JinjaVariable {
  QString name;
  bool hasDefault = false;
  QString defaultValue;  // as written in the file: 128, "inf", True
  QString sourceFile;    // after merging: the files that read it, ", "-joined
  int line = 0;          // 1-based line of the first read (in the first file)
};

// Variables in first-read order. `sourceFile` is copied into each result.
[[nodiscard]] std::vector<JinjaVariable> scanJinjaVariables(const QString& text, const QString& sourceFile = {});

// One entry per name across files: the first file's line and default, unless only a later file
// gives a default; sources listed in file order.
[[nodiscard]] std::vector<JinjaVariable> mergeJinjaVariables(const std::vector<std::vector<JinjaVariable>>& perFile);

}  // namespace af::ui
