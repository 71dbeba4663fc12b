#!/usr/bin/env bash
# Builds the static page into web/dist (or the folder given): the crate
# grundy-web for wasm32-unknown-unknown, wasm-bindgen's ES module, and the
# page's own files. Serve the folder with any static file server.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-web/dist}"

# The wasm-bindgen command must be the version the crate pins.
want=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' crates/grundy-web/Cargo.toml)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  echo "web/build.sh: wasm-bindgen $want is needed (found '${have:-none}'):" >&2
  echo "  cargo install wasm-bindgen-cli --version $want --locked" >&2
  exit 1
fi

rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
cargo build -p grundy-web --target wasm32-unknown-unknown --profile wasm-release --locked
rm -rf "$out"
mkdir -p "$out/pkg"
wasm-bindgen --target web --no-typescript --out-dir "$out/pkg" \
  target/wasm32-unknown-unknown/wasm-release/grundy_web.wasm

# wasm-opt is optional: used when present, skipped when it fails.
wasm="$out/pkg/grundy_web_bg.wasm"
if command -v wasm-opt >/dev/null 2>&1; then
  if wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals "$wasm" -o "$wasm.opt" 2>/dev/null; then
    mv "$wasm.opt" "$wasm"
  else
    rm -f "$wasm.opt"
    echo "web/build.sh: wasm-opt failed; the module is left as built"
  fi
fi

cp web/index.html web/style.css web/main.js web/compute.js web/worker.js web/render.js web/sequence.js web/misere.js web/welcome.js "$out/"
echo "web/build.sh: $out ($(wc -c <"$wasm") bytes of wasm, $(gzip -9 -c "$wasm" | wc -c) gzipped)"
