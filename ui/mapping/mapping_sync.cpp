#include "mapping/mapping_sync.h"

#include "io/mapping_writer.h"
#include "mapping/mapping_tree_model.h"
#include "mapping/yaml_section.h"
#include "loader/mapping_reader.h"
#include "core/diagnostic.h"
#include "text/jinja/renderer.h"
#include "text/yaml/yaml_parse.h"

namespace af::ui {
namespace {

// The `mapping:` section of a parsed file; throws SpecError when there is none.
const spec::YamlNode& mappingSection(const spec::YamlNode& root, const std::string& file) {
  const spec::YamlNode* section = root.is_map() ? root.find("mapping") : nullptr;
  if (!section)
    throw spec::SpecError(spec::Diagnostic{{file, 1, 1}, "mapping", "no top-level 'mapping:' key"});
  return *section;
}

}  // namespace

MappingSync::MappingSync(MappingTreeModel* model, QObject* parent) : QObject(parent), model_(model) {
  connect(model_, &MappingTreeModel::mappingChanged, this, &MappingSync::onModelEdited);
}

std::string MappingSync::rendered(const QString& text) const {
  const std::string raw = text.toStdString();
  if (!containsJinja(text)) return raw;
  if (renderer_) return renderer_(raw);
  return spec::render_template(raw, fileName_.toStdString(), spec::Value{}, nullptr);
}

bool MappingSync::apply(const QString& text, QStringList& messages) {
  try {
    const auto root = spec::parse_yaml(rendered(text), fileName_.toStdString());
    auto mapping = spec::read_mapping(mappingSection(root, fileName_.toStdString()));
    applying_ = true;  // the model's signals below are not user edits
    model_->setStructureLocked(containsJinja(text));
    model_->setMapping(std::move(mapping));
    applying_ = false;
    return true;
  } catch (const spec::SpecError& e) {
    for (const auto& d : e.diagnostics()) messages << QString::fromStdString(d.to_string());
  } catch (const std::exception& e) {
    messages << QString::fromUtf8(e.what());
  }
  applying_ = false;
  return false;
}

void MappingSync::setYamlText(const QString& text) {
  if (text == text_ && !pendingEdit_) return;  // our own yamlChanged coming back, or no change
  text_ = text;
  pendingEdit_ = false;
  if (const bool templated = containsJinja(text); templated != templated_) {
    templated_ = templated;
    emit templatedChanged(templated_);
  }
  QStringList messages;
  lastParseOk_ = apply(text, messages);  // on failure the model keeps the last good tree
  if (lastParseOk_) lastGoodText_ = text;
  emit diagnosticsChanged(messages);
}

void MappingSync::onModelEdited() {
  if (applying_) return;
  // Regenerating would drop the Jinja, or overwrite text that does not parse: ask first.
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
  QStringList ignored;
  apply(lastGoodText_, ignored);  // back to the tree of the last text that parsed
}

void MappingSync::regenerate() {
  const QString section = QString::fromStdString(io::write_mapping_yaml(model_->mapping()));
  QString yaml = section;
  try {  // splice into the (rendered) file so other sections and leading comments survive
    const std::string source = rendered(lastParseOk_ ? text_ : lastGoodText_);
    yaml = replaceTopLevelSection(QString::fromStdString(source),
                                  spec::parse_yaml(source, fileName_.toStdString()), "mapping", section);
  } catch (const std::exception&) {
    // The text did not parse (the tree is the last good one): the section alone is all we have.
  }
  text_ = lastGoodText_ = yaml;
  pendingEdit_ = false;
  lastParseOk_ = true;
  if (templated_) {
    templated_ = false;
    model_->setStructureLocked(false);
    emit templatedChanged(false);
  }
  try {  // node lines now refer to the new text, so error marking by line keeps working
    model_->updateLocations(spec::read_mapping(
        mappingSection(spec::parse_yaml(yaml.toStdString(), fileName_.toStdString()), fileName_.toStdString())));
  } catch (const std::exception&) {
  }
  emit yamlChanged(yaml);
}

}  // namespace af::ui
