#include "editors/diagnostics_view.h"

#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QKeyEvent>

#include "editors/diagnostics_model.h"

namespace af::ui {

DiagnosticsView::DiagnosticsView(QWidget* parent) : QTableView(parent) {
  setObjectName("diagnosticsView");
  setSelectionBehavior(SelectRows);
  setShowGrid(false);
  setWordWrap(false);
  setAlternatingRowColors(true);
  verticalHeader()->hide();
  horizontalHeader()->setStretchLastSection(true);
  connect(this, &QAbstractItemView::activated, this, &DiagnosticsView::activate);
}

void DiagnosticsView::setModel(QAbstractItemModel* model) {
  QTableView::setModel(model);
  if (!model) return;
  // Size the short columns to their contents once rows arrive; the message takes the rest.
  connect(model, &QAbstractItemModel::modelReset, this, [this] {
    for (int c = 0; c < DiagnosticsModel::MessageColumn; ++c) resizeColumnToContents(c);
  });
}

void DiagnosticsView::activate(const QModelIndex& index) {
  // Read through roles so a sort/filter proxy in between keeps working.
  const QString path = index.data(DiagnosticsModel::PathRole).toString();
  if (path.isEmpty()) return;
  emit jumpTo(path, index.data(DiagnosticsModel::LineRole).toInt(),
              index.data(DiagnosticsModel::ColumnRole).toInt());
}

QString DiagnosticsView::selectedRowsAsTsv() const {
  QStringList lines;
  QModelIndexList rows = selectionModel() ? selectionModel()->selectedRows() : QModelIndexList{};
  std::sort(rows.begin(), rows.end());
  for (const QModelIndex& row : rows) {
    QStringList cells;
    for (int c = 0; c < model()->columnCount(); ++c)
      cells << model()->index(row.row(), c).data().toString().replace('\t', ' ');
    lines << cells.join('\t');
  }
  return lines.join('\n');
}

void DiagnosticsView::keyPressEvent(QKeyEvent* event) {
  if (event->matches(QKeySequence::Copy)) {
    QApplication::clipboard()->setText(selectedRowsAsTsv());
    event->accept();
    return;
  }
  QTableView::keyPressEvent(event);
}

}  // namespace af::ui
