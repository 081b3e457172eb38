// Project files in the window: Save Project As writes the project (files, the values typed in
// the variables pane, the cost table, the Mapper pane's own choices); File › Open of that file
// brings the same state back, also from Open Recent; a broken project file is reported at its
// line and column and leaves the open project as it was.
#include <QFile>
#include <QMenu>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "cim_opening_actions.h"
#include "controller/project_controller.h"
#include "editors/document_set.h"
#include "editors/spec_document.h"
#include "explore/explore_session.h"
#include "explore/run_panel.h"
#include "main_window.h"
#include "project_actions.h"
#include "qt_warnings.h"
#include "window_fixture.h"

using namespace af;
using namespace af::ui;

class TestProjectFileWindow : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { test::useTestSettings(); }
  void init() { test::failOnQtWarnings(); }

  void saves_and_reopens_the_same_state() {
    QTemporaryDir dir;
    test::WindowFixture t;
    ProjectController* controller = t.w.controller();
    QVERIFY(t.openExample("two_level_matmul"));
    const QStringList files = [&] {
      QStringList out;
      for (const SpecDocument* d : controller->documents()->documents()) out << d->path();
      return out;
    }();
    QVERIFY(t.result([&] {
      controller->setVariableValue("M", "8");
      controller->revalidate();
    }));
    RunPanel* panel = t.w.explore()->runPanel();
    panel->setMetric(mapper::kEdp);
    panel->setUnfused(true);
    panel->setThreads(1);
    const ProjectMapperSettings chosen = panel->userSettings();
    QVERIFY(chosen.metrics && chosen.unfused && chosen.threads && !chosen.tiling_coarseness);

    const QString path = dir.filePath("matmul.afproj");
    QStringList problems;
    ProjectPrompts prompts;
    prompts.askProjectFilePath = [&] { return path; };
    prompts.showProblems = [&](const QString&, const QStringList& p) { problems << p; };
    t.w.projectActions()->setPrompts(prompts);
    QVERIFY(t.w.projectActions()->saveProjectAs());
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));
    QCOMPARE(controller->projectFilePath(), path);
    QFile saved(path);
    QVERIFY(saved.open(QIODevice::ReadOnly));
    const QByteArray text = saved.readAll();
    QVERIFY2(text.contains("\"M\": \"8\"") && text.contains("metric: \"edp\""), text.constData());

    // Another project and other settings, then the project file again.
    QVERIFY(t.openExample("three_level_matmul_chain"));
    panel->setMetric(mapper::kEnergy);
    const auto reopened = t.result([&] { QVERIFY(t.w.projectActions()->openProject({path})); });
    QVERIFY(reopened && reopened->valid());
    QStringList now;
    for (const SpecDocument* d : controller->documents()->documents()) now << d->path();
    QCOMPARE(now, files);
    QCOMPARE(controller->variableValues().value("M"), QString("8"));
    QVERIFY(panel->userSettings() == chosen);
    QCOMPARE(panel->options().metrics, unsigned{mapper::kEdp});
    QCOMPARE(reopened->spec()->workload.workload.einsums.front().rank_variable_bounds.at("m"),
             std::int64_t{8});

    // It is in Open Recent.
    QMenu* recent = t.w.projectActions()->recentMenu();
    emit recent->aboutToShow();
    bool listed = false;
    for (const QAction* a : recent->actions())
      listed = listed || a->toolTip().contains("matmul.afproj") || a->text().contains("matmul.afproj");
    QVERIFY(listed);
  }

  // The compute-in-memory loader's nodes (--cim-main-memory) go with the project.
  void keeps_the_cim_opening() {
    QTemporaryDir dir;
    test::WindowFixture t;
    ProjectController* controller = t.w.controller();
    QVERIFY(t.openExample("cim_analog_array"));
    const auto has = [](const auto& r, const char* component) {
      if (!r || !r->valid()) return false;
      for (const auto& [einsum, built] : r->spec()->arch_by_einsum)
        for (const auto& c : built.arch.components)
          if (c.name == component) return true;
      return false;
    };
    const auto has_main_memory = [&](const auto& r) { return has(r, "MainMemory"); };
    // File › Compute-in-Memory Opening sets it, and re-validates.
    auto* actions = t.w.findChild<CimOpeningActions*>();
    QVERIFY(actions);
    QVERIFY(t.w.findChild<QMenu*>("cimOpeningMenu"));
    QVERIFY(!actions->mainMemoryAction()->isChecked());
    const auto added = t.result([&] { actions->mainMemoryAction()->trigger(); });
    QVERIFY(controller->cimOpening().dummy_main_memory);
    QVERIFY(actions->mainMemoryAction()->isChecked());
    QVERIFY(has_main_memory(added));
    QVERIFY(!has(added, "MacroAuto"));
    const auto macros = t.result([&] { actions->setMacros(4); });
    QVERIFY(has(macros, "MacroAuto") && has_main_memory(macros));
    QVERIFY(actions->macrosAction()->text().contains("4"));
    const auto one = t.result([&] { actions->setMacros(1); });
    QVERIFY(!has(one, "MacroAuto"));
    const QString path = dir.filePath("cim.afproj");
    ProjectPrompts prompts;
    prompts.askProjectFilePath = [&] { return path; };
    prompts.showProblems = [&](const QString&, const QStringList& p) { QFAIL(qPrintable(p.join('\n'))); };
    t.w.projectActions()->setPrompts(prompts);
    QVERIFY(t.w.projectActions()->saveProjectAs());
    QFile saved(path);
    QVERIFY(saved.open(QIODevice::ReadOnly));
    QVERIFY(saved.readAll().contains("main_memory: true"));

    QVERIFY(t.openExample("two_level_matmul"));
    controller->setCimOpening({});
    QVERIFY(!actions->mainMemoryAction()->isChecked());  // the menu follows the controller
    const auto reopened = t.result([&] { QVERIFY(t.w.projectActions()->openProject({path})); });
    QVERIFY(controller->cimOpening().dummy_main_memory);
    QVERIFY(actions->mainMemoryAction()->isChecked());
    QVERIFY(has_main_memory(reopened));
    // Unchecked again: the arch as written.
    const auto removed = t.result([&] { actions->mainMemoryAction()->trigger(); });
    QVERIFY(!has_main_memory(removed));
  }

  void a_broken_project_file_says_where_and_keeps_the_project() {
    QTemporaryDir dir;
    test::WindowFixture t;
    QVERIFY(t.openExample("two_level_matmul"));
    const int open = static_cast<int>(t.w.controller()->documents()->documents().size());
    const QString path = dir.filePath("broken.afproj");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("files: [arch.yaml]\nvaraibles: {M: 1}\n");
    f.close();
    QStringList problems;
    ProjectPrompts prompts;
    prompts.showProblems = [&](const QString&, const QStringList& p) { problems << p; };
    t.w.projectActions()->setPrompts(prompts);
    // The file is read on a worker; its problem comes back to the window's prompt.
    QSignalSpy opened(t.w.controller(), &ProjectController::projectFileOpened);
    QVERIFY(t.w.projectActions()->openProject({path}));
    QVERIFY(opened.wait(test::kResultTimeoutMs));
    QCOMPARE(problems.size(), 1);
    QVERIFY2(problems.front().contains("broken.afproj:2:1") &&
                 problems.front().contains("did you mean variables?"),
             qPrintable(problems.front()));
    QCOMPARE(static_cast<int>(t.w.controller()->documents()->documents().size()), open);
  }
};

QTEST_MAIN(TestProjectFileWindow)
#include "test_project_file_window.moc"
