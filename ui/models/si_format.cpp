#include "models/si_format.h"

#include <QLocale>
#include <algorithm>
#include <array>
#include <cmath>

namespace af::ui {

namespace {

struct Prefix {
  int exponent;
  const char* symbol;
};
// "µ" is U+00B5 (micro sign), written as an escape to keep the source ASCII.
constexpr std::array<Prefix, 13> kPrefixes{{{-18, "a"},
                                            {-15, "f"},
                                            {-12, "p"},
                                            {-9, "n"},
                                            {-6, "\u00b5"},
                                            {-3, "m"},
                                            {0, ""},
                                            {3, "k"},
                                            {6, "M"},
                                            {9, "G"},
                                            {12, "T"},
                                            {15, "P"},
                                            {18, "E"}}};

QLocale groupingLocale() {
  // The C locale omits group separators by default; tables want them.
  QLocale locale;
  locale.setNumberOptions(locale.numberOptions() & ~QLocale::OmitGroupSeparator);
  return locale;
}

// Units get a space ("3 nJ"); a bare count prefix does not ("3k").
QString joinUnit(const QString& number, const QString& symbol, bool isUnit = true) {
  return symbol.isEmpty() ? number : number + (isUnit ? QStringLiteral(" ") : QString()) + symbol;
}

}  // namespace

ScaledUnit siUnitFor(double magnitude, const QString& unit, bool allowSubUnit) {
  magnitude = std::abs(magnitude);
  if (magnitude == 0.0 || !std::isfinite(magnitude)) return {1.0, unit};
  // Largest prefix not above the value, so the mantissa is in [1, 1000).
  const int exponent = static_cast<int>(std::floor(std::log10(magnitude) / 3.0 + 1e-9)) * 3;
  const int clamped =
      std::clamp(exponent, allowSubUnit ? kPrefixes.front().exponent : 0, kPrefixes.back().exponent);
  for (const auto& p : kPrefixes)
    if (p.exponent == clamped) return {std::pow(10.0, p.exponent), QString::fromUtf8(p.symbol) + unit};
  return {1.0, unit};
}

ScaledUnit bitUnitFor(double magnitudeBits) {
  magnitudeBits = std::abs(magnitudeBits);
  constexpr std::array<const char*, 4> kBinary{"KiB", "MiB", "GiB", "TiB"};
  double factor = 8.0 * 1024.0;
  if (!std::isfinite(magnitudeBits) || magnitudeBits < factor) return {1.0, QStringLiteral("b")};
  for (std::size_t i = 0; i < kBinary.size(); ++i, factor *= 1024.0)
    if (magnitudeBits < factor * 1024.0 || i + 1 == kBinary.size()) return {factor, QString(kBinary[i])};
  return {1.0, QStringLiteral("b")};
}

QString formatScaled(double scaled, int significant) {
  if (scaled == 0.0) return QStringLiteral("0");
  // 'g' with limited digits removes float noise (0.30000000000000004 -> 0.3) and trailing zeros.
  QString text = QString::number(scaled, 'g', significant);
  if (text.contains('e')) text = QString::number(scaled, 'f', 0);  // e.g. 1000 when rounding spills over
  return text;
}

QString formatSi(double value, const QString& unit, int significant) {
  if (std::isinf(value)) return QStringLiteral("\u221e");
  if (value == 0.0) return joinUnit(QStringLiteral("0"), unit);
  // Counts (no unit) never get sub-unit prefixes: "500m" reads as five hundred metres.
  const auto scaled = siUnitFor(value, unit, !unit.isEmpty());
  return joinUnit(formatScaled(value / scaled.factor, significant), scaled.symbol, !unit.isEmpty());
}

QString formatSiExact(double value, const QString& unit) {
  if (std::isinf(value)) return QStringLiteral("\u221e");
  const auto scaled = siUnitFor(value, unit);
  // Shortest round-trip digits of the scaled value; scaling by a power of ten can add float
  // noise in the last digit, so prefer the shorter of the two spellings that round-trip.
  const double mantissa = value / scaled.factor;
  QString text = QString::number(mantissa, 'g', QLocale::FloatingPointShortest);
  if (const QString shorter = QString::number(mantissa, 'g', 15);
      shorter.size() < text.size() &&
      std::abs(shorter.toDouble() * scaled.factor - value) <= std::abs(value) * 1e-15)
    text = shorter;
  return joinUnit(text, scaled.symbol);
}

QString formatBits(double bits, int significant) {
  if (std::isinf(bits)) return QStringLiteral("\u221e");
  const auto unit = bitUnitFor(bits);
  return joinUnit(unit.factor == 1.0 ? formatCount(bits) : formatScaled(bits / unit.factor, significant),
                  unit.symbol);
}

QString formatCount(double value) {
  if (!std::isfinite(value)) return std::isinf(value) ? QStringLiteral("\u221e") : QStringLiteral("NaN");
  const QLocale locale = groupingLocale();
  if (std::abs(value) < 9.0e15 && value == std::trunc(value))
    return locale.toString(static_cast<qlonglong>(value));
  return locale.toString(value, 'f', QLocale::FloatingPointShortest);
}

}  // namespace af::ui
