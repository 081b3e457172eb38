// store_writer DB COUNT TAG: adds COUNT small runs named TAG-0, TAG-1, ... to the store DB,
// each in its own transaction. Exit 0 when every add succeeded, else 1 with the error.
#include <QCoreApplication>
#include <iostream>
#include <string>

#include "run_store.h"

int main(int argc, char** argv) {
  const QCoreApplication app(argc, argv);  // Qt SQL's SQLite plugin needs it
  if (argc != 4) {
    std::cerr << "usage: store_writer DB COUNT TAG\n";
    return 2;
  }
  const af::store::RunStore store(argv[1]);
  if (!store.ok()) {
    std::cerr << store.error() << '\n';
    return 1;
  }
  const int count = std::stoi(argv[2]);
  for (int i = 0; i < count; ++i) {
    af::store::RunRecord r;
    r.name = std::string(argv[3]) + "-" + std::to_string(i);
    r.files = {{"arch.yaml", "arch: {}\n"}, {"workload.yaml", "workload: {}\n"}};
    r.front = nlohmann::json::array({{{"energy", i}}});
    if (const auto id = store.add(r); !id) {
      std::cerr << id.error << '\n';
      return 1;
    }
  }
  return 0;
}
