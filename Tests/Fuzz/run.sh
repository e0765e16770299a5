#!/usr/bin/env bash
# Fuzzes the spec readers (JSON and YAML), decoder and validator with libFuzzer.
# Usage: bash Tests/Fuzz/run.sh [seconds]   (default 60; needs a Linux Swift toolchain: swiftc -sanitize=fuzzer)
# Seeds come from Specs/ and Tests/RepogenCoreTests/BadSpecs/; crashes are written to .build-fuzz/.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-60}"
out=.build-fuzz
mkdir -p "$out/corpus"
cp Specs/* Tests/RepogenCoreTests/BadSpecs/*.json "$out/corpus/" 2>/dev/null || true
cp Tests/RepogenCoreTests/BadSpecs/*.yaml "$out/corpus/" 2>/dev/null || true

sources=(Sources/RepogenCore/Diagnostics/*.swift Sources/RepogenCore/Spec/*.swift Sources/RepogenCore/Model/*.swift
  Sources/RepogenCore/Validation/*.swift Tests/Fuzz/FuzzSpecReaders.swift)
swiftc -sanitize=fuzzer,address -parse-as-library -O -package-name repogen -module-name RepogenFuzz \
  "${sources[@]}" -o "$out/fuzz-spec-readers" 2>&1 | { grep -v "Cannot export local symbol" || true; }

"$out/fuzz-spec-readers" -max_total_time="$seconds" -max_len=65536 -timeout=5 -rss_limit_mb=2048 \
  -artifact_prefix="$out/" -print_final_stats=1 "$out/corpus" 2>&1 | tee "$out/fuzz.log" | grep -E "^(#[0-9]+ +(DONE|pulse)|stat::|==[0-9]+==ERROR|SUMMARY)" || true
grep -q "ERROR: libFuzzer\|ERROR: AddressSanitizer" "$out/fuzz.log" && { echo "fuzzer found a crash; see $out/"; exit 1; }
echo "no crash in ${seconds}s: $(grep -E 'stat::number_of_executed_units' "$out/fuzz.log" | awk '{print $2}') executions"
