// `accelforge`: the command-line front of the engine.
#include <iostream>

#include "cli_main.h"
#include "interrupt.h"

int main(int argc, char** argv) {
  // First, before any thread starts: Ctrl-C then ends the run cleanly with status 130.
  af::cli::InterruptWatch interrupts;
  const std::vector<std::string> args(argv, argv + argc);
  return af::cli::run(args, std::cout, std::cerr, &interrupts.commit_mutex());
}
