#pragma once
// Number formatting shared by plots, tables and tooltips (ui/README: Conventions: SI prefixes per axis,
// exact values in tooltips and tables, thousands separators for large counts).
#include <QString>

namespace af::ui {

// A display unit: divide a raw value by `factor` and append `symbol` (e.g. 1e-9, "nJ").
struct ScaledUnit {
  double factor = 1.0;
  QString symbol;
};

// Decimal SI prefix (a..E) for magnitude |value|; with allowSubUnit = false (counts) never below 1.
[[nodiscard]] ScaledUnit siUnitFor(double magnitude, const QString& unit, bool allowSubUnit = true);
// Bits: "b" below 1 KiB, then bytes with binary prefixes (KiB, MiB, GiB, TiB).
[[nodiscard]] ScaledUnit bitUnitFor(double magnitudeBits);

// "1.23 nJ" with `significant` digits; "0" for zero; "∞" for infinity.
[[nodiscard]] QString formatSi(double value, const QString& unit, int significant = 3);
// Shortest representation that reads back to the same double, with an SI prefix: "1.2345678 nJ".
[[nodiscard]] QString formatSiExact(double value, const QString& unit);
[[nodiscard]] QString formatBits(double bits, int significant = 3);
// Exact count with thousands separators: "1,234,567" (fractions kept: "1,234.5").
[[nodiscard]] QString formatCount(double value);
// Trims a scaled number for a tick label: up to `significant` digits, no trailing zeros.
[[nodiscard]] QString formatScaled(double scaled, int significant);

}  // namespace af::ui
