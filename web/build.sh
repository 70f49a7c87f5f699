#!/usr/bin/env bash
# Builds the referee's page: the engine for wasm32 (cargo's `web` profile: small, whole
# program optimised), then web/dist/mjscore.html, one file with the .wasm in base64 and the
# page's CSS and JavaScript inline, which works from file:// with no network.
#
#   web/build.sh            # from anywhere; prints the page's path and size
#
# Needs cargo and the wasm32-unknown-unknown target (rustup target add
# wasm32-unknown-unknown), awk and base64: nothing else.
set -euo pipefail
web="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$web")"
cd "$root"
cargo build --locked --package mjscore-web --profile web --target wasm32-unknown-unknown
target="${CARGO_TARGET_DIR:-$root/target}"
wasm="$target/wasm32-unknown-unknown/web/mjscore_web.wasm"
mkdir -p "$web/dist"
base64 -w 0 "$wasm" > "$web/dist/mjscore_web.wasm.b64"
cp "$wasm" "$web/dist/mjscore_web.wasm"
# The template's `/* @include FILE */` and `// @include FILE` lines become FILE (from
# web/page/), and its `@wasm-base64` line the engine.
awk -v page="$web/page" -v b64="$web/dist/mjscore_web.wasm.b64" '
    /^[ \t]*(\/\*|\/\/) @include [^ ]+/ {
        name = $0
        sub(/^[ \t]*(\/\*|\/\/) @include /, "", name)
        sub(/[ \t]*(\*\/)?[ \t]*$/, "", name)
        file = page "/" name
        while ((getline line < file) > 0) print line
        close(file)
        next
    }
    /^@wasm-base64$/ {
        while ((getline line < b64) > 0) print line
        close(b64)
        next
    }
    { print }
' "$web/page/index.html" > "$web/dist/mjscore.html.tmp"
mv "$web/dist/mjscore.html.tmp" "$web/dist/mjscore.html"
rm "$web/dist/mjscore_web.wasm.b64"
size=$(wc -c < "$web/dist/mjscore.html")
echo "web/dist/mjscore.html: $size bytes (engine $(wc -c < "$wasm") bytes before base64)"
