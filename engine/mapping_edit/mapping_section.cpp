#include "mapping_edit/mapping_section.h"

#include <cctype>

#include "io/mapping_writer.h"
#include "loader/load.h"
#include "loader/mapping_reader.h"
#include "text/jinja/renderer.h"

namespace af::mapping_edit {

bool contains_jinja(std::string_view text) {
  return text.find("{%") != std::string_view::npos || text.find("{{") != std::string_view::npos ||
         text.find("{#") != std::string_view::npos;
}

bool has_mapping_section(std::string_view text) {
  return text.starts_with("mapping:") || text.find("\nmapping:") != std::string_view::npos;
}

MappingSection read_mapping_section(const std::string& text, const std::string& file,
                                    const std::vector<std::string>& assignments) {
  try {
    return read_mapping_section_with_data(text, file, loader::parse_assignments(assignments));
  } catch (const core::SpecError& e) {
    MappingSection out;
    out.templated = contains_jinja(text);
    out.diagnostics = e.diagnostics();
    return out;
  }
}

MappingSection mapping_section_of(const std::string& text, const std::string& file,
                                  const text::yaml::YamlNode& section, const text::expr::Dict& data) {
  MappingSection out;
  out.templated = contains_jinja(text);
  try {
    out.mapping = loader::read_mapping(section);
    out.rendered = text;
    if (!out.templated) out.spans = locate_mapping_nodes(text, file, section, *out.mapping);
    if (out.templated) {
      try {  // what a regenerated file keeps besides the section (the template is lost)
        out.rendered = text::jinja::render_template(text, file, text::expr::Value(data), nullptr);
      } catch (const std::exception&) {
        out.rendered.clear();  // renders only with YAML includes: the section alone is kept
      }
    }
  } catch (const core::SpecError& e) {
    out.mapping.reset();
    out.diagnostics = e.diagnostics();
  }
  return out;
}

MappingSection read_mapping_section_with_data(const std::string& text, const std::string& file,
                                              const text::expr::Dict& data) {
  try {
    // The loader's own sequence (Jinja with includes, tags, merge keys), on this file alone.
    const loader::UnsavedTexts texts{{file, text}};
    const loader::LoadedTree tree = loader::load_tree({file}, data, &texts);
    const text::yaml::YamlNode& root = tree.root;
    const text::yaml::YamlNode* section = root.is_map() ? root.find("mapping") : nullptr;
    if (!section)
      throw core::SpecError(core::Diagnostic{{file, 1, 1}, "mapping", "no top-level 'mapping:' key"});
    return mapping_section_of(text, file, *section, data);
  } catch (const core::SpecError& e) {
    MappingSection out;
    out.templated = contains_jinja(text);
    out.diagnostics = e.diagnostics();
    return out;
  } catch (const std::exception& e) {
    MappingSection out;
    out.templated = contains_jinja(text);
    out.diagnostics.push_back(core::Diagnostic{{file, 0, 0}, "mapping", e.what()});
    return out;
  }
}

std::string write_mapping_section(const spec::Mapping& mapping) { return io::write_mapping_yaml(mapping); }

namespace {

// [first, last) of the top-level `mapping:` section: from its key line to the next top-level
// key; first = npos when there is none.
std::pair<std::size_t, std::size_t> section_bounds(const std::string& text) {
  // Top-level keys start a line with a name; comments, indentation and list items do not.
  const auto starts_key = [](std::string_view line) {
    if (line.empty()) return false;
    const char c = line.front();
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '"' || c == '\'' ||
           line.starts_with("---") || line.starts_with("...");
  };
  std::size_t first = std::string::npos;
  std::size_t last = text.size();
  for (std::size_t pos = 0; pos < text.size();) {
    const std::size_t eol = text.find('\n', pos);
    const std::size_t next = eol == std::string::npos ? text.size() : eol + 1;
    const std::string_view line(text.data() + pos, next - pos);
    if (first == std::string::npos) {
      if (line.starts_with("mapping:") || line.starts_with("mapping :")) first = pos;
    } else if (starts_key(line)) {
      last = pos;
      break;
    }
    pos = next;
  }
  return {first, last};
}

}  // namespace

std::string mapping_section_text(const std::string& text) {
  const auto [first, last] = section_bounds(text);
  return first == std::string::npos ? std::string() : text.substr(first, last - first);
}

std::string replace_mapping_section(const std::string& text, const std::string& section,
                                    bool drop_comment_above) {
  std::string body = section;
  if (!body.ends_with('\n')) body += '\n';
  const auto [first, last] = section_bounds(text);
  if (first == std::string::npos) {
    std::string out = text;
    if (!out.empty() && !out.ends_with('\n')) out += '\n';
    return out + body;
  }
  // `start` begins a line; step back over whole comment lines ("#" in column 0) above it.
  std::size_t start = first;
  while (drop_comment_above && start > 0) {
    const std::size_t newline = start >= 2 ? text.rfind('\n', start - 2) : std::string::npos;
    const std::size_t previous = newline == std::string::npos ? 0 : newline + 1;
    if (text[previous] != '#') break;  // a blank line or YAML ends the block
    start = previous;
  }
  return text.substr(0, start) + body + text.substr(last);
}

}  // namespace af::mapping_edit
