#!/usr/bin/env bash
# Builds the libFuzzer targets (Fuzz/Targets, -sanitize=fuzzer,address, release, in .build-fuzz)
# and runs one of them for N seconds from its kept corpus (Fuzz/Corpus/TARGET).
#
#   Fuzz/run.sh TARGET [SECONDS] [libFuzzer flags...]   build, then fuzz (default 60 s)
#   Fuzz/run.sh --build                                  build only
#   Fuzz/run.sh --list                                   the targets
#   Fuzz/run.sh --minimize TARGET [FOLDER...]            merge seeds (Fuzz/make-seeds.py) or
#                                                        found inputs into the kept corpus
#
# PEFUZZ_SANITIZE=fuzzer builds without AddressSanitizer (in .build-fuzz-plain instead of
# .build-fuzz, about 3x faster: for long runs that look for crashes, hangs and broken invariants; ASan finds memory
# errors the Swift runtime does not, so CI and short runs keep it).
#
# New inputs go to .build-fuzz/corpus/TARGET (the kept corpus is only read); a crash, hang or
# leak is written to .build-fuzz/artifacts/TARGET/ and the script exits nonzero. The last line
# is "TARGET: N executions in S s". docs/fuzzing.md has the rest (minimizing, reproducing).
set -euo pipefail
cd "$(dirname "$0")/.."

export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
# The Swift runtime's backtracer would take the signal of a broken invariant from libFuzzer (no input
# written) in a build without ASan.
export SWIFT_BACKTRACE=enable=no
targets="catalog template normalize corpus swift strings project match weights"
sanitize=${PEFUZZ_SANITIZE:-fuzzer,address}
case $sanitize in
  fuzzer,address) build=.build-fuzz; ccflags=(-Xcc -fsanitize=address) ;;
  fuzzer) build=.build-fuzz-plain; ccflags=() ;;
  *) echo "PEFUZZ_SANITIZE must be 'fuzzer,address' (the default) or 'fuzzer'" >&2; exit 2 ;;
esac
bin="$build/release/pefuzz"

# Inputs up to 8 KB; catalogs and project files up to 32 KB (the sample catalogs are ~20 KB).
max_len() { case $1 in catalog|project|swift) echo 32768 ;; *) echo 8192 ;; esac; }

build() {
  # lld: gold fails (internal error) on the fuzzer runtime's main next to SwiftPM's main alias.
  PHRASEENGINE_FUZZ=1 swift build --build-path "$build" -c release --product pefuzz \
    -Xswiftc -sanitize="$sanitize" -Xswiftc -enable-testing -Xswiftc -use-ld=lld \
    ${ccflags[@]+"${ccflags[@]}"} 2>&1 | grep -v "warning: Cannot export local symbol" || true
  [ -x "$bin" ] || { echo "fuzz build failed" >&2; exit 3; }
}

case "${1:-}" in
  --list) echo "$targets"; exit 0 ;;
  --build) build; exit 0 ;;
  --minimize)
    shift; target=${1:?target}; shift
    [ "${PEFUZZ_NO_BUILD:-0}" = 1 ] || build
    mkdir -p "$build/corpus/$target"
    [ $# -gt 0 ] || set -- "$build/seeds/$target" "$build/corpus/$target"
    fresh="$build/minimized/$target"; rm -rf "$fresh"; mkdir -p "$fresh" "Fuzz/Corpus/$target"
    "$bin" "$target" -merge=1 -timeout=10 -rss_limit_mb=2048 -max_len=$(max_len "$target") "$fresh" "Fuzz/Corpus/$target" "$@" \
      >"$build/$target.merge.log" 2>&1 || { tail -5 "$build/$target.merge.log" >&2; exit 1; }
    rm -rf "Fuzz/Corpus/$target"; mv "$fresh" "Fuzz/Corpus/$target"
    echo "$target: $(ls "Fuzz/Corpus/$target" | wc -l) inputs kept"
    exit 0 ;;
  ""|-h|--help) sed -n 2,17p "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
target=$1; shift
case " $targets " in *" $target "*) ;; *) echo "unknown target '$target' (targets: $targets)" >&2; exit 2 ;; esac
seconds=60
if [ $# -gt 0 ] && [[ $1 =~ ^[0-9]+$ ]]; then seconds=$1; shift; fi

[ "${PEFUZZ_NO_BUILD:-0}" = 1 ] || build
work="$build/corpus/$target"; artifacts="$build/artifacts/$target"
mkdir -p "$work" "$artifacts"
log="$build/$target.log"
# Per-input limits: 10 s (a hang), 2 GB (ASan's shadow included).
set +e
"$bin" "$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=$(max_len "$target") \
  -print_final_stats=1 -artifact_prefix="$artifacts/" "$@" "$work" "Fuzz/Corpus/$target" >"$log" 2>&1
rc=$?
set -e
runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
if [ $rc -ne 0 ]; then
  grep -aE "^==[0-9]+==ERROR|pefuzz: invariant|Fatal error|SUMMARY|Test unit written|deadly signal|timeout|out-of-memory" "$log" | head -20 >&2
  echo "$target: FAILED after ${runs:-?} executions (exit $rc; log $log)" >&2
  exit 1
fi
echo "$target: ${runs:-0} executions in $seconds s"
