#pragma once
// The autosave folder on disk: per document `<key>.yaml` (the text) and `<key>.json` (original
// path, display name, time). A plain value holding only the folder, so worker jobs may copy it.
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

 private:
  [[nodiscard]] QString textPath(const QString& key) const;
  [[nodiscard]] QString sidecarPath(const QString& key) const;
  QString directory_;
};

}  // namespace af::ui
