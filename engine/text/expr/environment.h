#pragma once
// Name -> Value scopes chained to a parent scope (innermost first).
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "text/expr/value.h"

namespace af::text::expr {

class Environment {
 public:
  Environment() = default;
  // The parent must outlive this environment.
  explicit Environment(const Environment* parent) : parent_(parent) {}
  using Table = std::map<std::string, Value, std::less<>>;
  // A scope that reads `table` (which must outlive it) without copying it: evaluating one
  // expression against a spec's symbols must not cost a copy of every symbol.
  [[nodiscard]] static Environment borrowing(const Table& table) {
    Environment e;
    e.borrowed_ = &table;
    return e;
  }

  void set(std::string name, Value value);
  // Searches this scope, then the parents. nullptr = not defined.
  [[nodiscard]] const Value* find(std::string_view name) const;
  [[nodiscard]] const Value* find_local(std::string_view name) const;
  // Every visible name (for "did you mean" suggestions).
  [[nodiscard]] std::vector<std::string> names() const;
  [[nodiscard]] const Environment* parent() const { return parent_; }
  [[nodiscard]] const std::map<std::string, Value, std::less<>>& locals() const { return vars_; }

 private:
  const Environment* parent_ = nullptr;
  const Table* borrowed_ = nullptr;  // searched after vars_
  Table vars_;
};

}  // namespace af::text::expr
