#include "spec/workload.h"

#include <algorithm>
#include <stdexcept>

namespace af::spec {

bool AffineExpr::contains(const std::string& var) const {
  return std::any_of(terms.begin(), terms.end(),
                     [&](const AffineTerm& t) { return t.var == var && t.coeff != 0; });
}

const TensorAccess* Einsum::find_access(const std::string& tensor) const {
  for (const auto& a : accesses)
    if (a.tensor == tensor) return &a;
  return nullptr;
}

bool Einsum::is_output(const std::string& tensor) const {
  const auto* a = find_access(tensor);
  return a != nullptr && a->output;
}

std::vector<std::string> Einsum::tensor_names() const {
  std::vector<std::string> out;
  out.reserve(accesses.size());
  for (const auto& a : accesses) out.push_back(a.tensor);
  return out;
}

std::set<std::string> Einsum::rank_variables() const {
  std::set<std::string> out;
  for (const auto& a : accesses)
    for (const auto& p : a.projection)
      for (const auto& t : p.expr.terms) out.insert(t.var);
  for (const auto& [rv, b] : rank_variable_bounds) out.insert(rv);
  return out;
}

Relevancy Einsum::relevancy(const std::string& rank_variable, const std::string& tensor) const {
  const auto* a = find_access(tensor);
  if (a == nullptr) return Relevancy::Irrelevant;
  for (const auto& p : a->projection) {
    if (!p.expr.contains(rank_variable)) continue;
    return p.expr.single_term() ? Relevancy::Relevant : Relevancy::PartiallyRelevant;
  }
  return Relevancy::Irrelevant;
}

std::set<std::string> Einsum::simple_rank_variables() const {
  std::set<std::string> in_expressions;
  for (const auto& a : accesses)
    for (const auto& p : a.projection)
      if (!p.expr.is_plain_variable())
        for (const auto& t : p.expr.terms) in_expressions.insert(t.var);
  std::set<std::string> out;
  for (const auto& rv : rank_variables())
    if (!in_expressions.contains(rv)) out.insert(rv);
  return out;
}

std::string Einsum::copy_source_tensor() const {
  std::vector<std::string> inputs;
  for (const auto& a : accesses)
    if (!a.output) inputs.push_back(a.tensor);
  if (inputs.size() != 1)
    throw std::runtime_error("Copy Einsum " + name + " has " + std::to_string(inputs.size()) +
                             " input tensors, expected 1");
  return inputs.front();
}

std::int64_t Einsum::bound(const std::string& rank_variable) const {
  const auto it = rank_variable_bounds.find(rank_variable);
  return it == rank_variable_bounds.end() ? 1 : it->second;
}

double dense_tile_occupancy(const TensorAccess& access,
                            const std::map<std::string, double>& shape) {
  double result = 1;
  for (const auto& p : access.projection) {
    double v = static_cast<double>(p.expr.constant);
    for (const auto& t : p.expr.terms) {
      const auto it = shape.find(t.var);
      const double s = it == shape.end() ? 1.0 : it->second;
      v += static_cast<double>(t.coeff) * (s - 1);
    }
    result *= v + 1;
  }
  return result;
}

const Einsum* Workload::find_einsum(const std::string& name) const {
  for (const auto& e : einsums)
    if (e.name == name) return &e;
  return nullptr;
}

std::vector<std::string> Workload::tensor_names() const {
  std::vector<std::string> out;
  for (const auto& e : einsums)
    for (const auto& a : e.accesses)
      if (std::find(out.begin(), out.end(), a.tensor) == out.end()) out.push_back(a.tensor);
  return out;
}

std::vector<std::string> Workload::producers(const std::string& tensor) const {
  std::vector<std::string> out;
  for (const auto& e : einsums)
    if (e.is_output(tensor)) out.push_back(e.name);
  return out;
}

std::vector<std::string> Workload::consumers(const std::string& tensor) const {
  std::vector<std::string> out;
  for (const auto& e : einsums) {
    const auto* a = e.find_access(tensor);
    if (a != nullptr && !a->output) out.push_back(e.name);
  }
  return out;
}

std::set<std::string> Workload::intermediate_tensors() const {
  std::set<std::string> out;
  for (const auto& t : tensor_names())
    if (!producers(t).empty() && !consumers(t).empty()) out.insert(t);
  return out;
}

std::set<std::string> Workload::fusable_tensors() const {
  std::set<std::string> out;
  for (const auto& t : tensor_names()) {
    int n = 0;
    for (const auto& e : einsums) n += e.find_access(t) != nullptr ? 1 : 0;
    if (n >= 2) out.insert(t);
  }
  return out;
}

}  // namespace af::spec
