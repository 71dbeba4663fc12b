#!/usr/bin/env bash
# Builds the static page into web/dist (or the folder given): the crate
# grundy-web for wasm32-unknown-unknown twice, with WebAssembly's 128-bit
# SIMD (grundy_web_simd, which the worker loads where the browser has SIMD)
# and without (grundy_web_plain, for the others); wasm-bindgen's ES module
# for each; wasm-opt -O3 over each module; the page's own files; and a
# .gz and a .br of every file beside it, for servers that send those as
# they are. Serve the folder with any static file server.
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
for tool in wasm-opt:binaryen brotli:brotli gzip:gzip; do
  if ! command -v "${tool%%:*}" >/dev/null 2>&1; then
    echo "web/build.sh: ${tool%%:*} is needed: apt-get install -y ${tool#*:}" >&2
    exit 1
  fi
done

rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
rm -rf "$out"
mkdir -p "$out/pkg"

# One module: its name, the target features it is built with, and the
# features wasm-opt may use in it (those rustc enables for
# wasm32-unknown-unknown, and SIMD where it is built with SIMD).
module() {
  local name=$1 rustflags=$2 opt_features=$3
  # A target folder of its own, so that the two builds never overwrite each
  # other's artifacts.
  RUSTFLAGS="$rustflags" cargo build -p grundy-web --target wasm32-unknown-unknown \
    --profile wasm-release --locked --target-dir "target/wasm-$name"
  # wasm-opt before wasm-bindgen: Debian's binaryen (108) cannot read the
  # table.fill that wasm-bindgen writes, and keeps the sections and exports
  # wasm-bindgen reads.
  # shellcheck disable=SC2086
  wasm-opt -O3 $opt_features \
    "target/wasm-$name/wasm32-unknown-unknown/wasm-release/grundy_web.wasm" \
    -o "target/wasm-$name/grundy_web_$name.wasm"
  wasm-bindgen --target web --no-typescript --out-dir "$out/pkg" \
    "target/wasm-$name/grundy_web_$name.wasm"
}
features="--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals --enable-multivalue --enable-reference-types"
module simd "-C target-feature=+simd128" "$features --enable-simd"
module plain "" "$features"

cp web/index.html web/style.css web/*.js "$out/"
# Compressed copies beside each file: gzip -9 and brotli's best.
find "$out" -type f \( -name '*.wasm' -o -name '*.js' -o -name '*.html' -o -name '*.css' \) -print0 |
  while IFS= read -r -d '' f; do
    gzip -9 -n -k -f "$f"
    brotli -q 11 -f -o "$f.br" "$f"
  done
for name in simd plain; do
  wasm="$out/pkg/grundy_web_${name}_bg.wasm"
  echo "web/build.sh: $wasm: $(wc -c <"$wasm") bytes, $(wc -c <"$wasm.gz") gzipped, $(wc -c <"$wasm.br") brotli"
done
