#pragma once
// One stored run of the mapper (`accelforge map`) or of a sweep, as a value: what went in (the
// spec files' texts, the variables, the cost table, the options) and what came out (the
// optimum, the front, the statistics, the chosen mapping), so a run can be shown, compared
// and re-opened without its files.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace af::store {

enum class RunKind { kMap, kSweep };

// "map" / "sweep", as stored and exported.
[[nodiscard]] std::string_view kind_name(RunKind kind);
[[nodiscard]] std::optional<RunKind> kind_from_name(std::string_view name);

struct RunFile {
  std::string path;  // as the run was given it
  std::string text;  // as the run read it
  friend bool operator==(const RunFile&, const RunFile&) = default;
};

struct RunRecord {
  std::int64_t id = 0;  // set by the store; 0 before it is added
  RunKind kind = RunKind::kMap;
  std::string name;     // the user's label; empty by default
  std::string created;  // UTC, ISO-8601 ("2026-12-02T10:11:12Z")
  std::string project;  // the .afproj the run belongs to; empty for none
  std::vector<RunFile> files;
  std::string spec_hash;                              // io::fingerprint of the files' texts
  std::vector<std::string> assignments;               // NAME=VALUE
  std::string component_costs;                        // FILE[#SECTION]; empty: none
  nlohmann::json options = nlohmann::json::object();  // the mapper's settings, by name
  double seconds = 0;                                 // wall time of the run
  bool found = false;
  std::string failure;                      // why nothing was found (map), or empty
  double energy = 0, latency = 0, edp = 0;  // the optimum (J, s, J*s); 0 when none
  // The chip at the optimum (Workspace::area(): m^2, W): a map's arch; a sweep's best point's.
  // 0 in runs stored before area was recorded.
  double area = 0, leak_power = 0;
  // Components priced by their model instead of the cost table (SpecInputs::priced_by_model).
  std::vector<std::string> priced_by_model;
  // map: one object per mapping of the final front (io::pareto_json's "mappings": energy,
  // latency, edp, component_energy, yaml), the optimum first; sweep: one sweep::row_to_json
  // per point, in grid order.
  nlohmann::json front = nlohmann::json::array();
  // map: {"stats": io::mapper_stats_json, "join": io::mapper_join_json, "run": {"stopped": bool,
  // "warnings": [text]}} ("run" since 2026-12-07; run_capture.h reads it); sweep: null.
  nlohmann::json stats;
  std::string mapping_yaml;  // map: the chosen mapping; sweep: empty
  // sweep: [{"name": NAME, "values": [...]}] per varied variable, outermost first; map: null.
  nlohmann::json vary;

  friend bool operator==(const RunRecord&, const RunRecord&) = default;
};

// The record as one JSON object (`accelforge history export`), and back. record_from_json throws
// nlohmann::json::exception when a key is missing or of the wrong type, std::invalid_argument
// for an unknown kind.
[[nodiscard]] nlohmann::json record_to_json(const RunRecord& record);
[[nodiscard]] RunRecord record_from_json(const nlohmann::json& j);

// The current time as `created` holds it.
[[nodiscard]] std::string utc_now();

}  // namespace af::store
