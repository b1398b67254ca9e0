# Checks corpus/<locale>.jsonl against ../catalog.json: every line parses, its locale matches
# its file, its tags come from Corpora/README.md's list, every expect names this app and an
# intent, parameters and values of the catalog. With the JSON of
#   phrasematch expand --catalog Corpora/fly/catalog.json --locale all --format json
# as argument, it also checks that every `clean` line is an expanded phrase with that expect
# (lowercase, punctuation removed, ja/zh spaces removed).
import json, os, re, sys, unicodedata
TAGS = {"clean", "filler", "reword", "asr-sound", "asr-split", "asr-number", "asr-accent", "alt-name",
        "synonym", "no-app-name", "out-of-domain", "near-miss", "negative", "truncated", "synth"}
here = os.path.dirname(os.path.abspath(__file__))
cat = json.load(open(os.path.join(here, "..", "catalog.json"), encoding="utf-8"))
sc = {s["intent"]: s for s in cat["shortcuts"]}
def values(t):
    if t == "Bool": return {True, False}
    if t in cat["enums"]: return {c["rawValue"] for c in cat["enums"][t]["cases"]}
    return {o["id"] for o in cat["entities"][t]["options"]}
def norm(s, loc):
    s = "".join(ch for ch in s.lower() if not unicodedata.category(ch).startswith("P"))
    s = re.sub(r"\s+", " ", s).strip()
    return s.replace(" ", "") if loc in ("zh-Hans",) else s
ex = json.load(open(sys.argv[1])) if len(sys.argv) > 1 else None
errors = 0
def err(*a):
    global errors; errors += 1; print(*a)
for loc in cat["locales"]:
    path = os.path.join(here, "..", "corpus", loc + ".jsonl")
    ph = {}
    if ex:
        for p in ex["locales"][loc]["phrases"]: ph.setdefault(norm(p["text"], loc), []).append(p)
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        try: o = json.loads(line)
        except Exception as e: err(path, n, "parse", e); continue
        if set(o) != {"text", "locale", "expect", "tags"}: err(path, n, "keys", set(o))
        if o["locale"] != loc: err(path, n, "locale")
        if not o["tags"] or set(o["tags"]) - TAGS: err(path, n, "tags", o["tags"])
        e = o["expect"]
        hits = ph.get(norm(o["text"], loc), []) if ex else []
        if e is None:
            if not set(o["tags"]) & {"out-of-domain", "near-miss", "negative"}: err(path, n, "null without tag")
            if hits: err(path, n, "null line is an expanded phrase:", o["text"])
            continue
        if set(o["tags"]) & {"out-of-domain", "near-miss", "negative"}: err(path, n, "expect with a null tag")
        if e.get("app") != cat["app"]["id"] or e.get("intent") not in sc: err(path, n, "app/intent", e); continue
        ps = sc[e["intent"]]["parameters"]
        for k, v in e.get("parameters", {}).items():
            if k not in ps or v not in values(ps[k]["type"]) or (ps[k]["type"] == "Bool") != isinstance(v, bool):
                err(path, n, "parameter", k, v)
        same = [p for p in hits if p["intent"] == e["intent"] and p["parameters"] == e["parameters"]]
        if ex and "clean" in o["tags"]:
            if not same: err(path, n, "clean line is not an expanded phrase with this expect:", o["text"])
            elif all(p["variant"].get("option", "").startswith("synonym") for p in same): err(path, n, "clean line uses a synonym:", o["text"])
            elif all(p["variant"]["appName"] != "display name" for p in same) and "alt-name" not in o["tags"]: err(path, n, "clean line without alt-name tag")
        if ex and hits and not same: err(path, n, "line is a phrase of another intent/value:", o["text"], hits[0]["intent"], hits[0]["parameters"])
        spaced = loc == "zh-Hans" and " " in o["text"] and "asr-split" in o["tags"]  # zh: spaces inserted
        if ex and same and "clean" not in o["tags"] and not spaced:
            if not any(p["variant"].get("option", "").startswith("synonym") for p in same) or "synonym" not in o["tags"] or set(o["tags"]) - {"synonym", "alt-name"}:
                err(path, n, "exact phrase not tagged clean (or only synonym[/alt-name]):", o["text"], o["tags"])
print("errors:", errors)
sys.exit(1 if errors else 0)
