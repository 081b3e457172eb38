#include "history_command.h"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <ostream>
#include <system_error>

#include "cli_main.h"
#include "cli_output.h"
#include "cli_store.h"
#include "run_capture.h"

namespace af::cli {

namespace {

std::string base_name(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string joined(const std::vector<std::string>& items, const char* separator = " ") {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : separator) + s;
  return out;
}

// "2026-12-02T10:11:12Z" as "2026-12-02 10:11:12 UTC".
std::string date_of(const std::string& created) {
  std::string d = created;
  if (d.size() > 10 && d[10] == 'T') d[10] = ' ';
  if (!d.empty() && d.back() == 'Z') d = d.substr(0, d.size() - 1) + " UTC";
  return d;
}

// Columns padded to their widest cell, two spaces apart.
std::string table(const std::vector<std::vector<std::string>>& rows) {
  std::vector<std::size_t> width;
  for (const auto& row : rows)
    for (std::size_t c = 0; c < row.size(); ++c) {
      if (width.size() <= c) width.push_back(0);
      width[c] = std::max(width[c], row[c].size());
    }
  std::string out;
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c)
      line += c + 1 == row.size() ? row[c] : fmt::format("{:<{}}  ", row[c], width[c]);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + '\n';
  }
  return out;
}

std::string variables_of(const store::RunSummary& s) {
  std::vector<std::string> parts = s.assignments;
  if (s.kind == store::RunKind::kSweep)
    parts.push_back(fmt::format("vary {} ({} points)", joined(s.varied, ","), s.points));
  return parts.empty() ? "-" : joined(parts);
}

// The optimum's energy, marked as the window's history marks it when the front is not exact:
// what a stopped run had found by then, or a join that rounded.
std::string energy_of(const store::RunSummary& r) {
  if (!r.found) return r.stopped ? "no mapping (stopped)" : "no mapping";
  const std::string energy = fmt::format("{:.6g}", r.energy);
  if (r.stopped) return energy + " (stopped)";
  return r.warnings > 0 ? energy + " (rounded)" : energy;
}

int list(const store::RunStore& st, const HistoryArgs& args, std::ostream& out, std::ostream& err) {
  const auto runs = st.list(args.project);
  if (!runs) {
    err << "accelforge: " << runs.error << '\n';
    return kInvalidInput;
  }
  if (runs->empty()) {
    out << "no runs in " << st.path() << (args.project ? " for the project " + *args.project : "") << '\n';
    return kOk;
  }
  std::vector<std::vector<std::string>> rows{
      {"id", "date", "kind", "name", "files", "variables", "energy J", "latency s", "seconds"}};
  for (const auto& r : *runs) {
    std::vector<std::string> files;
    for (const auto& f : r.files) files.push_back(base_name(f));
    rows.push_back({std::to_string(r.id), date_of(r.created), std::string(store::kind_name(r.kind)),
                    r.name.empty() ? "-" : r.name, joined(files), variables_of(r), energy_of(r),
                    r.found ? fmt::format("{:.6g}", r.latency) : "-", fmt::format("{:.2f}", r.seconds)});
  }
  out << table(rows);
  return kOk;
}

std::string value_text(const nlohmann::json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_null()) return "none";
  return v.dump();
}

std::string show_text(const store::RunRecord& r) {
  std::string s = fmt::format("run {}: {}, {}, {:.2f} s\n", r.id, store::kind_name(r.kind),
                              date_of(r.created), r.seconds);
  if (!r.name.empty()) s += fmt::format("name: {}\n", r.name);
  if (!r.project.empty()) s += fmt::format("project: {}\n", r.project);
  s += fmt::format("files (spec fingerprint {}):\n", r.spec_hash);
  for (const auto& f : r.files) s += fmt::format("  {} ({} bytes)\n", f.path, f.text.size());
  s += fmt::format("variables: {}\n", r.assignments.empty() ? "none" : joined(r.assignments));
  if (!r.component_costs.empty()) s += fmt::format("component costs: {}\n", r.component_costs);
  if (!r.priced_by_model.empty()) s += fmt::format("priced with the model: {}\n", joined(r.priced_by_model));
  std::vector<std::string> options;
  for (const auto& [key, value] : r.options.items()) options.push_back(key + "=" + value_text(value));
  s += fmt::format("options: {}\n", joined(options));
  if (r.kind == store::RunKind::kSweep && r.vary.is_array())
    for (const auto& v : r.vary)
      s += fmt::format("varied: {} = {}\n", v.at("name").get<std::string>(),
                       joined(v.at("values").get<std::vector<std::string>>(), ", "));
  if (r.found)
    s += fmt::format("optimum: energy {:.6g} J, latency {:.6g} s, EDP {:.6g} J*s, area {:.6g} m^2\n",
                     r.energy, r.latency, r.edp, r.area);
  else
    s += fmt::format("no valid mapping: {}\n", r.failure);
  if (store::was_stopped(r)) s += "stopped: the front is of what the run had found by then\n";
  for (const auto& why : store::warnings_of(r)) s += fmt::format("warning: {}\n", why);
  if (r.kind == store::RunKind::kMap) {
    s += fmt::format("front: {} mapping{}\n", r.front.size(), r.front.size() == 1 ? "" : "s");
    if (!r.mapping_yaml.empty()) s += "chosen mapping:\n" + r.mapping_yaml;
    if (!s.ends_with('\n')) s += '\n';
    return s;
  }
  s += fmt::format("points: {}\n", r.front.size());
  for (const auto& row : r.front) {
    std::vector<std::string> values;
    const auto vs = row.value("values", std::vector<std::string>{});
    for (std::size_t i = 0; i < vs.size() && i < r.vary.size(); ++i)
      values.push_back(r.vary[i].at("name").get<std::string>() + "=" + vs[i]);
    s += "  " + joined(values) + ": ";
    if (row.value("found", false))
      s += fmt::format("energy {:.6g}, latency {:.6g}, EDP {:.6g}, area {:.6g}", row.value("energy", 0.0),
                       row.value("latency", 0.0), row.value("edp", 0.0), row.value("area", 0.0));
    else
      s += "no mapping: " + row.value("failure", std::string());
    s += fmt::format(" ({:.2f} s)\n", row.value("seconds", 0.0));
  }
  return s;
}

}  // namespace

CLI::App* add_history_subcommand(CLI::App& app, HistoryArgs& args) {
  auto* cmd = app.add_subcommand("history", "The runs recorded with --store: list, show or export them");
  cmd->require_subcommand(1);
  const auto add_store = [&args](CLI::App* sub) {
    sub->add_option("--store", args.store, "The run store (default: the explorer's runs.sqlite)")
        ->type_name("DB");
  };
  auto* list_cmd = cmd->add_subcommand("list", "One line per run, newest first");
  add_store(list_cmd);
  list_cmd
      ->add_option_function<std::string>(
          "--project", [&args](const std::string& p) { args.project = p; },
          "Only the runs of this project file")
      ->type_name("P");
  auto* show_cmd = cmd->add_subcommand("show", "A run's inputs, options, optimum, front and mapping");
  show_cmd->add_option("id", args.id, "The run's id (history list shows it)")->required();
  add_store(show_cmd);
  auto* export_cmd = cmd->add_subcommand("export", "A run as one JSON object");
  export_cmd->add_option("id", args.id, "The run's id (history list shows it)")->required();
  add_store(export_cmd);
  export_cmd->add_option("--json", args.json, "Write it to OUT (default: - for stdout)")->type_name("OUT|-");
  return cmd;
}

int run_history_command(const CLI::App& history, const HistoryArgs& args, std::ostream& out,
                        std::ostream& err, std::mutex* commit_lock) {
  try {
    const auto subs = history.get_subcommands();
    const std::string sub = subs.empty() ? std::string() : subs.front()->get_name();
    const store::CoreAppScope app;  // the default path derives from the application's names
    const std::string path = args.store.empty() ? store::RunStore::default_path() : args.store;
    // Reading never creates a store (opening one makes the file and its folder): none there is
    // no runs yet. An error other than "absent" is left to open_store to report.
    std::error_code cannot_tell;
    if (!path.empty() && !std::filesystem::exists(path, cannot_tell) && !cannot_tell) {
      const std::string none = fmt::format("no runs recorded yet: {} does not exist", path);
      if (sub == "list") {
        out << none << '\n';
        return kOk;
      }
      err << "accelforge: no run " << args.id << ": " << none << '\n';
      return kInvalidInput;
    }
    std::optional<CliStore> cli_store;
    if (!open_store(path, cli_store, err)) return kInvalidInput;
    const store::RunStore& st = cli_store->store();
    if (sub == "list") return list(st, args, out, err);
    if (sub == "show") {
      const auto r = st.get(args.id);
      if (!r) {
        err << "accelforge: " << r.error << '\n';
        return kInvalidInput;
      }
      out << show_text(*r);
      return kOk;
    }
    const auto text = st.export_json(args.id);
    if (!text) {
      err << "accelforge: " << text.error << '\n';
      return kInvalidInput;
    }
    return write_outputs({{args.json, *text}}, out, err, commit_lock) ? kOk : kInvalidInput;
  } catch (const std::exception& e) {
    err << "accelforge: internal error: " << e.what() << '\n';
    return kInvalidInput;
  }
}

}  // namespace af::cli
