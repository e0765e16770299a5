#!/usr/bin/env bash
# The everyday rebuild of issue 32: what a developer waits for after editing one endpoint (or one model) of an
# N-operation spec that the build plugin (RepogenBuildPlugin) generates at build time. It writes a throwaway package
# in a temp folder (library target Bench: the spec api.repogen.json from make_spec.py, one Swift file that uses the
# generated ApiRepository; a path dependency on this checkout and nothing else, so no network) and times `swift
# build -v` (debug) in it:
#   first     the first build: repogen and RepogenRuntime (the tools and the dependency) and the target;
#   full      the target's generated files deleted: regenerated and all compiled again, the tool already built;
#   no-op     a build with nothing changed;
#   endpoint  after changing the path of one endpoint (the middle one): the Api file's body, not its interface;
#   input     after adding an optional query parameter to one GET endpoint (near the middle): a new argument of
#             its API case and repository method, so the interface of the Api and Repository files changes;
#   model     after adding an optional field to one model (openapi: the middle resource's; store: ItemResponse).
# Each step: wall and processor time (user+sys of swift build and everything it ran), the generated files rewritten
# (mtime), and the target's swift-frontend jobs that ran (from `swift build -v`: each job's primary files, "A+B" for
# a batch job, "module" for the emit-module job), which say why a rebuild takes what it takes. Every step but
# `first` runs --runs times (each edit differs from the last). Prints a Markdown table.
#   bash Benchmarks/rebuild.sh                                 # 1,000 operations, openapi shape
#   bash Benchmarks/rebuild.sh --shape openapi,store -n 1000 --runs 2
#   bash Benchmarks/rebuild.sh --work /tmp/rb --keep           # keep (and reuse: no tool build) the package
#   bash Benchmarks/rebuild.sh --steps noop,input              # some steps (without full: one untimed build first)
# About 15 minutes on 2 cores for both shapes at 1,000, plus 4 for the first build (repogen and the runtime, once).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
shapes=openapi n=1000 runs=2 work="" keep=0 steps=full,noop,endpoint,input,model
while [ $# -gt 0 ]; do
    case "$1" in
        --shape) shapes="$2"; shift 2 ;;
        -n) n="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        --work) work="$2"; shift 2 ;;
        --keep) keep=1; shift ;;
        --steps) steps="$2"; shift 2 ;;
        *) echo "usage: $0 [--shape openapi|store|openapi,store] [-n N] [--runs R] [--work DIR] [--keep] [--steps full,noop,endpoint,input,model]" >&2; exit 2 ;;
    esac
done
if [ -z "$work" ]; then work="$(mktemp -d "${TMPDIR:-/tmp}/repogen-rebuild-XXXXXX")"; fi
if [ "$keep" = 0 ]; then trap 'rm -rf "$work"' EXIT; fi
pkg="$work/RebuildBench" scratch="$work/scratch"   # scratch: the package's own .build, away from every other build
target="$pkg/Sources/Bench"
mkdir -p "$target"
# A path dependency's identity is its folder's name (this worktree's may not be 'repogen').
identity="$(basename "$repo" | tr '[:upper:]' '[:lower:]')"
cat >"$pkg/Package.swift" <<EOF
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "RebuildBench",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: "$repo")],
    targets: [
        .target(
            name: "Bench",
            dependencies: [.product(name: "RepogenRuntime", package: "$identity")],
            plugins: [.plugin(name: "RepogenBuildPlugin", package: "$identity")]
        ),
    ]
)
EOF
cat >"$target/Bench.swift" <<'EOF'
import RepogenRuntime
/// Uses the generated code, as an app's composition root would.
public func makeRepository() -> any ApiRepository { ApiRepositoryImpl() }
EOF

TIMEFORMAT='%R %U %S'
log="$work/build.log"
# Runs swift build -v, timed; sets `wall` and `cpu` (user+sys of everything it waited for), `generated` (the
# generated files written) and `jobs`: the target's swift-frontend jobs (batch mode puts several files in one job:
# "A+B"), and "module" for its emit-module job.
build() {
    local marker="$work/marker" t
    touch "$marker"; sleep 0.01
    t=$( { time swift build -v --package-path "$pkg" --scratch-path "$scratch" >"$log" 2>&1; } 2>&1 ) || {
        tail -30 "$log" >&2; echo "swift build failed (log: $log)" >&2; exit 1; }
    read -r wall user sys <<<"$t"
    cpu=$(python3 -c "print('%.1f' % ($user + $sys))")
    wall=$(python3 -c "print('%.1f' % $wall)")
    generated=$(find "$scratch/plugins/outputs/rebuildbench/Bench" -name '*.swift' -newer "$marker" -printf '%f\n' \
        2>/dev/null | sed 's/\.swift$//' | sort | paste -sd, -)
    # -v prints a job's command line more than once: keep one of each.
    jobs=$(grep -- '-module-name Bench ' "$log" | grep -- 'swift-frontend -frontend' | awk '!seen[$0]++' | while read -r line; do
        if [[ "$line" == *" -primary-file "* ]]; then
            grep -o -- '-primary-file [^ ]*' <<<"$line" | sed 's/.*\///; s/\.swift$//' | paste -sd+ -
        elif [[ "$line" == *" -emit-module "* ]]; then echo module; fi
    done | paste -sd, - || true)
    [ -n "$generated" ] || generated="none"
    [ -n "$jobs" ] || jobs="none"
}

# Edits the spec as a developer would: KIND endpoint|model, K the run (each edit differs from the last).
edit() {
    python3 - "$target/api.repogen.json" "$1" "$2" "$shape" <<'PY'
import json, sys
path, kind, k, shape = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
spec = json.load(open(path))
if kind == "endpoint":
    endpoint = spec["endpoints"][len(spec["endpoints"]) // 2]
    endpoint["path"] += f"/v{k}"
elif kind == "input":
    endpoints = spec["endpoints"]
    middle = len(endpoints) // 2
    endpoint = next(e for e in endpoints[middle:] + endpoints[:middle]
                    if e["method"] == "GET" and isinstance(e.get("param", {}), dict))
    endpoint["inputs"].append({"name": f"filter{k}", "type": "String?"})
    endpoint.setdefault("param", {})[f"filter{k}"] = f"{{filter{k}}}"
else:
    name = "ItemResponse" if shape == "store" else "Widget%d" % (len(spec["endpoints"]) // 4)
    spec["models"][name]["fields"][f"extra{k}"] = "String?"
json.dump(spec, open(path, "w"), indent=2)
PY
}

rows=()
row() { rows+=("| $shape | $1 | $2 | $3 | $4 | $5 |"); }
for shape in ${shapes//,/ }; do
    python3 "$repo/Benchmarks/make_spec.py" "$n" --shape "$shape" >"$target/api.repogen.json"
    if [ ! -d "$scratch/plugins/outputs/rebuildbench" ]; then
        build; row "first (tools + runtime + target)" "$wall" "$cpu" "$generated" "$jobs"
    fi
    has() { [[ ",$steps," == *",$1,"* ]]; }
    has full || build   # the spec as make_spec.py writes it, built once, untimed
    for k in $(seq 1 "$runs"); do
        if has full; then
            # Every generated file written anew (a new mtime), so the driver compiles all of them. (Deleting the
            # target's build folder instead breaks the next build: SwiftPM writes its output file map only when it
            # plans.)
            rm -rf "$scratch/plugins/outputs/rebuildbench"
            build; row "full (target only)" "$wall" "$cpu" "$generated" "$jobs"
        fi
        if has noop; then build; row "no-op" "$wall" "$cpu" "$generated" "$jobs"; fi
        if has endpoint; then edit endpoint "$k"; build; row "one endpoint's path" "$wall" "$cpu" "$generated" "$jobs"; fi
        if has input; then edit input "$k"; build; row "one endpoint's new query parameter" "$wall" "$cpu" "$generated" "$jobs"; fi
        if has model; then edit model "$k"; build; row "one model's field" "$wall" "$cpu" "$generated" "$jobs"; fi
    done
done

echo
echo "Everyday rebuilds with RepogenBuildPlugin, $n operations, \`swift build\` (debug), $(nproc) cores, $(date +%F)"
echo "(spec api.repogen.json, domain Api: files ApiModels, ApiApi, ApiRepository, MockApiRepository; wall and"
echo "processor time (user+sys) in seconds; 'frontend jobs': the files the target's swift-frontend jobs compiled):"
echo
echo "| shape | build | wall (s) | cpu (s) | generated files rewritten | frontend jobs |"
echo "|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
