#!/usr/bin/env bash
# Fuzzes the spec readers (JSON and YAML, both dialects), decoder, validator and OpenAPI importer with libFuzzer.
# Usage: bash Tests/Fuzz/run.sh [seconds]   (default 60; needs a Linux Swift toolchain: swiftc -sanitize=fuzzer)
# Seeds come from Specs/, Tests/RepogenCoreTests/BadSpecs/ and Tests/OpenAPIDocuments/; crashes go to .build-fuzz/.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-60}"
out=.build-fuzz
mkdir -p "$out/corpus"
cp Specs/* Tests/RepogenCoreTests/BadSpecs/*.json "$out/corpus/" 2>/dev/null || true
cp Tests/RepogenCoreTests/BadSpecs/*.yaml "$out/corpus/" 2>/dev/null || true

cp Tests/OpenAPIDocuments/* "$out/corpus/" 2>/dev/null || true

# RepogenCore needs RepogenMustache: built first, as a module and a static library, with the same sanitizers.
swiftc -sanitize=fuzzer,address -parse-as-library -O -package-name repogen -module-name RepogenMustache \
  -emit-module -emit-module-path "$out/RepogenMustache.swiftmodule" -emit-library -static \
  -o "$out/libRepogenMustache.a" Sources/RepogenMustache/*.swift 2>&1 | { grep -v "Cannot export local symbol" || true; }
swiftc -sanitize=fuzzer,address -parse-as-library -O -package-name repogen -module-name RepogenFuzz -I "$out" \
  $(find Sources/RepogenCore -name '*.swift') Tests/Fuzz/FuzzSpecReaders.swift \
  "$out/libRepogenMustache.a" -o "$out/fuzz-spec-readers" 2>&1 | { grep -v "Cannot export local symbol" || true; }

"$out/fuzz-spec-readers" -max_total_time="$seconds" -max_len=65536 -timeout=5 -rss_limit_mb=2048 \
  -artifact_prefix="$out/" -print_final_stats=1 "$out/corpus" 2>&1 | tee "$out/fuzz.log" | grep -E "^(#[0-9]+ +(DONE|pulse)|stat::|==[0-9]+==ERROR|SUMMARY)" || true
grep -q "ERROR: libFuzzer\|ERROR: AddressSanitizer" "$out/fuzz.log" && { echo "fuzzer found a crash; see $out/"; exit 1; }
echo "no crash in ${seconds}s: $(grep -E 'stat::number_of_executed_units' "$out/fuzz.log" | awk '{print $2}') executions"
