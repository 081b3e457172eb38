#include "history/stored_run.h"

#include <QObject>

#include "controller/project_result.h"
#include "io/mapper_stats.h"
#include "mapping_edit/mapping_section.h"
#include "run_capture.h"
#include "workspace/workspace.h"

namespace af::ui {

namespace {

// The optimum `mappingYaml` evaluated on `inputs`: its accesses, or why not.
AccessesData evaluateMapping(const SpecInputs& inputs, const std::string& mappingYaml, QString* error) {
  const Workspace ws = Workspace::load(inputs);
  if (!ws.ok()) {
    for (const auto& d : ws.diagnostics())
      if (d.severity == core::Severity::Error) {
        *error = QString::fromStdString(d.to_string());
        return {};
      }
    *error = QObject::tr("the stored spec does not load");
    return {};
  }
  const auto section =
      mapping_edit::read_mapping_section(mappingYaml, "stored-mapping.yaml", inputs.assignments);
  if (!section.mapping) {
    *error = QObject::tr("the stored mapping does not read");
    return {};
  }
  try {
    return accessesFrom(ws.evaluate(*section.mapping), ws.spec());
  } catch (const std::exception& e) {
    *error = QString::fromStdString(e.what());
    return {};
  }
}

}  // namespace

QString StoredRun::title() const {
  QString when = QString::fromStdString(record.created);
  when.replace('T', ' ');
  when.chop(when.endsWith('Z') ? 4 : 0);  // to the minute
  QString t = QObject::tr("#%1 %2 %3")
                  .arg(record.id)
                  .arg(QString::fromStdString(std::string(store::kind_name(record.kind))), when);
  if (!record.name.empty()) t += QStringLiteral(" (%1)").arg(QString::fromStdString(record.name));
  return t;
}

sweep::Sweep sweepOf(const store::RunRecord& record) {
  sweep::Sweep s;
  s.inputs = store::inputs_of(record);
  if (record.vary.is_array())
    for (const auto& v : record.vary)
      s.vary.push_back({v.at("name").get<std::string>(), v.at("values").get<std::vector<std::string>>()});
  s.options = [settings = store::settings_of(record)](mapper::MapperOptions& o) {
    apply_mapper_settings(settings, o);
  };
  return s;
}

StoredRunPtr prepareStoredRun(store::RunRecord record, std::stop_token stop) {
  auto out = std::make_shared<StoredRun>();
  if (record.stats.is_object()) {
    if (record.stats.contains("stats")) out->stats = io::mapper_stats_from_json(record.stats.at("stats"));
    if (record.stats.contains("join")) out->joins = io::mapper_join_from_json(record.stats.at("join"));
  }
  const SpecInputs inputs = store::inputs_of(record);
  if (record.kind == store::RunKind::kMap) {
    for (const auto& m : record.front) {
      out->front.push_back({m.at("energy").get<double>(), m.at("latency").get<double>()});
      out->frontYaml.push_back(m.value("yaml", std::string()));
    }
    if (record.found && !record.mapping_yaml.empty())
      out->optimum = evaluateMapping(inputs, record.mapping_yaml, &out->optimumError);
  } else {
    auto run = std::make_shared<SweepRun>();
    run->sweep = sweepOf(record);
    run->total = sweep::points(run->sweep.vary).size();
    int best = -1;
    for (const auto& j : record.front) {
      if (stop.stop_requested()) return nullptr;
      SweepPoint p{sweep::row_from_json(j), {}};
      if (p.row.found && !p.row.mapping_yaml.empty()) {
        SpecInputs at = inputs;
        for (std::size_t v = 0; v < p.row.values.size() && v < run->sweep.vary.size(); ++v)
          at.assignments.push_back(run->sweep.vary[v].name + "=" + p.row.values[v]);
        QString error;
        p.accesses = evaluateMapping(at, p.row.mapping_yaml, &error);
        // The stored optimum is the point whose figures the record reports.
        if (best < 0 && p.row.energy == record.energy && p.row.latency == record.latency)
          best = static_cast<int>(run->points.size());
      }
      run->points.push_back(std::move(p));
    }
    run->stopped = run->points.size() < run->total;
    run->seconds = record.seconds;
    if (best >= 0) {
      const auto& p = run->points[static_cast<std::size_t>(best)];
      for (const auto& [e, l] : p.row.front) out->front.push_back({e, l});
      out->optimum = p.accesses;
      out->bestPoint = run->label(static_cast<std::size_t>(best));
      out->bestValues = p.row.values;
    }
    out->sweep = run;
  }
  out->record = std::move(record);
  return out;
}

}  // namespace af::ui
