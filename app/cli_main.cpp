#include "cli_main.h"

#include <CLI/CLI.hpp>
#include <exception>
#include <ostream>

#include "util/version.h"

namespace af::cli {

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CLI::App app{"accelforge: read AccelForge specs, evaluate mappings and find optimal ones"};
  app.name(args.empty() ? "accelforge" : "accelforge");
  app.set_version_flag("--version", std::string(af::version()));
  app.require_subcommand(0, 1);
  app.footer("Exit status: 0 ok, 1 invalid input, 2 usage error, 3 no valid mapping.");

  std::vector<std::string> argv_rev(args.rbegin(), args.rend());
  if (!argv_rev.empty()) argv_rev.pop_back();  // program name
  try {
    app.parse(argv_rev);
  } catch (const CLI::CallForHelp&) {
    out << app.help();
    return kOk;
  } catch (const CLI::CallForAllHelp&) {
    out << app.help("", CLI::AppFormatMode::All);
    return kOk;
  } catch (const CLI::CallForVersion&) {
    out << af::version() << '\n';
    return kOk;
  } catch (const CLI::ParseError& e) {
    err << "accelforge: " << e.what() << "\n\n" << app.help();
    return kUsage;
  }
  if (app.get_subcommands().empty()) {
    out << app.help();
    return kOk;
  }
  return kOk;
}

}  // namespace af::cli
