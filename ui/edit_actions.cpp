#include "edit_actions.h"

#include <QAction>
#include <QApplication>
#include <QPlainTextEdit>
#include <QTextDocument>

#include "editors/document_set.h"
#include "editors/editor_tabs.h"
#include "editors/find_bar.h"
#include "editors/spec_document.h"
#include "editors/yaml_editor.h"

namespace af::ui {

namespace {

bool inside(const QWidget* widget, const QWidget* container) {
  return widget && container && (widget == container || container->isAncestorOf(widget));
}

// The widget's own slot, if it has one (editors, line edits and item views do).
bool hasSlot(const QWidget* widget, const char* signature) {
  return widget && widget->metaObject()->indexOfSlot(signature) >= 0;
}

}  // namespace

EditActions::EditActions(EditorTabs* tabs, FindBar* findBar, QObject* parent)
    : QObject(parent),
      tabs_(tabs),
      findBar_(findBar),
      undo_(new QAction(QIcon::fromTheme("edit-undo"), tr("&Undo"), this)),
      redo_(new QAction(QIcon::fromTheme("edit-redo"), tr("&Redo"), this)),
      selectAll_(new QAction(tr("Select &All"), this)),
      find_(new QAction(QIcon::fromTheme("edit-find"), tr("&Find…"), this)),
      findNext_(new QAction(tr("Find &Next"), this)),
      findPrevious_(new QAction(tr("Find Pre&vious"), this)) {
  undo_->setObjectName("undoAction");
  redo_->setObjectName("redoAction");
  selectAll_->setObjectName("selectAllAction");
  find_->setObjectName("findAction");
  findNext_->setObjectName("findNextAction");
  findPrevious_->setObjectName("findPreviousAction");
  undo_->setShortcut(QKeySequence::Undo);
  redo_->setShortcut(QKeySequence::Redo);
  selectAll_->setShortcut(QKeySequence::SelectAll);
  find_->setShortcut(QKeySequence::Find);
  findNext_->setShortcut(QKeySequence::FindNext);
  findPrevious_->setShortcut(QKeySequence::FindPrevious);
  undo_->setStatusTip(tr("Undo the last edit of the current file (mapping tree edits included)"));
  auto* separator = new QAction(this);
  separator->setSeparator(true);
  auto* separator2 = new QAction(this);
  separator2->setSeparator(true);
  separators_ << separator << separator2;

  // The editor handles its own keys (it overrides these shortcuts while focused); the actions
  // serve the menu, and the keys while the focus is elsewhere.
  connect(undo_, &QAction::triggered, this, [this] {
    if (auto* editor = qobject_cast<QPlainTextEdit*>(focused()); editor && inside(editor, tabs_))
      editor->undo();
    else if (SpecDocument* document = undoTarget())
      document->textDocument()->undo();
    updateEnabled();
  });
  connect(redo_, &QAction::triggered, this, [this] {
    if (auto* editor = qobject_cast<QPlainTextEdit*>(focused()); editor && inside(editor, tabs_))
      editor->redo();
    else if (SpecDocument* document = undoTarget())
      document->textDocument()->redo();
    updateEnabled();
  });
  connect(selectAll_, &QAction::triggered, this, [this] {
    QWidget* target = focused();
    if (!hasSlot(target, "selectAll()")) target = tabs_->currentEditor();
    if (target) QMetaObject::invokeMethod(target, "selectAll");
  });
  connect(find_, &QAction::triggered, this, [this] {
    findBar_->setEditor(tabs_->currentEditor());
    findBar_->activate();
  });
  connect(findNext_, &QAction::triggered, this, [this] {
    findBar_->setEditor(tabs_->currentEditor());
    if (findBar_->isHidden()) findBar_->activate();
    findBar_->findNext();
  });
  connect(findPrevious_, &QAction::triggered, this, [this] {
    findBar_->setEditor(tabs_->currentEditor());
    if (findBar_->isHidden()) findBar_->activate();
    findBar_->findPrevious();
  });

  connect(qApp, &QApplication::focusChanged, this, &EditActions::updateEnabled);
  connect(tabs_, &EditorTabs::currentDocumentChanged, this, [this] {
    findBar_->setEditor(tabs_->currentEditor());
    updateEnabled();
  });
  for (SpecDocument* document : tabs_->documents()->documents()) watch(document);
  connect(tabs_->documents(), &DocumentSet::documentAdded, this, [this](SpecDocument* d) {
    watch(d);
    updateEnabled();
  });
  connect(tabs_->documents(), &DocumentSet::documentAboutToClose, this,
          [this] { QMetaObject::invokeMethod(this, &EditActions::updateEnabled, Qt::QueuedConnection); });
  updateEnabled();
}

void EditActions::setInspector(QWidget* inspector, std::function<SpecDocument*()> mappingDocument) {
  inspector_ = inspector;
  mappingDocument_ = std::move(mappingDocument);
  updateEnabled();
}

QList<QAction*> EditActions::actions() const {
  return {undo_, redo_,     separators_.value(0), selectAll_, separators_.value(1),
          find_, findNext_, findPrevious_};
}

void EditActions::watch(SpecDocument* document) {
  connect(document->textDocument(), &QTextDocument::undoAvailable, this, &EditActions::updateEnabled);
  connect(document->textDocument(), &QTextDocument::redoAvailable, this, &EditActions::updateEnabled);
}

QWidget* EditActions::focused() const { return QApplication::focusWidget(); }

SpecDocument* EditActions::undoTarget() const {
  QWidget* focus = focused();
  if (auto* editor = qobject_cast<YamlEditor*>(focus); editor && inside(editor, tabs_))
    for (SpecDocument* document : tabs_->documents()->documents())
      if (tabs_->editorFor(document) == editor) return document;
  if (inside(focus, inspector_) && mappingDocument_) return mappingDocument_();
  return tabs_->currentDocument();
}

void EditActions::updateEnabled() {
  const SpecDocument* target = undoTarget();
  undo_->setEnabled(target && target->textDocument()->isUndoAvailable());
  redo_->setEnabled(target && target->textDocument()->isRedoAvailable());
  const bool hasEditor = tabs_->currentEditor() != nullptr;
  selectAll_->setEnabled(hasEditor || hasSlot(focused(), "selectAll()"));
  find_->setEnabled(hasEditor);
  findNext_->setEnabled(hasEditor);
  findPrevious_->setEnabled(hasEditor);
}

}  // namespace af::ui
