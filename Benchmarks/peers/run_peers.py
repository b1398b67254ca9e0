#!/usr/bin/env python3
"""Peer comparison for PhraseEngine: rapidfuzz and hassil on the sample corpora.

    .venv/bin/python run_peers.py                      # all apps, all locales -> results.json
    .venv/bin/python run_peers.py --quick              # CI smoke test, a few seconds
    .venv/bin/python run_peers.py --apps music --locales en,fr --out /tmp/r.json
    .venv/bin/python run_peers.py --scale              # rapidfuzz WRatio at 1k/10k/100k phrases

See README.md for what is measured and how.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import expand  # noqa: E402

DEFAULT_CORPORA = os.path.normpath(os.path.join(HERE, "..", "..", "Corpora"))
ALL_APPS = ["coffee", "habits", "home", "music", "notes", "reader"]
ALL_LOCALES = ["en", "fr", "de", "es", "ja", "zh-Hans"]
QUICK_APPS = ["coffee", "music"]
QUICK_LOCALES = ["en", "ja"]
QUICK_KEEP = (1, 2)  # --quick keeps lines whose number ends in 1 or 2 (both splits, mixed tags)

# A prediction: None (no result) or (app id, intent, {param: persisted value}).
Prediction = Optional[Tuple[str, str, Dict[str, Any]]]


# =============================================================================== corpus

@dataclass
class Utterance:
    app: str              # corpus folder name
    file_locale: str
    line: int             # 1-based physical line number in its file
    text: str
    locale: str
    expect: Optional[Dict[str, Any]]
    tags: List[str]

    @property
    def split(self) -> str:
        return "tune" if self.line % 2 == 0 else "test"


def load_corpus(path: str, app: str, file_locale: str, dev_locale: str,
                quick: bool, errors: List[str]) -> List[Utterance]:
    out: List[Utterance] = []
    with open(path, encoding="utf-8") as f:
        for lineno, raw in enumerate(f, start=1):
            if quick and lineno % 10 not in QUICK_KEEP:
                continue
            line = raw.strip()
            if not line or line.startswith("//"):
                continue
            try:
                obj = json.loads(line)
                if not isinstance(obj, dict) or not isinstance(obj.get("text"), str):
                    raise ValueError("object with a string `text` expected")
                exp = obj.get("expect")
                if exp is not None and not (isinstance(exp, dict) and isinstance(exp.get("intent"), str)):
                    raise ValueError("`expect` must be null or an object with `intent`")
            except ValueError as e:  # json.JSONDecodeError is a ValueError
                errors.append(f"{path}:{lineno}: {e}")
                continue
            out.append(Utterance(app, file_locale, lineno, obj["text"],
                                 obj.get("locale") or dev_locale, exp,
                                 list(obj.get("tags") or [])))
    return out


# =============================================================================== metrics

def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def judge(u: Utterance, pred: Prediction) -> Dict[str, bool]:
    """Per-utterance outcome, following the corpus spec (metrics section)."""
    if u.expect is None:
        return {"ood": True, "accepted": pred is not None, "correct": pred is None}
    if pred is None:
        return {"ood": False, "rejected": True, "intent": False, "exact": False, "correct": False}
    app_id, intent, params = pred
    app_ok = ("app" not in u.expect) or u.expect["app"] == app_id
    intent_ok = app_ok and intent == u.expect["intent"]
    exact_ok = intent_ok and all(
        k in params and _same(params[k], v) for k, v in (u.expect.get("parameters") or {}).items())
    return {"ood": False, "rejected": False, "intent": intent_ok, "exact": exact_ok,
            "correct": exact_ok}


def aggregate(outcomes: Sequence[Dict[str, bool]]) -> Dict[str, Any]:
    n_in = sum(1 for o in outcomes if not o["ood"])
    n_ood = len(outcomes) - n_in

    def rate(k: int, n: int) -> Optional[float]:
        return round(k / n, 4) if n else None

    return {
        "count": len(outcomes),
        "inDomain": n_in,
        "outOfDomain": n_ood,
        "exactAccuracy": rate(sum(1 for o in outcomes if not o["ood"] and o["exact"]), n_in),
        "intentAccuracy": rate(sum(1 for o in outcomes if not o["ood"] and o["intent"]), n_in),
        "falseRejectRate": rate(sum(1 for o in outcomes if not o["ood"] and o["rejected"]), n_in),
        "falseAcceptRate": rate(sum(1 for o in outcomes if o["ood"] and o["accepted"]), n_ood),
        "accuracy": rate(sum(1 for o in outcomes if o["correct"]), len(outcomes)),
    }


# Tags of utterances that differ from a phrase as written (recognizer errors, rewording, filler,
# synonyms, other app names, no app name, near misses): the "noisy" aggregate of BENCHMARKS.md.
NOISE_TAGS = {"filler", "reword", "asr-sound", "asr-split", "asr-number", "asr-accent", "synonym",
              "alt-name", "no-app-name", "near-miss"}


def breakdown(utts: Sequence[Utterance], outcomes: Sequence[Dict[str, bool]]) -> Dict[str, Any]:
    by_tag: Dict[str, List[Dict[str, bool]]] = defaultdict(list)
    by_locale: Dict[str, List[Dict[str, bool]]] = defaultdict(list)
    by_app: Dict[str, List[Dict[str, bool]]] = defaultdict(list)
    for u, o in zip(utts, outcomes):
        for t in u.tags:
            by_tag[t].append(o)
        by_locale[u.locale].append(o)
        by_app[u.app].append(o)
    return {
        "overall": aggregate(outcomes),
        "noisy": aggregate([o for u, o in zip(utts, outcomes) if NOISE_TAGS & set(u.tags)]),
        "byTag": {k: aggregate(v) for k, v in sorted(by_tag.items())},
        "byLocale": {k: aggregate(v) for k, v in by_locale.items()},
        "byApp": {k: aggregate(v) for k, v in by_app.items()},
    }


def timing_summary(ns: Sequence[int]) -> Dict[str, Optional[float]]:
    if not ns:
        return {"meanMicros": None, "p50Micros": None, "p99Micros": None}
    s = sorted(ns)
    return {
        "meanMicros": round(statistics.fmean(s) / 1000, 2),
        "p50Micros": round(statistics.median(s) / 1000, 2),
        "p99Micros": round(s[min(len(s) - 1, int(0.99 * len(s)))] / 1000, 2),
    }


def timed_loop(utts: Sequence[Utterance], fn: Callable[[Utterance], Any]) -> Tuple[List[Any], List[int]]:
    """Call fn on each utterance, single thread, timing each call with perf_counter_ns."""
    results, times = [], []
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        clock = time.perf_counter_ns
        for u in utts:
            t0 = clock()
            r = fn(u)
            t1 = clock()
            results.append(r)
            times.append(t1 - t0)
    finally:
        if was_enabled:
            gc.enable()
    return results, times


# =============================================================================== rapidfuzz

def rapidfuzz_scorers():
    from rapidfuzz import fuzz
    return {
        "WRatio": fuzz.WRatio,  # extractOne's default scorer
        "ratio": fuzz.ratio,
        "token_set_ratio": fuzz.token_set_ratio,
        "partial_ratio": fuzz.partial_ratio,
        "QRatio": fuzz.QRatio,
    }


def tune_cutoff(scored: Sequence[Tuple[Utterance, float, Prediction]]) -> Tuple[float, float]:
    """Cutoff maximizing accuracy over (utterance, best score, best prediction).

    An utterance is answered when score >= cutoff. Candidates are every score seen
    plus "reject all"; the lowest cutoff reaching the best accuracy wins ties.
    """
    cands = sorted({s for _, s, _ in scored} | {0.0, 100.0001})
    # Correctness if answered / if refused, per utterance.
    rows = []
    for u, s, p in scored:
        rows.append((s, judge(u, p)["correct"], judge(u, None)["correct"]))
    best_c, best_acc = 0.0, -1.0
    for c in cands:
        acc = sum(ans if s >= c else ref for s, ans, ref in rows) / max(1, len(rows))
        if acc > best_acc + 1e-12:
            best_c, best_acc = c, acc
    return best_c, best_acc


# =============================================================================== hassil

_HASSIL_SLOT = "zqslot{}zq"


def _hassil_clean(text: str) -> str:
    """Strip punctuation the way hassil strips it from the input text."""
    from hassil.util import normalize_text, remove_punctuation, normalize_whitespace
    return normalize_whitespace(remove_punctuation(normalize_text(text))).strip()


def _hassil_escape(text: str) -> str:
    import re
    return re.sub(r"([\\()\[\]{}<>|;])", r"\\\1", text)


def hassil_intents(catalog: Dict[str, Any], locale: str,
                   served: Optional[List[expand.Phrase]] = None) -> Tuple[Any, Dict[str, Any]]:
    """Convert one catalog+locale into hassil Intents.

    Each shortcut is an intent; each template a sentence. `${applicationName}` becomes
    `{app_name}` (list of the name variants). `${p}` becomes `{<list>:p}` where the list
    holds, for each option, its title and synonyms as `in:` and the persisted id
    (rawValue / entity id / JSON boolean) as `out:`. With `served` (budget mode) each
    sentence gets its own list holding only the option texts that survived the budget.
    """
    from hassil import Intents

    dev = catalog.get("developmentLocale", "en")
    lists: Dict[str, Any] = {}
    intents: Dict[str, Any] = {}
    info = {"sentences": 0, "listValues": 0, "droppedTemplates": 0}

    def add_list(name: str, pairs: List[Tuple[Any, str]]) -> None:
        vals, seen = [], set()
        for out, text in pairs:
            t = _hassil_clean(text)
            if not t or (t.casefold(), repr(out)) in seen:
                continue
            seen.add((t.casefold(), repr(out)))
            vals.append({"in": _hassil_escape(t), "out": out})
        lists[name] = {"values": vals}
        info["listValues"] += len(vals)

    add_list("app_name", [(n, n) for n in expand.app_name_variants(catalog, locale)])

    served_values: Dict[Tuple[int, int, str], List[Tuple[Any, str]]] = defaultdict(list)
    if served is not None:
        for ph in served:
            for p, text in ph.values.items():
                pair = (ph.parameters[p], text)
                key = (ph.shortcut_index, ph.template_index, p)
                if pair not in served_values[key]:
                    served_values[key].append(pair)

    for si, sc in enumerate(catalog.get("shortcuts", [])):
        sentences = []
        for ti, ttext in enumerate(expand.templates_for(catalog, sc, locale)):
            tpl = expand.parse_template(ttext)
            if not tpl.has_app:
                info["droppedTemplates"] += 1
                continue
            # Render with word-like placeholders so that punctuation next to a slot is
            # treated as it would be next to a word, then swap the slots back in.
            slots: List[str] = []
            raw, ok = [], True
            for kind, name in tpl.parts:
                if kind == "lit":
                    raw.append(name)
                    continue
                if kind == "app":
                    ref = "{app_name}"
                else:
                    ptype = sc["parameters"][name]["type"]
                    if served is not None:
                        lname = f"s{si}_t{ti}_{name}"
                        if lname not in lists:
                            add_list(lname, served_values.get((si, ti, name), []))
                    else:
                        # Bool display names belong to one shortcut; other types are shared.
                        lname = f"b_{sc['intent']}_{name}" if ptype == "Bool" else f"t_{ptype}"
                        if lname not in lists:
                            opts = expand.option_variants(catalog, sc, name, locale)
                            if opts is None:
                                ok = False
                                break
                            add_list(lname, opts)
                    if not lists[lname]["values"]:
                        ok = False
                        break
                    ref = "{" + lname + ":" + name + "}"
                raw.append(_HASSIL_SLOT.format(len(slots)))
                slots.append(ref)
            if not ok:
                info["droppedTemplates"] += 1
                continue
            sent = _hassil_escape(_hassil_clean("".join(raw)))
            for i, ref in enumerate(slots):
                sent = sent.replace(_HASSIL_SLOT.format(i), ref)
            sentences.append(sent)
        if sentences:
            intents[sc["intent"]] = {"data": [{"sentences": sentences}]}
            info["sentences"] += len(sentences)

    lang = locale.split("-")[0]
    doc = {"language": lang, "intents": intents, "lists": lists}
    if lang in ("ja", "zh", "th", "ko", "my", "km", "lo"):
        doc["settings"] = {"ignore_whitespace": True}
    return Intents.from_dict(doc), info


def hassil_fuzzy_status() -> Dict[str, Any]:
    import hassil
    from importlib.metadata import version
    v = version("hassil")
    try:
        import hassil.fuzzy  # noqa: F401  (hassil 3.2 - 3.8.x)
    except ImportError:
        return {"available": False, "hassilVersion": v,
                "reason": f"hassil {v} has no fuzzy matcher (no hassil.fuzzy module); "
                          "FuzzyNgramMatcher shipped in hassil 3.2.x-3.8.1 and was removed in 3.10.0"}
    return {"available": False, "hassilVersion": v,
            "reason": "hassil.fuzzy.FuzzyNgramMatcher is present but needs per-intent n-gram "
                      "models (sqlite, trained offline; Home Assistant ships them only for its "
                      "own intents in home-assistant-intents) and splits on whitespace; "
                      "no models exist for these catalogs"}


# =============================================================================== runner

def run(args) -> Dict[str, Any]:
    from importlib.metadata import version

    apps = args.apps.split(",") if args.apps else (QUICK_APPS if args.quick else ALL_APPS)
    locales = args.locales.split(",") if args.locales else (QUICK_LOCALES if args.quick else ALL_LOCALES)

    errors: List[str] = []
    catalogs: Dict[str, Dict[str, Any]] = {}
    utts: List[Utterance] = []
    for app in apps:
        cat = expand.load_catalog(os.path.join(args.corpora, app, "catalog.json"))
        catalogs[app] = cat
        for loc in locales:
            path = os.path.join(args.corpora, app, "corpus", f"{loc}.jsonl")
            if not os.path.exists(path):
                errors.append(f"{path}: missing")
                continue
            utts.extend(load_corpus(path, app, loc, cat.get("developmentLocale", "en"),
                                    bool(args.quick), errors))
    for e in errors:
        print(f"warning: {e}", file=sys.stderr)

    # Served phrases per (app, locale) -- the locale of the utterance decides.
    keys = sorted({(u.app, u.locale) for u in utts})
    phrases: Dict[Tuple[str, str], List[expand.Phrase]] = {}
    phrase_counts: Dict[str, Dict[str, Any]] = {}
    for app, loc in keys:
        served, st = expand.expand_catalog(catalogs[app], loc, expand.BUDGET)
        phrases[(app, loc)] = served
        phrase_counts[f"{app}/{loc}"] = {"served": st.served, "beforeBudget": st.total}
    n_phrases = sum(len(v) for v in phrases.values())

    tune = [u for u in utts if u.split == "tune"]
    test = [u for u in utts if u.split == "test"]
    print(f"{len(utts)} utterances ({len(tune)} tuning, {len(test)} test) in "
          f"{len(apps)} apps x {len(locales)} locales; {n_phrases} served phrases", file=sys.stderr)

    results: Dict[str, Any] = {
        "loadAverageBefore": os.getloadavg(),
        "machine": {"python": platform.python_version(), "platform": platform.platform(),
                    "processor": platform.processor() or platform.machine(),
                    "cpuCount": os.cpu_count()},
        "versions": {"rapidfuzz": version("rapidfuzz"), "hassil": version("hassil")},
        "config": {"apps": apps, "locales": locales, "quick": bool(args.quick),
                   "budget": expand.BUDGET,
                   "split": "tuning = even 1-based line numbers, test = odd"},
        "counts": {"utterances": len(utts), "tuning": len(tune), "test": len(test),
                   "phrases": n_phrases, "phrasesPerAppLocale": phrase_counts},
        "corpusErrors": errors,
        "peers": {},
    }

    # ---------------------------------------------------------------- rapidfuzz
    from rapidfuzz import process

    choices = {k: [p.text.lower() for p in v] for k, v in phrases.items()}

    def to_pred(app: str, loc: str, idx: int) -> Prediction:
        ph = phrases[(app, loc)][idx]
        return (ph.app_id, ph.intent, ph.parameters)

    scorers = rapidfuzz_scorers()
    if args.scorers:
        scorers = {k: v for k, v in scorers.items() if k in args.scorers.split(",")}
    for sname, scorer in scorers.items():
        t0 = time.perf_counter()
        # Pass 1 (tuning split, no cutoff): best phrase and score per utterance.
        best: Dict[int, Tuple[float, Prediction]] = {}
        for i, u in enumerate(tune):
            r = process.extractOne(u.text.lower(), choices[(u.app, u.locale)],
                                   scorer=scorer, score_cutoff=0)
            best[i] = (r[1], to_pred(u.app, u.locale, r[2])) if r else (0.0, None)
        cutoff, tune_acc = tune_cutoff([(u, best[i][0], best[i][1]) for i, u in enumerate(tune)])

        # Pass 2 (test split, tuned cutoff, timed): the reported predictions.
        def call(u: Utterance, scorer=scorer, cutoff=cutoff) -> Any:
            return process.extractOne(u.text.lower(), choices[(u.app, u.locale)],
                                      scorer=scorer, score_cutoff=cutoff)
        # warm-up on a few test lines so first-call effects are not timed
        for u in test[:20]:
            call(u)
        raw, times = timed_loop(test, call)
        preds = [to_pred(u.app, u.locale, r[2]) if r is not None else None
                 for u, r in zip(test, raw)]
        outcomes = [judge(u, p) for u, p in zip(test, preds)]
        res = breakdown(test, outcomes)
        res.update({
            "peer": "rapidfuzz", "scorer": sname,
            "call": f"process.extractOne(text.lower(), phrases_lower, scorer=fuzz.{sname}, score_cutoff={cutoff})",
            "cutoff": cutoff, "tuningAccuracy": round(tune_acc, 4),
            "phrases": n_phrases, **timing_summary(times),
            "wallSeconds": round(time.perf_counter() - t0, 2),
        })
        results["peers"][f"rapidfuzz.{sname}"] = res
        print(f"  rapidfuzz.{sname}: cutoff {cutoff} acc {res['overall']['accuracy']}", file=sys.stderr)

    # ---------------------------------------------------------------- hassil
    if not args.no_hassil:
        from hassil import recognize

        results["hassilFuzzy"] = hassil_fuzzy_status()
        for variant in (["all", "budget"] if args.hassil_lists == "both" else [args.hassil_lists]):
            t0 = time.perf_counter()
            compiled: Dict[Tuple[str, str], Any] = {}
            build_info: Dict[str, Any] = {}
            n_values = 0
            for app, loc in keys:
                served = phrases[(app, loc)] if variant == "budget" else None
                compiled[(app, loc)], info = hassil_intents(catalogs[app], loc, served)
                build_info[f"{app}/{loc}"] = info
                n_values += info["listValues"]
            app_ids = {app: catalogs[app]["app"]["id"] for app in apps}

            def hcall(u: Utterance) -> Any:
                return recognize(u.text, compiled[(u.app, u.locale)])

            for u in tune:  # warm-up (hassil caches parsed templates lazily); not reported
                hcall(u)
            raw, times = timed_loop(test, hcall)
            preds: List[Prediction] = []
            for u, r in zip(test, raw):
                if r is None or r.intent is None:
                    preds.append(None)
                else:
                    params = {k: e.value for k, e in r.entities.items() if k != "app_name"}
                    preds.append((app_ids[u.app], r.intent.name, params))
            outcomes = [judge(u, p) for u, p in zip(test, preds)]
            res = breakdown(test, outcomes)
            name = "hassil.recognize" + ("" if variant == "all" else "[budget]")
            res.update({
                "peer": "hassil", "scorer": "recognize (strict)",
                "lists": ("every option (no phrase budget)" if variant == "all"
                          else "only option texts that survive the 1,000-phrase budget, per template"),
                "call": "hassil.recognize(text, intents)",
                "cutoff": None, "phrases": n_phrases, "listValues": n_values,
                "sentences": sum(i["sentences"] for i in build_info.values()),
                **timing_summary(times),
                "wallSeconds": round(time.perf_counter() - t0, 2),
            })
            results["peers"][name] = res
            print(f"  {name}: acc {res['overall']['accuracy']}", file=sys.stderr)
        print(f"  hassil fuzzy: {results['hassilFuzzy']['reason']}", file=sys.stderr)
    results["loadAverageAfter"] = os.getloadavg()
    return results


# =============================================================================== scale

def scale_pool(cat: Dict[str, Any], locale: str) -> List[str]:
    """Synthetic phrases for one locale: every parameterized music template of that
    locale x every app-name variant x every distinct playlist text (the titles of all
    2,681 playlists in every locale, plus their synonyms), after the locale's served
    phrases; deduplicated, lowercased. The served phrases come first (so the 1k point
    is the real served set), the synthetic rest is shuffled with seed 0."""
    dev = cat.get("developmentLocale", "en")
    titles: List[str] = []
    seen_t = set()
    for opt in cat["entities"]["PlaylistEntity"]["options"]:
        t = opt.get("title")
        texts = list(t.values()) if isinstance(t, dict) else [t]
        syn = opt.get("synonyms") or {}
        for v in (syn.values() if isinstance(syn, dict) else [syn]):
            texts.extend(v)
        for x in texts:
            if x and x not in seen_t:
                seen_t.add(x)
                titles.append(x)
    names = expand.app_name_variants(cat, locale)
    pool, seen = [], set()

    def add(t: str) -> None:
        t = t.lower()
        if t not in seen:
            seen.add(t)
            pool.append(t)

    for ph in expand.expand_catalog(cat, locale, expand.BUDGET)[0]:
        add(ph.text)
    n_served = len(pool)
    for sc in cat["shortcuts"]:
        for ttext in expand.templates_for(cat, sc, locale):
            tpl = expand.parse_template(ttext)
            if not tpl.has_app or len(tpl.params) != 1:
                continue
            for title in titles:
                for name in names:
                    add(tpl.render(name, {tpl.params[0]: title}))
    head, tail = pool[:n_served], pool[n_served:]
    random.Random(0).shuffle(tail)
    return head + tail


def run_scale(args) -> Dict[str, Any]:
    """rapidfuzz WRatio extractOne latency vs number of phrases (1k, 10k, 100k).

    Per locale, the music app's phrases are combined with its playlist titles
    (scale_pool); each locale's music test-split utterances are matched against the
    first N phrases of that locale's pool (same language, as in the real run).
    """
    from importlib.metadata import version
    from rapidfuzz import fuzz, process

    cat = expand.load_catalog(os.path.join(args.corpora, "music", "catalog.json"))
    sizes = [1000, 10000, 100000]
    cutoffs: List[Optional[float]] = [None]
    if args.scale_cutoff is not None:
        cutoffs.append(args.scale_cutoff)
    pools: Dict[str, List[str]] = {}
    queries: Dict[str, List[Utterance]] = {}
    errors: List[str] = []
    for loc in ALL_LOCALES:
        pools[loc] = scale_pool(cat, loc)
        q = load_corpus(os.path.join(args.corpora, "music", "corpus", f"{loc}.jsonl"),
                        "music", loc, "en", False, errors)
        q = [u for u in q if u.split == "test"]
        queries[loc] = q[::10] if args.quick else q[::2]
    out = {"versions": {"rapidfuzz": version("rapidfuzz")}, "scorer": "WRatio",
           "poolSizes": {k: len(v) for k, v in pools.items()},
           "queries": sum(len(v) for v in queries.values()),
           "loadAverageBefore": os.getloadavg(), "runs": []}
    print(f"scale: pools {out['poolSizes']}, {out['queries']} queries", file=sys.stderr)
    for n in sizes:
        for c in cutoffs:
            times: List[int] = []
            for loc in ALL_LOCALES:
                choices = pools[loc][:n]

                def call(u: Utterance, choices=choices, c=c) -> Any:
                    return process.extractOne(u.text.lower(), choices, scorer=fuzz.WRatio,
                                              score_cutoff=c)
                for u in queries[loc][:3]:
                    call(u)
                times += timed_loop(queries[loc], call)[1]
            row = {"phrases": n, "cutoff": c, **timing_summary(times),
                   "nanosPerPhrase": round(statistics.fmean(times) / n, 1)}
            out["runs"].append(row)
            print(f"  {n:>7} phrases cutoff {c}: mean {row['meanMicros']} us, p50 {row['p50Micros']} us",
                  file=sys.stderr)
    out["loadAverageAfter"] = os.getloadavg()
    return out


# =============================================================================== output

def pct(x: Optional[float]) -> str:
    return "   -  " if x is None else f"{100 * x:5.1f}%"


def print_tables(results: Dict[str, Any]) -> None:
    peers = results["peers"]
    c = results["counts"]
    print(f"\nTest split: {c['test']} utterances (tuning split: {c['tuning']}); "
          f"{c['phrases']} served phrases over {len(c['phrasesPerAppLocale'])} app/locale pairs; "
          f"rapidfuzz {results['versions']['rapidfuzz']}, hassil {results['versions']['hassil']}")
    hdr = f"{'peer':<32} {'cutoff':>7} {'exact':>7} {'intent':>7} {'FRR':>7} {'FAR':>7} {'acc':>7} {'p50 us':>9} {'mean us':>9}"
    print(hdr)
    print("-" * len(hdr))
    for name, r in peers.items():
        o = r["overall"]
        cut = "-" if r["cutoff"] is None else f"{r['cutoff']:.1f}"
        print(f"{name:<32} {cut:>7} {pct(o['exactAccuracy']):>7} {pct(o['intentAccuracy']):>7} "
              f"{pct(o['falseRejectRate']):>7} {pct(o['falseAcceptRate']):>7} {pct(o['accuracy']):>7} "
              f"{r['p50Micros']:>9} {r['meanMicros']:>9}")
    print("exact/intent/FRR over in-domain lines, FAR over out-of-domain lines, acc over all.")

    if not peers:
        return
    tags = sorted({t for r in peers.values() for t in r["byTag"]})
    first = next(iter(peers.values()))
    print("\nAccuracy by tag (exact for in-domain lines, no result for out-of-domain lines; n = test lines)")
    short = {n: n.replace("rapidfuzz.", "rf.").replace("hassil.recognize", "hassil") for n in peers}
    print(f"{'tag':<14} {'n':>5} " + " ".join(f"{short[n]:>18}" for n in peers))
    for t in tags:
        n = first["byTag"].get(t, {}).get("count", 0)
        print(f"{t:<14} {n:>5} " + " ".join(f"{pct(r['byTag'].get(t, {}).get('accuracy')):>18}" for r in peers.values()))

    print("\nAccuracy by locale")
    locs = list(first["byLocale"].keys())
    print(f"{'locale':<14} {'n':>5} " + " ".join(f"{short[n]:>18}" for n in peers))
    for l in locs:
        n = first["byLocale"][l]["count"]
        print(f"{l:<14} {n:>5} " + " ".join(f"{pct(r['byLocale'][l]['accuracy']):>18}" for r in peers.values()))

    print("\nAccuracy by app")
    print(f"{'app':<14} {'n':>5} " + " ".join(f"{short[n]:>18}" for n in peers))
    for a in first["byApp"]:
        n = first["byApp"][a]["count"]
        print(f"{a:<14} {n:>5} " + " ".join(f"{pct(r['byApp'][a]['accuracy']):>18}" for r in peers.values()))
    if "hassilFuzzy" in results:
        print(f"\nhassil fuzzy matcher: {results['hassilFuzzy']['reason']}")


def main(argv: Optional[Sequence[str]] = None) -> int:
    ap = argparse.ArgumentParser(description="rapidfuzz / hassil peer comparison for PhraseEngine")
    ap.add_argument("--apps", help=f"comma-separated corpus folders (default: {','.join(ALL_APPS)})")
    ap.add_argument("--locales", help=f"comma-separated locales (default: {','.join(ALL_LOCALES)})")
    ap.add_argument("--quick", action="store_true",
                    help=f"smoke test: apps {','.join(QUICK_APPS)}, locales {','.join(QUICK_LOCALES)}, "
                         "lines numbered 1, 2, 11, 12, 21, ... (unless --apps/--locales given)")
    ap.add_argument("--out", help="output JSON (default: results.json, or scale.json with --scale)")
    ap.add_argument("--corpora", default=DEFAULT_CORPORA, help="Corpora folder")
    ap.add_argument("--scorers", help="comma-separated subset of WRatio,ratio,token_set_ratio,partial_ratio,QRatio")
    ap.add_argument("--hassil-lists", choices=["all", "budget", "both"], default="both",
                    help="hassil slot lists: every option, only options within the phrase budget, or both")
    ap.add_argument("--no-hassil", action="store_true")
    ap.add_argument("--scale", action="store_true",
                    help="instead: rapidfuzz WRatio extractOne latency at 1k/10k/100k synthetic phrases")
    ap.add_argument("--scale-cutoff", type=float, default=None,
                    help="also time --scale with this score_cutoff (default: the tuned WRatio "
                         "cutoff from results.json if present)")
    args = ap.parse_args(argv)

    if args.scale:
        if args.scale_cutoff is None:
            try:
                with open(os.path.join(HERE, "results.json"), encoding="utf-8") as f:
                    args.scale_cutoff = json.load(f)["peers"]["rapidfuzz.WRatio"]["cutoff"]
            except (OSError, KeyError, ValueError):
                pass
        results = run_scale(args)
        out = args.out or os.path.join(HERE, "scale.json")
        print(f"\n{'phrases':>8} {'cutoff':>7} {'mean us/query':>14} {'p50 us/query':>13} {'p99 us/query':>13} {'ns/phrase':>10}")
        for r in results["runs"]:
            cut = "-" if r["cutoff"] is None else f"{r['cutoff']:.1f}"
            print(f"{r['phrases']:>8} {cut:>7} {r['meanMicros']:>14} {r['p50Micros']:>13} {r['p99Micros']:>13} {r['nanosPerPhrase']:>10}")
    else:
        results = run(args)
        out = args.out or os.path.join(HERE, "results.json")
        print_tables(results)
    with open(out, "w", encoding="utf-8") as f:
        json.dump(results, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"\nwrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
