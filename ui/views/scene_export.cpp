#include "views/scene_export.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QImage>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

namespace af::ui {

namespace {

constexpr double kMargin = 12.0;
constexpr double kPngScale = 2.0;

QRectF sourceRect(const QGraphicsScene& scene) {
  return scene.itemsBoundingRect().adjusted(-kMargin, -kMargin, kMargin, kMargin);
}

bool renderPng(QGraphicsScene& scene, const QString& path) {
  const QRectF source = sourceRect(scene);
  QImage image((source.size() * kPngScale).toSize(), QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::white);
  {
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    scene.render(&painter, QRectF(QPointF(0, 0), image.size()), source);
  }
  return image.save(path, "PNG");
}

bool renderSvg(QGraphicsScene& scene, const QString& path) {
  const QRectF source = sourceRect(scene);
  QSvgGenerator svg;
  svg.setFileName(path);
  svg.setSize(source.size().toSize());
  svg.setViewBox(QRectF(QPointF(0, 0), source.size()));
  svg.setTitle(QFileInfo(path).completeBaseName());
  QPainter painter;
  if (!painter.begin(&svg)) return false;
  painter.fillRect(QRectF(QPointF(0, 0), source.size()), Qt::white);
  scene.render(&painter, QRectF(QPointF(0, 0), source.size()), source);
  return painter.end();
}

bool renderPdf(QGraphicsScene& scene, const QString& path) {
  const QRectF source = sourceRect(scene);
  QPdfWriter pdf(path);
  pdf.setPageSize(QPageSize(source.size(), QPageSize::Point));
  pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
  pdf.setResolution(72);  // one scene unit per point
  QPainter painter;
  if (!painter.begin(&pdf)) return false;
  scene.render(&painter, QRectF(QPointF(0, 0), source.size()), source);
  return painter.end();
}

}  // namespace

bool exportScene(QGraphicsScene& scene, const QString& path, QString* error) {
  const auto fail = [&](const QString& why) {
    if (error) *error = why;
    return false;
  };
  if (scene.items().isEmpty()) return fail(QObject::tr("Nothing to export: the view is empty."));
  const QString suffix = QFileInfo(path).suffix().toLower();
  bool ok = false;
  if (suffix == QLatin1String("png"))
    ok = renderPng(scene, path);
  else if (suffix == QLatin1String("svg"))
    ok = renderSvg(scene, path);
  else if (suffix == QLatin1String("pdf"))
    ok = renderPdf(scene, path);
  else
    return fail(QObject::tr("Unknown export format \"%1\" (use .png, .svg or .pdf).").arg(suffix));
  return ok || fail(QObject::tr("Could not write %1.").arg(path));
}

void addSceneExportActions(QMenu& menu, QGraphicsScene& scene, QWidget* dialogParent, const QString& baseName) {
  const struct {
    const char* label;
    const char* suffix;
    const char* filter;
  } formats[] = {{QT_TR_NOOP("Export as PNG\u2026"), "png", "PNG image (*.png)"},
                 {QT_TR_NOOP("Export as SVG\u2026"), "svg", "SVG drawing (*.svg)"},
                 {QT_TR_NOOP("Export as PDF\u2026"), "pdf", "PDF document (*.pdf)"}};
  for (const auto& f : formats) {
    const QString suffix = QString::fromLatin1(f.suffix);
    const QString filter = QString::fromLatin1(f.filter);
    menu.addAction(QObject::tr(f.label), dialogParent, [&scene, dialogParent, baseName, suffix, filter] {
      const QString path = QFileDialog::getSaveFileName(dialogParent, QObject::tr("Export"),
                                                        baseName + QLatin1Char('.') + suffix, filter);
      if (path.isEmpty()) return;
      if (QString error; !exportScene(scene, path, &error))
        QMessageBox::warning(dialogParent, QObject::tr("Export failed"), error);
    });
  }
}

}  // namespace af::ui
