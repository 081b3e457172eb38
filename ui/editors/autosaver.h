#pragma once
// Keeps unsaved edits safe: every few seconds (and on saveNow(), e.g. when an editor settles)
// modified documents of a DocumentSet are copied to the autosave folder, off the GUI thread.
// A save or a clean close removes the copy; a crash leaves it for pendingRestores() next start.
#include <QHash>
#include <QObject>
#include <QThreadPool>
#include <variant>

#include "editors/autosave_store.h"
#include "editors/file_error.h"

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
  void setInterval(int milliseconds);

  // Autosaves left by an earlier session that are at least as new as their file (or whose file
  // is gone, or that were never saved). Documents tracked by this instance are not listed.
  [[nodiscard]] QList<AutosaveEntry> pendingRestores() const;
  // Opens the entry's file (or a new untitled document) with the autosaved text as an undoable,
  // unsaved edit.
  std::variant<SpecDocument*, FileError> restore(const AutosaveEntry& entry);
  void discard(const AutosaveEntry& entry);
  // Removes autosaves older than their files (the file was saved later, elsewhere).
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
  [[nodiscard]] QString freeUntitledKey() const;
  [[nodiscard]] QStringList trackedKeys() const;

  DocumentSet* documents_;
  AutosaveStore store_;
  QTimer* timer_;
  QHash<SpecDocument*, Tracked> tracked_;
  QThreadPool disk_;  // one thread: writes and removals of a key happen in the order asked
};

}  // namespace af::ui
