// MainWindow's accessors of its parts, for tests, main() and screenshots: each is a page of the
// table or a part the pages share.
#include <QDockWidget>
#include <QTabWidget>
#include <algorithm>

#include "controller/project_controller.h"
#include "docks/inspector_dock.h"
#include "docks/plots_dock.h"
#include "docks/project_dock.h"
#include "docks/status_line.h"
#include "history/history_dock.h"
#include "main_window.h"
#include "pages/page_context.h"
#include "playback/playback_view.h"
#include "views/architecture_view.h"
#include "views/workload_view.h"

namespace af::ui {

QString MainWindow::noSpecText() { return StatusLine::noSpecText(); }
QString MainWindow::specStateText() const { return status_->specStateText(); }
QProgressBar* MainWindow::progressBar() const { return status_->progressBar(); }
DocumentSet* MainWindow::documents() const { return controller_->documents(); }
SpecDocument* MainWindow::mappingDocument() const { return controller_->mappingDocument(); }
EditorTabs* MainWindow::editorTabs() const { return context_->editorTabs(); }
FindBar* MainWindow::findBar() const { return context_->findBar(); }
DiagnosticsModel* MainWindow::diagnosticsModel() const { return context_->diagnostics(); }
ExploreSession* MainWindow::explore() const { return context_->explore(); }
SweepSession* MainWindow::sweeps() const { return context_->sweeps(); }
HistorySession* MainWindow::history() const { return context_->history(); }
InspectorDock* MainWindow::inspector() const { return context_->inspector(); }
PlotsDock* MainWindow::plotsDock() const { return qobject_cast<PlotsDock*>(page(kPlotsDock)); }
AccessesPlot* MainWindow::accessesPlot() const { return plotsDock()->accessesPlot(); }
AccessesModel* MainWindow::accessesModel() const { return plotsDock()->accessesModel(); }
CompareView* MainWindow::compareView() const { return plotsDock()->compareView(); }
PinnedMapping* MainWindow::pinnedMapping() const { return plotsDock()->pinnedMapping(); }
PlaybackView* MainWindow::playbackView() const {
  return qobject_cast<PlaybackView*>(page(page_ids::kPlayback));
}
HistoryDock* MainWindow::historyDock() const { return qobject_cast<HistoryDock*>(page(kHistoryDock)); }
MappingTreeModel* MainWindow::mappingModel() const { return inspector()->mappingModel(); }
MappingTreeView* MainWindow::mappingTree() const { return inspector()->tree(); }
MappingSync* MainWindow::mappingSync() const { return inspector()->mappingSync(); }
ArchitectureView* MainWindow::architectureView() const {
  return qobject_cast<ArchitectureView*>(page(page_ids::kArchitecture));
}
WorkloadView* MainWindow::workloadView() const {
  return qobject_cast<WorkloadView*>(page(page_ids::kWorkload));
}
QListWidget* MainWindow::projectFiles() const {
  return qobject_cast<ProjectDock*>(page(kProjectDock))->files();
}
VariablesPane* MainWindow::variablesPane() const {
  return qobject_cast<ProjectDock*>(page(kProjectDock))->variables();
}

bool MainWindow::settling() const {
  return std::any_of(pages_.pages().begin(), pages_.pages().end(),
                     [this](const Page& p) { return p.settling && p.settling(page(p.id)); });
}

}  // namespace af::ui
