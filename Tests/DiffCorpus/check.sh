#!/usr/bin/env bash
# Checks the diff corpus: every pair's old and new specs are accepted by `repogen generate`, the two sides hold the
# same spec files (but for domain-added and domain-removed, whose point is a file on one side only), and every
# new/shop.yaml starts with its expected report (`# expect: <kind> <subject> source=… wire=…`).
#
# Usage: Tests/DiffCorpus/check.sh [path/to/repogen]   (default: .build/debug/repogen, built if missing)
set -u
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
repogen="${1:-.build/debug/repogen}"
if [ ! -x "$repogen" ]; then
    swift build --product repogen || exit 1
fi
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
failures=0
count=0
fail() { echo "FAIL $1: $2" >&2; failures=$((failures + 1)); }
expect_re='^# expect: [a-z-]+ [A-Za-z_][A-Za-z0-9_.]* source=(none|additive|breaking) wire=(none|compatible|breaking)$'

for dir in Tests/DiffCorpus/*/; do
    name="$(basename "$dir")"
    count=$((count + 1))
    for side in old new; do
        if [ ! -f "$dir$side/shop.yaml" ]; then
            fail "$name" "no $side/shop.yaml"
            continue
        fi
        if ! "$repogen" generate "$dir$side" --output "$out/$name/$side" --quiet >"$out/log" 2>&1; then
            fail "$name" "$side is not accepted:"
            cat "$out/log" >&2
        fi
    done
    old_files="$(cd "$dir/old" && ls | sort | tr '\n' ' ')"
    new_files="$(cd "$dir/new" && ls | sort | tr '\n' ' ')"
    case "$name" in
        domain-added|domain-removed)
            [ "$old_files" != "$new_files" ] || fail "$name" "old and new hold the same files ($old_files)" ;;
        *)
            [ "$old_files" = "$new_files" ] || fail "$name" "old holds $old_files, new holds $new_files" ;;
    esac
    # The expected report: the leading comment lines of new/shop.yaml, at least one '# expect:' line, each well formed.
    expects=0
    while IFS= read -r line; do
        case "$line" in
            "# expect:"*)
                if [[ "$line" =~ $expect_re ]]; then expects=$((expects + 1)); else fail "$name" "malformed: $line"; fi ;;
            "#"*) ;;
            *) break ;;
        esac
    done <"$dir/new/shop.yaml"
    [ "$expects" -gt 0 ] || fail "$name" "new/shop.yaml has no '# expect:' line"
done

echo "$count pairs checked, $failures failures"
[ "$failures" -eq 0 ]
