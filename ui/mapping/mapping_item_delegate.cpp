#include "mapping/mapping_item_delegate.h"

#include <QApplication>
#include <QComboBox>
#include <QPainter>
#include <QSpinBox>

#include "mapping/mapping_tree_model.h"
#include "models/tensor_chips.h"

namespace af::ui {
namespace {

QStringList chipTensors(const QModelIndex& index) {
  if (index.column() != MappingTreeModel::NodeColumn) return {};
  return index.data(MappingTreeModel::TensorsRole).toStringList();
}

}  // namespace

MappingItemDelegate::MappingItemDelegate(QObject* parent) : QStyledItemDelegate(parent) {}

void MappingItemDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                                const QModelIndex& index) const {
  const QStringList tensors = chipTensors(index);
  if (tensors.isEmpty()) {
    QStyledItemDelegate::paint(painter, option, index);
    return;
  }
  QStyleOptionViewItem opt = option;
  initStyleOption(&opt, index);
  opt.text = index.data(MappingTreeModel::BaseLabelRole).toString();
  const QWidget* widget = option.widget;
  QStyle* style = widget ? widget->style() : QApplication::style();
  style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

  const QRect textRect = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget);
  const QFontMetrics fm(opt.font);
  const int left = textRect.left() + fm.horizontalAdvance(opt.text) + 2 * kChipGap;
  painter->save();
  painter->setClipRect(option.rect);  // chips never spill into the next column
  painter->setFont(opt.font);
  paintChips(*painter, layoutChips(fm, tensors, left, textRect.right(), textRect.center().y()), palette());
  painter->restore();
}

QSize MappingItemDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const {
  QSize size = QStyledItemDelegate::sizeHint(option, index);
  const QStringList tensors = chipTensors(index);
  if (tensors.isEmpty()) return size;
  const QFontMetrics fm(option.font);
  const QString full = index.data(Qt::DisplayRole).toString();
  const QString base = index.data(MappingTreeModel::BaseLabelRole).toString();
  size.setWidth(size.width() - fm.horizontalAdvance(full) + fm.horizontalAdvance(base) + 2 * kChipGap +
                chipsWidth(fm, tensors));
  size.setHeight(std::max(size.height(), fm.height() + 4));
  return size;
}

QWidget* MappingItemDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                                           const QModelIndex& index) const {
  const auto* model = qobject_cast<const MappingTreeModel*>(index.model());
  if (!model || index.column() != MappingTreeModel::DetailColumn)
    return QStyledItemDelegate::createEditor(parent, option, index);
  const auto choices = model->tileChoices(index);
  if (choices.isEmpty()) {  // bound unknown (no workload): any positive tile
    auto* spin = new QSpinBox(parent);
    spin->setRange(1, 1 << 30);
    return spin;
  }
  auto* combo = new QComboBox(parent);
  for (const auto& c : choices) {
    combo->addItem(model->tileChoiceText(index, c), QVariant::fromValue<qlonglong>(c.tile));
    if (c.inner_loop)
      combo->setItemData(
          combo->count() - 1,
          tr("This loop is the innermost over its rank variable and the Compute does one operation "
             "at a time: choosing %1 also inserts an inner loop of tile 1.")
              .arg(c.tile),
          Qt::ToolTipRole);
  }
  // A choice applies when it is made (click or arrow keys), no Enter needed. Delegates emit
  // from const createEditor(); the signals themselves change nothing here.
  auto* self = const_cast<MappingItemDelegate*>(this);
  connect(combo, &QComboBox::activated, self, [self, combo] {
    emit self->commitData(combo);
    emit self->closeEditor(combo, QAbstractItemDelegate::NoHint);
  });
  return combo;
}

void MappingItemDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const {
  const auto tile = index.data(Qt::EditRole).toLongLong();
  if (auto* combo = qobject_cast<QComboBox*>(editor)) combo->setCurrentIndex(combo->findData(QVariant::fromValue<qlonglong>(tile)));
  else if (auto* spin = qobject_cast<QSpinBox*>(editor)) spin->setValue(static_cast<int>(tile));
  else QStyledItemDelegate::setEditorData(editor, index);
}

void MappingItemDelegate::setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const {
  // The combo offers tileChoices(): a choice comes with the inner loop it needs.
  if (auto* combo = qobject_cast<QComboBox*>(editor))
    model->setData(index, combo->currentData(), MappingTreeModel::TileChoiceRole);
  else if (auto* spin = qobject_cast<QSpinBox*>(editor)) model->setData(index, QVariant::fromValue<qlonglong>(spin->value()));
  else QStyledItemDelegate::setModelData(editor, model, index);
}

}  // namespace af::ui
