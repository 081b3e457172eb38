#include "mapping/loop_nest_view.h"

#include <QFontDatabase>
#include <QHelpEvent>
#include <QItemSelectionModel>
#include <QTextBlock>
#include <QToolTip>

#include "mapping/mapping_tree_model.h"

namespace af::ui {
namespace {

// Palette hues like orange, sky blue and yellow are too light for text: darken the same hue
// until it reads on a white page (the tint behind it keeps the full colour visible).
QColor readableOnWhite(QColor color) {
  const auto luma = [](const QColor& c) { return 0.299 * c.red() + 0.587 * c.green() + 0.114 * c.blue(); };
  for (int i = 0; i < 8 && luma(color) > 105; ++i) color = color.darker(125);
  return color;
}

}  // namespace

LoopNestView::LoopNestView(QWidget* parent) : QPlainTextEdit(parent) {
  setReadOnly(true);
  setLineWrapMode(QPlainTextEdit::NoWrap);
  setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  setPlaceholderText(tr("No mapping yet: open a mapping file or pick a point on the Pareto front."));
  viewport()->setMouseTracking(true);
  viewport()->setCursor(Qt::ArrowCursor);
}

void LoopNestView::setModel(MappingTreeModel* model) {
  if (model_) disconnect(model_, nullptr, this, nullptr);
  model_ = model;
  if (model_) {
    // Any change can move enclosing tiles, so the whole text is rebuilt (it is small).
    connect(model_, &QAbstractItemModel::modelReset, this, &LoopNestView::rebuild);
    connect(model_, &QAbstractItemModel::dataChanged, this, &LoopNestView::rebuild);
    connect(model_, &QAbstractItemModel::rowsMoved, this, &LoopNestView::rebuild);
    connect(model_, &QAbstractItemModel::rowsInserted, this, &LoopNestView::rebuild);
    connect(model_, &QAbstractItemModel::rowsRemoved, this, &LoopNestView::rebuild);
  }
  rebuild();
}

void LoopNestView::setTensorPalette(TensorPalette* palette) {
  palette_ = palette;
  rebuild();
}

TensorPalette& LoopNestView::palette() { return palette_ ? *palette_ : ownPalette_; }

void LoopNestView::setTreeSelectionModel(QItemSelectionModel* selection) {
  if (selection_) disconnect(selection_, nullptr, this, nullptr);
  selection_ = selection;
  if (selection_)
    connect(selection_, &QItemSelectionModel::currentChanged, this, &LoopNestView::updateHighlights);
  updateHighlights();
}

void LoopNestView::rebuild() {
  if (!model_) {
    lines_.clear();
    clear();
    return;
  }
  const auto& workload = model_->workload();
  QStringList order;  // workload order first, so colours match the plots
  for (const auto& t : workload.tensor_names()) order << QString::fromStdString(t);
  palette().assign(order);
  const QList<LoopNestLine> lines = buildLoopNest(model_->mapping(), workload, model_->reservedTiles());
  if (lines.size() == lines_.size() && loopNestText(lines) == toPlainText()) {
    lines_ = lines;  // same text (e.g. only an error flag changed): keep scroll and cursor
    updateHighlights();
    return;
  }
  lines_ = lines;
  clear();
  QTextCursor cursor(document());
  for (qsizetype i = 0; i < lines_.size(); ++i) {
    const auto& line = lines_[i];
    if (i > 0) cursor.insertBlock();
    int at = 0;
    for (const auto& span : line.tensorSpans) {
      cursor.insertText(line.text.mid(at, span.start - at), QTextCharFormat());
      QTextCharFormat format;
      const QColor color = palette().colorFor(span.tensor);
      format.setForeground(readableOnWhite(color));
      QColor tint = color;
      tint.setAlpha(48);
      format.setBackground(tint);
      format.setFontWeight(QFont::DemiBold);
      cursor.insertText(line.text.mid(span.start, span.length), format);
      at = span.start + span.length;
    }
    cursor.insertText(line.text.mid(at), QTextCharFormat());
  }
  hoveredLine_ = -1;
  updateHighlights();
}

QString LoopNestView::toolTipAt(int line, int column) const {
  if (line < 0 || line >= lines_.size()) return {};
  // On a buffer's tensor: why that buffer holds the tile it does; elsewhere the line's tip.
  for (const auto& span : lines_[line].tensorSpans)
    if (column >= span.start && column < span.start + span.length && !span.toolTip.isEmpty())
      return span.toolTip;
  return lines_[line].toolTip;
}

int LoopNestView::lineForPath(const NodePath& path) const {
  for (qsizetype i = 0; i < lines_.size(); ++i)
    if (lines_[i].path == path) return static_cast<int>(i);
  return -1;
}

void LoopNestView::hoverAt(int line, int column) {
  const bool inside = line >= 0 && line < lines_.size();
  QString tensor;
  if (inside)
    for (const auto& span : lines_[line].tensorSpans)
      if (column >= span.start && column < span.start + span.length) tensor = span.tensor;
  if (line == hoveredLine_ && tensor == hoveredTensor_) return;
  const bool lineChanged = line != hoveredLine_;
  hoveredLine_ = inside ? line : -1;
  hoveredTensor_ = tensor;
  const LoopNestLine empty;
  const LoopNestLine& info = inside ? lines_[line] : empty;
  if (lineChanged) {
    emit hoveredNode(info.path);
    if (selection_ && model_ && inside) {
      const QModelIndex index = model_->indexForPath(info.path);
      selection_->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    }
  }
  // Buffer lines name a component; compute lines too (the plot highlights the compute bar).
  emit hoveredBuffer(info.component, tensor);
  updateHighlights();
}

void LoopNestView::updateHighlights() {
  QList<QTextEdit::ExtraSelection> extras;
  const auto highlight = [&](int line, const QColor& color) {
    const QTextBlock block = document()->findBlockByNumber(line);
    if (!block.isValid()) return;
    QTextEdit::ExtraSelection sel;
    sel.cursor = QTextCursor(block);
    sel.format.setBackground(color);
    sel.format.setProperty(QTextFormat::FullWidthSelection, true);
    extras << sel;
  };
  if (selection_ && model_) {
    const int selected = lineForPath(model_->pathForIndex(selection_->currentIndex()));
    if (selected >= 0 && selection_->currentIndex().isValid()) highlight(selected, QColor(0, 114, 178, 35));
  }
  if (hoveredLine_ >= 0) highlight(hoveredLine_, QColor(0, 0, 0, 18));
  // Nodes the model marks broken get a red wash on their line.
  if (model_)
    for (qsizetype i = 0; i < lines_.size(); ++i)
      if (!model_->data(model_->indexForPath(lines_[i].path), MappingTreeModel::ErrorRole).toString().isEmpty())
        highlight(static_cast<int>(i), QColor(0xd0, 0x20, 0x20, 45));
  setExtraSelections(extras);
}

void LoopNestView::mouseMoveEvent(QMouseEvent* event) {
  const QTextCursor cursor = cursorForPosition(event->position().toPoint());
  hoverAt(cursor.blockNumber(), cursor.positionInBlock());
  QPlainTextEdit::mouseMoveEvent(event);
}

void LoopNestView::leaveEvent(QEvent* event) {
  hoverAt(-1);
  QPlainTextEdit::leaveEvent(event);
}

bool LoopNestView::viewportEvent(QEvent* event) {
  if (event->type() == QEvent::Leave) hoverAt(-1);
  if (event->type() == QEvent::ToolTip) {
    const auto* help = static_cast<QHelpEvent*>(event);
    const QTextCursor cursor = cursorForPosition(help->pos());
    const QString tip = toolTipAt(cursor.blockNumber(), cursor.positionInBlock());
    if (tip.isEmpty()) QToolTip::hideText();
    else QToolTip::showText(help->globalPos(), tip, viewport());
    return true;
  }
  return QPlainTextEdit::viewportEvent(event);
}

}  // namespace af::ui
