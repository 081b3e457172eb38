#pragma once
// Paints Storage/Toll rows as "Storage GlobalBuffer" + one colour chip per tensor, and edits a
// loop's tile shape with a combo of its choices (MappingTreeModel::tileChoices(), "4 + inner
// for m step 1" where the choice inserts a loop), applied as soon as one is picked.
#include <QStyledItemDelegate>

#include "models/tensor_palette.h"

namespace af::ui {

class MappingItemDelegate : public QStyledItemDelegate {
  Q_OBJECT
 public:
  explicit MappingItemDelegate(QObject* parent = nullptr);
  void setTensorPalette(TensorPalette* palette) { palette_ = palette; }  // not owned; nullptr = own

  void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
  [[nodiscard]] QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
  [[nodiscard]] QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                                      const QModelIndex& index) const override;
  void setEditorData(QWidget* editor, const QModelIndex& index) const override;
  void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override;

 private:
  [[nodiscard]] TensorPalette& palette() const { return palette_ ? *palette_ : ownPalette_; }
  TensorPalette* palette_ = nullptr;
  mutable TensorPalette ownPalette_;  // assigns colours lazily on paint
};

}  // namespace af::ui
