#!/usr/bin/env bash
# The library's public API as a listing, one line an item, then one line for each of its
# fields, variants and methods (its own, not those of the traits it implements), read from
# the docs `cargo doc --no-deps --lib --no-default-features --features serde` wrote in
# target/doc/mjscore.
# .ci/run compares it with snapshots/public-api.txt, so that every change to the API is
# made on purpose: after one, write the listing again with
#
#     cargo doc --no-deps --lib --no-default-features --features serde && .ci/public-api.sh > snapshots/public-api.txt
#
# and read the difference before committing it.
set -euo pipefail
cd "$(dirname "$0")/.."
docs=target/doc/mjscore
[ -d "$docs" ] || { echo "public-api.sh: no $docs: run cargo doc first" >&2; exit 2; }
find "$docs" -name '*.html' |
    grep -E '/(struct|enum|fn|trait|constant|static|type|macro|union)\.[^/]*\.html$' |
    xargs grep -L 'http-equiv="refresh"' |
    sort |
    while read -r page; do
        relative=${page#"$docs"/}
        file=${relative##*/}
        kind=${file%%.*}
        name=${file#*.}
        name=${name%.html}
        module=${relative%/*}
        [ "$module" = "$relative" ] && module="" || module="::${module//\//::}"
        echo "$kind mjscore$module::$name"
        # The page up to the implementations of traits: fields, variants, the item's own
        # methods (a trait's required and provided ones).
        sed -e '/id="trait-implementations"/,$d' -e '/id="synthetic-implementations"/,$d' \
            -e '/id="blanket-implementations"/,$d' -e '/id="implementors"/,$d' "$page" |
            grep -oE 'id="(structfield|variant|method|tymethod|associatedconstant|associatedtype)\.[A-Za-z0-9_]+"' |
            sed -E 's/id="([a-z]+)\.([A-Za-z0-9_]+)"/    \1 \2/' |
            sort -u || true # an item with none
    done
