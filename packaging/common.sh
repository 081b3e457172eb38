# Shared by the README's two commands: install what is missing, then configure and build.
# Safe to re-run: installed packages and an up-to-date build are skipped.
set -euo pipefail

AF_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
AF_BUILD_DIR="${AF_BUILD_DIR:-$AF_ROOT/build}"

AF_PACKAGES=(
  build-essential cmake ninja-build pkg-config git file dpkg-dev
  qt6-base-dev qt6-base-dev-tools qt6-svg-dev libgl1-mesa-dev libqcustomplot-dev
  libisl-dev libyaml-cpp-dev libtbb-dev nlohmann-json3-dev libfmt-dev libcli11-dev
  fonts-dejavu-core xvfb xauth
)

af_install_deps() {
  local missing=()
  for p in "${AF_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    echo "af: all ${#AF_PACKAGES[@]} Debian packages present"
    return
  fi
  echo "af: installing ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

af_build() {
  local extra=("$@")
  if [ ! -f "$AF_BUILD_DIR/build.ninja" ] || [ ${#extra[@]} -gt 0 ]; then
    cmake -S "$AF_ROOT" -B "$AF_BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release "${extra[@]}"
  fi
  cmake --build "$AF_BUILD_DIR" -j "${AF_JOBS:-2}"
}
