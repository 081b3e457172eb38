#!/usr/bin/env bash
# Install what is missing, build everything and run every test through CTest.
# In CI (CI=true) warnings in project code are errors.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
af_install_deps
if [ "${CI:-}" = "true" ]; then af_build -DAF_WERROR=ON; else af_build; fi
cd "$AF_BUILD_DIR"
ctest --output-on-failure -j "${AF_JOBS:-2}" "$@"
