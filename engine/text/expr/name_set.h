#pragma once
// A set of tensor or rank-variable names together with its full space (AccelForge's
// InvertibleSet): `~S` is the full space minus S, binary operators keep the left space.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace af::text::expr {

class Value;
class NameSet;

// Lets the frontend answer attributes such as `.rank_variables` or `.bits_per_value`.
class NameSetHook {
 public:
  virtual ~NameSetHook() = default;
  [[nodiscard]] virtual std::optional<Value> attribute(const NameSet& self, std::string_view name) const = 0;
};

class NameSet {
 public:
  NameSet();
  // Items and space are sorted and de-duplicated here.
  NameSet(std::vector<std::string> items, std::vector<std::string> space,
          std::shared_ptr<const NameSetHook> hook = nullptr);

  [[nodiscard]] const std::vector<std::string>& items() const { return *items_; }  // sorted
  [[nodiscard]] const std::vector<std::string>& space() const { return *space_; }  // sorted
  [[nodiscard]] const std::shared_ptr<const NameSetHook>& hook() const { return hook_; }
  [[nodiscard]] std::size_t size() const { return items_->size(); }
  [[nodiscard]] bool empty() const { return items_->empty(); }
  [[nodiscard]] bool contains(std::string_view name) const;

  // Results live in this set's space (and keep its hook); a per-set bits_per_value is dropped.
  [[nodiscard]] NameSet operator&(const NameSet& o) const;
  [[nodiscard]] NameSet operator|(const NameSet& o) const;
  [[nodiscard]] NameSet operator-(const NameSet& o) const;
  [[nodiscard]] NameSet operator^(const NameSet& o) const;
  [[nodiscard]] NameSet operator~() const;
  // Same space, other items.
  [[nodiscard]] NameSet with_items(std::vector<std::string> items) const;

  // A value bound to a single-element set (renames such as `weight.bits_per_value`).
  [[nodiscard]] NameSet with_bits_per_value(const Value& bits) const;
  [[nodiscard]] const std::shared_ptr<const Value>& bits_per_value() const { return bits_per_value_; }

  // `tensors` (self), `bits_per_value`, then the hook. nullopt = no such attribute.
  // Throws ExpressionError for `bits_per_value` of a set whose size is not 1.
  [[nodiscard]] std::optional<Value> attribute(std::string_view name) const;

  [[nodiscard]] std::string repr() const;  // InvertibleSet({'A', 'B'})
  friend bool operator==(const NameSet& a, const NameSet& b);

 private:
  NameSet(std::shared_ptr<const std::vector<std::string>> items, std::shared_ptr<const std::vector<std::string>> space,
          std::shared_ptr<const NameSetHook> hook);
  std::shared_ptr<const std::vector<std::string>> items_;
  std::shared_ptr<const std::vector<std::string>> space_;
  std::shared_ptr<const NameSetHook> hook_;
  std::shared_ptr<const Value> bits_per_value_;  // shared_ptr: Value is incomplete here
};

}  // namespace af::text::expr
