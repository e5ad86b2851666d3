#!/usr/bin/env bash
# Installs what is missing, then configures and builds Marionette (Release) into build/.
# Usage: bash scripts/build.sh [extra cmake configure arguments]
# MARIONETTE_WERROR=ON in the environment makes warnings errors (CI sets it: .ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DMARIONETTE_WERROR="${MARIONETTE_WERROR:-OFF}" "$@"
cmake --build build --parallel "$(nproc)"
