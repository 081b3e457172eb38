#include "models/accesses_query.h"

#include <QHash>
#include <algorithm>
#include <cmath>
#include <limits>

namespace af::ui {

namespace {

template <typename Records, typename Field>
QStringList distinct(const Records& records, Field field) {
  QStringList out;
  for (const auto& r : records)
    if (const QString v = field(r); !v.isEmpty() && !out.contains(v)) out << v;
  return out;
}

QString seriesName(const AccessRecord& r) { return r.tensor.isEmpty() ? QString(kComputeSeries) : r.tensor; }

// Builds the table from (category, series, value) triples; categories fixed, series discovered.
class TableBuilder {
 public:
  explicit TableBuilder(QStringList categories) { table_.categories = std::move(categories); }
  void add(const QString& category, const QString& series, double value) {
    const auto column = table_.categories.indexOf(category);
    if (column < 0) return;
    auto row = table_.series.indexOf(series);
    if (row < 0) {
      table_.series << series;
      table_.values << QList<double>(table_.categories.size(), 0.0);
      row = table_.series.size() - 1;
    }
    table_.values[row][column] += value;
  }
  BarTable take() {
    // Drop all-zero series: they would only clutter the legend.
    for (auto row = table_.series.size() - 1; row >= 0; --row) {
      const auto& v = table_.values[row];
      if (std::all_of(v.begin(), v.end(), [](double x) { return x == 0.0; })) {
        table_.series.removeAt(row);
        table_.values.removeAt(row);
      }
    }
    return std::move(table_);
  }

 private:
  BarTable table_;
};

}  // namespace

HiddenBars hiddenBars(const BarTable& table, double share) {
  QList<double> totals(table.categories.size(), 0.0);
  for (const auto& row : table.values)
    for (qsizetype c = 0; c < row.size() && c < totals.size(); ++c) totals[c] += std::max(0.0, row[c]);
  HiddenBars out;
  for (qsizetype c = 0; c < totals.size(); ++c)
    if (totals[c] > out.largestTotal) {
      out.largestTotal = totals[c];
      out.largest = table.categories[c];
    }
  for (qsizetype c = 0; c < totals.size(); ++c)
    if (totals[c] > 0 && totals[c] < share * out.largestTotal) out.categories << table.categories[c];
  return out;
}

double BarTable::value(const QString& seriesName, const QString& category) const {
  const auto row = series.indexOf(seriesName);
  const auto column = categories.indexOf(category);
  return row < 0 || column < 0 ? 0.0 : values[row][column];
}

QStringList einsumsOf(const AccessesData& data) {
  QStringList out = distinct(data.actions, [](const AccessRecord& r) { return r.einsum; });
  for (const auto& e : distinct(data.latency, [](const LatencyRecord& r) { return r.einsum; }))
    if (!out.contains(e)) out << e;
  return out;
}

QStringList componentsOf(const AccessesData& data) {
  return distinct(data.actions, [](const AccessRecord& r) { return r.component; });
}

QStringList actionsOf(const AccessesData& data) {
  return distinct(data.actions, [](const AccessRecord& r) { return r.action; });
}

QList<AccessRecord> accessesFor(const QList<AccessRecord>& records, const QString& einsum) {
  if (einsum.isEmpty()) return records;
  QList<AccessRecord> out;
  if (einsum != QLatin1String(kTotalEinsum)) {
    std::copy_if(records.begin(), records.end(), std::back_inserter(out),
                 [&](const AccessRecord& r) { return r.einsum == einsum; });
    return out;
  }
  // Sum per (component, tensor, action), keeping the order of first appearance.
  QHash<QString, qsizetype> index;
  for (const auto& r : records) {
    const QString key = r.component + QChar(0x1f) + r.tensor + QChar(0x1f) + r.action;
    if (const auto it = index.constFind(key); it != index.constEnd()) {
      // Same component and action, so the same bits per action: counts add up.
      out[*it].count += r.count;
      out[*it].energy += r.energy;
    } else {
      index.insert(key, out.size());
      out << AccessRecord{QString(kTotalEinsum), r.component, r.tensor, r.action, r.count, r.energy,
                          r.bitsPerAction};
    }
  }
  return out;
}

QList<LatencyRecord> latencyFor(const QList<LatencyRecord>& records, const QString& einsum) {
  if (einsum.isEmpty()) return records;
  QList<LatencyRecord> out;
  if (einsum != QLatin1String(kTotalEinsum)) {
    std::copy_if(records.begin(), records.end(), std::back_inserter(out),
                 [&](const LatencyRecord& r) { return r.einsum == einsum; });
    return out;
  }
  QHash<QString, qsizetype> index;
  for (const auto& r : records) {
    if (const auto it = index.constFind(r.component); it != index.constEnd()) {
      out[*it].latency += r.latency;
    } else {
      index.insert(r.component, out.size());
      out << LatencyRecord{QString(kTotalEinsum), r.component, r.latency};
    }
  }
  return out;
}

BarTable accessBars(const AccessesData& data, const QString& einsum, const QString& action,
                    AccessMetric metric) {
  TableBuilder builder(componentsOf(data));
  for (const auto& r : accessesFor(data.actions, einsum)) {
    if (!action.isEmpty() && r.action != action) continue;
    if (metric == AccessMetric::Count && r.tensor.isEmpty()) continue;  // no data moved
    builder.add(r.component, seriesName(r), metric == AccessMetric::Count ? r.bits() : r.energy);
  }
  BarTable table = builder.take();
  if (metric == AccessMetric::Count) {  // compute-only components would be empty columns
    for (auto c = table.categories.size() - 1; c >= 0; --c) {
      bool any = false;
      for (const auto& row : table.values) any = any || row[c] != 0.0;
      if (any) continue;
      table.categories.removeAt(c);
      for (auto& row : table.values) row.removeAt(c);
    }
  }
  return table;
}

QList<std::pair<QString, double>> computeOps(const AccessesData& data, const QString& einsum,
                                             const QString& action) {
  QList<std::pair<QString, double>> out;
  for (const auto& r : accessesFor(data.actions, einsum)) {
    if (!r.tensor.isEmpty() || r.count == 0 || (!action.isEmpty() && r.action != action)) continue;
    const auto it =
        std::find_if(out.begin(), out.end(), [&](const auto& p) { return p.first == r.component; });
    if (it == out.end())
      out.append({r.component, r.count});
    else
      it->second += r.count;
  }
  return out;
}

BarTable occupancyBars(const AccessesData& data) {
  TableBuilder builder(distinct(data.occupancy, [](const OccupancyRecord& r) { return r.component; }));
  for (const auto& r : data.occupancy) builder.add(r.component, r.tensor, r.bits);
  return builder.take();
}

QList<double> capacities(const AccessesData& data, const QStringList& categories) {
  QList<double> out(categories.size(), 0.0);
  for (const auto& r : data.occupancy)
    if (const auto i = categories.indexOf(r.component); i >= 0) out[i] = std::max(out[i], r.capacityBits);
  return out;
}

BarTable latencyBars(const AccessesData& data, const QString& einsum) {
  TableBuilder builder(distinct(data.latency, [](const LatencyRecord& r) { return r.component; }));
  for (const auto& r : latencyFor(data.latency, einsum))
    builder.add(r.component, QStringLiteral("latency"), r.latency);
  return builder.take();
}

}  // namespace af::ui
