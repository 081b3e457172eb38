#include "spec/priced_component.h"

#include <algorithm>

namespace af::spec {

const char* cost_source_name(CostSource source) {
  switch (source) {
    case CostSource::Spec:
      return "spec";
    case CostSource::Table:
      return "table";
    case CostSource::Model:
      return "model";
    case CostSource::Dummy:
      return "dummy";
    case CostSource::Unpriced:
      break;
  }
  return "unpriced";
}

const PricedAction* PricedComponent::find_action(const std::string& action) const {
  const auto it =
      std::find_if(actions.begin(), actions.end(), [&](const PricedAction& a) { return a.name == action; });
  return it == actions.end() ? nullptr : &*it;
}

}  // namespace af::spec
