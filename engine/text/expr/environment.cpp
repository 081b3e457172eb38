#include "text/expr/environment.h"

namespace af::text::expr {

void Environment::set(std::string name, Value value) { vars_.insert_or_assign(std::move(name), std::move(value)); }

const Value* Environment::find_local(std::string_view name) const {
  if (const auto it = vars_.find(name); it != vars_.end()) return &it->second;
  if (borrowed_)
    if (const auto it = borrowed_->find(name); it != borrowed_->end()) return &it->second;
  return nullptr;
}

const Value* Environment::find(std::string_view name) const {
  for (const Environment* e = this; e; e = e->parent_)
    if (const Value* v = e->find_local(name)) return v;
  return nullptr;
}

std::vector<std::string> Environment::names() const {
  std::vector<std::string> out;
  for (const Environment* e = this; e; e = e->parent_)
  {
    for (const auto& [k, v] : e->vars_) out.push_back(k);
    if (e->borrowed_)
      for (const auto& [k, v] : *e->borrowed_) out.push_back(k);
  }
  return out;
}

}  // namespace af::text::expr
