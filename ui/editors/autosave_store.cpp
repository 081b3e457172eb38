#include "editors/autosave_store.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>

#include "editors/text_file.h"

namespace af::ui {

namespace {
// Version of projects/<id>.json; a list written by a newer version is not guessed at.
constexpr int kProjectFormat = 1;
}  // namespace

QStringList AutosaveProject::folders() const {
  QStringList result;
  for (const AutosaveProjectFile& file : files)
    if (const QString folder = QFileInfo(file.path).absolutePath();
        !file.path.isEmpty() && !result.contains(folder))
      result << folder;
  return result;
}

const AutosaveEntry* AutosaveProject::editFor(const QString& key) const {
  for (const AutosaveEntry& edit : edits)
    if (edit.key == key) return &edit;
  return nullptr;
}

QString AutosaveStore::defaultDirectory() {
  return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/autosave");
}

QString AutosaveStore::keyForPath(const QString& absolutePath) {
  const QByteArray hash = QCryptographicHash::hash(absolutePath.toUtf8(), QCryptographicHash::Sha1);
  return QStringLiteral("file-") + QString::fromLatin1(hash.toHex().left(16));
}

QString AutosaveStore::textPath(const QString& key) const { return directory_ + '/' + key + ".yaml"; }
QString AutosaveStore::sidecarPath(const QString& key) const { return directory_ + '/' + key + ".json"; }

bool AutosaveStore::contains(const QString& key) const {
  return QFileInfo::exists(textPath(key)) || QFileInfo::exists(sidecarPath(key));
}

bool AutosaveStore::write(const AutosaveEntry& entry, const QString& text) const {
  if (!QDir().mkpath(directory_)) return false;
  if (writeTextFile(textPath(entry.key), text)) return false;
  const QJsonObject sidecar{{"originalPath", entry.originalPath},
                            {"displayName", entry.displayName},
                            {"savedAt", entry.savedAt.toUTC().toString(Qt::ISODateWithMs)}};
  return !writeTextFile(sidecarPath(entry.key), QString::fromUtf8(QJsonDocument(sidecar).toJson()));
}

void AutosaveStore::remove(const QString& key) const {
  QFile::remove(sidecarPath(key));  // sidecar first: a half-removed entry is never listed
  QFile::remove(textPath(key));
}

QList<AutosaveEntry> AutosaveStore::entries() const {
  QList<AutosaveEntry> result;
  const QDir dir(directory_);
  for (const QFileInfo& info : dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
    const QString key = info.completeBaseName();
    QFile file(info.absoluteFilePath());
    if (!QFileInfo::exists(textPath(key)) || !file.open(QIODevice::ReadOnly)) continue;
    const QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
    const QDateTime savedAt = QDateTime::fromString(json.value("savedAt").toString(), Qt::ISODateWithMs);
    if (!savedAt.isValid()) continue;
    result << AutosaveEntry{key, json.value("originalPath").toString(), json.value("displayName").toString(),
                            savedAt};
  }
  return result;
}

QString AutosaveStore::projectsDirectory() const { return directory_ + QStringLiteral("/projects"); }
QString AutosaveStore::projectPath(const QString& id) const {
  return projectsDirectory() + '/' + id + ".json";
}
QString AutosaveStore::lockPath(const QString& id) const { return projectsDirectory() + '/' + id + ".lock"; }

bool AutosaveStore::writeProject(const AutosaveProject& project) const {
  if (!QDir().mkpath(projectsDirectory())) return false;
  QJsonArray files;
  for (const AutosaveProjectFile& file : project.files)
    files.append(QJsonObject{{"path", file.path}, {"key", file.key}, {"displayName", file.displayName}});
  const QJsonObject json{{"format", kProjectFormat},
                         {"savedAt", project.savedAt.toUTC().toString(Qt::ISODateWithMs)},
                         {"files", files}};
  return !writeTextFile(projectPath(project.id), QString::fromUtf8(QJsonDocument(json).toJson()));
}

void AutosaveStore::removeProject(const QString& id) const {
  if (!id.isEmpty()) QFile::remove(projectPath(id));
}

QList<AutosaveProject> AutosaveStore::projects() const {
  QList<AutosaveProject> result;
  const QDir dir(projectsDirectory());
  for (const QFileInfo& info : dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
    QFile file(info.absoluteFilePath());
    if (!file.open(QIODevice::ReadOnly)) continue;
    const QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
    AutosaveProject project{info.completeBaseName(),
                            QDateTime::fromString(json.value("savedAt").toString(), Qt::ISODateWithMs),
                            {},
                            {}};
    if (json.value("format").toInt() != kProjectFormat || !project.savedAt.isValid()) continue;
    for (const QJsonValue& value : json.value("files").toArray()) {
      const QJsonObject f = value.toObject();
      project.files << AutosaveProjectFile{f.value("path").toString(), f.value("key").toString(),
                                           f.value("displayName").toString()};
    }
    result << project;
  }
  return result;
}

std::optional<QString> AutosaveStore::readText(const QString& key) const {
  auto contents = readTextFile(textPath(key));
  if (auto* text = std::get_if<TextFileContents>(&contents)) return text->text;
  return std::nullopt;
}

}  // namespace af::ui
