#include "editors/dropped_files.h"

#include <QMimeData>
#include <QUrl>

namespace af::ui {

QStringList droppedLocalFiles(const QMimeData* data) {
  QStringList paths;
  if (data && data->hasUrls())
    for (const QUrl& url : data->urls())
      if (url.isLocalFile()) paths << url.toLocalFile();
  return paths;
}

}  // namespace af::ui
