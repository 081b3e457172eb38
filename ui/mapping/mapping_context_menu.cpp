#include "mapping/mapping_context_menu.h"

#include <QMenu>

#include "mapping/mapping_tree_model.h"

namespace af::ui {
namespace {

void addInsertMenu(QMenu& menu, MappingTreeModel& model, const QModelIndex& index) {
  QMenu* insert = menu.addMenu(QObject::tr("Insert after"));
  const QPersistentModelIndex at(index.siblingAtColumn(0));
  const auto point = insertPointAfter(model.mapping(), model.pathForIndex(at));
  if (model.structureLocked() || std::holds_alternative<QString>(point)) {
    insert->setEnabled(false);
    insert->setToolTip(model.structureLocked() ? QObject::tr("the text uses Jinja templates")
                                               : std::get<QString>(point));
    return;
  }
  // Choices come from the Einsums in scope of the insertion point (the rest of the chain).
  const QStringList rvs = model.rankVariableChoices(at);
  const QStringList tensors = model.tensorChoices(at);
  QMenu* temporal = insert->addMenu(QObject::tr("Temporal loop"));
  for (const auto& rv : rvs)
    temporal->addAction(rv, &model, [&model, at, rv] { model.insertNodeAfter(at, makeTemporal(rv)); });
  temporal->setEnabled(!rvs.isEmpty());
  QMenu* spatial = insert->addMenu(QObject::tr("Spatial loop"));
  for (const auto& [component, dim] : model.spatialDimChoices()) {
    QMenu* sub = spatial->addMenu(QStringLiteral("%1 of %2").arg(dim, component));
    for (const auto& rv : rvs)
      sub->addAction(rv, &model, [&model, at, rv, dim, component] {
        model.insertNodeAfter(at, makeSpatial(rv, dim, component));
      });
  }
  spatial->setEnabled(!spatial->isEmpty() && !rvs.isEmpty());
  QMenu* storage = insert->addMenu(QObject::tr("Storage"));
  for (const auto& c : model.componentChoices(NodeKind::Storage))
    storage->addAction(c, &model, [&model, at, c, tensors] { model.insertNodeAfter(at, makeStorage(c, tensors)); });
  storage->setEnabled(!storage->isEmpty() && !tensors.isEmpty());
  const QStringList tolls = model.componentChoices(NodeKind::Toll);
  if (!tolls.isEmpty()) {
    QMenu* toll = insert->addMenu(QObject::tr("Toll"));
    for (const auto& c : tolls)
      toll->addAction(c, &model, [&model, at, c, tensors] { model.insertNodeAfter(at, makeToll(c, tensors)); });
  }
}

void addFieldMenus(QMenu& menu, MappingTreeModel& model, const QModelIndex& index) {
  const QPersistentModelIndex at(index.siblingAtColumn(0));
  const auto kind = static_cast<NodeKind>(at.data(MappingTreeModel::KindRole).toInt());
  if (kind == NodeKind::Temporal || kind == NodeKind::Spatial) {
    QMenu* tiles = menu.addMenu(QObject::tr("Tile shape"));
    const auto current = QModelIndex(at).siblingAtColumn(MappingTreeModel::DetailColumn).data(Qt::EditRole).toLongLong();
    for (const auto& c : model.tileChoices(at)) {
      const auto v = c.tile;
      QAction* a = tiles->addAction(model.tileChoiceText(at, c), &model,
                                    [&model, at, v] { model.applyTileChoice(at, v); });
      a->setCheckable(true);
      a->setChecked(v == current);
    }
    tiles->setEnabled(!tiles->isEmpty());
  }
  if (kind == NodeKind::Storage || kind == NodeKind::Toll) {
    QMenu* menuTensors = menu.addMenu(QObject::tr("Tensors"));
    const QStringList held = at.data(MappingTreeModel::TensorsRole).toStringList();
    QStringList choices = model.tensorChoices(at);
    for (const auto& t : held)
      if (!choices.contains(t)) choices << t;
    for (const auto& t : choices) {
      QAction* a = menuTensors->addAction(t, &model, [&model, at, t] { model.toggleTensor(at, t); });
      a->setCheckable(true);
      a->setChecked(held.contains(t));
    }
  }
  if (kind == NodeKind::Storage || kind == NodeKind::Toll || kind == NodeKind::Spatial || kind == NodeKind::Compute) {
    QMenu* components = menu.addMenu(QObject::tr("Component"));
    const QString current = at.data(MappingTreeModel::ComponentRole).toString();
    for (const auto& c : model.componentChoices(kind)) {
      QAction* a = components->addAction(c, &model, [&model, at, c] { model.setComponent(at, c); });
      a->setCheckable(true);
      a->setChecked(c == current);
    }
    components->setEnabled(!components->isEmpty());
  }
}

}  // namespace

void populateMappingMenu(QMenu& menu, MappingTreeModel& model, const QModelIndex& index) {
  addInsertMenu(menu, model, index);
  if (!index.isValid()) return;
  addFieldMenus(menu, model, index);
  menu.addSeparator();
  const QPersistentModelIndex at(index.siblingAtColumn(0));
  QAction* remove = menu.addAction(QObject::tr("Delete"), &model, [&model, at] { model.removeNode(at); });
  const QString reason = model.structureLocked() ? QObject::tr("the text uses Jinja templates")
                                                 : checkRemove(model.mapping(), model.pathForIndex(at));
  remove->setEnabled(reason.isEmpty());
  remove->setToolTip(reason);
}

}  // namespace af::ui
