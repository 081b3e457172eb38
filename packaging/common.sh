# Shared by the README's two commands: install what is missing, then configure and build.
# Safe to re-run: installed packages and an up-to-date build are skipped.
set -euo pipefail

AF_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
AF_BUILD_DIR="${AF_BUILD_DIR:-$AF_ROOT/build}"

# What each command installs. The first command (run-explorer.sh) needs only what builds and
# runs the CLI and the explorer; the test command adds what the tests use; the CI stages add
# their own tools when they run (af_install_deps in each stage). libqt6sql6-sqlite is Qt SQL's
# SQLite driver, a plugin the run store loads at run time (qt6-base-dev has Qt SQL itself).
AF_RUN_PACKAGES=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-base-dev-tools qt6-svg-dev libgl1-mesa-dev libqcustomplot-dev
  libisl-dev libyaml-cpp-dev libtbb-dev nlohmann-json3-dev libfmt-dev libcli11-dev
  fonts-dejavu-core
  libqt6sql6-sqlite
)
# locales: the locale sources from which a test compiles de_DE (decimal comma) with localedef.
# Open MPI: `mpirun -np N accelforge sweep` (AF_MPI) and its test.
AF_TEST_PACKAGES=(locales openmpi-bin libopenmpi-dev)
# The sanitizer stage builds with GCC's ASan/UBSan and symbolizes with llvm-symbolizer; the fuzz
# stage builds with clang's libFuzzer.
AF_SANITIZE_PACKAGES=(llvm)
AF_FUZZ_PACKAGES=(clang libclang-rt-14-dev llvm)
# The package stage: dpkg-shlibdeps (dpkg-dev) finds the .deb's dependencies; lintian,
# desktop-file-validate and appstreamcli check it; man reads the installed page.
AF_PACKAGE_PACKAGES=(dpkg-dev file lintian desktop-file-utils appstream man-db)

# ccache, when installed, speeds up re-runs; CMake reads this variable when it first
# configures a build folder.
if [ -z "${CMAKE_CXX_COMPILER_LAUNCHER:-}" ] && command -v ccache >/dev/null 2>&1; then
  export CMAKE_CXX_COMPILER_LAUNCHER=ccache
fi
# AF_NICE=10 compiles at a lower priority (a machine shared with other builds); tests keep theirs.
af_nice=()
if [ -n "${AF_NICE:-}" ]; then af_nice=(nice -n "$AF_NICE"); fi

# af_install_deps PACKAGE...: installs the ones that are missing (one apt-get run).
af_install_deps() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    echo "af: all $# Debian packages present"
    return
  fi
  echo "af: installing ${#missing[@]} Debian packages: ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
  # apt's own chatter (debconf's notes among it) goes to a log, shown only when it fails: a
  # newcomer's first run prints the project's lines.
  local log="${AF_APT_LOG:-$(mktemp)}"
  if ! { "${sudo[@]}" apt-get update -qq && "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
    cat "$log" >&2
    return 1
  fi
}

af_build() {
  local extra=("$@")
  if [ ! -f "$AF_BUILD_DIR/build.ninja" ] || [ ${#extra[@]} -gt 0 ]; then
    cmake -S "$AF_ROOT" -B "$AF_BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release "${extra[@]}"
  fi
  "${af_nice[@]}" cmake --build "$AF_BUILD_DIR" -j "${AF_JOBS:-2}"
}

# Reads ninja's "[done/total] ..." lines and prints "af: building X of Y": in place on a
# terminal, else once per tenth of the way. A shell loop, not awk: Debian's mawk reads a pipe in
# blocks, so its lines would come minutes late.
af_progress_lines() {
  local line done total tenth last=-1 tty=false
  if [ -t 1 ]; then tty=true; fi
  while IFS= read -r line; do
    [[ "$line" =~ ^\[([0-9]+)/([0-9]+)\] ]] || continue
    done=${BASH_REMATCH[1]} total=${BASH_REMATCH[2]}
    if $tty; then
      printf '\raf: building %d of %d' "$done" "$total"
    else
      tenth=$((done * 10 / total))
      if [ "$tenth" -gt "$last" ]; then
        echo "af: building $done of $total"
        last=$tenth
      fi
    fi
  done
  if $tty; then echo; fi
}

# af_build_quietly DIR TARGET...: builds the targets in DIR and prints "building X of Y" about
# every tenth of the way (in place on a terminal) instead of every compiler line; the whole log
# is in DIR/build.log, and its end is printed if the build fails.
af_build_quietly() {
  local dir="$1" rc=0
  shift
  local log="$dir/build.log"
  set +e
  NINJA_STATUS="[%f/%t] " "${af_nice[@]}" cmake --build "$dir" -j "${AF_JOBS:-2}" --target "$@" 2>&1 |
    tee "$log" | af_progress_lines
  rc=${PIPESTATUS[0]}
  set -e
  if [ "$rc" -ne 0 ]; then
    echo "af: the build failed; the end of $log:"
    tail -n 40 "$log"
  fi
  return "$rc"
}

# af_build_in DIR [CMAKE_ARGS...] [-- TARGETS...]: configure DIR (always, it is cheap) and
# build the given targets, or everything.
af_build_in() {
  local dir="$1" args=() targets=()
  shift
  while [ $# -gt 0 ]; do
    if [ "$1" = "--" ]; then
      shift
      targets=("$@")
      break
    fi
    args+=("$1")
    shift
  done
  cmake -S "$AF_ROOT" -B "$dir" -G Ninja "${args[@]}"
  if [ ${#targets[@]} -gt 0 ]; then
    "${af_nice[@]}" cmake --build "$dir" -j "${AF_JOBS:-2}" --target "${targets[@]}"
  else
    "${af_nice[@]}" cmake --build "$dir" -j "${AF_JOBS:-2}"
  fi
}

# af_ctest DIR [CTEST_ARGS...]: run CTest in DIR, then list the test functions that skipped
# (Qt Test's SKIP lines), so that a missing corpus is visible in the log.
af_ctest() {
  local dir="$1" rc=0
  shift
  ctest --test-dir "$dir" --output-on-failure -j "${AF_JOBS:-2}" "$@" || rc=$?
  af_report_skips "$dir"
  return $rc
}

af_report_skips() {
  local log="$1/Testing/Temporary/LastTest.log"
  [ -f "$log" ] || return 0
  # "SKIP   : TestX::function(row) reason" -> one line per reason, with the functions.
  { grep -a '^SKIP   : ' "$log" || true; } | sed 's/^SKIP   : //' | awk '
    { i = index($0, ") "); fn = substr($0, 1, i); why = substr($0, i + 2)
      if (!(why in n)) order[++k] = why
      n[why]++; fns[why] = fns[why] (n[why] <= 6 ? " " fn : "") }
    END { for (j = 1; j <= k; j++) { w = order[j]
            printf "af: %d test function(s) skipped: %s\n   %s%s\n", n[w], w, fns[w], (n[w] > 6 ? " ..." : "") } }'
}

# Stages: a header, the command, its wall time and the CPU time of the processes it ran (on a
# shared machine the two tell apart slow work from waiting); a table at the end, also when a
# stage failed or the run was interrupted (run-tests.sh traps EXIT). A failed stage does not
# stop the run: the stages that do not depend on it still run, and the run fails at the end.
AF_STAGE_SUMMARY=()
AF_FAILED_STAGES=()
AF_STAGE_NAME=""
AF_STAGE_START=0
AF_STAGE_CPU0=0
AF_TIMES_FILE="$(mktemp)"

# Sets AF_CPU to the CPU seconds (user + system) of this shell's finished child processes so
# far. `times` must run in this shell, not in a $(...) subshell, which would not see them.
af_cpu_now() {
  times >"$AF_TIMES_FILE"
  AF_CPU=$(tail -n 1 "$AF_TIMES_FILE" |
    awk '{ s = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); s += a[1] * 60 + a[2] }; printf "%d\n", s }')
}

af_mmss() { printf '%3dm%02ds' $(($1 / 60)) $(($1 % 60)); }

# Appends "NAME wall .. cpu .. STATUS" for the current stage to AF_STAGE_SUMMARY.
af_stage_record() {
  af_cpu_now
  AF_STAGE_SUMMARY+=("$(printf '%-15s wall %s  cpu %s  %s' "$1" "$(af_mmss $((SECONDS - AF_STAGE_START)))" \
    "$(af_mmss $((AF_CPU - AF_STAGE_CPU0)))" "$2")")
}

# af_stage NAME COMMAND...: runs COMMAND (with set -e, in a subshell) as stage NAME. It returns 0
# and sets AF_STAGE_OK to true or false: a caller that tested its status (`af_stage ... && ...`)
# would switch set -e off inside COMMAND too.
af_stage() {
  local name="$1" rc=0 status=ok
  shift
  AF_STAGE_NAME="$name"
  AF_STAGE_START=$SECONDS
  af_cpu_now
  AF_STAGE_CPU0=$AF_CPU
  printf '\n==== %s [%s] ====\n' "$name" "$(date +%H:%M:%S)"
  set +e
  (
    set -e
    "$@"
  )
  rc=$?
  set -e
  AF_STAGE_OK=true
  if [ $rc -ne 0 ]; then
    AF_STAGE_OK=false
    status="FAILED (exit $rc)"
    AF_FAILED_STAGES+=("$name")
  fi
  af_stage_record "$name" "$status"
  printf '==== %s ====\n' "${AF_STAGE_SUMMARY[-1]}"
  AF_STAGE_NAME=""
}

# af_stage_skipped NAME WHY: a stage that could not run, in the table.
af_stage_skipped() {
  AF_STAGE_SUMMARY+=("$(printf '%-15s skipped (%s)' "$1" "$2")")
}

af_stage_summary() {
  local status=$?
  if [ -n "$AF_STAGE_NAME" ]; then af_stage_record "$AF_STAGE_NAME" "INTERRUPTED (exit $status)"; fi
  if [ ${#AF_STAGE_SUMMARY[@]} -gt 0 ]; then
    af_cpu_now
    printf '\n==== stages ====\n'
    printf '%s\n' "${AF_STAGE_SUMMARY[@]}"
    printf '%-15s wall %s  cpu %s  (load average now: %s)\n' total "$(af_mmss $SECONDS)" "$(af_mmss "$AF_CPU")" \
      "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
    if [ ${#AF_FAILED_STAGES[@]} -gt 0 ]; then printf 'FAILED: %s\n' "${AF_FAILED_STAGES[*]}"; fi
  fi
  rm -f "$AF_TIMES_FILE"
}
