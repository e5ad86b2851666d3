#!/usr/bin/env bash
# Exported animations played by three.js (npm's three, compare_three.mjs) against
# `marionette --animate`'s frames of the same states: the shipped arm's keyed wave, the
# humanoid's and the hero's oscillator states (sampled over their loops, played past one loop),
# Io's scaled body, the Assimp-written motion capture and the three.js-written character imported
# and exported again, and that character's skinned vertices in each of its animations (turns,
# scales) against three.js's own skinning of its file; and a 2D rig's pictures (a weighted mesh
# skinned over two bones, a rigid one, deform keys as morph targets) against Marionette's own
# vertices of them.
# Usage: gltf_three_test.sh MARIONETTE_BINARY SOURCE_DIR WORK_DIR
set -euo pipefail
binary=$1 source=$2 work=$3
mkdir -p "$work"
if [ ! -d "$work/node_modules/three" ] || [ ! -d "$work/node_modules/gltf-validator" ]; then
  cp "$source/tests/tools/package.json" "$source/tests/tools/package-lock.json" "$work/"
  (cd "$work" && npm ci --no-audit --no-fund --loglevel=error)
fi
cp "$source/tests/tools/compare_three.mjs" "$source/tests/tools/compare_three_skin.mjs" "$work/"
check() {  # RIG STATE SECONDS
  local rig=$1 state=$2 seconds=$3 name
  name=$(basename "${rig%.*}")
  "$binary" --export "$rig" --out "$work/$name.glb" --overwrite >/dev/null 2>&1
  "$binary" --animate "$rig" --timeline "$state@0" --seconds "$seconds" --fps 30 --out "$work/$name.frames.json" --overwrite >/dev/null 2>&1
  node "$work/compare_three.mjs" "$work/$name.glb" "$work/$name.frames.json" "$state"
}
# An exported timeline (--export --timeline): one animation of the state machine's blends.
check_timeline() {  # RIG TIMELINE SECONDS
  local rig=$1 timeline=$2 seconds=$3 name
  name=$(basename "${rig%.*}")-timeline
  "$binary" --export "$rig" --timeline "$timeline" --seconds "$seconds" --fps 30 --out "$work/$name.glb" --overwrite >/dev/null 2>&1
  "$binary" --animate "$rig" --timeline "$timeline" --seconds "$seconds" --fps 30 --out "$work/$name.frames.json" --overwrite >/dev/null 2>&1
  node "$work/compare_three.mjs" "$work/$name.glb" "$work/$name.frames.json" "$timeline"
}
check_timeline "$source/assets/rigs/hero.json" "walking@0,climbing@2" 4
check_timeline "$source/assets/rigs/humanoid.json" "walk@0.5" 3
check "$source/assets/rigs/arm.json" wave 1.2
check "$source/assets/rigs/humanoid.json" walk 3
check "$source/assets/rigs/hero.json" walking 3
# Io's body scales unevenly (x 1.5) over its head, turned half round, whose node undoes it for
# the eyes. Its periods (pi/3 s) close no loop in whole frames: played within its first.
check "$source/assets/rigs/io.json" walking 1
check "$source/tests/data/gltf/bvh_arm_by_assimp.glb" Motion 1
check "$source/tests/data/gltf/three_character.glb" Bend 0.9
# The character's skin, exported by Marionette, where three.js skinned it in its own file.
node "$work/compare_three_skin.mjs" "$work/three_character.glb" "$source/tests/data/gltf/three_character.answer.json"
# The bent arm's pictures, exported by Marionette, where Marionette places them (the answer file
# is written and checked by GltfExportPictureSkin.TheThreeJsAnswerFileHoldsMarionettesVertices).
"$binary" --export "$source/tests/data/gltf/bent_arm.json" --out "$work/bent_arm.glb" --overwrite >/dev/null 2>&1
node "$work/compare_three_skin.mjs" "$work/bent_arm.glb" "$source/tests/data/gltf/bent_arm.answer.json"
