#include "editors/file_actions.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>

#include "editors/document_set.h"
#include "editors/editor_tabs.h"
#include "editors/recent_files.h"
#include "editors/spec_document.h"

namespace af::ui {

FileActions::FileActions(EditorTabs* tabs, QObject* parent)
    : QObject(parent),
      tabs_(tabs),
      addFiles_(new QAction(QIcon::fromTheme("list-add"), tr("&Add Files…"), this)),
      save_(new QAction(QIcon::fromTheme("document-save"), tr("&Save"), this)),
      saveAs_(new QAction(QIcon::fromTheme("document-save-as"), tr("Save &As…"), this)),
      close_(new QAction(tr("&Close"), this)) {
  addFiles_->setObjectName("addFilesAction");
  save_->setObjectName("saveAction");
  saveAs_->setObjectName("saveAsAction");
  close_->setObjectName("closeAction");
  addFiles_->setStatusTip(tr("Add spec files to the open project (they merge after its files)"));
  save_->setShortcut(QKeySequence::Save);
  saveAs_->setShortcut(QKeySequence::SaveAs);
  close_->setShortcut(QKeySequence::Close);
  setAskPaths({});

  connect(addFiles_, &QAction::triggered, this, [this] {
    if (const QStringList paths = askPaths_(); !paths.isEmpty()) openPaths(paths);
  });
  connect(save_, &QAction::triggered, this, [this] { tabs_->save(tabs_->currentDocument()); });
  connect(saveAs_, &QAction::triggered, this, [this] { tabs_->saveAs(tabs_->currentDocument()); });
  connect(close_, &QAction::triggered, this, [this] { tabs_->requestClose(tabs_->currentIndex()); });
  connect(tabs_, &EditorTabs::filesDropped, this, &FileActions::openPaths);
  connect(tabs_, &EditorTabs::currentDocumentChanged, this, &FileActions::updateEnabled);
  separators_ << separator() << separator();
  updateEnabled();
}

void FileActions::setAskPaths(std::function<QStringList()> askPaths) {
  if (!askPaths)
    askPaths = [this] {
      return QFileDialog::getOpenFileNames(tabs_, tr("Add spec files"), {},
                                           tr("YAML specs (*.yaml *.yml *.j2 *.jinja);;All files (*)"));
    };
  askPaths_ = std::move(askPaths);
}

QAction* FileActions::separator() {
  auto* action = new QAction(this);
  action->setSeparator(true);
  return action;
}

QList<QAction*> FileActions::actions() const {
  return {addFiles_, separators_.value(0), save_, saveAs_, separators_.value(1), close_};
}

QList<FileError> FileActions::openPaths(const QStringList& paths) {
  DocumentSet* documents = tabs_->documents();
  const QList<FileError> errors = documents->openFiles(paths);
  QStringList opened;
  for (const QString& path : paths)
    if (SpecDocument* document = documents->findByPath(path)) opened << document->path();
  for (const FileError& error : errors)
    if (!QFileInfo::exists(error.path)) documents->recentFiles()->remove(error.path);  // gone for good
  if (!opened.isEmpty()) {
    tabs_->jumpTo(opened.last(), 1, 1);
    emit this->opened(opened);
  }
  if (!errors.isEmpty()) emit openFailed(errors);
  return errors;
}

void FileActions::updateEnabled() {
  const bool hasDocument = tabs_->currentDocument() != nullptr;
  save_->setEnabled(hasDocument);
  saveAs_->setEnabled(hasDocument);
  close_->setEnabled(hasDocument);
}

}  // namespace af::ui
