#pragma once
// Axis tickers that label values with SI prefixes (ui/README: Conventions): a linear axis picks one prefix
// for the whole axis from its range ("0 nJ, 0.5 nJ, 1 nJ"), a log axis labels each decade on its
// own ("1 pJ, 1 nJ, 1 µJ").
#include <qcustomplot.h>

#include "models/si_format.h"

namespace af::ui {

enum class UnitFamily {
  Decimal,  // SI prefixes on a unit (J, s)
  Count,    // SI prefixes without a unit, none below 1 (k, M, G)
  Bits,     // b, then KiB, MiB, ... (bytes with binary prefixes)
};

class SiAxisTicker : public QCPAxisTicker {
 public:
  SiAxisTicker(UnitFamily family, QString unit) : family_(family), unit_(std::move(unit)) {}
  void generate(const QCPRange& range, const QLocale& locale, QChar formatChar, int precision,
                QVector<double>& ticks, QVector<double>* subTicks, QVector<QString>* tickLabels) override;

 protected:
  double getTickStep(const QCPRange& range) override;
  QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;

 private:
  UnitFamily family_;
  QString unit_;
  ScaledUnit scaled_;  // chosen per axis in generate()
};

class SiLogAxisTicker : public QCPAxisTickerLog {
 public:
  SiLogAxisTicker(UnitFamily family, QString unit);

 protected:
  QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;

 private:
  UnitFamily family_;
  QString unit_;
};

// Formats one value of a family with `significant` digits (tooltips use formatSiExact instead).
[[nodiscard]] QString formatInFamily(double value, UnitFamily family, const QString& unit,
                                     int significant = 3);

}  // namespace af::ui
