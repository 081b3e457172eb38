#include "plots/accesses_table_view.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QFileDialog>
#include <QHeaderView>
#include <QMenu>
#include <QMessageBox>
#include <QSaveFile>
#include <QSortFilterProxyModel>

#include "models/accesses_model.h"
#include "models/table_text.h"

namespace af::ui {

AccessesTableView::AccessesTableView(QWidget* parent) : QTableView(parent) {
  setObjectName("accessesTable");
  proxy_ = new QSortFilterProxyModel(this);
  proxy_->setSortRole(AccessesModel::RawValueRole);  // sort numbers as numbers, not as text
  setModel(proxy_);
  horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);  // model order until a header is clicked
  setSortingEnabled(true);
  setSelectionBehavior(QAbstractItemView::SelectItems);
  setSelectionMode(QAbstractItemView::ExtendedSelection);
  setAlternatingRowColors(true);
  verticalHeader()->hide();
  horizontalHeader()->setStretchLastSection(true);

  auto* copy = new QAction(tr("Copy"), this);
  copy->setShortcut(QKeySequence::Copy);
  copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  connect(copy, &QAction::triggered, this, &AccessesTableView::copySelection);
  addAction(copy);

  setContextMenuPolicy(Qt::CustomContextMenu);
  connect(this, &QWidget::customContextMenuRequested, this, &AccessesTableView::showContextMenu);
}

void AccessesTableView::setAccessesModel(AccessesModel* model) {
  if (model_) disconnect(model_, nullptr, this, nullptr);
  model_ = model;
  proxy_->setSourceModel(model);
  resizeColumnsToContents();
  columns_ = model ? model->columnCount() : 0;
  if (!model) return;
  // Pinning adds columns and unpinning drops them: fit them, and forget a sort by a dropped one.
  connect(model, &QAbstractItemModel::modelReset, this, [this] {
    const int columns = model_->columnCount();
    if (columns == columns_) return;
    columns_ = columns;
    if (horizontalHeader()->sortIndicatorSection() >= columns)
      horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    resizeColumnsToContents();
  });
}

QString AccessesTableView::selectionAsTsv() const {
  return tableText(*proxy_, TextFormat::Tsv, selectionModel()->selectedIndexes(),
                   AccessesModel::RawValueRole);
}

void AccessesTableView::copySelection() const { QApplication::clipboard()->setText(selectionAsTsv()); }

QString AccessesTableView::toCsv() const {
  return tableText(*proxy_, TextFormat::Csv, {}, AccessesModel::RawValueRole);
}

bool AccessesTableView::exportCsv(const QString& path, QString* error) const {
  QSaveFile file(path);  // all or nothing: no half-written CSV on failure
  if (!file.open(QIODevice::WriteOnly | QIODevice::Text) || file.write(toCsv().toUtf8()) < 0 ||
      !file.commit()) {
    if (error) *error = file.errorString();
    return false;
  }
  return true;
}

void AccessesTableView::showContextMenu(const QPoint& pos) {
  auto* menu = new QMenu(this);
  menu->setAttribute(Qt::WA_DeleteOnClose);
  menu->addActions(actions());
  menu->addAction(tr("Export as CSV…"), this, [this] {
    QString path = QFileDialog::getSaveFileName(this, tr("Export table"), "accesses.csv", tr("CSV (*.csv)"));
    if (path.isEmpty()) return;
    if (QString error; !exportCsv(path, &error)) QMessageBox::warning(this, tr("Export"), error);
  });
  menu->popup(viewport()->mapToGlobal(pos));
}

}  // namespace af::ui
