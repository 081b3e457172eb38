#pragma once
// The central tabs: one YamlEditor per document of a DocumentSet, in merge order. Marks modified
// tabs with '*', tells files of the same name apart by folder (the path is the tooltip), asks
// before closing one, accepts dropped files, and routes saves through prompts that tests can
// replace.
#include <QHash>
#include <QPointer>
#include <QTabWidget>
#include <functional>

#include "editors/editor_diagnostic.h"
#include "editors/file_error.h"

class QLabel;

Q_MOC_INCLUDE("editors/diagnostics_model.h")
Q_MOC_INCLUDE("editors/spec_document.h")

namespace af::ui {

class DiagnosticsModel;
class DocumentSet;
class SpecDocument;
class YamlEditor;

enum class CloseChoice { Save, Discard, Cancel };

// The questions the tabs ask the user; defaults use QMessageBox / QFileDialog.
struct EditorPrompts {
  std::function<CloseChoice(const SpecDocument&)> askClose;
  std::function<QString(const SpecDocument&)> askSavePath;  // empty: cancelled
  std::function<void(const FileError&)> showError;
};

class EditorTabs : public QTabWidget {
  Q_OBJECT
 public:
  explicit EditorTabs(DocumentSet* documents, QWidget* parent = nullptr);

  [[nodiscard]] DocumentSet* documents() const { return documents_; }
  [[nodiscard]] SpecDocument* documentAt(int index) const;
  [[nodiscard]] SpecDocument* currentDocument() const { return documentAt(currentIndex()); }
  [[nodiscard]] YamlEditor* editorFor(const SpecDocument* document) const;
  [[nodiscard]] YamlEditor* currentEditor() const;
  void setPrompts(EditorPrompts prompts);
  // Shown in place of the tabs while no document is open (ui/README: Conventions, empty states explain).
  void setEmptyText(const QString& text);

  // Save / save as with the prompts; true when the text reached the disk.
  bool save(SpecDocument* document);
  bool saveAs(SpecDocument* document);
  // Asks about unsaved edits; true when the tab (or every tab) was closed.
  bool requestClose(int index);
  bool requestCloseAll();

 public slots:
  // Shows the file (opening it if needed) with the caret at line:column. False if it cannot open.
  bool jumpTo(const QString& path, int line, int column);
  // Gives every editor the rows of `model` that name its file.
  void applyDiagnostics(const af::ui::DiagnosticsModel* model);

 signals:
  void filesDropped(const QStringList& paths);
  void settled(af::ui::SpecDocument* document);  // its editor paused after edits
  void currentDocumentChanged(af::ui::SpecDocument* document);

 protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dragMoveEvent(QDragMoveEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  void tabInserted(int index) override;
  void tabRemoved(int index) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  void addEditor(SpecDocument* document, int index);
  void removeEditor(YamlEditor* editor);
  // Tab texts: the file name, with folders where two tabs share it, '*' when unsaved.
  void updateTitles();
  [[nodiscard]] bool confirmClose(SpecDocument* document);

  DocumentSet* documents_;
  EditorPrompts prompts_;
  QLabel* empty_;
  QHash<const QWidget*, QPointer<SpecDocument>> documentOf_;
  bool syncingOrder_ = false;  // a move from the set must not echo back into it
};

}  // namespace af::ui
