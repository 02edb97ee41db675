#!/usr/bin/env bash
# Builds the browser version into one folder that any static file server can serve:
#   bash web/build.sh [--wasm-opt] [output folder, default dist/web]
# It adds the wasm32 target, installs wasm-bindgen-cli at exactly the wasm-bindgen version in
# Cargo.lock (into ~/.cache/tesseract-chess/tools), builds with the `wasm-release` profile, binds,
# optionally shrinks with wasm-opt -Oz (binaryen from npm; about 10 minutes on 2 cores), copies
# index.html and scenes/ beside it, and prints the sizes.
set -euo pipefail
cd "$(dirname "$0")/.."

optimise=0
if [ "${1:-}" = "--wasm-opt" ]; then
  optimise=1
  shift
fi
out="${1:-dist/web}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
tools="${TESSERACT_TOOLS:-${HOME:-/root}/.cache/tesseract-chess/tools}"
binaryen_version=132.0.0

rustup target add wasm32-unknown-unknown >/dev/null
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if ! "$tools/bin/wasm-bindgen" --version 2>/dev/null | grep -qx "wasm-bindgen $version"; then
  echo "installing wasm-bindgen-cli $version (the version in Cargo.lock)"
  cargo install wasm-bindgen-cli --version "$version" --root "$tools" --force
fi

cargo build --profile wasm-release --target wasm32-unknown-unknown
rm -rf "$out"
mkdir -p "$out"
# Without the name section (9 MB of function names) and the producers section.
"$tools/bin/wasm-bindgen" --target web --no-typescript --remove-name-section --remove-producers-section \
  --out-dir "$out" --out-name tesseract-chess \
  "$CARGO_TARGET_DIR/wasm32-unknown-unknown/wasm-release/tesseract-chess.wasm"
wasm="$out/tesseract-chess_bg.wasm"

if [ "$optimise" = 1 ]; then
  wasm_opt="$tools/binaryen/node_modules/.bin/wasm-opt"
  if [ ! -x "$wasm_opt" ]; then
    npm install --prefix "$tools/binaryen" --no-audit --no-fund "binaryen@$binaryen_version" >/dev/null
  fi
  echo "wasm-opt -Oz (binaryen $binaryen_version)"
  "$wasm_opt" -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-reference-types --enable-mutable-globals --enable-multivalue --enable-simd \
    "$wasm" -o "$wasm.opt"
  mv "$wasm.opt" "$wasm"
fi

cp web/index.html "$out/"
cp -r scenes "$out/scenes"

# Sizes: the .wasm and the whole folder, raw and gzip -9 (what a server sends compressed).
gz() { gzip -9 -c "$1" | wc -c; }
mib() { awk -v b="$1" 'BEGIN { printf "%.2f MiB", b / 1048576 }'; }
folder_raw=0
folder_gz=0
while IFS= read -r -d '' file; do
  folder_raw=$((folder_raw + $(wc -c <"$file")))
  folder_gz=$((folder_gz + $(gz "$file")))
done < <(find "$out" -type f -print0)
echo "web build in $out"
echo "  .wasm:  $(mib "$(wc -c <"$wasm")") raw, $(mib "$(gz "$wasm")") gzip"
echo "  folder: $(mib "$folder_raw") raw, $(mib "$folder_gz") gzip"
echo "serve it with e.g.: python3 -m http.server -d $out 8000, then open http://127.0.0.1:8000/"
