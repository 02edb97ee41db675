#!/usr/bin/env bash
# Builds the browser version into one folder that any static file server can serve:
#   bash web/build.sh [--wasm-opt] [output folder, default dist/web]
# It builds the game and, for the computer's Web Worker, the engines alone (web/worker/). It adds the wasm32 target, installs wasm-bindgen-cli at exactly the wasm-bindgen version in
# Cargo.lock (into ~/.cache/tesseract-chess/tools), builds with the `wasm-release` profile, binds,
# optionally shrinks with wasm-opt -Oz (binaryen from npm; about 10 minutes on 2 cores), copies
# index.html, the favicon and scenes/ beside it, writes the offline cache's service worker, writes
# brotli and gzip copies of each file (node), and prints the sizes.
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
# The computer's Web Worker: the engines alone (web/worker/), no Bevy.
cargo build --profile wasm-worker --target wasm32-unknown-unknown -p tesseract-chess-worker
rm -rf "$out"
mkdir -p "$out"
# Without the name section (9 MB of function names) and the producers section.
bind() {
  "$tools/bin/wasm-bindgen" --target web --no-typescript --remove-name-section --remove-producers-section \
    --out-dir "$out" --out-name "$2" "$CARGO_TARGET_DIR/wasm32-unknown-unknown/$1.wasm"
}
bind wasm-release/tesseract-chess tesseract-chess
bind wasm-worker/tesseract_chess_worker tesseract-chess-engine
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

cp web/index.html web/favicon.svg web/engine.js web/engine-worker.js "$out/"
cp -r scenes "$out/scenes"

# The offline cache: the service worker with this build's version (a hash of its files) and
# the list of files it keeps.
build_version=$(cd "$out" && find . -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)
files=$(cd "$out" && find . -type f | sed 's|^\./||' | sort | awk 'BEGIN { printf "[" } { printf "%s\"%s\"", (NR > 1 ? ", " : ""), $0 } END { printf "]" }')
sed -e "s|__VERSION__|$build_version|" -e "s|__FILES__|$files|" web/sw.js >"$out/sw.js"

# Precompressed copies beside each file (brotli 11 and gzip -9) for servers that send them, such
# as web/serve.mjs; the sizes, raw, gzip and brotli.
echo "web build in $out"
if command -v node >/dev/null; then
  node web/precompress.mjs "$out"
else
  echo "  (node is not installed: no precompressed .br and .gz copies)"
fi
echo "serve it with: node web/serve.mjs $out 8000, then open http://127.0.0.1:8000/"
