#pragma once
// The editable mapping tree: drag a node within its chain, context menu for inserting,
// deleting, tile shapes, tensors and components; tile shapes edit in place with a combo.
// Thin: every edit goes through MappingTreeModel, which decides what is legal.
#include <QTreeView>

#include "models/tensor_palette.h"

namespace af::ui {

class MappingTreeModel;
class MappingItemDelegate;

class MappingTreeView : public QTreeView {
  Q_OBJECT
 public:
  explicit MappingTreeView(QWidget* parent = nullptr);

  void setMappingModel(MappingTreeModel* model);
  [[nodiscard]] MappingTreeModel* mappingModel() const;
  void setTensorPalette(TensorPalette* palette);  // shared with plots; not owned

 protected:
  void contextMenuEvent(QContextMenuEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;

 private:
  void showRejection(const QString& reason);

  MappingItemDelegate* delegate_;
};

}  // namespace af::ui
