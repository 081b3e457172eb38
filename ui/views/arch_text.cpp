#include "views/arch_text.h"

#include <QObject>
#include <cmath>

#include "models/qt_string.h"
#include "models/si_format.h"

namespace af::ui {

namespace {

QString row(const QString& label, const QString& value) {
  return QStringLiteral("<tr><td>%1</td><td>&nbsp;%2</td></tr>")
      .arg(label.toHtmlEscaped(), value.toHtmlEscaped());
}

QString exactRate(double perSecond) {
  return std::isinf(perSecond) ? QStringLiteral("\u221e") : formatSiExact(perSecond, QStringLiteral("/s"));
}

}  // namespace

QString componentKindName(spec::ComponentKind kind) {
  switch (kind) {
    case spec::ComponentKind::Memory:
      return QStringLiteral("Memory");
    case spec::ComponentKind::Toll:
      return QStringLiteral("Toll");
    case spec::ComponentKind::Compute:
      return QStringLiteral("Compute");
    case spec::ComponentKind::Container:
      return QStringLiteral("Container");
  }
  return {};
}

QString capacityText(double bits) { return formatBits(bits); }

double bitsPerAction(const spec::Component& c, const spec::Action& a) {
  return a.bits_per_action.value_or(c.bits_per_action.value_or(1.0));
}

ActionCells actionCells(const spec::Component& c, const spec::Action& a) {
  const double bits = bitsPerAction(c, a);
  // Say what the energy is per: a memory action moves `bits` bits (one bit unless the arch says
  // otherwise, so "64 pJ" there is per bit), a compute action is one operation.
  const QString per = !c.is_tensor_holder() ? QStringLiteral("/op")
                      : bits == 1           ? QStringLiteral("/bit")
                                            : QStringLiteral("/access");
  ActionCells cells{
      q(a.name),
      formatSi(a.energy, QStringLiteral("J")) + per,
      {},
      std::isinf(a.throughput) ? QStringLiteral("\u221e /s") : formatSi(a.throughput, QStringLiteral("/s"))};
  if (c.is_tensor_holder() && bits > 1 && a.energy != 0)
    cells.perBit = formatSi(a.energy / bits, QStringLiteral("J/bit"));
  return cells;
}

QStringList fanoutLines(const spec::Component& c) {
  QStringList lines;
  for (const auto& d : c.spatial)
    lines << QStringLiteral("%1 \u00d7 %2").arg(q(d.name), formatCount(d.fanout));
  return lines;
}

QString areaText(double m2) {
  if (m2 == 0) return QStringLiteral("0");
  // mm² down to 0.01 mm², then µm² (never an exponent: "3620 µm²").
  if (std::abs(m2) >= 1e-8) return QStringLiteral("%1 mm\u00b2").arg(formatScaled(m2 * 1e6, 3));
  return QStringLiteral("%1 \u00b5m\u00b2").arg(formatScaled(m2 * 1e12, 3));
}

QString pricingSummary(const spec::PricedComponent& p) {
  // The source of most figures: the model when any figure is the model's, then the table, ...
  bool model = p.area_source == spec::CostSource::Model || p.leak_source == spec::CostSource::Model;
  bool table = p.area_source == spec::CostSource::Table || p.leak_source == spec::CostSource::Table;
  bool dummy = p.area_source == spec::CostSource::Dummy;
  for (const auto& a : p.actions) {
    model = model || a.energy_source == spec::CostSource::Model;
    table = table || a.energy_source == spec::CostSource::Table;
    dummy = dummy || a.energy_source == spec::CostSource::Dummy;
  }
  const QString modelName = q(p.model.empty() ? p.component_class : p.model);
  QString out = model   ? (modelName.compare(q(p.component_class), Qt::CaseInsensitive) == 0
                               ? QObject::tr("priced by its model")
                               : QObject::tr("priced by the %1 model").arg(modelName))
                : table ? QObject::tr("from table %1").arg(q(p.table).section('#', -1))
                : dummy ? QObject::tr("Dummy")
                        : QObject::tr("spec");
  if (!p.stale.empty()) out += QObject::tr(" \u00b7 stale table entry");
  // A figure reproduced from AccelForge although physically wrong: its correction is in the tooltip.
  if (!p.model_notes.empty()) out += QObject::tr(" \u00b7 a figure as AccelForge has it (corrected: hover)");
  return out;
}

QString componentToolTip(const spec::Component& c, double instances, const spec::PricedComponent* priced) {
  QString html =
      QStringLiteral("<b>%1</b> &mdash; %2").arg(q(c.name).toHtmlEscaped(), componentKindName(c.kind));
  if (!c.component_class.empty()) html += QStringLiteral(" (%1)").arg(q(c.component_class).toHtmlEscaped());
  html += QStringLiteral("<table>");
  if (c.is_tensor_holder())
    html +=
        row(QObject::tr("Size"),
            std::isinf(c.size) ? QStringLiteral("\u221e")
                               : QObject::tr("%1 bits (%2)").arg(formatCount(c.size), formatBits(c.size, 6)));
  if (instances > 1) html += row(QObject::tr("Instances"), formatCount(instances));
  const auto from = [](spec::CostSource s) { return QStringLiteral(" (%1)").arg(spec::cost_source_name(s)); };
  if (c.leak_power != 0 || priced)
    html += row(QObject::tr("Leak power"), formatSiExact(c.leak_power, QStringLiteral("W")) +
                                               (priced ? from(priced->leak_source) : QString()));
  if (c.area != 0 || priced)
    html += row(QObject::tr("Area"), QStringLiteral("%1 m\u00b2").arg(c.area, 0, 'g', 17) +
                                         (priced ? from(priced->area_source) : QString()));
  html += QStringLiteral("</table>");
  if (!c.actions.empty()) {
    html += QStringLiteral("<table><tr><th align=left>%1</th><th>%2</th><th>%3</th><th>%4</th></tr>")
                .arg(QObject::tr("action"), QObject::tr("energy/action"), QObject::tr("bits/action"),
                     QObject::tr("actions/s"));
    for (const auto& a : c.actions) {
      const spec::PricedAction* pa = priced ? priced->find_action(a.name) : nullptr;
      html +=
          QStringLiteral("<tr><td>%1</td><td>&nbsp;%2</td><td>&nbsp;%3</td><td>&nbsp;%4</td></tr>")
              .arg(q(a.name).toHtmlEscaped(),
                   formatSiExact(a.energy, QStringLiteral("J")) + (pa ? from(pa->energy_source) : QString()),
                   formatCount(bitsPerAction(c, a)),
                   exactRate(a.throughput) + (pa ? from(pa->throughput_source) : QString()));
    }
    html += QStringLiteral("</table>");
  }
  if (priced && !priced->model.empty()) {
    // What the model read: the spec's values, and the defaults it took for the rest.
    QStringList read;
    for (const auto& attribute : priced->attributes)
      read << QStringLiteral("%1=%2%3")
                  .arg(q(attribute.name), q(attribute.value),
                       attribute.defaulted ? QObject::tr(" (default)") : QString())
                  .toHtmlEscaped();
    html +=
        QObject::tr("Model <b>%1</b> read: %2<br>").arg(q(priced->model).toHtmlEscaped(), read.join(", "));
  }
  if (priced && !priced->table.empty())
    html += QObject::tr("Cost table: %1%2<br>")
                .arg(q(priced->table).toHtmlEscaped(), priced->priced_by_model_instead
                                                           ? QObject::tr(" (its entry replaced by the model)")
                                                           : QString());
  if (priced)
    for (const auto& n : priced->model_notes)
      html += QStringLiteral("<span style='color:#8A4B00'>%1</span><br>").arg(q(n).toHtmlEscaped());
  if (priced)
    for (const auto& s : priced->stale)
      html += QStringLiteral("<span style='color:#D55E00'>%1</span><br>").arg(q(s.message).toHtmlEscaped());
  if (!c.spatial.empty())
    html += QObject::tr("Spatial: %1").arg(fanoutLines(c).join(QStringLiteral(", ")).toHtmlEscaped());
  return html;
}

QString arraySummary(const spec::ResolvedArch& arch, const std::string& compute,
                     const std::map<std::string, spec::PricedComponent>& pricing) {
  std::vector<std::size_t> path = arch.path_for(compute);
  if (path.empty())
    for (std::size_t i = 0; i < arch.components.size(); ++i) path.push_back(i);
  double rows = 1, cols = 1, inside = 1;  // inside: the array's instances above the current node
  bool array = false;
  QStringList parts;
  for (const std::size_t i : path) {
    const spec::Component& c = arch.components[i];
    const bool part =
        (c.kind == spec::ComponentKind::Memory || c.kind == spec::ComponentKind::Toll) &&
        QString::fromStdString(c.component_class).compare(QLatin1String("Dummy"), Qt::CaseInsensitive) != 0;
    if (part) {
      QString text = QStringLiteral("%1 \u00d7%2").arg(q(c.name), formatCount(inside));
      QStringList why;
      if (inside > 1 && inside == cols) why << QObject::tr("one per column");
      if (inside > 1 && inside == rows && rows != cols) why << QObject::tr("one per row");
      if (inside > 1 && inside == rows * cols && rows > 1 && cols > 1) why << QObject::tr("one per cell");
      if (const auto p = pricing.find(c.name); p != pricing.end())
        for (const auto& a : p->second.attributes)
          if (a.name == "n_adcs" && !a.defaulted) why << QObject::tr("n_adcs %1").arg(q(a.value));
      if (!why.isEmpty()) text += QStringLiteral(" (%1)").arg(why.join(QStringLiteral(", ")));
      parts << text;
    }
    for (const auto& d : c.spatial) {
      const QString name = q(d.name);
      if (name.endsWith(QLatin1String("ARRAY_ROWS"))) {
        rows *= d.fanout;
        array = true;
      } else if (name.endsWith(QLatin1String("ARRAY_COLUMNS"))) {
        cols *= d.fanout;
        array = true;
      } else {
        continue;
      }
      inside *= d.fanout;
    }
  }
  if (!array) return {};
  return QObject::tr("Array: %1 rows \u00d7 %2 columns \u00b7 per array: %3")
      .arg(formatCount(rows), formatCount(cols), parts.join(QStringLiteral(", ")));
}

QString fanoutToolTip(const spec::Component& c, double instancesAbove) {
  QString html = QObject::tr("<b>%1</b> &mdash; replicated array").arg(q(c.name).toHtmlEscaped());
  html += QStringLiteral("<table>");
  for (const auto& d : c.spatial) {
    QString text = QObject::tr("fanout %1").arg(formatCount(d.fanout));
    if (d.may_reuse) {
      QStringList names;
      for (const auto& t : *d.may_reuse) names << q(t);
      text += QObject::tr(", may reuse %1")
                  .arg(names.isEmpty() ? QObject::tr("nothing") : names.join(QStringLiteral(", ")));
    }
    if (!d.reuse.empty()) {
      QStringList names;
      for (const auto& t : d.reuse) names << q(t);
      text += QObject::tr(", reuse %1").arg(names.join(QStringLiteral(", ")));
    }
    html += row(q(d.name), text);
  }
  html += row(QObject::tr("Instances here"), formatCount(c.fanout()));
  html += row(QObject::tr("Instances in total"), formatCount(c.fanout() * instancesAbove));
  return html + QStringLiteral("</table>");
}

}  // namespace af::ui
