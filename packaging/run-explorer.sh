#!/usr/bin/env bash
# The README's first command: install what the explorer needs, build only the two programs
# (accelforge and accelforge-explorer, with their libraries; no tests) and open the explorer on
# a bundled example. Without a display it saves a screenshot instead and prints its path.
# One line per step; the build's full log is in build/build.log.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
start=$SECONDS

echo "af: [1/4] checking ${#AF_RUN_PACKAGES[@]} Debian packages"
af_install_deps "${AF_RUN_PACKAGES[@]}"

if [ ! -f "$AF_BUILD_DIR/build.ninja" ]; then
  echo "af: [2/4] configuring a Release build in ${AF_BUILD_DIR#"$AF_ROOT"/}"
  # AF_UNITY_BUILD: each library compiles in a few batches, half the CPU time from scratch.
  cmake -S "$AF_ROOT" -B "$AF_BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release -DAF_UNITY_BUILD=ON >"$AF_BUILD_DIR.configure.log" 2>&1 ||
    {
      cat "$AF_BUILD_DIR.configure.log"
      exit 1
    }
  mv "$AF_BUILD_DIR.configure.log" "$AF_BUILD_DIR/configure.log"
else
  echo "af: [2/4] configured already (${AF_BUILD_DIR#"$AF_ROOT"/})"
fi

echo "af: [3/4] building accelforge and accelforge-explorer (${AF_JOBS:-2} jobs)"
af_build_quietly "$AF_BUILD_DIR" accelforge accelforge-explorer
echo "af: ready after $((SECONDS - start)) s"

ex="$AF_ROOT/resources/examples"
files=("$ex/spatial_array_conv/arch.yaml" "$ex/spatial_array_conv/workload.yaml" "$ex/spatial_array_conv/mapping.yaml")
exe="$AF_BUILD_DIR/app/accelforge-explorer"
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  echo "af: [4/4] opening the explorer on resources/examples/spatial_array_conv"
  exec "$exe" "${files[@]}" "$@"
fi
shot="${AF_SCREENSHOT:-$AF_BUILD_DIR/explorer-screenshot.png}"
echo "af: [4/4] no display: saving a screenshot of the explorer on resources/examples/spatial_array_conv"
"$exe" "${files[@]}" --screenshot "$shot" "$@"
