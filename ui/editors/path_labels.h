#pragma once
// Short names that still tell files apart, for tabs, the project's file list and Open Recent:
// a file name alone while it is unique, and where two open files share it, as many parent
// folders as it takes ("arch.yaml — two_level_matmul").
#include <QString>
#include <QStringList>

namespace af::ui {

// The shortest end of `path`, at least `minimum` components long, that no other path in
// `paths` ends with: "two_level_matmul" among folders, or "a/examples" beside "b/examples".
[[nodiscard]] QString distinctTail(const QString& path, const QStringList& paths, int minimum = 1);

// One label per path: the file name, and where another path has the same name, the folders
// that tell them apart ("arch.yaml — two_level_matmul").
[[nodiscard]] QStringList distinctFileLabels(const QStringList& paths);

}  // namespace af::ui
