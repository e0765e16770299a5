"""Benchmarks repogen: generation (cold, no-op, check) and the compile time of what it generates.

Usage: python3 Benchmarks/bench.py BIN [--sizes 100,1000,10000] [--compile 100,1000] [--styles result,...] [--runs 5]
Run through Benchmarks/run.sh, which builds BIN in release mode. Prints Markdown tables with the min and median of
several runs and the peak memory; nothing here is asserted (speed stays out of the tests).
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
    args = parser.parse_args()
    styles = [style for style in args.styles.split(",") if style]
    sizes = [int(n) for n in args.sizes.split(",") if n]
    compile_sizes = [int(n) for n in args.compile.split(",") if n]
    work = tempfile.mkdtemp(prefix="repogen-bench-")
    try:
        print(f"repogen benchmarks, {time.strftime('%Y-%m-%d')}, {platform.machine()}, {os.cpu_count()} cores, "
              f"{platform.system()} {platform.release()}\n")
        print("| endpoints | cold min / median (s) | no-op min / median (s) | check min / median (s) | peak MB | output MB |")
        print("|---|---|---|---|---|---|")
        for n in sizes:
            spec = os.path.join(work, f"bench{n}.json")
            with open(spec, "w") as handle:
                subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks/make_spec.py"), str(n)], stdout=handle, check=True)
            out = os.path.join(work, f"out{n}")
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

        if compile_sizes:
            swiftc = shutil.which("swiftc")
            modules = os.path.join(work, "modules")
            os.makedirs(modules)
            runtime = sorted(os.path.join(ROOT, "Sources/RepogenRuntime", name)
                             for name in os.listdir(os.path.join(ROOT, "Sources/RepogenRuntime")) if name.endswith(".swift"))
            subprocess.run([swiftc, "-emit-module", "-module-name", "RepogenRuntime", "-parse-as-library", "-swift-version", "6",
                            "-emit-module-path", os.path.join(modules, "RepogenRuntime.swiftmodule")] + runtime, check=True)
            print("\nCompile time of the generated code (debug: `swiftc -c -Onone -j%d`, warnings as errors, runtime prebuilt;"
                  " with `-g` as `swift build` adds debug info; min / median of 3 after an uncounted first run):\n" % os.cpu_count())
            print("| style | endpoints | compile (s) | compile with -g (s) | peak MB |")
            print("|---|---|---|---|---|")
            for style, n in [(style, n) for style in styles for n in compile_sizes]:
                spec = os.path.join(work, f"compile{n}.json")
                with open(spec, "w") as handle:
                    subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks/make_spec.py"), str(n)], stdout=handle, check=True)
                out = os.path.join(work, f"compile-{style}-{n}")
                subprocess.run([args.bin, "generate", spec, "--output", out, "--quiet", "--style", style], check=True)
                files = sorted(os.path.join(folder, name) for folder, _, names in os.walk(out) for name in names if name.endswith(".swift"))
                objects = os.path.join(work, f"objects-{style}-{n}")
                cells, peaks = [], []
                for extra in ([], ["-g"]):
                    times = []
                    # The first of four compiles fills the compiler's module cache (Foundation's Clang modules) and
                    # is not counted.
                    for run in range(4):
                        shutil.rmtree(objects, ignore_errors=True)
                        os.makedirs(objects)
                        seconds, peak, status = timed([swiftc, "-c", "-Onone", "-swift-version", "6", "-warnings-as-errors",
                                                       "-parse-as-library", "-module-name", "Bench", "-j%d" % os.cpu_count(),
                                                       "-I", modules] + extra + files, objects)
                        if status != 0:
                            sys.exit(f"the generated code for {n} endpoints ({style}) did not compile")
                        if run > 0:
                            times.append(seconds)
                            peaks.append(peak)
                    cells.append("%.1f / %.1f" % stats(times))
                print("| %s | %d | %s | %s | %.0f |" % (style, n, cells[0], cells[1], max(peaks)))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
