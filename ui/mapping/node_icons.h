#pragma once
// Small badges drawn in code (no image files): a letter per node kind and a red error mark.
#include <QHash>
#include <QIcon>

#include "mapping/node_labels.h"

namespace af::ui {

class NodeIcons {
 public:
  [[nodiscard]] QIcon forKind(NodeKind kind);
  [[nodiscard]] QIcon error();

 private:
  QHash<int, QIcon> cache_;  // NodeKind -> icon; -1 = error
};

}  // namespace af::ui
