#include "plots/si_axis_ticker.h"

#include <algorithm>
#include <cmath>

namespace af::ui {

namespace {
ScaledUnit unitFor(double magnitude, UnitFamily family, const QString& unit) {
  switch (family) {
    case UnitFamily::Bits:
      return bitUnitFor(magnitude);
    case UnitFamily::Count:
      return siUnitFor(magnitude, QString(), false);
    case UnitFamily::Decimal:
      return siUnitFor(magnitude, unit);
  }
  return {};
}
}  // namespace

QString formatInFamily(double value, UnitFamily family, const QString& unit, int significant) {
  switch (family) {
    case UnitFamily::Bits:
      return formatBits(value, significant);
    case UnitFamily::Count:
      return formatSi(value, QString(), significant);
    case UnitFamily::Decimal:
      return formatSi(value, unit, significant);
  }
  return {};
}

void SiAxisTicker::generate(const QCPRange& range, const QLocale& locale, QChar formatChar, int precision,
                            QVector<double>& ticks, QVector<double>* subTicks, QVector<QString>* tickLabels) {
  scaled_ = unitFor(std::max(std::abs(range.lower), std::abs(range.upper)), family_, unit_);
  QCPAxisTicker::generate(range, locale, formatChar, precision, ticks, subTicks, tickLabels);
}

double SiAxisTicker::getTickStep(const QCPRange& range) {
  // Pick a readable step in the displayed unit (0.5 KiB, not 4096 bits).
  const double f = scaled_.factor;
  return QCPAxisTicker::getTickStep(QCPRange(range.lower / f, range.upper / f)) * f;
}

QString SiAxisTicker::getTickLabel(double tick, const QLocale&, QChar, int) {
  if (std::abs(tick) < 1e-12 * scaled_.factor) return QStringLiteral("0");
  const QString number = formatScaled(tick / scaled_.factor, 4);
  if (scaled_.symbol.isEmpty()) return number;
  return family_ == UnitFamily::Count ? number + scaled_.symbol : number + ' ' + scaled_.symbol;
}

SiLogAxisTicker::SiLogAxisTicker(UnitFamily family, QString unit) : family_(family), unit_(std::move(unit)) {
  setLogBase(family == UnitFamily::Bits ? 2.0 : 10.0);
  setSubTickCount(family == UnitFamily::Bits ? 0 : 8);
}

QString SiLogAxisTicker::getTickLabel(double tick, const QLocale&, QChar, int) {
  return formatInFamily(tick, family_, unit_, 3);
}

}  // namespace af::ui
