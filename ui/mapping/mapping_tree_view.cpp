#include "mapping/mapping_tree_view.h"

#include <QContextMenuEvent>
#include <QHeaderView>
#include <QMenu>
#include <QToolTip>

#include "mapping/mapping_context_menu.h"
#include "mapping/mapping_item_delegate.h"
#include "mapping/mapping_tree_model.h"

namespace af::ui {

MappingTreeView::MappingTreeView(QWidget* parent)
    : QTreeView(parent), delegate_(new MappingItemDelegate(this)) {
  setItemDelegate(delegate_);
  setDragDropMode(QAbstractItemView::InternalMove);
  setDefaultDropAction(Qt::MoveAction);
  setDragEnabled(true);
  setAcceptDrops(true);
  setDropIndicatorShown(true);
  setSelectionMode(QAbstractItemView::SingleSelection);
  setSelectionBehavior(QAbstractItemView::SelectRows);
  setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                  QAbstractItemView::SelectedClicked);
  setUniformRowHeights(true);
  setAllColumnsShowFocus(true);
  header()->setStretchLastSection(true);
}

void MappingTreeView::setMappingModel(MappingTreeModel* model) {
  if (auto* old = mappingModel()) disconnect(old, nullptr, this, nullptr);
  setModel(model);
  if (!model) return;
  // A mapping is small and its nesting is the point: keep everything expanded.
  connect(model, &QAbstractItemModel::modelReset, this, &QTreeView::expandAll);
  connect(model, &QAbstractItemModel::rowsInserted, this, &QTreeView::expandAll);
  connect(model, &QAbstractItemModel::rowsMoved, this, &QTreeView::expandAll);
  connect(model, &MappingTreeModel::editRejected, this, &MappingTreeView::showRejection);
  expandAll();
  resizeColumnToContents(0);
}

MappingTreeModel* MappingTreeView::mappingModel() const { return qobject_cast<MappingTreeModel*>(model()); }

void MappingTreeView::setTensorPalette(TensorPalette* palette) {
  delegate_->setTensorPalette(palette);
  viewport()->update();
}

void MappingTreeView::contextMenuEvent(QContextMenuEvent* event) {
  auto* model = mappingModel();
  if (!model) return;
  QMenu menu(this);
  menu.setToolTipsVisible(true);
  populateMappingMenu(menu, *model, indexAt(event->pos()));
  menu.exec(event->globalPos());
}

void MappingTreeView::keyPressEvent(QKeyEvent* event) {
  if ((event->key() == Qt::Key_Delete || event->key() == Qt::Key_Backspace) && mappingModel() &&
      currentIndex().isValid() && state() != QAbstractItemView::EditingState) {
    mappingModel()->removeNode(currentIndex());
    return;
  }
  QTreeView::keyPressEvent(event);
}

void MappingTreeView::showRejection(const QString& reason) {
  // Visible only when the view is on screen; the window also shows editRejected in the status bar.
  if (isVisible()) QToolTip::showText(mapToGlobal(visualRect(currentIndex()).bottomLeft()), reason, this);
}

}  // namespace af::ui
