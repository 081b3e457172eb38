// YamlNode::to_yaml_string: a small block-style emitter. Written by hand (not YAML::Emitter)
// so tags, quoting and `!nomerge` come back exactly as the reader stores them.
#include <fmt/format.h>

#include <string>
#include <string_view>

#include "text/yaml/core_schema.h"
#include "text/yaml/yaml_node.h"

namespace af::text::yaml {
namespace {

constexpr std::string_view core_tag_prefix = "tag:yaml.org,2002:";

std::string tag_text(const YamlNode& node) {
  if (node.no_merge()) return "!nomerge";
  const std::string& tag = node.tag();
  if (tag.empty()) return {};
  if (tag.starts_with(core_tag_prefix)) return "!!" + tag.substr(core_tag_prefix.size());
  if (tag.front() == '!') return tag;
  return "!<" + tag + ">";
}

// Whether `text` reads back as the same plain scalar in block context.
bool plain_safe(std::string_view text) {
  if (text.empty() || is_core_null(text)) return false;
  if (text.front() == ' ' || text.back() == ' ' || text.back() == ':') return false;
  if (text.starts_with("---") || text.starts_with("...")) return false;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) return false;
  }
  constexpr std::string_view indicators = "-?:,[]{}#&*!|>'\"%@`";
  if (indicators.find(text.front()) != std::string_view::npos) {
    const bool dash_like = text.front() == '-' || text.front() == '?' || text.front() == ':';
    if (!dash_like || text.size() < 2 || text[1] == ' ') return false;
  }
  return text.find(": ") == std::string_view::npos && text.find(" #") == std::string_view::npos;
}

std::string double_quoted(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
          out += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
        else
          out += c;
    }
  }
  return out + "\"";
}

std::string key_text(const std::string& key) { return plain_safe(key) ? key : double_quoted(key); }

// Text of a node that fits on one line (scalars, null, empty collections), tag included.
std::string inline_text(const YamlNode& node) {
  const std::string tag = tag_text(node);
  std::string body;
  switch (node.kind()) {
    case YamlNode::Kind::Null: body = tag.empty() ? "null" : ""; break;
    case YamlNode::Kind::Scalar:
      body = !node.quoted() && plain_safe(node.text()) ? node.text() : double_quoted(node.text());
      break;
    case YamlNode::Kind::Sequence: body = "[]"; break;
    case YamlNode::Kind::Map: body = "{}"; break;
  }
  if (tag.empty()) return body;
  return body.empty() ? tag : tag + " " + body;
}

bool is_block(const YamlNode& node) { return node.size() > 0; }

class Emitter {
 public:
  std::string take() { return std::move(out_); }

  // The body of a block collection; every line starts at `indent`.
  void block(const YamlNode& node, int indent) {
    if (node.is_map()) {
      for (const auto& e : node.entries()) entry(e, indent);
    } else {
      for (const auto& item : node.items()) sequence_item(item, indent);
    }
  }

 private:
  void pad(int indent) { out_.append(static_cast<std::size_t>(indent), ' '); }

  void entry(const YamlNode::Entry& e, int indent) {
    pad(indent);
    out_ += key_text(e.key);
    out_ += ':';
    value_after_indicator(e.value, indent);
  }

  void sequence_item(const YamlNode& item, int indent) {
    pad(indent);
    out_ += '-';
    // Compact form "- k: v" for untagged maps keeps output close to hand-written specs.
    if (item.is_map() && is_block(item) && tag_text(item).empty()) {
      out_ += ' ';
      const auto& entries = item.entries();
      out_ += key_text(entries.front().key);
      out_ += ':';
      value_after_indicator(entries.front().value, indent + 2);
      for (std::size_t i = 1; i < entries.size(); ++i) entry(entries[i], indent + 2);
      return;
    }
    value_after_indicator(item, indent);
  }

  // After "key:" or "-": the value inline, or its tag then a nested block.
  void value_after_indicator(const YamlNode& value, int indent) {
    if (!is_block(value)) {
      out_ += ' ';
      out_ += inline_text(value);
      out_ += '\n';
      return;
    }
    const std::string tag = tag_text(value);
    if (!tag.empty()) out_ += ' ' + tag;
    out_ += '\n';
    block(value, indent + 2);
  }

  std::string out_;
};

}  // namespace

std::string YamlNode::to_yaml_string() const {
  // A lone top-level `!Tag` at the end of the text loses its tag in yaml-cpp; the document
  // end marker keeps it a tagged null.
  if (is_null() && !tag_text(*this).empty()) return tag_text(*this) + "\n...\n";
  if (!is_block(*this)) return inline_text(*this) + "\n";
  Emitter emitter;
  std::string head = tag_text(*this);
  if (!head.empty()) head += '\n';
  emitter.block(*this, 0);
  return head + emitter.take();
}

}  // namespace af::text::yaml
