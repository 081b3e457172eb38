#pragma once
// What the architecture view draws, computed from a ResolvedArch without any widget: the rows
// of one compute's path, top (backing store) to bottom (compute), and the replicated-array
// frames opened by spatial fanouts. Replication covers everything below the node that fans out,
// so every frame runs to the last row and frames nest.
#include <cstddef>
#include <string>
#include <vector>

#include "spec/arch.h"

namespace af::ui {

struct ArchRow {
  enum class Type { Box, FanoutHeader, ContainerLabel };
  Type type = Type::Box;
  std::size_t component = 0;  // index into ResolvedArch::components
  int depth = 0;              // number of frames enclosing this row
  double instances = 1;       // product of the enclosing fanouts
  int memoryLevel = -1;       // 0 = outermost memory on the path; -1 for non-memories
};

struct ArchFrame {
  std::size_t component = 0;  // the node whose spatial dims open the frame
  std::size_t firstRow = 0;   // its FanoutHeader row; the frame runs to the last row
  int depth = 0;              // 0 = outermost
};

struct ArchDiagram {
  std::vector<ArchRow> rows;
  std::vector<ArchFrame> frames;
  [[nodiscard]] int maxDepth() const { return static_cast<int>(frames.size()); }
};

// Names of the Compute components in walk order (one combo entry each).
[[nodiscard]] std::vector<std::string> computeNames(const spec::ResolvedArch& arch);

// The diagram for the path to `compute` (empty when it is unknown).
[[nodiscard]] ArchDiagram buildArchDiagram(const spec::ResolvedArch& arch, const std::string& compute);

}  // namespace af::ui
