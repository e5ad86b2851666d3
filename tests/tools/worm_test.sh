#!/usr/bin/env bash
# Wren the worm (assets/rigs/worm.json and its picture) is what scripts/make_worm.py makes: made
# again into a scratch folder, byte for byte the same, so the shipped puppet and its script
# cannot drift apart. Usage: worm_test.sh SOURCE_DIR
set -euo pipefail
source_dir=$1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
/usr/bin/python3 "$source_dir/scripts/make_worm.py" "$scratch"
cmp "$scratch/worm.json" "$source_dir/assets/rigs/worm.json"
cmp "$scratch/worm/worm.png" "$source_dir/assets/rigs/worm/worm.png"
echo "worm: the rig and its picture, as the script makes them"
