#!/usr/bin/env bash
# Every shipped rig exported as .glb and .gltf, and the glTF file another program wrote once
# imported and exported again, and the bent arm (a 2D rig whose pictures are skinned and rigid
# meshes with morph targets), checked by the Khronos glTF validator: no error, no warning.
# Usage: gltf_validator_test.sh MARIONETTE_BINARY SOURCE_DIR WORK_DIR
set -euo pipefail
binary=$1 source=$2 work=$3
mkdir -p "$work"
# The validator is installed from the lock file once per build tree (needs the npm registry).
if [ ! -d "$work/node_modules/gltf-validator" ]; then
  cp "$source/tests/tools/package.json" "$source/tests/tools/package-lock.json" "$work/"
  (cd "$work" && npm ci --no-audit --no-fund --loglevel=error)
fi
cp "$source/tests/tools/validate_gltf.mjs" "$work/"
files=()
for rig in "$source"/assets/rigs/*.json "$source"/tests/data/gltf/*.glb "$source"/tests/data/gltf/bent_arm.json; do
  name=$(basename "${rig%.*}")
  for ext in glb gltf; do
    "$binary" --export "$rig" --out "$work/$name.$ext" --overwrite >/dev/null 2>&1
    files+=("$work/$name.$ext")
  done
done
node "$work/validate_gltf.mjs" "${files[@]}"
