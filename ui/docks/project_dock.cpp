#include "docks/project_dock.h"

#include <QFileInfo>
#include <QListWidget>
#include <algorithm>

#include "controller/project_controller.h"
#include "editors/document_set.h"
#include "editors/path_labels.h"
#include "editors/spec_document.h"
#include "views/variables_model.h"
#include "views/variables_pane.h"

namespace af::ui {

ProjectDock::ProjectDock(ProjectController* controller, QWidget* parent)
    : QSplitter(Qt::Vertical, parent),
      controller_(controller),
      files_(new QListWidget(this)),
      variables_(new VariablesPane(this)) {
  setChildrenCollapsible(false);
  files_->setObjectName("projectFiles");
  files_->setToolTip(tr("Files of the spec, merged in this order (drag the editor tabs to reorder)"));
  files_->setMinimumHeight(40);
  // Long names shorten in the middle (the tooltip has the path): no scroll bar eating a row.
  files_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  files_->setTextElideMode(Qt::ElideMiddle);
  variables_->setObjectName("variablesPane");
  addWidget(files_);
  addWidget(variables_);
  // A spec is a handful of files: the list stays small, the variables take what is left.
  setStretchFactor(0, 0);
  setStretchFactor(1, 1);
  setSizes({64, 400});

  // The controller re-validates after every change of the file set; the list follows once the
  // change is done (a closing file is still in the set when it is announced).
  connect(controller, &ProjectController::projectChanged, this, &ProjectDock::showFiles,
          Qt::QueuedConnection);
  connect(controller->documents(), &DocumentSet::documentAdded, this,
          [this](SpecDocument* d) { connect(d, &SpecDocument::pathChanged, this, &ProjectDock::showFiles); });
  connect(controller, &ProjectController::variablesChanged, this, &ProjectDock::showVariables);
  connect(controller, &ProjectController::componentCostsChanged, this, &ProjectDock::showFiles);
  connect(variables_->model(), &VariablesModel::variablesEdited, this,
          [this](const QMap<QString, QString>& values) {
            if (showingVariables_) return;  // the controller's values shown, not a user edit
            for (const auto& v : variables_->model()->variables())
              controller_->setVariableValue(v.name, values.value(v.name));
            controller_->revalidate();
          });
  showVariables();
}

void ProjectDock::showFiles() {
  files_->clear();
  const QList<SpecDocument*>& open = controller_->documents()->documents();
  QStringList paths;
  for (const SpecDocument* d : open) paths << (d->isUntitled() ? d->displayName() : d->path());
  const QStringList labels = distinctFileLabels(paths);
  for (qsizetype i = 0; i < open.size(); ++i) {
    auto* item = new QListWidgetItem(labels.value(i), files_);
    item->setToolTip(open[i]->isUntitled() ? tr("%1 (not saved yet)").arg(open[i]->displayName()) : paths[i]);
  }
  // The attached cost table is part of the project too: shown under its files, so that a
  // reader sees where the components' energies and areas come from.
  if (const QString& costs = controller_->componentCosts(); !costs.isEmpty()) {
    const QString file = costs.section('#', 0, 0);
    const QString section = costs.contains('#') ? costs.section('#', 1) : QString();
    auto* item =
        new QListWidgetItem(section.isEmpty() ? tr("costs: %1").arg(QFileInfo(file).fileName())
                                              : tr("costs: %1 # %2").arg(QFileInfo(file).fileName(), section),
                            files_);
    item->setData(Qt::UserRole, QStringLiteral("componentCosts"));
    QFont italic = item->font();
    italic.setItalic(true);
    item->setFont(italic);
    item->setToolTip(tr("Component-cost table: %1\n(File › Component Costs… to change it, "
                        "File › Detach Component Costs to remove it)")
                         .arg(costs));
  }
  // The list grows to show its rows (a handful), up to a third of the pane; a list the user
  // made taller stays so. The variables keep the rest.
  const int rows = std::max(3, files_->count());
  const int wanted =
      rows * std::max(files_->sizeHintForRow(0), fontMetrics().height() + 2) + 2 * files_->frameWidth() + 4;
  const int total = sizes().value(0) + sizes().value(1);
  if (const int list = std::min(wanted, total / 3); total > 0 && sizes().value(0) < list)
    setSizes({list, total - list});
}

void ProjectDock::showVariables() {
  // Exactly what the files render with: values of another project, or typed before it was
  // replaced, do not linger on screen unused.
  showingVariables_ = true;
  VariablesModel* model = variables_->model();
  model->setTemplateVariables(controller_->templateVariables());
  model->clearValues();
  for (const QString& a : controller_->assignments())
    if (const auto eq = a.indexOf('='); eq > 0) model->setValue(a.left(eq), a.mid(eq + 1));
  showingVariables_ = false;
}

}  // namespace af::ui
