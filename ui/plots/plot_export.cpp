#include "plots/plot_export.h"

#include <qcustomplot.h>

#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSvgGenerator>

namespace af::ui {

namespace {
// A plot that was never shown has no meaningful size; export at a readable default instead.
QSize exportSize(const QCustomPlot& plot) {
  const QSize size = plot.size();
  return size.width() < 200 || size.height() < 150 ? QSize(900, 540) : size;
}

bool saveSvg(QCustomPlot& plot, const QString& path, QSize size) {
  QSvgGenerator generator;
  generator.setFileName(path);
  generator.setSize(size);
  generator.setViewBox(QRect(QPoint(0, 0), size));
  generator.setTitle(plot.objectName());
  QCPPainter painter;
  if (!painter.begin(&generator)) return false;
  plot.toPainter(&painter, size.width(), size.height());
  return painter.end();
}
}  // namespace

bool exportPlot(QCustomPlot& plot, const QString& path, QString* error) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  const QSize size = exportSize(plot);
  bool ok = false;
  if (suffix == "png")
    ok = plot.savePng(path, size.width(), size.height());
  else if (suffix == "pdf")
    ok = plot.savePdf(path, size.width(), size.height());
  else if (suffix == "svg")
    ok = saveSvg(plot, path, size);
  else {
    if (error) *error = QObject::tr("Unknown export format '%1' (use .png, .pdf or .svg)").arg(suffix);
    return false;
  }
  if (!ok && error) *error = QObject::tr("Could not write %1").arg(path);
  return ok;
}

void addExportActions(QMenu& menu, QCustomPlot& plot, QWidget* dialogParent) {
  const struct {
    QString label, suffix, filter;
  } formats[] = {{QObject::tr("Export as PNG…"), "png", QObject::tr("PNG image (*.png)")},
                 {QObject::tr("Export as PDF…"), "pdf", QObject::tr("PDF document (*.pdf)")},
                 {QObject::tr("Export as SVG…"), "svg", QObject::tr("SVG image (*.svg)")}};
  for (const auto& f : formats) {
    menu.addAction(f.label, dialogParent, [&plot, dialogParent, suffix = f.suffix, filter = f.filter] {
      QString path = QFileDialog::getSaveFileName(dialogParent, QObject::tr("Export plot"),
                                                  plot.objectName() + '.' + suffix, filter);
      if (path.isEmpty()) return;
      if (QFileInfo(path).suffix().isEmpty()) path += '.' + suffix;
      if (QString error; !exportPlot(plot, path, &error))
        QMessageBox::warning(dialogParent, QObject::tr("Export"), error);
    });
  }
}

}  // namespace af::ui
