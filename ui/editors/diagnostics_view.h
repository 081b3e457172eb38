#pragma once
// The Diagnostics dock's table view. Activating a row (double-click, Enter) asks the window to
// show that place; Ctrl+C copies the selected rows as TSV.
#include <QTableView>

namespace af::ui {

class DiagnosticsView : public QTableView {
  Q_OBJECT
 public:
  explicit DiagnosticsView(QWidget* parent = nullptr);
  void setModel(QAbstractItemModel* model) override;

 signals:
  void jumpTo(const QString& path, int line, int column);

 protected:
  void keyPressEvent(QKeyEvent* event) override;

 private:
  void activate(const QModelIndex& index);
  [[nodiscard]] QString selectedRowsAsTsv() const;
};

}  // namespace af::ui
