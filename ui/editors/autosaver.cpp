#include "editors/autosaver.h"

#include <QFileInfo>
#include <QTimer>
#include <QtConcurrent>

#include "editors/document_set.h"
#include "editors/spec_document.h"

namespace af::ui {

Autosaver::Autosaver(DocumentSet* documents, QObject* parent, const QString& directory)
    : QObject(parent),
      documents_(documents),
      store_(directory.isEmpty() ? AutosaveStore::defaultDirectory() : directory),
      timer_(new QTimer(this)) {
  disk_.setMaxThreadCount(1);
  for (auto* document : documents_->documents()) track(document);
  connect(documents_, &DocumentSet::documentAdded, this, [this](SpecDocument* d) { track(d); });
  connect(documents_, &DocumentSet::documentAboutToClose, this, [this](SpecDocument* d) {
    removeLater(tracked_.value(d).key);
    forget(d);
  });
  connect(timer_, &QTimer::timeout, this, &Autosaver::saveNow);
  timer_->start(kDefaultIntervalMs);
}

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
}

void Autosaver::waitForIdle() { disk_.waitForDone(); }

QList<AutosaveEntry> Autosaver::pendingRestores() const {
  const QStringList ours = trackedKeys();
  QList<AutosaveEntry> result;
  for (const AutosaveEntry& entry : store_.entries()) {
    if (ours.contains(entry.key)) continue;
    const QFileInfo file(entry.originalPath);
    if (entry.isUntitled() || !file.exists() || entry.savedAt >= file.lastModified()) result << entry;
  }
  return result;
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
}

QStringList Autosaver::trackedKeys() const {
  QStringList keys;
  for (const auto& tracked : tracked_) keys << tracked.key;
  return keys;
}

}  // namespace af::ui
