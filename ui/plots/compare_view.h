#pragma once
// Pin and compare: pin the mapping on screen, open another (edit it, or click a point of the
// Pareto front) and see both per buffer side by side — energy or data moved as paired bars, and
// a table with each buffer's figures and the change.
#include <QList>
#include <QWidget>
#include <optional>

#include "models/accesses_data.h"
#include "models/buffer_comparison.h"

class QCPBars;
class QComboBox;
class QCustomPlot;
class QLabel;
class QPushButton;
class QTableWidget;

namespace af::ui {

class CompareView : public QWidget {
  Q_OBJECT
 public:
  explicit CompareView(QWidget* parent = nullptr);

  // The evaluated mapping now on screen (empty data: none).
  void setCurrent(const AccessesData& data);
  void pin();  // the current mapping becomes the pinned one
  void unpin();
  [[nodiscard]] bool isPinned() const { return pinned_.has_value(); }

  enum class Measure { Energy, DataMoved };
  void setMeasure(Measure measure);

  // For tests.
  [[nodiscard]] const QList<BufferComparison>& rows() const { return rows_; }
  [[nodiscard]] QCustomPlot* customPlot() const { return plot_; }
  [[nodiscard]] QTableWidget* table() const { return table_; }
  [[nodiscard]] QPushButton* pinButton() const { return pin_; }

 signals:
  void pinnedChanged(bool pinned);

 private:
  void rebuild();

  AccessesData current_;
  std::optional<AccessesData> pinned_;
  QList<BufferComparison> rows_;
  QComboBox* measure_ = nullptr;
  QPushButton* pin_ = nullptr;
  QPushButton* unpin_ = nullptr;
  QLabel* hint_ = nullptr;
  QCustomPlot* plot_ = nullptr;
  QTableWidget* table_ = nullptr;
  QCPBars* pinnedBars_ = nullptr;
  QCPBars* currentBars_ = nullptr;
};

}  // namespace af::ui
