# Checks the hand-written corpus against ../catalog.json without running the engine: it expands
# the templates itself (app-name variants x option variants) and checks every line's tags and
# expect against that expansion. Run after make_corpus.py.
import json, os, re, sys
here = os.path.dirname(os.path.abspath(__file__))
cat = json.load(open(os.path.join(here, "..", "catalog.json"), encoding="utf-8"))
TAGS = {"clean", "filler", "reword", "asr-sound", "asr-split", "asr-number", "asr-accent", "alt-name",
        "synonym", "no-app-name", "out-of-domain", "near-miss", "negative"}
NULL_TAGS = {"out-of-domain", "near-miss", "negative"}
def norm(s, loc):
    s = re.sub(r"[,.?!？、。！]", " ", s.lower())
    s = re.sub(r"\s+", " ", s).strip()
    return s.replace(" ", "") if loc == "ja" else s
def text(v, loc):
    return v.get(loc) if isinstance(v, dict) else v
def expand(loc):
    names = [(text(cat["app"]["name"], loc), False)] + [(text(a["name"], loc), True) for a in cat["app"]["alternativeNames"]]
    types = {**{k: ("enum", v["cases"]) for k, v in cat["enums"].items()}, **{k: ("entity", v["options"]) for k, v in cat["entities"].items()}}
    out = {}  # normalized phrase -> list of (intent, params, via_synonym, alt)
    for s in cat["shortcuts"]:
        for t in s["phrases"][loc]:
            m = re.search(r"\$\{(\w+)\}", t.replace("${applicationName}", ""))
            variants = [({}, t, False)]
            if m:
                p = m.group(1); pt = s["parameters"][p]
                if isinstance(pt, dict) and pt["type"] == "Bool":
                    variants = [({p: b}, t.replace("${%s}" % p, text(pt["displayName"][str(b).lower()], loc)), False) for b in (True, False)]
                else:
                    kind, items = types[pt]
                    variants = []
                    for it in items:
                        ident = it.get("rawValue", it.get("id"))
                        variants.append(({p: ident}, t.replace("${%s}" % p, text(it["title"], loc)), False))
                        for sy in (it.get("synonyms", {}).get(loc, []) if isinstance(it.get("synonyms"), dict) else it.get("synonyms", [])):
                            variants.append(({p: ident}, t.replace("${%s}" % p, sy), True))
            for params, tt, viasyn in variants:
                for n, alt in names:
                    out.setdefault(norm(tt.replace("${applicationName}", n), loc), []).append((s["intent"], params, viasyn, alt))
    return out
bad = 0
for loc in cat["locales"]:
    ex = expand(loc)
    for i, l in enumerate(open(os.path.join(here, "..", "corpus", loc + ".jsonl"), encoding="utf-8"), 1):
        r = json.loads(l); tags = set(r["tags"]); e = r["expect"]
        def err(msg):
            global bad; bad += 1; print(f"{loc}:{i}: {msg}: {r['text']}")
        if r["locale"] != loc: err("locale")
        if tags - TAGS: err("tag")
        if (e is None) != bool(tags & NULL_TAGS): err("null vs tags")
        hits = ex.get(norm(r["text"], loc), [])
        same = [h for h in hits if e and h[0] == e["intent"] and {k: v for k, v in h[1].items()} == e["parameters"]]
        if "clean" in tags:
            if not [h for h in same if not h[2]]: err("clean but not a title phrase with this expect")
            elif all(h[3] for h in same) != ("alt-name" in tags): err("clean alt-name tag")
        elif e is None:
            if hits: err("null line is an expanded phrase")
        elif hits:
            if not same: err("exact phrase of another expect")
            elif not tags <= {"synonym", "alt-name", "asr-split"} | ({"asr-number"} if loc == "ja" and " " in r["text"] else set()): err("exact phrase tagged " + " ".join(sorted(tags)))
        if "synonym" in tags and e is None: err("synonym null")
print("bad", bad)
sys.exit(1 if bad else 0)
