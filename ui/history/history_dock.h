#pragma once
// The History dock: the stored runs (newest first; the open project's only, when asked), and
// what can be done with them — reopen (double-click), run again, compare two, rename (edit the
// name), delete, export as JSON. A store that had to be set aside, or cannot be opened, is
// said in a banner above the list.
#include <QWidget>

class QCheckBox;
class QLabel;
class QPushButton;
class QTableView;

namespace af::ui {

class CompareRunsView;
class HistorySession;
class TensorPalette;

class HistoryDock : public QWidget {
  Q_OBJECT
 public:
  HistoryDock(HistorySession* session, const TensorPalette* palette, QWidget* parent = nullptr);

  [[nodiscard]] QTableView* table() const { return table_; }
  [[nodiscard]] QString banner() const;
  // The ids of the selected runs, in list order.
  [[nodiscard]] QList<std::int64_t> selectedIds() const;
  void selectIds(const QList<std::int64_t>& ids);
  // The Compare window of the last comparison (null before one).
  [[nodiscard]] CompareRunsView* compareView() const { return compare_; }

 private:
  void updateButtons();

  HistorySession* session_;
  const TensorPalette* palette_;
  QLabel* banner_;
  QCheckBox* projectOnly_;
  QTableView* table_;
  QPushButton* reopen_;
  QPushButton* rerun_;
  QPushButton* compareButton_;
  QPushButton* delete_;
  QPushButton* export_;
  CompareRunsView* compare_ = nullptr;
};

}  // namespace af::ui
