#!/usr/bin/env python3
"""Home Assistant's native-speaker test sentences: PhraseEngine beside rapidfuzz and hassil.

    python3 Benchmarks/ha_intents.py                  # every language, four settings, peers too
    python3 Benchmarks/ha_intents.py --langs en,de    # some languages
    python3 Benchmarks/ha_intents.py --no-peers       # the engine only
    python3 Benchmarks/ha_intents.py --smoke          # CI: two languages, a few lines, JSON checked

For each language of Benchmarks/ha-intents and each setting (plain / named corpus x full /
sparse catalog) it runs `phrasematch eval` on every line and reports the test split (odd line
numbers); the peers run on the same lines in the same process:
- rapidfuzz WRatio (`process.extractOne`) over the same expanded phrases, with its cutoff tuned on
  the tune split (even lines) of that language and setting, and with one cutoff for every
  language and setting (tuned on all tune lines pooled, as the engine has one threshold);
- hassil's strict `recognize` on the named corpora (its templates need the app name).
Figures: in-domain exact accuracy, false accepts on the out-of-domain lines, overall accuracy,
the share of in-domain lines that are a catalog phrase verbatim after normalization (the
engine's `--matching exact` finds them on the named corpus) and the accuracy on the other lines.

Writes Benchmarks/ha-intents/results.json, failures.json (every line the engine got wrong, both
splits, with its explanation and a guessed kind: read the tune ones) and results.md (tables for
BENCHMARKS.md). Deterministic: the same build and data give the same files (timings only in
results.json's `timing`).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from typing import Any, Dict, List, Optional, Tuple

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "Benchmarks", "ha-intents")
PEERS = os.path.join(ROOT, "Benchmarks", "peers")
sys.path.insert(0, PEERS)
import expand  # noqa: E402  (Benchmarks/peers: the catalog expansion the peers share)
import run_peers  # noqa: E402  (judge, tune_cutoff, hassil_intents)

SETTINGS = [("named", "full"), ("named", "sparse"), ("plain", "full"), ("plain", "sparse")]
SMOKE_LANGS = ["en", "de"]
SMOKE_LINES = 40
APP_NAME = "zenvo"
FITTED = "PhraseEngine, fitted per language"
WORDS = "PhraseEngine, words only (--no-semantic)"
MATCHERS = ["PhraseEngine", WORDS, FITTED, "rapidfuzz WRatio (cutoff per language)", "rapidfuzz WRatio (one cutoff)", "hassil strict"]


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# ------------------------------------------------------------------------------------- data

def load_lines(path: str, limit: Optional[int]) -> List[Dict[str, Any]]:
    out = []
    with open(path, encoding="utf-8") as f:
        for n, raw in enumerate(f, start=1):
            if limit is not None and n > limit:
                break
            raw = raw.strip()
            if not raw:
                continue
            o = json.loads(raw)
            o["line"] = n
            o["split"] = "tune" if n % 2 == 0 else "test"
            out.append(o)
    return out


def corpus_file(lang: str, kind: str, limit: Optional[int], tmp: str) -> str:
    """The corpus path, or with a limit a copy of its first lines (line numbers kept)."""
    path = os.path.join(DATA, lang, f"corpus.{kind}.jsonl")
    if limit is None:
        return path
    cut = os.path.join(tmp, f"{lang}.{kind}.jsonl")
    with open(path, encoding="utf-8") as f, open(cut, "w", encoding="utf-8") as g:
        for n, line in enumerate(f, start=1):
            if n > limit:
                break
            g.write(line)
    return cut


# ------------------------------------------------------------------------------------- engine

class EngineError(Exception):
    pass


def engine_eval(binary: str, catalog: str, corpus: str, tmp: str, matching: str = "flexible",
                model: Optional[str] = None, semantic: bool = True) -> Dict[int, Dict[str, Any]]:
    """`phrasematch eval` on every line of one corpus: prediction lines by line number."""
    out = os.path.join(tmp, "pred.jsonl")
    cmd = [binary, "eval", "--stable", "--matching", matching, "--predictions", out, "--catalog", catalog, corpus,
           "--format", "json"] + (["--model", model] if model else []) + ([] if semantic else ["--no-semantic"])
    r = subprocess.run(cmd, text=True, capture_output=True)
    if r.returncode not in (0, 1):
        first = (r.stderr.strip().splitlines() or [f"exit {r.returncode}"])[0]
        raise EngineError(first)
    preds = {}
    with open(out, encoding="utf-8") as f:
        for line in f:
            p = json.loads(line)
            preds[int(p["source"].rsplit(":", 1)[1])] = p
    return preds


def engine_fit(binary: str, catalog: str, corpus: str, tmp: str) -> Optional[str]:
    """`phrasematch fit` on the tune lines of one corpus: the model file, or None when the fit
    was refused (less accurate on the held-out lines than the bundled model)."""
    out = os.path.join(tmp, "fitted.json")
    if os.path.exists(out):
        os.remove(out)
    r = subprocess.run([binary, "fit", "--catalog", catalog, "--output", out, corpus], text=True, capture_output=True)
    if r.returncode == 1:
        return None
    if r.returncode != 0:
        raise EngineError((r.stderr.strip().splitlines() or [f"exit {r.returncode}"])[0])
    return out


def engine_explain(binary: str, catalog: str, locale: str, texts: List[str]) -> List[Dict[str, Any]]:
    """`phrasematch match --explain --format json`, one result per text, in order."""
    if not texts:
        return []
    cmd = [binary, "match", "--catalog", catalog, "--locale", locale, "--format", "json", "--explain", "--top", "2"]
    r = subprocess.run(cmd, input="\n".join(t.replace("\n", " ") for t in texts) + "\n", text=True, capture_output=True)
    if r.returncode not in (0, 1):
        raise EngineError((r.stderr.strip().splitlines() or [f"exit {r.returncode}"])[0])
    rows = [json.loads(l) for l in r.stdout.splitlines() if l.strip()]
    if len(rows) != len(texts):
        raise EngineError(f"match answered {len(rows)} lines for {len(texts)}")
    return rows


def engine_profile(binary: str, locale: str) -> str:
    r = subprocess.run([binary, "normalize", "--locale", locale, "--format", "json", "x"], text=True, capture_output=True)
    try:
        return json.loads(r.stdout.splitlines()[0])["profile"]
    except (IndexError, KeyError, ValueError):
        return "?"


def compact(expl: List[Dict[str, Any]]) -> List[str]:
    out = []
    for e in expl:
        u, p = e.get("utterance", ""), e.get("phrase", "")
        slot = f" ${{{e['slot']}}}" if e.get("slot") else ""
        sim = e.get("similarity", 0)
        out.append(f"{e['kind']}: \"{u}\" <-> {slot.strip()} \"{p}\" {sim:g}".replace("  ", " "))
    return out


def candidate(c: Optional[Dict[str, Any]]) -> Optional[Dict[str, Any]]:
    if not c:
        return None
    d = {"intent": c["intent"], "parameters": c.get("parameters") or {}, "score": c.get("score"),
         "phrase": c.get("expanded") or c.get("phrase")}
    if "appNamed" in c:
        d["appNamed"] = c["appNamed"]
    if c.get("explanation"):
        d["explanation"] = compact(c["explanation"])
    return d


# ------------------------------------------------------------------------------------- failure kinds

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")


def words(text: str) -> List[str]:
    """A plain tokenization for the failure kinds (not the engine's): casefolded words, Han and
    kana one character each, the app name left out."""
    out = []
    for w in re.findall(r"\w+", text.casefold()):
        if w == APP_NAME:
            continue
        if _CJK.search(w):
            out.extend(ch for ch in w)
        else:
            out.append(w)
    return out


def near(a: str, b: str) -> bool:
    """Two forms of one word, as far as a prefix can tell: a shared beginning of at least 4
    letters (3 for words of 4 or fewer) covering most of the shorter word."""
    if a == b:
        return True
    k = 0
    for x, y in zip(a, b):
        if x != y:
            break
        k += 1
    short = min(len(a), len(b))
    return short >= 3 and k >= min(4, short - 1) and k >= 0.6 * short


def wording_kind(utt: List[str], phrases: List[List[str]], vocabulary: set) -> str:
    """How the utterance's words differ from the closest phrase of the expected target.
    `vocabulary`: every word of the catalog's phrases."""
    if not phrases:
        return "value not in catalog"
    def overlap(p: List[str]) -> Tuple[int, int]:
        c = Counter(utt) & Counter(p)
        return (sum(c.values()), -len(p))
    best = max(phrases, key=overlap)
    if best == utt:
        return "verbatim"
    if sorted(best) == sorted(utt):
        return "word order"
    unknown = [w for w in utt if w not in best]
    if not unknown:
        return "words left out"
    forms = [w for w in unknown if any(near(w, p) for p in best)]
    rest = [w for w in unknown if w not in forms]
    if not rest:
        return "inflection"
    if all(w in vocabulary for w in rest):
        return ("inflection + " if forms else "") + "words of other phrases"
    return ("inflection + " if forms else "") + "words in no phrase"


def outcome_kind(p: Dict[str, Any]) -> str:
    if p["expect"] is None:
        return "false accept"
    if p.get("got"):
        return "wrong route"
    c = p.get("closest")
    if not c:
        return "refused, no candidate"
    e = p["expect"]
    same = c["intent"] == e["intent"] and all(c.get("parameters", {}).get(k) == v for k, v in (e.get("parameters") or {}).items())
    return "refused, closest right" if same else "refused, closest wrong"


# ------------------------------------------------------------------------------------- metrics

def figures(rows: List[Tuple[Dict[str, Any], bool]], verbatim: Optional[set] = None) -> Dict[str, Any]:
    """rows: (line, correct). In-domain exact accuracy, false accepts, overall, verbatim split."""
    ind = [(l, c) for l, c in rows if l["expect"] is not None]
    ood = [(l, c) for l, c in rows if l["expect"] is None]
    f = lambda xs: round(sum(xs) / len(xs), 4) if xs else None
    out = {"lines": len(rows), "inDomain": len(ind), "outOfDomain": len(ood),
           "inDomainAccuracy": f([c for _, c in ind]), "falseAcceptRate": f([not c for _, c in ood]),
           "accuracy": f([c for _, c in rows])}
    if verbatim is not None:
        other = [c for l, c in ind if l["line"] not in verbatim]
        out["verbatimShare"] = f([l["line"] in verbatim for l, _ in ind])
        out["otherLines"] = len(other)
        out["otherAccuracy"] = f(other)
    return out


def averages(per_lang: Dict[str, Dict[str, Any]], pooled: List[Tuple[Dict[str, Any], bool]], verb: Dict[str, set]) -> Dict[str, Any]:
    def macro(key):
        xs = [v[key] for v in per_lang.values() if v.get(key) is not None]
        return round(sum(xs) / len(xs), 4) if xs else None
    micro = figures(pooled)
    other = [c for l, c in pooled if l["expect"] is not None and l["line"] not in verb.get(l["_lang"], set())]
    return {"macro": {k: macro(k) for k in ("inDomainAccuracy", "falseAcceptRate", "accuracy", "verbatimShare", "otherAccuracy")},
            "micro": {**micro, "otherAccuracy": round(sum(other) / len(other), 4) if other else None}}


# ------------------------------------------------------------------------------------- runner

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--langs", help="comma-separated languages (default: every folder of Benchmarks/ha-intents)")
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "phrasematch"))
    ap.add_argument("--no-peers", action="store_true", help="the engine only")
    ap.add_argument("--smoke", action="store_true", help=f"{', '.join(SMOKE_LANGS)}, first {SMOKE_LINES} lines; checks the JSON shape; writes to a temporary folder")
    ap.add_argument("--out", default=DATA, help="folder for results.json, failures.json, results.md")
    a = ap.parse_args(argv)

    if not os.path.exists(a.binary):
        sys.exit(f"ha_intents.py: {a.binary} not found: build it (swift build -c release --product phrasematch) or pass --binary")
    manifest = json.load(open(os.path.join(DATA, "manifest.json"), encoding="utf-8"))
    locales = {l["lang"]: l["locale"] for l in manifest["languages"]}
    langs = a.langs.split(",") if a.langs else (SMOKE_LANGS if a.smoke else sorted(locales))
    for lang in langs:
        if lang not in locales:
            sys.exit(f"ha_intents.py: no language '{lang}' in {DATA} (have: {', '.join(sorted(locales))})")
    limit = SMOKE_LINES if a.smoke else None
    out_dir = tempfile.mkdtemp(prefix="ha-smoke-") if a.smoke else a.out

    peers_ok = False
    if not a.no_peers:
        try:
            import rapidfuzz  # noqa: F401
            import hassil  # noqa: F401
            peers_ok = True
        except ImportError:
            # Run again under the peers' own virtual environment (made by its setup.sh, pinned versions).
            venv = os.path.join(PEERS, ".venv", "bin", "python")
            if os.environ.get("HA_INTENTS_REEXEC") != "1":
                if not os.path.exists(venv):
                    subprocess.run(["bash", os.path.join(PEERS, "setup.sh")], stdout=sys.stderr)
                if os.path.exists(venv):
                    os.environ["HA_INTENTS_REEXEC"] = "1"
                    os.execv(venv, [venv, os.path.abspath(__file__)] + list(argv if argv is not None else sys.argv[1:]))
            log("peers skipped: rapidfuzz and hassil could not be installed (Benchmarks/peers/setup.sh)")

    tmp = tempfile.mkdtemp(prefix="ha-intents-")
    results: Dict[str, Any] = {"source": manifest["source"], "binary": os.path.relpath(a.binary, ROOT),
                               "split": "test = odd 1-based line numbers (reported), tune = even (cutoffs)",
                               "settings": [f"{c}/{k}" for c, k in SETTINGS], "languages": {}, "problems": []}
    failures: List[Dict[str, Any]] = []
    lines: Dict[Tuple[str, str], List[Dict[str, Any]]] = {}
    verbatim: Dict[Tuple[str, str], set] = {}          # (lang, catalog) -> in-domain line numbers
    engine_rows: Dict[Tuple[str, str, str], Dict[int, bool]] = {}
    fitted_rows: Dict[Tuple[str, str, str], Dict[int, bool]] = {}
    words_rows: Dict[Tuple[str, str, str], Dict[int, bool]] = {}
    encoded: Dict[Tuple[str, str, str], Tuple[int, int]] = {}   # lines the encoder read, of all
    t_engine = 0.0

    # ---------------------------------------------------------------- the engine
    for lang in langs:
        loc = locales[lang]
        prof = engine_profile(a.binary, loc)
        info = {"locale": loc, "profile": prof}
        if prof == "und":
            info["note"] = f"no locale profile for {loc}: the language-neutral profile"
            results["problems"].append(f"{lang}: {info['note']}")
        results["languages"][lang] = info
        for kind in ("plain", "named"):
            lines[(lang, kind)] = load_lines(os.path.join(DATA, lang, f"corpus.{kind}.jsonl"), limit)
        for cat_kind in ("full", "sparse"):
            catalog = os.path.join(DATA, lang, f"catalog.{cat_kind}.json")
            t0 = time.perf_counter()
            try:
                named = corpus_file(lang, "named", limit, tmp)
                exact = engine_eval(a.binary, catalog, named, tmp, matching="exact")
                verbatim[(lang, cat_kind)] = {n for n, p in exact.items() if p["expect"] is not None and p["decision"] != "none"}
            except EngineError as e:
                results["problems"].append(f"{lang}/{cat_kind}: the engine rejected the catalog: {e}")
                info[f"{cat_kind}Rejected"] = str(e)
                continue
            for kind in ("named", "plain"):
                setting = f"{kind}/{cat_kind}"
                try:
                    preds = engine_eval(a.binary, catalog, corpus_file(lang, kind, limit, tmp), tmp)
                except EngineError as e:
                    results["problems"].append(f"{lang}/{setting}: {e}")
                    continue
                engine_rows[(lang, kind, cat_kind)] = {n: p["correct"] for n, p in preds.items()}
                encoded[(lang, kind, cat_kind)] = (sum(1 for p in preds.values() if "meaning" in p), len(preds))
                wp = engine_eval(a.binary, catalog, corpus_file(lang, kind, limit, tmp), tmp, semantic=False)
                words_rows[(lang, kind, cat_kind)] = {n: p["correct"] for n, p in wp.items()}
                # What `phrasematch fit` gives a developer who has this corpus: a decision fitted
                # on its even lines (refused: the bundled model stays).
                fitted = engine_fit(a.binary, catalog, corpus_file(lang, kind, limit, tmp), tmp)
                info.setdefault("fitRefused", [])
                if fitted is None:
                    info["fitRefused"].append(setting)
                    fitted_rows[(lang, kind, cat_kind)] = engine_rows[(lang, kind, cat_kind)]
                else:
                    fp = engine_eval(a.binary, catalog, corpus_file(lang, kind, limit, tmp), tmp, model=fitted)
                    fitted_rows[(lang, kind, cat_kind)] = {n: p["correct"] for n, p in fp.items()}
                wrong = [p for n, p in sorted(preds.items()) if not p["correct"]]
                explained = engine_explain(a.binary, catalog, loc, [p["text"] for p in wrong])
                served = None
                for p, x in zip(wrong, explained):
                    n = int(p["source"].rsplit(":", 1)[1])
                    row = {"lang": lang, "setting": setting, "split": "tune" if n % 2 == 0 else "test", "line": n,
                           "text": p["text"], "expect": p["expect"], "decision": p["decision"],
                           "outcome": outcome_kind(p), "reason": x.get("reason")}
                    if p["expect"] is not None:
                        if served is None:
                            served, _ = expand.expand_catalog(expand.load_catalog(catalog), loc, expand.BUDGET)
                            vocabulary = {w for ph in served for w in words(ph.text)}
                        e = p["expect"]
                        target = [words(ph.text) for ph in served if ph.intent == e["intent"] and all(
                            ph.parameters.get(k) == v for k, v in (e.get("parameters") or {}).items())]
                        row["wording"] = wording_kind(words(p["text"]), target, vocabulary)
                    res = x.get("results") or []
                    row["got"] = candidate(res[0]) if res else None
                    row["closest"] = candidate(x.get("closest")) if not res else (candidate(res[1]) if len(res) > 1 else None)
                    failures.append(row)
            t_engine += time.perf_counter() - t0
        log(f"  engine {lang}: done ({t_engine:.1f} s so far)")

    # ---------------------------------------------------------------- the peers
    peer_rows: Dict[Tuple[str, str, str, str], Dict[int, bool]] = {}
    cutoffs: Dict[str, Any] = {}
    t_peers = 0.0
    if peers_ok:
        from rapidfuzz import fuzz, process
        from hassil import recognize
        t0 = time.perf_counter()
        scored: Dict[Tuple[str, str, str], List[Tuple[Any, float, Any]]] = {}
        for lang in langs:
            loc = locales[lang]
            for cat_kind in ("full", "sparse"):
                cat = expand.load_catalog(os.path.join(DATA, lang, f"catalog.{cat_kind}.json"))
                served, _ = expand.expand_catalog(cat, loc, expand.BUDGET)
                choices = [ph.text.lower() for ph in served]
                for kind in ("named", "plain"):
                    rows = []
                    for l in lines[(lang, kind)]:
                        u = run_peers.Utterance("ha", loc, l["line"], l["text"], loc, l["expect"], l.get("tags") or [])
                        r = process.extractOne(l["text"].lower(), choices, scorer=fuzz.WRatio, score_cutoff=0) if choices else None
                        ph = served[r[2]] if r else None
                        rows.append((u, r[1] if r else 0.0, (ph.app_id, ph.intent, ph.parameters) if ph else None))
                    scored[(lang, kind, cat_kind)] = rows
                    if kind == "named":
                        intents, _ = run_peers.hassil_intents(cat, loc)
                        app_id = cat["app"]["id"]
                        got = {}
                        for u, _, _ in rows:
                            h = recognize(u.text, intents)
                            pred = None if h is None or h.intent is None else (
                                app_id, h.intent.name, {k: e.value for k, e in h.entities.items() if k != "app_name"})
                            got[u.line] = run_peers.judge(u, pred)["correct"]
                        peer_rows[("hassil strict", lang, kind, cat_kind)] = got
        # Cutoffs: per language and setting, and one for everything, tuned on the tune lines.
        pooled = [r for rows in scored.values() for r in rows if r[0].split == "tune"]
        one, _ = run_peers.tune_cutoff(pooled) if pooled else (0.0, 0.0)
        cutoffs["one cutoff"] = round(one, 2)
        for (lang, kind, cat_kind), rows in scored.items():
            tune = [r for r in rows if r[0].split == "tune"]
            c, _ = run_peers.tune_cutoff(tune) if tune else (0.0, 0.0)
            cutoffs[f"{lang}/{kind}/{cat_kind}"] = round(c, 2)
            for name, cut in (("rapidfuzz WRatio (cutoff per language)", c), ("rapidfuzz WRatio (one cutoff)", one)):
                peer_rows[(name, lang, kind, cat_kind)] = {
                    u.line: run_peers.judge(u, p if s >= cut else None)["correct"] for u, s, p in rows}
        t_peers = time.perf_counter() - t0
        log(f"  peers: done in {t_peers:.1f} s")

    # ---------------------------------------------------------------- figures (test split)
    table: Dict[str, Any] = {}
    for kind, cat_kind in SETTINGS:
        setting = f"{kind}/{cat_kind}"
        table[setting] = {}
        for m in MATCHERS:
            per_lang, pooled = {}, []
            for lang in langs:
                got = (engine_rows.get((lang, kind, cat_kind)) if m == "PhraseEngine" else
                       words_rows.get((lang, kind, cat_kind)) if m == WORDS else
                       fitted_rows.get((lang, kind, cat_kind)) if m == FITTED else peer_rows.get((m, lang, kind, cat_kind)))
                if got is None:
                    continue
                test = [(l, got[l["line"]]) for l in lines[(lang, kind)] if l["split"] == "test" and l["line"] in got]
                per_lang[lang] = figures(test, verbatim.get((lang, cat_kind)))
                pooled += [({**l, "_lang": lang}, c) for l, c in test]
                if m == "PhraseEngine":
                    tune = [(l, got[l["line"]]) for l in lines[(lang, kind)] if l["split"] == "tune" and l["line"] in got]
                    per_lang[lang]["tune"] = figures(tune, verbatim.get((lang, cat_kind)))
            if per_lang:
                verb = {lang: verbatim.get((lang, cat_kind), set()) for lang in langs}
                table[setting][m] = {"languages": per_lang, **averages(per_lang, pooled, verb)}
    results["figures"] = table
    # The share of lines the sentence encoder read (the others paid nothing for it), per setting.
    results["encodedShare"] = {f"{k}/{c}": round(sum(encoded[(l, k, c)][0] for l in langs if (l, k, c) in encoded) /
                                                 max(1, sum(encoded[(l, k, c)][1] for l in langs if (l, k, c) in encoded)), 4)
                               for k, c in SETTINGS}
    results["cutoffs"] = cutoffs
    kinds: Dict[str, Dict[str, Counter]] = {"outcome": defaultdict(Counter), "wording": defaultdict(Counter)}
    for f in failures:
        if f["split"] == "tune" and f["expect"] is not None:
            kinds["outcome"][f["lang"]][f["outcome"]] += 1
            kinds["wording"][f["lang"]][f["wording"]] += 1
    results["tuneFailureKinds"] = {axis: {k: dict(sorted(v.items())) for k, v in sorted(c.items())} for axis, c in kinds.items()}
    timing = {"engineSeconds": round(t_engine, 1), "peerSeconds": round(t_peers, 1)}

    os.makedirs(out_dir, exist_ok=True)
    write(os.path.join(out_dir, "results.json"), json.dumps({**results, "timing": timing}, ensure_ascii=False, indent=1, sort_keys=True) + "\n")
    failures.sort(key=lambda f: (f["lang"], f["setting"], f["line"]))
    # One failure a line: readable with grep, and a rerun's diff shows the lines that changed.
    write(os.path.join(out_dir, "failures.json"),
          "[\n" + ",\n".join(json.dumps(f, ensure_ascii=False, sort_keys=True) for f in failures) + "\n]\n")
    write(os.path.join(out_dir, "results.md"), markdown(results, langs, timing))
    log(f"engine {t_engine:.1f} s, peers {t_peers:.1f} s; wrote {out_dir}/results.json, failures.json, results.md")
    for p in results["problems"]:
        log(f"  note: {p}")
    if a.smoke:
        check_shape(out_dir, langs, peers_ok)
        print("ha-intents smoke ok")
    return 0


def write(path: str, text: str) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def check_shape(out_dir: str, langs: List[str], peers: bool) -> None:
    r = json.load(open(os.path.join(out_dir, "results.json"), encoding="utf-8"))
    fails = json.load(open(os.path.join(out_dir, "failures.json"), encoding="utf-8"))
    for setting in ("named/full", "named/sparse", "plain/full", "plain/sparse"):
        e = r["figures"][setting]["PhraseEngine"]
        for lang in langs:
            x = e["languages"][lang]
            for k in ("inDomainAccuracy", "falseAcceptRate", "accuracy", "verbatimShare", "otherAccuracy", "tune"):
                if k not in x:
                    sys.exit(f"smoke: {setting} {lang} has no {k}")
        for k in ("inDomainAccuracy", "falseAcceptRate"):
            if e["macro"][k] is None:
                sys.exit(f"smoke: {setting} macro {k} is missing")
        if peers and "rapidfuzz WRatio (one cutoff)" not in r["figures"][setting]:
            sys.exit(f"smoke: {setting} has no rapidfuzz figures")
    if peers and "hassil strict" not in r["figures"]["named/full"]:
        sys.exit("smoke: no hassil figures")
    for f in fails:
        for k in ("lang", "setting", "split", "line", "text", "outcome"):
            if k not in f:
                sys.exit(f"smoke: a failure has no {k}")


# ------------------------------------------------------------------------------------- markdown

def pct(x: Optional[float]) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def markdown(r: Dict[str, Any], langs: List[str], timing: Dict[str, float]) -> str:
    L: List[str] = []
    w = L.append
    fig = r["figures"]
    w("Macro averages over the languages (each language counts once; false accepts over the languages that have "
      "out-of-domain lines), test split. `other lines`: in-domain lines that are no catalog phrase verbatim after "
      "normalization, the part that measures generalization. hassil's templates need the app name: it runs on the "
      "named corpora only.\n")
    refused = sum(len(v.get("fitRefused", [])) for v in r["languages"].values())
    w("`PhraseEngine, fitted per language`: what `phrasematch fit` gives a developer with such a corpus — the "
      "decision fitted on that language's and setting's even lines (as the rapidfuzz cutoff per language is), "
      f"checked on its odd lines; where the fit was refused ({refused} of {len(r['languages']) * 4} language-settings) "
      "the bundled model stays.\n")
    w("| setting | matcher | in-domain | false accepts | overall | other lines | micro in-domain | micro false accepts |")
    w("|---|---|---:|---:|---:|---:|---:|---:|")
    for setting in fig:
        for m, v in fig[setting].items():
            bold = "**" if m == "PhraseEngine" else ""
            w(f"| {setting} | {bold}{m}{bold} | {bold}{pct(v['macro']['inDomainAccuracy'])}{bold} | "
              f"{pct(v['macro']['falseAcceptRate'])} | {pct(v['macro']['accuracy'])} | {pct(v['macro']['otherAccuracy'])} | "
              f"{pct(v['micro']['inDomainAccuracy'])} | {pct(v['micro']['falseAcceptRate'])} |")
    w("")
    eng = {s: fig[s].get("PhraseEngine", {}).get("macro", {}) for s in fig}
    w("Share of in-domain lines that are a catalog phrase verbatim (macro): full catalog "
      f"{pct(eng.get('named/full', {}).get('verbatimShare'))}, sparse {pct(eng.get('named/sparse', {}).get('verbatimShare'))}. "
      f"The rapidfuzz cutoff for every language and setting, tuned on all tune lines pooled: "
      f"{r['cutoffs'].get('one cutoff', '-')}.\n")
    w("Per language, in-domain accuracy / false accepts on the test split, one table per setting. `profile`: the "
      "engine's locale profile (`und` is the language-neutral fallback: no profile for that language yet). `lines`: "
      "in-domain / out-of-domain test lines; `verbatim`: share of the in-domain lines that are a catalog phrase; "
      "`other`: the engine's accuracy on the rest.\n")
    w("`PhraseEngine` runs with its sentence encoder (docs/semantic.md); `words only` is the same build with "
      "`--no-semantic`. Share of lines the encoder read (the rest paid nothing for it): " +
      ", ".join(f"{s} {pct(v)}" for s, v in r.get("encodedShare", {}).items()) + ".\n")
    short = {"PhraseEngine": "PhraseEngine", WORDS: "words only", FITTED: "PhraseEngine fitted", "rapidfuzz WRatio (cutoff per language)": "rapidfuzz, cutoff per language",
             "rapidfuzz WRatio (one cutoff)": "rapidfuzz, one cutoff", "hassil strict": "hassil strict"}
    for s in fig:
        ms = list(fig[s])
        w(f"**{s}**\n")
        w("| lang | profile | lines | verbatim | other | " + " | ".join(short[m] for m in ms) + " |")
        w("|---|---|---:|---:|---:|" + "---:|" * len(ms))
        for lang in langs:
            e = fig[s].get("PhraseEngine", {}).get("languages", {}).get(lang)
            cells = []
            for m in ms:
                x = fig[s][m]["languages"].get(lang)
                cells.append("-" if x is None else f"{pct(x['inDomainAccuracy'])} / {pct(x['falseAcceptRate'])}")
            head = (f"{e['inDomain']} / {e['outOfDomain']} | {pct(e.get('verbatimShare'))} | {pct(e.get('otherAccuracy'))}"
                    if e else "- | - | -")
            w(f"| {lang} | {r['languages'][lang]['profile']} | {head} | " + " | ".join(cells) + " |")
        w("")
    for axis, title in (("outcome", "what the engine did"), ("wording", "how the line's words differ from the closest "
                        "phrase of the expected target")):
        counts = r["tuneFailureKinds"][axis]
        allk = Counter()
        for v in counts.values():
            allk.update(v)
        if not allk:
            continue
        ks = [k for k, _ in allk.most_common()]
        w(f"The engine's in-domain failures on the **tune split** (even lines, all four settings) by {title}.")
        if axis == "wording":
            w("A plain word comparison, not the engine's: `inflection` = every word the phrase lacks shares its "
              "beginning with a word of the phrase; `words of other phrases` = the words the phrase lacks are all "
              "in other phrases of the catalog; `words in no phrase` = at least one word is in none and is no form "
              "of a phrase word; `words left out` = the line says a subset of the phrase.")
        w("")
        w("| lang | all | " + " | ".join(ks) + " |")
        w("|---|---:|" + "---:|" * len(ks))
        for lang, v in counts.items():
            w(f"| {lang} | {sum(v.values())} | " + " | ".join(str(v.get(k, 0)) for k in ks) + " |")
        w(f"| all | {sum(allk.values())} | " + " | ".join(str(allk[k]) for k in ks) + " |")
        w("")
    if r["problems"]:
        w("Noted by the run: " + "; ".join(r["problems"]) + ".\n")
    w(f"The engine's part of the run (every language and setting, explanations of its failures included) took "
      f"{timing['engineSeconds']:.0f} s on this machine; the peers {timing['peerSeconds']:.0f} s.\n")
    return "\n".join(L) + "\n"


if __name__ == "__main__":
    sys.exit(main())
