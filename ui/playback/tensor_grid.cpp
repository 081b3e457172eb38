#include "playback/tensor_grid.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QVBoxLayout>
#include <algorithm>

namespace af::ui {

namespace {

constexpr int kMargin = 22;   // room for the rank labels
constexpr int kMaxCell = 22;  // px per element at most

}  // namespace

TensorGrid::TensorGrid(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  // The title (the tensor, and where the other ranks are sliced) on a line of its own, the rank
  // pickers under it: a long title never runs under them.
  title_ = new QLabel(this);
  title_->setObjectName("gridTitle");
  QFont bold = title_->font();
  bold.setBold(true);
  title_->setFont(bold);
  title_->setWordWrap(true);
  title_->setContentsMargins(4, 2, 4, 0);
  layout->addWidget(title_);
  auto* bar = new QHBoxLayout;
  bar->setContentsMargins(2, 0, 2, 0);
  rowCombo_ = new QComboBox(this);
  rowCombo_->setObjectName("gridRows");
  rowCombo_->setToolTip(tr("The rank drawn down the grid"));
  columnCombo_ = new QComboBox(this);
  columnCombo_->setObjectName("gridColumns");
  columnCombo_->setToolTip(tr("The rank drawn across the grid; the other ranks are sliced at this step"));
  bar->addStretch(1);
  bar->addWidget(rowCombo_);
  times_ = new QLabel(QStringLiteral("×"), this);
  bar->addWidget(times_);
  bar->addWidget(columnCombo_);
  layout->addLayout(bar);
  layout->addStretch(1);
  const auto picked = [this] { setRanks(rowCombo_->currentIndex(), columnCombo_->currentIndex()); };
  connect(rowCombo_, &QComboBox::activated, this, picked);
  connect(columnCombo_, &QComboBox::activated, this, picked);
  setMinimumSize(200, 190);
}

void TensorGrid::setTensor(const QString& name, const QColor& color, const QStringList& ranks,
                           const std::vector<playback::Range>& space) {
  const bool same = name == name_ && ranks == ranks_;
  name_ = name;
  color_ = color;
  ranks_ = ranks;
  space_ = space;
  if (!same) {
    // Two ranks drawn (the last two: rows, columns); one rank: a single row.
    const int n = static_cast<int>(ranks.size());
    y_ = n >= 2 ? n - 2 : 0;
    x_ = n >= 1 ? n - 1 : 0;
    for (auto* combo : {rowCombo_, columnCombo_}) {
      const QSignalBlocker block(combo);
      combo->clear();
      combo->addItems(ranks);
    }
    rowCombo_->setCurrentIndex(y_);
    columnCombo_->setCurrentIndex(x_);
    rowCombo_->setVisible(n > 2);
    columnCombo_->setVisible(n > 2);
    times_->setVisible(n > 2);
  }
  updateTitle();
  update();
}

void TensorGrid::setRanks(int rowRank, int columnRank) {
  const int n = static_cast<int>(ranks_.size());
  if (rowRank < 0 || columnRank < 0 || rowRank >= n || columnRank >= n) return;
  y_ = rowRank;
  x_ = columnRank;
  rowCombo_->setCurrentIndex(y_);
  columnCombo_->setCurrentIndex(x_);
  updateTitle();
  update();
}

void TensorGrid::updateTitle() {
  QStringList sliced;
  for (int r = 0; r < static_cast<int>(ranks_.size()); ++r)
    if (r != x_ && r != y_ && r < static_cast<int>(current_.size()))
      sliced << QStringLiteral("%1=%2").arg(ranks_[r]).arg(current_[static_cast<std::size_t>(r)].lo);
  title_->setText(
      sliced.isEmpty() ? name_ : QStringLiteral("%1  (%2)").arg(name_, sliced.join(QStringLiteral(", "))));
}

int TensorGrid::headerHeight() const {
  return std::max(rowCombo_->geometry().bottom(), title_->geometry().bottom()) + 4;
}

void TensorGrid::setFrame(QList<GridOutline> outlines, std::vector<std::vector<playback::Range>> touched,
                          std::vector<playback::Range> current) {
  outlines_ = std::move(outlines);
  touched_ = std::move(touched);
  current_ = std::move(current);
  updateTitle();
  update();
}

QSize TensorGrid::sizeHint() const {
  const auto extent = [&](int r) {
    return r < static_cast<int>(space_.size())
               ? static_cast<int>(std::min<std::int64_t>(space_[r].size(), 64))
               : 1;
  };
  const int header = title_->sizeHint().height() + rowCombo_->sizeHint().height() + 6;
  return {std::max(200, 2 * kMargin + extent(x_) * 14), header + 2 * kMargin + extent(y_) * 14};
}

bool TensorGrid::inSlice(const std::vector<playback::Range>& tile) const {
  // A tile shows in this slice when it covers the slice's index of every other rank (the
  // current element's).
  for (std::size_t r = 0; r < tile.size() && r < current_.size(); ++r) {
    if (static_cast<int>(r) == x_ || (static_cast<int>(r) == y_ && ranks_.size() > 1)) continue;
    if (current_[r].lo < tile[r].lo || current_[r].lo >= tile[r].hi) return false;
  }
  return true;
}

QRectF TensorGrid::cellRect(const std::vector<playback::Range>& tile, const QRectF& area) const {
  const auto& sx = space_[static_cast<std::size_t>(x_)];
  const double cw = area.width() / static_cast<double>(std::max<std::int64_t>(sx.size(), 1));
  double top = area.top(), height = area.height();
  if (ranks_.size() > 1) {
    const auto& sy = space_[static_cast<std::size_t>(y_)];
    const double ch = area.height() / static_cast<double>(std::max<std::int64_t>(sy.size(), 1));
    top = area.top() + static_cast<double>(tile[static_cast<std::size_t>(y_)].lo - sy.lo) * ch;
    height = static_cast<double>(tile[static_cast<std::size_t>(y_)].size()) * ch;
  }
  const double left = area.left() + static_cast<double>(tile[static_cast<std::size_t>(x_)].lo - sx.lo) * cw;
  return {left, top, static_cast<double>(tile[static_cast<std::size_t>(x_)].size()) * cw, height};
}

void TensorGrid::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing, false);
  p.fillRect(rect(), palette().base());
  p.setPen(palette().text().color());
  const int header = headerHeight();
  if (space_.empty() || x_ >= static_cast<int>(space_.size())) return;
  const std::int64_t cols = std::max<std::int64_t>(space_[static_cast<std::size_t>(x_)].size(), 1);
  const std::int64_t rows =
      ranks_.size() > 1 ? std::max<std::int64_t>(space_[static_cast<std::size_t>(y_)].size(), 1) : 1;
  const double cell =
      std::min<double>(kMaxCell, std::min((width() - 2.0 * kMargin) / static_cast<double>(cols),
                                          (height() - header - 2.0 * kMargin) / static_cast<double>(rows)));
  const QRectF area(kMargin, header + kMargin, cell * static_cast<double>(cols),
                    cell * static_cast<double>(rows));
  // The index space, in the tensor's colour; its cells when they are big enough to see.
  QColor fill = color_;
  fill.setAlpha(40);
  p.fillRect(area, fill);
  if (cell >= 5) {
    p.setPen(QPen(QColor(0, 0, 0, 30), 0));
    for (std::int64_t c = 0; c <= cols; ++c)
      p.drawLine(QPointF(area.left() + static_cast<double>(c) * cell, area.top()),
                 QPointF(area.left() + static_cast<double>(c) * cell, area.bottom()));
    for (std::int64_t r = 0; r <= rows; ++r)
      p.drawLine(QPointF(area.left(), area.top() + static_cast<double>(r) * cell),
                 QPointF(area.right(), area.top() + static_cast<double>(r) * cell));
  }
  p.setPen(palette().text().color());
  p.drawText(QRectF(area.left(), area.top() - kMargin, area.width(), kMargin), Qt::AlignCenter,
             ranks_.value(x_));
  if (ranks_.size() > 1) {
    p.save();
    p.translate(area.left() - 4, area.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-area.height() / 2, -kMargin, area.height(), kMargin), Qt::AlignCenter,
               ranks_.value(y_));
    p.restore();
  }
  // Touched since the last refill, then the element this step computes on.
  QColor shade = color_;
  shade.setAlpha(110);
  for (const auto& t : touched_)
    if (inSlice(t)) p.fillRect(cellRect(t, area), shade);
  if (!current_.empty() && inSlice(current_)) p.fillRect(cellRect(current_, area), color_.darker(130));
  // The buffers' tiles, outermost first, so inner outlines draw on top.
  for (const auto& o : outlines_) {
    if (!inSlice(o.tile)) continue;
    p.setPen(QPen(o.color, o.pe ? 1.0 : 3.0, o.pe ? Qt::DotLine : Qt::SolidLine));
    p.setBrush(Qt::NoBrush);
    p.drawRect(cellRect(o.tile, area).adjusted(1, 1, -1, -1));
  }
}

}  // namespace af::ui
