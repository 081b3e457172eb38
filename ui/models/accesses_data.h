#pragma once
// Plain result values the accesses views show. The load job fills them from the engine's
// evaluation so that ui/plots and ui/models stay independent of engine types.
#include <QList>
#include <QMetaType>
#include <QString>

namespace af::ui {

struct AccessRecord {
  QString einsum;
  QString component;
  QString tensor;  // empty for compute actions
  QString action;  // read, write, fill, compute, leak, ...
  double count = 0;
  double energy = 0;
  friend bool operator==(const AccessRecord&, const AccessRecord&) = default;
};

struct OccupancyRecord {
  QString component;
  QString tensor;
  double bits = 0;
  double capacityBits = 0;  // may be +inf (unbounded buffer)
  friend bool operator==(const OccupancyRecord&, const OccupancyRecord&) = default;
};

struct LatencyRecord {
  QString einsum;
  QString component;
  double latency = 0;
  friend bool operator==(const LatencyRecord&, const LatencyRecord&) = default;
};

struct AccessesData {
  QList<AccessRecord> actions;
  QList<OccupancyRecord> occupancy;
  QList<LatencyRecord> latency;
  QString energyUnit = QStringLiteral("J");  // base SI unit; prefixes are chosen for display
  QString latencyUnit = QStringLiteral("s");

  friend bool operator==(const AccessesData&, const AccessesData&) = default;
  [[nodiscard]] bool isEmpty() const { return actions.isEmpty() && occupancy.isEmpty() && latency.isEmpty(); }
};

}  // namespace af::ui

Q_DECLARE_METATYPE(af::ui::AccessesData)
