// Mapper benchmark (prints figures; not a timed test). Each case runs in a child process, so
// its peak memory is its own. Sections (default: all three):
//   --regression     the 46 regression cases: the 20 of expected/mapper-regression.json
//                    (AccelForge's settings: EDP, energy on snowcat, at most one fused loop) at
//                    1 and 2 threads, and the 13 fast transformers of the compat test fused
//                    and unfused at 2 threads;
//   --transformers   issue 23's table: GPT-3 at 2048 tokens (prefill; one decode case) on
//                    tpu_v4i, simba and eyeriss, and AccelForge's snowcat notebook case,
//                    fused and unfused, with at most one fused loop and with AccelForge's
//                    default (no limit), at 2 threads; a summary table at the end. With
//                    --all, also every transformer on every arch at the regression settings
//                    (256 tokens) at 1 and 2 threads;
//   --chains         matmul chains of 2 to 32 Einsums (fused; time and peak memory against
//                    the number of Einsums);
//   --remap          a series of edits through af::Workspace with one MapCache (tpu_v4i + GPT-3
//                    6.7B prefill): each re-map's time and what it reused.
// `bench_mapper [--unfused] [--metric M] [--costs F#S] [--set K=V] [--imperfect WHICH]
// [--coarseness C] [--einsum E] [--threads N] [--max-fused-loops N] FILE...` runs one case
// (--max-fused-loops -1: no limit). `--timeout S` stops any run after S seconds (default 600).
#include <fmt/format.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "components/cost_table.h"
#include "mapper/mapper.h"
#include "support/load_spec.h"
#include "support/mapper_regression.h"
#include "workspace/workspace.h"

namespace {

// The corpus: $AF_SHARED_DIR/reference/accelforge when set, as for the tests (support/shared_corpus.h).
std::string reference_dir() {
  const char* env = std::getenv("AF_SHARED_DIR");
  return std::string(env != nullptr && *env != '\0' ? env : AF_SHARED_DIR) + "/reference/accelforge/";
}
const std::string kRef = reference_dir();
const std::string kEx = kRef + "examples/";

struct Case {
  std::string name;
  std::vector<std::string> files;
  std::vector<std::string> sets;
  std::string costs;
  std::string metric = "edp";
  bool unfused = false;
  std::string imperfect = "";  // "", spatial, temporal or both
  double coarseness = 1;
  std::vector<std::string> einsums;  // empty: all
  std::vector<int> threads = {1, 2};
  std::int64_t max_fused_loops = 1;  // the regression setting; < 0: unlimited
};

// What a run reports to the parent, one line through a pipe.
struct Figures {
  double wall = 0, energy = -1, latency = -1, generated = 0;
  std::uint64_t evaluated = 0, kept = 0, join_pairs = 0, join_rows = 0;
  std::size_t einsums = 0, templates = 0, n_mappings = 0;
  std::size_t shared = 0;    // Einsums that took another's search (counted nowhere else)
  std::string stages = "-";  // "price=0.00,templates=0.07,...": each stage's wall seconds
  std::string failure;
};

std::string to_line(const Figures& f) {
  return fmt::format("{} {} {} {} {} {} {} {} {} {} {} {} {} {}", f.wall, f.energy, f.latency, f.generated,
                     f.evaluated, f.kept, f.join_pairs, f.join_rows, f.einsums, f.templates, f.n_mappings,
                     f.shared, f.stages, f.failure.empty() ? "-" : f.failure);
}

std::optional<Figures> from_line(const std::string& line) {
  std::istringstream in(line);
  Figures f;
  if (!(in >> f.wall >> f.energy >> f.latency >> f.generated >> f.evaluated >> f.kept >> f.join_pairs >>
        f.join_rows >> f.einsums >> f.templates >> f.n_mappings >> f.shared >> f.stages))
    return std::nullopt;
  std::getline(in >> std::ws, f.failure);
  if (f.failure == "-") f.failure.clear();
  return f;
}

// One run in this process.
Figures run_once(const Case& c, int threads) {
  const af::spec::Spec spec = af::test::load_spec(c.files, c.sets, c.costs);
  af::mapper::MapperOptions o = af::mapper::options_from_spec(spec);
  o.einsums = c.einsums;
  o.max_fused_loops = c.max_fused_loops < 0 ? af::mapper::kUnlimited : c.max_fused_loops;
  o.metrics = af::mapper::parse_metrics(c.metric);
  o.unfused = c.unfused;
  o.threads = threads;
  if (!c.imperfect.empty()) af::mapper::set_imperfect_loops(o, c.imperfect);
  if (c.coarseness != 1) o.tiling_coarseness = c.coarseness;
  const auto start = std::chrono::steady_clock::now();
  const auto r = af::mapper::map_workload(spec, o);
  Figures f;
  f.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (const auto& st : r.stats) {
    if (!st.searched_with.empty()) {  // another Einsum's search: no work of its own
      ++f.shared;
      f.kept += st.pmappings_grouped;
      continue;
    }
    f.templates += st.templates;
    f.generated += st.pmappings_total;
    f.evaluated += st.pmappings_evaluated;
    f.kept += st.pmappings_grouped;
  }
  for (const auto& j : r.join_steps) {
    f.join_pairs += j.rows_paired;
    f.join_rows += j.rows_out;
  }
  f.einsums = r.stats.size();
  f.stages.clear();
  for (const auto& st : r.reuse.stages)
    f.stages += fmt::format("{}{}={:.2f}", f.stages.empty() ? "" : ",", st.name, st.seconds);
  if (r.reuse.guesses > 0) f.stages += fmt::format(",guesses={}", r.reuse.guesses);
  f.n_mappings = r.n_mappings();
  if (r.evaluation) {
    f.energy = r.evaluation->total_energy;
    f.latency = r.evaluation->total_latency;
  }
  if (!r.found) f.failure = "FAILED: " + r.failure;
  for (char& ch : f.failure)
    if (ch == '\n') ch = ' ';
  return f;
}

struct Outcome {
  std::string name;
  int threads = 0;
  std::optional<Figures> figures;  // none: timed out or crashed
  double wall = 0;                 // the child's, measured by the parent
  double cpu = 0;                  // the child's user + system time: steadier than wall on a busy machine
  long peak_kb = 0;
  std::string note;
};

// Each thread count in a child process: a clean peak memory per run (wait4's maxrss), and
// a run past `timeout_s` is killed and reported as such.
std::vector<Outcome> run(const Case& c, double timeout_s) {
  std::vector<Outcome> out;
  for (const int threads : c.threads) {
    int fds[2];
    if (pipe(fds) != 0) return out;
    const auto start = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
      close(fds[0]);
      std::string line;
      try {
        line = to_line(run_once(c, threads));
      } catch (const std::exception& e) {
        Figures f;
        f.failure = std::string("error: ") + e.what();
        for (char& ch : f.failure)
          if (ch == '\n') ch = ' ';
        line = to_line(f);
      }
      line += '\n';
      if (write(fds[1], line.data(), line.size()) < 0) _exit(1);
      _exit(0);
    }
    close(fds[1]);
    Outcome o;
    o.name = c.name;
    o.threads = threads;
    int status = 0;
    rusage u{};
    for (;;) {
      const pid_t done = wait4(pid, &status, WNOHANG, &u);
      if (done == pid) break;
      if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > timeout_s) {
        kill(pid, SIGKILL);
        wait4(pid, &status, 0, &u);
        o.note = fmt::format("stopped after {:.0f} s", timeout_s);
        break;
      }
      usleep(20000);
    }
    o.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    o.peak_kb = u.ru_maxrss;
    o.cpu = static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
            static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
    std::string text;
    char buf[4096];
    for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;) text.append(buf, static_cast<std::size_t>(n));
    close(fds[0]);
    if (o.note.empty()) o.figures = from_line(text);
    if (!o.figures && o.note.empty()) o.note = "crashed";
    if (o.figures) {
      const Figures& f = *o.figures;
      std::printf(
          "%-58s threads=%d einsums=%zu searched=%zu templates=%zu generated=%.4g evaluated=%llu kept=%llu "
          "join_pairs=%llu join_rows=%llu wall=%.2fs cpu=%.2fs energy=%.6g latency=%.6g n_mappings=%zu "
          "peak_rss=%ldkB stages=%s%s%s\n",
          c.name.c_str(), threads, f.einsums, f.einsums - f.shared, f.templates, f.generated,
          static_cast<unsigned long long>(f.evaluated), static_cast<unsigned long long>(f.kept),
          static_cast<unsigned long long>(f.join_pairs), static_cast<unsigned long long>(f.join_rows), f.wall,
          o.cpu, f.energy, f.latency, f.n_mappings, o.peak_kb, f.stages.c_str(), f.failure.empty() ? "" : " ",
          f.failure.c_str());
    } else {
      std::printf("%-58s threads=%d %s wall=%.2fs cpu=%.2fs peak_rss=%ldkB\n", c.name.c_str(), threads,
                  o.note.c_str(), o.wall, o.cpu, o.peak_kb);
    }
    std::fflush(stdout);
    out.push_back(std::move(o));
  }
  return out;
}

// The summary of a section as a Markdown table, with the total time and the largest peak.
void print_table(const std::vector<Outcome>& outcomes) {
  std::printf(
      "\n| case | threads | time (s) | CPU (s) | Einsums searched | generated | evaluated | kept | join row "
      "pairs | join rows out | peak (MB) | energy | latency "
      "|\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  double total = 0, cpu = 0;
  long peak = 0;
  // A case's name separates its parts with '|', which would split a Markdown cell.
  const auto cell = [](std::string name) {
    for (std::size_t at; (at = name.find('|')) != std::string::npos;) name.replace(at, 1, " · ");
    return name;
  };
  for (const auto& o : outcomes) {
    total += o.figures ? o.figures->wall : o.wall;
    cpu += o.cpu;
    peak = std::max(peak, o.peak_kb);
    if (!o.figures) {
      std::printf("| %s | %d | > %.0f (%s) | %.1f | | | | | | | %.0f | | |\n", cell(o.name).c_str(),
                  o.threads, o.wall, o.note.c_str(), o.cpu, o.peak_kb / 1024.0);
      continue;
    }
    const Figures& f = *o.figures;
    std::printf(
        "| %s | %d | %.2f | %.2f | %zu of %zu | %.4g | %llu | %llu | %llu | %llu | %.0f | %.6g | %.6g |%s\n",
        cell(o.name).c_str(), o.threads, f.wall, o.cpu, f.einsums - f.shared, f.einsums, f.generated,
        static_cast<unsigned long long>(f.evaluated), static_cast<unsigned long long>(f.kept),
        static_cast<unsigned long long>(f.join_pairs), static_cast<unsigned long long>(f.join_rows),
        o.peak_kb / 1024.0, f.energy, f.latency, f.failure.empty() ? "" : (" " + f.failure).c_str());
  }
  std::printf("| total | | %.1f | %.1f | | | | | | | max %.0f | | |\n\n", total, cpu, peak / 1024.0);
  std::fflush(stdout);
}

std::string costs_for(const std::string& arch) {
  std::ifstream in(kRef + "expected/component-costs.json");
  std::stringstream text;
  text << in.rdbuf();
  return text.str().find("\"" + arch + "\"") != std::string::npos
             ? kRef + "expected/component-costs.json#" + arch
             : std::string();
}

std::vector<Case> regression_cases() {
  std::vector<Case> out;
  const auto ref = af::test::read_mapper_regression(kRef);
  for (const auto& [key, value] : ref.items()) {
    const auto inputs = af::test::mapper_regression_case(kRef, key);
    Case c;
    c.name = key;
    c.files = inputs.files;
    c.sets = inputs.sets;
    c.costs = costs_for(inputs.arch);
    c.metric = inputs.arch == "snowcat" ? "energy" : "edp";
    c.unfused = inputs.unfused;
    out.push_back(c);
  }
  // With the fast transformer cases, fused and unfused: the compat test's 46.
  for (const auto& t : af::test::transformer_cases(kRef))
    if (std::find(af::test::kFastTransformers.begin(), af::test::kFastTransformers.end(),
                  t.arch + "|" + t.workload) != af::test::kFastTransformers.end())
      for (const bool unfused : {false, true}) {
        Case c;
        c.name = t.arch + "|" + t.workload + (unfused ? "|unfused" : "|fused");
        c.files = t.files;
        c.sets = t.sets;
        c.costs = costs_for(t.arch);
        c.metric = t.arch == "snowcat" ? "energy" : "edp";
        c.unfused = unfused;
        c.threads = {2};
        out.push_back(c);
      }
  return out;
}

// Issue 23's table: what a user maps with the reference arches (prefill of 2048 tokens, and
// one decode step after 2047), fused and unfused, at one fused loop and with no limit.
std::vector<Case> transformer_cases(bool all) {
  std::vector<Case> out;
  struct Row {
    std::string arch, workload;
    bool decode;
  };
  const std::vector<Row> rows = {{"tpu_v4i", "gpt3_175B", false},
                                 {"simba", "gpt3_6.7B", false},
                                 {"eyeriss", "gpt3_6.7B", false},
                                 {"tpu_v4i", "gpt3_175B", true},
                                 {"tpu_v4i", "gpt3_6.7B", false}};
  for (const std::int64_t max_fused : {std::int64_t{1}, std::int64_t{-1}})
    for (const auto& row : rows)
      for (const bool unfused : {false, true}) {
        Case c;
        c.name = row.arch + "|" + row.workload + (row.decode ? " decode" : " prefill") +
                 (unfused ? "|unfused" : "|fused") + (max_fused < 0 ? "|loops=any" : "|loops=1");
        c.files = {kEx + "arches/" + row.arch + ".yaml",
                   kEx + "workloads/transformers/gpt/" + row.workload + ".yaml"};
        c.sets = row.decode ? std::vector<std::string>{"BATCH_SIZE=1", "DECODE=True", "N_CACHED_TOKENS=2047",
                                                       "N_NEW_TOKENS=1"}
                            : std::vector<std::string>{"BATCH_SIZE=1", "DECODE=False", "N_NEW_TOKENS=2048"};
        c.costs = costs_for(row.arch);
        c.unfused = unfused;
        c.max_fused_loops = max_fused;
        c.threads = {2};
        out.push_back(c);
      }
  // AccelForge's memory_size_vs_access_tradeoff notebook: "may take 3-15 minutes".
  for (const bool unfused : {false, true}) {
    Case c;
    c.name = std::string("snowcat|gpt3_6.7B prefill|") + (unfused ? "unfused" : "fused") + "|loops=any";
    c.files = {kEx + "arches/snowcat.yaml", kEx + "workloads/transformers/gpt/gpt3_6.7B.yaml"};
    c.sets = {"BATCH_SIZE=1", "DECODE=False", "N_NEW_TOKENS=2048"};
    c.metric = "energy";
    c.unfused = unfused;
    c.max_fused_loops = -1;
    c.threads = {2};
    out.push_back(c);
  }
  if (!all) return out;
  for (const auto& t : af::test::transformer_cases(kRef))
    for (const bool unfused : {false, true}) {
      Case c;
      c.name = t.arch + "|" + t.workload + (unfused ? "|unfused" : "|fused");
      c.files = t.files;
      c.sets = t.sets;
      c.costs = costs_for(t.arch);
      c.metric = t.arch == "snowcat" ? "energy" : "edp";
      c.unfused = unfused;
      out.push_back(c);
    }
  return out;
}

// Chains T{i+1} = T{i} W{i} (M = KN = 256) on the simple arch with a 64 KiB buffer and a
// main memory four times as costly: fusion pays and capacity binds.
std::vector<Case> chain_cases() {
  std::vector<Case> out;
  for (const int n : {2, 4, 8, 16, 32}) {
    Case c;
    c.name = "chain of " + std::to_string(n) + " matmuls|fused";
    c.files = {kEx + "arches/simple.yaml", kEx + "workloads/basic/matmuls.yaml",
               kEx + "workloads/_renames_default.yaml"};
    c.sets = {"N_EINSUMS=" + std::to_string(n), "M=256", "KN=256", "GlobalBufferSize=524288",
              "MainMemoryEnergy=4"};
    c.threads = {2};
    out.push_back(c);
  }
  return out;
}

// The text of `path` with the first `from` replaced by `to` (the edit a user makes in the
// window's editor); throws when `from` is not there, so that a changed corpus cannot turn an
// edit into no edit.
std::string edited(const std::string& path, const std::string& from, const std::string& to) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  std::string s = text.str();
  const auto at = s.find(from);
  if (at == std::string::npos) throw std::runtime_error("remap: '" + from + "' is not in " + path);
  return s.replace(at, from.size(), to);
}

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

// Each front mapping's final objectives and usages, to compare fronts exactly.
std::vector<std::vector<double>> front_values(const af::mapper::MapperResult& r) {
  std::vector<std::vector<double>> out;
  for (const auto& m : r.front) {
    std::vector<double> v{m.dynamic_energy, m.leak_energy, m.latency};
    v.insert(v.end(), m.usage.begin(), m.usage.end());
    out.push_back(std::move(v));
  }
  return out;
}

// Issue 42's re-map benchmark: tpu_v4i + GPT-3 6.7B prefill (2048 tokens) at AccelForge's
// defaults as the window maps them (no fused-loop limit; EDP as the transformer table), 2
// threads, a series of edits through af::Workspace with one MapCache. Per edit: the load,
// the re-map (wall and CPU of this process), what was reused, the cache, and whether the
// front equals a map of the same spec without the cache (run after it, not timed).
void remap_section() {
  const std::string arch = kEx + "arches/tpu_v4i.yaml";
  const std::string workload = kEx + "workloads/transformers/gpt/gpt3_6.7B.yaml";
  // Each edit from the state the one before left, as a user makes them in the window.
  const std::string arch_text = edited(arch, "", ""), workload_text = edited(workload, "", "");
  const std::string arch_64 = edited(arch, "1024*1024*128*8", "1024*1024*64*8");
  const auto ff = [&](const std::string& dims) {
    return edited(workload, "N_FF_DIMS     = 16384", "N_FF_DIMS     = " + dims);
  };
  struct Edit {
    std::string name, arch, workload;
    std::int64_t max_fused_loops = -1;
  };
  const std::vector<Edit> edits = {
      {"cold (empty cache)", arch_text, workload_text},
      {"a comment in the arch (nothing a stage reads)", "# a note\n" + arch_text, workload_text},
      {"arch: GlobalBuffer 128 MB -> 64 MB", arch_64, workload_text},
      {"workload: N_FF_DIMS 16384 -> 8192 (rank C of FFA and FFB)", arch_64, ff("8192")},
      {"workload: N_FF_DIMS 8192 -> 12288", arch_64, ff("12288")},
      {"mapper: max_fused_loops 1", arch_64, ff("12288"), 1},
      {"mapper: no fused-loop limit again", arch_64, ff("12288")},
  };
  af::mapper::MapCache cache;
  std::printf(
      "\n| edit | load (s) | re-map (s) | CPU (s) | reused | stages (s) | cache (entries, MB) | energy | "
      "latency | "
      "front = uncached map's |\n|---|---|---|---|---|---|---|---|---|---|\n");
  for (const auto& edit : edits) {
    af::SpecInputs in;
    in.files = {arch, workload};
    in.unsaved = {{arch, edit.arch}, {workload, edit.workload}};
    in.assignments = {"BATCH_SIZE=1", "DECODE=False", "N_NEW_TOKENS=2048"};
    in.component_costs = costs_for("tpu_v4i");
    const auto load_start = std::chrono::steady_clock::now();
    const af::Workspace ws = af::Workspace::load(in);
    const double load = std::chrono::duration<double>(std::chrono::steady_clock::now() - load_start).count();
    if (!ws.ok()) {
      std::printf("| %s | the spec did not load |\n", edit.name.c_str());
      continue;
    }
    af::mapper::MapperOptions o = ws.mapper_options();
    o.metrics = af::mapper::kEdp;
    o.threads = 2;
    o.max_fused_loops = edit.max_fused_loops < 0 ? af::mapper::kUnlimited : edit.max_fused_loops;
    cache.use_for("tpu_v4i + gpt3_6.7B");
    const double cpu_start = cpu_seconds();
    const auto start = std::chrono::steady_clock::now();
    const auto r = ws.map(o, nullptr, {}, &cache);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double cpu = cpu_seconds() - cpu_start;
    const auto cold = ws.map(o);
    std::string stages;
    for (const auto& st : r.reuse.stages)
      stages += fmt::format("{}{} {:.2f}", stages.empty() ? "" : ", ", st.name, st.seconds);
    const auto figures = cache.figures();
    std::printf(
        "| %s | %.2f | %.2f | %.2f | %s; ceiling runs %zu of %zu | %s | %zu, %.0f | %.6g | %.6g | %s |\n",
        edit.name.c_str(), load, wall, cpu, r.reuse.summary().c_str(), r.reuse.ceiling_searches_reused,
        r.reuse.ceiling_searches, stages.c_str(), figures.entries, figures.bytes / 1048576.0,
        r.evaluation ? r.evaluation->total_energy : -1.0, r.evaluation ? r.evaluation->total_latency : -1.0,
        front_values(r) == front_values(cold) ? "yes" : "NO");
    std::fflush(stdout);
  }
  const auto f = cache.figures();
  std::printf("\ncache: %zu entries, %.0f MB of %.0f MB, %llu hits, %llu misses, %llu dropped\n\n", f.entries,
              f.bytes / 1048576.0, f.max_bytes / 1048576.0, static_cast<unsigned long long>(f.hits),
              static_cast<unsigned long long>(f.misses), static_cast<unsigned long long>(f.dropped));
}

}  // namespace

int main(int argc, char** argv) {
  bool regression = false, transformers = false, chains = false, all = false, remap = false;
  double timeout_s = 600;
  Case custom;
  custom.name = "custom";
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--regression")
      regression = true;
    else if (a == "--transformers")
      transformers = true;
    else if (a == "--chains")
      chains = true;
    else if (a == "--remap")
      remap = true;
    else if (a == "--all")
      all = true;
    else if (a == "--timeout" && i + 1 < argc)
      timeout_s = std::stod(argv[++i]);
    else if (a == "--unfused")
      custom.unfused = true;
    else if (a == "--metric" && i + 1 < argc)
      custom.metric = argv[++i];
    else if (a == "--costs" && i + 1 < argc)
      custom.costs = argv[++i];
    else if (a == "--set" && i + 1 < argc)
      custom.sets.emplace_back(argv[++i]);
    else if (a == "--imperfect" && i + 1 < argc)
      custom.imperfect = argv[++i];
    else if (a == "--coarseness" && i + 1 < argc)
      custom.coarseness = std::stod(argv[++i]);
    else if (a == "--einsum" && i + 1 < argc)
      custom.einsums.emplace_back(argv[++i]);
    else if (a == "--threads" && i + 1 < argc)
      custom.threads = {std::stoi(argv[++i])};
    else if (a == "--max-fused-loops" && i + 1 < argc)
      custom.max_fused_loops = std::stoll(argv[++i]);
    else if (a.starts_with("--")) {  // a typo would otherwise run as a spec file that is not there
      std::fprintf(stderr,
                   "bench_mapper: unknown option %s (or its value is missing)\n"
                   "usage: bench_mapper [--regression] [--transformers] [--chains] [--all] [--timeout S]\n"
                   "       bench_mapper [--threads N] [--max-fused-loops N] [--unfused] [--metric M]\n"
                   "                    [--set NAME=VALUE]... [--costs F#SECTION] [--imperfect W]\n"
                   "                    [--coarseness C] [--einsum NAME]... FILE...\n",
                   a.c_str());
      return 2;
    } else {
      custom.files.push_back(a);
    }
  }
  const auto section = [&](const std::vector<Case>& cases) {
    std::vector<Outcome> outcomes;
    for (const auto& c : cases)
      for (auto& o : run(c, timeout_s)) outcomes.push_back(std::move(o));
    print_table(outcomes);
  };
  if (!custom.files.empty()) {
    section({custom});
    return 0;
  }
  if (!std::filesystem::is_directory(kRef + "examples") ||
      !std::filesystem::is_directory(kRef + "expected")) {
    std::printf(
        "skipped: AccelForge reference corpus not found in %s (set AF_SHARED_DIR to the folder holding "
        "reference/)\n",
        kRef.c_str());
    return 0;
  }
  if (!regression && !transformers && !chains && !remap) regression = transformers = chains = remap = true;
  if (regression) section(regression_cases());
  if (transformers) section(transformer_cases(all));
  if (chains) section(chain_cases());
  if (remap) remap_section();
}
