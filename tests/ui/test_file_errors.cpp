// A file that cannot be opened (binary, too large) is a load error in the Diagnostics pane,
// not a file that silently disappears; closing the project forgets it.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "controller/project_controller.h"
#include "editors/diagnostics_model.h"
#include "editors/document_set.h"
#include "editors/text_file.h"
#include "main_window.h"
#include "window_fixture.h"

using namespace af::ui;

class TestFileErrors : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { test::useTestSettings(); }

  void unreadable_files_are_diagnostics() {
    QTemporaryDir dir;
    const QString binary = dir.filePath("arch.yaml");
    const QString large = dir.filePath("huge.yaml");
    const QString workload = dir.filePath("workload.yaml");
    {
      QFile b(binary), l(large), w(workload);
      QVERIFY(b.open(QIODevice::WriteOnly) && l.open(QIODevice::WriteOnly) && w.open(QIODevice::WriteOnly));
      b.write(QByteArray("\x00\x01\x02\xff\xfe binary", 12));
      l.write(QByteArray(kMaxSpecFileBytes + 1, 'x'));
      const QByteArray text = test::exampleFile("two_level_matmul", "workload.yaml");
      QVERIFY(!text.isEmpty());
      w.write(text);
    }
    MainWindow window;
    QVERIFY(test::nextResult(window, [&] { window.openFiles({binary, large, workload}); }));
    const auto rows = window.diagnosticsModel()->diagnostics();
    int fileRows = 0;
    for (const DiagnosticRow& r : rows)
      if ((r.path == binary || r.path == large) && r.isError) ++fileRows;
    QCOMPARE(fileRows, 2);
    QCOMPARE(window.controller()->documents()->count(), 1);  // the workload opened

    window.controller()->documents()->closeAll();
    QVERIFY(window.controller()->documents()->fileErrors().isEmpty());
    for (const DiagnosticRow& r : window.diagnosticsModel()->diagnostics()) QVERIFY(r.path != binary);
  }
};

QTEST_MAIN(TestFileErrors)
#include "test_file_errors.moc"
