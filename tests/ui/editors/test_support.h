#pragma once
// Small helpers shared by the editor tests. Everything is written under QTemporaryDirs.
#include <QFile>
#include <QString>

namespace af::ui::test {

inline QString writeFile(const QString& path, const QByteArray& bytes) {
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return {};
  file.write(bytes);
  return path;
}

inline QByteArray readFile(const QString& path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Each test class lives in its own file and is run from test_main.cpp.
int runYamlEditorTests(int argc, char** argv);
int runDocumentTests(int argc, char** argv);
int runAutosaveTests(int argc, char** argv);
int runDiagnosticsAndTabsTests(int argc, char** argv);

}  // namespace af::ui::test
