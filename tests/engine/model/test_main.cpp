#include <QtTest>

int run_model_tests(int argc, char** argv);
int run_cost_table_tests(int argc, char** argv);

int main(int argc, char** argv) {
  int status = 0;
  status |= run_model_tests(argc, argv);
  status |= run_cost_table_tests(argc, argv);
  return status;
}
