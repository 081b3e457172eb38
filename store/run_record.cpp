#include "run_record.h"

#include <QDateTime>

namespace af::store {

std::string_view kind_name(RunKind kind) { return kind == RunKind::kSweep ? "sweep" : "map"; }

std::optional<RunKind> kind_from_name(std::string_view name) {
  if (name == "map") return RunKind::kMap;
  if (name == "sweep") return RunKind::kSweep;
  return std::nullopt;
}

nlohmann::json record_to_json(const RunRecord& r) {
  nlohmann::json files = nlohmann::json::array();
  for (const auto& f : r.files) files.push_back({{"path", f.path}, {"text", f.text}});
  return {{"id", r.id},
          {"kind", kind_name(r.kind)},
          {"name", r.name},
          {"created", r.created},
          {"project", r.project},
          {"files", std::move(files)},
          {"spec_hash", r.spec_hash},
          {"assignments", r.assignments},
          {"component_costs", r.component_costs},
          {"options", r.options},
          {"seconds", r.seconds},
          {"found", r.found},
          {"failure", r.failure},
          {"energy", r.energy},
          {"latency", r.latency},
          {"edp", r.edp},
          {"area", r.area},
          {"leak_power", r.leak_power},
          {"priced_by_model", r.priced_by_model},
          {"front", r.front},
          {"stats", r.stats},
          {"mapping_yaml", r.mapping_yaml},
          {"vary", r.vary}};
}

RunRecord record_from_json(const nlohmann::json& j) {
  RunRecord r;
  j.at("id").get_to(r.id);
  const auto kind = kind_from_name(j.at("kind").get<std::string>());
  if (!kind) throw std::invalid_argument("unknown run kind '" + j.at("kind").get<std::string>() + "'");
  r.kind = *kind;
  j.at("name").get_to(r.name);
  j.at("created").get_to(r.created);
  j.at("project").get_to(r.project);
  for (const auto& f : j.at("files"))
    r.files.push_back({f.at("path").get<std::string>(), f.at("text").get<std::string>()});
  j.at("spec_hash").get_to(r.spec_hash);
  j.at("assignments").get_to(r.assignments);
  j.at("component_costs").get_to(r.component_costs);
  r.options = j.at("options");
  j.at("seconds").get_to(r.seconds);
  j.at("found").get_to(r.found);
  j.at("failure").get_to(r.failure);
  j.at("energy").get_to(r.energy);
  j.at("latency").get_to(r.latency);
  j.at("edp").get_to(r.edp);
  // Exports written before area was recorded have none.
  r.area = j.value("area", 0.0);
  r.leak_power = j.value("leak_power", 0.0);
  r.priced_by_model = j.value("priced_by_model", std::vector<std::string>());
  r.front = j.at("front");
  r.stats = j.at("stats");
  j.at("mapping_yaml").get_to(r.mapping_yaml);
  r.vary = j.at("vary");
  return r;
}

std::string utc_now() { return QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString(); }

}  // namespace af::store
