#!/usr/bin/env bash
# Builds the plugin fixture and checks what the two plugins print and how they exit:
#   - swift build: the build-tool plugin lints Sources/Garden/AppShortcuts.catalog.json; its
#     warning is a build diagnostic (file:line:col: warning: … [rule]) and the build succeeds;
#   - "strict": true in phrasematch.json: the same warning fails the build;
#   - a catalog with a lint error, or one that does not load, fails the build;
#   - a malformed phrasematch.json fails the build with a one-line error;
#   - swift package phrasematch lint|eval|collisions: output and exit statuses.
# Every case leaves the fixture as it found it. Run from anywhere; prints "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")"
fixture=$(pwd)
catalog="$fixture/Sources/Garden/AppShortcuts.catalog.json"
config="$fixture/phrasematch.json"
saved_config=$(cat "$config")
restore() { printf '%s\n' "$saved_config" > "$config"; }
trap restore EXIT

passed=0 failed=0
out=$(mktemp)
ok() { passed=$((passed + 1)); echo "ok: $1"; }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; sed 's/^/    | /' "$out" | tail -40; }
# expect NAME STATUS(0|nonzero) COMMAND...: runs COMMAND, output in $out.
expect() {
  local name=$1 want=$2; shift 2
  "$@" > "$out" 2>&1; local status=$?
  if [ "$want" = 0 ] && [ $status -ne 0 ]; then fail "$name: exit $status, expected 0"; return 1; fi
  if [ "$want" = nonzero ] && [ $status -eq 0 ]; then fail "$name: exit 0, expected a failure"; return 1; fi
  return 0
}
# has NAME EXTENDED-REGEX: the last output has a line matching it.
has() { if grep -Eq -- "$2" "$out"; then ok "$1"; else fail "$1: no line matches /$2/"; fi; }
hasnt() { if grep -Eq -- "$2" "$out"; then fail "$1: a line matches /$2/"; else ok "$1"; fi; }

build=(swift build)
start=$(date +%s)
if expect "first build" 0 "${build[@]}"; then
  echo "first build of the fixture (PhraseEngine built from source for the plugin): $(( $(date +%s) - start )) s"
  # The warning, at its absolute path, line and column, in the compiler's shape.
  has "build: the catalog's warning is a build diagnostic" \
    "^$catalog:[0-9]+:[0-9]+: warning: .*\[missing-system-image\]$"
  hasnt "build: no error" ": error: "
fi

touch "$catalog"
start=$(date +%s)
if expect "a build after the catalog changed" 0 "${build[@]}"; then
  has "catalog changed: lint runs again" "warning: .*\[missing-system-image\]"
  echo "a build with nothing to compile, lint included: $(( $(date +%s) - start )) s"
fi

printf '{ "corpora": ["Utterances"], "strict": true }\n' > "$config"
if expect "strict build fails" nonzero "${build[@]}"; then
  has "strict: the warning is now an error" "^$catalog:[0-9]+:[0-9]+: error: .*\[missing-system-image\]$"
fi

printf '{ "catalogs": ["Broken/AppShortcuts.catalog.json"] }\n' > "$config"
if expect "a lint error fails the build" nonzero "${build[@]}"; then
  has "error build: the error names the broken catalog" \
    "^$fixture/Broken/AppShortcuts.catalog.json:[0-9]+:[0-9]+: error: .*\[missing-app-name\]$"
fi

bad=$(mktemp -d)
printf '{ "format": "phrasematch-catalog", "version": 1, ' > "$bad/bad.catalog.json"
printf '{ "catalogs": ["%s"] }\n' "$bad/bad.catalog.json" > "$config"
if expect "a catalog that does not load fails the build" nonzero "${build[@]}"; then
  has "malformed catalog: reported at its file" "^$bad/bad.catalog.json:[0-9]+:[0-9]+: error: .*\[malformed-json\]$"
fi
rm -rf "$bad"

printf '{ "strict": "yes" }\n' > "$config"
if expect "a bad phrasematch.json fails the build" nonzero "${build[@]}"; then
  has "bad config: one line naming the file and key" "phrasematch.json: 'strict' must be true or false"
fi
restore
if expect "the build passes again once phrasematch.json is restored" 0 "${build[@]}"; then
  has "restored: the warning" "warning: .*\[missing-system-image\]"
fi

# The command plugin.
if expect "swift package phrasematch lint" 0 swift package phrasematch lint; then
  has "plugin lint: the warning" "warning .*\[missing-system-image\]"
  has "plugin lint: the count line" "0 errors, 1 warning"
fi
if expect "swift package phrasematch lint --strict fails" nonzero swift package phrasematch lint --strict; then
  has "plugin lint --strict: names the status" "phrasematch lint exited with status 1"
fi
if expect "swift package phrasematch lint --format xcode" 0 swift package phrasematch lint --format xcode; then
  # Run from the package root: paths relative to it.
  has "plugin lint --format xcode: the xcode line" "^Sources/Garden/AppShortcuts.catalog.json:[0-9]+:[0-9]+: warning: .*\[missing-system-image\]$"
fi
if expect "swift package phrasematch eval (corpora from phrasematch.json)" 0 \
    swift package phrasematch eval --format json --stable --min-accuracy 1; then
  has "plugin eval: four utterances, all right" '"count" *: *4'
  has "plugin eval: accuracy 1" '"accuracy" *: *1[,}]'
fi
if expect "swift package phrasematch eval below --min-accuracy fails" nonzero \
    swift package phrasematch eval "$fixture/Broken/never.jsonl"; then
  has "plugin eval: a missing corpus is named" "never.jsonl"
fi
if expect "swift package phrasematch collisions" 0 swift package phrasematch collisions; then
  has "plugin collisions: a report" "[Cc]ollision|cluster|pairs?"
fi
if expect "swift package phrasematch (unknown subcommand)" nonzero swift package phrasematch frobnicate; then
  has "plugin: the unknown subcommand is named" "unknown subcommand 'frobnicate'; use one of lint, eval, collisions"
fi

rm -f "$out"
echo "plugins: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
