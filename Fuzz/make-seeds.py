#!/usr/bin/env python3
"""Writes the raw seeds of every fuzz target to a folder (default .build-fuzz/seeds), from
Corpora/, docs/examples and the test fixtures. Fuzz/run.sh --minimize merges them into the
kept corpora (Fuzz/Corpus/TARGET), keeping only the inputs that add coverage.

A seed's first byte is the target's selector where it has one (Fuzz/Targets/Targets.swift):
normalize: the locale profile (index in the sorted profile list); corpus: 0 JSON Lines, 1 TSV;
strings: 0 .strings, 1 .xcstrings, 2 property list; project: 0 pbxproj, 1 XcodeGen, 2
Package.swift, 3 .xcconfig; match: 0 en, 1 fr."""
import glob, hashlib, json, os, sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build-fuzz", "seeds")
os.chdir(root)

def put(target, data, prefix=None):
    if isinstance(data, str):
        data = data.encode()
    if prefix is not None:
        data = bytes([prefix]) + data
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)

def read(p):
    with open(p, "rb") as f:
        return f.read()

fixtures = "Tests/PhraseEngineTests/Fixtures"
catalogs = sorted(glob.glob("Corpora/*/catalog.json")) + ["docs/examples/plants.catalog.json", fixtures + "/Golden/catalog.json"]
for p in catalogs:
    if os.path.getsize(p) < 64 * 1024:
        put("catalog", read(p))
    c = json.loads(read(p))
    for s in c.get("shortcuts", []):
        phrases = s.get("phrases", {})
        for loc, ts in (phrases.items() if isinstance(phrases, dict) else [("en", phrases)]):
            for t in ts[:3]:
                put("template", t)

profiles = sorted(f[:-5] for f in os.listdir("Locales/profiles") if f.endswith(".json"))
lines = []
for p in sorted(glob.glob("Corpora/*/corpus/*.jsonl")):
    ls = read(p).decode().splitlines()
    lines += ls
    for k in range(0, min(len(ls), 60), 20):
        put("corpus", "\n".join(ls[k:k + 20]), 0)
    loc = os.path.basename(p)[:-6]
    if loc in profiles:
        for l in ls[:6]:
            put("normalize", json.loads(l)["text"], profiles.index(loc))
for l in lines[::50]:
    j = json.loads(l)
    e = j.get("expect")
    intent = e["intent"] if e else "-"
    params = " ".join(f"{k}={v}" for k, v in (e or {}).get("parameters", {}).items())
    put("corpus", f"{j['text']}\t{intent}\t{params}\n", 1)
for l in read("docs/examples/plants.corpus.jsonl").decode().splitlines():
    j = json.loads(l)
    put("match", j["text"], 1 if j.get("locale") == "fr" else 0)

for p in sorted(glob.glob(fixtures + "/**/*.swift", recursive=True)):
    put("swift", read(p))
    if os.path.basename(p) == "Package.swift":
        put("project", read(p), 2)
# Fixture files by extension: (target, selector byte).
for ext, target, selector in [("strings", "strings", 0), ("xcstrings", "strings", 1), ("plist", "strings", 2),
                              ("pbxproj", "project", 0), ("yml", "project", 1), ("xcconfig", "project", 3)]:
    for p in sorted(glob.glob(fixtures + "/**/*." + ext, recursive=True)):
        put(target, read(p), selector)
for t in sorted(os.listdir(out)):
    print(t, len(os.listdir(os.path.join(out, t))))
