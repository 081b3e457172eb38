#pragma once
// The window's one pin: the mapping the user keeps as the reference, and the mapping on screen
// it is compared with. The Compare tab, the accesses plot and the accesses table all follow
// this object, so pinning or unpinning anywhere shows everywhere.
#include <QObject>
#include <optional>

#include "models/accesses_data.h"

namespace af::ui {

class PinnedMapping : public QObject {
  Q_OBJECT
 public:
  explicit PinnedMapping(QObject* parent = nullptr);

  // The evaluated mapping now on screen (empty data: none).
  void setCurrent(const AccessesData& data);
  [[nodiscard]] const AccessesData& current() const { return current_; }
  [[nodiscard]] const std::optional<AccessesData>& pinned() const { return pinned_; }
  [[nodiscard]] bool isPinned() const { return pinned_.has_value(); }
  // Only an evaluated mapping can be pinned.
  [[nodiscard]] bool canPin() const { return !current_.actions.isEmpty(); }

 public slots:
  void pin();  // the current mapping becomes the pinned one (replacing an earlier pin)
  void unpin();

 signals:
  void pinnedChanged(bool pinned);  // pinned, re-pinned or unpinned
  void currentChanged();

 private:
  AccessesData current_;
  std::optional<AccessesData> pinned_;
};

}  // namespace af::ui
