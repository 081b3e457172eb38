#include "cli_store.h"

#include <ostream>

namespace af::cli {

bool open_store(const std::string& path, std::optional<CliStore>& out, std::ostream& err) {
  out.emplace(path);
  const store::RunStore& s = out->store();
  if (!s.notice().empty()) err << "accelforge: " << s.notice() << '\n';
  if (s.ok()) return true;
  err << "accelforge: " << s.error() << '\n';
  out.reset();
  return false;
}

bool store_run(const CliStore& cli_store, const store::RunRecord& record, std::ostream& out,
               std::ostream& err) {
  const auto id = cli_store.store().add(record);
  if (!id) {
    err << "accelforge: " << id.error << '\n';
    return false;
  }
  out << "stored as run " << *id << " in " << cli_store.store().path() << '\n';
  return true;
}

}  // namespace af::cli
