#include "components/models/dummy.h"

namespace af::components::models {

namespace {

ModelDefinition dummy(const std::string& class_name, std::vector<std::string> actions) {
  ModelInfo info;
  info.class_name = class_name;
  info.qualified_name = "hwcomponents_library.library.dummy." + class_name;
  info.names = {class_name};
  info.priority = 0.8;
  info.parameters = {{"tech_node", std::nullopt, false, "m", "technology node (not used)"}};
  info.actions = actions;
  info.source = "hwcomponents-library dummy.py: zero area, leakage and energy";
  return {info, [actions](const Arguments&) {
            BuiltModel m;
            for (const auto& a : actions) m.actions[a] = per_access({0.0, kUnlimited});
            return m;
          }};
}

}  // namespace

std::vector<ModelDefinition> dummy_models() {
  return {dummy("DummyStorage", {"read", "write"}), dummy("DummyCompute", {"read", "compute", "write"}),
          dummy("DummyMemory", {"read", "write"}), dummy("DummyNetwork", {"read", "write"})};
}

}  // namespace af::components::models
