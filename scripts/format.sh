#!/usr/bin/env bash
# Formats the project's C++ with Debian's clang-format-14 and the repository's .clang-format.
#
# Usage: bash scripts/format.sh           rewrites every file that is not formatted
#        bash scripts/format.sh --check   changes nothing; lists the files that are not formatted
#                                         and exits 1 if there are any (CI's first stage: .ci/run)
#
# The files: every .cpp, .hpp and .h git knows under src/, tests/, bench/ and fuzz/ (not the test
# data, which is input, not code).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh format >/dev/null

mapfile -t files < <(git ls-files 'src/*.cpp' 'src/*.hpp' 'src/*.h' 'tests/*.cpp' 'tests/*.hpp' 'bench/*.cpp' 'bench/*.hpp' \
  'fuzz/*.cpp' 'fuzz/*.hpp' | grep -v '^tests/data/')

if [ "${1:-}" = "--check" ]; then
  # In batches on every core; clang-format names each file it would change in its messages.
  mapfile -t unformatted < <(printf '%s\n' "${files[@]}" | xargs -P "$(nproc)" -n 50 clang-format-14 --dry-run 2>&1 |
    sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: warning: code should be clang-formatted.*/\1/p' | sort -u)
  if [ ${#unformatted[@]} -gt 0 ]; then
    echo "format: ${#unformatted[@]} of ${#files[@]} files are not formatted (bash scripts/format.sh fixes them):" >&2
    printf '  %s\n' "${unformatted[@]}" >&2
    exit 1
  fi
  echo "format: all ${#files[@]} files formatted"
  exit 0
fi
clang-format-14 -i "${files[@]}"
echo "format: ${#files[@]} files formatted"
