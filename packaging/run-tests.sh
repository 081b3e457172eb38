#!/usr/bin/env bash
# Install what is missing, build everything and run every test through CTest.
#
#   bash packaging/run-tests.sh [--sanitize] [--fuzz] [--ci] [CTEST_ARGS...]
#
# Without options: a Release build in build/ and every CTest entry (tests that need
# AccelForge's reference corpus skip when ../shared is absent; see tests/README.md).
#   --sanitize  also build with ASan + UBSan in build-asan/ and run the tests there, except
#               the ones listed in AF_ASAN_EXCLUDE (the exhaustive mapper oracles and the
#               AccelForge mapper regression, too slow under the sanitizers)
#   --fuzz      also build the libFuzzer targets with clang in build-fuzz/ and run each for
#               AF_FUZZ_SECONDS (60) seconds, seeded with the project's own specs; a crash fails
#   --package   also build the .deb, check it with lintian, install it with apt, run the installed
#               programs on an installed example, then remove it (needs root or sudo)
#   --ci        all three, and warnings in project code are errors in the Release build.
# Each stage installs the Debian packages it needs (common.sh lists them) when it starts.
# CI=true (as .ci/run sets it) means --ci. CTEST_ARGS go to the Release CTest run.
# Every stage prints a header and its wall time; a summary of the times ends the run. A failed
# stage does not stop the stages that do not need it; the run then exits 1.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

sanitize=false fuzz=false package=false werror=false
if [ "${CI:-}" = "true" ]; then sanitize=true fuzz=true package=true werror=true; fi
ctest_args=()
for arg in "$@"; do
  case "$arg" in
    --sanitize) sanitize=true ;;
    --fuzz) fuzz=true ;;
    --package) package=true ;;
    --ci) sanitize=true fuzz=true package=true werror=true ;;
    *) ctest_args+=("$arg") ;;
  esac
done

AF_ASAN_DIR="${AF_ASAN_DIR:-$AF_ROOT/build-asan}"
AF_FUZZ_DIR="${AF_FUZZ_DIR:-$AF_ROOT/build-fuzz}"
AF_FUZZ_SECONDS="${AF_FUZZ_SECONDS:-60}"
# CTest -E regex of what the sanitizer stage leaves out (see tests/README.md for the times).
AF_ASAN_EXCLUDE="${AF_ASAN_EXCLUDE:-^(test_mapper|test_matmul_oracle|test_fusion_oracle|test_mapper_regression|test_typing)$}"

trap af_stage_summary EXIT
# So that the table says how an interrupted run ended.
trap 'exit 130' INT
trap 'exit 143' TERM

af_stage "install" af_install_deps "${AF_RUN_PACKAGES[@]}" "${AF_TEST_PACKAGES[@]}"
if ! $AF_STAGE_OK; then exit 1; fi

# The programs' libraries compile in batches (AF_UNITY_BUILD), as the first command builds them;
# the sanitizer stage below compiles file by file, so both ways stay buildable.
if $werror; then
  af_stage "build" af_build -DAF_WERROR=ON -DAF_UNITY_BUILD=ON
else
  af_stage "build" af_build -DAF_WERROR=OFF -DAF_UNITY_BUILD=ON
fi
build_ok=$AF_STAGE_OK
if $AF_STAGE_OK; then
  af_stage "tests" af_ctest "$AF_BUILD_DIR" "${ctest_args[@]}"
else
  af_stage_skipped "tests" "build failed"
fi

# The .deb made from the Release build, checked and installed as a user would.
if $package; then
  if $build_ok; then
    af_stage "package" bash "$AF_ROOT/packaging/check-package.sh" "$AF_BUILD_DIR"
  else
    af_stage_skipped "package" "build failed"
  fi
fi

if $sanitize; then
  # Debug keeps assertions on; -O1 -g1 keeps the instrumented tests fast enough and the
  # reports readable (file:line) at a moderate compile time.
  asan_build() {
    af_install_deps "${AF_SANITIZE_PACKAGES[@]}"
    af_build_in "$@"
  }
  af_stage "asan build" asan_build "$AF_ASAN_DIR" -DCMAKE_BUILD_TYPE=Debug \
    "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g1" -DAF_SANITIZE=ON -DAF_MPI=OFF
  asan_tests() {
    # Any report fails the test that made it: ASan and LSan always stop with an error exit,
    # UBSan does with halt_on_error (the build also passes -fno-sanitize-recover=undefined).
    # exitcode=86, not the default 1: the CLI suites expect exit 1 for invalid input, so a
    # report in the accelforge process they run would otherwise pass as an expected error.
    ASAN_OPTIONS="halt_on_error=1:exitcode=86:detect_leaks=1:check_initialization_order=1:detect_stack_use_after_return=1" \
      UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=86" \
      LSAN_OPTIONS="suppressions=$AF_ROOT/tests/sanitizers/lsan.supp:print_suppressions=0" \
      af_ctest "$AF_ASAN_DIR" -E "$AF_ASAN_EXCLUDE"
  }
  if $AF_STAGE_OK; then af_stage "asan tests" asan_tests; else af_stage_skipped "asan tests" "asan build failed"; fi
fi

if $fuzz; then
  fuzzers=(fuzz_expr fuzz_jinja fuzz_yaml fuzz_project_file)
  fuzz_build() {
    af_install_deps "${AF_FUZZ_PACKAGES[@]}"
    af_build_in "$@"
  }
  af_stage "fuzz build" fuzz_build "$AF_FUZZ_DIR" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER=clang++ "-DCMAKE_CXX_FLAGS=-gline-tables-only" -DAF_FUZZ=ON -DAF_BUILD_GUI=OFF -DAF_MPI=OFF \
    -- "${fuzzers[@]}"
  fuzz_runs() {
    bash "$AF_ROOT/tests/fuzz/make-seeds.sh" "$AF_FUZZ_DIR/seeds"
    local f
    for f in "${fuzzers[@]}"; do
      local kind="${f#fuzz_}"
      mkdir -p "$AF_FUZZ_DIR/corpus/$f" "$AF_FUZZ_DIR/artifacts"
      echo "af: $f for ${AF_FUZZ_SECONDS}s on $(ls "$AF_FUZZ_DIR/seeds/$kind" | wc -l) seeds"
      # New inputs go to corpus/$f (kept between local runs); a crash writes
      # artifacts/$f-crash-* and fails the stage.
      "$AF_FUZZ_DIR/tests/fuzz/$f" -max_total_time="$AF_FUZZ_SECONDS" -timeout=30 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$AF_FUZZ_DIR/artifacts/$f-" \
        "$AF_FUZZ_DIR/corpus/$f" "$AF_FUZZ_DIR/seeds/$kind" 2>&1 |
        sed -e '/^#[0-9]/d' -e '/Recommended dictionary/,/End of recommended dictionary/d' || return 1
    done
  }
  if $AF_STAGE_OK; then af_stage "fuzz runs" fuzz_runs; else af_stage_skipped "fuzz runs" "fuzz build failed"; fi
fi

# A failed stage did not stop the others; it fails the run.
[ ${#AF_FAILED_STAGES[@]} -eq 0 ]
