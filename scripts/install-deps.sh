#!/usr/bin/env bash
# Installs the Debian 12 packages Marionette builds and tests with, skipping what is already there.
# Runs as root (CI) or through sudo (an ordinary user). Idempotent: a second run installs nothing.
# Usage: bash scripts/install-deps.sh [fuzz] [format]
#   fuzz: also clang 14 with its sanitizer and libFuzzer runtimes and llvm-symbolizer, which only
#   scripts/fuzz.sh needs (the everyday build and the sanitizer build use GCC).
#   format: also clang-format 14, which scripts/format.sh runs.
set -euo pipefail

packages=(
  build-essential cmake pkg-config
  libsdl2-dev libimgui-dev libglm-dev nlohmann-json3-dev libsimdjson-dev libtinygltf-dev python3-glad libstb-dev libpng-dev
  libgtest-dev libbenchmark-dev
  xvfb xauth libgl1-mesa-dri libglx-mesa0
  fonts-dejavu-core fonts-font-awesome
)
# Node.js and npm install the test suite's independent readers (tests/tools/package.json); a
# machine that has them from elsewhere (NodeSource's nodejs carries its own npm) keeps those.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  packages+=(nodejs npm)
fi
for group in "$@"; do
  case "$group" in
    fuzz) packages+=(clang-14 libclang-rt-14-dev llvm-14) ;;
    format) packages+=(clang-format-14) ;;
    *) echo "install-deps: unknown group \"$group\" (known: fuzz, format)" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "install-deps: missing ${missing[*]}, and neither root nor sudo is available" >&2
  exit 1
fi

echo "install-deps: installing ${missing[*]}"
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
