#pragma once
// A YAML tree as plain values. Every node remembers where it came from (file:line:column),
// its tag (`!Memory`, ...) and, for scalars, whether it was quoted: quoted scalars are
// literal strings that the expression layer must never evaluate.
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/source_location.h"

namespace af::text::yaml {

// A scalar resolved by the YAML 1.2 core schema: null, bool, int, float or string.
using ScalarValue = std::variant<std::monostate, bool, std::int64_t, double, std::string>;

class YamlNode {
 public:
  enum class Kind { Null, Scalar, Sequence, Map };
  struct Entry;  // one key of a map: key text, the key's own location, the value

  YamlNode() = default;  // a null node at an unknown place
  [[nodiscard]] static YamlNode null(core::SourceLocation where = {});
  [[nodiscard]] static YamlNode scalar(std::string text, core::SourceLocation where = {}, bool quoted = false);
  [[nodiscard]] static YamlNode sequence(core::SourceLocation where = {});
  [[nodiscard]] static YamlNode map(core::SourceLocation where = {});

  // --- what it is -------------------------------------------------------------------
  [[nodiscard]] Kind kind() const { return kind_; }
  [[nodiscard]] bool is_null() const { return kind_ == Kind::Null; }
  [[nodiscard]] bool is_scalar() const { return kind_ == Kind::Scalar; }
  [[nodiscard]] bool is_sequence() const { return kind_ == Kind::Sequence; }
  [[nodiscard]] bool is_map() const { return kind_ == Kind::Map; }
  // "null", "a scalar", "a list", "a mapping" — for messages.
  [[nodiscard]] static std::string_view kind_name(Kind kind);
  // Kind name plus, for scalars, the text: "'abc'"; for messages such as "got 'abc'".
  [[nodiscard]] std::string describe() const;

  [[nodiscard]] const core::SourceLocation& location() const { return location_; }
  void set_location(core::SourceLocation where) { location_ = std::move(where); }
  // Explicit tag as written ("!Memory"); core tags are "tag:yaml.org,2002:str". Empty when none.
  [[nodiscard]] const std::string& tag() const { return tag_; }
  void set_tag(std::string tag) { tag_ = std::move(tag); }
  // Set by `!nomerge`: `<<<` never merges into this list/map.
  [[nodiscard]] bool no_merge() const { return no_merge_; }
  void set_no_merge(bool value) { no_merge_ = value; }
  // Defines a YAML anchor (`&name`). AccelForge's CiM files keep top-level keys that only
  // hold anchors for later `<<: *name`; the shape check skips such keys (schema.cpp).
  [[nodiscard]] bool anchored() const { return anchored_; }
  void set_anchored(bool value) { anchored_ = value; }

  // --- scalars ----------------------------------------------------------------------
  [[nodiscard]] const std::string& text() const { return text_; }  // raw text; "" unless scalar
  [[nodiscard]] bool quoted() const { return quoted_; }
  // Core-schema value: quoted or `!!str` scalars stay strings; `inf` is a string, `.inf` a float.
  // Null nodes give monostate; lists and maps throw SpecError.
  [[nodiscard]] ScalarValue value(std::string_view field = {}) const;
  // Typed accessors; on mismatch they throw SpecError at this node's location naming `field`.
  [[nodiscard]] std::string as_string(std::string_view field = {}) const;  // any scalar, as written
  [[nodiscard]] bool as_bool(std::string_view field = {}) const;
  [[nodiscard]] std::int64_t as_int(std::string_view field = {}) const;
  [[nodiscard]] double as_double(std::string_view field = {}) const;  // ints are accepted too

  // --- sequences (empty for other kinds) --------------------------------------------
  [[nodiscard]] const std::vector<YamlNode>& items() const { return items_; }
  [[nodiscard]] std::vector<YamlNode>& items() { return items_; }
  void push_back(YamlNode item);

  // --- maps (empty for other kinds); keys keep insertion order -------------------------
  [[nodiscard]] const std::vector<Entry>& entries() const;
  [[nodiscard]] std::vector<Entry>& entries();
  [[nodiscard]] const YamlNode* find(std::string_view key) const;  // nullptr if absent
  [[nodiscard]] YamlNode* find(std::string_view key);
  [[nodiscard]] const Entry* find_entry(std::string_view key) const;
  [[nodiscard]] bool contains(std::string_view key) const { return find(key) != nullptr; }
  // The value under `key`, or SpecError "missing key" (with a did-you-mean) at this map.
  [[nodiscard]] const YamlNode& at(std::string_view key, std::string_view field = {}) const;
  [[nodiscard]] std::vector<std::string> keys() const;
  // Replaces the value of an existing key in place, else appends the key.
  void set(std::string key, YamlNode value, core::SourceLocation key_location = {});
  bool erase(std::string_view key);  // true if it was there

  // Items of a list, entries of a map, 0 otherwise.
  [[nodiscard]] std::size_t size() const;

  // Throws SpecError "expected a mapping, got a list" etc. unless this node is of `kind`.
  void expect(Kind kind, std::string_view field = {}) const;

  // Block-style YAML that reads back into the same tree (tags, quoting, `!nomerge` kept).
  [[nodiscard]] std::string to_yaml_string() const;

 private:
  Kind kind_ = Kind::Null;
  core::SourceLocation location_;
  std::string tag_;
  bool no_merge_ = false;
  bool anchored_ = false;
  std::string text_;
  bool quoted_ = false;
  std::vector<YamlNode> items_;
  std::vector<Entry> entries_;
};

struct YamlNode::Entry {
  std::string key;
  core::SourceLocation key_location;
  YamlNode value;
};

// Same kinds, tags, texts, quoting, no-merge flags, keys and order; locations are ignored.
[[nodiscard]] bool same_tree(const YamlNode& a, const YamlNode& b);

// Throws a SpecError at `where`; a shorthand used throughout the YAML layer.
[[noreturn]] void throw_yaml_error(const core::SourceLocation& where, std::string message, std::string field = {});

}  // namespace af::text::yaml
