"""Compares the compile time of two builds' generated code, interleaved in one sitting (this machine's speed drifts):
the OpenAPI-shaped spec of 1,000 operations with the old build, with the new one and `modelFiles: 1`, with the new one
as make_spec.py writes it (the modelFiles an import would give), and the store shape with each build.
`swiftc -c -Onone -j2`, warnings as errors, runtime prebuilt; wall and processor time (user + sys) of each compile.
The old build gets specs without `modelFiles` (it may not know the key).
Usage: python3 Benchmarks/compare_compile.py OLD_BIN NEW_BIN [ROUNDS]   (ROUNDS counted, after one uncounted)
"""
import os, subprocess, sys, time, shutil, resource, tempfile
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
W = tempfile.mkdtemp(prefix="repogen-compare-")
OLD = os.path.abspath(sys.argv[1])
NEW = os.path.abspath(sys.argv[2])
F = ["-Onone", "-swift-version", "6", "-warnings-as-errors", "-parse-as-library", "-module-name", "Bench", "-I", W + "/modules"]
def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)
if not os.path.exists(W + "/modules/RepogenRuntime.swiftmodule"):
    os.makedirs(W + "/modules", exist_ok=True)
    rt = sorted(ROOT + "/Sources/RepogenRuntime/" + n for n in os.listdir(ROOT + "/Sources/RepogenRuntime") if n.endswith(".swift"))
    run(["swiftc", "-emit-module", "-module-name", "RepogenRuntime", "-parse-as-library", "-swift-version", "6", "-emit-module-path", W + "/modules/RepogenRuntime.swiftmodule"] + rt)
variants = []
for shape in ["openapi", "store"]:
    for label, binary, files in [("old", OLD, 1), ("new, modelFiles 1", NEW, 1), ("new", NEW, 0)]:
        if shape == "store" and label == "new, modelFiles 1":
            continue  # the store shape has five models
        spec = f"{W}/{shape}-{files}.json"
        with open(spec, "w") as h:
            subprocess.run([sys.executable, ROOT + "/Benchmarks/make_spec.py", "1000", "--shape", shape, "--model-files", str(files)], stdout=h, check=True)
        out = f"{W}/out-{shape}-{label.replace(' ', '').replace(',', '')}"
        shutil.rmtree(out, ignore_errors=True)
        run([binary, "generate", spec, "--output", out, "--quiet"])
        sources = sorted(os.path.join(d, n) for d, _, ns in os.walk(out) for n in ns if n.endswith(".swift"))
        variants.append((shape, label, sources))
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 2
results = {}
for r in range(rounds + 1):
    for shape, label, sources in variants:
        objs = W + "/objs"
        shutil.rmtree(objs, ignore_errors=True); os.makedirs(objs)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(["swiftc", "-c"] + F + ["-j2"] + sources, cwd=objs, check=True, capture_output=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        if r > 0:
            results.setdefault((shape, label), []).append((wall, cpu))
        print(f"round {r} {shape:8} {label:18} files {len(sources):2} wall {wall:6.1f} cpu {cpu:6.1f}", flush=True)
print("\n| shape | build | files | wall (s) min / med | cpu (s) min / med |\n|---|---|---|---|---|")
import statistics
for shape, label, sources in variants:
    rs = results[(shape, label)]
    w = [x[0] for x in rs]; c = [x[1] for x in rs]
    print(f"| {shape} | {label} | {len(sources)} | {min(w):.1f} / {statistics.median(w):.1f} | {min(c):.1f} / {statistics.median(c):.1f} |")
shutil.rmtree(W, ignore_errors=True)
