// Runs the view test classes in one executable (offscreen). SuiteRunner keeps a crash in a
// later class from hanging the run (tests/support/run_suites.h).
#include <QApplication>
#include <QtTest>

#include "support/run_suites.h"
#include "test_classes.h"

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  af::test::SuiteRunner runner;
  int failed = 0;
  failed += runner.run<TestArchitectureView>(argc, argv);
  failed += runner.run<TestWorkloadView>(argc, argv);
  failed += runner.run<TestVariables>(argc, argv);
  failed += runner.run<TestScreenshots>(argc, argv);
  return failed;
}
