#include "editors/spec_document.h"

#include <QFileInfo>
#include <QTextCursor>
#include <QTextDocument>

#include "editors/text_file.h"

namespace af::ui {

SpecDocument::SpecDocument(const QString& untitledName, QObject* parent)
    : QObject(parent), document_(new QTextDocument(this)), untitledName_(untitledName) {
  connect(document_, &QTextDocument::modificationChanged, this, &SpecDocument::modifiedChanged);
  connect(document_, &QTextDocument::contentsChanged, this, &SpecDocument::clearModifiedIfSaved);
  connect(document_, &QTextDocument::contentsChanged, this, &SpecDocument::textChanged);
}

void SpecDocument::markSaved() {
  savedText_ = text();
  savedCharacterCount_ = document_->characterCount();
  document_->setModified(false);
}

void SpecDocument::clearModifiedIfSaved() {
  // Most keystrokes change the length: only a text as long as the saved one is compared.
  if (!document_->isModified() || document_->characterCount() != savedCharacterCount_) return;
  if (text() == savedText_) document_->setModified(false);
}

std::optional<FileError> SpecDocument::load(const QString& path) {
  auto contents = readTextFile(path);
  if (auto* error = std::get_if<FileError>(&contents)) return *error;
  const auto& [text, crlf] = std::get<TextFileContents>(contents);
  // A fresh load is not an edit the user should be able to undo.
  document_->setUndoRedoEnabled(false);
  document_->setPlainText(text);
  document_->setUndoRedoEnabled(true);
  markSaved();
  crlf_ = crlf;
  path_ = QFileInfo(path).absoluteFilePath();
  emit pathChanged(path_);
  return std::nullopt;
}

std::optional<FileError> SpecDocument::save() {
  if (isUntitled())
    return FileError{displayName(), FileProblem::WriteFailed,
                     tr("%1 has no file name yet").arg(displayName())};
  return saveAs(path_);
}

std::optional<FileError> SpecDocument::saveAs(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  if (auto error = writeTextFile(absolute, text(), crlf_)) return error;
  markSaved();
  if (absolute != path_) {
    path_ = absolute;
    emit pathChanged(path_);
  }
  emit saved(path_);
  return std::nullopt;
}

std::optional<FileError> SpecDocument::reload() {
  if (isUntitled()) return std::nullopt;
  auto contents = readTextFile(path_);
  if (auto* error = std::get_if<FileError>(&contents)) return *error;
  const auto& [text, crlf] = std::get<TextFileContents>(contents);
  if (text != this->text()) replaceText(text);
  crlf_ = crlf;
  markSaved();
  return std::nullopt;
}

QString SpecDocument::displayName() const {
  return isUntitled() ? untitledName_ : QFileInfo(path_).fileName();
}

QString SpecDocument::text() const {
  // toPlainText() would turn no-break spaces into spaces; keep the user's bytes.
  QString raw = document_->toRawText();
  raw.replace(QChar::ParagraphSeparator, QLatin1Char('\n'));
  raw.replace(QChar::LineSeparator, QLatin1Char('\n'));
  return raw;
}

void SpecDocument::setText(const QString& text) {
  if (text != this->text()) replaceText(text);
}

bool SpecDocument::isModified() const { return document_->isModified(); }

void SpecDocument::setModified(bool modified) {
  if (modified)
    document_->setModified(true);
  else
    markSaved();
}

void SpecDocument::replaceText(const QString& text) {
  QTextCursor cursor(document_);
  cursor.beginEditBlock();
  cursor.select(QTextCursor::Document);
  cursor.insertText(text);
  cursor.endEditBlock();
}

}  // namespace af::ui
