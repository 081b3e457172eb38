#pragma once
// The chip's area and leak power per component, as plain values for the Area plot (the load job
// fills them from Workspace::area and the priced components, so ui/plots stays free of engine
// types).
#include <QList>
#include <QString>

namespace af::ui {

struct AreaRecord {
  QString component;
  double area = 0;       // m², every instance the fanouts above it make
  double leakPower = 0;  // W, likewise
  QString source;        // where its area came from: "model SmartBufferSRAM", "table", "spec", ...
  friend bool operator==(const AreaRecord&, const AreaRecord&) = default;
};

struct AreaData {
  QList<AreaRecord> components;  // in the architecture's order, top to bottom
  double total = 0;
  double totalLeak = 0;
  [[nodiscard]] bool isEmpty() const { return components.isEmpty(); }
  friend bool operator==(const AreaData&, const AreaData&) = default;
};

}  // namespace af::ui
