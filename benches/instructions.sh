#!/usr/bin/env bash
# Instructions and heap allocations a line of the batch (`mjscore -f FILE -j 1`), measured
# with valgrind: JSON under every rule set, TSV and text under the default rules (wsom), and
# `mjscore waits` over the same hands before their win (without their winning tile) under
# wsom and Huang's rules, and JSON under two rules files: WSOM written from nothing, and a
# club's two new hands over WSOM. Run it from the repository root:
#
#     benches/instructions.sh [N]
#
# It builds the release binary, writes the first N hands of the generated corpus (seed
# 2026, so the same hands on every machine; N is 2000 unless given) and those of them that
# `waits` can take as they stood before the win, with 13 tiles and with their winning tile
# drawn (14: the discards analysis), and runs each command over all the lines
# and over the first line alone. A line's cost is the difference divided
# the line count less one, so start-up (argument parsing, the rule tables, the first buffers) is not
# counted. Instructions come from cachegrind (no cache simulation), allocations from
# dhat's "Total: X bytes in N blocks". Not run by CI or `cargo test`: valgrind is slow.
set -euo pipefail

lines=${1:-2000}
if ! [[ $lines =~ ^[0-9]+$ ]] || ((lines < 2)); then
    echo "usage: benches/instructions.sh [N]   (N >= 2 corpus lines, 2000 by default)" >&2
    exit 2
fi
if ! command -v valgrind >/dev/null 2>&1; then
    echo "instructions.sh: valgrind is not installed, so nothing was measured" \
        "(e.g. apt-get install valgrind)"
    exit 0
fi

cd "$(dirname "$0")/.."
cargo build --release --quiet
binary=target/release/mjscore

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo run --release --quiet --example corpus -- "$lines" >"$work/many.txt"
head -n 1 "$work/many.txt" >"$work/one.txt"
cargo run --release --quiet --example corpus -- --before-the-win "$lines" >"$work/waits-many.txt"
head -n 1 "$work/waits-many.txt" >"$work/waits-one.txt"
cargo run --release --quiet --example corpus -- --drawn "$lines" >"$work/drawn-many.txt"
head -n 1 "$work/drawn-many.txt" >"$work/drawn-one.txt"

# The figure a valgrind log reports: the first number after `label` (commas removed).
figure() {
    local log=$1 label=$2 value
    value=$(sed -n "s/^==[0-9]*== ${label} *\([0-9,]*\).*/\1/p" "$log" | head -n 1)
    if [[ -z $value ]]; then
        echo "instructions.sh: no '${label}' in valgrind's log:" >&2
        cat "$log" >&2
        exit 1
    fi
    echo "${value//,/}"
}

# Runs the batch over `input` under valgrind tool `tool` with the extra arguments (which may
# start with the `waits` command; `-f` and `-j` are global); prints the figure. The batch's
# own exit status is ignored: a false win, or a hand not calling, exits 1 by design.
measure() {
    local tool=$1 input=$2
    shift 2
    local log="$work/valgrind.log"
    case $tool in
    cachegrind)
        valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
            --log-file="$log" "$binary" "$@" -f "$input" -j 1 >/dev/null 2>&1 || true
        figure "$log" "I *refs:"
        ;;
    dhat)
        valgrind --tool=dhat --dhat-out-file=/dev/null \
            --log-file="$log" "$binary" "$@" -f "$input" -j 1 >/dev/null 2>&1 || true
        figure "$log" "Total: *[0-9,]* bytes in"
        ;;
    esac
}

# (over all lines - over 1 line) / (lines - 1), to `decimals` places.
per_line() {
    awk -v many="$1" -v one="$2" -v n="$4" -v d="$3" \
        'BEGIN { printf "%.*f", d, (many - one) / (n - 1) }'
}

waits_lines=$(wc -l <"$work/waits-many.txt")
echo "mjscore batch, -j 1, per line over $lines corpus lines (start-up subtracted);"
echo "waits: per line over the $waits_lines of them before their win (13 tiles; 14: drawn):"
printf '%-7s %-6s %-8s %18s %18s\n' command format rules instructions/line allocations/line
for run in "score json wsom" "score json zj" "score json doubling" "score json huang" \
    "score tsv wsom" "score text wsom" "waits json wsom" "waits json huang" \
    "waits14 json wsom" "waits14 json huang" \
    "score json docs/examples/rules/wsom-as-data.toml" "score json docs/examples/rules/seasonal.toml"; do
    read -r command format rules <<<"$run"
    args=(--format "$format" --rules "$rules")
    many="$work/many.txt" one="$work/one.txt" count=$lines
    case $command in
    waits)
        args=(waits "${args[@]}")
        many="$work/waits-many.txt" one="$work/waits-one.txt" count=$waits_lines
        ;;
    waits14)
        args=(waits "${args[@]}")
        many="$work/drawn-many.txt" one="$work/drawn-one.txt" count=$waits_lines
        ;;
    esac
    # One assignment per run, so that a failed measurement stops the script (set -e).
    instructions_many=$(measure cachegrind "$many" "${args[@]}")
    instructions_one=$(measure cachegrind "$one" "${args[@]}")
    allocations_many=$(measure dhat "$many" "${args[@]}")
    allocations_one=$(measure dhat "$one" "${args[@]}")
    instructions=$(per_line "$instructions_many" "$instructions_one" 0 "$count")
    allocations=$(per_line "$allocations_many" "$allocations_one" 1 "$count")
    # A rules file by its name (wsom-as-data.toml).
    printf '%-7s %-6s %-8s %18s %18s\n' "$command" "$format" "${rules##*/}" "$instructions" "$allocations"
done
