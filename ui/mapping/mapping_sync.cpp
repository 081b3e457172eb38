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

void MappingSync::setSection(const QString& text, const MappingSection& section) {
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
  regenerate();
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
  const std::string section = write_mapping_section(model_->mapping());
  // Splice into the file so other sections and leading comments survive.
  const QString yaml = QString::fromStdString(replace_mapping_section(keptText_.toStdString(), section));
  text_ = emitted_ = keptText_ = yaml;
  pendingEdit_ = false;
  lastParseOk_ = true;
  lastGood_ = model_->mapping();
  if (templated_) {
    templated_ = false;
    model_->setStructureLocked(false);
    emit templatedChanged(false);
  }
  emit yamlChanged(yaml);
}

}  // namespace af::ui
