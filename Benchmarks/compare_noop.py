"""Compares the no-op rerun of two builds of repogen, interleaved in one sitting (this machine's speed drifts): a
`repogen generate` with nothing changed, timed from Python (a fork and exec, as a build step runs it).

Workloads: this repository's own specs (Specs/ -> Generated/, as a copy), the store shape of 10,000 endpoints and
the OpenAPI shape of 1,000 operations (make_spec.py). Each build has its own copy of every workload, since two
versions may keep their run record in different places (before issue 35, `.repogen-cache` in the output folder,
which a later version removes), and its own user cache folder (XDG_CACHE_HOME). With --package, each copy is
also a built Swift package (Package.swift and .build), so the record goes to its .build.

Usage: python3 Benchmarks/compare_noop.py OLD_BIN NEW_BIN [--runs 30] [--package]
Prints min / median / mean in ms per workload and build; `repogen --version` (process start-up alone) too.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--package", action="store_true", help="each copy is a built package (the record in .build)")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="repogen-noop-")
    try:
        builds = [("old", os.path.abspath(args.old)), ("new", os.path.abspath(args.new))]
        workloads = []  # (name, {build: (command, cwd, env)})
        specs = {}
        for name, n, shape in [("store 10,000", 10000, "store"), ("openapi 1,000", 1000, "openapi")]:
            path = os.path.join(work, f"{shape}-{n}.json")
            with open(path, "w") as handle:
                subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks/make_spec.py"), str(n), "--shape", shape],
                               stdout=handle, check=True)
            specs[name] = path
        for workload in ["Specs/ (this repository)", "store 10,000", "openapi 1,000"]:
            per_build = {}
            for label, binary in builds:
                project = os.path.join(work, label, workload.split(" ")[0].strip("/"))
                os.makedirs(project)
                if args.package:
                    with open(os.path.join(project, "Package.swift"), "w") as handle:
                        handle.write("// swift-tools-version: 6.0\n")
                    os.makedirs(os.path.join(project, ".build"))
                if workload.startswith("Specs/"):
                    shutil.copytree(os.path.join(ROOT, "Specs"), os.path.join(project, "Specs"))
                    shutil.copy(os.path.join(ROOT, "repogen.json"), project)
                    command = [binary, "generate", "--quiet"]
                else:
                    shutil.copy(specs[workload], os.path.join(project, "spec.json"))
                    command = [binary, "generate", "spec.json", "--output", "Generated", "--quiet"]
                env = dict(os.environ, XDG_CACHE_HOME=os.path.join(work, label, "cache"))
                env.pop("REPOGEN_CACHE_DIR", None)
                subprocess.run(command, cwd=project, env=env, check=True)  # the first, full run
                per_build[label] = (command, project, env)
            workloads.append((workload, per_build))
        workloads.append(("repogen --version", {label: ([binary, "--version"], work, dict(os.environ)) for label, binary in builds}))

        times = {(workload, label): [] for workload, _ in workloads for label, _ in builds}
        for run in range(args.runs + 1):
            for workload, per_build in workloads:
                # Alternate which build goes first.
                order = [label for label, _ in builds]
                if run % 2:
                    order.reverse()
                for label in order:
                    command, cwd, env = per_build[label]
                    start = time.perf_counter()
                    subprocess.run(command, cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL)
                    if run:  # the first round warms the caches and is not counted
                        times[(workload, label)].append((time.perf_counter() - start) * 1000)
        # Nothing may have been written by a no-op run: check each copy against its specs.
        for workload, per_build in workloads[:-1]:
            for label, _ in builds:
                command, cwd, env = per_build[label]
                subprocess.run(command[:-1] + ["--check", "--quiet"], cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL)
        print("| workload | build | min (ms) | median (ms) | mean (ms) |")
        print("|---|---|---|---|---|")
        for workload, _ in workloads:
            for label, _ in builds:
                values = times[(workload, label)]
                print("| %s | %s | %.1f | %.1f | %.1f |" % (
                    workload, label, min(values), statistics.median(values), statistics.mean(values)))
        where = "the package's .build" if args.package else "the user's cache folder (XDG_CACHE_HOME)"
        print("\n%d runs each, interleaved; the new build's record in %s." % (args.runs, where))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
