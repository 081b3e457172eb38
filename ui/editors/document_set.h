#pragma once
// The open files that together form one spec, in merge order (arch, workload, mapping, ...).
#include <QList>
#include <QObject>
#include <QStringList>
#include <optional>

#include "editors/file_error.h"

Q_MOC_INCLUDE("editors/spec_document.h")

namespace af::ui {

class RecentFiles;
class SpecDocument;

class DocumentSet : public QObject {
  Q_OBJECT
 public:
  explicit DocumentSet(QObject* parent = nullptr);

  // Opens each path in order (files already open are not opened twice). Returns one error per
  // file that could not be opened (unreadable, not UTF-8, over 16 MB, the engine's limit); the others still open.
  QList<FileError> openFiles(const QStringList& paths);
  SpecDocument* newUntitled();

  [[nodiscard]] const QList<SpecDocument*>& documents() const { return documents_; }
  [[nodiscard]] int count() const { return static_cast<int>(documents_.size()); }
  [[nodiscard]] SpecDocument* at(int index) const { return documents_.value(index); }
  [[nodiscard]] int indexOf(const SpecDocument* document) const;
  [[nodiscard]] SpecDocument* findByPath(const QString& path) const;
  [[nodiscard]] QStringList paths() const;  // saved paths in merge order
  [[nodiscard]] bool anyModified() const;
  // The project (every saved path) is recorded after each open and save.
  [[nodiscard]] RecentFiles* recentFiles() const { return recent_; }

  // Saves and records the project in the recent list.
  std::optional<FileError> save(SpecDocument* document);
  std::optional<FileError> saveAs(SpecDocument* document, const QString& path);

  // A clean close: announces documentAboutToClose (the autosave is dropped), then deletes it.
  void close(SpecDocument* document);
  void closeAll();  // also forgets the files that did not open
  // Files that did not open since the project was last closed (too large, binary, unreadable).
  [[nodiscard]] const QList<FileError>& fileErrors() const { return fileErrors_; }
  void move(int from, int to);  // changes the merge order

 signals:
  void fileErrorsChanged();
  void documentAdded(af::ui::SpecDocument* document, int index);
  void documentAboutToClose(af::ui::SpecDocument* document);
  void documentMoved(int from, int to);

 private:
  void add(SpecDocument* document);

  QList<SpecDocument*> documents_;
  RecentFiles* recent_;
  int untitledCount_ = 0;
  QList<FileError> fileErrors_;
};

}  // namespace af::ui
