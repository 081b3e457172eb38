#include "pages/page_context.h"

#include <QDockWidget>
#include <QMainWindow>

#include "controller/project_controller.h"
#include "docks/inspector_dock.h"
#include "editors/diagnostics_model.h"
#include "editors/editor_tabs.h"
#include "editors/find_bar.h"
#include "explore/explore_session.h"
#include "history/history_session.h"
#include "sweep/sweep_session.h"

namespace af::ui {

PageContext::PageContext(QMainWindow* window, ProjectController* controller)
    : window_(window), controller_(controller) {}

EditorTabs* PageContext::editorTabs() {
  if (!editorTabs_) {
    editorTabs_ = new EditorTabs(controller_->documents(), window_);
    editorTabs_->setEmptyText(
        QObject::tr("Open an architecture, a workload and a mapping (File > Open, or drop files here),\n"
                    "or pick one from Examples. Then Map (F6) finds the best mappings;\n"
                    "the mapping is optional when you map."));
  }
  return editorTabs_;
}

FindBar* PageContext::findBar() {
  if (!findBar_) findBar_ = new FindBar(window_);
  return findBar_;
}

InspectorDock* PageContext::inspector() {
  if (!inspector_) inspector_ = new InspectorDock(controller_, window_);
  return inspector_;
}

DiagnosticsModel* PageContext::diagnostics() {
  if (!diagnostics_) diagnostics_ = new DiagnosticsModel(window_);
  return diagnostics_;
}

ExploreSession* PageContext::explore() {
  if (!explore_) explore_ = new ExploreSession(controller_, window_);
  return explore_;
}

SweepSession* PageContext::sweeps() {
  if (!sweeps_) sweeps_ = new SweepSession(controller_, window_);
  return sweeps_;
}

HistorySession* PageContext::history() {
  if (!history_) history_ = new HistorySession(controller_);
  return history_;
}

void PageContext::setPlaced(const QString& id, QWidget* page, QDockWidget* dock) {
  pages_.insert(id, page);
  if (dock) docks_.insert(id, dock);
}

}  // namespace af::ui
