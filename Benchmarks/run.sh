#!/usr/bin/env bash
# Times a release build of `repogen generate` on synthetic specs of N endpoints (default: 100 1000 10000) and
# prints wall time and peak memory per N. Usage: bash Benchmarks/run.sh [N...]
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(100 1000 10000)

swift build -c release --product repogen >/dev/null
bin="$(swift build -c release --show-bin-path)/repogen"
work=Benchmarks/.work
rm -rf "$work"
mkdir -p "$work"

printf '%-10s %-12s %-14s %s\n' endpoints wall_seconds peak_memory_mb output_bytes
for n in "${sizes[@]}"; do
  spec="$work/bench$n.json"
  python3 Benchmarks/make_spec.py "$n" > "$spec"
  out="$work/out$n"
  best=""
  peak=""
  for run in 1 2 3; do
    rm -rf "$out"
    stats=$( { /usr/bin/env time -f '%e %M' "$bin" generate "$spec" --output "$out" --quiet; } 2>&1 >/dev/null | tail -1 ) || {
      echo "repogen generate failed on $spec:"; "$bin" generate "$spec" --output "$out" --quiet; exit 1; }
    wall=${stats% *}
    kb=${stats#* }
    if [ -z "$best" ] || awk "BEGIN{exit !($wall < $best)}"; then best=$wall; fi
    if [ -z "$peak" ] || [ "$kb" -gt "$peak" ]; then peak=$kb; fi
  done
  bytes=$(cat "$out"/*/*.swift | wc -c)
  printf '%-10s %-12s %-14s %s\n' "$n" "$best" "$(awk "BEGIN{printf \"%.1f\", $peak/1024}")" "$bytes"
done

# A no-op run on this repository's own specs (repogen.json: Specs/ -> Generated/): nothing changed, so nothing may be
# written. Target: under 50 ms.
"$bin" generate --quiet
marker="$work/noop-marker"
touch "$marker"
best_ms=""
for run in 1 2 3 4 5; do
  start=$(date +%s%N)
  "$bin" generate --quiet
  end=$(date +%s%N)
  ms=$(( (end - start) / 1000000 ))
  if [ -z "$best_ms" ] || [ "$ms" -lt "$best_ms" ]; then best_ms=$ms; fi
done
changed=$(find Generated -newer "$marker" -type f | wc -l)
printf '\nno-op generate of Specs/ (%s files): best of 5 = %s ms, files written = %s\n' \
  "$(find Generated -name '*.swift' | wc -l)" "$best_ms" "$changed"
