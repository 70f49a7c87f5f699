#!/usr/bin/env bash
# Builds the referee's page: the engine for wasm32 (cargo's `web` profile: small, whole
# program optimised), then web/dist/mjscore.html, one file with the .wasm in base64 and the
# page's CSS and JavaScript inline, which works from file:// with no network; and
# web/dist/site/, the same page as a static site to host as it is (index.html, a web app
# manifest, icons, a service worker that keeps it offline after the first visit).
#
#   web/build.sh            # from anywhere; prints the page's path and size
#
# Needs cargo and the wasm32-unknown-unknown target (rustup target add
# wasm32-unknown-unknown), awk, gzip, base64 and cksum: nothing else.
set -euo pipefail
web="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$web")"
cd "$root"
cargo build --locked --package mjscore-web --profile web --target wasm32-unknown-unknown
target="${CARGO_TARGET_DIR:-$root/target}"
wasm="$target/wasm32-unknown-unknown/web/mjscore_web.wasm"
mkdir -p "$web/dist"
# The engine gzipped (the page unpacks it with the browser's DecompressionStream): a third
# of its size, and a third of the base64 to decode at every opening. -n: no name or time in
# the header, so the same engine makes the same page.
gzip -9 -n -c "$wasm" | base64 -w 0 > "$web/dist/mjscore_web.wasm.b64"
cp "$wasm" "$web/dist/mjscore_web.wasm"
# The template's `/* @include FILE */` and `// @include FILE` lines become FILE (from
# web/page/), and its `@wasm-base64` line the engine. The comments of the JavaScript and
# the CSS, on lines of their own, are left out of the page (a fifth of the scripts' text, for
# the engineer and not the phone): a line that is a `//` comment, and a `/* ... */` comment
# that starts a line, to the line that ends it; and the lines' indentation (no template
# string of the scripts runs over a line, so none holds it).
awk -v page="$web/page" -v b64="$web/dist/mjscore_web.wasm.b64" '
    /^[ \t]*(\/\*|\/\/) @include [^ ]+/ {
        name = $0
        sub(/^[ \t]*(\/\*|\/\/) @include /, "", name)
        sub(/[ \t]*(\*\/)?[ \t]*$/, "", name)
        file = page "/" name
        block = 0
        while ((getline line < file) > 0) {
            if (block) {
                if (line ~ /\*\//) block = 0
                continue
            }
            if (line ~ /^[ \t]*\/\//) continue
            if (line ~ /^[ \t]*\/\*/) {
                if (line !~ /\*\/[ \t]*$/) block = 1
                continue
            }
            sub(/^[ \t]+/, "", line)
            print line
        }
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
# The site: the same page with its manifest and icons named in its head (at the
# `@site-head` line, a comment in the single file), and the service worker, whose version is the page's checksum (a new build replaces what phones kept).
site="$web/dist/site"
rm -rf "$site"
mkdir -p "$site"
awk '
    /<!-- @site-head -->/ {
        print "<link rel=\"manifest\" href=\"manifest.webmanifest\">"
        print "<meta name=\"theme-color\" content=\"#1d1d1f\">"
        print "<link rel=\"icon\" type=\"image/png\" sizes=\"192x192\" href=\"icon-192.png\">"
        print "<link rel=\"apple-touch-icon\" href=\"icon-192.png\">"
        print "<meta name=\"apple-mobile-web-app-capable\" content=\"yes\">"
        next
    }
    { print }
' "$web/dist/mjscore.html" > "$site/index.html"
cp "$web/page/manifest.webmanifest" "$web/page/icon-192.png" "$web/page/icon-512.png" "$site/"
version=$(cksum < "$site/index.html" | awk '{ print $1 }')
awk -v version="$version" '{ gsub(/@version/, version); print }' "$web/page/sw.js" > "$site/sw.js"
size=$(wc -c < "$web/dist/mjscore.html")
echo "web/dist/mjscore.html: $size bytes (engine $(wc -c < "$wasm") bytes before base64)"
echo "web/dist/site/: index.html, manifest.webmanifest, icon-192.png, icon-512.png, sw.js (version $version)"
