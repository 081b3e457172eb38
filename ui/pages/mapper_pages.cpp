// The pages of the mapper's runs: its results (the front and the funnel), the Mapper pane, the
// sweeps (their results and their pane) and the run history.
#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QPointer>
#include <QScrollArea>
#include <QSplitter>

#include "controller/project_controller.h"
#include "explore/explore_session.h"
#include "explore/funnel_plot.h"
#include "explore/pareto_plot.h"
#include "explore/run_panel.h"
#include "history/history_dock.h"
#include "history/history_session.h"
#include "pages/explorer_pages.h"
#include "pages/page_context.h"
#include "pages/page_ids.h"
#include "sweep/sweep_panel.h"
#include "sweep/sweep_session.h"

namespace af::ui::pages {

namespace {

// Keeps a splitter's panes even as it is laid out and resized, until the user drags its handle
// (setSizes once at construction would split a width that is not yet known, and the layout
// passes that follow give the difference to one side).
class EvenSplit : public QObject {
 public:
  explicit EvenSplit(QSplitter* splitter) : QObject(splitter), splitter_(splitter) {
    connect(splitter, &QSplitter::splitterMoved, this, [this] {
      splitter_->removeEventFilter(this);
      deleteLater();  // the user's split from now on
    });
    splitter->installEventFilter(this);
  }

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override {
    if (watched == splitter_ && (event->type() == QEvent::Show || event->type() == QEvent::Resize ||
                                 event->type() == QEvent::LayoutRequest)) {
      if (splitter_->count() > 0 && splitter_->width() > 0) {
        const int each = splitter_->width() / splitter_->count();
        splitter_->setSizes(QList<int>(splitter_->count(), each));
      }
    }
    return QObject::eventFilter(watched, event);
  }

 private:
  QSplitter* splitter_;
};

// A pane's controls in a frameless scroll area, so that they never set the window's minimum size.
QWidget* scrolling(QWidget* content, QWidget* parent) {
  auto* scroll = new QScrollArea(parent);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setWidget(content);
  return scroll;
}

// Status-bar messages of a session, for `ms` milliseconds.
template <class Session>
void tellMessages(PageContext& c, Session* session, int ms) {
  QObject::connect(session, &Session::message, c.window(),
                   [tell = c.tell, ms](const QString& text) { tell(text, ms); });
}

}  // namespace

Page mapperResults() {
  return {
      .id = page_ids::kMapperResults,
      .title = QObject::tr("Mapper results"),
      .views = {{"pareto", QObject::tr("the mapper's Pareto front (a click opens a mapping)")},
                {"funnel", QObject::tr("the keep-rate funnel: what each pruning step removed")}},
      .build =
          [](PageContext& c) {
            // The front and the funnel are the large plots of a run, side by side in halves: a
            // transformer's funnel needs the width as much as the front does.
            auto* split = new QSplitter(Qt::Horizontal, c.window());
            split->addWidget(c.explore()->paretoPlot());
            split->addWidget(c.explore()->funnelPlot());
            split->setChildrenCollapsible(false);
            split->setStretchFactor(0, 1);
            split->setStretchFactor(1, 1);
            new EvenSplit(split);  // owned by the splitter
            return split;
          },
      .connect =
          [](PageContext& c, QWidget*) {
            QObject::connect(c.explore(), &ExploreSession::mappingOpened, c.window(),
                             [show = c.showView] { show("accesses"); });
            QObject::connect(c.controller(), &ProjectController::mapperStarted, c.window(),
                             [show = c.showView] { show("pareto"); });
            tellMessages(c, c.explore(), 8000);
          },
  };
}

Page sweepResults() {
  return {
      .id = page_ids::kSweepResults,
      .title = QObject::tr("Sweep results"),
      .views = {{"sweep",
                 QObject::tr("a sweep's fronts overlaid, its optima per point, a point's accesses")}},
      .build = [](PageContext& c) { return c.sweeps()->view(); },
      .connect =
          [](PageContext& c, QWidget*) {
            QObject::connect(c.sweeps(), &SweepSession::started, c.window(),
                             [show = c.showView, pane = QPointer<QDockWidget>(c.dock(page_ids::kSweepDock))] {
                               show("sweep");
                               if (pane) pane->raise();  // its progress, in front of the Mapper pane
                             });
            tellMessages(c, c.sweeps(), 8000);
          },
      .wantsHeight = true,
  };
}

Page mapperDock() {
  return {
      .id = page_ids::kMapperDock,
      .title = QObject::tr("Mapper"),
      .place = PagePlace::Right,
      .views = {{"mapper", QObject::tr("the Mapper pane: settings, Run and Stop, progress")}},
      .build = [](PageContext& c) { return scrolling(c.explore()->runPanel(), c.window()); },
      .actions = {{.objectName = "mapAction",
                   .text = QObject::tr("&Map"),
                   .menu = "Run",
                   .shortcut = Qt::Key_F6,
                   .toolTip = QObject::tr("Run the mapper with the Mapper pane's options (F6)"),
                   .toolbar = true,
                   .trigger =
                       [](PageContext& c) {
                         c.showView("mapper");  // raised, should the user have tabbed it away
                         c.explore()->run();
                       }}},
      .stackedUnder = page_ids::kInspectorDock,
      .share = 0.28,
      .heightShare = 0.45,
      .scrolls = true,
      .raised = true,
  };
}

Page sweepDock() {
  return {
      .id = page_ids::kSweepDock,
      .title = QObject::tr("Sweep"),
      .place = PagePlace::Right,
      .views = {{"sweep-settings", QObject::tr("the Sweep pane: the variables and values to sweep")}},
      .build = [](PageContext& c) { return scrolling(c.sweeps()->panel(), c.window()); },
      .tabbedWith = page_ids::kMapperDock,  // the Mapper pane's settings apply to each point
      .scrolls = true,
  };
}

Page historyDock() {
  return {
      .id = page_ids::kHistoryDock,
      .title = QObject::tr("History"),
      .place = PagePlace::Bottom,
      .views = {{"history", QObject::tr("every map and sweep run, kept in the run store")}},
      .build =
          [](PageContext& c) {
            auto* dock = new HistoryDock(c.history(), c.controller()->palette(), c.window());
            dock->setObjectName("historyView");
            return dock;
          },
      .connect =
          [](PageContext& c, QWidget*) {
            HistorySession* history = c.history();
            ExploreSession* explore = c.explore();
            SweepSession* sweeps = c.sweeps();
            history->setConfirmReplace(c.confirmDiscard);
            // Each finished sweep is recorded; a reopened run shows on the mapper's or the
            // sweep's pages, and a re-run starts there.
            QObject::connect(sweeps, &SweepSession::finished, history, &HistorySession::recordSweep);
            QObject::connect(history, &HistorySession::storedMapOpened, explore,
                             &ExploreSession::showStoredRun);
            QObject::connect(history, &HistorySession::storedSweepOpened, sweeps, &SweepSession::showStored);
            QObject::connect(history, &HistorySession::rerunRequested, c.window(),
                             [explore, sweeps](store::RunKind kind) {
                               if (kind == store::RunKind::kMap)
                                 explore->run();
                               else
                                 sweeps->run();
                             });
            QObject::connect(history, &HistorySession::reopened, c.window(),
                             [show = c.showView](const StoredRunPtr& run) {
                               show(run->record.kind == store::RunKind::kSweep ? "sweep" : "pareto");
                             });
            tellMessages(c, history, 8000);
            history->refresh();
          },
      .tabbedWith = page_ids::kDiagnosticsDock,
      .share = 0.45,
      .minimumSize = {0, 60},
  };
}

}  // namespace af::ui::pages
