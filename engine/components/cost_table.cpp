#include "components/cost_table.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <nlohmann/json.hpp>

#include "components/cost_table_sections.h"
#include "core/bounded_read.h"
#include "core/diagnostic.h"
#include "core/number_text.h"

namespace af::components {
namespace {

// An entry of a table: the table ("file#section") and the entry's path in it.
struct Place {
  std::string file, field;
  [[nodiscard]] Place operator/(const std::string& key) const { return {file, field + "." + key}; }
};

[[noreturn]] void error(const Place& at, const std::string& message) {
  core::Diagnostic d;
  d.where.file = at.file;
  d.field = at.field;
  d.message = message;
  throw core::SpecError(d);
}

[[noreturn]] void error(const std::string& where, const std::string& message) {
  core::Diagnostic d;
  d.where.file = where;
  d.message = message;
  throw core::SpecError(d);
}

// Python's json writes Infinity/-Infinity/NaN; turn them into strings nlohmann accepts.
std::string quote_nonfinite(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      out += c;
      if (c == '\\' && i + 1 < text.size())
        out += text[++i];
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
      out += c;
      continue;
    }
    bool matched = false;
    for (const char* word : {"-Infinity", "Infinity", "NaN"}) {
      const std::string w = word;
      if (text.compare(i, w.size(), w) == 0) {
        out += "\"" + w + "\"";
        i += w.size() - 1;
        matched = true;
        break;
      }
    }
    if (!matched) out += c;
  }
  return out;
}

double number_from_string(const std::string& s, const Place& where) {
  if (const auto v = core::parse_number(s)) return *v;  // locale-independent, unlike std::stod
  error(where, "expected a number, got '" + s + "'");
}

double json_number(const nlohmann::json& j, const Place& where) {
  double v = 0;
  if (j.is_number())
    v = j.get<double>();
  else if (j.is_string())
    v = number_from_string(j.get<std::string>(), where);
  else
    error(where, "expected a number");
  if (std::isnan(v)) error(where, "expected a number, got NaN");
  return v;
}

nlohmann::json yaml_to_json(const YAML::Node& n) {
  switch (n.Type()) {
    case YAML::NodeType::Map: {
      nlohmann::json o = nlohmann::json::object();
      for (const auto& kv : n) o[kv.first.as<std::string>()] = yaml_to_json(kv.second);
      return o;
    }
    case YAML::NodeType::Sequence: {
      nlohmann::json a = nlohmann::json::array();
      for (const auto& v : n) a.push_back(yaml_to_json(v));
      return a;
    }
    case YAML::NodeType::Scalar:
      return n.Scalar();  // numbers parsed on use
    default:
      return nullptr;
  }
}

// `attributes:` of an entry: numbers (also when written as text, as YAML gives them) or text.
models::Attributes attributes_from_json(const nlohmann::json& j, const Place& where) {
  if (!j.is_object())
    error(where, "expected a mapping of attribute names to the values the entry was computed at");
  models::Attributes out;
  for (const auto& [name, value] : j.items()) {
    if (value.is_null()) continue;
    if (value.is_boolean())
      out[name].value = value.get<bool>() ? 1.0 : 0.0;
    else if (value.is_number())
      out[name].value = value.get<double>();
    else if (value.is_string()) {
      const std::string text = value.get<std::string>();
      if (const auto number = core::parse_number(text))
        out[name].value = *number;
      else
        out[name].value = text;
    } else
      error(where / name, "expected a number or a text");
  }
  return out;
}

bool looks_like_component(const nlohmann::json& j) {
  return j.is_object() && (j.contains("actions") || j.contains("area") || j.contains("leak_power"));
}

CostTable table_from_json(const nlohmann::json& root, const std::string& section, const std::string& source) {
  if (!root.is_object()) error(source, "component-cost table must be a mapping");
  const nlohmann::json* body = &root;
  std::string name = source;
  if (!section.empty()) {
    if (!root.contains(section)) {
      std::string have;
      for (const auto& [k, v] : root.items()) have += (have.empty() ? "" : ", ") + k;
      error(source, "no section '" + section + "' (sections: " + have + ")");
    }
    body = &root.at(section);
    name += "#" + section;
  } else if (!root.empty() && !looks_like_component(root.begin().value())) {
    if (root.size() != 1) {
      std::string have;
      for (const auto& [k, v] : root.items()) have += (have.empty() ? "" : ", ") + k;
      error(source, "several sections (" + have + "); choose one with FILE#SECTION");
    }
    body = &root.begin().value();
    name += "#" + root.begin().key();
  }
  CostTable table;
  table.source = name;
  for (const auto& [comp, v] : body->items()) {
    const Place where{name, comp};
    if (!v.is_object()) error(where, "expected a mapping of costs");
    ComponentCost c;
    if (v.contains("area") && !v.at("area").is_null()) c.area = json_number(v.at("area"), where / "area");
    if (v.contains("leak_power") && !v.at("leak_power").is_null())
      c.leak_power = json_number(v.at("leak_power"), where / "leak_power");
    if (v.contains("actions")) {
      for (const auto& [aname, a] : v.at("actions").items()) {
        ActionCost ac;
        const Place aw = where / "actions" / aname;
        if (!a.is_object()) error(aw, "expected a mapping with 'energy' and 'throughput'");
        if (a.contains("energy") && !a.at("energy").is_null())
          ac.energy = json_number(a.at("energy"), aw / "energy");
        if (a.contains("throughput") && !a.at("throughput").is_null())
          ac.throughput = json_number(a.at("throughput"), aw / "throughput");
        if (ac.throughput && !(*ac.throughput > 0))
          error(aw / "throughput", "throughput must be positive (actions per second; Infinity for no limit)");
        c.actions[aname] = ac;
      }
    }
    if (v.contains("attributes") && !v.at("attributes").is_null())
      c.attributes = attributes_from_json(v.at("attributes"), where / "attributes");
    table.components[comp] = std::move(c);
  }
  return table;
}

}  // namespace

const ComponentCost* CostTable::find(const std::string& component) const {
  const auto it = components.find(component);
  return it == components.end() ? nullptr : &it->second;
}

namespace {

nlohmann::json parse_root(const std::string& text, bool yaml, const std::string& source_name) {
  try {
    return yaml ? yaml_to_json(YAML::Load(text)) : nlohmann::json::parse(quote_nonfinite(text));
  } catch (const std::exception& e) {
    error(source_name, std::string("cannot parse component-cost table: ") + e.what());
  }
}

std::string read_table_file(const std::string& file) {
  try {
    return core::read_file_bounded(file);
  } catch (const core::ReadError& e) {
    error(file, std::string("cannot read component-cost table: ") + e.what());
  }
}

bool yaml_file(const std::string& file) { return file.ends_with(".yaml") || file.ends_with(".yml"); }

}  // namespace

CostTable parse_cost_table(const std::string& text, bool yaml, const std::string& section,
                           const std::string& source_name) {
  return table_from_json(parse_root(text, yaml, source_name), section, source_name);
}

CostTable load_cost_table(const std::string& spec_text) {
  std::string file = spec_text, section;
  if (const auto hash = spec_text.rfind('#'); hash != std::string::npos) {
    file = spec_text.substr(0, hash);
    section = spec_text.substr(hash + 1);
  }
  return parse_cost_table(read_table_file(file), yaml_file(file), section, file);
}

std::vector<std::string> cost_table_sections(const std::string& file) {
  const nlohmann::json root = parse_root(read_table_file(file), yaml_file(file), file);
  if (!root.is_object()) error(file, "component-cost table must be a mapping");
  std::vector<std::string> sections;
  if (!root.empty() && !looks_like_component(root.begin().value()))
    for (const auto& [key, value] : root.items()) sections.push_back(key);
  return sections;
}

}  // namespace af::components
