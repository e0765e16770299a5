"""Benchmarks repogen: generation (cold, no-op, check) and the compile time of what it generates.

Usage: python3 Benchmarks/bench.py BIN [--sizes 100,1000,10000] [--compile 100,1000] [--styles result,...] [--runs 5]
                                      [--shape store|openapi|store,openapi] [--compile-runs 3] [--no-g] [--per-file]
                                      [--timings] [--real 300]
Run through Benchmarks/run.sh, which builds BIN in release mode. Prints Markdown tables with the min and median of
several runs and the peak memory; nothing here is asserted (speed stays out of the tests).

--shape picks the spec shape(s) of Benchmarks/make_spec.py: store (the default, almost no models) or openapi (N
operations over N/2 resources, each a model of 3-5 fields plus an input model; issue 32). --per-file also compiles
each generated file as its own frontend job (`swiftc -frontend -c -primary-file F <the others>`, once, no warm-up), so
the time of each file shows. --timings reruns the largest generation size once per shape with REPOGEN_TIMINGS=1 and
prints its phases. --real N writes a real-shaped OpenAPI document of N operations (make_openapi.py --real), imports
it, generates the imported specs (result style) and compiles all of them as one module.
"""
import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(command, cwd):
    """Runs a command; returns (seconds, peak RSS in MB, exit status)."""
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, cwd=cwd, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    lines = result.stderr.strip().splitlines()
    peak_kb = int(lines[-1]) if lines and lines[-1].isdigit() else 0
    if result.returncode != 0:
        sys.stderr.write(result.stdout + "\n".join(lines) + "\n")
    return seconds, peak_kb / 1024, result.returncode


def stats(values):
    return min(values), statistics.median(values)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bin")
    parser.add_argument("--sizes", default="100,1000,10000")
    parser.add_argument("--compile", default="100,1000")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--styles", default="result,async-throws,completion,clean",
                        help="output styles whose generated code is compiled")
    parser.add_argument("--shape", default="store", help="spec shapes of make_spec.py: store, openapi or both (comma-separated)")
    parser.add_argument("--compile-runs", type=int, default=3, help="counted compiles, after an uncounted first one")
    parser.add_argument("--no-g", action="store_true", help="skip the compile with -g")
    parser.add_argument("--per-file", action="store_true", help="also time each generated file's frontend job")
    parser.add_argument("--timings", action="store_true", help="REPOGEN_TIMINGS=1 at the largest size, once per shape")
    parser.add_argument("--model-files", type=int, default=0,
                        help="the specs' modelFiles (default: as repogen import sets it, 1 for the store shape)")
    parser.add_argument("--real", type=int, default=0, help="operations of a real-shaped OpenAPI document to import, generate, compile")
    args = parser.parse_args()
    # Some steps run in other folders.
    args.bin = os.path.abspath(args.bin)
    MODEL_FILES[0] = args.model_files
    shapes = [shape for shape in args.shape.split(",") if shape]
    styles = [style for style in args.styles.split(",") if style]
    sizes = [int(n) for n in args.sizes.split(",") if n]
    compile_sizes = [int(n) for n in args.compile.split(",") if n]
    work = tempfile.mkdtemp(prefix="repogen-bench-")
    try:
        print(f"repogen benchmarks, {time.strftime('%Y-%m-%d')}, {platform.machine()}, {os.cpu_count()} cores, "
              f"{platform.system()} {platform.release()}\n")
        for shape in shapes if sizes else []:
            generation(args, work, shape, sizes, len(shapes) > 1 or shape != "store")

        modules = None
        if compile_sizes or args.real:
            modules = build_runtime(work)
        if compile_sizes:
            print("\nCompile time of the generated code (debug: `swiftc -c -Onone -j%d`, warnings as errors, runtime prebuilt;"
                  " with `-g` as `swift build` adds debug info; min / median of %d after an uncounted first run):\n"
                  % (os.cpu_count(), args.compile_runs))
            print("| shape | style | endpoints | compile (s) | compile with -g (s) | peak MB |")
            print("|---|---|---|---|---|---|")
            per_file = []
            for shape, style, n in [(shape, style, n) for shape in shapes for style in styles for n in compile_sizes]:
                spec = make_spec(work, shape, n)
                out = os.path.join(work, f"compile-{shape}-{style}-{n}")
                subprocess.run([args.bin, "generate", spec, "--output", out, "--quiet", "--style", style], check=True)
                files = swift_files(out)
                cells, peaks = compile_module(args, work, modules, files, f"{shape}-{style}-{n}")
                print("| %s | %s | %d | %s | %s | %.0f |" % (shape, style, n, cells[0], cells[1], max(peaks)))
                if args.per_file:
                    per_file.append(("%s, %s, %d endpoints" % (shape, style, n), files))
            for label, files in per_file:
                print_per_file(label, files, work, modules)
        if args.real:
            real(args, work, modules, styles[0] if styles else "result")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def generation(args, work, shape, sizes, label):
    """The generation table of one spec shape (cold, no-op and check runs), and its REPOGEN_TIMINGS run."""
    if label:
        print("\nSpec shape: %s (`make_spec.py N --shape %s`)\n" % (shape, shape))
    print("| endpoints | cold min / median (s) | no-op min / median (s) | check min / median (s) | peak MB | output MB |")
    print("|---|---|---|---|---|---|")
    for n in sizes:
        spec = make_spec(work, shape, n)
        out = os.path.join(work, f"out-{shape}-{n}")
        cold, noop, check, peaks = [], [], [], []
        for _ in range(args.runs):
            shutil.rmtree(out, ignore_errors=True)
            seconds, peak, status = timed([args.bin, "generate", spec, "--output", out, "--quiet"], work)
            if status != 0:
                sys.exit(f"repogen failed on {spec}")
            cold.append(seconds)
            peaks.append(peak)
            seconds, peak, _ = timed([args.bin, "generate", spec, "--output", out, "--quiet"], work)
            noop.append(seconds)
            peaks.append(peak)
            seconds, peak, status = timed([args.bin, "generate", spec, "--output", out, "--check", "--quiet"], work)
            if status != 0:
                sys.exit("check mode found differences right after generating")
            check.append(seconds)
            peaks.append(peak)
        size = sum(os.path.getsize(os.path.join(folder, name)) for folder, _, names in os.walk(out) for name in names)
        row = [n] + ["%.3f / %.3f" % stats(values) for values in (cold, noop, check)] + ["%.1f" % max(peaks), "%.1f" % (size / 1e6)]
        print("| " + " | ".join(str(cell) for cell in row) + " |")
    if args.timings:
        n = max(sizes)
        spec, out = make_spec(work, shape, n), os.path.join(work, f"timings-{shape}-{n}")
        shutil.rmtree(out, ignore_errors=True)
        result = subprocess.run([args.bin, "generate", spec, "--output", out, "--quiet"], cwd=work, capture_output=True,
                                text=True, env=dict(os.environ, REPOGEN_TIMINGS="1"), check=True)
        print("\nREPOGEN_TIMINGS=1, %s shape, %d endpoints, one cold run:\n" % (shape, n))
        for line in result.stderr.strip().splitlines():
            print("    " + line.replace(spec, os.path.basename(spec)))


# The specs' modelFiles (0: as make_spec.py decides), set from --model-files.
MODEL_FILES = [0]


def make_spec(work, shape, n):
    """Writes make_spec.py's spec of `n` endpoints in `shape` (once) and returns its path."""
    # Written again each time: a spec left from a run with another --model-files must not be reused.
    spec = os.path.join(work, f"bench-{shape}-{n}.json")
    with open(spec, "w") as handle:
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks/make_spec.py"), str(n), "--shape", shape,
                        "--model-files", str(MODEL_FILES[0])], stdout=handle, check=True)
    return spec


def swift_files(folder):
    return sorted(os.path.join(parent, name) for parent, _, names in os.walk(folder) for name in names if name.endswith(".swift"))


def build_runtime(work):
    swiftc = shutil.which("swiftc")
    modules = os.path.join(work, "modules")
    os.makedirs(modules, exist_ok=True)
    runtime = sorted(os.path.join(ROOT, "Sources/RepogenRuntime", name)
                     for name in os.listdir(os.path.join(ROOT, "Sources/RepogenRuntime")) if name.endswith(".swift"))
    subprocess.run([swiftc, "-emit-module", "-module-name", "RepogenRuntime", "-parse-as-library", "-swift-version", "6",
                    "-emit-module-path", os.path.join(modules, "RepogenRuntime.swiftmodule")] + runtime, check=True)
    return modules


COMPILE_FLAGS = ["-Onone", "-swift-version", "6", "-warnings-as-errors", "-parse-as-library", "-module-name", "Bench"]


def compile_module(args, work, modules, files, label):
    """Compiles `files` as one module the way a debug build does; returns the cells (plain, -g) and the peaks."""
    swiftc = shutil.which("swiftc")
    objects = os.path.join(work, f"objects-{label}")
    cells, peaks = [], []
    for extra in ([], ["-g"]):
        if extra and args.no_g:
            cells.append("not run")
            continue
        times = []
        # The first compile fills the compiler's module cache (Foundation's Clang modules) and is not counted.
        for run in range(args.compile_runs + 1):
            shutil.rmtree(objects, ignore_errors=True)
            os.makedirs(objects)
            seconds, peak, status = timed([swiftc, "-c"] + COMPILE_FLAGS + ["-j%d" % os.cpu_count(), "-I", modules]
                                          + extra + files, objects)
            if status != 0:
                sys.exit(f"the generated code ({label}) did not compile")
            if run > 0:
                times.append(seconds)
                peaks.append(peak)
        cells.append("%.1f / %.1f" % stats(times))
    return cells, peaks


def print_per_file(label, files, work, modules):
    """Each file's frontend job alone (the file primary, the others parsed as secondaries), once, one at a time."""
    swiftc = shutil.which("swiftc")
    objects = os.path.join(work, "objects-per-file")
    shutil.rmtree(objects, ignore_errors=True)
    os.makedirs(objects)
    rows = []
    for index, primary in enumerate(files):
        others = [f for f in files if f != primary]
        seconds, peak, status = timed([swiftc, "-frontend", "-c", "-primary-file", primary] + others + COMPILE_FLAGS
                                      + ["-I", modules, "-o", os.path.join(objects, "%d.o" % index)], objects)
        if status != 0:
            sys.exit(f"{primary} did not compile")
        with open(primary) as handle:
            lines = sum(1 for _ in handle)
        rows.append((seconds, os.path.relpath(primary, work), lines, peak))
    print("\nEach file's frontend job alone (`swiftc -frontend -c -primary-file FILE <the others>`, -Onone, once), %s:\n" % label)
    print("| file | lines | compile (s) | peak MB |")
    print("|---|---|---|---|")
    for seconds, name, lines, peak in sorted(rows, reverse=True)[:12]:
        print("| %s | %d | %.2f | %.0f |" % (name, lines, seconds, peak))
    if len(rows) > 12:
        rest = sorted(rows, reverse=True)[12:]
        print("| %d other files | %d | %.2f | %.0f |" % (len(rest), sum(r[2] for r in rest), sum(r[0] for r in rest), max(r[3] for r in rest)))
    print("| total, one job at a time | %d | %.2f | |" % (sum(r[2] for r in rows), sum(r[0] for r in rows)))
    kinds = {}
    for seconds, name, lines, _ in rows:
        # `ShopModels2.swift` is a models file too (a spec's `modelFiles`).
        base = os.path.basename(name)[:-len(".swift")].rstrip("0123456789")
        kind = "Mock" if base.startswith("Mock") else next(
            (k for k in ("Models", "Api", "Repository") if base.endswith(k)), "other")
        total = kinds.setdefault(kind, [0, 0, 0.0])
        total[0], total[1], total[2] = total[0] + 1, total[1] + lines, total[2] + seconds
    if len(rows) > len(kinds):
        print("\nBy kind of file: " + "; ".join("%s %d files, %d lines, %.2f s" % (kind, *kinds[kind])
                                                 for kind in sorted(kinds, key=lambda k: -kinds[k][2])))


def real(args, work, modules, style):
    """A real-shaped OpenAPI document (make_openapi.py --real) through import, generate and compile."""
    n = args.real
    document = os.path.join(work, f"real{n}.yaml")
    subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks/make_openapi.py"), str(n), document, "--real"], check=True)
    specs, out = os.path.join(work, f"real{n}-specs"), os.path.join(work, f"real{n}-out")
    imports, generates, peaks = [], [], []
    for _ in range(3):
        shutil.rmtree(specs, ignore_errors=True)
        seconds, peak, status = timed([args.bin, "import", document, "-o", specs, "-q"], work)
        if status != 0:
            sys.exit("the import failed")
        imports.append(seconds)
        peaks.append(peak)
        shutil.rmtree(out, ignore_errors=True)
        seconds, peak, status = timed([args.bin, "generate", specs, "-o", out, "-q", "--force", "--style", style], work)
        if status != 0:
            sys.exit("generating the imported specs failed")
        generates.append(seconds)
        peaks.append(peak)
    files = swift_files(out)
    lines = sum(sum(1 for _ in open(f)) for f in files)
    cells, compile_peaks = compile_module(args, work, modules, files, f"real{n}")
    print("\nReal-shaped OpenAPI document (`make_openapi.py %d real.yaml --real`, %.1f MB): import and generate (%s"
          " style) min / median of 3, compile as one module as above:\n" % (n, os.path.getsize(document) / 1e6, style))
    print("| operations | specs | files | lines | import (s) | generate (s) | gen. peak MB | compile (s) | with -g (s) | compile peak MB |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    print("| %d | %d | %d | %d | %.2f / %.2f | %.2f / %.2f | %.0f | %s | %s | %.0f |" % (
        n, len(os.listdir(specs)), len(files), lines, *stats(imports), *stats(generates), max(peaks), cells[0], cells[1],
        max(compile_peaks)))
    if args.per_file:
        print_per_file("real-shaped, %d operations" % n, files, work, modules)


if __name__ == "__main__":
    main()
