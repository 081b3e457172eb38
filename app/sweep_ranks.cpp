#include "sweep_ranks.h"

#include <mpi.h>

#include <cstdlib>
#include <string>

namespace af::cli {

namespace {

constexpr int kReady = 1;  // worker -> root: give me a point (payload: the previous row, or empty)
constexpr int kPoint = 2;  // root -> worker: a point index, or -1 for "no more"
constexpr int kNoMore = -1;

bool under_mpirun() {
  // Open MPI's launcher sets these; a plain run never calls MPI_Init (no singleton start-up).
  return std::getenv("OMPI_COMM_WORLD_SIZE") != nullptr || std::getenv("PMI_SIZE") != nullptr;
}

// MPI_Init_thread / MPI_Finalize around the sweep.
class MpiSession {
 public:
  MpiSession() {
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  }
  ~MpiSession() { MPI_Finalize(); }
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;
};

std::string receive_text(int source, int tag, MPI_Status& status) {
  MPI_Probe(source, tag, MPI_COMM_WORLD, &status);
  int n = 0;
  MPI_Get_count(&status, MPI_CHAR, &n);
  std::string text(static_cast<std::size_t>(n), '\0');
  MPI_Recv(text.data(), n, MPI_CHAR, status.MPI_SOURCE, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return text;
}

void root(const std::vector<std::vector<std::string>>& grid, int ranks, const sweep::SweepProgress& progress,
          std::vector<sweep::SweepRow>& rows) {
  rows.assign(grid.size(), {});
  std::size_t next = 0, done = 0;
  int working = ranks - 1;
  while (working > 0) {
    MPI_Status status;
    const std::string text = receive_text(MPI_ANY_SOURCE, kReady, status);
    if (!text.empty()) {
      const auto j = nlohmann::json::parse(text);
      const auto index = j.at("index").get<std::size_t>();
      rows.at(index) = sweep::row_from_json(j.at("row"));
      if (progress) progress(rows[index], ++done, grid.size());
    }
    int point = kNoMore;
    if (next < grid.size())
      point = static_cast<int>(next++);
    else
      --working;
    MPI_Send(&point, 1, MPI_INT, status.MPI_SOURCE, kPoint, MPI_COMM_WORLD);
  }
}

void worker(const sweep::Sweep& s, const std::vector<std::vector<std::string>>& grid) {
  std::string message;  // empty: the first request
  for (;;) {
    MPI_Send(message.data(), static_cast<int>(message.size()), MPI_CHAR, 0, kReady, MPI_COMM_WORLD);
    int point = kNoMore;
    MPI_Recv(&point, 1, MPI_INT, 0, kPoint, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (point == kNoMore) return;
    const auto index = static_cast<std::size_t>(point);
    message = nlohmann::json{{"index", index}, {"row", sweep::row_to_json(sweep::run_point(s, grid[index]))}}
                  .dump();
  }
}

}  // namespace

std::optional<RankedSweep> run_over_ranks(const sweep::Sweep& s, const sweep::SweepProgress& progress) {
  if (!under_mpirun()) return std::nullopt;
  const MpiSession session;
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  RankedSweep out;
  out.root = rank == 0;
  if (ranks == 1) {
    out.rows = sweep::run(s, {}, progress);
    return out;
  }
  const auto grid = sweep::points(s.vary);
  if (out.root)
    root(grid, ranks, progress, out.rows);
  else
    worker(s, grid);
  return out;
}

}  // namespace af::cli
