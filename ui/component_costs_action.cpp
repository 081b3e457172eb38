#include "component_costs_action.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMessageBox>
#include <QWidget>

#include "components/cost_table_sections.h"
#include "controller/project_controller.h"
#include "editors/document_set.h"
#include "editors/spec_document.h"

namespace af::ui {

namespace {

// The sections, or the reason the file cannot be a table.
std::pair<QStringList, QString> sectionsOf(const QString& file) {
  try {
    QStringList out;
    for (const auto& s : components::cost_table_sections(file.toStdString()))
      out << QString::fromStdString(s);
    return {out, {}};
  } catch (const std::exception& e) {
    return {{}, QString::fromStdString(e.what())};
  }
}

}  // namespace

ComponentCostsAction::ComponentCostsAction(ProjectController* controller, QWidget* window)
    : QObject(window),
      controller_(controller),
      window_(window),
      choose_(new QAction(tr("Component &Costs…"), this)),
      detach_(new QAction(tr("Detach Component Costs"), this)) {
  choose_->setObjectName("componentCostsAction");
  detach_->setObjectName("detachComponentCostsAction");
  choose_->setStatusTip(
      tr("Give the area, leak power and action costs of components from a table "
         "(as accelforge --component-costs FILE#SECTION)"));
  connect(choose_, &QAction::triggered, this, &ComponentCostsAction::choose);
  connect(detach_, &QAction::triggered, this, &ComponentCostsAction::detach);
  updateTexts();
}

QString ComponentCostsAction::guessSection(const QStringList& sections, const QStringList& openFiles) {
  for (const QString& f : openFiles) {
    const QString stem = QFileInfo(f).completeBaseName();
    if (sections.contains(stem)) return stem;
  }
  return sections.value(0);
}

QString ComponentCostsAction::attach(const QString& file, const QString& section) {
  const auto [sections, problem] = sectionsOf(file);
  if (!problem.isEmpty()) return problem;
  if (section.isEmpty() && !sections.isEmpty())
    return tr("%1 has several sections (%2): choose one")
        .arg(QFileInfo(file).fileName(), sections.join(", "));
  if (!section.isEmpty() && !sections.contains(section))
    return tr("%1 has no section '%2' (it has %3)")
        .arg(QFileInfo(file).fileName(), section, sections.isEmpty() ? tr("none") : sections.join(", "));
  const QString table = section.isEmpty() ? file : file + QLatin1Char('#') + section;
  controller_->setComponentCosts(table);
  controller_->revalidate();
  updateTexts();
  emit message(tr("Component costs from %1").arg(QFileInfo(table).fileName()));
  return {};
}

void ComponentCostsAction::detach() {
  controller_->setComponentCosts({});
  controller_->revalidate();
  updateTexts();
  emit message(tr("Component costs detached"));
}

void ComponentCostsAction::choose() {
  const QString file = QFileDialog::getOpenFileName(window_, tr("Component-Cost Table"), {},
                                                    tr("Cost tables (*.json *.yaml *.yml);;All files (*)"));
  if (file.isEmpty()) return;
  const auto [sections, problem] = sectionsOf(file);
  QString section;
  if (problem.isEmpty() && !sections.isEmpty()) {
    QStringList open;
    for (const SpecDocument* d : controller_->documents()->documents()) open << d->path();
    bool ok = false;
    section = QInputDialog::getItem(
        window_, tr("Component-Cost Table"), tr("The section for this architecture:"), sections,
        static_cast<int>(sections.indexOf(guessSection(sections, open))), false, &ok);
    if (!ok) return;
  }
  if (const QString why = problem.isEmpty() ? attach(file, section) : problem; !why.isEmpty())
    QMessageBox::warning(window_, tr("Component-Cost Table"), why);
}

void ComponentCostsAction::updateTexts() {
  const QString table = controller_->componentCosts();
  detach_->setEnabled(!table.isEmpty());
  choose_->setToolTip(table.isEmpty() ? choose_->statusTip() : tr("Attached: %1").arg(table));
}

}  // namespace af::ui
