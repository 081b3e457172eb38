#pragma once
// The Sweep pane: one or two of the spec's variables and their values (a list, a range or a
// geometric range, as `accelforge sweep --vary` reads them), the grid's size or what is wrong
// with a value, Run/Stop, and the progress overall and of the running point.
#include <QWidget>
#include <vector>

#include "sweep/sweep_run.h"
#include "sweep/variation.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace af::ui {

class SweepPanel : public QWidget {
  Q_OBJECT
 public:
  explicit SweepPanel(QWidget* parent = nullptr);

  // The spec's variables (the variables table's names); a chosen one that is still there stays.
  void setVariables(const QStringList& names);
  // Row 0 or 1: the variable and its values text ("64Ki..4Mi*2"). An empty name clears the row.
  void setVariation(int row, const QString& name, const QString& values);
  // The rows filled in, parsed; empty with `error` set when one does not parse.
  [[nodiscard]] std::vector<sweep::Variation> variations(QString* error = nullptr) const;

  // `why`: why not, or a note on a spec that may be swept all the same.
  void setReady(bool ready, const QString& why = {});
  void setRunning(bool running);
  void setProgress(const SweepProgress& progress);
  void setFinished(const SweepRunPtr& run);
  void reset();

 signals:
  void runRequested();
  void stopRequested();
  void exportRequested();

 private:
  struct Row {
    QComboBox* name;
    QLineEdit* values;
  };
  void updateGrid();

  Row rows_[2];
  QLabel* grid_;
  QLabel* why_;
  QPushButton* run_;
  QPushButton* stop_;
  QPushButton* export_;
  QProgressBar* overall_;
  QProgressBar* point_;
  QLabel* pointLabel_;
  bool ready_ = false;
  bool running_ = false;
  bool hasRows_ = false;
};

}  // namespace af::ui
