#include "pages/page_table.h"

#include <algorithm>

namespace af::ui {

bool PageTable::add(Page page) {
  if (page.id.isEmpty() || this->page(page.id)) return false;
  for (const PageView& v : page.views)
    if (v.name.isEmpty() || pageOf(v.name)) return false;
  pages_.push_back(std::move(page));
  return true;
}

const Page* PageTable::page(const QString& id) const {
  const auto it = std::find_if(pages_.begin(), pages_.end(), [&](const Page& p) { return p.id == id; });
  return it == pages_.end() ? nullptr : &*it;
}

const Page* PageTable::pageOf(const QString& view) const {
  const auto it = std::find_if(pages_.begin(), pages_.end(), [&](const Page& p) {
    return std::any_of(p.views.begin(), p.views.end(), [&](const PageView& v) { return v.name == view; });
  });
  return it == pages_.end() ? nullptr : &*it;
}

QStringList PageTable::viewNames() const {
  QStringList out;
  for (const Page& p : pages_)
    for (const PageView& v : p.views) out << v.name;
  return out;
}

QString PageTable::viewHelp() const {
  qsizetype width = 0;
  for (const QString& name : viewNames()) width = std::max(width, name.size());
  QString out;
  for (const Page& p : pages_)
    for (const PageView& v : p.views)
      out += QStringLiteral("  %1  %2\n").arg(v.name.leftJustified(width), v.summary);
  return out;
}

}  // namespace af::ui
