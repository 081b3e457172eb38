#include "dock_layout.h"

#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QSettings>
#include <QTimer>
#include <algorithm>

namespace af::ui {

namespace {

// Raised when the default arrangement changes (2: the Mapper pane under the Inspector, the
// Diagnostics tabbed with the Plots), so that an old saved layout does not hide the new one.
constexpr int kStateVersion = 4;  // 3: the Sweep dock; 4: the History dock

}  // namespace

DockLayout::DockLayout(QMainWindow* window)
    : QObject(window), window_(window), applyLater_(new QTimer(this)) {
  applyLater_->setSingleShot(true);
  applyLater_->setInterval(0);  // once the resize has been laid out
  connect(applyLater_, &QTimer::timeout, this, &DockLayout::apply);
  window_->installEventFilter(this);
}

void DockLayout::track(QDockWidget* dock, double share, double heightShare) {
  shares_.insert(dock, Share{share, heightShare});
}

void DockLayout::keepAsDefault() {
  defaultState_ = window_->saveState(kStateVersion);
  defaultShares_ = shares_;
}

void DockLayout::reset() {
  window_->restoreState(defaultState_, kStateVersion);
  for (auto* dock : window_->findChildren<QDockWidget*>()) {
    dock->setFloating(false);
    dock->show();
  }
  shares_ = defaultShares_;
  apply();
}

void DockLayout::restoreSaved() {
  const QSettings settings;
  if (const auto geometry = settings.value("window/geometry").toByteArray(); !geometry.isEmpty())
    window_->restoreGeometry(geometry);
  if (const auto state = settings.value("window/state").toByteArray();
      !state.isEmpty() && window_->restoreState(state, kStateVersion))
    adoptCurrentSizes();  // the user's sizes become the shares kept on resizing
}

void DockLayout::save() {
  if (centreHeight_) {  // the shares the other pages use, not this page's
    centreHeight_ = false;
    apply();
  }
  QSettings settings;
  settings.setValue("window/geometry", window_->saveGeometry());
  settings.setValue("window/state", window_->saveState(kStateVersion));
}

bool DockLayout::horizontal(const QDockWidget* dock) const {
  const Qt::DockWidgetArea area = window_->dockWidgetArea(const_cast<QDockWidget*>(dock));
  return area == Qt::LeftDockWidgetArea || area == Qt::RightDockWidgetArea;
}

void DockLayout::adoptCurrentSizes() {
  if (!window_->isVisible()) {
    adoptOnShow_ = true;  // sizes are only laid out once the window shows
    return;
  }
  const QSize size = window_->size();
  for (auto it = shares_.begin(); it != shares_.end(); ++it) {
    const QDockWidget* dock = it.key();
    if (!dock->isVisible() || dock->isFloating()) continue;
    Share& share = it.value();
    if (centreHeight_ && !horizontal(dock)) {
      // Dragged on a page that wanted the height: that page's share, and at least this much
      // on the others.
      bottomShareForCentre_ = double(dock->height()) / size.height();
      share.main = std::max(share.main, bottomShareForCentre_);
      continue;
    }
    share.main =
        horizontal(dock) ? double(dock->width()) / size.width() : double(dock->height()) / size.height();
    if (share.height > 0) share.height = double(dock->height()) / size.height();
  }
}

void DockLayout::apply() {
  QList<QDockWidget*> across, down, stacked;
  QList<int> widths, heights, stackedHeights;
  const QSize size = window_->size();
  for (auto it = shares_.cbegin(); it != shares_.cend(); ++it) {
    auto* dock = const_cast<QDockWidget*>(it.key());
    if (!dock->isVisible() || dock->isFloating()) continue;
    // Docks tabbed together share one place: size it once.
    const bool covered =
        std::any_of(across.begin(), across.end(),
                    [&](QDockWidget* d) { return window_->tabifiedDockWidgets(d).contains(dock); }) ||
        std::any_of(down.begin(), down.end(),
                    [&](QDockWidget* d) { return window_->tabifiedDockWidgets(d).contains(dock); });
    if (covered) continue;
    const Share share = it.value();
    if (horizontal(dock)) {
      across << dock;
      widths << std::max(1, int(share.main * size.width()));
      if (share.height > 0) {
        stacked << dock;
        stackedHeights << std::max(1, int(share.height * size.height()));
      }
    } else {
      down << dock;
      const double main = centreHeight_ ? std::min(share.main, bottomShareForCentre_) : share.main;
      heights << std::max(1, int(main * size.height()));
    }
  }
  if (!across.isEmpty()) window_->resizeDocks(across, widths, Qt::Horizontal);
  if (!down.isEmpty()) window_->resizeDocks(down, heights, Qt::Vertical);
  if (stacked.size() > 1) window_->resizeDocks(stacked, stackedHeights, Qt::Vertical);
}

void DockLayout::giveCentreHeight(bool on) {
  if (on == centreHeight_) return;
  centreHeight_ = on;
  apply();
}

bool DockLayout::eventFilter(QObject* watched, QEvent* event) {
  if (watched == window_) {
    switch (event->type()) {
      case QEvent::Resize:
        if (!adoptOnShow_) applyLater_->start();  // else a restored layout would be overwritten
        break;
      case QEvent::Show:
        if (adoptOnShow_) {
          adoptOnShow_ = false;
          QTimer::singleShot(0, this, &DockLayout::adoptCurrentSizes);
        }
        break;
      case QEvent::MouseButtonRelease:
        // The end of a drag of a dock separator: the user chose these sizes.
        QTimer::singleShot(0, this, &DockLayout::adoptCurrentSizes);
        break;
      default:
        break;
    }
  }
  return QObject::eventFilter(watched, event);
}

}  // namespace af::ui
