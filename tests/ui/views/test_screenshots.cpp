// Renders both views with realistic data. Set AF_VIEWS_SCREENSHOT_DIR to keep the PNGs.
#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include "fixtures.h"
#include "test_classes.h"
#include "views/architecture_view.h"
#include "views/variables_model.h"
#include "views/variables_pane.h"
#include "views/workload_view.h"
#include "workspace/workspace.h"

using namespace af::ui;

namespace {
void save(QWidget& w, const QString& dir, const QString& name) {
  w.show();
  QCoreApplication::processEvents();
  const QPixmap shot = w.grab();
  QVERIFY(!shot.isNull());
  QVERIFY(shot.save(QDir(dir).filePath(name)));
}
}  // namespace

void TestScreenshots::renderBothViews() {
  QTemporaryDir temp;
  const QString dir = qEnvironmentVariableIsSet("AF_VIEWS_SCREENSHOT_DIR")
                          ? qEnvironmentVariable("AF_VIEWS_SCREENSHOT_DIR")
                          : temp.path();
  ArchitectureView arch;
  arch.resize(720, 900);
  arch.setArch(af::test::eyerissArch());
  save(arch, dir, QStringLiteral("architecture_view.png"));
  QVERIFY(arch.exportTo(QDir(dir).filePath(QStringLiteral("architecture_scene.png"))));

  WorkloadView workload;
  workload.resize(1300, 600);
  workload.setWorkload(af::test::transformerBlock());
  workload.highlightTensor(QStringLiteral("R1"));
  save(workload, dir, QStringLiteral("workload_view.png"));
  QVERIFY(workload.exportTo(QDir(dir).filePath(QStringLiteral("workload_scene.png"))));

  WorkloadView chain;
  chain.setWorkload(af::test::matmulChain(6));
  QVERIFY(chain.exportTo(QDir(dir).filePath(QStringLiteral("matmul_chain_scene.png"))));

  VariablesPane pane;
  pane.resize(420, 260);
  af::SpecInputs inputs;
  inputs.files = {"matmuls.yaml", "simple.yaml"};
  inputs.unsaved = {{"matmuls.yaml", "{% set M = M | default(128) %}{{ N_EINSUMS }}"},
                    {"simple.yaml", "{{ GlobalBufferSize | default(\"inf\") }}"}};
  pane.model()->setTemplateVariables(af::Workspace::load(std::move(inputs)).template_variables());
  pane.model()->setValue(QStringLiteral("M"), QStringLiteral("64"));
  save(pane, dir, QStringLiteral("variables_pane.png"));
}
