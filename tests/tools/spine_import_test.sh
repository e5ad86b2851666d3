#!/usr/bin/env bash
# Spine skeletons other programs wrote (tests/data/spine_import: Spine's own examples, 3.8 to
# 4.2) imported by `marionette --import`, and the imported rig's setup pose held against Spine's
# own runtime reading the source file (compare_spine.mjs --import-setup, npm's spine-core of the
# file's version): every bone's joint and tip and every vertex of the pictures the slots show
# within 1e-4 of the skeleton's size. The constraints are switched off on Spine's side: the
# import keeps the bones' setup values and makes IK constraints chains (docs/spine.md).
# windmill's blades are sheared 20 degrees, which a rig cannot hold: it is only reported.
# Usage: spine_import_test.sh MARIONETTE_BINARY ATTACHMENT_FRAMES_BINARY SOURCE_DIR WORK_DIR
set -euo pipefail
binary=$1 attachments=$2 source=$3 work=$4
mkdir -p "$work"
if [ ! -d "$work/node_modules/spine-core-4.1" ]; then
  cp "$source/tests/tools/package.json" "$source/tests/tools/package-lock.json" "$work/"
  (cd "$work" && npm ci --no-audit --no-fund --loglevel=error)
fi
cp "$source/tests/tools/compare_spine.mjs" "$work/"
check() {  # NAME [--report]
  local name=$1 flag=${2:-} from="$source/tests/data/spine_import/$1.json"
  "$binary" --import "$from" --out "$work/$name.json" --overwrite >/dev/null 2>"$work/$name.warnings"
  "$attachments" "$work/$name.json" - 0 1 "$work/$name.setup.json"
  if [ "$flag" = --report ]; then
    node "$work/compare_spine.mjs" "$from" "$work/$name.setup.json" "$work/$name.setup.json" - 30 --import-setup || true
  else
    node "$work/compare_spine.mjs" "$from" "$work/$name.setup.json" "$work/$name.setup.json" - 30 --import-setup
  fi
}
check coin-pro       # 3.8: Spine 3's atlas, a clipping attachment
check owl-pro        # 4.0: weighted meshes
check spineboy-pro   # 4.1: meshes, IK, transform constraints, inheritance, events
check windmill-ess --report  # 4.2: shear, uneven scales
