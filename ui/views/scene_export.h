#pragma once
// Export of a drawn scene (architecture, workload graph) as PNG, SVG or PDF, chosen by the file
// suffix, and the matching context-menu entries — the same formats the plots offer.
#include <QString>

class QGraphicsScene;
class QMenu;
class QWidget;

namespace af::ui {

// Renders every item of `scene` on white to `path`. PNG is drawn at 2x for sharp text.
// Returns false and sets `error` for an unknown suffix, an empty scene or a write failure.
bool exportScene(QGraphicsScene& scene, const QString& path, QString* error = nullptr);

// Adds "Export as PNG/SVG/PDF…" to `menu`; each asks for a file name with a dialog.
void addSceneExportActions(QMenu& menu, QGraphicsScene& scene, QWidget* dialogParent, const QString& baseName);

}  // namespace af::ui
