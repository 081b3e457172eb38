#pragma once
// Two stored runs side by side (the History dock's Compare): their fronts overlaid, their
// optima's accesses per buffer with the change (the pin's views: run A is pinned, run B is
// current), their figures, and what differs between their inputs — variables, settings and a
// line diff of each spec file.
#include <QWidget>

#include "history/stored_run.h"

class QCustomPlot;
class QLabel;
class QPlainTextEdit;

namespace af::ui {

class AccessesPlot;
class CompareView;
class PinnedMapping;
class TensorPalette;

class CompareRunsView : public QWidget {
  Q_OBJECT
 public:
  explicit CompareRunsView(QWidget* parent = nullptr);

  void setRuns(const StoredRunPtr& a, const StoredRunPtr& b);
  void setTensorPalette(const TensorPalette* palette);

  [[nodiscard]] QCustomPlot* frontsPlot() const { return fronts_; }
  [[nodiscard]] AccessesPlot* accessesPlot() const { return accesses_; }
  [[nodiscard]] CompareView* buffersView() const { return buffers_; }
  [[nodiscard]] QString figuresText() const;
  [[nodiscard]] QString inputsText() const;

 private:
  void drawFronts();
  void writeInputs();

  StoredRunPtr a_, b_;
  QLabel* figures_;
  QCustomPlot* fronts_;
  PinnedMapping* pin_;
  AccessesPlot* accesses_;
  CompareView* buffers_;
  QPlainTextEdit* inputs_;
};

}  // namespace af::ui
