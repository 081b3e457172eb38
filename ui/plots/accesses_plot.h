#pragma once
// Per-buffer results of one evaluation as bar charts: data moved (bits) or energy per tensor,
// stacked or grouped; occupancy as each buffer's own 0-100 % of capacity, one horizontal bar per
// buffer stacked by tensor; latency per component. The value axis is linear unless the user ticks
// Log scale, remembered per measure; log axes are never stacked. With a pinned mapping each
// component also gets the pinned total (hatched grey, left of the current bar, same filter) and
// the change above it; occupancy rows name the pinned share. The widget only draws: numbers
// come from models/accesses_query.h and models/pin_comparison.h, colours from the window's
// TensorPalette.
#include <QPointer>
#include <QWidget>
#include <array>
#include <optional>
#include <utility>

#include "models/accesses_data.h"
#include "models/accesses_query.h"
#include "models/pin_comparison.h"
#include "models/tensor_palette.h"
#include "plots/si_axis_ticker.h"

class QCheckBox;
class QCPAxis;
class QComboBox;
class QCPBars;
class QCPBarsGroup;
class QCPItemRect;
class QCPItemText;
class QCPLayoutGrid;
class QCustomPlot;
class QLabel;
class QMouseEvent;
class QStackedWidget;
class QTabBar;
class QToolButton;

namespace af::ui {

struct Figure;

class AccessesPlot : public QWidget {
  Q_OBJECT
 public:
  enum class View { Accesses, Occupancy, Latency };
  enum class Arrangement { Stacked, Grouped };

  explicit AccessesPlot(QWidget* parent = nullptr);

  void setData(const AccessesData& data);
  [[nodiscard]] const AccessesData& data() const { return data_; }
  // The mapping to compare with (the window's pin); nullopt draws the plain plot.
  void setPinned(const std::optional<AccessesData>& pinned);
  [[nodiscard]] const std::optional<AccessesData>& pinned() const { return pinned_; }
  // Whether the Pin / Unpin buttons show (default true). Off where the user does not own the
  // pin: the Compare window pins its older run itself, and nothing answers the buttons there.
  void setPinnable(bool pinnable);
  [[nodiscard]] bool isPinnable() const { return pinnable_; }
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
  // Log or linear value axis, only ever by the user's choice and remembered per measure (bits,
  // energy, latency). Occupancy is a share of capacity: always linear. A log axis draws the
  // tensors side by side (stacked segments on a log axis misstate their shares).
  void setLogScale(bool log);
  [[nodiscard]] bool logScale() const { return view_ != View::Occupancy && logScale_[logKey()]; }
  // Stacked unless grouped by choice or by a log axis.
  [[nodiscard]] bool stacked() const;

  // The window's palette, so a tensor has one colour in every view (not owned; nullptr = the
  // plot's own, assigned from the tensors of its data).
  void setTensorPalette(const TensorPalette* palette);
  [[nodiscard]] const TensorPalette& tensorPalette() const { return palette_ ? *palette_ : ownPalette_; }

  // For tests and the window's wiring.
  [[nodiscard]] QCustomPlot* customPlot() const { return plot_; }
  [[nodiscard]] QCPBars* barsFor(const QString& series) const;
  // With a pin, accesses and latency views: the pinned totals, one bar per category.
  [[nodiscard]] QCPBars* pinnedBars() const { return pinnedBars_; }
  // With a pin: pinned and current total per category, in the order of table().categories.
  [[nodiscard]] const QList<CategoryChange>& changes() const { return changes_; }
  // The change label above a category (nullptr: none, e.g. without a pin).
  [[nodiscard]] QCPItemText* changeLabel(const QString& category) const;
  // Occupancy view: the grey 0-100 % track behind each bounded buffer's bar.
  [[nodiscard]] QCPBars* capacityTrack() const { return track_; }
  // The axis the categories (components) sit on: x, or y in the occupancy view.
  [[nodiscard]] QCPAxis* categoryAxis() const;
  [[nodiscard]] QCPAxis* valueAxis() const;
  [[nodiscard]] const BarTable& table() const { return table_; }
  [[nodiscard]] bool showsEmptyState() const;
  // On a linear axis, when some bars are too small beside the largest to show: the line above
  // the plot that names them and offers the log axis (empty when every bar shows).
  [[nodiscard]] QString scaleHint() const;
  // The tooltip text for a position in plot coordinates (empty when not over a bar).
  [[nodiscard]] QString toolTipAt(const QPoint& plotPos) const;

 signals:
  // The bar under the mouse changed (both empty when leaving the bars).
  void hovered(const QString& component, const QString& tensor);
  // The Pin / Unpin buttons: the window owns the pin and answers with setPinned().
  void pinRequested();
  void unpinRequested();

 protected:
  void resizeEvent(QResizeEvent* event) override;
  bool eventFilter(QObject* watched, QEvent* event) override;

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
  void drawOccupancy();
  void drawPinned(double width);
  void drawChangeLabels(bool stacked);
  void drawComputeNote();
  void fitComputeNote();  // the longest wording that fits the plot's width
  void fitValueAxis(bool stacked);
  [[nodiscard]] QString occupancyToolTip(int category, const QString& series) const;
  [[nodiscard]] QString valueText(double value) const;
  [[nodiscard]] QStringList comparisonLines(int category) const;
  // The pinned mapping's use of a buffer ("12.5 %", or bits when unbounded); empty: unused.
  [[nodiscard]] QString pinnedOccupancyText(const QString& component) const;
  void updateScaleHint();
  void updateLegendWrap();
  void followSize();  // labels, keys and value axis for the plot's size
  // The plot's height at which its keys leave the bars their room.
  [[nodiscard]] int heightForKeys() const;
  void showKeys(bool fit);        // the keys where wanted and `fit`, else the note saying why not
  [[nodiscard]] Figure figure();  // for export: tall enough for the keys, with them
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
  std::optional<AccessesData> pinned_;
  BarTable table_;
  QList<CategoryChange> changes_;  // with a pin: per category of table_
  QList<double> capacity_;         // occupancy view: per category
  const TensorPalette* palette_ = nullptr;
  TensorPalette ownPalette_;
  View view_ = View::Accesses;
  AccessMetric metric_ = AccessMetric::Count;
  Arrangement arrangement_ = Arrangement::Stacked;
  QString action_;
  QString einsum_ = QString(kTotalEinsum);
  std::array<bool, 4> logScale_{false, false, false, false};  // bits, energy, (occupancy), latency
  bool dimmed_ = false;
  bool pinnable_ = true;
  QString highlightComponent_, highlightTensor_;
  QString hoverComponent_, hoverTensor_;

  QTabBar* viewTabs_ = nullptr;
  QComboBox* einsumCombo_ = nullptr;
  QComboBox* actionCombo_ = nullptr;
  QComboBox* metricCombo_ = nullptr;
  QComboBox* arrangementCombo_ = nullptr;
  QCheckBox* logCheck_ = nullptr;
  QToolButton* pinButton_ = nullptr;
  QToolButton* unpinButton_ = nullptr;
  QLabel* banner_ = nullptr;
  QLabel* scaleHint_ = nullptr;
  QLabel* emptyLabel_ = nullptr;
  QStackedWidget* pages_ = nullptr;
  QCustomPlot* plot_ = nullptr;
  QCPBarsGroup* group_ = nullptr;
  QPointer<QCPItemRect> band_;
  QPointer<QCPBars> track_;
  QPointer<QCPBars> pinnedBars_;
  QCPLayoutGrid* legendRow_ = nullptr;            // the keys' row above the axis rect (plot-owned)
  QPointer<QCPItemText> keysNote_;                // shown instead of the keys in a short pane
  QPointer<QCPItemText> computeNote_;             // "MAC: N operations": compute moves no data
  QList<std::pair<QString, double>> computeOps_;  // the note's units and their counts
  bool legendWanted_ = true;
  QList<QPointer<QCPItemText>> changeLabels_;  // per category of table_
};

}  // namespace af::ui
