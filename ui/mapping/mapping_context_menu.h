#pragma once
// The mapping tree's context menu for one row: insert loop/storage after it, delete it, its tile
// shape (valid values), its tensors (checkable) and its component. Actions edit the model.
#include <QModelIndex>

class QMenu;

namespace af::ui {

class MappingTreeModel;

void populateMappingMenu(QMenu& menu, MappingTreeModel& model, const QModelIndex& index);

}  // namespace af::ui
