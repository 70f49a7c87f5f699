#!/usr/bin/env bash
# The seat draw's sizes: seconds, repeated meetings and the winds' spread for each size of
# docs/events.md and the harder ones, with the release build (examples/draw_sizes.rs, whose
# goal sizes .ci/run runs). Run it from the repository root, with a seed if you like (1
# unless given):
#
#     benches/draw.sh [SEED]
set -euo pipefail
cargo run --locked --release --quiet --example draw_sizes -- --harder "${1:-1}"
