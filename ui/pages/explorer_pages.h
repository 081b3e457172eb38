#pragma once
// Each of the explorer's pages, as default_pages.cpp lists them (grouped in files by what they
// show: the spec, the mapper's runs, teaching).
#include "pages/page.h"

namespace af::ui::pages {

// spec_pages.cpp: the spec and one mapping's results.
[[nodiscard]] Page editors();
[[nodiscard]] Page architecture();
[[nodiscard]] Page workload();
[[nodiscard]] Page projectDock();
[[nodiscard]] Page inspectorDock();
[[nodiscard]] Page plotsDock();
[[nodiscard]] Page diagnosticsDock();

// mapper_pages.cpp: the mapper, sweeps and the run history.
[[nodiscard]] Page mapperResults();
[[nodiscard]] Page sweepResults();
[[nodiscard]] Page mapperDock();
[[nodiscard]] Page sweepDock();
[[nodiscard]] Page historyDock();

// roofline_page.cpp: each Einsum against the arch's roofs.
[[nodiscard]] Page roofline();

// ski_slope_page.cpp: least energy or traffic against one memory's usage (resource-usage runs).
[[nodiscard]] Page skiSlope();

// teaching_pages.cpp: playback and its lessons.
[[nodiscard]] Page playback();

}  // namespace af::ui::pages
