#pragma once
// A problem to mark in an editor's text. Plain value so the window can build it from engine
// diagnostics (af::core::Diagnostic) without this layer depending on the engine.
#include <QList>
#include <QString>

namespace af::ui {

struct EditorDiagnostic {
  int line = 0;    // 1-based, like af::core::SourceLocation
  int column = 0;  // 1-based; 0 marks the whole line
  QString message;
  bool isError = true;  // false: warning
};

}  // namespace af::ui
