#!/usr/bin/env bash
# A longer run of the generative check: random hostile specs, every accepted one built (SIL) against the runtime.
#   bash Tests/Generative/run.sh [count=2000] [seed=random]
# Specs that were accepted but did not compile are kept in .build/generative-failures/.
set -euo pipefail
cd "$(dirname "$0")/../.."
count="${1:-2000}"
seed="${2:-$RANDOM$RANDOM}"
echo "generative check: $count specs, seed $seed"
swift build --build-tests
REPOGEN_GENERATIVE_COUNT="$count" REPOGEN_GENERATIVE_SEED="$seed" \
  swift test --skip-build --filter GenerativeTests 2>&1 | grep -E "generative check|error:|Executed" | grep -v "^\s*|"
