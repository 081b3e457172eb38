#include "docks/inspector_dock.h"

#include <QLabel>
#include <QMessageBox>
#include <QSplitter>

#include "controller/project_controller.h"
#include "editors/spec_document.h"
#include "mapping/loop_nest_view.h"
#include "mapping/mapping_sync.h"
#include "mapping/mapping_tree_model.h"
#include "mapping/mapping_tree_view.h"
#include "mapping_edit/mapping_queries.h"

namespace af::ui {

InspectorDock::InspectorDock(ProjectController* controller, QWidget* parent)
    : QStackedWidget(parent),
      controller_(controller),
      model_(new MappingTreeModel(this)),
      sync_(new MappingSync(model_, this)),
      empty_(new QLabel(tr("No mapping yet.\nOpen a spec with a mapping, or pick an example."), this)) {
  setObjectName("inspector");
  empty_->setObjectName("inspectorEmptyState");
  empty_->setAlignment(Qt::AlignCenter);
  empty_->setWordWrap(true);
  empty_->setEnabled(false);
  auto* views = new QSplitter(Qt::Vertical, this);
  views->setChildrenCollapsible(false);
  tree_ = new MappingTreeView(views);
  tree_->setObjectName("mappingTree");
  tree_->setMappingModel(model_);
  tree_->setTensorPalette(controller->palette());
  tree_->setColumnWidth(0, 260);  // labels first; details take the rest
  loopNest_ = new LoopNestView(views);
  loopNest_->setObjectName("loopNest");
  loopNest_->setModel(model_);
  loopNest_->setTensorPalette(controller->palette());
  loopNest_->setTreeSelectionModel(tree_->selectionModel());
  views->addWidget(tree_);
  views->addWidget(loopNest_);
  addWidget(empty_);
  addWidget(views);

  connect(controller, &ProjectController::specPublished, this, &InspectorDock::showSpec);
  connect(controller, &ProjectController::specLoaded, this, &InspectorDock::showSection);
  connect(controller, &ProjectController::resultsCleared, this, &InspectorDock::clear);

  // Tree edits splice into the document's current text, or rewrite the section when it moved on.
  sync_->setDocumentText([this] {
    const SpecDocument* doc = controller_->mappingDocument();
    return doc ? doc->text() : QString();
  });
  connect(sync_, &MappingSync::yamlChanged, this, [this](const QString& text) {
    if (SpecDocument* doc = controller_->mappingDocument()) doc->setText(text);  // one undoable edit
    controller_->revalidate();
  });
  connect(sync_, &MappingSync::confirmationNeeded, this, [this] {
    const auto answer = QMessageBox::question(
        this, tr("Replace the templated mapping?"),
        tr("The mapping file uses Jinja templating. Writing the edited tree replaces it with plain YAML "
           "(the template is lost; Undo in the editor brings it back)."),
        QMessageBox::Apply | QMessageBox::Cancel);
    if (answer == QMessageBox::Apply)
      sync_->confirmRegenerate();
    else
      sync_->discardPendingEdit();
  });
  connect(model_, &MappingTreeModel::editRejected, this, &InspectorDock::message);
  // The empty state shows while there is no tree.
  connect(model_, &QAbstractItemModel::modelReset, this, &InspectorDock::updateState);
  connect(model_, &QAbstractItemModel::rowsInserted, this, &InspectorDock::updateState);
  connect(model_, &QAbstractItemModel::rowsRemoved, this, &InspectorDock::updateState);
  updateState();
}

void InspectorDock::showSpec(const ProjectResultPtr& result, Freshness freshness) {
  if (freshness == Freshness::Stale) return;  // the last valid context stays
  if (!result) {
    model_->setArchitecture(std::nullopt);
    model_->clearNodeErrors();
    return;
  }
  const spec::Spec& spec = *result->spec();
  const spec::ResolvedArch* arch = result->workspace->displayed_architecture();
  model_->setWorkload(spec.workload.workload);
  model_->setArchitecture(arch ? std::optional(*arch) : std::nullopt);
  model_->clearNodeErrors();
  model_->setResolvedSpec(result->workspace->resolved());  // buffers' reserved tiles
  model_->setTileChoicePolicy(mapping_edit::tile_choice_policy(spec.mapper));
}

void InspectorDock::showSection(const ProjectResultPtr& result) {
  // The tree follows the mapping file's own section, even while another file is broken; with
  // no mapping file left it empties.
  if (const auto& section = result->mappingSection())
    sync_->setSection(QString::fromStdString(result->mappingText()), *section);
  else if (result->mappingPath().isEmpty() && model_->rowCount() > 0)
    sync_->clear();
  updateState();
  // Errors in the mapping file mark their nodes: load errors (a bad `component:`) and the
  // model's rejections alike.
  sync_->markErrors(result->diagnostics, result->mappingPath());
  if (const auto& problem = result->mappingProblem; problem && problem->where && problem->where->line > 0)
    model_->setNodeErrorAtLine(problem->where->line, QString::fromStdString(problem->message));
}

void InspectorDock::clear() {
  sync_->clear();
  model_->setArchitecture(std::nullopt);
  model_->clearNodeErrors();
  updateState();
}

void InspectorDock::updateState() { setCurrentIndex(model_->rowCount() > 0 ? 1 : 0); }

}  // namespace af::ui
