// Runs every editor-layer test class in one offscreen executable.
#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

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
  int failures = 0;
  failures += runYamlEditorTests(argc, argv);
  failures += runDocumentTests(argc, argv);
  failures += runAutosaveTests(argc, argv);
  failures += runDiagnosticsAndTabsTests(argc, argv);
  return failures == 0 ? 0 : 1;
}
