#include "quick_guide.h"

#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace af::ui {

QString QuickGuide::html() {
  return tr(
      "<h2>AccelForge Explorer in five minutes</h2>"
      "<h3>1. A spec is a few YAML files</h3>"
      "<p>An <b>architecture</b> (the memory hierarchy and compute), a <b>workload</b> (the Einsums) and a "
      "<b>mapping</b> (loops and which buffer keeps which tensor). They merge in the order of the editor "
      "tabs. <b>File › Open…</b> opens a spec in place of the open files, <b>Examples</b> opens a bundled "
      "one, <b>File › Add Files…</b> adds a file to the open spec.</p>"
      "<h3>2. Every edit is evaluated</h3>"
      "<p>Type in an editor and, a moment later, the spec is loaded and evaluated in the background. "
      "Problems appear under <b>Diagnostics</b> with file, line and column: double-click one to go "
      "there. The status bar shows the energy and latency of a valid spec.</p>"
      "<h3>3. The mapping, as a tree</h3>"
      "<p>The <b>Inspector</b> shows the mapping as a tree and as a loop nest. Edit a tile shape (F2 or "
      "double-click), drag a loop: the mapping file's text changes with it, and <b>Edit › Undo</b> "
      "undoes it. Hover over a buffer in the loop nest to see it in the plots and the architecture.</p>"
      "<h3>4. The numbers</h3>"
      "<p>The <b>Plots</b> show accesses, occupancy and latency per buffer and tensor; the table beside "
      "them copies as TSV or CSV. The <b>Diagnostics</b> tab beside them lists errors and warnings (its "
      "title "
      "counts them; double-click one to jump to its line). <b>Run › Evaluate</b> (F5) evaluates again.</p>"
      "<h3>5. Let the mapper search</h3>"
      "<p><b>Run › Map</b> (F6) searches for the best mappings of the spec on worker threads; the "
      "<b>Mapper</b> pane (under the Inspector, beside the results) sets the metric, fusion, imperfect tiles "
      "and threads, and "
      "shows the stage, per-Einsum progress and time left; <b>Stop</b> keeps what was found and, once every "
      "Einsum has some, joins it into whole mappings you can open "
      "(stopped while the stage reads <i>ceilings</i>, it keeps the best unfused mapping). The "
      "<b>Mapper results</b> tab draws the Pareto front as it grows and the keep-rate funnel: how many "
      "mappings each check removed, and, if none survives, why and what to try. Click a point to open "
      "its mapping. <b>Pin</b> one mapping in the plots, open another, and the plots and table show both "
      "per buffer with the change. Tick <b>Map as you edit</b> in the Mapper pane and every edit that "
      "changes the spec maps again in the background, reusing the searches the edit left alone; the last "
      "front stays drawn, faded, until the new one arrives.</p>"
      "<p>Tick <b>and each memory's usage</b> beside the metric (<code>resource_usage</code>) and the "
      "<b>Ski slope</b> page draws, for every usage of a chosen memory, the least energy or parent traffic "
      "that usage allows, fused and unfused overlaid: the buffer size to choose, read off one run.</p>"
      "<h3>6. Jinja variables</h3>"
      "<p>Specs may use <code>{{ NAME }}</code>. The <b>Project</b> pane lists each variable with its "
      "value: change it there, or start the explorer with <code>--set NAME=VALUE</code>.</p>"
      "<h3>7. Your work is kept</h3>"
      "<p>Unsaved edits are autosaved every few seconds. If the explorer closes without saving, the next "
      "start offers the whole project back. The bundled examples are copied to a folder of your own "
      "(<b>Help › Open the Examples Folder</b>); <b>Examples › Revert</b> brings back the original.</p>"
      "<h3>8. Lessons and compute in memory</h3>"
      "<p><b>Help › Lessons</b> opens small specs that teach one idea each, from loop orders and tiling "
      "to a compute-in-memory array, where an analog array's ADC is traded against its rows. "
      "AccelForge's own compute-in-memory arches open like any other spec, with the mapper settings "
      "AccelForge's loader gives them (imperfect spatial tiles, no loop orders, EDP), named in a warning; "
      "<b>File › Compute-in-Memory Opening</b> (on the command line <code>--cim-main-memory</code> and "
      "<code>--cim-macros N</code>) adds the main memory and the macros its notebooks put on top, and a "
      "saved project keeps them.</p>"
      "<p>Every key is listed under <b>Help › Keyboard Shortcuts</b>.</p>");
}

QuickGuide::QuickGuide(QWidget* parent) : QDialog(parent), browser_(new QTextBrowser(this)) {
  setObjectName("quickGuide");
  setWindowTitle(tr("Quick Guide"));
  browser_->setHtml(html());
  browser_->setOpenExternalLinks(true);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(browser_);
  layout->addWidget(buttons);
  resize(560, 600);
}

}  // namespace af::ui
