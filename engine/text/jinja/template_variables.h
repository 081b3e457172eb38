#pragma once
// The Jinja data a template reads: names used in {{ }} / {% %} that the template does not
// bind itself (set, for targets, comprehension targets, loop) and that are not globals,
// with the default a `NAME | default(VALUE)` gives. Found on the parsed template, so the
// scan agrees with the renderer on what is an expression.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace af::text::jinja {

struct TemplateVariable {
  std::string name;
  std::optional<std::string> default_text;  // as written in the file: 128, "inf", True
  std::vector<std::string> files;           // files that read it, in spec order
  int line = 0;                             // first read, in files.front()
  int column = 0;
  // The conditions under which the files read it, one per distinct way ("DECODE", "not
  // DECODE and B > 1"): it is needed only when one holds. Empty: some read is unconditional.
  std::vector<std::string> needed_when;
  bool numeric = false;  // some read is an operand of arithmetic or a comparison
  std::string use;       // the line of its first read, trimmed (what the user sees it used in)
};

// Variables in first-read order. Throws ExpressionError (with an offset into the normalized
// text) when the template does not parse.
[[nodiscard]] std::vector<TemplateVariable> template_variables(std::string_view text,
                                                               const std::string& file);

// Both at once, from one parse: the variables, and the names the template binds at its top
// level (`{% set NAME = ... %}`, sorted), which a file it includes receives as data, so they are
// not variables for the user to set. Throws as template_variables does.
struct TemplateScan {
  std::vector<TemplateVariable> variables;
  std::vector<std::string> set_names;
};
[[nodiscard]] TemplateScan scan_template(std::string_view text, const std::string& file);

// One entry per name across files: the first file's place and default, unless only a later
// file gives a default; files listed in spec order.
[[nodiscard]] std::vector<TemplateVariable> merge_template_variables(
    const std::vector<std::vector<TemplateVariable>>& per_file);

}  // namespace af::text::jinja
