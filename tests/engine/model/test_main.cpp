// Runs the model and cost-table test classes in one executable. SuiteRunner keeps a crash
// or an escaped exception in the second class from hanging the run
// (tests/support/run_suites.h).
#include <QtTest>

#include "support/run_suites.h"

int run_model_tests(int argc, char** argv);
int run_cost_table_tests(int argc, char** argv);

int main(int argc, char** argv) {
  af::test::SuiteRunner runner;
  int status = 0;
  status |= runner.run([&] { return run_model_tests(argc, argv); });
  status |= runner.run([&] { return run_cost_table_tests(argc, argv); });
  return status;
}
