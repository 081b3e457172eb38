#include "playback/playback_view.h"

#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QProgressDialog>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QSvgGenerator>
#include <QTableWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <cmath>

#include "controller/project_controller.h"
#include "playback/flow_layout.h"
#include "playback/tensor_grid.h"

namespace af::ui {

namespace {

constexpr int kFrameMs = 16;          // at most 60 frames a second
constexpr int kSliderSteps = 10000;   // the slider's resolution
constexpr int kMaxPeOutlines = 64;    // a larger fanout draws its hull only
constexpr double kMaxTouched = 1024;  // steps looked back for the shading (a frame stays cheap)

// One hue per memory level, outermost first (ui/README: Conventions): the backing store dark.
const QColor kLevels[] = {QColor(0x44, 0x44, 0x44), QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00),
                          QColor(0x00, 0x9E, 0x73), QColor(0xCC, 0x79, 0xA7), QColor(0x56, 0xB4, 0xE9)};

QString group(double n) { return QLocale().toString(n, 'f', 0); }

// Every PE index of a fanout, first fastest last.
std::vector<std::vector<std::int64_t>> everyPe(const std::vector<std::int64_t>& fan) {
  std::vector<std::vector<std::int64_t>> out{{}};
  for (const auto trips : fan) {
    std::vector<std::vector<std::int64_t>> next;
    for (const auto& prefix : out)
      for (std::int64_t i = 0; i < trips; ++i) {
        auto pe = prefix;
        pe.push_back(i);
        next.push_back(std::move(pe));
      }
    out = std::move(next);
  }
  return out;
}

}  // namespace

PlaybackView::PlaybackView(ProjectController* controller, QWidget* parent)
    : QWidget(parent), controller_(controller), timer_(new QTimer(this)), frame_(new QTimer(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  note_ = new QLabel(this);
  note_->setObjectName("playbackNote");
  note_->setWordWrap(true);
  note_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  note_->hide();
  layout->addWidget(note_);

  // The controls wrap onto a second row in a narrow window rather than being cut.
  auto* controls = new QWidget(this);
  controls->setObjectName("playbackControls");
  auto* bar = new FlowLayout(controls);
  bar->setContentsMargins(0, 0, 0, 0);
  const auto button = [&](const QString& text, const char* name, const QString& tip) {
    auto* b = new QPushButton(text, controls);
    b->setObjectName(name);
    b->setToolTip(tip);
    bar->addWidget(b);
    return b;
  };
  startButton_ = button(tr("Start"), "playbackStart", tr("To the first step"));
  playButton_ = button(tr("Play"), "playbackPlay", tr("Play or pause"));
  stepButton_ = button(tr("Step"), "playbackStep", tr("One iteration of the chosen loop"));
  endButton_ = button(tr("End"), "playbackEnd", tr("To the last step"));
  stepLoop_ = new QComboBox(controls);
  stepLoop_->setObjectName("playbackStepLoop");
  stepLoop_->setSizeAdjustPolicy(QComboBox::AdjustToContents);  // "innermost loop" whole
  stepLoop_->setToolTip(tr("The loop Step and Play advance: an outer loop skips its inner iterations"));
  bar->addWidget(stepLoop_);
  speed_ = new QSpinBox(controls);
  speed_->setObjectName("playbackSpeed");
  speed_->setRange(1, 100000);
  speed_->setValue(4);
  speed_->setSuffix(tr(" steps/s"));
  speed_->setToolTip(tr("Steps per second while playing (drawn at most 60 times a second)"));
  bar->addWidget(speed_);
  // Both exports behind one button: the bar fits a 1000x700 window's centre.
  auto* exportButton = new QToolButton(controls);
  exportButton->setObjectName("playbackExport");
  exportButton->setText(tr("Export"));
  exportButton->setPopupMode(QToolButton::InstantPopup);
  exportButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
  auto* exportMenu = new QMenu(exportButton);
  auto* frameButton = exportMenu->addAction(tr("This frame (PNG or SVG)…"));
  frameButton->setObjectName("playbackExportFrame");
  auto* framesButton = exportMenu->addAction(tr("The whole play, one PNG per step of the chosen loop…"));
  framesButton->setObjectName("playbackExportFrames");
  exportButton->setMenu(exportMenu);
  bar->addWidget(exportButton);
  connect(frameButton, &QAction::triggered, this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save the frame"), QStringLiteral("frame.png"),
                                                      tr("PNG (*.png);;SVG (*.svg)"));
    if (!path.isEmpty()) {
      const QString error = exportFrame(path);
      if (!error.isEmpty()) QMessageBox::warning(this, tr("Save the frame"), error);
    }
  });
  connect(framesButton, &QAction::triggered, this, [this] {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Save the frames into"));
    if (!dir.isEmpty()) {
      // Frames are drawn by the window, so on this thread: a progress dialog keeps Cancel live.
      const double steps = play_ ? play_->total_steps() : 0;
      const int total = static_cast<int>(std::min(2000.0, steps));
      QProgressDialog dialog(tr("Saving the frames…"), tr("Cancel"), 0, total, this);
      dialog.setWindowModality(Qt::WindowModal);
      const QString error = exportFrames(dir, total, [&dialog](int done, int) {
        dialog.setValue(done);
        QCoreApplication::processEvents();
        return !dialog.wasCanceled();
      });
      if (!error.isEmpty()) QMessageBox::warning(this, tr("Save the frames"), error);
    }
  });
  layout->addWidget(controls);
  // The whole play at a glance, and where the cursor is in it, in a row of their own: the
  // position keeps its whole text ("step 461 of 1,152 · Conv"), the slider takes the rest.
  auto* track = new QHBoxLayout;
  slider_ = new QSlider(Qt::Horizontal, this);
  slider_->setObjectName("playbackSlider");
  slider_->setRange(0, kSliderSteps);
  slider_->setToolTip(tr("Drag to any step of the play"));
  track->addWidget(slider_, 1);
  position_ = new QLabel(this);
  position_->setObjectName("playbackPosition");
  position_->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Preferred);
  track->addWidget(position_);
  layout->addLayout(track);

  empty_ = new QLabel(this);
  empty_->setObjectName("playbackEmpty");
  empty_->setAlignment(Qt::AlignCenter);
  empty_->setWordWrap(true);
  empty_->setEnabled(false);
  layout->addWidget(empty_, 1);

  body_ = new QWidget(this);
  body_->setObjectName("playbackBody");
  auto* bodyLayout = new QHBoxLayout(body_);
  bodyLayout->setContentsMargins(0, 0, 0, 0);
  auto* split = new QSplitter(Qt::Horizontal, body_);
  auto* left = new QSplitter(Qt::Vertical, split);
  nest_ = new QListWidget(left);
  nest_->setObjectName("playbackNest");
  nest_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  nest_->setSelectionMode(QAbstractItemView::NoSelection);
  counters_ = new QTableWidget(0, 6, left);
  counters_->setObjectName("playbackCounters");
  counters_->setHorizontalHeaderLabels(
      {tr("buffer"), tr("tensor"), tr("tile"), tr("tiles"), tr("written"), tr("read")});
  counters_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  counters_->verticalHeader()->hide();
  counters_->horizontalHeader()->setStretchLastSection(true);
  counters_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  counters_->setToolTip(
      tr("Per buffer and tensor, in values so far: the tile it holds now; the tiles it has "
         "received (a tile comes when a loop above the buffer that indexes the tensor moves); "
         "values written (fills from above, or an output's updates from below); values read "
         "(by the level below, or an output's partial sums read back and drained up). At the "
         "end of each Einsum they are the model's counts (the accesses plot)."));
  auto* scroll = new QScrollArea(split);
  scroll->setWidgetResizable(true);
  gridHost_ = new QWidget(scroll);
  gridHost_->setObjectName("playbackGrids");
  gridLayout_ = new FlowLayout(gridHost_);  // as many grids side by side as the width holds
  scroll->setWidget(gridHost_);
  split->addWidget(left);
  split->addWidget(scroll);
  split->setSizes({520, 700});
  bodyLayout->addWidget(split);
  layout->addWidget(body_, 1);

  connect(startButton_, &QPushButton::clicked, this, &PlaybackView::toStart);
  connect(endButton_, &QPushButton::clicked, this, &PlaybackView::toEnd);
  connect(stepButton_, &QPushButton::clicked, this, [this] { step(); });
  connect(playButton_, &QPushButton::clicked, this, [this] { playing() ? pause() : play(); });
  connect(slider_, &QSlider::valueChanged, this, [this](int v) {
    if (!slider_->isSliderDown() && !slider_->hasFocus()) return;  // our own updates
    setFraction(static_cast<double>(v) / kSliderSteps);
  });
  timer_->setInterval(kFrameMs);
  connect(timer_, &QTimer::timeout, this, [this] {
    // The speed's steps for the time that passed; drawn once per tick.
    carry_ += speed_->value() * kFrameMs / 1000.0;
    const auto n = static_cast<int>(std::floor(carry_));
    carry_ -= n;
    for (int i = 0; i < n; ++i)
      if (!step()) {
        pause();
        break;
      }
  });
  frame_->setSingleShot(true);
  frame_->setInterval(kFrameMs);
  connect(frame_, &QTimer::timeout, this, &PlaybackView::showFrame);
  connect(controller_, &ProjectController::specPublished, this, &PlaybackView::onSpec);
  connect(controller_, &ProjectController::resultsCleared, this, [this] {
    result_.reset();
    rebuild();
  });
  rebuild();
}

void PlaybackView::onSpec(const ProjectResultPtr& result, Freshness freshness) {
  if (freshness == Freshness::Stale) return;  // the last good one stays on screen
  const bool sameMapping =
      result_ && result && result_->spec() && result->spec() &&
      result_->spec()->mapping.has_value() == result->spec()->mapping.has_value() &&
      result_->mappingText() == result->mappingText() &&
      result_->workspace->inputs().assignments == result->workspace->inputs().assignments;
  const playback::Cursor keep = cursor_;
  result_ = result;
  rebuild();
  // An edit elsewhere (another file) keeps the place in the same mapping.
  if (sameMapping && play_ && keep.nest < play_->nests().size() &&
      keep.index.size() == play_->nests()[keep.nest].loops.size())
    setCursor(keep);
}

void PlaybackView::rebuild() {
  pause();
  play_.reset();
  shownNest_ = SIZE_MAX;
  QString why;
  if (!result_ || !result_->spec())
    why = tr("Open a spec with a mapping to play it step by step (Help › Lessons has three to start with).");
  else if (!result_->spec()->mapping)
    why = tr("This spec has no mapping to play: add one, or Map (F6) and open a point of the front.");
  else {
    try {
      // With the resolved arch, each Toll passes values only in its direction.
      const auto& resolved = result_->workspace->resolved();
      play_ = std::make_shared<const playback::Playback>(
          resolved
              ? playback::Playback::build(*resolved, *result_->spec()->mapping)
              : playback::Playback::build(result_->spec()->workload.workload, *result_->spec()->mapping));
      if (play_->nests().empty()) why = tr("The mapping has no Compute to play.");
    } catch (const std::exception& e) {
      why = tr("This mapping cannot be played: %1").arg(QString::fromUtf8(e.what()));
      play_.reset();
    }
  }
  // The lesson's note: the mapping file's own leading comment.
  QStringList note;
  if (result_)
    for (const QString& line : QString::fromStdString(result_->mappingText()).split('\n')) {
      if (!line.startsWith('#')) break;
      note << line.mid(1).trimmed();
    }
  note_->setText(note.join(' '));
  note_->setVisible(play_ && !note.isEmpty());
  empty_->setText(why);
  // (isVisible() is false before the window shows: the state is kept here.)
  const bool playable = play_ && !play_->nests().empty();
  empty_->setVisible(!playable);
  body_->setVisible(playable);
  for (auto* w : {startButton_, playButton_, stepButton_, endButton_}) w->setEnabled(playable);
  slider_->setEnabled(playable);
  if (playable) {
    cursor_ = play_->start();
    showFrame();
  } else {
    cursor_ = {};
    position_->clear();
  }
}

QColor PlaybackView::levelColor(std::size_t holder) const {
  // The holder's level: how many distinct components hold data above it in the nest.
  const auto& holders = play_->nests().at(cursor_.nest).holders;
  QStringList seen;
  for (std::size_t h = 0; h <= holder && h < holders.size(); ++h)
    if (!seen.contains(QString::fromStdString(holders[h].component)))
      seen << QString::fromStdString(holders[h].component);
  return kLevels[static_cast<std::size_t>(std::max<qsizetype>(seen.size() - 1, 0)) % std::size(kLevels)];
}

void PlaybackView::setCursor(const playback::Cursor& cursor) {
  if (!play_) return;
  cursor_ = cursor;
  frameLater();
  emit stepped();
}

bool PlaybackView::step(std::size_t loop) {
  if (!play_) return false;
  if (loop == SIZE_MAX) {
    const QVariant chosen = stepLoop_->currentData();
    loop = chosen.isValid() ? chosen.value<qulonglong>() : SIZE_MAX;
  }
  const bool moved = play_->step(cursor_, loop);
  if (moved) {
    frameLater();
    emit stepped();
  }
  return moved;
}

void PlaybackView::toStart() {
  if (play_) setCursor(play_->start());
}

void PlaybackView::toEnd() {
  if (play_) setCursor(play_->end());
}

void PlaybackView::setFraction(double fraction) {
  if (play_) setCursor(play_->at_fraction(fraction));
}

void PlaybackView::play() {
  if (!play_) return;
  carry_ = 0;
  timer_->start();
  playButton_->setText(tr("Pause"));
}

void PlaybackView::pause() {
  timer_->stop();
  playButton_->setText(tr("Play"));
}

bool PlaybackView::playing() const { return timer_->isActive(); }

void PlaybackView::setSpeed(int stepsPerSecond) { speed_->setValue(stepsPerSecond); }

void PlaybackView::frameLater() {
  if (!frame_->isActive()) frame_->start();
}

QList<TensorGrid*> PlaybackView::grids() const {
  QList<TensorGrid*> out;
  for (const auto& g : grids_)
    if (g) out << g.data();
  return out;
}

TensorGrid* PlaybackView::grid(const QString& tensor) const {
  for (auto* g : grids())
    if (g->property("tensor").toString() == tensor) return g;
  return nullptr;
}

QString PlaybackView::note() const { return note_->isHidden() ? QString() : note_->text(); }
QString PlaybackView::emptyText() const { return empty_->isHidden() ? QString() : empty_->text(); }

void PlaybackView::showFrame() {
  frame_->stop();
  if (!play_ || play_->nests().empty()) return;
  const playback::Nest& nest = play_->nests().at(cursor_.nest);
  const auto* einsum = nest.workload;
  if (shownNest_ != cursor_.nest) {
    // Another Einsum: its loops, tensors and counters.
    shownNest_ = cursor_.nest;
    const QVariant chosen = stepLoop_->currentData();
    stepLoop_->clear();
    stepLoop_->addItem(tr("innermost loop"), QVariant::fromValue<qulonglong>(SIZE_MAX));
    for (std::size_t i = 0; i < nest.loops.size(); ++i)
      if (!nest.loops[i].spatial)
        stepLoop_->addItem(tr("for %1").arg(QString::fromStdString(nest.loops[i].rank_variable)),
                           QVariant::fromValue<qulonglong>(i));
    const int at = stepLoop_->findData(chosen);
    stepLoop_->setCurrentIndex(at < 0 ? 0 : at);
    for (auto& g : grids_) delete g.data();
    grids_.clear();
    const TensorPalette* palette = controller_->palette();
    for (const auto& access : einsum->accesses) {
      auto* g = new TensorGrid(gridHost_);
      g->setObjectName(QStringLiteral("grid_%1").arg(QString::fromStdString(access.tensor)));
      QStringList ranks;
      for (const auto& e : access.projection) ranks << QString::fromStdString(e.rank);
      const QString name = QString::fromStdString(access.tensor);
      g->setTensor(access.output ? tr("%1 (output)").arg(name) : name, palette->colorFor(name), ranks,
                   play_->space(cursor_.nest, access.tensor));
      g->setProperty("tensor", name);
      gridLayout_->addWidget(g);
      grids_ << g;
    }
    counters_->setRowCount(0);
    for (std::size_t h = 0; h < nest.holders.size(); ++h)
      for (const auto& t : nest.holders[h].tensors) {
        const int row = counters_->rowCount();
        counters_->insertRow(row);
        auto* buffer = new QTableWidgetItem(QString::fromStdString(nest.holders[h].component));
        buffer->setForeground(levelColor(h));
        counters_->setItem(row, 0, buffer);
        counters_->setItem(row, 1, new QTableWidgetItem(QString::fromStdString(t)));
        for (int c = 2; c < 6; ++c) counters_->setItem(row, c, new QTableWidgetItem);
      }
    const int computeRow = counters_->rowCount();
    counters_->insertRow(computeRow);
    counters_->setItem(computeRow, 0, new QTableWidgetItem(QString::fromStdString(nest.compute)));
    counters_->setItem(computeRow, 1, new QTableWidgetItem(tr("computes")));
    for (int c = 2; c < 6; ++c) counters_->setItem(computeRow, c, new QTableWidgetItem);
  }

  // The nest, with the cursor on each loop's iteration.
  nest_->clear();
  for (const auto& line : nest.lines) {
    const QString indent(line.depth * 2, ' ');
    QString text;
    if (line.kind == playback::Line::Kind::Holder) {
      const auto& h = nest.holders[line.index];
      QStringList tensors;
      for (const auto& t : h.tensors) tensors << QString::fromStdString(t);
      // As the loop nest says it: a Toll passes values through, it holds none.
      text = (h.toll ? tr("%1%2 passes %3") : tr("%1%2 holds %3"))
                 .arg(indent, QString::fromStdString(h.component), tensors.join(QStringLiteral(", ")));
      auto* item = new QListWidgetItem(text, nest_);
      item->setForeground(levelColor(line.index));
    } else if (line.kind == playback::Line::Kind::Loop) {
      const auto& l = nest.loops[line.index];
      const QString rv = QString::fromStdString(l.rank_variable);
      text = l.spatial ? tr("%1parallel-for %2: %3 PEs of %4, %5 each")
                             .arg(indent, rv)
                             .arg(l.trips)
                             .arg(QString::fromStdString(l.fanout))
                             .arg(l.tile)
                       : tr("%1for %2: %3 of %4  (step %5)")
                             .arg(indent, rv)
                             .arg(cursor_.index[line.index] + 1)
                             .arg(l.trips)
                             .arg(l.tile);
      auto* item = new QListWidgetItem(text, nest_);
      if (!l.spatial && l.trips > 1) {
        QFont f = nest_->font();
        f.setBold(true);
        item->setFont(f);
      }
    } else {
      text = tr("%1%2 on %3")
                 .arg(indent, QString::fromStdString(nest.einsum), QString::fromStdString(nest.compute));
      new QListWidgetItem(text, nest_);
    }
  }

  // Each tensor: the buffers' tiles, the elements touched since the innermost buffer's last
  // refill, the elements of this step.
  const double here = play_->position(cursor_);
  for (auto* g : grids()) {
    const std::string tensor = g->property("tensor").toString().toStdString();
    QList<GridOutline> outlines;
    std::size_t innermost = SIZE_MAX;
    for (std::size_t h = 0; h < nest.holders.size(); ++h) {
      const auto& holder = nest.holders[h];
      if (std::find(holder.tensors.begin(), holder.tensors.end(), tensor) == holder.tensors.end()) continue;
      innermost = h;
      const auto fan = play_->fanout(cursor_.nest, holder.loops_above);
      const QString component = QString::fromStdString(holder.component);
      const auto pes = everyPe(fan);
      if (fan.empty() || pes.size() > kMaxPeOutlines) {
        outlines << GridOutline{component, levelColor(h), play_->tile(cursor_, h, tensor), false};
      } else {
        for (const auto& pe : pes)
          outlines << GridOutline{component, levelColor(h), play_->tile(cursor_, h, tensor, pe), true};
      }
    }
    std::vector<std::vector<playback::Range>> touched;
    if (innermost != SIZE_MAX) {
      const double from = play_->refill_position(cursor_, innermost, tensor);
      if (here - from <= kMaxTouched) {
        auto walk = play_->at_position(from);
        for (double p = from; p < here; ++p) {
          touched.push_back(play_->compute_tile(walk, tensor));
          if (!play_->step(walk, SIZE_MAX)) break;
        }
      }
    }
    g->setFrame(outlines, touched, play_->compute_tile(cursor_, tensor));
  }

  // Counters, in the table's order (holders, then their tensors).
  int row = 0;
  for (const auto& k : play_->counters(cursor_)) {
    if (row >= counters_->rowCount()) break;
    double values = 1;
    for (const auto& r : play_->tile(cursor_, k.holder, k.tensor)) values *= static_cast<double>(r.size());
    counters_->item(row, 2)->setText(group(values));
    counters_->item(row, 3)->setText(group(k.tiles));
    counters_->item(row, 4)->setText(group(k.writes));
    counters_->item(row, 5)->setText(group(k.reads));
    ++row;
  }
  if (row < counters_->rowCount()) counters_->item(row, 4)->setText(group(play_->computes_so_far(cursor_)));

  const double total = play_->total_steps();
  position_->setText(
      tr("step %1 of %2 · %3").arg(group(here + 1), group(total), QString::fromStdString(nest.einsum)));
  if (!slider_->isSliderDown()) {
    const QSignalBlocker block(slider_);
    slider_->setValue(total > 1 ? static_cast<int>(std::lround(here / (total - 1) * kSliderSteps)) : 0);
  }
}

QString PlaybackView::exportFrame(const QString& path) {
  showFrame();
  if (QFileInfo(path).suffix().compare("svg", Qt::CaseInsensitive) == 0) {
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(body_->size());
    svg.setViewBox(QRect(QPoint(0, 0), body_->size()));
    svg.setTitle(tr("Playback of %1").arg(position_->text()));
    QPainter painter;
    if (!painter.begin(&svg)) return tr("cannot write %1").arg(path);
    body_->render(&painter);
    painter.end();
    return {};
  }
  return body_->grab().save(path) ? QString() : tr("cannot write %1").arg(path);
}

QString PlaybackView::exportFrames(const QString& directory, int maxFrames,
                                   const std::function<bool(int, int)>& progress) {
  if (!play_) return tr("nothing to play");
  if (!QDir().mkpath(directory)) return tr("cannot create %1").arg(directory);
  const playback::Cursor keep = cursor_;
  cursor_ = play_->start();
  QString error;
  for (int frame = 1; frame <= maxFrames; ++frame) {
    error = exportFrame(
        QDir(directory).filePath(QStringLiteral("frame-%1.png").arg(frame, 5, 10, QLatin1Char('0'))));
    if (!error.isEmpty() || (progress && !progress(frame, maxFrames)) || !step()) break;
  }
  cursor_ = keep;
  showFrame();
  return error;
}

}  // namespace af::ui
