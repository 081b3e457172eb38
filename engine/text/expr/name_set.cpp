#include "text/expr/name_set.h"

#include <algorithm>
#include <iterator>

#include "text/expr/expression_error.h"
#include "text/expr/value.h"

namespace af::text::expr {

namespace {
using Names = std::vector<std::string>;

std::shared_ptr<const Names> sorted_unique(Names v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return std::make_shared<const Names>(std::move(v));
}

template <class Op>
Names combine(const Names& a, const Names& b, Op op) {
  Names out;
  op(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}
}  // namespace

NameSet::NameSet() : items_(std::make_shared<const Names>()), space_(items_) {}

NameSet::NameSet(Names items, Names space, std::shared_ptr<const NameSetHook> hook)
    : items_(sorted_unique(std::move(items))), space_(sorted_unique(std::move(space))), hook_(std::move(hook)) {}

NameSet::NameSet(std::shared_ptr<const Names> items, std::shared_ptr<const Names> space,
                 std::shared_ptr<const NameSetHook> hook)
    : items_(std::move(items)), space_(std::move(space)), hook_(std::move(hook)) {}

bool NameSet::contains(std::string_view name) const {
  return std::binary_search(items_->begin(), items_->end(), name, std::less<>{});
}

NameSet NameSet::with_items(Names items) const { return NameSet(sorted_unique(std::move(items)), space_, hook_); }

NameSet NameSet::operator&(const NameSet& o) const {
  return NameSet(std::make_shared<const Names>(combine(items(), o.items(), [](auto... a) {
                   return std::set_intersection(a...);
                 })),
                 space_, hook_);
}
NameSet NameSet::operator|(const NameSet& o) const {
  return NameSet(std::make_shared<const Names>(combine(items(), o.items(), [](auto... a) { return std::set_union(a...); })),
                 space_, hook_);
}
NameSet NameSet::operator-(const NameSet& o) const {
  return NameSet(std::make_shared<const Names>(combine(items(), o.items(), [](auto... a) {
                   return std::set_difference(a...);
                 })),
                 space_, hook_);
}
NameSet NameSet::operator^(const NameSet& o) const {
  return NameSet(std::make_shared<const Names>(combine(items(), o.items(), [](auto... a) {
                   return std::set_symmetric_difference(a...);
                 })),
                 space_, hook_);
}
NameSet NameSet::operator~() const {
  return NameSet(std::make_shared<const Names>(combine(space(), items(), [](auto... a) {
                   return std::set_difference(a...);
                 })),
                 space_, hook_);
}

NameSet NameSet::with_bits_per_value(const Value& bits) const {
  NameSet out = *this;
  out.bits_per_value_ = std::make_shared<const Value>(bits);
  return out;
}

std::optional<Value> NameSet::attribute(std::string_view name) const {
  if (name == "tensors") return Value(*this);
  if (name == "bits_per_value" && bits_per_value_) {
    if (size() != 1)
      throw ExpressionError("can not access bits_per_value for a set with " + std::to_string(size()) +
                            " elements: " + repr());
    return *bits_per_value_;
  }
  if (hook_) {
    if (auto v = hook_->attribute(*this, name)) return v;
  }
  if (name == "bits_per_value") throw ExpressionError("bits_per_value is not defined for set " + repr());
  return std::nullopt;
}

std::string NameSet::repr() const {
  std::string out = "InvertibleSet({";
  for (std::size_t i = 0; i < items_->size(); ++i) {
    if (i) out += ", ";
    out += quote_string((*items_)[i]);
  }
  return out + "})";
}

bool operator==(const NameSet& a, const NameSet& b) { return a.items() == b.items() && a.space() == b.space(); }

}  // namespace af::text::expr
