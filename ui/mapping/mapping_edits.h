#pragma once
// Structural and field edits on a spec::Mapping value. Each check* returns an empty string when
// the edit is legal, else the reason it is not; apply* assume a passed check.
#include <QString>
#include <QStringList>
#include <cstdint>
#include <variant>

#include "mapping/node_path.h"
#include "spec/workload.h"

namespace af::ui {

// Moves within one chain only; Compute, branches and Nested stay last. `destRow` counts in the
// chain before removal (Qt's beginMoveRows convention), so n means "to the end".
[[nodiscard]] QString checkMove(const spec::Mapping& mapping, const NodePath& from, int destRow);
void applyMove(spec::Mapping& mapping, const NodePath& from, int destRow);

// Where "insert after `path`" lands: the parent chain and the row. {} / a Nested row insert at
// the start of that chain. Returns the reason when nothing may follow the node.
struct InsertPoint {
  NodePath parent;
  int row = 0;
};
[[nodiscard]] std::variant<InsertPoint, QString> insertPointAfter(const spec::Mapping& mapping,
                                                                 const NodePath& path);
[[nodiscard]] QString checkInsert(const spec::Mapping& mapping, const InsertPoint& at,
                                  const spec::MappingNode& node);
void applyInsert(spec::Mapping& mapping, const InsertPoint& at, spec::MappingNode node);

[[nodiscard]] QString checkRemove(const spec::Mapping& mapping, const NodePath& path);
void applyRemove(spec::Mapping& mapping, const NodePath& path);

// `valid` from validTileShapes(); empty means "unknown bound": any positive value is accepted.
[[nodiscard]] QString checkTileShape(const spec::Mapping& mapping, const NodePath& path, std::int64_t value,
                                     const QList<std::int64_t>& valid);
void applyTileShape(spec::Mapping& mapping, const NodePath& path, std::int64_t value);

// Storage/Toll: adds the tensor if absent, removes it if present (never the last one).
[[nodiscard]] QString checkToggleTensor(const spec::Mapping& mapping, const NodePath& path,
                                        const QString& tensor);
void applyToggleTensor(spec::Mapping& mapping, const NodePath& path, const QString& tensor);

// Storage, Toll, Spatial or Compute. `allowed` empty = any non-empty name.
[[nodiscard]] QString checkComponent(const spec::Mapping& mapping, const NodePath& path,
                                     const QString& component, const QStringList& allowed);
void applyComponent(spec::Mapping& mapping, const NodePath& path, const QString& component);

// Fresh nodes with tile 1 (the loops) for the insert actions.
[[nodiscard]] spec::MappingNode makeTemporal(const QString& rankVariable);
[[nodiscard]] spec::MappingNode makeSpatial(const QString& rankVariable, const QString& dim,
                                            const QString& component);
[[nodiscard]] spec::MappingNode makeStorage(const QString& component, const QStringList& tensors);
[[nodiscard]] spec::MappingNode makeToll(const QString& component, const QStringList& tensors);

}  // namespace af::ui
