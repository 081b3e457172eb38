// `accelforge`: the command-line front of the engine.
#include <iostream>

#include "cli_main.h"

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv, argv + argc);
  return af::cli::run(args, std::cout, std::cerr);
}
