#pragma once
// The ids of the explorer's own pages: the object names of their docks and centre pages, which
// tests and saved layouts name.
namespace af::ui::page_ids {

inline constexpr const char* kEditors = "editorsPage";
inline constexpr const char* kArchitecture = "architectureView";
inline constexpr const char* kWorkload = "workloadView";
inline constexpr const char* kMapperResults = "exploreView";
inline constexpr const char* kSweepResults = "sweepView";
inline constexpr const char* kPlayback = "playbackView";
inline constexpr const char* kRoofline = "rooflineView";
inline constexpr const char* kSkiSlope = "skiSlopeView";
inline constexpr const char* kProjectDock = "projectDock";
inline constexpr const char* kInspectorDock = "inspectorDock";
inline constexpr const char* kMapperDock = "mapperDock";
inline constexpr const char* kSweepDock = "sweepDock";
inline constexpr const char* kPlotsDock = "plotsDock";
inline constexpr const char* kDiagnosticsDock = "diagnosticsDock";
inline constexpr const char* kHistoryDock = "historyDock";

}  // namespace af::ui::page_ids
