#pragma once
// The mapping as an editable tree: one row per node; a branch's rows are its branches, a
// branch's (Nested) rows are its chain. The model owns a copy of the mapping; every accepted
// edit emits mappingChanged() and says what it changed in text terms (lastEdits()), so the
// file is spliced, not rewritten. Rejected edits return (and emit) the reason. Storage rows
// show the tile each buffer reserves, placed by the engine (reserved_tiles();
// engine/model/README.md, 'Reservations').
#include <QAbstractItemModel>
#include <memory>
#include <optional>
#include <vector>

#include "core/diagnostic.h"
#include "mapping/mapping_edits.h"
#include "mapping/node_icons.h"
#include "spec/arch.h"
#include "spec/resolved_spec.h"
#include "mapping_edit/mapping_queries.h"
#include "mapping_edit/mapping_text.h"

namespace af::model {
class InvalidMapping;
}

namespace af::ui {

class MappingTreeModel : public QAbstractItemModel {
  Q_OBJECT
 public:
  enum Column { NodeColumn, DetailColumn, ColumnCount };
  enum Role {
    PathRole = Qt::UserRole + 1,  // QString "0.2.1"
    KindRole,                     // int(NodeKind)
    TensorsRole,                  // QStringList (Storage/Toll)
    ErrorRole,                    // QString; empty when fine
    BaseLabelRole,                // the node column without the tensor list (for chips)
    ComponentRole,                // QString; Storage/Toll/Spatial/Compute
    // setData only: a tile offered by tileChoices(), applied with the inner loop it needs.
    TileChoiceRole,
  };
  static constexpr const char* kPathMime = "application/x-af-mapping-node-path";

  explicit MappingTreeModel(QObject* parent = nullptr);
  ~MappingTreeModel() override;

  // Replaces the whole tree (a reset; errors cleared). Not an edit: no mappingChanged.
  void setMapping(spec::Mapping mapping);
  [[nodiscard]] const spec::Mapping& mapping() const { return mapping_; }
  // Context for tile shapes, tensor lists and labels; optional.
  void setWorkload(spec::Workload workload);
  [[nodiscard]] const spec::Workload& workload() const { return workload_; }
  void setArchitecture(std::optional<spec::ResolvedArch> arch);
  // The spec the engine places buffers with (architecture per Einsum); null: storage rows and
  // the loop nest name tensors without tiles.
  void setResolvedSpec(std::shared_ptr<const spec::ResolvedSpec> spec);
  // Which tiles loops are offered: the spec's mapper settings (imperfect loops).
  void setTileChoicePolicy(const mapping_edit::TileChoicePolicy& policy);
  // The engine's reserved tiles of the current mapping (computed when first asked after a change).
  [[nodiscard]] const std::vector<mapping_edit::PlacedTile>& reservedTiles() const;
  // While locked (templated text), moves/inserts/deletes are refused; field edits still work.
  void setStructureLocked(bool locked);
  [[nodiscard]] bool structureLocked() const { return locked_; }
  // Copies `where` from a re-parse of regenerated YAML (same structure) so error lines match.
  void updateLocations(const spec::Mapping& reparsed);

  [[nodiscard]] QModelIndex indexForPath(const NodePath& path, int column = NodeColumn) const;
  [[nodiscard]] NodePath pathForIndex(const QModelIndex& index) const;

  // --- edits: empty string = done, else the reason --------------------------------------
  QString moveNode(const NodePath& from, int destRow);
  QString insertNodeAfter(const QModelIndex& after, spec::MappingNode node);
  QString removeNode(const QModelIndex& index);
  // Refuses a tile that is no choice (explain_tile_shape) or that would leave the rank
  // variable without a tile-1 loop; the reason then names the choice that adds one.
  QString setTileShape(const QModelIndex& index, std::int64_t tileShape);
  // A tile with what it needs (tileChoices()): the tile and, for the innermost loop of a rank
  // variable, a new `for rv` of tile 1 at the end of its chain, as one edit.
  QString applyTileChoice(const QModelIndex& index, std::int64_t tileShape);
  QString toggleTensor(const QModelIndex& index, const QString& tensor);
  QString setComponent(const QModelIndex& index, const QString& component);

  // --- choices for menus and delegates ------------------------------------------------
  [[nodiscard]] QList<std::int64_t> validTileShapes(const QModelIndex& index) const;
  [[nodiscard]] QList<mapping_edit::TileChoice> tileChoices(const QModelIndex& index) const;
  // "4", or "4 + inner for m step 1" when the choice inserts a loop.
  [[nodiscard]] QString tileChoiceText(const QModelIndex& index, const mapping_edit::TileChoice& choice) const;
  // The last accepted edit in text terms, for splicing into the file (MappingSync).
  [[nodiscard]] const std::vector<mapping_edit::MappingTextEdit>& lastEdits() const { return lastEdits_; }
  [[nodiscard]] QStringList tensorChoices(const QModelIndex& index) const;  // Einsums below
  [[nodiscard]] QStringList rankVariableChoices(const QModelIndex& index) const;
  [[nodiscard]] QStringList componentChoices(NodeKind kind) const;  // arch, else used ones
  [[nodiscard]] QList<QPair<QString, QString>> spatialDimChoices() const;  // (component, dim)

  // --- per-node errors ----------------------------------------------------------------
  void setNodeError(const NodePath& path, const QString& message);
  // The node whose `where` line is `line`, else the last node starting above it. nullopt if none.
  std::optional<NodePath> setNodeErrorAtLine(int line, const QString& message);
  // Uses where() (line), else the node whose describe() equals node().
  std::optional<NodePath> markInvalidMapping(const model::InvalidMapping& error);
  void clearNodeErrors();
  // Marks the node of each error located in `file` (load errors and model rejections alike,
  // at the field's own line); returns the number of errors that found a node.
  int markDiagnostics(const std::vector<core::Diagnostic>& diagnostics, const std::string& file);

  // --- QAbstractItemModel -------------------------------------------------------------
  [[nodiscard]] QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
  [[nodiscard]] QModelIndex parent(const QModelIndex& child) const override;
  [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
  [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
  [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation,
                                    int role = Qt::DisplayRole) const override;
  [[nodiscard]] Qt::ItemFlags flags(const QModelIndex& index) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
  [[nodiscard]] QStringList mimeTypes() const override;
  [[nodiscard]] QMimeData* mimeData(const QModelIndexList& indexes) const override;
  [[nodiscard]] bool canDropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                                     const QModelIndex& parent) const override;
  bool dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                    const QModelIndex& parent) override;
  [[nodiscard]] Qt::DropActions supportedDropActions() const override { return Qt::MoveAction; }
  [[nodiscard]] Qt::DropActions supportedDragActions() const override { return Qt::MoveAction; }

 signals:
  void mappingChanged(const af::spec::Mapping& mapping);
  void editRejected(const QString& reason);

 private:
  struct Item;  // mirrors the tree so indexes stay valid across edits (stable internal pointers)
  [[nodiscard]] Item* itemFor(const QModelIndex& index) const;
  [[nodiscard]] NodePath pathOf(const Item* item) const;
  [[nodiscard]] const spec::MappingNode* nodeFor(const QModelIndex& index) const;
  // Checks the drop and returns the move (source path, destination row) or the reason.
  [[nodiscard]] std::variant<std::pair<NodePath, int>, QString> dropMove(const QMimeData* data, int row,
                                                                          const QModelIndex& parent) const;
  QString reject(QString reason);
  QString structureLockReason() const;
  void edited(std::vector<mapping_edit::MappingTextEdit> edits);                // refresh texts, clear stale errors, emit
  void insertRow(const InsertPoint& at, spec::MappingNode node);  // rows and mapping alike
  [[nodiscard]] mapping_edit::TileChoiceOptions tileOptions(const QModelIndex& index) const;
  void refreshAll();       // every row's texts may depend on other rows (enclosing tiles)
  void rebuildItems();

  spec::Mapping mapping_;
  spec::Workload workload_;
  std::optional<spec::ResolvedArch> arch_;
  std::shared_ptr<const spec::ResolvedSpec> resolved_;
  mapping_edit::TileChoicePolicy policy_;
  // Points into mapping_: reset before every change of it.
  mutable std::optional<std::vector<mapping_edit::PlacedTile>> reserved_;
  std::vector<mapping_edit::MappingTextEdit> lastEdits_;
  std::unique_ptr<Item> root_;
  bool locked_ = false;
  mutable NodeIcons icons_;
};

}  // namespace af::ui

Q_DECLARE_METATYPE(af::spec::Mapping)
