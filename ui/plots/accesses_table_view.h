#pragma once
// The accesses table: sortable by exact value, Ctrl+C copies the selection as TSV (for
// spreadsheets), and the whole table exports as CSV.
#include <QTableView>

class QSortFilterProxyModel;

namespace af::ui {

class AccessesModel;

class AccessesTableView : public QTableView {
  Q_OBJECT
 public:
  explicit AccessesTableView(QWidget* parent = nullptr);

  // Shows `model` (not owned) through a sorting proxy.
  void setAccessesModel(AccessesModel* model);
  [[nodiscard]] AccessesModel* accessesModel() const { return model_; }

  // Selected cells as TSV with a header line (everything when nothing is selected).
  [[nodiscard]] QString selectionAsTsv() const;
  void copySelection() const;
  // The whole table, in the current sort order, as CSV with exact numbers.
  [[nodiscard]] QString toCsv() const;
  bool exportCsv(const QString& path, QString* error = nullptr) const;

 private:
  void showContextMenu(const QPoint& pos);

  AccessesModel* model_ = nullptr;
  QSortFilterProxyModel* proxy_ = nullptr;
  int columns_ = 0;  // the model's column count at its last reset
};

}  // namespace af::ui
