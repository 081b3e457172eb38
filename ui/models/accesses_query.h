#pragma once
// Pure aggregation over AccessesData: the per-Einsum filter ("Total" = summed over Einsums) and
// the component x series tables the plots draw. Kept out of the widgets so they stay thin and
// so the numbers are testable without pixels.
#include <QStringList>

#include "models/accesses_data.h"

namespace af::ui {

// The Einsum choice meaning "sum over all Einsums".
inline constexpr char kTotalEinsum[] = "Total";
// Series name for actions without a tensor (compute).
inline constexpr char kComputeSeries[] = "(compute)";

// Count: the data each buffer moves, in bits (actions x bits per action; compute moves no data and
// is left out). Energy: joules of every action, compute included.
enum class AccessMetric { Count, Energy };

// Rows of a bar chart: values[series][category].
struct BarTable {
  QStringList categories;  // x positions (components), in order of first appearance
  QStringList series;      // stacked/grouped members (tensors), in order of first appearance
  QList<QList<double>> values;

  [[nodiscard]] bool isEmpty() const { return series.isEmpty(); }
  [[nodiscard]] double value(const QString& seriesName, const QString& category) const;
};

[[nodiscard]] QStringList einsumsOf(const AccessesData& data);
[[nodiscard]] QStringList componentsOf(const AccessesData& data);
[[nodiscard]] QStringList actionsOf(const AccessesData& data);

// einsum: kTotalEinsum sums over Einsums (einsum field becomes "Total"), an empty string keeps
// every record unchanged, any other name keeps that Einsum's records.
[[nodiscard]] QList<AccessRecord> accessesFor(const QList<AccessRecord>& records, const QString& einsum);
[[nodiscard]] QList<LatencyRecord> latencyFor(const QList<LatencyRecord>& records, const QString& einsum);

// action: empty = every action. Categories are all components of the data (stable x positions);
// series with only zeros are left out.
[[nodiscard]] BarTable accessBars(const AccessesData& data, const QString& einsum, const QString& action,
                                  AccessMetric metric);
// The categories whose total is above zero but under `share` of the largest total: on a linear
// axis they draw as empty bars (a transformer's DRAM beside its registers' hundreds of GiB).
// Empty when every bar shows.
struct HiddenBars {
  QStringList categories;  // in the table's order
  QString largest;         // the category they are small beside
  double largestTotal = 0;
};
[[nodiscard]] HiddenBars hiddenBars(const BarTable& table, double share = 0.01);
// Compute operations of the filtered records per compute component (what Count leaves out).
[[nodiscard]] QList<std::pair<QString, double>> computeOps(const AccessesData& data, const QString& einsum,
                                                           const QString& action);
[[nodiscard]] BarTable occupancyBars(const AccessesData& data);
// Capacity per occupancy category (same order as occupancyBars().categories); +inf if unbounded.
[[nodiscard]] QList<double> capacities(const AccessesData& data, const QStringList& categories);
[[nodiscard]] BarTable latencyBars(const AccessesData& data, const QString& einsum);

}  // namespace af::ui
