#!/usr/bin/env bash
# `marionette --pose ... --out OUT` on a disk that fills part-way through the write (a file-size
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
rm -rf "$dir"
