#include "models/buffer_comparison.h"

namespace af::ui {

QList<BufferComparison> compareBuffers(const AccessesData& pinned, const AccessesData& current) {
  QList<BufferComparison> rows;
  const auto row = [&rows](const QString& component) -> BufferComparison& {
    for (auto& r : rows)
      if (r.component == component) return r;
    BufferComparison r;
    r.component = component;
    rows.append(r);
    return rows.last();
  };
  for (const AccessRecord& a : pinned.actions) {
    BufferComparison& r = row(a.component);
    r.pinnedEnergy += a.energy;
    r.pinnedBits += a.bits();
  }
  for (const AccessRecord& a : current.actions) {
    BufferComparison& r = row(a.component);
    r.currentEnergy += a.energy;
    r.currentBits += a.bits();
  }
  return rows;
}

}  // namespace af::ui
