#!/usr/bin/env bash
# Benchmarks a release build of repogen: generation cold / no-op / check on synthetic specs of 100, 1,000 and
# 10,000 endpoints (min and median of 5 runs, peak memory), the compile time of the generated code for 100 and
# 1,000 endpoints, and a no-op run on this repository's own specs. Prints Markdown tables.
#   bash Benchmarks/run.sh                          # everything
#   bash Benchmarks/run.sh --sizes 1000 --compile ""  # a part
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product repogen >/dev/null
bin="$(swift build -c release --show-bin-path)/repogen"
python3 Benchmarks/bench.py "$bin" "$@"

# A no-op run on this repository's own specs (repogen.json: Specs/ -> Generated/): nothing may be written.
"$bin" generate --quiet
marker="$(mktemp)"
best_ms=""
for run in 1 2 3 4 5; do
  start=$(date +%s%N)
  "$bin" generate --quiet
  end=$(date +%s%N)
  ms=$(( (end - start) / 1000000 ))
  if [ -z "$best_ms" ] || [ "$ms" -lt "$best_ms" ]; then best_ms=$ms; fi
done
changed=$(find Generated -newer "$marker" -type f | wc -l)
rm -f "$marker"
printf '\nno-op generate of Specs/ (%s files): best of 5 = %s ms, files written = %s\n' \
  "$(find Generated -name '*.swift' | wc -l)" "$best_ms" "$changed"
