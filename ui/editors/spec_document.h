#pragma once
// One file of a spec: its path, its text (a QTextDocument the editor shows) and whether it has
// unsaved edits. No widgets: the editor attaches to textDocument().
#include <QObject>
#include <QString>
#include <optional>

#include "editors/file_error.h"

class QTextDocument;

namespace af::ui {

class SpecDocument : public QObject {
  Q_OBJECT
 public:
  // An untitled document; `untitledName` (e.g. "untitled-1") is shown until it is saved.
  explicit SpecDocument(const QString& untitledName, QObject* parent = nullptr);

  // Reads `path`; on error the document stays as it was.
  [[nodiscard]] std::optional<FileError> load(const QString& path);
  // Writes to path(); fails for an untitled document.
  [[nodiscard]] std::optional<FileError> save();
  // Writes to `path` and makes it this document's path.
  [[nodiscard]] std::optional<FileError> saveAs(const QString& path);
  // Re-reads path() from disk as one undoable edit; the document is then unmodified.
  [[nodiscard]] std::optional<FileError> reload();

  [[nodiscard]] QString path() const { return path_; }  // absolute; empty while untitled
  [[nodiscard]] bool isUntitled() const { return path_.isEmpty(); }
  [[nodiscard]] QString displayName() const;  // file name, or the untitled name
  [[nodiscard]] QString text() const;
  // Replaces the whole text as one undoable edit (used by graphical editors that rewrite YAML).
  void setText(const QString& text);
  // Modified while the text differs from the saved text: typing then deleting a space clears
  // it again, as undoing back to the save does.
  [[nodiscard]] bool isModified() const;
  // false: the current text becomes the saved text.
  void setModified(bool modified);
  [[nodiscard]] QTextDocument* textDocument() const { return document_; }

 signals:
  void modifiedChanged(bool modified);
  void pathChanged(const QString& path);
  void textChanged();
  void saved(const QString& path);

 private:
  void replaceText(const QString& text);
  void markSaved();
  void clearModifiedIfSaved();

  QTextDocument* document_;
  QString savedText_;            // what the file holds (as of load, save or reload)
  int savedCharacterCount_ = 1;  // its QTextDocument::characterCount(): a cheap first test
  QString path_;
  QString untitledName_;
  bool crlf_ = false;
};

}  // namespace af::ui
