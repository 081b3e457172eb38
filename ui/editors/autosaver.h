#pragma once
// Keeps unsaved edits safe: every few seconds (and on saveNow(), e.g. when an editor settles)
// modified documents of a DocumentSet are copied to the autosave folder, off the GUI thread,
// with the set's file list (its project) while any of them is modified. A save or a clean
// close removes the copy; a crash leaves it for pendingProjects() next start, which restores
// the whole set of files in merge order.
#include <QHash>
#include <QObject>
#include <QThreadPool>
#include <memory>
#include <variant>

#include "editors/autosave_store.h"
#include "editors/file_error.h"

class QLockFile;
class QTimer;

namespace af::ui {

class DocumentSet;
class SpecDocument;

class Autosaver : public QObject {
  Q_OBJECT
 public:
  static constexpr int kDefaultIntervalMs = 5000;

  // Uses AutosaveStore::defaultDirectory() unless a directory is given (tests).
  explicit Autosaver(DocumentSet* documents, QObject* parent = nullptr, const QString& directory = {});
  // Finishes pending disk writes but keeps the autosaves: destruction is not a clean close.
  ~Autosaver() override;

  [[nodiscard]] QString directory() const { return store_.directory(); }
  [[nodiscard]] const QString& sessionId() const { return sessionId_; }
  void setInterval(int milliseconds);

  // Projects left with unsaved edits by sessions that ended without a clean close (running
  // sessions hold a lock and are left alone), newest first, each with its files in merge order
  // and the edits still newer than their files. Autosaves from versions without file lists
  // come as one project with an empty id.
  [[nodiscard]] QList<AutosaveProject> pendingProjects() const;
  // Opens the project's files in order, each edited file with its autosaved text as an
  // undoable, unsaved edit (a file that is gone comes back untitled). One error per file lost.
  QList<FileError> restoreProject(const AutosaveProject& project);
  void discardProject(const AutosaveProject& project);

  // Autosaves left by an earlier session that are at least as new as their file (or whose file
  // is gone, or that were never saved). Documents tracked by this instance are not listed.
  [[nodiscard]] QList<AutosaveEntry> pendingRestores() const;
  // Opens the entry's file (or a new untitled document) with the autosaved text as an undoable,
  // unsaved edit.
  std::variant<SpecDocument*, FileError> restore(const AutosaveEntry& entry);
  void discard(const AutosaveEntry& entry);
  // Removes autosaves older than their files (the file was saved later, elsewhere) and file
  // lists of ended sessions with nothing left to restore.
  void removeStale();
  // Blocks until queued disk work is done.
  void waitForIdle();

 public slots:
  void saveNow();

 private:
  struct Tracked {
    QString key;
    bool dirty = false;  // edited since the last autosave
  };
  void track(SpecDocument* document);
  void forget(SpecDocument* document);
  void onPathChanged(SpecDocument* document);
  void removeLater(const QString& key);
  // Writes or removes this session's file list to match the documents.
  void syncProject();
  [[nodiscard]] bool isPending(const AutosaveEntry& entry) const;
  [[nodiscard]] bool sessionRunning(const QString& id) const;
  [[nodiscard]] QString freeUntitledKey() const;
  [[nodiscard]] QStringList trackedKeys() const;

  DocumentSet* documents_;
  AutosaveStore store_;
  QString sessionId_;
  std::unique_ptr<QLockFile> lock_;  // held while this session runs
  QTimer* timer_;
  QTimer* projectTimer_;  // coalesces file-list writes after the set changes
  bool projectDirty_ = false;
  bool projectOnDisk_ = false;
  QHash<SpecDocument*, Tracked> tracked_;
  QThreadPool disk_;  // one thread: writes and removals of a key happen in the order asked
};

}  // namespace af::ui
