// Runs the view test classes in one executable (offscreen).
#include <QApplication>
#include <QtTest>

#include "test_classes.h"

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  int failed = 0;
  {
    TestArchitectureView t;
    failed += QTest::qExec(&t, argc, argv);
  }
  {
    TestWorkloadView t;
    failed += QTest::qExec(&t, argc, argv);
  }
  {
    TestVariables t;
    failed += QTest::qExec(&t, argc, argv);
  }
  {
    TestScreenshots t;
    failed += QTest::qExec(&t, argc, argv);
  }
  return failed;
}
