#include "views/architecture_view.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include "plots/figure_export.h"
#include "views/arch_diagram.h"
#include "views/arch_scene.h"
#include "views/arch_text.h"
#include "views/diagram_scene.h"
#include "views/diagram_view.h"

namespace af::ui {

ArchitectureView::ArchitectureView(QWidget* parent)
    : QWidget(parent),
      scene_(new DiagramScene(this)),
      view_(new DiagramView(scene_, this)),
      computeRow_(new QWidget(this)),
      computeCombo_(new QComboBox(computeRow_)) {
  auto* row = new QHBoxLayout(computeRow_);
  row->setContentsMargins(4, 2, 4, 2);
  row->addWidget(new QLabel(tr("Path to compute:"), computeRow_));
  row->addWidget(computeCombo_);
  row->addStretch();
  computeRow_->hide();

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(computeRow_);
  // A cost-table entry made for another design: said above the drawing, with the offer to
  // price that component with its model instead.
  stale_ = new QLabel(this);
  stale_->setObjectName("staleCosts");
  stale_->setWordWrap(true);
  stale_->setTextFormat(Qt::RichText);
  stale_->setStyleSheet("QLabel { background: #FDEBD8; color: #5A2A00; padding: 3px 6px; }");
  stale_->hide();
  connect(stale_, &QLabel::linkActivated, this, [this](const QString& link) {
    if (link.startsWith(QLatin1String("price:"))) emit priceWithModelRequested(link.mid(6));
  });
  layout->addWidget(stale_);
  array_ = new QLabel(this);
  array_->setObjectName("arraySummary");
  array_->setWordWrap(true);
  array_->setStyleSheet("QLabel { padding: 3px 6px; }");
  array_->hide();
  layout->addWidget(array_);
  layout->addWidget(view_);

  view_->setEmptyText(tr("No architecture yet.\nOpen an architecture and a workload, or pick an example."));
  view_->setExportTitle(tr("Architecture"));
  connect(computeCombo_, &QComboBox::currentTextChanged, this, [this](const QString& name) {
    redraw();
    emit computeChanged(name);
  });
  connect(scene_, &DiagramScene::itemClicked, this, [this](const QString& name, const QString& kind) {
    if (kind == QLatin1String(kKindComponent) || kind == QLatin1String(kKindFanout))
      emit componentClicked(name);
  });
}

ArchitectureView::~ArchitectureView() = default;

QString ArchitectureView::staleText() const { return stale_->isHidden() ? QString() : stale_->text(); }
QString ArchitectureView::arrayText() const { return array_->isHidden() ? QString() : array_->text(); }

void ArchitectureView::setArch(const spec::ResolvedArch& arch,
                               const std::vector<spec::PricedComponent>& priced, const QString& computeName) {
  pricing_.clear();
  for (const auto& p : priced) pricing_.emplace(p.name, p);
  QStringList lines;
  for (const auto& p : priced)
    for (const auto& s : p.stale)
      lines << tr("%1 <a href=\"price:%2\">Price %2 with its model</a>")
                   .arg(QString::fromStdString(s.message).toHtmlEscaped(), QString::fromStdString(p.name));
  stale_->setText(lines.join(QStringLiteral("<br>")));
  stale_->setVisible(!lines.isEmpty());
  display(arch, computeName);
}

void ArchitectureView::setArch(const spec::ResolvedArch& arch, const QString& computeName) {
  pricing_.clear();
  stale_->hide();
  display(arch, computeName);
}

void ArchitectureView::display(const spec::ResolvedArch& arch, const QString& computeName) {
  arch_ = arch;
  QStringList names;
  for (const auto& n : af::ui::computeNames(arch_)) names << QString::fromStdString(n);
  {
    const QSignalBlocker block(computeCombo_);
    computeCombo_->clear();
    computeCombo_->addItems(names);
    if (const int i = names.indexOf(computeName); i >= 0) computeCombo_->setCurrentIndex(i);
  }
  computeRow_->setVisible(names.size() > 1);
  redraw();
}

void ArchitectureView::clear() {
  arch_ = {};
  pricing_.clear();
  stale_->hide();
  {
    const QSignalBlocker block(computeCombo_);
    computeCombo_->clear();
  }
  computeRow_->hide();
  redraw();
}

QString ArchitectureView::computeName() const { return computeCombo_->currentText(); }

QStringList ArchitectureView::computeNames() const {
  QStringList names;
  for (int i = 0; i < computeCombo_->count(); ++i) names << computeCombo_->itemText(i);
  return names;
}

bool ArchitectureView::exportTo(const QString& path, QString* error) {
  return exportFigure(sceneFigure(*scene_, view_->exportTitle()), path, error);
}

void ArchitectureView::highlight(const QString& name) {
  scene_->highlight(name);
  if (QGraphicsItem* item = scene_->findItem(scene_->highlighted(), kKindComponent))
    view_->ensureVisible(item);
}

void ArchitectureView::zoomToFit() { view_->zoomToFit(); }

void ArchitectureView::redraw() {
  const QString keep = scene_->highlighted();
  const QString array = arraySummary(arch_, computeCombo_->currentText().toStdString(), pricing_);
  array_->setText(array);
  array_->setVisible(!array.isEmpty());
  drawArchDiagram(*scene_, arch_, buildArchDiagram(arch_, computeCombo_->currentText().toStdString()),
                  pricing_);
  scene_->highlight(keep);
  view_->zoomToFit();
}

}  // namespace af::ui
