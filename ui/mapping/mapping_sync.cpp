#include "mapping/mapping_sync.h"

#include "mapping/mapping_tree_model.h"

namespace af::ui {

MappingSync::MappingSync(MappingTreeModel* model, QObject* parent) : QObject(parent), model_(model) {
  connect(model_, &MappingTreeModel::mappingChanged, this, &MappingSync::onModelEdited);
}

void MappingSync::showMapping(const spec::Mapping& mapping) {
  applying_ = true;  // the model's signals below are not user edits
  model_->setStructureLocked(templated_);
  model_->setMapping(mapping);
  applying_ = false;
  lastGood_ = mapping;
}

void MappingSync::setSection(const QString& text, const mapping_edit::MappingSection& section) {
  if (pendingEdit_) return;  // the user is being asked about an edit; the answer decides
  const bool ours = !emitted_.isEmpty() && text == emitted_;
  text_ = text;
  if (section.templated != templated_) {
    templated_ = section.templated;
    emit templatedChanged(templated_);
  }
  keptText_ = templated_ ? QString::fromStdString(section.rendered) : text;
  QStringList messages;
  for (const auto& d : section.diagnostics) messages << QString::fromStdString(d.to_string());
  lastParseOk_ = section.mapping.has_value();
  spans_ = section.spans;  // indexes exactly `text` (the worker located the nodes in it)
  if (section.mapping) {
    if (ours)
      model_->updateLocations(*section.mapping);  // same tree; error lines now match the text
    else
      showMapping(*section.mapping);
    lastGood_ = *section.mapping;
  }
  emit diagnosticsChanged(messages);
}

void MappingSync::clear() {
  text_.clear();
  emitted_.clear();
  keptText_.clear();
  spans_.reset();
  lastGood_.reset();
  pendingEdit_ = false;
  lastParseOk_ = true;
  if (templated_) {
    templated_ = false;
    emit templatedChanged(false);
  }
  showMapping(spec::Mapping{});
  lastGood_.reset();
}

void MappingSync::onModelEdited() {
  if (applying_) return;
  // Regenerating would drop the Jinja, or overwrite text that does not read: ask first.
  if (templated_ || !lastParseOk_) {
    pendingEdit_ = true;
    emit confirmationNeeded();
    return;
  }
  lastEditSpliced_ = spliceEdit();
  if (!lastEditSpliced_) regenerate();
}

bool MappingSync::spliceEdit() {
  if (!spans_) return false;
  // Only into the very text the spans index: anything typed since must not be overwritten.
  const QString current = documentText_ ? documentText_() : text_;
  if (current.toStdString() != spans_->text) return false;
  mapping_edit::MappingSpans spliced = *spans_;
  if (!mapping_edit::splice(spliced, model_->lastEdits())) return false;
  const QString yaml = QString::fromStdString(spliced.text);
  spans_ = std::move(spliced);
  emitText(yaml);
  return true;
}

void MappingSync::markErrors(const std::vector<core::Diagnostic>& diagnostics, const QString& file) {
  if (pendingEdit_ || !lastParseOk_) return;  // the tree is not the text's: lines would mislead
  model_->clearNodeErrors();
  model_->markDiagnostics(diagnostics, file.toStdString());
}

void MappingSync::confirmRegenerate() {
  if (pendingEdit_) regenerate();
}

void MappingSync::discardPendingEdit() {
  if (!pendingEdit_) return;
  pendingEdit_ = false;
  if (lastGood_) showMapping(*lastGood_);  // back to the tree of the last text that read
}

void MappingSync::regenerate() {
  const std::string section = mapping_edit::write_mapping_section(model_->mapping());
  // Into the document's current text (plain YAML) so other sections and comments survive.
  const QString base = !templated_ && documentText_ ? documentText_() : keptText_;
  const QString yaml = QString::fromStdString(mapping_edit::replace_mapping_section(base.toStdString(), section));
  spans_.reset();  // located again when the text comes back through a load
  if (templated_) {
    templated_ = false;
    model_->setStructureLocked(false);
    emit templatedChanged(false);
  }
  emitText(yaml);
}

void MappingSync::emitText(const QString& yaml) {
  text_ = emitted_ = keptText_ = yaml;
  pendingEdit_ = false;
  lastParseOk_ = true;
  lastGood_ = model_->mapping();
  emit yamlChanged(yaml);
}

}  // namespace af::ui
