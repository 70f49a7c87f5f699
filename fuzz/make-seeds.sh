#!/usr/bin/env bash
# Writes the fuzzer's seed corpus, fuzz/seeds/: 40 winning hands from the benchmark corpus
# (examples/corpus.rs, seed 2026), the lines of docs/examples/hands.txt, a few hostile
# lines (comments, control bytes, bad UTF-8), one file each, and two lists (a session, hands
# before their win). Committed; rerun after a notation change.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf fuzz/seeds
mkdir -p fuzz/seeds
n=0
seed() {
    n=$((n + 1))
    printf '%s' "$1" > "fuzz/seeds/$(printf '%02d' "$n")"
}
while IFS= read -r line; do
    seed "$line"
done < <(cargo run --quiet --example corpus -- 40)
while IFS= read -r line; do
    [ -n "$line" ] && seed "$line"
done < docs/examples/hands.txt
seed $'b66 c12345678 d111 +c9 self seat=s # caf\xe9\n# comment\n\n\t\r\nb123 w5 c456 +b9\n'
seed $'HAND # \x1b]0;x\x07\x1b[2J'
seed $'b123\xc3\x28 +b1\nb1self\x1b[2J +b1'
seed $'[c b123] [p w333] c456 d789 d2 +d2 from=s resp=none claim=1.1+3.1 round=w'
seed $'[k e1111] [ck w2222] b99 c123 +c3 kong last rob heaven earth seat=n from=e'
# Whole lists, for the target batch: a session (re-seated, with a draw) and hands before
# their win.
seed "$(cat docs/examples/short-session.txt)"$'\nplayers: Bob Ann Eve Dee\nb123 w5 c456 +b9\ndraw x\nplayers: A B A D\n'
seed "$(cat docs/examples/waits.txt)"
echo "wrote $n seeds to fuzz/seeds"
