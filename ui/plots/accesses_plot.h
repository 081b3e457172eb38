#pragma once
// Per-buffer results of one evaluation as bar charts: accesses (count or energy, per tensor,
// stacked or grouped), occupancy against capacity, and latency per component. The widget only
// draws: numbers come from models/accesses_query.h, colours from TensorPalette.
#include <QPointer>
#include <QWidget>
#include <array>

#include "models/accesses_data.h"
#include "models/accesses_query.h"
#include "models/tensor_palette.h"
#include "plots/si_axis_ticker.h"

class QCheckBox;
class QComboBox;
class QCPBars;
class QCPBarsGroup;
class QCPItemRect;
class QCustomPlot;
class QLabel;
class QMouseEvent;
class QStackedWidget;
class QTabBar;

namespace af::ui {

class AccessesPlot : public QWidget {
  Q_OBJECT
 public:
  enum class View { Accesses, Occupancy, Latency };
  enum class Arrangement { Stacked, Grouped };

  explicit AccessesPlot(QWidget* parent = nullptr);

  void setData(const AccessesData& data);
  [[nodiscard]] const AccessesData& data() const { return data_; }
  // Results of the last valid spec: drawn faded with a banner saying so.
  void setDimmed(bool dimmed);
  [[nodiscard]] bool isDimmed() const { return dimmed_; }
  // Emphasises one component's column and one tensor's bars; empty strings clear either part.
  void highlight(const QString& component, const QString& tensor);
  // What the plot shows now ("Energy per buffer (Matmul0)"): export title and file name.
  [[nodiscard]] QString title() const;
  // PNG, PDF or SVG by suffix.
  bool exportTo(const QString& path, QString* error = nullptr);

  void setView(View view);
  [[nodiscard]] View view() const { return view_; }
  void setMetric(AccessMetric metric);
  [[nodiscard]] AccessMetric metric() const { return metric_; }
  void setAction(const QString& action);  // empty = all actions
  [[nodiscard]] QString action() const { return action_; }
  void setEinsum(const QString& einsum);  // kTotalEinsum = summed over Einsums
  [[nodiscard]] QString einsum() const { return einsum_; }
  void setArrangement(Arrangement arrangement);
  [[nodiscard]] Arrangement arrangement() const { return arrangement_; }
  // Log or linear value axis; remembered per quantity (log by default for energy and latency).
  void setLogScale(bool log);
  [[nodiscard]] bool logScale() const { return logScale_[logKey()]; }

  // Share colours with other views (e.g. the loop-nest view) by assigning the same palette.
  void setTensorPalette(const TensorPalette& palette);
  [[nodiscard]] const TensorPalette& tensorPalette() const { return palette_; }

  // For tests and the window's wiring.
  [[nodiscard]] QCustomPlot* customPlot() const { return plot_; }
  [[nodiscard]] QCPBars* barsFor(const QString& series) const;
  [[nodiscard]] const BarTable& table() const { return table_; }
  [[nodiscard]] bool showsEmptyState() const;
  // The tooltip text for a position in plot coordinates (empty when not over a bar).
  [[nodiscard]] QString toolTipAt(const QPoint& plotPos) const;

 signals:
  // The bar under the mouse changed (both empty when leaving the bars).
  void hovered(const QString& component, const QString& tensor);

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  struct Hit {
    QCPBars* bars = nullptr;
    int category = -1;
  };
  void buildControls(QWidget* bar);
  void setupPlot();
  void syncControls();
  void rebuild();
  void drawBars(bool stacked);
  void drawCapacities();
  void fitValueAxis(bool stacked);
  void updateLabelRotation();
  void applyHighlight();
  [[nodiscard]] QColor seriesColor(const QString& series);
  [[nodiscard]] std::size_t logKey() const;
  [[nodiscard]] UnitFamily valueFamily() const;
  [[nodiscard]] QString valueUnit() const;
  [[nodiscard]] Hit hitAt(const QPoint& plotPos) const;
  void onMouseMove(QMouseEvent* event);
  void showContextMenu(const QPoint& pos);

  AccessesData data_;
  BarTable table_;
  QList<double> capacity_;  // occupancy view: per category
  TensorPalette palette_;
  View view_ = View::Accesses;
  AccessMetric metric_ = AccessMetric::Count;
  Arrangement arrangement_ = Arrangement::Stacked;
  QString action_;
  QString einsum_ = QString(kTotalEinsum);
  std::array<bool, 4> logScale_{false, true, false, true};  // count, energy, occupancy, latency
  bool dimmed_ = false;
  QString highlightComponent_, highlightTensor_;
  QString hoverComponent_, hoverTensor_;

  QTabBar* viewTabs_ = nullptr;
  QComboBox* einsumCombo_ = nullptr;
  QComboBox* actionCombo_ = nullptr;
  QComboBox* metricCombo_ = nullptr;
  QComboBox* arrangementCombo_ = nullptr;
  QCheckBox* logCheck_ = nullptr;
  QLabel* banner_ = nullptr;
  QLabel* emptyLabel_ = nullptr;
  QStackedWidget* pages_ = nullptr;
  QCustomPlot* plot_ = nullptr;
  QCPBarsGroup* group_ = nullptr;
  QPointer<QCPItemRect> band_;
};

}  // namespace af::ui
