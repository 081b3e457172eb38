#include "models/pinned_mapping.h"

namespace af::ui {

PinnedMapping::PinnedMapping(QObject* parent) : QObject(parent) {}

void PinnedMapping::setCurrent(const AccessesData& data) {
  if (data == current_) return;
  current_ = data;
  emit currentChanged();
}

void PinnedMapping::pin() {
  if (!canPin() || pinned_ == current_) return;
  pinned_ = current_;
  emit pinnedChanged(true);
}

void PinnedMapping::unpin() {
  if (!pinned_) return;
  pinned_.reset();
  emit pinnedChanged(false);
}

}  // namespace af::ui
