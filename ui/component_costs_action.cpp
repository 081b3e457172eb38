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

ComponentCostsAction::ComponentCostsAction(ProjectController* controller, QWidget* window)
    : QObject(window),
      controller_(controller),
      window_(window),
      choose_(new QAction(tr("Component &Costs…"), this)),
      detach_(new QAction(tr("Detach Component Costs"), this)),
      read_(this, &pool_,
            {.finished =
                 [this](int, const SectionsPtr& sections) {
                   if (then_) then_(*sections);
                 },
             .failed = [this](int, const QString& error) { emit message(error); },
             .stopped = {},
             .progress = {}}) {
  pool_.setMaxThreadCount(1);
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

void ComponentCostsAction::readSections(const QString& file, std::function<void(const Sections&)> then) {
  then_ = std::move(then);
  read_.start([file](QPromise<SectionsPtr>&, std::stop_token) {
    auto out = std::make_shared<Sections>();
    try {
      for (const auto& s : components::cost_table_sections(file.toStdString()))
        out->names << QString::fromStdString(s);
    } catch (const std::exception& e) {
      out->problem = QString::fromStdString(e.what());
    }
    return SectionsPtr(out);
  });
}

void ComponentCostsAction::attach(const QString& file, const QString& section) {
  readSections(file, [this, file, section](const Sections& sections) {
    emit attached(file, attachRead(file, section, sections));
  });
}

QString ComponentCostsAction::attachRead(const QString& file, const QString& section, const Sections& read) {
  const QStringList& sections = read.names;
  if (!read.problem.isEmpty()) return read.problem;
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
  readSections(file, [this, file](const Sections& read) {
    QString section;
    if (read.problem.isEmpty() && !read.names.isEmpty()) {
      QStringList open;
      for (const SpecDocument* d : controller_->documents()->documents()) open << d->path();
      bool ok = false;
      section = QInputDialog::getItem(
          window_, tr("Component-Cost Table"), tr("The section for this architecture:"), read.names,
          static_cast<int>(read.names.indexOf(guessSection(read.names, open))), false, &ok);
      if (!ok) return;
    }
    if (const QString why = attachRead(file, section, read); !why.isEmpty())
      QMessageBox::warning(window_, tr("Component-Cost Table"), why);
  });
}

void ComponentCostsAction::updateTexts() {
  const QString table = controller_->componentCosts();
  detach_->setEnabled(!table.isEmpty());
  choose_->setToolTip(table.isEmpty() ? choose_->statusTip() : tr("Attached: %1").arg(table));
}

}  // namespace af::ui
