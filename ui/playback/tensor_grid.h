#pragma once
// One tensor drawn as a grid of its index space (two of its ranks; the others sliced at the
// current step), with the tile each buffer holds outlined in that buffer's colour (each PE's
// own tile under a spatial fanout), the elements touched since the innermost buffer's last
// refill shaded, and the element the step computes on filled.
#include <QColor>
#include <QList>
#include <QStringList>
#include <QWidget>
#include <vector>

#include "playback/playback.h"

class QComboBox;
class QLabel;

namespace af::ui {

struct GridOutline {
  QString component;
  QColor color;
  std::vector<playback::Range> tile;  // per rank of the tensor
  bool pe = false;                    // one PE's tile (thin), or the buffer's (thick)
};

class TensorGrid : public QWidget {
  Q_OBJECT
 public:
  explicit TensorGrid(QWidget* parent = nullptr);

  // The tensor, its colour, its ranks and index space (per rank).
  void setTensor(const QString& name, const QColor& color, const QStringList& ranks,
                 const std::vector<playback::Range>& space);
  // This step: the buffers' tiles, the touched elements' hull per rank (empty: none), the
  // computed element's tile.
  void setFrame(QList<GridOutline> outlines, std::vector<std::vector<playback::Range>> touched,
                std::vector<playback::Range> current);

  [[nodiscard]] const QString& tensor() const { return name_; }
  [[nodiscard]] const QList<GridOutline>& outlines() const { return outlines_; }
  // The ranks drawn across and down (indices into the ranks); the others are sliced.
  [[nodiscard]] int columnRank() const { return x_; }
  [[nodiscard]] int rowRank() const { return y_; }
  void setRanks(int rowRank, int columnRank);
  [[nodiscard]] QSize sizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  void updateTitle();
  // Where the grid may start: under the title and the rank pickers.
  [[nodiscard]] int headerHeight() const;
  [[nodiscard]] bool inSlice(const std::vector<playback::Range>& tile) const;
  [[nodiscard]] QRectF cellRect(const std::vector<playback::Range>& tile, const QRectF& area) const;

  QString name_;
  QColor color_;
  QStringList ranks_;
  std::vector<playback::Range> space_;
  QList<GridOutline> outlines_;
  std::vector<std::vector<playback::Range>> touched_;
  std::vector<playback::Range> current_;
  int x_ = 1, y_ = 0;
  QLabel* title_;
  QComboBox* rowCombo_;
  QComboBox* columnCombo_;
  QLabel* times_;
};

}  // namespace af::ui
