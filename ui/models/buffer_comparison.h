#pragma once
// Two mappings' figures per buffer, for pin-and-compare: the pinned one and the current one,
// with energy (J, all actions of the component) and data moved (bits, memory actions only).
#include <QList>
#include <QString>

#include "models/accesses_data.h"

namespace af::ui {

struct BufferComparison {
  QString component;
  double pinnedEnergy = 0, currentEnergy = 0;
  double pinnedBits = 0, currentBits = 0;
};

// Every component either mapping uses, in the order they first appear (pinned first).
[[nodiscard]] QList<BufferComparison> compareBuffers(const AccessesData& pinned, const AccessesData& current);

}  // namespace af::ui
