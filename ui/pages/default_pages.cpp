#include "pages/explorer_pages.h"
#include "pages/page_table.h"

namespace af::ui {

PageTable defaultPages() {
  PageTable table;
  // The centre's tabs in order, then the docks (a dock tabbed with or stacked under another
  // comes after it).
  for (Page page : {pages::editors(), pages::architecture(), pages::workload(), pages::mapperResults(),
                    pages::sweepResults(), pages::playback(), pages::roofline(), pages::skiSlope(),
                    pages::projectDock(), pages::inspectorDock(), pages::mapperDock(), pages::sweepDock(),
                    pages::plotsDock(), pages::diagnosticsDock(), pages::historyDock()})
    table.add(std::move(page));
  return table;
}

}  // namespace af::ui
