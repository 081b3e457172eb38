#pragma once
// The Edit menu: Undo and Redo, Select All, Find. Undo goes to the document the user is
// working on: the focused editor's, or the mapping file's while the focus is in the Inspector,
// since an edit of the mapping tree is an edit of that file's text (one step on its undo
// stack). Select All goes to the focused widget (editor, field or table).
#include <QList>
#include <QObject>
#include <QPointer>
#include <functional>

class QAction;
class QWidget;

namespace af::ui {

class EditorTabs;
class FindBar;
class SpecDocument;

class EditActions : public QObject {
  Q_OBJECT
 public:
  EditActions(EditorTabs* tabs, FindBar* findBar, QObject* parent = nullptr);

  // While the focus is inside `inspector`, Undo and Redo act on `mappingDocument()`.
  void setInspector(QWidget* inspector, std::function<SpecDocument*()> mappingDocument);

  [[nodiscard]] QAction* undoAction() const { return undo_; }
  [[nodiscard]] QAction* redoAction() const { return redo_; }
  [[nodiscard]] QAction* selectAllAction() const { return selectAll_; }
  [[nodiscard]] QAction* findAction() const { return find_; }
  [[nodiscard]] QAction* findNextAction() const { return findNext_; }
  [[nodiscard]] QAction* findPreviousAction() const { return findPrevious_; }
  // In menu order, with separators.
  [[nodiscard]] QList<QAction*> actions() const;

  // The document Undo and Redo act on now, or null.
  [[nodiscard]] SpecDocument* undoTarget() const;

 public slots:
  void updateEnabled();

 private:
  void watch(SpecDocument* document);
  [[nodiscard]] QWidget* focused() const;

  EditorTabs* tabs_;
  FindBar* findBar_;
  QPointer<QWidget> inspector_;
  std::function<SpecDocument*()> mappingDocument_;
  QAction* undo_;
  QAction* redo_;
  QAction* selectAll_;
  QAction* find_;
  QAction* findNext_;
  QAction* findPrevious_;
  QList<QAction*> separators_;
};

}  // namespace af::ui
