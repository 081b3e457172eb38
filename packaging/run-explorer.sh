#!/usr/bin/env bash
# Install what is missing, build (Release, Ninja) and open the explorer on the bundled example.
# Without a display it saves a screenshot instead and prints its path.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
af_install_deps
af_build
ex="$AF_ROOT/resources/examples"
files=("$ex/spatial_array_conv/arch.yaml" "$ex/spatial_array_conv/workload.yaml" "$ex/spatial_array_conv/mapping.yaml")
exe="$AF_BUILD_DIR/app/accelforge-explorer"
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec "$exe" "${files[@]}" "$@"
fi
shot="${AF_SCREENSHOT:-$AF_BUILD_DIR/explorer-screenshot.png}"
echo "af: no display; saving a screenshot"
QT_QPA_PLATFORM=offscreen "$exe" "${files[@]}" --screenshot "$shot" "$@"
