#pragma once
// The one exporter of figures: plots (QCustomPlot) and drawn views (QGraphicsScene) alike,
// as PNG (drawn at 2x), SVG or PDF chosen by the file suffix, with the figure's title as the
// document title and the default file name; and the matching context-menu entries.
#include <QSizeF>
#include <QString>
#include <functional>

class QCustomPlot;
class QGraphicsScene;
class QMenu;
class QPaintDevice;
class QWidget;

namespace af::ui {

struct Figure {
  QString title;  // "Accesses per buffer": the document title and the default file name
  QSizeF size;    // natural size, in pixels (points in a PDF)
  // Draws the whole figure onto `device`, whose logical size is `size`.
  std::function<void(QPaintDevice& device, QSizeF size)> paint;
};

// A plot as it is on screen (a plot never shown exports at 900x540), at least `min_height`
// pixels high (below the title).
[[nodiscard]] Figure plotFigure(QCustomPlot& plot, const QString& title, int min_height = 0);
// Every item of a scene, on white, with a small margin.
[[nodiscard]] Figure sceneFigure(QGraphicsScene& scene, const QString& title);

// Writes the figure to `path`. Returns false and sets `error` for an unknown suffix, an
// empty figure or a write failure.
bool exportFigure(const Figure& figure, const QString& path, QString* error = nullptr);

// "title" made safe as a file name ("Accesses per buffer" -> "accesses-per-buffer").
[[nodiscard]] QString figureFileName(const QString& title);

// Adds "Export as PNG/SVG/PDF…" to `menu`; each asks for a file name (the figure's title by
// default) and reports a failure in a message box. `figure` is called when chosen, so the
// export shows what is on screen then.
void addExportActions(QMenu& menu, std::function<Figure()> figure, QWidget* dialogParent);

}  // namespace af::ui
