#include "text/yaml/yaml_node.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/diagnostic.h"
#include "text/yaml/core_schema.h"
#include "core/closest_name.h"

using af::core::SourceLocation;

namespace af::text::yaml {

void throw_yaml_error(const SourceLocation& where, std::string message, std::string field) {
  throw core::SpecError(core::Diagnostic{where, std::move(field), std::move(message)});
}

YamlNode YamlNode::null(SourceLocation where) {
  YamlNode n;
  n.location_ = std::move(where);
  return n;
}

YamlNode YamlNode::scalar(std::string text, SourceLocation where, bool quoted) {
  YamlNode n;
  n.kind_ = Kind::Scalar;
  n.text_ = std::move(text);
  n.quoted_ = quoted;
  n.location_ = std::move(where);
  return n;
}

YamlNode YamlNode::sequence(SourceLocation where) {
  YamlNode n;
  n.kind_ = Kind::Sequence;
  n.location_ = std::move(where);
  return n;
}

YamlNode YamlNode::map(SourceLocation where) {
  YamlNode n;
  n.kind_ = Kind::Map;
  n.location_ = std::move(where);
  return n;
}

std::string_view YamlNode::kind_name(Kind kind) {
  switch (kind) {
    case Kind::Null: return "null";
    case Kind::Scalar: return "a scalar";
    case Kind::Sequence: return "a list";
    case Kind::Map: return "a mapping";
  }
  return "?";
}

std::string YamlNode::describe() const {
  if (kind_ != Kind::Scalar) return std::string(kind_name(kind_));
  constexpr std::size_t max_shown = 40;
  if (text_.size() > max_shown) return fmt::format("'{}...'", text_.substr(0, max_shown));
  return fmt::format("'{}'", text_);
}

void YamlNode::expect(Kind kind, std::string_view field) const {
  if (kind_ != kind)
    throw_yaml_error(location_, fmt::format("expected {}, got {}", kind_name(kind), describe()),
                     std::string(field));
}

// ---------------------------------------------------------------------------- scalars

ScalarValue YamlNode::value(std::string_view field) const {
  if (kind_ == Kind::Null) return std::monostate{};
  if (kind_ != Kind::Scalar)
    throw_yaml_error(location_, fmt::format("expected a single value, got {}", kind_name(kind_)),
                     std::string(field));
  if (quoted_ || tag_ == "tag:yaml.org,2002:str") return text_;
  return resolve_plain_scalar(text_);
}

std::string YamlNode::as_string(std::string_view field) const {
  if (kind_ != Kind::Scalar)
    throw_yaml_error(location_, fmt::format("expected a string, got {}", kind_name(kind_)),
                     std::string(field));
  return text_;
}

bool YamlNode::as_bool(std::string_view field) const {
  const ScalarValue v = value(field);
  if (const auto* b = std::get_if<bool>(&v)) return *b;
  throw_yaml_error(location_, fmt::format("expected true or false, got {}", describe()), std::string(field));
}

std::int64_t YamlNode::as_int(std::string_view field) const {
  const ScalarValue v = value(field);
  if (const auto* i = std::get_if<std::int64_t>(&v)) return *i;
  if (const auto* d = std::get_if<double>(&v); d != nullptr && !quoted_ && std::isfinite(*d) &&
                                              std::all_of(text_.begin(), text_.end(), [](char c) {
                                                return (c >= '0' && c <= '9') || c == '-' || c == '+';
                                              }))
    throw_yaml_error(location_, fmt::format("integer {} is out of range", text_), std::string(field));
  throw_yaml_error(location_, fmt::format("expected an integer, got {}", describe()), std::string(field));
}

double YamlNode::as_double(std::string_view field) const {
  const ScalarValue v = value(field);
  if (const auto* d = std::get_if<double>(&v)) return *d;
  if (const auto* i = std::get_if<std::int64_t>(&v)) return static_cast<double>(*i);
  throw_yaml_error(location_, fmt::format("expected a number, got {}", describe()), std::string(field));
}

// ---------------------------------------------------------------------------- sequences

void YamlNode::push_back(YamlNode item) {
  expect(Kind::Sequence);
  items_.push_back(std::move(item));
}

// ---------------------------------------------------------------------------- maps

const std::vector<YamlNode::Entry>& YamlNode::entries() const { return entries_; }
std::vector<YamlNode::Entry>& YamlNode::entries() { return entries_; }

const YamlNode::Entry* YamlNode::find_entry(std::string_view key) const {
  const auto it = std::find_if(entries_.begin(), entries_.end(), [&](const Entry& e) { return e.key == key; });
  return it == entries_.end() ? nullptr : &*it;
}

const YamlNode* YamlNode::find(std::string_view key) const {
  const Entry* e = find_entry(key);
  return e == nullptr ? nullptr : &e->value;
}

YamlNode* YamlNode::find(std::string_view key) {
  const auto it = std::find_if(entries_.begin(), entries_.end(), [&](const Entry& e) { return e.key == key; });
  return it == entries_.end() ? nullptr : &it->value;
}

const YamlNode& YamlNode::at(std::string_view key, std::string_view field) const {
  expect(Kind::Map, field);
  if (const YamlNode* v = find(key)) return *v;
  throw_yaml_error(location_, fmt::format("missing key '{}'{}", key, core::did_you_mean(key, keys())),
                   std::string(field));
}

std::vector<std::string> YamlNode::keys() const {
  std::vector<std::string> out;
  out.reserve(entries_.size());
  for (const Entry& e : entries_) out.push_back(e.key);
  return out;
}

void YamlNode::set(std::string key, YamlNode value, SourceLocation key_location) {
  expect(Kind::Map);
  if (YamlNode* existing = find(key)) {
    *existing = std::move(value);
    return;
  }
  entries_.push_back(Entry{std::move(key), std::move(key_location), std::move(value)});
}

bool YamlNode::erase(std::string_view key) {
  const auto it = std::find_if(entries_.begin(), entries_.end(), [&](const Entry& e) { return e.key == key; });
  if (it == entries_.end()) return false;
  entries_.erase(it);
  return true;
}

std::size_t YamlNode::size() const {
  if (kind_ == Kind::Sequence) return items_.size();
  if (kind_ == Kind::Map) return entries_.size();
  return 0;
}

// ---------------------------------------------------------------------------- comparison

bool same_tree(const YamlNode& a, const YamlNode& b) {
  if (a.kind() != b.kind() || a.tag() != b.tag() || a.no_merge() != b.no_merge()) return false;
  switch (a.kind()) {
    case YamlNode::Kind::Null: return true;
    case YamlNode::Kind::Scalar: return a.text() == b.text() && a.quoted() == b.quoted();
    case YamlNode::Kind::Sequence:
      return std::equal(a.items().begin(), a.items().end(), b.items().begin(), b.items().end(), same_tree);
    case YamlNode::Kind::Map:
      return std::equal(a.entries().begin(), a.entries().end(), b.entries().begin(), b.entries().end(),
                        [](const YamlNode::Entry& x, const YamlNode::Entry& y) {
                          return x.key == y.key && same_tree(x.value, y.value);
                        });
  }
  return false;
}

}  // namespace af::text::yaml
