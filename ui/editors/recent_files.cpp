#include "editors/recent_files.h"

#include <QFileInfo>
#include <QSettings>

namespace af::ui {

RecentFiles::RecentFiles(QObject* parent, const QString& settingsKey) : QObject(parent), key_(settingsKey) {}

QStringList RecentFiles::files() const { return QSettings().value(key_).toStringList(); }

void RecentFiles::add(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  QStringList list = files();
  list.removeAll(absolute);
  list.prepend(absolute);
  store(list.mid(0, kMaxFiles));
}

void RecentFiles::remove(const QString& path) {
  QStringList list = files();
  if (list.removeAll(QFileInfo(path).absoluteFilePath()) > 0) store(list);
}

void RecentFiles::clear() { store({}); }

void RecentFiles::store(const QStringList& files) {
  QSettings().setValue(key_, files);
  emit changed();
}

}  // namespace af::ui
