#include "cim_opening_actions.h"

#include <QAction>
#include <QInputDialog>
#include <QMenu>
#include <QWidget>
#include <algorithm>

#include "controller/project_controller.h"

namespace af::ui {

namespace {
constexpr int kMaxMacros = 1048576;  // as --cim-macros
}

CimOpeningActions::CimOpeningActions(ProjectController* controller, QWidget* window)
    : QObject(window),
      controller_(controller),
      window_(window),
      menu_(new QMenu(tr("Compute-in-&Memory Opening"), window)),
      mainMemory_(new QAction(tr("Free &Main Memory on Top"), this)),
      macros_(new QAction(this)) {
  menu_->setObjectName("cimOpeningMenu");
  menu_->setToolTipsVisible(true);
  mainMemory_->setObjectName("cimMainMemoryAction");
  mainMemory_->setCheckable(true);
  mainMemory_->setToolTip(
      tr("Put a free, unbounded MainMemory holding all but the weights on top of the arch, as "
         "AccelForge's compute-in-memory loader does for its notebooks (--cim-main-memory)"));
  macros_->setObjectName("cimMacrosAction");
  macros_->setToolTip(
      tr("Repeat the arch as this many macros side by side under a 'macro' fanout, as "
         "AccelForge's compute-in-memory loader does (--cim-macros)"));
  menu_->addActions({mainMemory_, macros_});
  connect(mainMemory_, &QAction::triggered, this, &CimOpeningActions::setMainMemory);
  connect(macros_, &QAction::triggered, this, &CimOpeningActions::askMacros);
  connect(controller_, &ProjectController::componentCostsChanged, this, &CimOpeningActions::sync);
  sync();
}

void CimOpeningActions::setMainMemory(bool on) {
  auto cim = controller_->cimOpening();
  if (cim.dummy_main_memory == on) return sync();
  cim.dummy_main_memory = on;
  controller_->setCimOpening(cim);
  controller_->revalidate();
}

void CimOpeningActions::setMacros(int macros) {
  auto cim = controller_->cimOpening();
  macros = std::clamp(macros, 1, kMaxMacros);
  if (cim.macros == macros) return;
  cim.macros = macros;
  controller_->setCimOpening(cim);
  controller_->revalidate();
}

void CimOpeningActions::askMacros() {
  bool ok = false;
  const int n = QInputDialog::getInt(window_, tr("Compute-in-Memory Macros"),
                                     tr("Macros side by side (1: the arch as written):"),
                                     controller_->cimOpening().macros, 1, kMaxMacros, 1, &ok);
  if (ok) setMacros(n);
}

void CimOpeningActions::sync() {
  const auto& cim = controller_->cimOpening();
  mainMemory_->setChecked(cim.dummy_main_memory);
  macros_->setText(tr("Ma&cros: %1…").arg(cim.macros));
}

}  // namespace af::ui
