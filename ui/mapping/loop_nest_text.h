#pragma once
// The mapping as indented loop-nest pseudo-code, one line per node, with what each line stands
// for (node path, buffer, tensor spans) so a view can colour and hover it:
//   MainMemory holds T0[m:64, n0:32]  W0[n0:32, n1:32]  # 24 KiB
//   for m in [0, 64) step 16:
//     parallel-for n1 in [0, 32) step 8:  # X of PEArray
//       T1[m, n1] += T0[m, n0] * W0[n0, n1]  # Matmul0 on MAC
// A buffer line shows the tile each tensor's buffer reserves as the engine places it
// (reserved_tiles(); engine/model/README.md, 'Reservations'), the same bits the occupancy
// plot counts; without the engine's placement (no architecture) it names the tensors only.
#include <QList>
#include <QString>

#include "mapping/mapping_context.h"
#include "mapping/reserved_tile_text.h"

namespace af::ui {

struct LoopNestLine {
  struct Span {
    int start = 0;
    int length = 0;
    QString tensor;
    double bits = -1;  // buffer lines: the bits reserved for the tensor; -1 when not placed
    QString toolTip;   // buffer lines: why the buffer holds that tile (lowering)
  };
  QString text;
  NodePath path;      // the node this line stands for
  QString component;  // the buffer (Storage/Toll) or compute unit
  QList<Span> tensorSpans;
  QString toolTip;    // for loops: which tensors it reuses, whose traffic it multiplies
};

// `reserved`: the engine's reserved tiles of this mapping (MappingTreeModel::reservedTiles()).
[[nodiscard]] QList<LoopNestLine> buildLoopNest(const spec::Mapping& mapping, const spec::Workload& workload,
                                                const std::vector<PlacedTile>& reserved = {});
[[nodiscard]] QString loopNestText(const QList<LoopNestLine>& lines);

}  // namespace af::ui
