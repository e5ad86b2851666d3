#!/usr/bin/env bash
# Io's shipped pictures are the ones scripts/make_io_pictures.py draws: drawn again into a
# scratch folder, byte for byte the same (so the pictures are made, not copied, and the script
# and the assets cannot drift apart). Usage: io_pictures_test.sh SOURCE_DIR
set -euo pipefail
source_dir=$1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
/usr/bin/python3 "$source_dir/scripts/make_io_pictures.py" "$scratch"
shipped=$(cd "$source_dir/assets/rigs/io" && ls *.png)
drawn=$(cd "$scratch" && ls *.png)
if [ "$shipped" != "$drawn" ]; then
    echo "assets/rigs/io holds: $shipped"
    echo "the script draws: $drawn"
    exit 1
fi
for f in $drawn; do
    cmp "$scratch/$f" "$source_dir/assets/rigs/io/$f"
done
echo "io pictures: $(echo "$drawn" | wc -w) files, as the script draws them"
