// Runs every editor-layer test class in one offscreen executable. SuiteRunner keeps a crash
// in a later class from hanging the run (tests/support/run_suites.h).
#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

#include "support/run_suites.h"
#include "test_support.h"

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QStandardPaths::setTestModeEnabled(true);
  QApplication::setOrganizationName("AccelForgeExplorerTests");
  QApplication::setApplicationName("test_editors");
  // Settings (recent files) go to a temporary folder, never the user's or a shared one.
  const QTemporaryDir settings;
  QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settings.path());
  QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settings.path());

  using namespace af::ui::test;
  af::test::SuiteRunner runner;
  int failures = 0;
  failures += runner.run([&] { return runYamlEditorTests(argc, argv); });
  failures += runner.run([&] { return runDocumentTests(argc, argv); });
  failures += runner.run([&] { return runAutosaveTests(argc, argv); });
  failures += runner.run([&] { return runDiagnosticsAndTabsTests(argc, argv); });
  return failures == 0 ? 0 : 1;
}
