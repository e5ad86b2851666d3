#!/usr/bin/env bash
# Regenerates the pictures in docs/images/ by replaying the scripts in docs/images/scripts/
# in the real editor (under Xvfb, so no display is needed). Run after `bash scripts/build.sh`.
set -euo pipefail
cd "$(dirname "$0")/.."
for script in docs/images/scripts/*.json; do
    name=$(basename "$script" .json)
    echo "docs/images/$name.png"
    xvfb-run -a -s '-screen 0 1280x800x24' ./build/marionette --window 1280x800 --script "$script" "assets/rigs/$name.json" >/dev/null
done
