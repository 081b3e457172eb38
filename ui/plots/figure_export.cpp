#include "plots/figure_export.h"

#include <qcustomplot.h>

#include <QFileDialog>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QImage>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSvgGenerator>
#include <algorithm>

namespace af::ui {

namespace {

constexpr double kSceneMargin = 12.0;
constexpr double kPngScale = 2.0;
constexpr double kTitleBand = 30.0;  // logical pixels above an exported plot, for its title

bool renderPng(const Figure& f, const QString& path) {
  QImage image((f.size * kPngScale).toSize(), QImage::Format_ARGB32_Premultiplied);
  image.setDevicePixelRatio(kPngScale);  // the figure draws in logical pixels
  image.fill(Qt::white);
  f.paint(image, f.size);
  image.setText(QStringLiteral("Title"), f.title);
  return image.save(path, "PNG");
}

bool renderSvg(const Figure& f, const QString& path) {
  QSvgGenerator svg;
  svg.setFileName(path);
  svg.setSize(f.size.toSize());
  svg.setViewBox(QRectF(QPointF(0, 0), f.size));
  svg.setTitle(f.title);
  f.paint(svg, f.size);
  return QFileInfo(path).size() > 0;
}

bool renderPdf(const Figure& f, const QString& path) {
  QPdfWriter pdf(path);
  pdf.setTitle(f.title);
  pdf.setPageSize(QPageSize(f.size, QPageSize::Point));
  pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
  pdf.setResolution(72);  // one figure unit per point
  f.paint(pdf, f.size);
  return QFileInfo(path).size() > 0;
}

}  // namespace

Figure plotFigure(QCustomPlot& plot, const QString& title, int min_height) {
  const QSize on_screen = plot.size();
  // A plot that was never shown has no meaningful size; export at a readable default instead.
  QSize size = on_screen.width() < 200 || on_screen.height() < 150 ? QSize(900, 540) : on_screen;
  size.setHeight(std::max(size.height(), min_height));
  // On screen the title is the tab's; a file needs it drawn, above the plot.
  const double band = title.isEmpty() ? 0.0 : kTitleBand;
  return Figure{title, QSizeF(size.width(), size.height() + band),
                [&plot, title, band](QPaintDevice& device, QSizeF s) {
                  QCPPainter painter(&device);
                  if (band > 0) {
                    painter.fillRect(QRectF(0, 0, s.width(), band), Qt::white);
                    QFont font = plot.font();
                    font.setBold(true);
                    font.setPointSizeF(font.pointSizeF() * 1.15);
                    painter.setFont(font);
                    painter.setPen(Qt::black);
                    painter.drawText(QRectF(10, 0, s.width() - 20, band), Qt::AlignLeft | Qt::AlignVCenter,
                                     title);
                    painter.translate(0, band);
                  }
                  plot.toPainter(&painter, static_cast<int>(s.width()), static_cast<int>(s.height() - band));
                }};
}

Figure sceneFigure(QGraphicsScene& scene, const QString& title) {
  const QRectF source =
      scene.itemsBoundingRect().adjusted(-kSceneMargin, -kSceneMargin, kSceneMargin, kSceneMargin);
  return Figure{title, scene.items().isEmpty() ? QSizeF() : source.size(),
                [&scene, source](QPaintDevice& device, QSizeF s) {
                  QPainter painter(&device);
                  painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
                  painter.fillRect(QRectF(QPointF(0, 0), s), Qt::white);
                  scene.render(&painter, QRectF(QPointF(0, 0), s), source);
                }};
}

bool exportFigure(const Figure& figure, const QString& path, QString* error) {
  const auto fail = [&](const QString& why) {
    if (error) *error = why;
    return false;
  };
  if (figure.size.isEmpty() || !figure.paint)
    return fail(QObject::tr("Nothing to export: the view is empty."));
  const QString suffix = QFileInfo(path).suffix().toLower();
  bool ok = false;
  if (suffix == QLatin1String("png"))
    ok = renderPng(figure, path);
  else if (suffix == QLatin1String("svg"))
    ok = renderSvg(figure, path);
  else if (suffix == QLatin1String("pdf"))
    ok = renderPdf(figure, path);
  else
    return fail(QObject::tr("Unknown export format \"%1\" (use .png, .svg or .pdf).").arg(suffix));
  return ok || fail(QObject::tr("Could not write %1.").arg(path));
}

QString figureFileName(const QString& title) {
  QString name = title.toLower();
  name.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
  name.remove(QRegularExpression(QStringLiteral("^-+|-+$")));
  return name.isEmpty() ? QStringLiteral("figure") : name;
}

void addExportActions(QMenu& menu, std::function<Figure()> figure, QWidget* dialogParent) {
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
    menu.addAction(QObject::tr(f.label), dialogParent, [figure, dialogParent, suffix, filter] {
      const Figure fig = figure();
      QString path =
          QFileDialog::getSaveFileName(dialogParent, QObject::tr("Export %1").arg(fig.title),
                                       figureFileName(fig.title) + QLatin1Char('.') + suffix, filter);
      if (path.isEmpty()) return;
      if (QFileInfo(path).suffix().isEmpty()) path += QLatin1Char('.') + suffix;
      if (QString error; !exportFigure(fig, path, &error))
        QMessageBox::warning(dialogParent, QObject::tr("Export failed"), error);
    });
  }
}

}  // namespace af::ui
