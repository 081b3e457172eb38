#pragma once
// Reading and writing spec text files: UTF-8 only, size-capped, atomic writes.
#include <QString>
#include <optional>
#include <variant>

#include "core/bounded_read.h"
#include "editors/file_error.h"

namespace af::ui {

// Spec files beyond this are refused: they are not hand-edited specs and would stall the editor.
// The engine's limit, so the window and `accelforge` accept the same files.
inline constexpr qint64 kMaxSpecFileBytes = static_cast<qint64>(core::kMaxSpecFileBytes);

struct TextFileContents {
  QString text;       // line endings normalised to '\n'
  bool crlf = false;  // the file used "\r\n"; written back the same way
};

// Reads `path` as UTF-8 (a leading BOM is dropped).
[[nodiscard]] std::variant<TextFileContents, FileError> readTextFile(const QString& path);

// Writes through QSaveFile so a crash or full disk never leaves a half-written file.
[[nodiscard]] std::optional<FileError> writeTextFile(const QString& path, const QString& text,
                                                     bool crlf = false);

}  // namespace af::ui
