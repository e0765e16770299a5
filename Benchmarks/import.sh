#!/usr/bin/env bash
# Benchmarks 'repogen import' on a synthetic OpenAPI document of 5,000 operations (1,000 resources, 50 tags), in
# YAML and in JSON: the import, then the generation of every imported spec, each the best of 3 runs of a release
# build. For comparison: swift-openapi-generator takes about 28 s to generate 5,000 operations on the 2-core
# machine this project is developed on.
#   bash Benchmarks/import.sh [operations]
set -euo pipefail
cd "$(dirname "$0")/.."
operations="${1:-5000}"
swift build -c release --product repogen >/dev/null
bin="$(swift build -c release --show-bin-path)/repogen"
work=Benchmarks/.work/import
rm -rf "$work" && mkdir -p "$work"
for format in yaml json; do
  python3 Benchmarks/make_openapi.py "$operations" "$work/openapi.$format"
done
python3 - "$bin" "$work" "$operations" <<'PY'
import os, shutil, subprocess, sys, time
binary, work, operations = sys.argv[1], sys.argv[2], sys.argv[3]
def best(command, runs=3, fresh=None):
    times = []
    for _ in range(runs):
        if fresh: shutil.rmtree(fresh, ignore_errors=True)
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return min(times)
print("| document | size | import | generate (result style) | import + generate |")
print("|---|---|---|---|---|")
for format in ["yaml", "json"]:
    document = os.path.join(work, "openapi." + format)
    specs, out = os.path.join(work, "Specs-" + format), os.path.join(work, "Out-" + format)
    imported = best([binary, "import", document, "-o", specs, "-q"], fresh=specs)
    generated = best([binary, "generate", specs, "-o", out, "-q", "--force"], fresh=out)
    size = os.path.getsize(document) / 1e6
    print("| %s operations, %s | %.1f MB | %.2f s | %.2f s | %.2f s |" % (operations, format.upper(), size, imported, generated, imported + generated))
PY
