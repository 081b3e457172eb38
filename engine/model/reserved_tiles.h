#pragma once
// Where each holder's buffer is sized and how big it is (README: Reservations;
// insert_reservation_nodes): the tile the model counts against the component's capacity
// (Evaluation::occupancy), with what placed it there, for views that show and explain it.
#include <cstdint>
#include <string>
#include <vector>

#include "spec/mapping.h"
#include "spec/resolved_spec.h"

namespace af::model {

// Why a reservation sits where it does.
enum class SizedBy {
  Backing,                // the tensor's first holder: sized right below itself, whole tile
  Holder,                 // the next holder below closes every open buffer above itself
  IrrelevantLoop,         // a loop whose rank variable does not index the tensor: reused across it
  PartiallyRelevantLoop,  // a loop that partly indexes it (a sliding window): sized just below it
  OtherSpatial,           // a spatial loop of another component
  Compute,                // nothing closed it before the Compute
};

struct ReservedTile {
  std::string einsum;
  const spec::MappingNode* holder = nullptr;  // the Storage/Toll node, in the mapping passed in
  std::string component;
  std::string tensor;
  std::vector<std::int64_t> extents;  // per rank of the tensor's projection, in its order
  double values = 0;                  // product of the extents
  // The tile the loops above the holder leave (what it would hold without lowering).
  std::vector<std::int64_t> holder_extents;
  double holder_values = 0;
  // Bits against the component's size (× the workload's instances when persistent), as in
  // Evaluation::occupancy; 0 for a Toll, which passes data without keeping it.
  double bits = 0;
  bool toll = false;
  SizedBy sized_by = SizedBy::Backing;
  const spec::MappingNode* sized_at = nullptr;  // the node the reservation sits next to
  bool below = false;                           // below `sized_at` (else above it)
  // The loops between the holder and its reservation: the buffer holds one of their tiles.
  std::vector<const spec::MappingNode*> lowered_through;
};

// One entry per Einsum × holder × tensor. Works on mappings that are still being edited: a
// missing tile-1 loop or backing holder does not stop it, and an Einsum whose names do not
// resolve (unknown component, rank variable, ...) contributes nothing. Never throws.
[[nodiscard]] std::vector<ReservedTile> reserved_tiles(const spec::ResolvedSpec& spec,
                                                       const spec::Mapping& mapping);

}  // namespace af::model
