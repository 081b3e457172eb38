#pragma once
// A sweep as the window sees it: the points finished so far (each with its optimum's accesses,
// shaped for the accesses plot on the worker) and the sweep's progress. Immutable once
// published; the views hold them shared.
#include <QMetaType>
#include <QString>
#include <memory>
#include <string>
#include <vector>

#include "models/accesses_data.h"
#include "sweep/sweep.h"

namespace af::ui {

// A value as a person writes it: 1000000000 as 1G, 65536 as 64Ki (exact multiples only);
// anything else as it is.
[[nodiscard]] QString compactValue(const std::string& value);

struct SweepPoint {
  sweep::SweepRow row;
  AccessesData accesses;  // of the optimum; empty when the point has no mapping
};

struct SweepRun {
  sweep::Sweep sweep;                 // what ran: inputs, varied variables, options
  std::vector<SweepPoint> points;     // finished, in grid order (the first variable outermost)
  std::size_t total = 0;              // points in the grid
  std::vector<std::string> problems;  // why the sweep could not start (nothing ran)
  bool stopped = false;
  double seconds = 0;

  [[nodiscard]] std::vector<sweep::SweepRow> rows() const {
    std::vector<sweep::SweepRow> out;
    out.reserve(points.size());
    for (const auto& p : points) out.push_back(p.row);
    return out;
  }
  // "64, 128": the legend's entry, under the names' title
  [[nodiscard]] QString values(std::size_t index) const {
    QStringList parts;
    for (const auto& v : points.at(index).row.values) parts << compactValue(v);
    return parts.join(QStringLiteral(", "));
  }
  // "M, KN"
  [[nodiscard]] QString names() const {
    QStringList parts;
    for (const auto& v : sweep.vary) parts << QString::fromStdString(v.name);
    return parts.join(QStringLiteral(", "));
  }
  // "M=64, KN=128"
  [[nodiscard]] QString label(std::size_t index) const {
    QStringList parts;
    const auto& values = points.at(index).row.values;
    for (std::size_t v = 0; v < values.size() && v < sweep.vary.size(); ++v)
      parts << QString::fromStdString(sweep.vary[v].name) + QLatin1Char('=') + compactValue(values[v]);
    return parts.join(QStringLiteral(", "));
  }
};

struct SweepProgress {
  std::size_t done = 0, total = 0;
  QString current;           // the running point, "M=64, KN=128"
  double pointFraction = 0;  // of the running point's mapper (its templates)
  QString stage;             // of the running point's mapper
};

using SweepRunPtr = std::shared_ptr<const SweepRun>;

}  // namespace af::ui

Q_DECLARE_METATYPE(af::ui::SweepRunPtr)
