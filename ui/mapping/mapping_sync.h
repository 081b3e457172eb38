#pragma once
// Keeps the mapping file's text and the MappingTreeModel in step, without parsing on the GUI
// thread. Text -> tree: the load job reads the `mapping:` section on the worker and
// setSection() shows it; a section that does not read keeps the last good tree. Tree -> text:
// each model edit is spliced into the text where the load job located the node
// (mapping_text.h: one scalar, one list, one node's lines; everything else byte for byte) and
// yamlChanged() emitted; when the document no longer holds the text the spans index, or the
// edit cannot be made in place, the section is rewritten whole instead. When the text comes
// back through a load, the tree is not reset.
// Jinja: templated text is shown rendered and the tree's structure is locked; a field edit
// would drop the template, so it waits for confirmRegenerate() (signal confirmationNeeded()).
// The same confirmation guards edits made while the text does not read (they replace it).
#include <QObject>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>

#include "mapping_edit/mapping_section.h"

namespace af::ui {

class MappingTreeModel;

class MappingSync : public QObject {
  Q_OBJECT
 public:
  explicit MappingSync(MappingTreeModel* model, QObject* parent = nullptr);

  [[nodiscard]] bool templated() const { return templated_; }
  [[nodiscard]] bool hasPendingEdit() const { return pendingEdit_; }
  [[nodiscard]] bool lastParseOk() const { return lastParseOk_; }
  // The text the tree reflects (as read, or as this class wrote it).
  [[nodiscard]] const QString& yamlText() const { return text_; }
  // Where the document's text is read before an edit splices into it (the editor may have
  // changed since the last load). Unset: the last text read or written here.
  void setDocumentText(std::function<QString()> current) { documentText_ = std::move(current); }
  // Whether the last tree edit was spliced in place (false: the section was rewritten).
  [[nodiscard]] bool lastEditSpliced() const { return lastEditSpliced_; }

 public slots:
  // `text` is what the section was read from; `section` what the worker read.
  void setSection(const QString& text, const af::mapping_edit::MappingSection& section);
  // No mapping file any more: an empty tree.
  void clear();
  // Templated text: write the pending tree edit as plain YAML (the Jinja is lost).
  void confirmRegenerate();
  // Templated text: drop the pending edit and show the tree of the text again.
  void discardPendingEdit();
  // Marks the tree's nodes with the errors located in `file` (load errors and model
  // rejections), when the tree shows the text they were found in.
  void markErrors(const std::vector<af::core::Diagnostic>& diagnostics, const QString& file);

 signals:
  void yamlChanged(const QString& text);
  void diagnosticsChanged(const QStringList& messages);  // empty when the text read
  void templatedChanged(bool templated);
  void confirmationNeeded();  // a tree edit on templated text waits for confirmRegenerate()

 private:
  void onModelEdited();
  [[nodiscard]] bool spliceEdit();
  void regenerate();
  void emitText(const QString& yaml);
  void showMapping(const spec::Mapping& mapping);

  MappingTreeModel* model_;
  QString text_;         // the latest text (as read or as we emitted it)
  QString emitted_;      // the last text we wrote: reading it back must not reset the tree
  QString keptText_;     // text outside the section, for regenerating (rendered if templated)
  std::optional<mapping_edit::MappingSpans> spans_;      // where text_'s nodes are written (plain YAML only)
  std::function<QString()> documentText_;  // the document's text now
  std::optional<spec::Mapping> lastGood_;  // what the tree showed before a pending edit
  bool templated_ = false;
  bool pendingEdit_ = false;
  bool lastParseOk_ = true;
  bool applying_ = false;  // setting the model from text: its signals are not user edits
  bool lastEditSpliced_ = false;
};

}  // namespace af::ui
