#include "mapping_edit/mapping_text.h"

#include <algorithm>

#include "io/mapping_writer.h"

namespace af::mapping_edit {

const TextRange* NodeSpan::field(std::string_view key) const {
  for (const auto& [name, range] : fields)
    if (name == key) return &range;
  return nullptr;
}

namespace {

using spec::MappingNode;
using text::yaml::YamlNode;

bool blank(char c) { return c == ' ' || c == '\t'; }

// --- locating ---------------------------------------------------------------------------

class Locator {
 public:
  Locator(const std::string& text, const std::string& file) : text_(text), file_(file) {
    starts_.push_back(0);
    for (std::size_t i = 0; i < text_.size(); ++i)
      if (text_[i] == '\n') starts_.push_back(i + 1);
  }

  std::optional<std::vector<NodeSpan>> chain(const YamlNode* list, const std::vector<MappingNode>& nodes) {
    std::vector<NodeSpan> out;
    if (!list || list->is_null()) {
      if (nodes.empty()) return out;
      return std::nullopt;
    }
    // The reader flattens nested lists; a one-to-one match is what makes spans certain.
    if (!list->is_sequence() || list->items().size() != nodes.size()) return std::nullopt;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      auto span = item(list->items()[i], nodes[i]);
      if (!span) return std::nullopt;
      out.push_back(std::move(*span));
    }
    return out;
  }

 private:
  std::optional<std::size_t> offset(const core::SourceLocation& where) const {
    if (where.file != file_ || where.line < 1 || where.column < 1) return std::nullopt;
    const auto line = static_cast<std::size_t>(where.line - 1);
    if (line >= starts_.size()) return std::nullopt;
    const std::size_t at = starts_[line] + static_cast<std::size_t>(where.column - 1);
    return at <= text_.size() ? std::optional(at) : std::nullopt;
  }

  std::size_t line_of(std::size_t offset) const {
    return static_cast<std::size_t>(std::upper_bound(starts_.begin(), starts_.end(), offset) -
                                    starts_.begin()) -
           1;
  }
  std::size_t line_end(std::size_t line) const {  // past its newline
    return line + 1 < starts_.size() ? starts_[line + 1] : text_.size();
  }

  std::optional<NodeSpan> item(const YamlNode& yaml, const MappingNode& node) {
    const std::string& tag = yaml.tag();
    const auto at = offset(yaml.location());
    if (tag.empty() || !yaml.is_map() || !at || text_.compare(*at, tag.size(), tag) != 0) return std::nullopt;
    // Block sequence item: only spaces, one `-` and spaces before the tag on its line.
    const std::size_t line = line_of(*at);
    const std::size_t begin = starts_[line];
    std::size_t i = begin;
    while (i < *at && text_[i] == ' ') ++i;
    if (i >= *at || text_[i] != '-') return std::nullopt;
    const std::size_t dash = i;
    for (++i; i < *at; ++i)
      if (!blank(text_[i])) return std::nullopt;
    if (dash + 1 == *at) return std::nullopt;

    NodeSpan span;
    span.dash_column = static_cast<int>(dash - begin);
    std::size_t after = *at + tag.size();
    while (after < text_.size() && blank(text_[after])) ++after;
    span.flow = after < text_.size() && text_[after] == '{';
    // The node goes on while lines are indented past its `-` (blank and comment lines
    // between them included, trailing ones left to what follows).
    std::size_t last = line;
    for (std::size_t l = line + 1; l < starts_.size(); ++l) {
      std::size_t c = starts_[l];
      while (c < text_.size() && blank(text_[c])) ++c;
      if (c >= text_.size() || text_[c] == '\n' || text_[c] == '\r' || text_[c] == '#') continue;
      if (c - starts_[l] <= dash - begin) break;
      last = l;
    }
    span.lines = {begin, line_end(last)};

    for (const auto& entry : yaml.entries())
      if (const auto range = value_range(entry.value, span.flow);
          range && range->begin >= span.lines.begin && range->end <= span.lines.end)
        span.fields.emplace_back(entry.key, *range);

    if (const auto* kids = spec::children_of(node)) {
      auto children = chain(yaml.find("nodes"), *kids);
      if (!children) return std::nullopt;
      span.children = std::move(*children);
    }
    return span;
  }

  // The text of a scalar or a list of scalars, from its first character past its last.
  std::optional<TextRange> value_range(const YamlNode& value, bool flow) const {
    const auto at = offset(value.location());
    if (!at || *at >= text_.size()) return std::nullopt;
    if (value.is_scalar()) {
      const auto end = scalar_end(*at, flow);
      if (!end) return std::nullopt;
      const char c = text_[*at];
      if (c != '"' && c != '\'' && text_.compare(*at, *end - *at, value.text()) != 0) return std::nullopt;
      return TextRange{*at, *end};
    }
    if (!value.is_sequence()) return std::nullopt;
    for (const auto& item : value.items())
      if (!item.is_scalar()) return std::nullopt;
    if (text_[*at] == '[') {
      const auto end = flow_list_end(*at);
      return end ? std::optional(TextRange{*at, *end}) : std::nullopt;
    }
    if (text_[*at] != '-' || value.items().empty()) return std::nullopt;
    const auto last = offset(value.items().back().location());
    const auto end = last ? scalar_end(*last, false) : std::nullopt;
    return end ? std::optional(TextRange{*at, *end}) : std::nullopt;
  }

  std::optional<std::size_t> scalar_end(std::size_t at, bool flow) const {
    const char quote = text_[at];
    if (quote == '"' || quote == '\'') {
      for (std::size_t i = at + 1; i < text_.size() && text_[i] != '\n'; ++i) {
        if (quote == '"' && text_[i] == '\\') {
          ++i;
        } else if (text_[i] == quote) {
          if (quote == '\'' && i + 1 < text_.size() && text_[i + 1] == '\'') {
            ++i;
            continue;
          }
          return i + 1;
        }
      }
      return std::nullopt;
    }
    std::size_t i = at;
    for (; i < text_.size() && text_[i] != '\n' && text_[i] != '\r'; ++i) {
      if (text_[i] == '#' && i > at && blank(text_[i - 1])) break;
      if (flow && (text_[i] == ',' || text_[i] == ']' || text_[i] == '}')) break;
    }
    while (i > at && blank(text_[i - 1])) --i;
    return i > at ? std::optional(i) : std::nullopt;
  }

  std::optional<std::size_t> flow_list_end(std::size_t at) const {
    int depth = 0;
    for (std::size_t i = at; i < text_.size(); ++i) {
      const char c = text_[i];
      if (c == '"' || c == '\'') {
        const auto end = scalar_end(i, true);
        if (!end) return std::nullopt;
        i = *end - 1;
      } else if (c == '[' || c == '{') {
        ++depth;
      } else if (c == ']' || c == '}') {
        if (--depth == 0) return i + 1;
      } else if (c == '#' && i > at && blank(text_[i - 1])) {
        return std::nullopt;  // a comment inside the list: leave it to a rewrite
      }
    }
    return std::nullopt;
  }

  const std::string& text_;
  const std::string& file_;
  std::vector<std::size_t> starts_;
};

// --- writing ----------------------------------------------------------------------------

// A scalar as YAML writes it (plain when that reads back the same, else double-quoted);
// inside flow collections `,[]{}` would end a plain scalar, so those are quoted too.
std::string scalar_text(const std::string& value, bool flow) {
  const bool quote = flow && value.find_first_of(",[]{}") != std::string::npos;
  std::string out = YamlNode::scalar(value, {}, quote).to_yaml_string();
  while (!out.empty() && (out.back() == '\n')) out.pop_back();
  return out;
}

std::string list_text(const std::vector<std::string>& items) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + scalar_text(items[i], true);
  return out + "]";
}

// A leaf node written as one sequence item at `dash` columns, flow or block like its
// siblings, with where each field's value landed (offsets into the returned text).
struct WrittenNode {
  std::string text;
  std::vector<std::pair<std::string, TextRange>> fields;
};
std::optional<WrittenNode> write_node(const MappingNode& node, int dash, bool flow) {
  spec::Mapping one;
  one.nodes.push_back(node);
  const YamlNode yaml = io::mapping_to_yaml(one).at("nodes").items().front();
  WrittenNode out;
  const std::string pad(static_cast<std::size_t>(dash), ' ');
  out.text = pad + "- " + yaml.tag() + (flow ? " {" : "\n");
  const auto& entries = yaml.entries();
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const auto& [key, key_at, value] = entries[i];
    std::string text;
    if (value.is_scalar()) {
      text = scalar_text(value.text(), flow);
    } else if (value.is_sequence()) {
      std::vector<std::string> items;
      for (const auto& item : value.items()) {
        if (!item.is_scalar()) return std::nullopt;
        items.push_back(item.text());
      }
      text = list_text(items);
    } else {
      return std::nullopt;  // nodes with children are not inserted from the tree
    }
    out.text += flow ? (i ? ", " : "") : pad + "  ";
    out.text += key + ": ";
    out.fields.emplace_back(key, TextRange{out.text.size(), out.text.size() + text.size()});
    out.text += text;
    if (!flow) out.text += '\n';
  }
  if (flow) out.text += "}\n";
  return out;
}

// --- splicing ---------------------------------------------------------------------------

class Splicer {
 public:
  explicit Splicer(MappingSpans& spans) : s_(spans) {}

  bool apply(const MappingTextEdit& edit) {
    return std::visit([this](const auto& e) { return (*this)(e); }, edit);
  }

  bool operator()(const SetScalar& e) {
    const NodeSpan* node = find(e.node);
    const TextRange* range = node ? node->field(e.field) : nullptr;
    if (!range) return false;
    replace(*range, scalar_text(e.value, node->flow));
    return true;
  }

  bool operator()(const SetList& e) {
    const NodeSpan* node = find(e.node);
    const TextRange* range = node ? node->field(e.field) : nullptr;
    if (!range) return false;
    if (s_.text[range->begin] == '[' || e.items.empty()) {
      replace(*range, list_text(e.items));
      return true;
    }
    // A block list stays one: `- a` lines under the first one's column.
    const std::size_t column = range->begin - line_start(range->begin);
    std::string text;
    for (std::size_t i = 0; i < e.items.size(); ++i) {  // appends: see the note in text/expr/value.h
      if (i > 0) text.append(1, '\n').append(column, ' ');
      text += "- ";
      text += scalar_text(e.items[i], false);
    }
    replace(*range, text);
    return true;
  }

  bool operator()(const RemoveNode& e) {
    auto* chain = siblings(e.node);
    if (!chain) return false;
    const TextRange lines = (*chain)[static_cast<std::size_t>(e.node.back())].lines;
    chain->erase(chain->begin() + e.node.back());
    replace(lines, "");
    return true;
  }

  bool operator()(const InsertNode& e) {
    auto* chain = children(e.chain);
    if (!chain || chain->empty() || e.row < 0 || e.row > static_cast<int>(chain->size())) return false;
    const NodeSpan& like = (*chain)[static_cast<std::size_t>(e.row > 0 ? e.row - 1 : 0)];
    if (spec::children_of(e.node)) return false;
    auto written = write_node(e.node, like.dash_column, like.flow);
    if (!written) return false;
    NodeSpan span;
    span.dash_column = like.dash_column;
    span.flow = like.flow;
    span.lines = {0, written->text.size()};
    span.fields = written->fields;
    return place(e.chain, *chain, e.row, std::move(written->text), std::move(span));
  }

  bool operator()(const MoveNode& e) {
    auto* chain = siblings(e.node);
    const int from = e.node.empty() ? -1 : e.node.back();
    if (!chain || e.row < 0 || e.row > static_cast<int>(chain->size())) return false;
    NodeSpan moved = (*chain)[static_cast<std::size_t>(from)];
    std::string text = s_.text.substr(moved.lines.begin, moved.lines.end - moved.lines.begin);
    if (text.empty() || text.back() != '\n') return false;
    chain->erase(chain->begin() + from);
    replace(moved.lines, "");
    if (chain->empty()) return false;
    relocate(moved, -static_cast<std::ptrdiff_t>(moved.lines.begin));
    const spec::NodePath parent(e.node.begin(), e.node.end() - 1);
    return place(parent, *chain, e.row > from ? e.row - 1 : e.row, std::move(text), std::move(moved));
  }

 private:
  // Puts `text` (whole lines; `span` relative to its start) at `row` of `chain`: after the
  // row before it, so comments above the next node stay with that node.
  bool place(const spec::NodePath& chain_path, std::vector<NodeSpan>& chain, int row, std::string text,
             NodeSpan span) {
    const std::size_t at =
        row > 0 ? chain[static_cast<std::size_t>(row - 1)].lines.end : chain.front().lines.begin;
    if (at > 0 && s_.text[at - 1] != '\n') return false;  // no newline to start a line after
    replace({at, at}, text);
    // Containers that ended where the new lines start now end after them.
    std::vector<NodeSpan>* level = &s_.nodes;
    for (const int r : chain_path) {
      NodeSpan& ancestor = (*level)[static_cast<std::size_t>(r)];
      if (ancestor.lines.end == at) ancestor.lines.end = at + text.size();
      level = &ancestor.children;
    }
    relocate(span, static_cast<std::ptrdiff_t>(at));
    chain.insert(chain.begin() + row, std::move(span));
    return true;
  }

  // Replaces [begin, end) and moves every offset after it.
  void replace(TextRange range, std::string_view with) {
    s_.text.replace(range.begin, range.end - range.begin, with);
    const auto delta =
        static_cast<std::ptrdiff_t>(with.size()) - static_cast<std::ptrdiff_t>(range.end - range.begin);
    const auto move = [&](TextRange& r) {
      // Starts at the edit's end follow the new text; ends at its start stay before it.
      if (r.begin >= range.end)
        r.begin = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(r.begin) + delta);
      if (r.end > range.begin)
        r.end = r.end >= range.end ? static_cast<std::size_t>(static_cast<std::ptrdiff_t>(r.end) + delta)
                                   : range.begin + with.size();
    };
    for (auto& n : s_.nodes) visit(n, move);
  }

  template <class F>
  static void visit(NodeSpan& node, const F& f) {
    f(node.lines);
    for (auto& [key, r] : node.fields) f(r);
    for (auto& c : node.children) visit(c, f);
  }

  static void relocate(NodeSpan& node, std::ptrdiff_t by) {
    visit(node, [by](TextRange& r) {
      r.begin = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(r.begin) + by);
      r.end = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(r.end) + by);
    });
  }

  std::size_t line_start(std::size_t offset) const {
    const auto nl = s_.text.rfind('\n', offset == 0 ? 0 : offset - 1);
    return offset == 0 || nl == std::string::npos ? 0 : nl + 1;
  }

  std::vector<NodeSpan>* children(const spec::NodePath& path) {
    std::vector<NodeSpan>* level = &s_.nodes;
    for (const int r : path) {
      if (r < 0 || r >= static_cast<int>(level->size())) return nullptr;
      level = &(*level)[static_cast<std::size_t>(r)].children;
    }
    return level;
  }
  std::vector<NodeSpan>* siblings(const spec::NodePath& path) {
    if (path.empty()) return nullptr;
    auto* level = children(spec::NodePath(path.begin(), path.end() - 1));
    return level && path.back() >= 0 && path.back() < static_cast<int>(level->size()) ? level : nullptr;
  }
  const NodeSpan* find(const spec::NodePath& path) {
    auto* level = siblings(path);
    return level ? &(*level)[static_cast<std::size_t>(path.back())] : nullptr;
  }

  MappingSpans& s_;
};

}  // namespace

std::optional<MappingSpans> locate_mapping_nodes(const std::string& text, const std::string& file,
                                                 const YamlNode& section, const spec::Mapping& mapping) {
  if (!section.is_map()) return std::nullopt;
  Locator locator(text, file);
  auto nodes = locator.chain(section.find("nodes"), mapping.nodes);
  if (!nodes) return std::nullopt;
  return MappingSpans{text, std::move(*nodes)};
}

bool splice(MappingSpans& spans, const std::vector<MappingTextEdit>& edits) {
  MappingSpans work = spans;
  Splicer splicer(work);
  for (const auto& edit : edits)
    if (!splicer.apply(edit)) return false;
  spans = std::move(work);
  return true;
}

}  // namespace af::mapping_edit
