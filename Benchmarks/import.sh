#!/usr/bin/env bash
# Benchmarks 'repogen import' on two synthetic OpenAPI documents, each in YAML and in JSON, with a release build:
#   - real-shaped: 560 operations over 112 resources, each a schema of 30 described properties plus summary, create
#     and update schemas, long descriptions and list parameters: about 3 MB, the size of the large public API
#     descriptions (the goal: import in under 0.5 s on the 2-core machine this project is developed on);
#   - dense: 5,000 operations over 1,000 small schemas (many endpoints, little else).
# For each: the import (which also checks every spec it writes in every style), then the generation of every
# imported spec; the best of 3 runs, with the processor time of that run (all threads) beside the wall time: on a
# busy machine the wall time grows, the processor time much less. For comparison: swift-openapi-generator takes
# about 28 s to generate 5,000 operations on the same machine.
#   bash Benchmarks/import.sh [dense operations] [real-shaped operations]
set -euo pipefail
cd "$(dirname "$0")/.."
dense="${1:-5000}"
real="${2:-560}"
swift build -c release --product repogen >/dev/null
bin="$(swift build -c release --show-bin-path)/repogen"
work=Benchmarks/.work/import
rm -rf "$work" && mkdir -p "$work"
for format in yaml json; do
  python3 Benchmarks/make_openapi.py "$real" "$work/real.$format" --real
  python3 Benchmarks/make_openapi.py "$dense" "$work/dense.$format"
done
python3 - "$bin" "$work" "$dense" "$real" <<'PY'
import os, resource, shutil, subprocess, sys, time
binary, work, dense, real = sys.argv[1:5]
def best(command, runs=3, fresh=None):
    """The fastest of `runs` runs: (wall seconds, processor seconds of that run)."""
    results = []
    for _ in range(runs):
        if fresh: shutil.rmtree(fresh, ignore_errors=True)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        results.append((wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime))
    return min(results)
print("| document | size | import (cpu) | generate, result style (cpu) | import + generate |")
print("|---|---|---|---|---|")
for shape, operations in [("real", real), ("dense", dense)]:
    for format in ["yaml", "json"]:
        document = os.path.join(work, "%s.%s" % (shape, format))
        specs, out = os.path.join(work, "Specs-%s-%s" % (shape, format)), os.path.join(work, "Out-%s-%s" % (shape, format))
        imported = best([binary, "import", document, "-o", specs, "-q"], fresh=specs)
        generated = best([binary, "generate", specs, "-o", out, "-q", "--force"], fresh=out)
        size = os.path.getsize(document) / 1e6
        label = "%s operations, %s, %s" % (operations, "real-shaped" if shape == "real" else "dense", format.upper())
        print("| %s | %.1f MB | %.2f s (%.2f s) | %.2f s (%.2f s) | %.2f s |" % (
            label, size, imported[0], imported[1], generated[0], generated[1], imported[0] + generated[0]))
PY
