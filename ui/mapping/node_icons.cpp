#include "mapping/node_icons.h"

#include <QPainter>
#include <QPixmap>

namespace af::ui {
namespace {

// Neutral badge colours: hues are reserved for tensors (Okabe–Ito), so kinds use dark tones.
struct Badge {
  QChar letter;
  QColor fill;
};

Badge badgeFor(NodeKind kind) {
  switch (kind) {
    case NodeKind::Storage: return {QLatin1Char('S'), QColor(0x5b, 0x4a, 0x3a)};
    case NodeKind::Toll: return {QLatin1Char('$'), QColor(0x5b, 0x4a, 0x3a)};
    case NodeKind::Temporal: return {QLatin1Char('T'), QColor(0x3b, 0x4c, 0x6b)};
    case NodeKind::Spatial: return {QLatin1Char('P'), QColor(0x5a, 0x3d, 0x6b)};
    case NodeKind::Compute: return {QLatin1Char('C'), QColor(0x33, 0x33, 0x33)};
    case NodeKind::Branch: return {QLatin1Char('B'), QColor(0x6e, 0x6e, 0x6e)};
    case NodeKind::Nested: return {QLatin1Char('N'), QColor(0x8a, 0x8a, 0x8a)};
    case NodeKind::Reservation: return {QLatin1Char('R'), QColor(0x8a, 0x8a, 0x8a)};
    case NodeKind::TextBox: return {QLatin1Char('#'), QColor(0xa0, 0xa0, 0xa0)};
  }
  return {QLatin1Char('?'), Qt::gray};
}

QIcon drawBadge(QChar letter, const QColor& fill, bool round) {
  constexpr int kSize = 32;  // drawn large, scaled down crisply by QIcon
  QPixmap pixmap(kSize, kSize);
  pixmap.fill(Qt::transparent);
  QPainter p(&pixmap);
  p.setRenderHint(QPainter::Antialiasing);
  p.setPen(Qt::NoPen);
  p.setBrush(fill);
  const QRectF box(2, 2, kSize - 4, kSize - 4);
  if (round) p.drawEllipse(box);
  else p.drawRoundedRect(box, 6, 6);
  QFont font = p.font();
  font.setBold(true);
  font.setPixelSize(20);
  p.setFont(font);
  p.setPen(Qt::white);
  p.drawText(box, Qt::AlignCenter, QString(letter));
  return QIcon(pixmap);
}

}  // namespace

QIcon NodeIcons::forKind(NodeKind kind) {
  const int key = static_cast<int>(kind);
  if (const auto it = cache_.constFind(key); it != cache_.constEnd()) return *it;
  const Badge b = badgeFor(kind);
  return cache_[key] = drawBadge(b.letter, b.fill, false);
}

QIcon NodeIcons::error() {
  if (const auto it = cache_.constFind(-1); it != cache_.constEnd()) return *it;
  return cache_[-1] = drawBadge(QLatin1Char('!'), QColor(0xc6, 0x28, 0x28), true);
}

}  // namespace af::ui
