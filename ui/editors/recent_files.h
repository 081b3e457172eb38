#pragma once
// Recently used projects, newest first, kept in QSettings. A project is the set of files
// opened or saved together, in merge order, so Open Recent brings back a whole spec. The
// single paths older versions kept read as one-file projects.
#include <QList>
#include <QObject>
#include <QStringList>

namespace af::ui {

class RecentFiles : public QObject {
  Q_OBJECT
 public:
  static constexpr int kMaxProjects = 10;
  explicit RecentFiles(QObject* parent = nullptr,
                       const QString& settingsKey = QStringLiteral("recentProjects"));

  [[nodiscard]] QList<QStringList> projects() const;
  // Every path of every project, newest first, each once.
  [[nodiscard]] QStringList files() const;
  // Moves the project to the front, dropping older projects it contains (opening a spec file
  // by file leaves one entry); keeps kMaxProjects.
  void add(const QStringList& paths);
  void add(const QString& path) { add(QStringList{path}); }
  void remove(const QString& path);  // from every project (the file is gone)
  void clear();

 signals:
  void changed();

 private:
  void store(const QList<QStringList>& projects);
  QString key_;
  QString legacyKey_;
};

}  // namespace af::ui
