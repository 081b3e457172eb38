#pragma once
// How a view shows what the controller publishes. The controller decides, in one place
// (ProjectController::publish), which result each kind of view shows after a load; the views
// only apply it.
#include <QMetaType>

namespace af::ui {

enum class Freshness {
  Fresh,    // the newest load's own result
  Stale,    // the newest load has errors (or nothing of this kind): the last good one, dimmed
  Cleared,  // nothing of these files to show: the view returns to its empty state
};

}  // namespace af::ui

Q_DECLARE_METATYPE(af::ui::Freshness)
