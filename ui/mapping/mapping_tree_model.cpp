#include "mapping/mapping_tree_model.h"

#include <QMimeData>
#include <functional>

#include "mapping/reserved_tile_text.h"
#include "model/evaluate.h"

namespace af::ui {

struct MappingTreeModel::Item {
  Item* parent = nullptr;
  std::vector<std::unique_ptr<Item>> children;
  QString error;

  void mirror(const std::vector<spec::MappingNode>& nodes) {
    children.clear();
    for (const auto& node : nodes) {
      auto child = std::make_unique<Item>();
      child->parent = this;
      if (const auto* kids = childrenOf(node)) child->mirror(*kids);
      children.push_back(std::move(child));
    }
  }
  [[nodiscard]] int row() const {
    for (std::size_t i = 0; i < parent->children.size(); ++i)
      if (parent->children[i].get() == this) return static_cast<int>(i);
    return -1;
  }
  void visit(const std::function<void(Item&)>& fn) {
    fn(*this);
    for (auto& c : children) c->visit(fn);
  }
};

MappingTreeModel::MappingTreeModel(QObject* parent)
    : QAbstractItemModel(parent), root_(std::make_unique<Item>()) {
  qRegisterMetaType<spec::Mapping>();
}

MappingTreeModel::~MappingTreeModel() = default;

void MappingTreeModel::setMapping(spec::Mapping mapping) {
  beginResetModel();
  reserved_.reset();
  mapping_ = std::move(mapping);
  rebuildItems();
  endResetModel();
}

void MappingTreeModel::rebuildItems() {
  root_ = std::make_unique<Item>();
  root_->mirror(mapping_.nodes);
}

void MappingTreeModel::setWorkload(spec::Workload workload) {
  workload_ = std::move(workload);
  refreshAll();
}

void MappingTreeModel::setArchitecture(std::optional<spec::ResolvedArch> arch) { arch_ = std::move(arch); }

void MappingTreeModel::setResolvedSpec(std::shared_ptr<const spec::ResolvedSpec> spec) {
  if (spec == resolved_) return;
  resolved_ = std::move(spec);
  reserved_.reset();
  refreshAll();
}

void MappingTreeModel::setTileChoicePolicy(const mapping_edit::TileChoicePolicy& policy) { policy_ = policy; }

const std::vector<mapping_edit::PlacedTile>& MappingTreeModel::reservedTiles() const {
  if (!reserved_) reserved_ = resolved_ ? mapping_edit::reserved_tiles(*resolved_, mapping_) : std::vector<mapping_edit::PlacedTile>{};
  return *reserved_;
}

void MappingTreeModel::setStructureLocked(bool locked) {
  if (locked_ == locked) return;
  locked_ = locked;
  refreshAll();  // drag/drop flags change
}

void MappingTreeModel::updateLocations(const spec::Mapping& reparsed) {
  const std::function<void(std::vector<spec::MappingNode>&, const std::vector<spec::MappingNode>&)> copy =
      [&](std::vector<spec::MappingNode>& mine, const std::vector<spec::MappingNode>& theirs) {
        if (mine.size() != theirs.size()) return;  // not the same tree: keep what we have
        for (std::size_t i = 0; i < mine.size(); ++i) {
          mine[i].where = theirs[i].where;
          mine[i].fields = theirs[i].fields;
          auto* a = childrenOf(mine[i]);
          const auto* b = childrenOf(theirs[i]);
          if (a && b) copy(*a, *b);
        }
      };
  copy(mapping_.nodes, reparsed.nodes);
}

// --- addressing -------------------------------------------------------------------------

MappingTreeModel::Item* MappingTreeModel::itemFor(const QModelIndex& index) const {
  return index.isValid() ? static_cast<Item*>(index.internalPointer()) : root_.get();
}

NodePath MappingTreeModel::pathOf(const Item* item) const {
  NodePath path;
  for (; item && item->parent; item = item->parent) path.prepend(item->row());
  return path;
}

NodePath MappingTreeModel::pathForIndex(const QModelIndex& index) const { return pathOf(itemFor(index)); }

QModelIndex MappingTreeModel::indexForPath(const NodePath& path, int column) const {
  QModelIndex index;
  for (const int row : path) {
    index = this->index(row, 0, index);
    if (!index.isValid()) return {};
  }
  return index.siblingAtColumn(column);
}

const spec::MappingNode* MappingTreeModel::nodeFor(const QModelIndex& index) const {
  return index.isValid() ? nodeAt(mapping_, pathForIndex(index)) : nullptr;
}

QModelIndex MappingTreeModel::index(int row, int column, const QModelIndex& parent) const {
  if (column < 0 || column >= ColumnCount || (parent.isValid() && parent.column() != 0)) return {};
  const Item* p = itemFor(parent);
  if (row < 0 || row >= static_cast<int>(p->children.size())) return {};
  return createIndex(row, column, p->children[static_cast<std::size_t>(row)].get());
}

QModelIndex MappingTreeModel::parent(const QModelIndex& child) const {
  if (!child.isValid()) return {};
  const Item* p = itemFor(child)->parent;
  if (!p || p == root_.get()) return {};
  return createIndex(p->row(), 0, const_cast<Item*>(p));
}

int MappingTreeModel::rowCount(const QModelIndex& parent) const {
  if (parent.isValid() && parent.column() != 0) return 0;
  return static_cast<int>(itemFor(parent)->children.size());
}

int MappingTreeModel::columnCount(const QModelIndex&) const { return ColumnCount; }

// --- display ----------------------------------------------------------------------------

QVariant MappingTreeModel::data(const QModelIndex& index, int role) const {
  const auto* node = nodeFor(index);
  if (!node) return {};
  const Item* item = itemFor(index);
  const NodePath path = pathOf(item);
  const auto kind = kindOf(*node);
  const bool loop = kind == NodeKind::Temporal || kind == NodeKind::Spatial;
  const auto text = [&](int column) {
    const mapping_edit::Shape shape = shapeAt(mapping_, workload_, path);
    if (column == DetailColumn && !heldTensors(*node).empty()) {
      QStringList tiles;  // what each buffer reserves, as the engine places it
      for (const auto& tensor : heldTensors(*node)) {
        const auto* tile = reservedTileAt(reservedTiles(), path, tensor);
        tiles << (tile ? formatReservedTile(workload_, *tile) : QString::fromStdString(tensor));
      }
      return tiles.join(QStringLiteral("  "));
    }
    if (column == DetailColumn) return nodeDetail(*node, shape, einsumsBelow(mapping_, workload_, path));
    const auto* parentNode = path.size() > 1 ? nodeAt(mapping_, path.first(path.size() - 1)) : nullptr;
    return nodeLabel(*node, shape, parentNode && parentNode->as<spec::BranchNode>() ? path.back() : -1);
  };
  switch (role) {
    case Qt::DisplayRole: return text(index.column());
    case Qt::EditRole:
      if (index.column() == DetailColumn && loop)
        return QVariant::fromValue<qlonglong>(node->as<spec::TemporalNode>()
                                                  ? node->as<spec::TemporalNode>()->tile_shape
                                                  : node->as<spec::SpatialNode>()->tile_shape);
      return text(index.column());
    case Qt::DecorationRole:
      if (index.column() != NodeColumn) return {};
      return item->error.isEmpty() ? icons_.forKind(kind) : icons_.error();
    case Qt::ToolTipRole: {
      if (!item->error.isEmpty()) return item->error;
      QString tip = text(NodeColumn);
      if (const auto detail = text(DetailColumn); !detail.isEmpty()) tip += QLatin1Char('\n') + detail;
      for (const auto& tensor : heldTensors(*node))  // why each buffer holds what it holds
        if (const auto* tile = reservedTileAt(reservedTiles(), path, tensor))
          tip += QStringLiteral("\n\n") + explainReservedTile(mapping_, workload_, *tile);
      if (node->where && node->where->known()) tip += QStringLiteral("\nline %1").arg(node->where->line);
      return tip;
    }
    case Qt::ForegroundRole:
      if (!item->error.isEmpty() && index.column() == NodeColumn) return QColor(0xb0, 0x00, 0x20);
      return {};
    case PathRole: return pathToString(path);
    case KindRole: return static_cast<int>(kind);
    case ErrorRole: return item->error;
    case TensorsRole: {
      QStringList out;
      for (const auto& name : heldTensors(*node)) out << QString::fromStdString(name);
      return out;
    }
    case BaseLabelRole: {
      if (const auto* s = node->as<spec::StorageNode>())
        return QStringLiteral("Storage %1").arg(QString::fromStdString(s->component));
      if (const auto* t = node->as<spec::TollNode>())
        return QStringLiteral("Toll %1").arg(QString::fromStdString(t->component));
      return text(NodeColumn);
    }
    case ComponentRole: {
      if (const auto* s = node->as<spec::StorageNode>()) return QString::fromStdString(s->component);
      if (const auto* t = node->as<spec::TollNode>()) return QString::fromStdString(t->component);
      if (const auto* p = node->as<spec::SpatialNode>()) return QString::fromStdString(p->component);
      if (const auto* c = node->as<spec::ComputeNode>()) return QString::fromStdString(c->component);
      return QString();
    }
    default: return {};
  }
}

QVariant MappingTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  return section == NodeColumn ? tr("Node") : tr("Tile / details");
}

Qt::ItemFlags MappingTreeModel::flags(const QModelIndex& index) const {
  if (!index.isValid()) return locked_ ? Qt::NoItemFlags : Qt::ItemIsDropEnabled;
  Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
  const auto* node = nodeFor(index);
  if (!node) return f;
  const auto kind = kindOf(*node);
  if (index.column() == DetailColumn && (kind == NodeKind::Temporal || kind == NodeKind::Spatial))
    f |= Qt::ItemIsEditable;
  if (!locked_ && inChain(mapping_, pathForIndex(index)) && !endsChain(*node)) f |= Qt::ItemIsDragEnabled;
  if (!locked_ && kind == NodeKind::Nested) f |= Qt::ItemIsDropEnabled;
  return f;
}

bool MappingTreeModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if ((role != Qt::EditRole && role != TileChoiceRole) || index.column() != DetailColumn) return false;
  bool ok = false;
  const auto tile = value.toLongLong(&ok);
  if (!ok) return reject(tr("a tile shape is a positive integer")).isEmpty();
  return (role == TileChoiceRole ? applyTileChoice(index, tile) : setTileShape(index, tile)).isEmpty();
}

void MappingTreeModel::refreshAll() {
  root_->visit([this](Item& item) {
    if (item.children.empty()) return;
    const QModelIndex parent = item.parent ? createIndex(item.row(), 0, &item) : QModelIndex();
    emit dataChanged(index(0, 0, parent),
                     index(static_cast<int>(item.children.size()) - 1, ColumnCount - 1, parent));
  });
}

// --- errors -----------------------------------------------------------------------------

void MappingTreeModel::setNodeError(const NodePath& path, const QString& message) {
  const QModelIndex index = indexForPath(path);
  if (!index.isValid()) return;
  itemFor(index)->error = message;
  emit dataChanged(index, index.siblingAtColumn(ColumnCount - 1));
}

std::optional<NodePath> MappingTreeModel::setNodeErrorAtLine(int line, const QString& message) {
  std::optional<NodePath> best;
  int bestLine = 0;
  forEachNode(mapping_, [&](const spec::MappingNode& node, const NodePath& path) {
    // The error may point into a node's fields: the last node starting at or above it wins.
    if (!node.where || !node.where->known() || node.where->line > line) return;
    if (node.where->line >= bestLine) {
      bestLine = node.where->line;
      best = path;
    }
  });
  if (best) setNodeError(*best, message);
  return best;
}

std::optional<NodePath> MappingTreeModel::markInvalidMapping(const model::InvalidMapping& error) {
  const auto message = QString::fromStdString(error.message());
  if (error.where() && error.where()->known()) return setNodeErrorAtLine(error.where()->line, message);
  std::optional<NodePath> found;
  forEachNode(mapping_, [&](const spec::MappingNode& node, const NodePath& path) {
    if (!found && spec::describe(node) == error.node()) found = path;
  });
  if (found) setNodeError(*found, message);
  return found;
}

void MappingTreeModel::clearNodeErrors() {
  root_->visit([](Item& item) { item.error.clear(); });
  refreshAll();
}

int MappingTreeModel::markDiagnostics(const std::vector<core::Diagnostic>& diagnostics,
                                      const std::string& file) {
  int marked = 0;
  for (const auto& d : diagnostics) {
    // Only the mapping section's own errors: other keys of the same file have no node.
    if (d.severity != core::Severity::Error || d.where.file != file || !d.where.known() ||
        !d.field.starts_with("mapping"))
      continue;
    const auto message = QString::fromStdString(d.message);
    const auto path = setNodeErrorAtLine(d.where.line, message);
    if (!path) continue;
    ++marked;
  }
  return marked;
}

// --- edits ------------------------------------------------------------------------------

QString MappingTreeModel::reject(QString reason) {
  emit editRejected(reason);
  return reason;
}

QString MappingTreeModel::structureLockReason() const {
  return locked_ ? tr("the mapping text uses Jinja templates: change its structure in the YAML editor")
                 : QString();
}

void MappingTreeModel::edited(std::vector<mapping_edit::MappingTextEdit> edits) {
  reserved_.reset();
  lastEdits_ = std::move(edits);
  clearNodeErrors();  // errors belonged to the previous mapping; re-evaluation marks anew
  emit mappingChanged(mapping_);
}

void MappingTreeModel::insertRow(const InsertPoint& at, spec::MappingNode node) {
  const QModelIndex parent = indexForPath(at.parent);
  beginInsertRows(parent, at.row, at.row);
  reserved_.reset();
  applyInsert(mapping_, at, std::move(node));
  Item* p = itemFor(parent);
  auto child = std::make_unique<Item>();
  child->parent = p;
  p->children.insert(p->children.begin() + at.row, std::move(child));
  endInsertRows();
}

QString MappingTreeModel::moveNode(const NodePath& from, int destRow) {
  if (locked_) return reject(structureLockReason());
  if (auto reason = checkMove(mapping_, from, destRow); !reason.isEmpty()) return reject(reason);
  const QModelIndex parent = indexForPath(from.first(from.size() - 1));
  if (!beginMoveRows(parent, from.back(), from.back(), parent, destRow)) return reject(tr("illegal move"));
  reserved_.reset();
  applyMove(mapping_, from, destRow);
  auto& kids = itemFor(parent)->children;
  auto moved = std::move(kids[static_cast<std::size_t>(from.back())]);
  kids.erase(kids.begin() + from.back());
  kids.insert(kids.begin() + (destRow > from.back() ? destRow - 1 : destRow), std::move(moved));
  endMoveRows();
  edited({mapping_edit::MoveNode{toSpecPath(from), destRow}});
  return {};
}

QString MappingTreeModel::insertNodeAfter(const QModelIndex& after, spec::MappingNode node) {
  if (locked_) return reject(structureLockReason());
  const auto point = insertPointAfter(mapping_, pathForIndex(after));
  if (const auto* reason = std::get_if<QString>(&point)) return reject(*reason);
  const auto at = std::get<InsertPoint>(point);
  if (auto reason = checkInsert(mapping_, at, node); !reason.isEmpty()) return reject(reason);
  mapping_edit::InsertNode edit{toSpecPath(at.parent), at.row, node};
  insertRow(at, std::move(node));
  edited({std::move(edit)});
  return {};
}

QString MappingTreeModel::removeNode(const QModelIndex& index) {
  if (locked_) return reject(structureLockReason());
  const NodePath path = pathForIndex(index);
  if (auto reason = checkRemove(mapping_, path); !reason.isEmpty()) return reject(reason);
  const QModelIndex parent = index.parent();
  beginRemoveRows(parent, path.back(), path.back());
  reserved_.reset();
  applyRemove(mapping_, path);
  auto& kids = itemFor(parent)->children;
  kids.erase(kids.begin() + path.back());
  endRemoveRows();
  edited({mapping_edit::RemoveNode{toSpecPath(path)}});
  return {};
}

QString MappingTreeModel::setTileShape(const QModelIndex& index, std::int64_t tileShape) {
  const NodePath path = pathForIndex(index);
  if (auto reason = checkTileShape(mapping_, workload_, path, tileShape, tileOptions(index));
      !reason.isEmpty())
    return reject(reason);
  if (mapping_edit::inner_loop_needed(mapping_, toSpecPath(path), tileShape)) {
    const auto rv = QString::fromStdString(spec::loop_of(*nodeAt(mapping_, path))->first);
    return reject(
        tr("%1 would leave no loop of tile 1 over %2, and the Compute does one operation at a time, so "
           "every rank variable needs one. Choose \"%3\" to insert it with this tile.")
            .arg(tileShape)
            .arg(rv, tileChoiceText(index, mapping_edit::TileChoice{tileShape, mapping_edit::InsertAt{}})));
  }
  reserved_.reset();
  applyTileShape(mapping_, path, tileShape);
  edited({mapping_edit::SetScalar{toSpecPath(path), "tile_shape", std::to_string(tileShape)}});  // every row may change
  return {};
}

QString MappingTreeModel::applyTileChoice(const QModelIndex& index, std::int64_t tileShape) {
  const NodePath path = pathForIndex(index);
  if (auto reason = checkTileShape(mapping_, workload_, path, tileShape, tileOptions(index));
      !reason.isEmpty())
    return reject(reason);
  const auto inner = mapping_edit::inner_loop_needed(mapping_, toSpecPath(path), tileShape);
  std::vector<mapping_edit::MappingTextEdit> edits{mapping_edit::SetScalar{toSpecPath(path), "tile_shape", std::to_string(tileShape)}};
  if (inner && locked_) return reject(structureLockReason());
  reserved_.reset();
  applyTileShape(mapping_, path, tileShape);
  if (inner) {
    const auto rv = QString::fromStdString(spec::loop_of(*nodeAt(mapping_, path))->first);
    const InsertPoint at{fromSpecPath(inner->chain), inner->row};
    spec::MappingNode loop = makeTemporal(rv);
    edits.push_back(mapping_edit::InsertNode{inner->chain, inner->row, loop});
    insertRow(at, std::move(loop));
  }
  edited(std::move(edits));
  return {};
}

QString MappingTreeModel::toggleTensor(const QModelIndex& index, const QString& tensor) {
  const NodePath path = pathForIndex(index);
  if (auto reason = checkToggleTensor(mapping_, path, tensor); !reason.isEmpty()) return reject(reason);
  reserved_.reset();
  applyToggleTensor(mapping_, path, tensor);
  edited({mapping_edit::SetList{toSpecPath(path), "tensors", heldTensors(*nodeAt(mapping_, path))}});
  return {};
}

QString MappingTreeModel::setComponent(const QModelIndex& index, const QString& component) {
  const NodePath path = pathForIndex(index);
  const auto* node = nodeAt(mapping_, path);
  const QStringList allowed = node && arch_ ? componentChoices(kindOf(*node)) : QStringList();
  if (auto reason = checkComponent(mapping_, path, component, allowed); !reason.isEmpty()) return reject(reason);
  reserved_.reset();
  applyComponent(mapping_, path, component);
  edited({mapping_edit::SetScalar{toSpecPath(path), "component", component.toStdString()}});
  return {};
}

// --- choices ----------------------------------------------------------------------------

mapping_edit::TileChoiceOptions MappingTreeModel::tileOptions(const QModelIndex& index) const {
  const auto* node = nodeFor(index);
  return node ? policy_.for_node(*node) : mapping_edit::TileChoiceOptions{};
}

QList<std::int64_t> MappingTreeModel::validTileShapes(const QModelIndex& index) const {
  return af::ui::validTileShapes(mapping_, workload_, pathForIndex(index), tileOptions(index));
}

QList<mapping_edit::TileChoice> MappingTreeModel::tileChoices(const QModelIndex& index) const {
  QList<mapping_edit::TileChoice> out;
  for (auto& c : mapping_edit::tile_choices(mapping_, workload_, toSpecPath(pathForIndex(index)), tileOptions(index)))
    out << std::move(c);
  return out;
}

QString MappingTreeModel::tileChoiceText(const QModelIndex& index, const mapping_edit::TileChoice& choice) const {
  const auto* node = nodeFor(index);
  const auto loop = node ? spec::loop_of(*node) : std::nullopt;
  if (!choice.inner_loop || !loop) return QString::number(choice.tile);
  return tr("%1 + inner for %2 step 1").arg(choice.tile).arg(QString::fromStdString(loop->first));
}

QStringList MappingTreeModel::tensorChoices(const QModelIndex& index) const {
  return tensorsBelow(mapping_, workload_, pathForIndex(index));
}

QStringList MappingTreeModel::rankVariableChoices(const QModelIndex& index) const {
  return rankVariablesBelow(mapping_, workload_, pathForIndex(index));
}

QStringList MappingTreeModel::componentChoices(NodeKind kind) const {
  QStringList out;
  if (arch_) {
    for (const auto& c : arch_->components) {
      const bool fits = kind == NodeKind::Spatial   ? !c.spatial.empty()
                        : kind == NodeKind::Storage ? c.kind == spec::ComponentKind::Memory
                        : kind == NodeKind::Toll    ? c.kind == spec::ComponentKind::Toll
                                                    : c.kind == spec::ComponentKind::Compute;
      if (fits && !out.contains(QString::fromStdString(c.name))) out << QString::fromStdString(c.name);
    }
    return out;
  }
  forEachNode(mapping_, [&](const spec::MappingNode& node, const NodePath&) {
    if (kindOf(node) != kind) return;
    std::string name;
    if (const auto* s = node.as<spec::StorageNode>()) name = s->component;
    if (const auto* t = node.as<spec::TollNode>()) name = t->component;
    if (const auto* p = node.as<spec::SpatialNode>()) name = p->component;
    if (const auto* c = node.as<spec::ComputeNode>()) name = c->component;
    if (!out.contains(QString::fromStdString(name))) out << QString::fromStdString(name);
  });
  return out;
}

QList<QPair<QString, QString>> MappingTreeModel::spatialDimChoices() const {
  QList<QPair<QString, QString>> out;
  const auto add = [&](const std::string& component, const std::string& dim) {
    const QPair pair{QString::fromStdString(component), QString::fromStdString(dim)};
    if (!out.contains(pair)) out << pair;
  };
  if (arch_) {
    for (const auto& c : arch_->components)
      for (const auto& d : c.spatial) add(c.name, d.name);
    return out;
  }
  forEachNode(mapping_, [&](const spec::MappingNode& node, const NodePath&) {
    if (const auto* p = node.as<spec::SpatialNode>()) add(p->component, p->name);
  });
  return out;
}

// --- drag and drop ----------------------------------------------------------------------

QStringList MappingTreeModel::mimeTypes() const { return {QString::fromLatin1(kPathMime)}; }

QMimeData* MappingTreeModel::mimeData(const QModelIndexList& indexes) const {
  if (indexes.isEmpty()) return nullptr;
  auto* data = new QMimeData;  // ownership passes to the drag (Qt API)
  data->setData(QString::fromLatin1(kPathMime), pathToString(pathForIndex(indexes.first())).toUtf8());
  return data;
}

std::variant<std::pair<NodePath, int>, QString> MappingTreeModel::dropMove(const QMimeData* data, int row,
                                                                           const QModelIndex& parent) const {
  if (locked_) return structureLockReason();
  if (!data || !data->hasFormat(QString::fromLatin1(kPathMime))) return tr("not a mapping node");
  const auto from = pathFromString(QString::fromUtf8(data->data(QString::fromLatin1(kPathMime))));
  if (!from || from->isEmpty() || !nodeAt(mapping_, *from)) return tr("the dragged node no longer exists");
  if (from->first(from->size() - 1) != pathForIndex(parent)) return tr("a node moves only within its own chain");
  const auto* chain = siblingsOf(mapping_, *from);
  const int end = static_cast<int>(chain->size()) - (endsChain(chain->back()) ? 1 : 0);
  const int dest = row < 0 ? end : row;  // dropped onto the chain itself: to its end
  if (auto reason = checkMove(mapping_, *from, dest); !reason.isEmpty()) return reason;
  return std::pair{*from, dest};
}

bool MappingTreeModel::canDropMimeData(const QMimeData* data, Qt::DropAction action, int row, int,
                                       const QModelIndex& parent) const {
  return action == Qt::MoveAction && std::holds_alternative<std::pair<NodePath, int>>(dropMove(data, row, parent));
}

bool MappingTreeModel::dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int,
                                    const QModelIndex& parent) {
  if (action != Qt::MoveAction) return false;
  const auto move = dropMove(data, row, parent);
  if (const auto* reason = std::get_if<QString>(&move)) return reject(*reason).isEmpty();
  const auto& [from, dest] = std::get<std::pair<NodePath, int>>(move);
  // The move happens here. removeRows() is deliberately not implemented, so the view's
  // "remove the source after a MoveAction" step is a no-op.
  return moveNode(from, dest).isEmpty();
}

}  // namespace af::ui
