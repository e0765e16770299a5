#!/usr/bin/env bash
# Benchmarks a release build of repogen: generation cold / no-op / check on synthetic specs of 100, 1,000 and
# 10,000 endpoints (min and median of 5 runs, peak memory), the compile time of the generated code for 100 and
# 1,000 endpoints, and a no-op run on this repository's own specs. Prints Markdown tables.
#   bash Benchmarks/run.sh                          # everything, the store-shaped specs (almost no models)
#   bash Benchmarks/run.sh --sizes 1000 --compile ""  # a part
# The OpenAPI-shaped workload of issue 32 (N operations over N/2 resources, each a model of 3-5 fields plus an input
# model; make_spec.py --shape openapi) beside the store shape, its per-phase timings (REPOGEN_TIMINGS=1) at the
# largest size, each generated file's compile time, and a 300-operation real-shaped OpenAPI document
# (make_openapi.py --real) through import, generate and compile, about 10 minutes on 2 cores:
#   bash Benchmarks/run.sh --shape store,openapi --sizes 1000,10000 --compile 1000 --styles result \
#       --compile-runs 2 --no-g --per-file --timings --real 300
# Every option is described at the top of Benchmarks/bench.py.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product repogen >/dev/null
bin="$(swift build -c release --show-bin-path)/repogen"
python3 Benchmarks/bench.py "$bin" "$@"

# A no-op run on this repository's own specs (repogen.json: Specs/ -> Generated/): nothing may be written. Timed
# from Python (a fork and exec, as a build step would), next to `repogen --version`, which is process start-up
# alone (loading the Swift runtime and Foundation), so the share of the run that is repogen's own work shows.
"$bin" generate --quiet
marker="$(mktemp)"
python3 - "$bin" <<'PY'
import statistics, subprocess, sys, time
def best(command, runs=20):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append((time.perf_counter() - start) * 1000)
    return min(times), statistics.median(times)
noop = best([sys.argv[1], "generate", "--quiet"])
startup = best([sys.argv[1], "--version"])
print("\nno-op generate of Specs/: min %.1f ms, median %.1f ms; 'repogen --version' (start-up only): min %.1f ms, median %.1f ms"
      % (noop + startup))
PY
changed=$(find Generated -newer "$marker" -type f | wc -l)
rm -f "$marker"
printf '%s files in Generated/, files written by the no-op runs = %s\n' "$(find Generated -name '*.swift' | wc -l)" "$changed"
