#!/usr/bin/env bash
# `marionette --pose ... --out OUT` (then `--animate`) on a disk that fills part-way through the write (a file-size
# limit of 2 KiB stands in for it): exit 1 with the writer's message, OUT as it was before,
# no temporary file left, and no death by SIGXFSZ.
# Usage: disk_full.sh MARIONETTE RIG SCRATCH_DIR
set -u
binary=$1 rig=$2 dir=$3
rm -rf "$dir" && mkdir -p "$dir"
printf 'the previous pose, kept\n' > "$dir/out.json"
err=$( (ulimit -f 2; exec "$binary" --pose "$rig" --chain arm_r --target 40,150 --out "$dir/out.json") 2>&1 >/dev/null )
code=$?
fail() { echo "disk_full: $*"; exit 1; }
[ "$code" -eq 1 ] || fail "exit code $code, expected 1 (stderr: $err)"
case "$err" in *"out.json: write failed: File too large"*) ;; *) fail "unexpected message: $err" ;; esac
[ "$(cat "$dir/out.json")" = "the previous pose, kept" ] || fail "out.json was changed"
[ "$(ls -A "$dir" | wc -l)" -eq 1 ] || fail "left behind: $(ls -A "$dir")"
echo "disk_full: refused with: $err"

# --animate writes its frames as they are baked: a disk that fills after 512 KiB of a bake of
# several megabytes stops it with the same message, the old frames file kept, nothing left.
printf 'the previous frames, kept\n' > "$dir/out.json"
err=$( (ulimit -f 512; exec "$binary" --animate "$rig" --timeline walking@0 --fps 1000 --seconds 30 --out "$dir/out.json") 2>&1 >/dev/null )
code=$?
[ "$code" -eq 1 ] || fail "--animate: exit code $code, expected 1 (stderr: $err)"
case "$err" in *"out.json: write failed: File too large"*) ;; *) fail "--animate: unexpected message: $err" ;; esac
[ "$(cat "$dir/out.json")" = "the previous frames, kept" ] || fail "--animate: out.json was changed"
[ "$(ls -A "$dir" | wc -l)" -eq 1 ] || fail "--animate: left behind: $(ls -A "$dir")"
echo "disk_full: --animate refused with: $err"
rm -rf "$dir"
