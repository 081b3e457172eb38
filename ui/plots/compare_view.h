#pragma once
// Pin and compare: pin the mapping on screen, open another (edit it, or click a point of the
// Pareto front) and see both per buffer side by side — energy or data moved as paired bars, and
// a table with each buffer's figures and the change. The pin itself is the window's
// PinnedMapping, shared with the accesses plot and table.
#include <QList>
#include <QWidget>

#include "models/buffer_comparison.h"

class QCPBars;
class QComboBox;
class QCustomPlot;
class QLabel;
class QPushButton;
class QTableWidget;

namespace af::ui {

class PinnedMapping;

class CompareView : public QWidget {
  Q_OBJECT
 public:
  // `pin` (not owned) must outlive the view.
  explicit CompareView(PinnedMapping* pin, QWidget* parent = nullptr);
  [[nodiscard]] PinnedMapping* pinnedMapping() const { return pin_; }

  // Whether its Pin and Unpin buttons show (default true); off where the pin is not the user's
  // to change (the Compare window of two stored runs pins the older one itself).
  void setPinnable(bool pinnable);
  [[nodiscard]] bool isPinnable() const { return pinnable_; }

  enum class Measure { Energy, DataMoved };
  void setMeasure(Measure measure);

  // For tests.
  [[nodiscard]] const QList<BufferComparison>& rows() const { return rows_; }
  [[nodiscard]] QCustomPlot* customPlot() const { return plot_; }
  [[nodiscard]] QTableWidget* table() const { return table_; }
  [[nodiscard]] QPushButton* pinButton() const { return pinButton_; }
  [[nodiscard]] QPushButton* unpinButton() const { return unpinButton_; }

 private:
  void rebuild();

  PinnedMapping* pin_;
  bool pinnable_ = true;
  QList<BufferComparison> rows_;
  QComboBox* measure_ = nullptr;
  QPushButton* pinButton_ = nullptr;
  QPushButton* unpinButton_ = nullptr;
  QLabel* hint_ = nullptr;
  QCustomPlot* plot_ = nullptr;
  QTableWidget* table_ = nullptr;
  QCPBars* pinnedBars_ = nullptr;
  QCPBars* currentBars_ = nullptr;
};

}  // namespace af::ui
