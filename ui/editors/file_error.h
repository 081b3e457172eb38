#pragma once
// Why a file could not be read or written. Returned as a value; the window decides how to show it.
#include <QString>

namespace af::ui {

enum class FileProblem { Unreadable, NotUtf8, TooLarge, WriteFailed };

struct FileError {
  QString path;
  FileProblem problem = FileProblem::Unreadable;
  QString message;  // human readable, names the file

  [[nodiscard]] bool operator==(const FileError&) const = default;
};

}  // namespace af::ui
