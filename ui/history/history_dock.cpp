#include "history/history_dock.h"

#include <QCheckBox>
#include <QDialog>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include "history/compare_runs_view.h"
#include "history/history_model.h"
#include "history/history_session.h"

namespace af::ui {

HistoryDock::HistoryDock(HistorySession* session, const TensorPalette* palette, QWidget* parent)
    : QWidget(parent), session_(session), palette_(palette) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  banner_ = new QLabel(this);
  banner_->setObjectName("historyBanner");
  banner_->setWordWrap(true);
  banner_->setStyleSheet(QStringLiteral("color: #D55E00"));
  banner_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  banner_->hide();
  layout->addWidget(banner_);
  projectOnly_ = new QCheckBox(tr("This project's runs only"), this);
  projectOnly_->setObjectName("historyProjectOnly");
  projectOnly_->setToolTip(
      tr("Runs made while this project file was open (File › Save Project As names one)"));
  layout->addWidget(projectOnly_);
  table_ = new QTableView(this);
  table_->setObjectName("historyTable");
  table_->setModel(session_->model());
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
  table_->setEditTriggers(QAbstractItemView::EditKeyPressed | QAbstractItemView::SelectedClicked);
  table_->verticalHeader()->hide();
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->setWordWrap(false);
  table_->setToolTip(tr("Double-click a run to reopen it; F2 or a click on its name renames it"));
  layout->addWidget(table_, 1);
  auto* buttons = new QHBoxLayout;
  const auto button = [&](const QString& text, const char* name, const QString& tip) {
    auto* b = new QPushButton(text, this);
    b->setObjectName(name);
    b->setToolTip(tip);
    buttons->addWidget(b);
    return b;
  };
  reopen_ =
      button(tr("Reopen"), "historyReopen", tr("Show the run's front, funnel and mapping (or sweep) again"));
  rerun_ = button(tr("Run again"), "historyRerun",
                  tr("Reopen the run and map (or sweep) again with its settings"));
  compareButton_ = button(tr("Compare"), "historyCompare", tr("Compare two selected runs"));
  delete_ = button(tr("Delete"), "historyDelete", tr("Delete the selected runs from the history"));
  export_ = button(tr("JSON…"), "historyExport", tr("Export the run as JSON (accelforge history export)"));
  layout->addLayout(buttons);

  connect(projectOnly_, &QCheckBox::toggled, session_, &HistorySession::setProjectOnly);
  connect(table_, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
    if (index.column() != HistoryModel::Name) session_->reopen(session_->model()->idAt(index.row()));
  });
  connect(reopen_, &QPushButton::clicked, this, [this] {
    if (const auto ids = selectedIds(); ids.size() == 1) session_->reopen(ids.front());
  });
  connect(rerun_, &QPushButton::clicked, this, [this] {
    if (const auto ids = selectedIds(); ids.size() == 1) session_->reopen(ids.front(), true);
  });
  connect(compareButton_, &QPushButton::clicked, this, [this] {
    // The older run is A, the reference.
    if (const auto ids = selectedIds(); ids.size() == 2)
      session_->compare(std::min(ids[0], ids[1]), std::max(ids[0], ids[1]));
  });
  connect(delete_, &QPushButton::clicked, this, [this] {
    const auto ids = selectedIds();
    if (ids.isEmpty()) return;
    if (isVisible() && QMessageBox::question(this, tr("Delete runs"),
                                             tr("Delete %n run(s) from the history? This cannot be undone.",
                                                "", static_cast<int>(ids.size()))) != QMessageBox::Yes)
      return;
    for (const auto id : ids) session_->remove(id);
  });
  connect(export_, &QPushButton::clicked, this, [this] {
    const auto ids = selectedIds();
    if (ids.size() != 1) return;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export the run"), QStringLiteral("run-%1.json").arg(ids.front()), tr("JSON (*.json)"));
    if (!path.isEmpty()) session_->exportRun(ids.front(), path);
  });
  connect(session_, &HistorySession::storeProblem, this, [this](const QString& text) {
    banner_->setText(text);
    banner_->show();
  });
  connect(session_, &HistorySession::listed, this, &HistoryDock::updateButtons);
  connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this,
          &HistoryDock::updateButtons);
  connect(session_, &HistorySession::compared, this, [this](const StoredRunPtr& a, const StoredRunPtr& b) {
    if (!compare_) {
      auto* dialog = new QDialog(this);
      dialog->setObjectName("compareRunsDialog");
      dialog->setWindowTitle(tr("Compare runs"));
      dialog->resize(1100, 650);
      auto* l = new QVBoxLayout(dialog);
      compare_ = new CompareRunsView(dialog);
      compare_->setTensorPalette(palette_);
      l->addWidget(compare_);
    }
    compare_->setRuns(a, b);
    auto* dialog = qobject_cast<QDialog*>(compare_->parentWidget());
    dialog->setWindowTitle(tr("Compare runs: A %1, B %2").arg(a->title(), b->title()));
    dialog->show();
    dialog->raise();
  });
  updateButtons();
}

QString HistoryDock::banner() const { return banner_->isHidden() ? QString() : banner_->text(); }

QList<std::int64_t> HistoryDock::selectedIds() const {
  QList<std::int64_t> ids;
  for (const auto& index : table_->selectionModel()->selectedRows())
    ids << session_->model()->idAt(index.row());
  return ids;
}

void HistoryDock::selectIds(const QList<std::int64_t>& ids) {
  table_->clearSelection();
  for (const auto id : ids)
    if (const int row = session_->model()->rowOf(id); row >= 0)
      table_->selectionModel()->select(session_->model()->index(row, 0),
                                       QItemSelectionModel::Select | QItemSelectionModel::Rows);
  updateButtons();
}

void HistoryDock::updateButtons() {
  const auto n = table_->selectionModel() ? table_->selectionModel()->selectedRows().size() : 0;
  reopen_->setEnabled(n == 1);
  rerun_->setEnabled(n == 1);
  compareButton_->setEnabled(n == 2);
  delete_->setEnabled(n >= 1);
  export_->setEnabled(n == 1);
}

}  // namespace af::ui
