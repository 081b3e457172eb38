#include "screenshot.h"

#include <QApplication>
#include <QFileInfo>
#include <QImage>
#include <QPixmap>
#include <QWidget>

namespace af::ui {

QString saveScreenshot(QWidget& window, const QString& path, int width, int height) {
  window.resize(width, height);
  window.show();
  // Let layouts and pending paints settle before grabbing.
  for (int i = 0; i < 5; ++i) QApplication::processEvents();
  const QPixmap pixmap = window.grab();
  if (pixmap.isNull()) return QObject::tr("could not render the window");
  if (!pixmap.save(path, "PNG"))
    return QObject::tr("could not write %1").arg(QFileInfo(path).absoluteFilePath());
  return {};
}

}  // namespace af::ui
