#pragma once
// The main window as the GUI tests set it up. A test class calls useTestSettings() from
// initTestCase(); a test function makes a WindowFixture (a MainWindow whose bundled examples are
// copied to a temporary folder of the test's own) and waits for the load results the window
// applies: a load runs on a worker thread and its result arrives as MainWindow::resultApplied.
#include <QCoreApplication>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <functional>

#include "controller/project_controller.h"
#include "main_window.h"
#include "project_actions.h"

namespace af::ui::test {

// How long a test waits for one load result.
inline constexpr int kResultTimeoutMs = 30000;

// Keeps the user's files and settings out of the tests (QStandardPaths' test folders, an
// organization of the tests' own) and starts from empty settings.
inline void useTestSettings() {
  QStandardPaths::setTestModeEnabled(true);
  QCoreApplication::setOrganizationName(QStringLiteral("AccelForgeExplorerTests"));
  QSettings().clear();
}

// `file` of the bundled example `example`, as it is in the source tree (empty if unreadable).
inline QByteArray exampleFile(const QString& example, const QString& file) {
  QFile f(QStringLiteral(AF_SOURCE_DIR "/resources/examples/") + example + '/' + file);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The arch and workload of the bundled example `example` copied to `dir`, writable, without
// its mapping (the mapper finds one); empty if a copy failed.
inline QStringList exampleSpec(const QTemporaryDir& dir, const QString& example) {
  QStringList files;
  for (const QString name : {"arch.yaml", "workload.yaml"}) {
    const QString to = dir.filePath(name);
    if (!QFile::copy(QStringLiteral(AF_SOURCE_DIR "/resources/examples/") + example + '/' + name, to))
      return {};
    QFile(to).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    files << to;
  }
  return files;
}

// The last result `applied` (a spy on MainWindow::resultApplied) caught, waiting up to
// kResultTimeoutMs for one if it has none yet; null if none came.
inline ProjectResultPtr waitForResult(QSignalSpy& applied) {
  if (applied.isEmpty() && !applied.wait(kResultTimeoutMs)) return nullptr;
  return applied.takeLast().at(0).value<ProjectResultPtr>();
}

// Runs `trigger` and waits for the result the window applies after it.
inline ProjectResultPtr nextResult(MainWindow& w, const std::function<void()>& trigger) {
  QSignalSpy applied(&w, &MainWindow::resultApplied);
  trigger();
  return waitForResult(applied);
}

struct WindowFixture {
  QTemporaryDir examples;  // Help > Open the Examples Folder, and where opened examples are copied
  MainWindow w;

  WindowFixture() { w.controller()->setExamplesDirectory(examples.path()); }

  // Shows the window at its default size and waits until it is exposed.
  [[nodiscard]] bool show() {
    w.resize(1400, 900);
    w.show();
    return QTest::qWaitForWindowExposed(&w);
  }
  // Runs `trigger` and waits for the result the window applies after it.
  ProjectResultPtr result(const std::function<void()>& trigger) { return nextResult(w, trigger); }
  // Opens the bundled example `name` as File > Examples does and waits for its result.
  ProjectResultPtr openExample(const QString& name) {
    QSignalSpy applied(&w, &MainWindow::resultApplied);
    if (!w.projectActions()->openExample(name)) return nullptr;
    return waitForResult(applied);
  }
  // Opens `files` and waits for their result; null if a file does not open.
  ProjectResultPtr openFiles(const QStringList& files) {
    QSignalSpy applied(&w, &MainWindow::resultApplied);
    if (!w.openFiles(files).isEmpty()) return nullptr;
    return waitForResult(applied);
  }
};

}  // namespace af::ui::test
