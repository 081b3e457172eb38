#include "history/text_diff.h"

#include <algorithm>
#include <vector>

namespace af::ui {

namespace {

// Above this many cells the middle is shown as removed then added (a spec file is hundreds of
// lines; the table stays a few MB).
constexpr std::size_t kMaxCells = 4'000'000;

}  // namespace

QStringList lineDiff(const QString& before, const QString& after, int context) {
  if (before == after) return {};
  const QStringList a = before.split('\n'), b = after.split('\n');
  // The common head and tail, then the longest common subsequence of the middle.
  qsizetype head = 0;
  while (head < a.size() && head < b.size() && a[head] == b[head]) ++head;
  qsizetype tail = 0;
  while (tail < a.size() - head && tail < b.size() - head && a[a.size() - 1 - tail] == b[b.size() - 1 - tail])
    ++tail;
  const auto n = static_cast<std::size_t>(a.size() - head - tail),
             m = static_cast<std::size_t>(b.size() - head - tail);
  std::vector<QString> lines;  // with their marks
  for (qsizetype i = 0; i < head; ++i) lines.push_back(QStringLiteral(" ") + a[i]);
  if ((n + 1) * (m + 1) <= kMaxCells) {
    std::vector<std::uint32_t> lcs((n + 1) * (m + 1), 0);
    const auto at = [&](std::size_t i, std::size_t j) -> std::uint32_t& { return lcs[i * (m + 1) + j]; };
    for (std::size_t i = n; i-- > 0;)
      for (std::size_t j = m; j-- > 0;)
        at(i, j) = a[head + static_cast<qsizetype>(i)] == b[head + static_cast<qsizetype>(j)]
                       ? at(i + 1, j + 1) + 1
                       : std::max(at(i + 1, j), at(i, j + 1));
    std::size_t i = 0, j = 0;
    while (i < n || j < m) {
      const QString& x = i < n ? a[head + static_cast<qsizetype>(i)] : QString();
      const QString& y = j < m ? b[head + static_cast<qsizetype>(j)] : QString();
      if (i < n && j < m && x == y) {
        lines.push_back(QStringLiteral(" ") + x), ++i, ++j;
      } else if (i < n && (j == m || at(i + 1, j) >= at(i, j + 1))) {
        lines.push_back(QStringLiteral("-") + x), ++i;  // removals before additions, as diff -u
      } else {
        lines.push_back(QStringLiteral("+") + y), ++j;
      }
    }
  } else {
    for (std::size_t i = 0; i < n; ++i)
      lines.push_back(QStringLiteral("-") + a[head + static_cast<qsizetype>(i)]);
    for (std::size_t j = 0; j < m; ++j)
      lines.push_back(QStringLiteral("+") + b[head + static_cast<qsizetype>(j)]);
  }
  for (qsizetype i = a.size() - tail; i < a.size(); ++i) lines.push_back(QStringLiteral(" ") + a[i]);

  // Keep the changes and `context` lines around each.
  std::vector<bool> keep(lines.size(), false);
  for (std::size_t k = 0; k < lines.size(); ++k)
    if (!lines[k].startsWith(' '))
      for (std::size_t c = k >= static_cast<std::size_t>(context) ? k - static_cast<std::size_t>(context) : 0;
           c <= k + static_cast<std::size_t>(context) && c < lines.size(); ++c)
        keep[c] = true;
  QStringList out;
  bool folded = false;
  for (std::size_t k = 0; k < lines.size(); ++k) {
    if (keep[k]) {
      out << lines[k];
      folded = false;
    } else if (!folded) {
      out << QStringLiteral("…");
      folded = true;
    }
  }
  return out;
}

}  // namespace af::ui
