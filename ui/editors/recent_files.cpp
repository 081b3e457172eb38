#include "editors/recent_files.h"

#include <QFileInfo>
#include <QSettings>
#include <algorithm>

namespace af::ui {

namespace {

QStringList absolute(const QStringList& paths) {
  QStringList out;
  for (const QString& path : paths)
    if (const QString a = QFileInfo(path).absoluteFilePath(); !path.isEmpty() && !out.contains(a)) out << a;
  return out;
}

}  // namespace

RecentFiles::RecentFiles(QObject* parent, const QString& settingsKey)
    : QObject(parent),
      key_(settingsKey),
      // Where versions before projects kept their flat list of paths.
      legacyKey_(settingsKey == QLatin1String("recentProjects") ? QStringLiteral("recentFiles") : QString()) {
}

QList<QStringList> RecentFiles::projects() const {
  const QSettings settings;
  QList<QStringList> result;
  if (!settings.contains(key_)) {
    if (!legacyKey_.isEmpty())
      for (const QString& path : settings.value(legacyKey_).toStringList()) result << QStringList{path};
    return result;
  }
  for (const QVariant& entry : settings.value(key_).toList())
    if (const QStringList paths = entry.toStringList(); !paths.isEmpty()) result << paths;
  return result;
}

QStringList RecentFiles::files() const {
  QStringList result;
  for (const QStringList& project : projects())
    for (const QString& path : project)
      if (!result.contains(path)) result << path;
  return result;
}

void RecentFiles::add(const QStringList& paths) {
  const QStringList project = absolute(paths);
  if (project.isEmpty()) return;
  QList<QStringList> list = projects();
  list.erase(std::remove_if(list.begin(), list.end(),
                            [&](const QStringList& old) {
                              return std::all_of(old.begin(), old.end(),
                                                 [&](const QString& p) { return project.contains(p); });
                            }),
             list.end());
  list.prepend(project);
  store(list.mid(0, kMaxProjects));
}

void RecentFiles::remove(const QString& path) {
  const QString gone = QFileInfo(path).absoluteFilePath();
  QList<QStringList> list = projects();
  bool changed = false;
  for (QStringList& project : list) changed |= project.removeAll(gone) > 0;
  if (!changed) return;
  list.removeAll(QStringList{});
  store(list);
}

void RecentFiles::clear() { store({}); }

void RecentFiles::store(const QList<QStringList>& projects) {
  QVariantList entries;
  for (const QStringList& project : projects) entries << project;
  QSettings settings;
  settings.setValue(key_, entries);
  if (!legacyKey_.isEmpty()) settings.remove(legacyKey_);  // read once, then superseded
  emit changed();
}

}  // namespace af::ui
