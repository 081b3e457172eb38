// The project flows of issue 13 as a user drives them, offscreen: examples replace the project
// (asking about unsaved edits), Close All, panes that never show another project's results,
// a crash restore of a three-file project, paths that tell equal names apart, and reverting an
// example to the bundled files. No dialog ever opens: ProjectPrompts are replaced.
#include <QAction>
#include <QDir>
#include <QListWidget>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "controller/project_controller.h"
#include "editors/autosave_store.h"
#include "editors/autosaver.h"
#include "editors/diagnostics_model.h"
#include "editors/document_set.h"
#include "editors/editor_tabs.h"
#include "editors/file_actions.h"
#include "editors/path_labels.h"
#include "editors/recent_files.h"
#include "editors/spec_document.h"
#include "editors/text_file.h"
#include "main_window.h"
#include "mapping/mapping_tree_model.h"
#include "models/accesses_model.h"
#include "plots/accesses_plot.h"
#include "project_actions.h"
#include "qt_warnings.h"
#include "window_fixture.h"

using namespace af::ui;

namespace {

// Every tensor named anywhere in the mapping tree (Storage nodes), sorted, each once.
QStringList treeTensors(const QAbstractItemModel* model, const QModelIndex& parent = {}) {
  QStringList tensors;
  for (int row = 0; row < model->rowCount(parent); ++row) {
    const QModelIndex index = model->index(row, 0, parent);
    tensors << index.data(MappingTreeModel::TensorsRole).toStringList();
    tensors << treeTensors(model, index);
  }
  if (!parent.isValid()) {
    tensors.removeDuplicates();
    tensors.sort();
  }
  return tensors;
}

QString bundled(const QString& example, const QString& file) {
  const auto contents = readTextFile(":/examples/" + example + '/' + file);
  return std::get<TextFileContents>(contents).text;
}

// A window whose examples are copied to a folder of the test's own and whose prompts answer
// as the test says (and record what they were asked).
struct Window : test::WindowFixture {
  CloseChoice unsavedAnswer = CloseChoice::Discard;
  QStringList askedUnsaved;  // the files each question named
  bool revertAnswer = true;
  int revertAsked = 0;
  RestoreChoice restoreAnswer = RestoreChoice::Restore;
  QList<AutosaveProject> restoreAsked;
  QStringList problems;

  Window() {
    ProjectPrompts prompts;
    prompts.askUnsaved = [this](const QStringList& files, const QString&) {
      askedUnsaved << files;
      return unsavedAnswer;
    };
    prompts.askRevert = [this](const QString&) {
      ++revertAsked;
      return revertAnswer;
    };
    prompts.askRestore = [this](const AutosaveProject& project) {
      restoreAsked << project;
      return restoreAnswer;
    };
    prompts.askOpenPaths = [] { return QStringList(); };
    prompts.showProblems = [this](const QString&, const QStringList& p) { problems << p; };
    w.setPrompts(prompts);
  }

  [[nodiscard]] QString copyOf(const QString& example, const QString& file) const {
    return QFileInfo(examples.filePath(example + '/' + file)).absoluteFilePath();
  }
  [[nodiscard]] QStringList paths() const { return w.documents()->paths(); }
  [[nodiscard]] SpecDocument* mapping() const { return w.mappingDocument(); }
  [[nodiscard]] bool inspectorEmpty() const {
    return w.findChild<QStackedWidget*>("inspector")->currentWidget() ==
           w.findChild<QWidget*>("inspectorEmptyState");
  }
  // Every pane in its empty state: nothing left of an earlier project.
  [[nodiscard]] bool panesEmpty() const {
    return w.mappingModel()->rowCount() == 0 && inspectorEmpty() && w.accessesPlot()->showsEmptyState() &&
           w.accessesModel()->rowCount() == 0 && !w.accessesPlot()->isDimmed() &&
           w.diagnosticsModel()->rowCount() == 0;
  }
};

}  // namespace

class TestProjectFlows : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QCoreApplication::setApplicationName("test_project_flows");
    test::useTestSettings();
  }
  void init() {
    af::ui::test::failOnQtWarnings();
    QSettings().clear();
    QDir(AutosaveStore::defaultDirectory()).removeRecursively();
  }

  // Item 1: an example replaces the project, after asking about the unsaved mapping.
  void example_replaces_the_project_after_asking() {
    Window t;
    auto result = t.openExample("two_level_matmul");
    QVERIFY(result && result->evaluation);
    QCOMPARE(t.paths(), (QStringList{t.copyOf("two_level_matmul", "arch.yaml"),
                                     t.copyOf("two_level_matmul", "workload.yaml"),
                                     t.copyOf("two_level_matmul", "mapping.yaml")}));
    QVERIFY(t.w.findChild<QAction*>("example:two_level_matmul")->isChecked());
    QVERIFY(t.askedUnsaved.isEmpty());  // nothing unsaved: no question

    t.mapping()->setText(t.mapping()->text() + "# my note\n");
    t.unsavedAnswer = CloseChoice::Cancel;
    QVERIFY(!t.w.projectActions()->openExample("attention_block"));
    QCOMPARE(t.askedUnsaved, QStringList{t.copyOf("two_level_matmul", "mapping.yaml")});
    QCOMPARE(t.paths().size(), 3);  // cancelled: the project is as it was, edit included
    QVERIFY(t.mapping()->isModified());
    QVERIFY(t.w.findChild<QAction*>("example:two_level_matmul")->isChecked());

    t.unsavedAnswer = CloseChoice::Discard;
    result = t.openExample("attention_block");
    QVERIFY(result && result->valid() && result->evaluation);
    QCOMPARE(t.paths(), (QStringList{t.copyOf("attention_block", "arch.yaml"),
                                     t.copyOf("attention_block", "workload.yaml"),
                                     t.copyOf("attention_block", "mapping.yaml")}));
    QCOMPARE(t.w.editorTabs()->count(), 3);
    QVERIFY(t.w.specStateText().startsWith("Valid"));
    QVERIFY(t.w.findChild<QAction*>("example:attention_block")->isChecked());
    QVERIFY(!t.w.findChild<QAction*>("example:two_level_matmul")->isChecked());
    QVERIFY(t.problems.isEmpty());
    // Three files opened are one load: nothing is evaluated again once the editors show them.
    QSignalSpy again(&t.w, &MainWindow::resultApplied);
    QTest::qWait(600);
    QCOMPARE(again.count(), 0);
    QVERIFY(!t.w.controller()->loading());
    // Discarded means discarded: the matmul copy on disk has no note.
    QVERIFY(!std::get<TextFileContents>(readTextFile(t.copyOf("two_level_matmul", "mapping.yaml")))
                 .text.contains("# my note"));
  }

  void example_switch_can_save_the_edit_first() {
    Window t;
    QVERIFY(t.openExample("two_level_matmul"));
    t.mapping()->setText(t.mapping()->text() + "# kept\n");
    t.unsavedAnswer = CloseChoice::Save;
    QVERIFY(t.openExample("spatial_array_conv"));
    QVERIFY(std::get<TextFileContents>(readTextFile(t.copyOf("two_level_matmul", "mapping.yaml")))
                .text.endsWith("# kept\n"));
  }

  // Item 1: Close All empties the project; item 2: and every pane with it.
  void close_all_empties_every_pane() {
    Window t;
    QVERIFY(t.openExample("two_level_matmul"));
    QVERIFY(t.w.mappingModel()->rowCount() > 0);
    QVERIFY(!t.w.accessesPlot()->showsEmptyState());
    auto* closeAll = t.w.findChild<QAction*>("closeAllAction");
    QVERIFY(closeAll && closeAll->isEnabled());

    t.mapping()->setText(t.mapping()->text() + "# unsaved\n");
    t.unsavedAnswer = CloseChoice::Cancel;
    closeAll->trigger();
    QCOMPARE(t.paths().size(), 3);

    t.unsavedAnswer = CloseChoice::Discard;
    QSignalSpy cleared(&t.w, &MainWindow::resultsCleared);
    closeAll->trigger();
    QCOMPARE(t.w.documents()->count(), 0);
    QCOMPARE(t.w.editorTabs()->count(), 0);
    QVERIFY(cleared.count() >= 1);
    QVERIFY(t.panesEmpty());
    QCOMPARE(t.w.specStateText(), MainWindow::noSpecText());
    // Nothing arrives later from the closed project.
    QTest::qWait(300);
    QVERIFY(t.panesEmpty());
    QCOMPARE(t.w.specStateText(), MainWindow::noSpecText());
  }

  // Item 2: closing files one by one never leaves "the last valid results" of files gone.
  void closing_files_one_by_one_clears_the_panes() {
    Window t;
    QVERIFY(t.openExample("two_level_matmul"));
    DocumentSet* documents = t.w.documents();
    // The mapping goes: the tree and loop nest empty, the numbers of a mapping no longer open go.
    auto result = t.result([&] { documents->close(t.mapping()); });
    QVERIFY(result && result->valid() && !result->evaluation);
    QCOMPARE(t.w.mappingModel()->rowCount(), 0);
    QVERIFY(t.inspectorEmpty());
    QVERIFY(t.w.accessesPlot()->showsEmptyState());
    QVERIFY(!t.w.specStateText().contains("last valid"));
    // Then the others: with nothing open, nothing is shown.
    while (documents->count() > 0) documents->close(documents->at(0));
    QTRY_COMPARE(t.w.specStateText(), MainWindow::noSpecText());
    QVERIFY(t.panesEmpty());
    QVERIFY(!t.w.specStateText().contains("last valid"));
  }

  // Item 2: the Inspector shows the new project's tree as soon as it evaluates.
  void inspector_follows_the_new_project() {
    Window t;
    QVERIFY(t.openExample("two_level_matmul"));
    QCOMPARE(treeTensors(t.w.mappingModel()), (QStringList{"A", "B", "Z"}));
    QVERIFY(t.openExample("attention_block"));
    QCOMPARE(treeTensors(t.w.mappingModel()), (QStringList{"AV", "K", "Q", "QK", "S", "V"}));
    QVERIFY(!t.inspectorEmpty());
    // A broken new project shows its own errors, not the old numbers.
    QTemporaryDir dir;
    const QString broken = dir.filePath("broken.yaml");
    QVERIFY(!writeTextFile(broken, "arch: [\n", false));
    auto result = t.result([&] { QVERIFY(t.w.projectActions()->openProject({broken})); });
    QVERIFY(result && !result->valid());
    QVERIFY(t.w.accessesPlot()->showsEmptyState());
    QCOMPARE(t.w.mappingModel()->rowCount(), 0);
    QVERIFY(!t.w.specStateText().contains("last valid"));
    QVERIFY(t.w.diagnosticsModel()->rowCount() > 0);
  }

  // Item 3: a crash restore brings back arch, workload and mapping, and names the folder.
  void crash_restore_reopens_the_whole_project() {
    QTemporaryDir examples;
    QString folder;
    {
      Window crashed;
      crashed.w.controller()->setExamplesDirectory(examples.path());
      QVERIFY(crashed.openExample("two_level_matmul"));
      folder = QFileInfo(crashed.mapping()->path()).absolutePath();
      crashed.mapping()->setText(crashed.mapping()->text() + "# edited before the crash\n");
      crashed.w.controller()->autosaver()->saveNow();
      crashed.w.controller()->autosaver()->waitForIdle();
    }  // destroyed without a close event: as in a crash

    Window t;
    t.w.offerAutosaveRestore();
    QCOMPARE(t.restoreAsked.size(), 1);
    const AutosaveProject& asked = t.restoreAsked.first();
    QCOMPARE(asked.folders(), QStringList{folder});
    QVERIFY(restoredProjectText(asked).startsWith("Project in " + folder + ":\n"));  // the prompt names it
    QCOMPARE(asked.files.size(), 3);
    QCOMPARE(asked.edits.size(), 1);
    QCOMPARE(asked.edits.first().displayName, QString("mapping.yaml"));

    // The restored files arrive together: wait for their evaluation.
    QTRY_VERIFY_WITH_TIMEOUT(t.w.controller()->lastResult() && t.w.controller()->lastResult()->evaluation,
                             30000);
    QCOMPARE(t.paths(),
             (QStringList{folder + "/arch.yaml", folder + "/workload.yaml", folder + "/mapping.yaml"}));
    QVERIFY(t.mapping()->isModified());
    QVERIFY(t.mapping()->text().endsWith("# edited before the crash\n"));
    QVERIFY(!t.w.documents()->at(0)->isModified());
    QVERIFY(t.w.specStateText().startsWith("Valid"));
    QVERIFY(t.w.mappingModel()->rowCount() > 0);

    // Offered once: a later start has nothing to restore while this session lives.
    Window later;
    later.w.offerAutosaveRestore();
    QVERIFY(later.restoreAsked.isEmpty());
    t.mapping()->setModified(false);  // let this session end cleanly
  }

  void restore_prompt_names_the_folder() {
    // Any folder will do: the prompt only names it (nothing is read).
    const QString folder = QDir(QDir::tempPath()).filePath("specs/two_level_matmul");
    AutosaveProject project;
    project.files << AutosaveProjectFile{folder + "/arch.yaml", "k1", "arch.yaml"}
                  << AutosaveProjectFile{folder + "/mapping.yaml", "k2", "mapping.yaml"};
    QCOMPARE(project.folders(), QStringList{folder});
    QCOMPARE(restoredProjectText(project), QString("Project in %1:\narch.yaml, mapping.yaml").arg(folder));
  }

  // Item 4: equal names are told apart by folder, with the full path as the tooltip.
  void equal_tab_names_show_their_folder() {
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath("attention_block") && QDir(dir.path()).mkpath("two_level_matmul"));
    const QString first = dir.filePath("attention_block/arch.yaml");
    const QString second = dir.filePath("two_level_matmul/arch.yaml");
    const QString workload = dir.filePath("attention_block/workload.yaml");
    for (const QString& path : {first, second, workload}) QVERIFY(!writeTextFile(path, "{}\n", false));
    Window t;
    QVERIFY(t.w.projectActions()->openProject({first, workload}));
    QCOMPARE(t.w.editorTabs()->tabText(0), QString("arch.yaml"));
    // Add the other folder's arch to the project (File > Add Files...).
    QVERIFY(t.w.fileActions()->openPaths({second}).isEmpty());
    QCOMPARE(t.w.editorTabs()->count(), 3);
    QCOMPARE(t.w.editorTabs()->tabText(0), QString("arch.yaml — attention_block"));
    QCOMPARE(t.w.editorTabs()->tabText(2), QString("arch.yaml — two_level_matmul"));
    QCOMPARE(t.w.editorTabs()->tabText(1), QString("workload.yaml"));  // unique: the name alone
    QCOMPARE(t.w.editorTabs()->tabToolTip(2), QFileInfo(second).absoluteFilePath());
    QTRY_COMPARE(t.w.projectFiles()->count(), 3);
    QCOMPARE(t.w.projectFiles()->item(2)->text(), QString("arch.yaml — two_level_matmul"));
    QCOMPARE(t.w.projectFiles()->item(2)->toolTip(), QFileInfo(second).absoluteFilePath());
    // Closing one makes the other unique again.
    t.w.documents()->close(t.w.documents()->at(2));
    QCOMPARE(t.w.editorTabs()->tabText(0), QString("arch.yaml"));
  }

  void distinct_labels() {
    QCOMPARE(distinctFileLabels({"/a/x/arch.yaml", "/a/y/arch.yaml", "/a/x/map.yaml"}),
             (QStringList{"arch.yaml — x", "arch.yaml — y", "map.yaml"}));
    QCOMPARE(distinctFileLabels({"/p/e/x/arch.yaml", "/q/e/x/arch.yaml"}),
             (QStringList{"arch.yaml — p/e/x", "arch.yaml — q/e/x"}));
    QCOMPARE(distinctTail("/a/b/examples", {"/a/b/examples", "/c/d/examples"}), QString("b/examples"));
  }

  // Item 4: Open Recent lists projects by the folder that tells them apart, paths in tooltips.
  void open_recent_shows_folders_and_reopens_the_project() {
    Window t;
    QVERIFY(t.openExample("two_level_matmul"));
    QVERIFY(t.openExample("attention_block"));
    QMenu* recent = t.w.projectActions()->recentMenu();
    QStringList texts;
    QAction* matmul = nullptr;
    for (QAction* a : recent->actions()) {
      if (a->isSeparator()) continue;
      texts << a->text();
      if (a->text().contains("two_level_matmul")) matmul = a;
    }
    QCOMPARE(texts.size(), 3);  // two projects and Clear List
    QCOMPARE(texts[0], QString("&1 attention_block (arch.yaml, workload.yaml, mapping.yaml)"));
    QCOMPARE(texts[1], QString("&2 two_level_matmul (arch.yaml, workload.yaml, mapping.yaml)"));
    QVERIFY(matmul);
    QCOMPARE(matmul->toolTip(), t.copyOf("two_level_matmul", "arch.yaml") + '\n' +
                                    t.copyOf("two_level_matmul", "workload.yaml") + '\n' +
                                    t.copyOf("two_level_matmul", "mapping.yaml"));
    auto result = t.result([&] { matmul->trigger(); });
    QVERIFY(result && result->evaluation);
    QCOMPARE(t.paths().size(), 3);
    QCOMPARE(treeTensors(t.w.mappingModel()), (QStringList{"A", "B", "Z"}));

    // Projects in folders of the same name get as many parents as tell them apart.
    const QList<QStringList> projects{{"/x/one/spec/arch.yaml"}, {"/x/two/spec/arch.yaml"}};
    QCOMPARE(recentProjectLabel(projects[0], projects), QString("one/spec (arch.yaml)"));
  }

  // Item 5: an edited example comes back as bundled.
  void example_reverts_to_the_bundled_files() {
    Window t;
    auto* revert = t.w.projectActions()->revertExampleAction();
    QVERIFY(!revert->isEnabled());  // no example open
    QVERIFY(t.openExample("two_level_matmul"));
    QVERIFY(revert->isEnabled());
    t.mapping()->setText(t.mapping()->text().replace("tile_shape: 1", "tile_shape: 4"));
    QVERIFY(t.w.editorTabs()->save(t.mapping()));
    t.w.documents()->at(0)->setText("# unsaved arch edit\n");

    // Reopened, the example is the user's copy.
    t.unsavedAnswer = CloseChoice::Discard;
    QVERIFY(t.openExample("two_level_matmul"));
    QVERIFY(t.mapping()->text().contains("tile_shape: 4"));
    QVERIFY(t.w.controller()->exampleEdited("two_level_matmul"));

    t.revertAnswer = false;
    QVERIFY(!t.w.projectActions()->revertExample());
    QVERIFY(t.mapping()->text().contains("tile_shape: 4"));

    t.revertAnswer = true;
    auto result = t.result([&] { QVERIFY(t.w.projectActions()->revertExample()); });
    QCOMPARE(t.revertAsked, 2);
    QVERIFY(result && result->evaluation);
    QCOMPARE(t.mapping()->text(), bundled("two_level_matmul", "mapping.yaml"));
    QVERIFY(!t.mapping()->isModified());
    QCOMPARE(std::get<TextFileContents>(readTextFile(t.copyOf("two_level_matmul", "mapping.yaml"))).text,
             bundled("two_level_matmul", "mapping.yaml"));
    QVERIFY(!t.w.controller()->exampleEdited("two_level_matmul"));
    QCOMPARE(t.paths().size(), 3);
  }
};

QTEST_MAIN(TestProjectFlows)
#include "test_project_flows.moc"
