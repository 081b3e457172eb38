#pragma once
// Export of any QCustomPlot as PNG, PDF or SVG (chosen by the file suffix), and the matching
// context-menu entries, so every plot in the explorer exports the same way.
#include <QString>

class QCustomPlot;
class QMenu;
class QWidget;

namespace af::ui {

// Writes the plot to `path`; the suffix (.png, .pdf, .svg) picks the format. Returns false and
// sets `error` for an unknown suffix or a write failure.
bool exportPlot(QCustomPlot& plot, const QString& path, QString* error = nullptr);

// Adds "Export as PNG/PDF/SVG…" to `menu`; each asks for a file name with a dialog.
void addExportActions(QMenu& menu, QCustomPlot& plot, QWidget* dialogParent);

}  // namespace af::ui
