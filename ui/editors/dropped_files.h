#pragma once
// The local files in a drag-and-drop payload (editor text and editor tabs both accept them).
#include <QStringList>

class QMimeData;

namespace af::ui {

[[nodiscard]] QStringList droppedLocalFiles(const QMimeData* data);

}  // namespace af::ui
