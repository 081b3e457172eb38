#pragma once
// The window's pages in order (the centre's tabs first, then the docks): what MainWindow lays
// out, and what `--view`, `--help`, the man page and the README list.
#include <QStringList>
#include <vector>

#include "pages/page.h"

namespace af::ui {

class PageTable {
 public:
  PageTable() = default;
  explicit PageTable(std::vector<Page> pages) : pages_(std::move(pages)) {}

  // Appends a page; a page whose id or a view name is taken already is refused (false).
  bool add(Page page);
  [[nodiscard]] const std::vector<Page>& pages() const { return pages_; }
  [[nodiscard]] const Page* page(const QString& id) const;
  // The page that shows `view`, or null.
  [[nodiscard]] const Page* pageOf(const QString& view) const;
  // Every view name, in page order.
  [[nodiscard]] QStringList viewNames() const;
  // "  name     summary" lines, one per view, for `--help` and the man page.
  [[nodiscard]] QString viewHelp() const;

 private:
  std::vector<Page> pages_;
};

// The explorer's own pages (default_pages.cpp).
[[nodiscard]] PageTable defaultPages();

}  // namespace af::ui
