#include "editors/document_set.h"

#include <QFileInfo>
#include <algorithm>
#include <memory>

#include "editors/recent_files.h"
#include "editors/spec_document.h"

namespace af::ui {

DocumentSet::DocumentSet(QObject* parent) : QObject(parent), recent_(new RecentFiles(this)) {}

QList<FileError> DocumentSet::openFiles(const QStringList& paths) {
  QList<FileError> errors;
  bool opened = false;
  for (const QString& path : paths) {
    if (findByPath(path)) continue;
    // Parentless until it loads, so a failed file is simply dropped.
    auto document = std::make_unique<SpecDocument>(QString());
    if (auto error = document->load(path)) {
      errors << *error;
      continue;
    }
    document->setParent(this);
    add(document.release());
    opened = true;
  }
  if (opened) recent_->add(this->paths());
  // Kept for the Diagnostics pane until the project closes: a file that did not open must not
  // just disappear from the project.
  for (const FileError& e : errors)
    if (!fileErrors_.contains(e)) fileErrors_ << e;
  if (!errors.isEmpty()) emit fileErrorsChanged();
  return errors;
}

SpecDocument* DocumentSet::newUntitled() {
  auto* document = new SpecDocument(QStringLiteral("untitled-%1").arg(++untitledCount_), this);
  add(document);
  return document;
}

void DocumentSet::add(SpecDocument* document) {
  documents_ << document;
  emit documentAdded(document, count() - 1);
}

int DocumentSet::indexOf(const SpecDocument* document) const {
  return static_cast<int>(documents_.indexOf(const_cast<SpecDocument*>(document)));
}

SpecDocument* DocumentSet::findByPath(const QString& path) const {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  for (auto* document : documents_)
    if (document->path() == absolute) return document;
  return nullptr;
}

QStringList DocumentSet::paths() const {
  QStringList result;
  for (const auto* document : documents_)
    if (!document->isUntitled()) result << document->path();
  return result;
}

bool DocumentSet::anyModified() const {
  return std::any_of(documents_.begin(), documents_.end(), [](auto* d) { return d->isModified(); });
}

std::optional<FileError> DocumentSet::save(SpecDocument* document) {
  auto error = document->save();
  if (!error) recent_->add(paths());
  return error;
}

std::optional<FileError> DocumentSet::saveAs(SpecDocument* document, const QString& path) {
  auto error = document->saveAs(path);
  if (!error) recent_->add(paths());
  return error;
}

void DocumentSet::close(SpecDocument* document) {
  if (indexOf(document) < 0) return;
  emit documentAboutToClose(document);
  documents_.removeAll(document);
  // Later, not now: the close may come from a slot connected to this document's own signal.
  document->deleteLater();
}

void DocumentSet::closeAll() {
  while (!documents_.isEmpty()) close(documents_.last());
  if (!fileErrors_.isEmpty()) {
    fileErrors_.clear();
    emit fileErrorsChanged();
  }
}

void DocumentSet::move(int from, int to) {
  if (from == to || from < 0 || to < 0 || from >= count() || to >= count()) return;
  documents_.move(from, to);
  emit documentMoved(from, to);
}

}  // namespace af::ui
