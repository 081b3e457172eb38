#include "editors/path_labels.h"

#include <QDir>
#include <algorithm>

namespace af::ui {

namespace {

// Components of a path, without empty ones ("/a/b/c.yaml" -> a, b, c.yaml).
QStringList components(const QString& path) {
  return QDir::fromNativeSeparators(path).split(QLatin1Char('/'), Qt::SkipEmptyParts);
}

// The last `count` components joined by '/'.
QString tail(const QStringList& parts, qsizetype count) {
  return parts.mid(std::max<qsizetype>(0, parts.size() - count)).join(QLatin1Char('/'));
}

}  // namespace

QString distinctTail(const QString& path, const QStringList& paths, int minimum) {
  const QStringList parts = components(path);
  QList<QStringList> others;
  for (const QString& other : paths)
    if (QStringList o = components(other); o != parts) others << o;
  for (qsizetype count = std::max(minimum, 1); count < parts.size(); ++count) {
    const QString end = tail(parts, count);
    if (std::none_of(others.begin(), others.end(),
                     [&](const QStringList& o) { return tail(o, count) == end; }))
      return end;
  }
  return parts.join(QLatin1Char('/'));
}

QStringList distinctFileLabels(const QStringList& paths) {
  QStringList labels;
  for (const QString& path : paths) {
    const QStringList parts = components(path);
    const QString end = distinctTail(path, paths);
    if (!end.contains(QLatin1Char('/'))) {
      labels << end;  // the name alone is unique
      continue;
    }
    const QString folders = end.left(end.lastIndexOf(QLatin1Char('/')));
    labels << parts.value(parts.size() - 1) + QStringLiteral(" — ") + folders;
  }
  return labels;
}

}  // namespace af::ui
