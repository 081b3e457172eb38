#pragma once
// The words and numbers the architecture view shows: short SI labels on the boxes, exact values
// in tooltips (ui/README: Conventions).
#include <QString>
#include <QStringList>

#include "spec/arch.h"
#include "spec/priced_component.h"

namespace af::ui {

[[nodiscard]] QString componentKindName(spec::ComponentKind kind);
// "128 KiB", "192 b", "∞".
[[nodiscard]] QString capacityText(double bits);
// Bits moved by one action: the action's, else the component's, else 1.
[[nodiscard]] double bitsPerAction(const spec::Component& c, const spec::Action& a);

// One action as short cells: name, energy with what it is per ("64 pJ/bit" for a memory action of
// one bit, "512 pJ/access" and "8 pJ/bit" for 64 bits, "0.4 pJ/op" for compute), throughput
// ("6.4 G/s", "∞").
struct ActionCells {
  QString name, energy, perBit, throughput;
};
[[nodiscard]] ActionCells actionCells(const spec::Component& c, const spec::Action& a);

// "reuse_weight × 14", one per spatial dim.
[[nodiscard]] QStringList fanoutLines(const spec::Component& c);

// An area in the unit that reads best: "0.387 mm²", "5.98 µm²" (m² scale badly with SI prefixes).
[[nodiscard]] QString areaText(double m2);
// Where a component's costs came from, in a few words: "SmartBufferSRAM model", "table
// eyeriss", "spec", "Dummy"; with " · stale table entry" when the table was made for another
// design. Empty without pricing.
[[nodiscard]] QString pricingSummary(const spec::PricedComponent& priced);

// Rich-text tooltips with exact numbers; with `priced`, each figure's source, the model and the
// attributes it read, and any stale table entry.
[[nodiscard]] QString componentToolTip(const spec::Component& c, double instances,
                                       const spec::PricedComponent* priced = nullptr);
[[nodiscard]] QString fanoutToolTip(const spec::Component& c, double instancesAbove);

// A compute-in-memory array in one line, from the spatial dimensions named as AccelForge's CiM
// arches name them (suffix ARRAY_ROWS / ARRAY_COLUMNS, which its get_array_fanout_* read):
// "Array: 256 rows × 256 columns · per array: ADC ×256 (one per column), CimUnit ×65536 (one
// per cell), ..." with an ADC model's n_adcs where it reads one. Empty for other arches.
[[nodiscard]] QString arraySummary(const spec::ResolvedArch& arch, const std::string& compute,
                                   const std::map<std::string, spec::PricedComponent>& pricing);

}  // namespace af::ui
