#pragma once
// Read-only loop-nest pseudo-code of the current mapping (see loop_nest_text.h), tensors in
// their palette colours. Hovering a line reports the node and, on buffer lines, the buffer
// and tensor (for the accesses plot's highlight); it also selects the row in a connected tree.
// The hover on a buffer's tensor explains the tile it reserves (lowering).
#include <QPlainTextEdit>
#include <QPointer>

#include "mapping/loop_nest_text.h"
#include "models/tensor_palette.h"

class QItemSelectionModel;

namespace af::ui {

class MappingTreeModel;

class LoopNestView : public QPlainTextEdit {
  Q_OBJECT
 public:
  explicit LoopNestView(QWidget* parent = nullptr);

  // Follows the model (resets and edits). The model must outlive its use here.
  void setModel(MappingTreeModel* model);
  // Shares the palette with the plots so colours match; not owned. nullptr = own palette.
  void setTensorPalette(TensorPalette* palette);
  // Hover selects the matching row; a selected row highlights its line.
  void setTreeSelectionModel(QItemSelectionModel* selection);

  [[nodiscard]] const QList<LoopNestLine>& lines() const { return lines_; }
  [[nodiscard]] int lineForPath(const NodePath& path) const;  // -1 if none
  // What hovering at (line, column) does; column -1 = the line but no tensor. -1 line = leave.
  void hoverAt(int line, int column = -1);
  // The hover text at (line, column): a buffer's lowering on its tensor, else the line's tip.
  [[nodiscard]] QString toolTipAt(int line, int column) const;

 public slots:
  void rebuild();

 signals:
  void hoveredNode(const af::ui::NodePath& path);                       // {} when leaving
  void hoveredBuffer(const QString& component, const QString& tensor);  // tensor "" = all

 protected:
  void mouseMoveEvent(QMouseEvent* event) override;
  void leaveEvent(QEvent* event) override;
  bool viewportEvent(QEvent* event) override;

 private:
  void updateHighlights();
  [[nodiscard]] TensorPalette& palette();

  QPointer<MappingTreeModel> model_;
  QPointer<QItemSelectionModel> selection_;
  TensorPalette ownPalette_;
  TensorPalette* palette_ = nullptr;
  QList<LoopNestLine> lines_;
  int hoveredLine_ = -1;
  QString hoveredTensor_;
};

}  // namespace af::ui
