#!/usr/bin/env bash
# Remakes the PSD files of tests/data/psd and their answers (tests/data/psd/MANIFEST):
#   gimp_puppet.psd, gimp_puppet_16.psd,  GIMP 2.10 in batch mode (scripts/make_test_psds.scm)
#   gimp_character.psd
#   synthetic_*.psd                       scripts/make_test_psds.py's own writer
#   *.answer.json                         what psd-tools reads from each (make_test_psds.py)
# The files are committed: the build and CI need neither GIMP nor psd-tools. Remaking them
# changes GIMP's files (it stamps them), so the tests' expectations of the import may need a look.
# Usage: bash scripts/make_test_psds.sh   (installs gimp and python3-psd-tools when missing)
set -euo pipefail
cd "$(dirname "$0")/.."
out=tests/data/psd

missing=()
command -v gimp-console-2.10 >/dev/null 2>&1 || missing+=(gimp)
/usr/bin/python3 -c 'import psd_tools' 2>/dev/null || missing+=(python3-psd-tools)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then as_root=(); else as_root=(sudo); fi
  "${as_root[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
fi

mkdir -p "$out"
gimp-console-2.10 -i -n -d -f -b "(begin (load \"$PWD/scripts/make_test_psds.scm\")
  (make-puppet \"$PWD/$out/gimp_puppet.psd\" 0)
  (make-puppet \"$PWD/$out/gimp_puppet_16.psd\" 1)
  (make-character \"$PWD/$out/gimp_character.psd\"))" -b "(gimp-quit 0)" 2>&1 | grep -v -e GEGL -e "GeglBuffers leaked" -e "using gegl copy" || true
/usr/bin/python3 scripts/make_test_psds.py "$out"
