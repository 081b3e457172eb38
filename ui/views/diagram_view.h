#pragma once
// The QGraphicsView both drawn views share: wheel zoom under the cursor, zoom to fit (kept while
// the user has not zoomed), an empty-state message, and a context menu with Fit and Export.
#include <QGraphicsView>
#include <QString>

namespace af::ui {

class DiagramView : public QGraphicsView {
  Q_OBJECT
 public:
  explicit DiagramView(QGraphicsScene* scene, QWidget* parent = nullptr);

  // Shown centred while the scene has no items ("Open an architecture …").
  void setEmptyText(const QString& text);
  [[nodiscard]] QString emptyText() const { return emptyText_; }
  // Base name offered by the export dialog ("architecture" -> architecture.png).
  // The export title (document title and default file name), e.g. "Architecture".
  void setExportTitle(const QString& title) { exportTitle_ = title; }
  [[nodiscard]] const QString& exportTitle() const { return exportTitle_; }
  // Fitting never zooms out below this; a larger diagram then opens at its left end and scrolls.
  void setMinimumFitZoom(double zoom) { minFitZoom_ = zoom; }
  [[nodiscard]] double zoom() const { return transform().m11(); }
  // True until the user zooms by hand; while true the view refits on resize.
  [[nodiscard]] bool autoFit() const { return autoFit_; }

 public slots:
  // Fits the whole scene (never magnifies above 100 %, so small diagrams stay crisp).
  void zoomToFit();
  void zoomBy(double factor);

 protected:
  void wheelEvent(QWheelEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void drawForeground(QPainter* painter, const QRectF& rect) override;
  void contextMenuEvent(QContextMenuEvent* event) override;

 private:
  QString emptyText_;
  QString exportTitle_ = QStringLiteral("Diagram");
  double minFitZoom_ = 0.05;
  bool autoFit_ = true;
};

}  // namespace af::ui
