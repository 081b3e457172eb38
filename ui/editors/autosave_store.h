#pragma once
// The autosave folder on disk: per document `<key>.yaml` (the text) and `<key>.json` (original
// path, display name, time); per session `projects/<id>.json`, the session's file list in merge
// order, so a crash restore brings back the whole spec, and `projects/<id>.lock` while the
// session runs. A plain value holding only the folder, so worker jobs may copy it.
#include <QDateTime>
#include <QList>
#include <QString>
#include <optional>

namespace af::ui {

struct AutosaveEntry {
  QString key;           // "file-<hash of the absolute path>" or "untitled-N"
  QString originalPath;  // empty for a document that was never saved
  QString displayName;
  QDateTime savedAt;

  [[nodiscard]] bool isUntitled() const { return originalPath.isEmpty(); }
};

// One file of a session's project.
struct AutosaveProjectFile {
  QString path;  // empty for a document never saved
  QString key;   // the key its unsaved text is (or would be) stored under
  QString displayName;
};

// A session's open files, in merge order. Read back by Autosaver::pendingProjects(), which adds
// the unsaved texts found for them. Autosaves written before sessions kept a file list are
// gathered into one project with an empty id.
struct AutosaveProject {
  QString id;
  QDateTime savedAt;
  QList<AutosaveProjectFile> files;
  QList<AutosaveEntry> edits;  // the files' unsaved texts (pendingProjects() only)

  // The folders the files are in, each once, in file order ("" for never-saved files is left out).
  [[nodiscard]] QStringList folders() const;
  [[nodiscard]] const AutosaveEntry* editFor(const QString& key) const;
};

class AutosaveStore {
 public:
  explicit AutosaveStore(QString directory) : directory_(std::move(directory)) {}
  // QStandardPaths::AppDataLocation + "/autosave".
  [[nodiscard]] static QString defaultDirectory();
  [[nodiscard]] static QString keyForPath(const QString& absolutePath);

  [[nodiscard]] const QString& directory() const { return directory_; }
  [[nodiscard]] bool contains(const QString& key) const;
  // Text first, then the sidecar: an entry only exists once both are complete (QSaveFile).
  bool write(const AutosaveEntry& entry, const QString& text) const;
  void remove(const QString& key) const;
  [[nodiscard]] QList<AutosaveEntry> entries() const;
  [[nodiscard]] std::optional<QString> readText(const QString& key) const;

  // Session file lists. A list that does not read (e.g. from a newer version) is skipped.
  bool writeProject(const AutosaveProject& project) const;
  void removeProject(const QString& id) const;
  [[nodiscard]] QList<AutosaveProject> projects() const;
  // The lock file a running session holds (QLockFile).
  [[nodiscard]] QString lockPath(const QString& id) const;
  [[nodiscard]] QString projectsDirectory() const;

 private:
  [[nodiscard]] QString textPath(const QString& key) const;
  [[nodiscard]] QString sidecarPath(const QString& key) const;
  [[nodiscard]] QString projectPath(const QString& id) const;
  QString directory_;
};

}  // namespace af::ui
