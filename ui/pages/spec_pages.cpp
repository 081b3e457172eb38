// The pages of the spec and of one mapping's results: the editors, the drawn architecture and
// workload, and the docks around them (project, inspector, plots, diagnostics).
#include <QDockWidget>
#include <QMainWindow>
#include <QVBoxLayout>

#include "controller/project_controller.h"
#include "docks/diagnostics_feed.h"
#include "docks/diagnostics_tab.h"
#include "docks/inspector_dock.h"
#include "docks/plots_dock.h"
#include "docks/project_dock.h"
#include "docks/spec_views.h"
#include "editors/autosaver.h"
#include "editors/diagnostics_model.h"
#include "editors/diagnostics_view.h"
#include "editors/editor_tabs.h"
#include "editors/find_bar.h"
#include "editors/spec_document.h"
#include "mapping/loop_nest_view.h"
#include "pages/explorer_pages.h"
#include "pages/page_context.h"
#include "pages/page_ids.h"
#include "plots/accesses_plot.h"
#include "plots/area_plot.h"
#include "sweep/sweep_fronts_plot.h"
#include "sweep/sweep_panel.h"
#include "sweep/sweep_session.h"
#include "views/architecture_view.h"
#include "views/workload_view.h"

namespace af::ui::pages {

Page editors() {
  return {
      .id = page_ids::kEditors,
      .title = QObject::tr("Editors"),
      .views = {{"editors", QObject::tr("the spec files in YAML editors, with their diagnostics")}},
      .build =
          [](PageContext& c) {
            // The editors and their find bar share the page.
            auto* page = new QWidget(c.window());
            auto* layout = new QVBoxLayout(page);
            layout->setContentsMargins(0, 0, 0, 0);
            layout->setSpacing(0);
            layout->addWidget(c.editorTabs(), 1);
            layout->addWidget(c.findBar());
            return page;
          },
      .connect =
          [](PageContext& c, QWidget*) {
            // An editor paused after edits: keep the text safe, then re-validate.
            QObject::connect(c.editorTabs(), &EditorTabs::settled, c.controller(),
                             [controller = c.controller()] {
                               controller->autosaver()->saveNow();
                               controller->revalidate();
                             });
          },
  };
}

Page architecture() {
  return {
      .id = page_ids::kArchitecture,
      .title = QObject::tr("Architecture"),
      .views = {{"architecture",
                 QObject::tr("the hierarchy drawn level by level, with sizes, costs, area and "
                             "where each cost came from")}},
      .build =
          [](PageContext& c) {
            auto* view = new ArchitectureView(c.window());
            followSpec(c.controller(), view);
            // A stale cost-table entry's offer: that component priced by its model from now on.
            QObject::connect(view, &ArchitectureView::priceWithModelRequested, c.controller(),
                             &ProjectController::priceWithModel);
            return view;
          },
      // An analog array with its ADC, built as AccelForge's CiM arches are: the arch file says
      // what to vary (rows, ADC bits) and the Architecture view shows what each part costs. The
      // lesson ends on a sweep of the rows, so the Sweep pane is set up for it, one press away.
      .actions = {{.objectName = QStringLiteral("lesson_cim_analog_array"),
                   .text = QObject::tr("4. Compute in memory: an analog array and its ADC"),
                   .menu = "Help/&Lessons: dataflow",
                   .trigger =
                       [](PageContext& c) {
                         if (!c.openExample(QStringLiteral("cim_analog_array"))) return;
                         c.showView("architecture");
                         c.sweeps()->panel()->setVariation(0, QStringLiteral("ArrayRows"),
                                                           QStringLiteral("8..256*2"));
                         c.sweeps()->panel()->setVariation(1, {}, {});
                         c.sweeps()->frontsPlot()->setAxes(SweepFrontsPlot::Axes::EnergyArea);
                         c.tell(QObject::tr("The Sweep pane is set to sweep ArrayRows from 8 to 256: press "
                                            "Sweep to see the ADC against the array as a front"),
                                15000);
                       }}},
  };
}

Page workload() {
  return {
      .id = page_ids::kWorkload,
      .title = QObject::tr("Workload"),
      .views = {{"workload", QObject::tr("the Einsums and tensors as a dataflow graph")}},
      .build =
          [](PageContext& c) {
            auto* view = new WorkloadView(c.window());
            followSpec(c.controller(), view);
            return view;
          },
  };
}

Page projectDock() {
  return {
      .id = page_ids::kProjectDock,
      .title = QObject::tr("Project"),
      .place = PagePlace::Left,
      .views = {{"project", QObject::tr("the project's files and its Jinja variables")}},
      .build = [](PageContext& c) { return new ProjectDock(c.controller(), c.window()); },
      .share = 0.17,
      .minimumSize = {140, 0},
  };
}

Page inspectorDock() {
  return {
      .id = page_ids::kInspectorDock,
      .title = QObject::tr("Inspector"),
      .place = PagePlace::Right,
      .views = {{"inspector", QObject::tr("the mapping tree and the loop nest")}},
      .build = [](PageContext& c) -> QWidget* { return c.inspector(); },
      .connect =
          [](PageContext& c, QWidget*) {
            // Hovering a loop's buffer highlights its bars and its level in the drawing.
            LoopNestView* nest = c.inspector()->loopNest();
            if (auto* plots = qobject_cast<PlotsDock*>(c.page(page_ids::kPlotsDock)))
              QObject::connect(nest, &LoopNestView::hoveredBuffer, plots->accessesPlot(),
                               &AccessesPlot::highlight);
            if (auto* arch = qobject_cast<ArchitectureView*>(c.page(page_ids::kArchitecture)))
              QObject::connect(
                  nest, &LoopNestView::hoveredBuffer, arch,
                  [arch](const QString& component, const QString&) { arch->highlight(component); });
            QObject::connect(c.inspector(), &InspectorDock::message, c.window(),
                             [tell = c.tell](const QString& text) { tell(text, 5000); });
          },
      .share = 0.28,
      .heightShare = 0.5,
      .minimumSize = {160, 0},
  };
}

Page plotsDock() {
  return {
      .id = page_ids::kPlotsDock,
      .title = QObject::tr("Plots"),
      .place = PagePlace::Bottom,
      .views = {{"accesses", QObject::tr("data moved per buffer, stacked per tensor")},
                {"occupancy", QObject::tr("each buffer's occupancy as a share of its capacity")},
                {"latency", QObject::tr("latency per buffer and compute")},
                {"table", QObject::tr("the accesses as a table (copies as TSV or CSV)")},
                {"area", QObject::tr("each component's area and leak power, and the chip's total")}},
      .build = [](PageContext& c) { return new PlotsDock(c.controller(), c.window()); },
      .focus =
          [](QWidget* page, const QString& view) {
            auto* plots = static_cast<PlotsDock*>(page);
            if (view == QLatin1String("table")) {
              plots->setCurrentIndex(1);
              return;
            }
            if (view == QLatin1String("area")) {
              plots->setCurrentWidget(plots->areaPlot());
              return;
            }
            plots->setCurrentWidget(plots->accessesPlot());
            plots->accessesPlot()->setView(view == QLatin1String("occupancy") ? AccessesPlot::View::Occupancy
                                           : view == QLatin1String("latency") ? AccessesPlot::View::Latency
                                                                              : AccessesPlot::View::Accesses);
          },
      .connect =
          [](PageContext& c, QWidget* page) {
            // Hovering a bar highlights its tensor in the workload graph.
            if (auto* workload = qobject_cast<WorkloadView*>(c.page(page_ids::kWorkload)))
              QObject::connect(
                  static_cast<PlotsDock*>(page)->accessesPlot(), &AccessesPlot::hovered, workload,
                  [workload](const QString&, const QString& tensor) { workload->highlightTensor(tensor); });
          },
      .share = 0.45,
      .minimumSize = {0, 150},
      .raised = true,
  };
}

Page diagnosticsDock() {
  return {
      .id = page_ids::kDiagnosticsDock,
      .title = QObject::tr("Diagnostics"),
      .place = PagePlace::Bottom,
      .views = {{"diagnostics", QObject::tr("errors and warnings with file:line (a click jumps there)")}},
      .build =
          [](PageContext& c) {
            new DiagnosticsFeed(c.controller(), c.diagnostics(), c.editorTabs());  // owned by the model
            auto* view = new DiagnosticsView(c.window());
            view->setObjectName("diagnosticsView");
            view->setModel(c.diagnostics());
            return view;
          },
      .connect =
          [](PageContext& c, QWidget* page) {
            QObject::connect(
                static_cast<DiagnosticsView*>(page), &DiagnosticsView::jumpTo, c.window(),
                [show = c.showView, tabs = c.editorTabs()](const QString& path, int line, int column) {
                  show("editors");
                  tabs->jumpTo(path, line, column);
                });
            // Its title counts; it comes to the front when there are errors and nothing to plot.
            new DiagnosticsTab(c.controller(), c.diagnostics(), c.dock(page_ids::kDiagnosticsDock),
                               c.dock(page_ids::kPlotsDock));  // owned by the dock
          },
      .tabbedWith = page_ids::kPlotsDock,
      .share = 0.45,
      .minimumSize = {0, 60},
  };
}

}  // namespace af::ui::pages
