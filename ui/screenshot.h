#pragma once
// `--screenshot OUT.png`: render a window at a fixed size, save it, report success.
#include <QString>

class QWidget;

namespace af::ui {

// Resizes `window` to width x height, renders it (offscreen or on a real display) and saves
// a PNG. Returns an error message, or an empty string on success.
[[nodiscard]] QString saveScreenshot(QWidget& window, const QString& path, int width = 1400,
                                     int height = 900);

}  // namespace af::ui
