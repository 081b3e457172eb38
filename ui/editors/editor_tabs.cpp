#include "editors/editor_tabs.h"

#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QTabBar>

#include "editors/diagnostics_model.h"
#include "editors/document_set.h"
#include "editors/dropped_files.h"
#include "editors/path_labels.h"
#include "editors/spec_document.h"
#include "editors/yaml_editor.h"

namespace af::ui {

EditorTabs::EditorTabs(DocumentSet* documents, QWidget* parent)
    : QTabWidget(parent), documents_(documents), empty_(new QLabel(this)) {
  empty_->setObjectName("editorEmptyState");
  empty_->setAlignment(Qt::AlignCenter);
  empty_->setWordWrap(true);
  empty_->setEnabled(false);  // greyed, like the other empty states
  setEmptyText(tr("Open an architecture and a workload (File > Open),\nor drop spec files here."));
  setObjectName("editorTabs");
  setDocumentMode(true);
  setTabsClosable(true);
  setMovable(true);
  setAcceptDrops(true);
  setPrompts({});

  for (int i = 0; i < documents_->count(); ++i) addEditor(documents_->at(i), i);
  connect(documents_, &DocumentSet::documentAdded, this, [this](SpecDocument* d, int index) {
    addEditor(d, index);
    setCurrentIndex(index);
  });
  connect(documents_, &DocumentSet::documentAboutToClose, this, [this](SpecDocument* d) {
    removeEditor(editorFor(d));
    updateTitles();  // a name may have become unique
  });
  connect(documents_, &DocumentSet::documentMoved, this, [this](int from, int to) {
    if (syncingOrder_) return;
    syncingOrder_ = true;
    tabBar()->moveTab(from, to);
    syncingOrder_ = false;
  });
  connect(tabBar(), &QTabBar::tabMoved, this, [this](int from, int to) {
    if (syncingOrder_) return;
    syncingOrder_ = true;
    documents_->move(from, to);  // the tab order is the merge order
    syncingOrder_ = false;
  });
  connect(this, &QTabWidget::tabCloseRequested, this, &EditorTabs::requestClose);
  connect(this, &QTabWidget::currentChanged, this,
          [this] { emit currentDocumentChanged(currentDocument()); });
}

void EditorTabs::setEmptyText(const QString& text) { empty_->setText(text); }

void EditorTabs::tabInserted(int index) {
  QTabWidget::tabInserted(index);
  empty_->hide();
}

void EditorTabs::tabRemoved(int index) {
  QTabWidget::tabRemoved(index);
  empty_->setVisible(count() == 0);
}

void EditorTabs::resizeEvent(QResizeEvent* event) {
  QTabWidget::resizeEvent(event);
  empty_->setGeometry(rect());
}

void EditorTabs::setPrompts(EditorPrompts prompts) {
  if (!prompts.askClose)
    prompts.askClose = [this](const SpecDocument& d) {
      const auto button = QMessageBox::question(
          this, tr("Unsaved changes"), tr("%1 has unsaved changes. Save them?").arg(d.displayName()),
          QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
      return button == QMessageBox::Save      ? CloseChoice::Save
             : button == QMessageBox::Discard ? CloseChoice::Discard
                                              : CloseChoice::Cancel;
    };
  if (!prompts.askSavePath)
    prompts.askSavePath = [this](const SpecDocument& d) {
      const QString start = d.isUntitled() ? d.displayName() + ".yaml" : d.path();
      return QFileDialog::getSaveFileName(this, tr("Save %1 as").arg(d.displayName()), start,
                                          tr("YAML specs (*.yaml *.yml);;All files (*)"));
    };
  if (!prompts.showError)
    prompts.showError = [this](const FileError& e) {
      QMessageBox::warning(this, tr("File error"), e.message);
    };
  prompts_ = std::move(prompts);
}

void EditorTabs::addEditor(SpecDocument* document, int index) {
  auto* editor = new YamlEditor(this);
  editor->setObjectName("editor:" + document->displayName());
  documentOf_.insert(editor, document);
  editor->showDocument(document->textDocument());
  insertTab(index, editor, QString());
  updateTitles();
  connect(document, &SpecDocument::modifiedChanged, this, &EditorTabs::updateTitles);
  connect(document, &SpecDocument::pathChanged, this, &EditorTabs::updateTitles);
  // The editor must go before the text it shows; destroyed() comes before the children die.
  connect(document, &QObject::destroyed, editor, [this, editor] { removeEditor(editor); });
  connect(editor, &YamlEditor::settled, this, [this, document] { emit settled(document); });
  connect(editor, &YamlEditor::filesDropped, this, &EditorTabs::filesDropped);
}

void EditorTabs::removeEditor(YamlEditor* editor) {
  documentOf_.remove(editor);
  delete editor;  // its tab goes with it
}

SpecDocument* EditorTabs::documentAt(int index) const {
  return documentOf_.value(widget(index));  // QPointer: null once the document is gone
}

YamlEditor* EditorTabs::editorFor(const SpecDocument* document) const {
  for (int i = 0; i < count(); ++i)
    if (documentAt(i) == document) return qobject_cast<YamlEditor*>(widget(i));
  return nullptr;
}

YamlEditor* EditorTabs::currentEditor() const { return qobject_cast<YamlEditor*>(currentWidget()); }

void EditorTabs::updateTitles() {
  QStringList paths;
  for (int i = 0; i < count(); ++i)
    if (const SpecDocument* document = documentAt(i))
      paths << (document->isUntitled() ? document->displayName() : document->path());
  const QStringList labels = distinctFileLabels(paths);
  for (int i = 0, shown = 0; i < count(); ++i) {
    const SpecDocument* document = documentAt(i);
    if (!document) continue;
    // '&' would become a mnemonic underline in the tab.
    QString label = labels.value(shown++);
    label.replace(QLatin1Char('&'), QStringLiteral("&&"));
    setTabText(i, label + (document->isModified() ? QStringLiteral("*") : QString()));
    setTabToolTip(
        i, document->isUntitled() ? tr("%1 (not saved yet)").arg(document->displayName()) : document->path());
  }
}

bool EditorTabs::save(SpecDocument* document) {
  if (!document) return false;
  if (document->isUntitled()) return saveAs(document);
  if (const auto error = documents_->save(document)) {
    prompts_.showError(*error);
    return false;
  }
  return true;
}

bool EditorTabs::saveAs(SpecDocument* document) {
  if (!document) return false;
  const QString path = prompts_.askSavePath(*document);
  if (path.isEmpty()) return false;
  if (const auto error = documents_->saveAs(document, path)) {
    prompts_.showError(*error);
    return false;
  }
  return true;
}

bool EditorTabs::confirmClose(SpecDocument* document) {
  if (!document->isModified()) return true;
  switch (prompts_.askClose(*document)) {
    case CloseChoice::Save:
      return save(document);
    case CloseChoice::Discard:
      return true;
    case CloseChoice::Cancel:
      return false;
  }
  return false;
}

bool EditorTabs::requestClose(int index) {
  SpecDocument* document = documentAt(index);
  if (!document || !confirmClose(document)) return false;
  documents_->close(document);
  return true;
}

bool EditorTabs::requestCloseAll() {
  // Ask about every file first, so Cancel on the third leaves all of them open.
  for (SpecDocument* document : documents_->documents()) {
    setCurrentWidget(editorFor(document));
    if (!confirmClose(document)) return false;
  }
  documents_->closeAll();
  return true;
}

bool EditorTabs::jumpTo(const QString& path, int line, int column) {
  SpecDocument* document = documents_->findByPath(path);
  if (!document && documents_->openFiles({path}).isEmpty()) document = documents_->findByPath(path);
  YamlEditor* editor = editorFor(document);
  if (!editor) return false;
  setCurrentWidget(editor);
  editor->goToLine(line, std::max(column, 1));
  return true;
}

void EditorTabs::applyDiagnostics(const DiagnosticsModel* model) {
  for (SpecDocument* document : documents_->documents())
    if (YamlEditor* editor = editorFor(document))
      editor->setDiagnostics(document->isUntitled() || !model ? QList<EditorDiagnostic>{}
                                                              : model->forFile(document->path()));
}

void EditorTabs::dragEnterEvent(QDragEnterEvent* event) {
  if (!droppedLocalFiles(event->mimeData()).isEmpty())
    event->acceptProposedAction();
  else
    QTabWidget::dragEnterEvent(event);
}

void EditorTabs::dragMoveEvent(QDragMoveEvent* event) {
  if (!droppedLocalFiles(event->mimeData()).isEmpty())
    event->acceptProposedAction();
  else
    QTabWidget::dragMoveEvent(event);
}

void EditorTabs::dropEvent(QDropEvent* event) {
  const QStringList files = droppedLocalFiles(event->mimeData());
  if (files.isEmpty()) return QTabWidget::dropEvent(event);
  event->acceptProposedAction();
  emit filesDropped(files);
}

}  // namespace af::ui
