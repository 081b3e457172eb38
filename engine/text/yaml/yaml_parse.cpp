// parse_yaml: yaml-cpp's event parser feeding a builder that makes YamlNode values.
// Events (not YAML::Node) because they carry each key's own mark, the tag and — through the
// non-specific tags "?" / "!" — whether a scalar was quoted, and because the builder can stop
// at our depth and size limits before yaml-cpp recurses any deeper.
#include "text/yaml/yaml_parse.h"

#include <fmt/format.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <map>
#include <optional>
#include <sstream>
#include <unordered_set>

#include "core/diagnostic.h"
#include "text/yaml/text_checks.h"

using af::core::SourceLocation;

namespace af::text::yaml {
namespace {

std::size_t count_nodes(const YamlNode& node) {
  std::size_t n = 1;
  for (const auto& item : node.items()) n += count_nodes(item);
  for (const auto& e : node.entries()) n += 1 + count_nodes(e.value);
  return n;
}

// yaml-cpp's messages are terse ("illegal map value"); say what usually causes them.
std::string readable_message(const std::string& msg) {
  struct Hint {
    std::string_view yaml_cpp;
    std::string_view readable;
  };
  static constexpr Hint hints[] = {
      {"end of map not found", "mapping is not closed; check the indentation of this and the next lines"},
      {"end of map flow not found", "'{' is never closed by a matching '}'"},
      {"end of sequence not found", "list is not closed; check the indentation of the '-' entries"},
      {"end of sequence flow not found", "'[' is never closed by a matching ']'"},
      {"illegal map value",
       "unexpected ':' here; check the indentation, or quote the text if the ':' belongs to it"},
      {"illegal map key", "unexpected mapping key here; check the indentation"},
      {"illegal block entry", "unexpected '-' list entry here; check the indentation"},
      {"illegal flow end", "unexpected ']' or '}' without a matching opening bracket"},
      {"illegal tab when looking for indentation",
       "tab characters cannot be used for indentation; use spaces"},
      {"illegal EOF in scalar", "quoted text is never closed (missing closing quote)"},
      {"illegal document indicator in scalar", "'---' or '...' inside quoted text"},
      {"the referenced anchor is not defined",
       "alias refers to an anchor ('&name') that is not defined before it"},
      {"bad file", "nesting is too deep"},
  };
  for (const auto& h : hints)
    if (msg == h.yaml_cpp) return fmt::format("{} (YAML: {})", h.readable, msg);
  return "YAML syntax error: " + msg;
}

// 1-based number of a line at or just before 0-based `line` whose indentation holds a tab, or 0.
// yaml-cpp reports such lines as "illegal map value" etc.; the tab is the real cause.
int tab_indented_line_near(std::string_view text, int line) {
  int current = 0;
  std::size_t start = 0;
  while (start <= text.size() && current <= line) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    if (current >= line - 1) {
      const std::string_view l = text.substr(start, end - start);
      const std::size_t content = l.find_first_not_of(" \t");
      if (content != std::string_view::npos && l.substr(0, content).find('\t') != std::string_view::npos)
        return current + 1;
    }
    start = end + 1;
    ++current;
  }
  return 0;
}

// Thrown from inside the event handler to abort parsing; converted to SpecError below.
struct BuildError {
  YAML::Mark mark;
  std::string message;
};

class TreeBuilder : public YAML::EventHandler {
 public:
  TreeBuilder(std::string_view text, const std::string& file, const ParseLimits& limits)
      : text_(text), file_(file), limits_(limits) {}

  [[nodiscard]] std::optional<YamlNode> take_root() { return std::move(root_); }

  void OnDocumentStart(const YAML::Mark& mark) override { document_start_ = mark; }
  [[nodiscard]] const YAML::Mark& document_start() const { return document_start_; }
  void OnDocumentEnd() override {}

  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    complete(YamlNode::null(where(mark)), anchor, mark);
  }

  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    const auto it = anchors_.find(anchor);
    if (it == anchors_.end())
      throw BuildError{
          mark, "alias refers to an anchor that is still being defined (a node cannot contain itself)"};
    count(it->second.size, mark);
    complete(YamlNode(it->second.node), 0, mark);
  }

  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    // yaml-cpp tags every non-plain scalar "!"; only quoted ones are literal strings to
    // AccelForge (ruamel's quoted scalar types): a `|` or `>` block is evaluated like plain text.
    const bool quoted =
        (tag == "!" && !block_scalar(mark)) || (tag != "?" && quoted_after_properties(mark, value.empty()));
    if (quoted) require_closing_quote(mark);
    if (tag != "?" && tag != "!" && value.empty() && !quoted) {
      // `!Tag` with no content: keep it as a tagged null rather than an empty string.
      YamlNode node = YamlNode::null(where(mark));
      node.set_tag(tag);
      complete(std::move(node), anchor, mark);
      return;
    }
    YamlNode node = YamlNode::scalar(utf8_scalar(value), where(mark), quoted);
    if (tag != "?" && tag != "!") node.set_tag(tag);
    complete(std::move(node), anchor, mark);
  }

  void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(YamlNode::sequence(where(mark)), tag, anchor, mark);
  }
  void OnSequenceEnd() override { close(); }

  void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    open(YamlNode::map(where(mark)), tag, anchor, mark);
  }
  void OnMapEnd() override { close(); }

 private:
  struct PendingKey {
    std::string text;
    SourceLocation location;
  };
  struct Frame {
    YamlNode node;
    YAML::anchor_t anchor = 0;
    YAML::Mark mark;
    std::optional<PendingKey> key;         // maps: key read, value not yet
    std::unordered_set<std::string> seen;  // maps: keys so far (duplicate check)
  };
  struct Anchored {
    YamlNode node;
    std::size_t size = 0;
  };

  SourceLocation where(const YAML::Mark& mark) const {
    return SourceLocation{file_, mark.line + 1, mark.column + 1};
  }

  // Offset of the first character after the node's properties (`!tag`, `&anchor`).
  std::size_t content_start(const YAML::Mark& mark) const {
    std::size_t i = mark.pos < 0 ? text_.size() : static_cast<std::size_t>(mark.pos);
    while (i < text_.size()) {
      const char c = text_[i];
      if (c == '!' || c == '&') {
        while (i < text_.size() && text_[i] != ' ' && text_[i] != '\t' && text_[i] != '\n' &&
               text_[i] != '\r')
          ++i;
      } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        ++i;
      } else if (c == '#') {  // a comment between the properties and the content
        while (i < text_.size() && text_[i] != '\n') ++i;
      } else {
        break;
      }
    }
    return i;
  }

  // For explicitly tagged scalars yaml-cpp drops the quoting; look at the text after the tag.
  // An empty value is either `!T ""` or a tag with no content at all (then the next token,
  // maybe a quoted key on the next line, follows).
  bool quoted_after_properties(const YAML::Mark& mark, bool empty) const {
    const std::string_view rest = text_.substr(std::min(content_start(mark), text_.size()));
    if (empty) {
      if (!rest.starts_with("\"\"") && !rest.starts_with("''")) return false;
      const std::size_t after = rest.find_first_not_of(" \t", 2);
      return after == std::string_view::npos || rest[after] != ':';  // `"": ...` is the next key
    }
    return rest.starts_with('"') || rest.starts_with('\'');
  }

  bool block_scalar(const YAML::Mark& mark) const {
    const std::size_t i = content_start(mark);
    return i < text_.size() && (text_[i] == '|' || text_[i] == '>');
  }

  // yaml-cpp accepts a quoted scalar that runs to the end of the text when the text ends in
  // a newline ('a: "x' + newline); YAML (and ruamel) reject it, so check for the closing quote.
  void require_closing_quote(const YAML::Mark& mark) const {
    std::size_t i = content_start(mark);
    if (i >= text_.size() || (text_[i] != '"' && text_[i] != '\'')) return;
    const char quote = text_[i++];
    for (; i < text_.size(); ++i) {
      if (quote == '"' && text_[i] == '\\') {
        ++i;  // skip the escaped character
      } else if (text_[i] == quote) {
        if (quote == '\'' && i + 1 < text_.size() && text_[i + 1] == '\'') {
          ++i;  // '' is an escaped single quote
        } else {
          return;
        }
      }
    }
    throw BuildError{mark, "quoted text is never closed (missing closing quote)"};
  }

  void count(std::size_t n, const YAML::Mark& mark) {
    nodes_ += n;
    if (nodes_ > limits_.max_nodes)
      throw BuildError{mark, fmt::format("document is too large: more than {} nodes after expanding aliases",
                                         limits_.max_nodes)};
    if (limits_.used && (limits_.used->nodes += n) > limits_.max_total_nodes)
      throw BuildError{mark, fmt::format("the spec files and what they include hold more than {} nodes "
                                         "together (is a large file included many times?)",
                                         limits_.max_total_nodes)};
  }

  void open(YamlNode node, const std::string& tag, YAML::anchor_t anchor, const YAML::Mark& mark) {
    if (static_cast<int>(stack_.size()) >= limits_.max_depth)
      throw BuildError{mark, fmt::format("nesting is too deep (more than {} levels)", limits_.max_depth)};
    if (tag != "?" && tag != "!") node.set_tag(tag);
    stack_.push_back(Frame{std::move(node), anchor, mark, std::nullopt, {}});
  }

  void close() {
    Frame frame = std::move(stack_.back());
    stack_.pop_back();
    complete(std::move(frame.node), frame.anchor, frame.mark);
  }

  // A finished node goes to its parent (as an item, a key or a value) or becomes the root.
  void complete(YamlNode node, YAML::anchor_t anchor, const YAML::Mark& mark) {
    count(1, mark);
    if (anchor != 0) {
      // The stored copy counts too, so nested anchors cannot multiply memory unchecked.
      const std::size_t size = count_nodes(node);
      count(size, mark);
      anchors_[anchor] = Anchored{node, size};
      node.set_anchored(true);  // the definition only: aliases copy the stored node
    }
    if (stack_.empty()) {
      root_ = std::move(node);
      return;
    }
    Frame& parent = stack_.back();
    if (parent.node.is_sequence()) {
      parent.node.items().push_back(std::move(node));
      return;
    }
    if (!parent.key) {
      if (!node.is_scalar() && !node.is_null())
        throw BuildError{
            mark, fmt::format("mapping keys must be plain text, not {}", YamlNode::kind_name(node.kind()))};
      if (!parent.seen.insert(node.text()).second)
        throw BuildError{mark, fmt::format("duplicate key '{}' in this mapping", node.text())};
      parent.key = PendingKey{node.text(), node.location()};
      return;
    }
    parent.node.entries().push_back(
        YamlNode::Entry{std::move(parent.key->text), std::move(parent.key->location), std::move(node)});
    parent.key.reset();
  }

  std::string_view text_;
  const std::string& file_;
  const ParseLimits& limits_;
  std::vector<Frame> stack_;
  std::map<YAML::anchor_t, Anchored> anchors_;
  std::optional<YamlNode> root_;
  std::size_t nodes_ = 0;
  YAML::Mark document_start_ = YAML::Mark::null_mark();
};

}  // namespace

YamlNode parse_yaml(std::string_view text, const std::string& file_name, const ParseLimits& limits) {
  check_yaml_text(text, file_name, limits);
  const auto location = [&](const YAML::Mark& mark) {
    return mark.is_null() ? SourceLocation{file_name, 0, 0}
                          : SourceLocation{file_name, mark.line + 1, mark.column + 1};
  };
  std::istringstream in{std::string(text)};
  try {
    YAML::Parser parser(in);
    TreeBuilder builder(text, file_name, limits);
    if (!parser.HandleNextDocument(builder)) return YamlNode::null({file_name, 1, 1});
    std::optional<YamlNode> root = builder.take_root();
    TreeBuilder rest(text, file_name, limits);
    if (parser.HandleNextDocument(rest)) {
      // yaml-cpp also starts a new document at text that cannot continue the first one
      // ("- a" then "b: 1"); only an explicit marker really is a second document.
      const YAML::Mark& start = rest.document_start();
      const std::size_t pos = start.pos < 0 ? text.size() : static_cast<std::size_t>(start.pos);
      const bool marker = text.substr(std::min(pos, text.size())).starts_with("---");
      throw_yaml_error(location(start),
                       marker ? "more than one YAML document ('---') in one file; only one is allowed"
                              : "unexpected text after the end of the document; check the indentation");
    }
    return root ? std::move(*root) : YamlNode::null({file_name, 1, 1});
  } catch (const BuildError& e) {
    throw_yaml_error(location(e.mark), e.message);
  } catch (const YAML::ParserException& e) {
    if (const int tab_line = e.mark.is_null() ? 0 : tab_indented_line_near(text, e.mark.line))
      throw_yaml_error({file_name, tab_line, 1}, "tab characters cannot be used for indentation; use spaces");
    throw_yaml_error(location(e.mark), readable_message(e.msg));
  } catch (const YAML::Exception& e) {
    throw_yaml_error(location(e.mark), readable_message(e.msg));
  }
}

}  // namespace af::text::yaml
