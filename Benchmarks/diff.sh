#!/usr/bin/env bash
# Benchmarks 'repogen diff' with a release build on two versions of a 1,000-endpoint spec, in both shapes
# (make_spec.py's store shape and the OpenAPI shape, whose many models are most of the work):
#   - v2 is v1 with a change every 25 endpoints (a path, a new optional input, a removed endpoint and an added one)
#     and a field added to every 10th model, so the report has a few hundred changes, not none;
#   - "diff" reads, decodes and validates both specs and compares them (the goal: under 0.5 s on the 2-core machine
#     this project is developed on); "generate both + diff" also generates the code of both versions, as a CI job
#     that checks the generated files and then reports the API changes does.
# The best of 5 runs, with the processor time of that run (all threads) beside the wall time.
#   bash Benchmarks/diff.sh [endpoints]
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-1000}"
swift build -c release --product repogen >/dev/null
bin="$(swift build -c release --show-bin-path)/repogen"
work=Benchmarks/.work/diff
rm -rf "$work" && mkdir -p "$work"
for shape in store openapi; do
  mkdir -p "$work/$shape/v1" "$work/$shape/v2"
  python3 Benchmarks/make_spec.py "$count" --shape "$shape" > "$work/$shape/v1/bench.json"
  python3 - "$work/$shape/v1/bench.json" "$work/$shape/v2/bench.json" <<'PY'
import json, sys
spec = json.load(open(sys.argv[1]))
endpoints = spec["endpoints"]
for index, endpoint in enumerate(endpoints):
    if index % 25 == 0:
        endpoint["path"] = "/v2" + endpoint["path"]
    elif index % 25 == 5:
        inputs = endpoint.setdefault("inputs", [])
        if not any(i.get("name") == "locale" for i in inputs if isinstance(i, dict)):
            inputs.append({"name": "locale", "type": "String?"})
            if isinstance(endpoint.get("param"), dict) and "locale" not in endpoint["param"]:
                endpoint["param"]["locale"] = "{locale}"
added = []
for index, endpoint in enumerate(endpoints):
    if index % 25 == 10:
        copy = json.loads(json.dumps(endpoint))
        copy["name"] = endpoint["name"] + "V2"
        if "repositoryMethod" in copy: copy["repositoryMethod"] += "V2"
        copy["path"] = "/v2" + copy["path"] + "/next"
        added.append(copy)
spec["endpoints"] = [e for i, e in enumerate(endpoints) if i % 25 != 15] + added
for index, (name, model) in enumerate(spec.get("models", {}).items()):
    if index % 10 == 3 and isinstance(model.get("fields"), dict):
        model["fields"]["note"] = "String?"
json.dump(spec, open(sys.argv[2], "w"), indent=2)
PY
done
python3 - "$bin" "$work" <<'PY'
import os, resource, shutil, subprocess, sys, time
binary, work = sys.argv[1:3]
def best(commands, runs=5):
    results = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        for command in commands:
            result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            if result.returncode != 0:
                sys.exit(" ".join(command) + " failed: " + result.stderr.decode())
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        results.append((wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime))
    return min(results)
print("| shape | changes | diff (cpu) | generate both + diff (cpu) |")
print("|---|---|---|---|")
for shape in ["store", "openapi"]:
    v1, v2 = f"{work}/{shape}/v1/bench.json", f"{work}/{shape}/v2/bench.json"
    report = subprocess.run([binary, "diff", v1, v2, "--format", "json"], capture_output=True, check=True).stdout
    changes = report.decode().count('"kind"')
    diff = best([[binary, "diff", v1, v2]])
    both = best([
        [binary, "generate", v1, "--output", f"{work}/{shape}/out1", "--force", "--quiet"],
        [binary, "generate", v2, "--output", f"{work}/{shape}/out2", "--force", "--quiet"],
        [binary, "diff", v1, v2],
    ])
    print(f"| {shape}, {os.path.getsize(v1) // 1024} KB | {changes} | {diff[0]:.3f} s ({diff[1]:.3f} s) | {both[0]:.3f} s ({both[1]:.3f} s) |")
PY
