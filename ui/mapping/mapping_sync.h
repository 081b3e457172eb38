#pragma once
// Keeps the mapping YAML text (held by the lead's editor) and the MappingTreeModel in step.
// Text -> tree: setYamlText() parses the top-level `mapping:` key; invalid text keeps the last
// good tree and reports diagnostics. Tree -> text: each model edit regenerates the section and
// emits yamlChanged(); feeding that text back is recognised and ignored (no loop).
// Jinja: templated text is rendered for display and the tree's structure is locked; a field edit
// would drop the template, so it waits for confirmRegenerate() (signal confirmationNeeded()).
// The same confirmation guards edits made while the text does not parse (they replace it).
#include <QObject>
#include <QStringList>
#include <functional>
#include <string>

#include "spec/mapping.h"

namespace af::ui {

class MappingTreeModel;

class MappingSync : public QObject {
  Q_OBJECT
 public:
  // Renders Jinja text (with the project's variables); throws SpecError on failure.
  using Renderer = std::function<std::string(const std::string& text)>;

  explicit MappingSync(MappingTreeModel* model, QObject* parent = nullptr);

  void setFileName(const QString& name) { fileName_ = name; }  // names diagnostics' locations
  // Default: render with no variables (fine for templates that only use defaults).
  void setRenderer(Renderer renderer) { renderer_ = std::move(renderer); }

  [[nodiscard]] bool templated() const { return templated_; }
  [[nodiscard]] bool hasPendingEdit() const { return pendingEdit_; }
  [[nodiscard]] bool lastParseOk() const { return lastParseOk_; }
  [[nodiscard]] const QString& yamlText() const { return text_; }

 public slots:
  void setYamlText(const QString& text);
  // Templated text: write the pending tree edit as plain YAML (the Jinja is lost).
  void confirmRegenerate();
  // Templated text: drop the pending edit and show the tree of the text again.
  void discardPendingEdit();

 signals:
  void yamlChanged(const QString& text);
  void diagnosticsChanged(const QStringList& messages);  // empty when the text parsed
  void templatedChanged(bool templated);
  void confirmationNeeded();  // a tree edit on templated text waits for confirmRegenerate()

 private:
  // Parses `text` into the model; false (with messages) leaves the model as it was.
  bool apply(const QString& text, QStringList& messages);
  void onModelEdited();
  void regenerate();
  [[nodiscard]] std::string rendered(const QString& text) const;

  MappingTreeModel* model_;
  Renderer renderer_;
  QString fileName_ = QStringLiteral("mapping.yaml");
  QString text_;          // the latest text (as given or as we emitted it)
  QString lastGoodText_;  // the latest text that parsed: what the tree reflects
  bool templated_ = false;
  bool pendingEdit_ = false;
  bool lastParseOk_ = true;
  bool applying_ = false;  // setting the model from text: its signals are not user edits
};

}  // namespace af::ui
