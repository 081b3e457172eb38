#include "editors/autosaver.h"

#include <QDir>
#include <QFileInfo>
#include <QLockFile>
#include <QTimer>
#include <QUuid>
#include <QtConcurrent>
#include <algorithm>

#include "editors/document_set.h"
#include "editors/spec_document.h"

namespace af::ui {

Autosaver::Autosaver(DocumentSet* documents, QObject* parent, const QString& directory)
    : QObject(parent),
      documents_(documents),
      store_(directory.isEmpty() ? AutosaveStore::defaultDirectory() : directory),
      sessionId_(QUuid::createUuid().toString(QUuid::WithoutBraces)),
      timer_(new QTimer(this)),
      projectTimer_(new QTimer(this)) {
  disk_.setMaxThreadCount(1);
  // The lock tells other instances this session's autosaves are live, not left by a crash;
  // QLockFile sees through a lock whose process died. No time limit: sessions run for days.
  if (QDir().mkpath(store_.projectsDirectory())) {
    lock_ = std::make_unique<QLockFile>(store_.lockPath(sessionId_));
    lock_->setStaleLockTime(0);
    if (!lock_->tryLock(0)) lock_.reset();
  }
  projectTimer_->setSingleShot(true);
  projectTimer_->setInterval(0);
  connect(projectTimer_, &QTimer::timeout, this, &Autosaver::syncProject);
  const auto setChanged = [this] {
    projectDirty_ = true;
    projectTimer_->start();
  };
  for (auto* document : documents_->documents()) track(document);
  connect(documents_, &DocumentSet::documentAdded, this, [this, setChanged](SpecDocument* d) {
    track(d);
    setChanged();
  });
  connect(documents_, &DocumentSet::documentAboutToClose, this, [this, setChanged](SpecDocument* d) {
    removeLater(tracked_.value(d).key);
    forget(d);
    setChanged();
  });
  connect(documents_, &DocumentSet::documentMoved, this, setChanged);
  connect(timer_, &QTimer::timeout, this, &Autosaver::saveNow);
  timer_->start(kDefaultIntervalMs);
}

// The file list stays with the autosaves (destruction is not a clean close); the lock goes.
Autosaver::~Autosaver() { disk_.waitForDone(); }

void Autosaver::setInterval(int milliseconds) { timer_->start(milliseconds); }

void Autosaver::track(SpecDocument* document) {
  tracked_.insert(document,
                  {document->isUntitled() ? freeUntitledKey() : AutosaveStore::keyForPath(document->path()),
                   document->isModified()});
  connect(document, &SpecDocument::textChanged, this, [this, document] {
    if (auto it = tracked_.find(document); it != tracked_.end()) it->dirty = true;
  });
  connect(document, &SpecDocument::modifiedChanged, this, [this, document](bool modified) {
    // Back to the saved state (saved, or undone): the copy on disk is no longer needed.
    if (!modified && tracked_.contains(document)) removeLater(tracked_[document].key);
  });
  connect(document, &SpecDocument::pathChanged, this, [this, document] { onPathChanged(document); });
  connect(document, &QObject::destroyed, this, [this, document] { tracked_.remove(document); });
}

void Autosaver::forget(SpecDocument* document) {
  tracked_.remove(document);
  disconnect(document, nullptr, this, nullptr);
}

void Autosaver::onPathChanged(SpecDocument* document) {
  auto it = tracked_.find(document);
  if (it == tracked_.end()) return;
  const QString key = AutosaveStore::keyForPath(document->path());
  if (key == it->key) return;
  removeLater(it->key);
  it->key = key;
  it->dirty = document->isModified();
  projectDirty_ = true;
  projectTimer_->start();
}

QString Autosaver::freeUntitledKey() const {
  const QStringList used = trackedKeys();
  // Skip numbers an earlier session left on disk so their unsaved text is not overwritten.
  for (int n = 1;; ++n) {
    const QString key = QStringLiteral("untitled-%1").arg(n);
    if (!used.contains(key) && !store_.contains(key)) return key;
  }
}

void Autosaver::removeLater(const QString& key) {
  if (key.isEmpty()) return;
  (void)QtConcurrent::run(&disk_, [store = store_, key] { store.remove(key); });
}

void Autosaver::saveNow() {
  const QDateTime now = QDateTime::currentDateTimeUtc();
  for (auto it = tracked_.begin(); it != tracked_.end(); ++it) {
    SpecDocument* document = it.key();
    if (!it->dirty || !document->isModified()) continue;
    it->dirty = false;
    // QString is implicitly shared: the worker gets a snapshot, the user keeps typing.
    const AutosaveEntry entry{it->key, document->path(), document->displayName(), now};
    (void)QtConcurrent::run(&disk_,
                            [store = store_, entry, text = document->text()] { store.write(entry, text); });
  }
  syncProject();
}

void Autosaver::syncProject() {
  projectTimer_->stop();
  // A list is only worth keeping while there is something to restore with it.
  if (!documents_->anyModified()) {
    if (projectOnDisk_)
      (void)QtConcurrent::run(&disk_, [store = store_, id = sessionId_] { store.removeProject(id); });
    projectOnDisk_ = false;
    return;
  }
  if (projectOnDisk_ && !projectDirty_) return;
  AutosaveProject project{sessionId_, QDateTime::currentDateTimeUtc(), {}, {}};
  for (SpecDocument* document : documents_->documents())
    if (const auto it = tracked_.constFind(document); it != tracked_.constEnd())
      project.files << AutosaveProjectFile{document->path(), it->key, document->displayName()};
  (void)QtConcurrent::run(&disk_, [store = store_, project] { store.writeProject(project); });
  projectDirty_ = false;
  projectOnDisk_ = true;
}

void Autosaver::waitForIdle() { disk_.waitForDone(); }

QList<AutosaveEntry> Autosaver::pendingRestores() const {
  const QStringList ours = trackedKeys();
  QList<AutosaveEntry> result;
  for (const AutosaveEntry& entry : store_.entries())
    if (!ours.contains(entry.key) && isPending(entry)) result << entry;
  return result;
}

bool Autosaver::isPending(const AutosaveEntry& entry) const {
  const QFileInfo file(entry.originalPath);
  return entry.isUntitled() || !file.exists() || entry.savedAt >= file.lastModified();
}

bool Autosaver::sessionRunning(const QString& id) const {
  if (id == sessionId_) return true;
  QLockFile probe(store_.lockPath(id));
  probe.setStaleLockTime(0);
  if (probe.tryLock(0)) {
    probe.unlock();  // nobody held it (or its process died): the session has ended
    return false;
  }
  return probe.error() == QLockFile::LockFailedError;
}

QList<AutosaveProject> Autosaver::pendingProjects() const {
  const QList<AutosaveEntry> pending = pendingRestores();
  QList<AutosaveProject> result;
  QStringList claimed;  // keys a session's list accounts for (running sessions' too)
  for (AutosaveProject project : store_.projects()) {
    for (const AutosaveProjectFile& file : project.files) claimed << file.key;
    if (sessionRunning(project.id)) continue;
    for (const AutosaveEntry& entry : pending)
      if (std::any_of(project.files.begin(), project.files.end(),
                      [&](const AutosaveProjectFile& f) { return f.key == entry.key; }))
        project.edits << entry;
    if (!project.edits.isEmpty()) result << project;
  }
  // Older versions kept no list: their edits come back together, as they were saved.
  AutosaveProject loose;
  for (const AutosaveEntry& entry : pending) {
    if (claimed.contains(entry.key)) continue;
    loose.files << AutosaveProjectFile{entry.originalPath, entry.key, entry.displayName};
    loose.edits << entry;
    loose.savedAt = std::max(loose.savedAt, entry.savedAt);
  }
  if (!loose.files.isEmpty()) result << loose;
  std::stable_sort(result.begin(), result.end(),
                   [](const AutosaveProject& a, const AutosaveProject& b) { return a.savedAt > b.savedAt; });
  return result;
}

QList<FileError> Autosaver::restoreProject(const AutosaveProject& project) {
  waitForIdle();
  QList<FileError> errors;
  for (const AutosaveProjectFile& file : project.files) {
    if (const AutosaveEntry* edit = project.editFor(file.key)) {
      auto restored = restore(*edit);
      if (auto* error = std::get_if<FileError>(&restored)) errors << *error;
    } else if (const auto opened = documents_->openFiles({file.path}); !opened.isEmpty()) {
      errors << opened;
    }
  }
  store_.removeProject(project.id);  // its files are this session's now
  return errors;
}

void Autosaver::discardProject(const AutosaveProject& project) {
  waitForIdle();
  for (const AutosaveEntry& edit : project.edits) store_.remove(edit.key);
  store_.removeProject(project.id);
}

std::variant<SpecDocument*, FileError> Autosaver::restore(const AutosaveEntry& entry) {
  waitForIdle();
  const auto text = store_.readText(entry.key);
  if (!text)
    return FileError{entry.displayName, FileProblem::Unreadable,
                     tr("The autosaved copy of %1 cannot be read").arg(entry.displayName)};
  SpecDocument* document = nullptr;
  if (QFileInfo::exists(entry.originalPath)) {
    if (const auto errors = documents_->openFiles({entry.originalPath}); !errors.isEmpty())
      return errors.first();
    document = documents_->findByPath(entry.originalPath);
  } else {
    // Never saved, or the file is gone: keep the text under its old key until saved.
    document = documents_->newUntitled();
    tracked_[document].key = entry.key;
  }
  document->setText(*text);
  tracked_[document].dirty = false;  // the copy on disk already holds this text
  return document;
}

void Autosaver::discard(const AutosaveEntry& entry) {
  waitForIdle();
  store_.remove(entry.key);
}

void Autosaver::removeStale() {
  waitForIdle();
  const QStringList ours = trackedKeys();
  for (const AutosaveEntry& entry : store_.entries()) {
    const QFileInfo file(entry.originalPath);
    const bool stale = !entry.isUntitled() && file.exists() && entry.savedAt < file.lastModified();
    if (stale && !ours.contains(entry.key)) store_.remove(entry.key);
  }
  for (const AutosaveProject& project : store_.projects()) {
    if (sessionRunning(project.id)) continue;
    const bool anyLeft = std::any_of(
        project.files.begin(), project.files.end(),
        [&](const AutosaveProjectFile& f) { return store_.contains(f.key) && !ours.contains(f.key); });
    if (!anyLeft) store_.removeProject(project.id);
  }
}

QStringList Autosaver::trackedKeys() const {
  QStringList keys;
  for (const auto& tracked : tracked_) keys << tracked.key;
  return keys;
}

}  // namespace af::ui
