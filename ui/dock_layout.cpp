#include "dock_layout.h"

#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QSettings>
#include <QTimer>
#include <algorithm>

namespace af::ui {

DockLayout::DockLayout(QMainWindow* window)
    : QObject(window), window_(window), applyLater_(new QTimer(this)) {
  applyLater_->setSingleShot(true);
  applyLater_->setInterval(0);  // once the resize has been laid out
  connect(applyLater_, &QTimer::timeout, this, &DockLayout::apply);
  window_->installEventFilter(this);
}

void DockLayout::track(QDockWidget* dock, double share) { shares_.insert(dock, share); }

void DockLayout::restoreSaved() {
  const QSettings settings;
  if (const auto geometry = settings.value("window/geometry").toByteArray(); !geometry.isEmpty())
    window_->restoreGeometry(geometry);
  if (const auto state = settings.value("window/state").toByteArray();
      !state.isEmpty() && window_->restoreState(state))
    adoptCurrentSizes();  // the user's sizes become the shares kept on resizing
}

void DockLayout::save() const {
  QSettings settings;
  settings.setValue("window/geometry", window_->saveGeometry());
  settings.setValue("window/state", window_->saveState());
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
    it.value() =
        horizontal(dock) ? double(dock->width()) / size.width() : double(dock->height()) / size.height();
  }
}

void DockLayout::apply() {
  QList<QDockWidget*> across, down;
  QList<int> widths, heights;
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
    if (horizontal(dock)) {
      across << dock;
      widths << std::max(1, int(it.value() * size.width()));
    } else {
      down << dock;
      heights << std::max(1, int(it.value() * size.height()));
    }
  }
  if (!across.isEmpty()) window_->resizeDocks(across, widths, Qt::Horizontal);
  if (!down.isEmpty()) window_->resizeDocks(down, heights, Qt::Vertical);
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
