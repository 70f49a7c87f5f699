#!/usr/bin/env bash
# Writes the fuzzer's seed corpora. fuzz/seeds/ (targets line and batch): 40 winning hands from the benchmark corpus
# (examples/corpus.rs, seed 2026), the lines of docs/examples/hands.txt, a few hostile
# lines (comments, control bytes, bad UTF-8), one file each, and two lists (a session, hands
# before their win). fuzz/rules-seeds/ (target rules): the shipped rules files, the
# tests' own, and a few hostile ones (escapes, a slip of TOML, a hand implying a later one).
# Committed; rerun after a change of the notation or of the rules files' format.
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
rm -rf fuzz/rules-seeds
mkdir -p fuzz/rules-seeds
cp docs/examples/rules/*.toml tests/data/rules/*.toml fuzz/rules-seeds/
rules_seed() {
    printf '%s' "$2" > "fuzz/rules-seeds/$1.toml"
}
rules_seed escape $'base = "wsom"\nname = "A\\u001b[2J"\n[[hands]]\nid = "c\\u202e1"\nname = "N"\nvalue = 10\n'
rules_seed slips $'base = "WSOM"\nminimum = "8"\n[values]\n4.1 = 40\n"1.1" = 0\noff = ["1.1", "1.1"]\n'
rules_seed implies $'base = "zj"\nminimum = 10\n[[hands]]\nid = "c.1"\nname = "Low"\nvalue = 60\ntiles = "b123 c123 d123"\nimplies = ["c.2"]\n[[hands]]\nid = "c.2"\nname = "Ones"\nvalue = 20\nlimit = true\npair = "b1 c1 d1"\nimplies = ["1.1"]\n'
rules_seed doubling $'base = "doubling"\n[values]\n"d.b" = 3\n[limits]\ncompound = 8\n[payments]\nself_draw_times = 3\n'
echo "wrote $(ls fuzz/rules-seeds | wc -l) seeds to fuzz/rules-seeds"
