#pragma once
// The Area view (beside the accesses' energy): each component's share of the chip's area as a
// horizontal bar (every instance the fanouts make), in mm², with its leak power and where its
// area came from in the tooltip; the total in the title. It follows the spec, not a mapping:
// an architecture alone has an area.
#include <QWidget>

#include "models/area_data.h"

class QCustomPlot;
class QLabel;
class QStackedWidget;

namespace af::ui {

class AreaPlot : public QWidget {
  Q_OBJECT
 public:
  explicit AreaPlot(QWidget* parent = nullptr);

  void setData(const AreaData& data);
  [[nodiscard]] const AreaData& data() const { return data_; }
  [[nodiscard]] QCustomPlot* customPlot() const { return plot_; }
  [[nodiscard]] QString title() const;
  [[nodiscard]] bool showsEmptyState() const;
  // The bar's value (mm²) for a component, or -1 when it has none.
  [[nodiscard]] double barValue(const QString& component) const;

 private:
  void rebuild();

  AreaData data_;
  QLabel* heading_;
  QStackedWidget* pages_;
  QLabel* empty_;
  QCustomPlot* plot_;
};

}  // namespace af::ui
