#include "history/compare_runs_view.h"

#include <qcustomplot.h>

#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <map>

#include "history/text_diff.h"
#include "models/pinned_mapping.h"
#include "models/si_format.h"
#include "plots/accesses_plot.h"
#include "plots/compare_view.h"
#include "plots/si_axis_ticker.h"

namespace af::ui {

namespace {

const QColor kA(0x00, 0x72, 0xB2);  // Okabe–Ito blue: the pinned (reference) run
const QColor kB(0xD5, 0x5E, 0x00);  // vermilion: the run compared with it

QString change(double a, double b) {
  if (a == 0) return b == 0 ? QStringLiteral("=") : QStringLiteral("new");
  const double pct = 100.0 * (b - a) / a;
  return std::abs(pct) < 0.005 ? QStringLiteral("=")
                               : QStringLiteral("%1%2 %").arg(pct > 0 ? "+" : "").arg(pct, 0, 'f', 2);
}

std::map<std::string, std::string> assignmentsOf(const store::RunRecord& r) {
  std::map<std::string, std::string> out;
  for (const auto& a : r.assignments)
    if (const auto eq = a.find('='); eq != std::string::npos) out[a.substr(0, eq)] = a.substr(eq + 1);
  return out;
}

}  // namespace

CompareRunsView::CompareRunsView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  figures_ = new QLabel(this);
  figures_->setObjectName("compareFigures");
  figures_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(figures_);
  auto* split = new QSplitter(Qt::Horizontal, this);
  fronts_ = new QCustomPlot(split);
  fronts_->setObjectName("compareFronts");
  fronts_->setMinimumSize(280, 240);
  auto* tabs = new QTabWidget(split);
  pin_ = new PinnedMapping(this);
  accesses_ = new AccessesPlot(tabs);
  accesses_->setObjectName("compareAccesses");
  // A stays pinned: the reused views' Pin and Unpin would re-pin B or drop A (or do nothing).
  accesses_->setPinnable(false);
  buffers_ = new CompareView(pin_, tabs);
  buffers_->setObjectName("compareBuffers");
  buffers_->setPinnable(false);
  inputs_ = new QPlainTextEdit(tabs);
  inputs_->setObjectName("compareInputs");
  inputs_->setReadOnly(true);
  inputs_->setLineWrapMode(QPlainTextEdit::NoWrap);
  inputs_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  tabs->addTab(accesses_, tr("Accesses per buffer"));
  tabs->addTab(buffers_, tr("Per buffer"));
  tabs->addTab(inputs_, tr("Inputs"));
  split->addWidget(fronts_);
  split->addWidget(tabs);
  split->setSizes({1000, 1400});
  layout->addWidget(split, 1);
  connect(pin_, &PinnedMapping::pinnedChanged, this, [this] { accesses_->setPinned(pin_->pinned()); });
}

void CompareRunsView::setTensorPalette(const TensorPalette* palette) { accesses_->setTensorPalette(palette); }

void CompareRunsView::setRuns(const StoredRunPtr& a, const StoredRunPtr& b) {
  a_ = a;
  b_ = b;
  if (!a_ || !b_) return;
  // A is the reference: pinned; B is current. The plot draws A beside each of B's bars with
  // the change above it, as the window's pin does.
  pin_->setCurrent(a_->optimum);
  if (pin_->canPin()) pin_->pin();
  pin_->setCurrent(b_->optimum);
  accesses_->setData(b_->optimum);
  accesses_->setPinned(pin_->pinned());
  const auto& ra = a_->record;
  const auto& rb = b_->record;
  const auto figure = [](const store::RunRecord& r, double v, const QString& unit) {
    return r.found ? formatSi(v, unit) : tr("none");
  };
  figures_->setText(
      tr("<b style='color:%1'>A</b> %2%3 &nbsp; vs &nbsp; <b style='color:%4'>B</b> %5%6<br>"
         "energy %7 → %8 (%9) &nbsp; latency %10 → %11 (%12) &nbsp; EDP %13 → %14 (%15)")
          .arg(kA.name(), a_->title().toHtmlEscaped(),
               a_->bestPoint.isEmpty() ? QString() : tr(", best point %1").arg(a_->bestPoint.toHtmlEscaped()),
               kB.name(), b_->title().toHtmlEscaped(),
               b_->bestPoint.isEmpty() ? QString() : tr(", best point %1").arg(b_->bestPoint.toHtmlEscaped()))
          .arg(figure(ra, ra.energy, "J"), figure(rb, rb.energy, "J"), change(ra.energy, rb.energy))
          .arg(figure(ra, ra.latency, "s"), figure(rb, rb.latency, "s"), change(ra.latency, rb.latency))
          .arg(figure(ra, ra.edp, "Js"), figure(rb, rb.edp, "Js"), change(ra.edp, rb.edp)));
  drawFronts();
  writeInputs();
}

QString CompareRunsView::figuresText() const { return figures_->text(); }
QString CompareRunsView::inputsText() const { return inputs_->toPlainText(); }

void CompareRunsView::drawFronts() {
  fronts_->clearGraphs();
  fronts_->legend->setVisible(true);
  bool log = true;
  double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0;
  for (const auto& [run, colour, name] :
       {std::tuple{a_, kA, QStringLiteral("A")}, std::tuple{b_, kB, QStringLiteral("B")}}) {
    auto front = run->front;
    std::sort(front.begin(), front.end(), [](const auto& p, const auto& q) { return p.latency < q.latency; });
    QVector<double> xs, ys;
    for (const auto& p : front) {
      xs << p.latency;
      ys << p.energy;
      log = log && p.latency > 0 && p.energy > 0;
      xlo = std::min(xlo, p.latency), xhi = std::max(xhi, p.latency);
      ylo = std::min(ylo, p.energy), yhi = std::max(yhi, p.energy);
    }
    QCPGraph* g = fronts_->addGraph();
    g->setName(tr("%1: %2").arg(name, run->title()));
    g->setData(xs, ys, true);
    g->setLineStyle(QCPGraph::lsStepRight);
    g->setPen(QPen(colour, 2));
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, colour, Qt::white, 7));
  }
  fronts_->xAxis->setLabel(tr("latency"));
  fronts_->yAxis->setLabel(tr("energy"));
  for (auto* axis : {fronts_->xAxis, fronts_->yAxis}) {
    const QString unit = axis == fronts_->xAxis ? QStringLiteral("s") : QStringLiteral("J");
    axis->setScaleType(log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (log)
      axis->setTicker(QSharedPointer<SiLogAxisTicker>::create(UnitFamily::Decimal, unit));
    else
      axis->setTicker(QSharedPointer<SiAxisTicker>::create(UnitFamily::Decimal, unit));
  }
  if (xhi > 0 && yhi > 0) {
    if (log) {
      fronts_->xAxis->setRange(xlo / 1.5, xhi * 1.5);
      fronts_->yAxis->setRange(ylo / 1.2, yhi * 1.2);
    } else {
      fronts_->xAxis->setRange(0, xhi * 1.1);
      fronts_->yAxis->setRange(0, yhi * 1.1);
    }
  }
  fronts_->replot(QCustomPlot::rpQueuedReplot);
}

void CompareRunsView::writeInputs() {
  const auto& ra = a_->record;
  const auto& rb = b_->record;
  QStringList out;
  // Variables: the values each run rendered with (a sweep's best point's values too).
  auto va = assignmentsOf(ra), vb = assignmentsOf(rb);
  for (const auto* run : {a_.get(), b_.get()}) {
    auto& values = run == a_.get() ? va : vb;
    for (std::size_t v = 0; v < run->bestValues.size() && v < run->record.vary.size(); ++v)
      values[run->record.vary[v].at("name").get<std::string>()] = run->bestValues[v];
  }
  std::map<std::string, std::pair<std::string, std::string>> vars;
  for (const auto& [k, v] : va) vars[k].first = v;
  for (const auto& [k, v] : vb) vars[k].second = v;
  QStringList changed;
  for (const auto& [k, v] : vars)
    if (v.first != v.second)
      changed << tr("  %1: %2 → %3")
                     .arg(QString::fromStdString(k),
                          v.first.empty() ? tr("(default)") : QString::fromStdString(v.first),
                          v.second.empty() ? tr("(default)") : QString::fromStdString(v.second));
  out << (changed.isEmpty() ? tr("Variables: the same") : tr("Variables:")) << changed;
  // Settings.
  QStringList settings;
  for (const auto& [k, v] : ra.options.items())
    if (!rb.options.contains(k) || rb.options.at(k) != v)
      settings << tr("  %1: %2 → %3")
                      .arg(QString::fromStdString(k), QString::fromStdString(v.dump()),
                           QString::fromStdString(rb.options.contains(k) ? rb.options.at(k).dump()
                                                                         : "(none)"));
  out << (settings.isEmpty() ? tr("Mapper settings: the same") : tr("Mapper settings:")) << settings;
  if (ra.component_costs != rb.component_costs)
    out << tr("Cost table: %1 → %2")
               .arg(QString::fromStdString(ra.component_costs), QString::fromStdString(rb.component_costs));
  // Files, paired in merge order.
  out << (ra.spec_hash == rb.spec_hash ? tr("Spec files: the same texts") : tr("Spec files:"));
  for (std::size_t i = 0; i < std::max(ra.files.size(), rb.files.size()); ++i) {
    const QString pa = i < ra.files.size() ? QString::fromStdString(ra.files[i].path) : tr("(none)");
    const QString pb = i < rb.files.size() ? QString::fromStdString(rb.files[i].path) : tr("(none)");
    const QString ta = i < ra.files.size() ? QString::fromStdString(ra.files[i].text) : QString();
    const QString tb = i < rb.files.size() ? QString::fromStdString(rb.files[i].text) : QString();
    const QStringList diff = lineDiff(ta, tb);
    if (diff.isEmpty() && pa == pb) continue;
    out << QString()
        << (pa == pb ? QStringLiteral("--- %1").arg(pa) : QStringLiteral("--- %1\n+++ %2").arg(pa, pb));
    out << (diff.isEmpty() ? QStringList{tr("  (the same text)")} : diff);
  }
  inputs_->setPlainText(out.join('\n'));
}

}  // namespace af::ui
