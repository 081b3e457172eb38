#!/usr/bin/env bash
# CI's package stage: the .deb as a Debian user meets it.
#
#   bash packaging/check-package.sh [BUILD_DIR]
#
# Builds the .deb from a Release build (cpack), checks it with lintian (errors fail), checks the
# desktop entry and the AppStream metainfo, installs it with apt (its dependencies come from the
# archive), runs the installed programs on an installed example (--version, validate, evaluate,
# man, the explorer's screenshot without a display), then removes it. Needs root or sudo.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
# Absolute: apt-get takes "./x.deb" or "/path/x.deb" as a file, "build/x.deb" as a package name.
build="$(cd "${1:-$AF_BUILD_DIR}" && pwd)"
start=$SECONDS
sudo=()
if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi

af_install_deps "${AF_PACKAGE_PACKAGES[@]}"

echo "af: building the .deb"
rm -f "$build"/accelforge-explorer_*.deb
(cd "$build" && cpack -G DEB >cpack.log 2>&1) || {
  cat "$build/cpack.log"
  exit 1
}
deb="$(ls "$build"/accelforge-explorer_*.deb)"
echo "af: $(basename "$deb"), $(du -k "$deb" | cut -f1) KiB; depends: $(dpkg-deb -f "$deb" Depends)"

echo "af: lintian"
# Errors fail the stage; warnings are printed. The package is built by CPack, not
# dpkg-buildpackage, so there is no source package to check.
lintian --fail-on error --tag-display-limit 0 "$deb"

echo "af: desktop-file-validate and appstreamcli validate"
desktop-file-validate "$AF_ROOT/packaging/accelforge-explorer.desktop"
appstreamcli validate --no-net --explain "$AF_ROOT/packaging/io.github.accelforge_explorer.metainfo.xml"

echo "af: installing it with apt"
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$deb" >/dev/null
remove() { "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq accelforge-explorer >/dev/null; }
trap remove EXIT

ex=/usr/share/accelforge-explorer/examples
# From a folder outside the checkout, so nothing of the build tree is used.
cd "$(mktemp -d)"
echo "af: installed: $(command -v accelforge) $(/usr/bin/accelforge --version)"
/usr/bin/accelforge validate "$ex"/two_level_matmul/*.yaml >validate.txt
/usr/bin/accelforge evaluate "$ex"/two_level_matmul/*.yaml --json evaluation.json >evaluate.txt
grep -q '"energy"' evaluation.json
echo "af: accelforge validate and evaluate on $ex/two_level_matmul: ok ($(head -n 1 evaluate.txt))"
# The run store loads Qt SQL's SQLite driver as a plugin: the package's Depends must bring it.
/usr/bin/accelforge map "$ex"/two_level_matmul/*.yaml --store "$PWD/runs.sqlite" >map.txt
/usr/bin/accelforge history show 1 --store "$PWD/runs.sqlite" | grep -q "optimum"
echo "af: accelforge map --store and history show: ok"
# The component models carry their CACTI table in the program: the installed one prices the
# example from its models alone, away from the source tree.
/usr/bin/accelforge components "$ex"/component_models/*.yaml --json components.json >components.txt
grep -q '"model": "SmartBufferSRAM"' components.json
grep -q '\[model\]' components.txt
echo "af: accelforge components on $ex/component_models: ok"
man -P cat accelforge 2>/dev/null | grep -q "accelforge validate"
man -P cat accelforge-explorer 2>/dev/null | grep -q "screenshot"
echo "af: man accelforge, man accelforge-explorer: ok"
env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM /usr/bin/accelforge-explorer --version
# Without a display and without a runtime folder (a fresh SSH login): the path and nothing else.
env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM -u XDG_RUNTIME_DIR /usr/bin/accelforge-explorer \
  "$ex"/spatial_array_conv/*.yaml --screenshot "$PWD/shot.png" --size 1000x700 >shot.out 2>shot.err
test -s shot.png
if [ -s shot.err ] || [ "$(cat shot.out)" != "$PWD/shot.png" ]; then
  echo "af: the installed explorer printed more than the screenshot's path:"
  cat shot.out shot.err
  exit 1
fi
echo "af: the installed explorer's screenshot without a display: ok (only its path printed)"

# The README's first command, as a newcomer without a display runs it: its own progress lines
# ("af: ...") and the screenshot's path, nothing else (the build above is reused: no compiling).
env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM -u XDG_RUNTIME_DIR AF_BUILD_DIR="$build" \
  AF_SCREENSHOT="$PWD/first.png" bash "$AF_ROOT/packaging/run-explorer.sh" >first.out 2>first.err
if [ -s first.err ] || head -n -1 first.out | grep -qv '^af: ' || [ "$(tail -n 1 first.out)" != "$PWD/first.png" ]; then
  echo "af: the README's first command printed lines that are not its own:"
  cat first.out first.err
  exit 1
fi
test -s first.png
echo "af: the README's first command without a display: $(wc -l <first.out) lines, all its own"

remove
trap - EXIT
if dpkg-query -W -f='${Status}' accelforge-explorer 2>/dev/null | grep -q "install ok installed"; then
  echo "af: the package is still installed after apt-get remove"
  exit 1
fi
echo "af: removed; the package stage took $((SECONDS - start)) s"
