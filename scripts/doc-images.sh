#!/usr/bin/env bash
# Regenerates the pictures in docs/images/ by replaying the scripts in docs/images/scripts/
# in the real editor (under Xvfb, so no display is needed). Run after `bash scripts/build.sh`.
# A script named RIG.json or RIG-WHAT.json runs on assets/rigs/RIG.json and saves its own
# screenshots (paths relative to the script). A script named psd-WHAT.json starts with no rig
# in a scratch folder holding tests/data/psd/gimp_character.psd (it imports it), and its
# screenshots are copied here from there.
set -euo pipefail
cd "$(dirname "$0")/.."
for script in docs/images/scripts/*.json; do
    name=$(basename "$script" .json)
    if [ "${name%%-*}" = psd ]; then
        echo "$script on tests/data/psd/gimp_character.psd"
        scratch=$(mktemp -d)
        cp tests/data/psd/gimp_character.psd "$scratch/"
        cp "$script" "$scratch/steps.json"
        (cd "$scratch" && MARIONETTE_CONFIG_DIR= xvfb-run -a -s '-noreset -screen 0 1280x800x24' "$OLDPWD/build/marionette" \
            --window 1280x800 --script steps.json >/dev/null)
        cp "$scratch"/*.png docs/images/
        rm -rf "$scratch"
        continue
    fi
    rig=${name%%-*}
    echo "$script on assets/rigs/$rig.json"
    MARIONETTE_CONFIG_DIR= xvfb-run -a -s '-noreset -screen 0 1280x800x24' ./build/marionette --window 1280x800 --script "$script" "assets/rigs/$rig.json" >/dev/null
done
