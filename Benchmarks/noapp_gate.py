#!/usr/bin/env python3
"""What the encoder's proposals do on the utterances that share no phrase's words (`noOverlap`),
by the utterance's number of word units: the count behind the no-overlap gate of
docs/semantic.md (a `noOverlap` refusal is read for a proposal only from two word units on).

    python3 Benchmarks/noapp_gate.py --binary B --model Benchmarks/fit/per-side-noapp-model.json

For each Home Assistant language and setting, on the TUNE lines only (even line numbers; the
test lines are never read): the lines the words alone refuse as `noOverlap` (`match
--no-semantic`), their word units (`normalize`, Han and kana one unit a character, as the
matcher's units), and what a build WITHOUT the gate makes of them with a model whose rule reads
proposals (`eval --model`): in-domain lines it gets right, out-of-domain lines it accepts.
Prints one table per setting and the totals, by units (1, 2, 3+).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "Benchmarks", "ha-intents")
SETTINGS = [("plain", "full"), ("plain", "sparse"), ("named", "full"), ("named", "sparse")]
NO_OVERLAP = "no phrase shares enough words with the utterance"


def han_or_kana(c: str) -> bool:
    o = ord(c)
    return (0x3040 <= o <= 0x30FF) or (0x3400 <= o <= 0x4DBF) or (0x4E00 <= o <= 0x9FFF) or (0xF900 <= o <= 0xFAFF) \
        or (0x20000 <= o <= 0x2FA1F) or (0x31F0 <= o <= 0x31FF) or (0xFF66 <= o <= 0xFF9F)


def units(tokens) -> int:
    """The matcher's units of normalized tokens: a token with Han or kana is one unit a
    Han/kana character (its other letters one unit a run), as `IndexBuilder.units`."""
    n = 0
    for t in tokens:
        s = t["text"]
        if len(s) <= 1 or not any(han_or_kana(c) for c in s):
            n += 1
            continue
        latin = False
        for c in s:
            if han_or_kana(c):
                n += 1
                latin = False
            elif not latin:
                n += 1
                latin = True
    return n


def run(cmd, stdin=None):
    r = subprocess.run(cmd, input=stdin, text=True, capture_output=True)
    if r.returncode not in (0, 1):
        sys.exit(f"{' '.join(cmd[:3])}: {r.stderr.strip()[:400]}")
    return r.stdout


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", required=True, help="a build without the gate (reads every noOverlap refusal for a proposal)")
    ap.add_argument("--model", required=True, help="a model whose rule reads proposals")
    ap.add_argument("--langs")
    ap.add_argument("--json", help="also write the per-line rows here")
    a = ap.parse_args()
    manifest = json.load(open(os.path.join(DATA, "manifest.json"), encoding="utf-8"))
    locales = {l["lang"]: l["locale"] for l in manifest["languages"]}
    langs = a.langs.split(",") if a.langs else sorted(locales)
    tmp = tempfile.mkdtemp(prefix="noapp-gate-")
    rows = []
    for lang in langs:
        loc = locales[lang]
        for kind, cat in SETTINGS:
            catalog = os.path.join(DATA, lang, f"catalog.{cat}.json")
            lines = []
            with open(os.path.join(DATA, lang, f"corpus.{kind}.jsonl"), encoding="utf-8") as f:
                for n, raw in enumerate(f, start=1):
                    if n % 2 == 0 and raw.strip():
                        lines.append((n, raw.strip(), json.loads(raw)))
            texts = "\n".join(o["text"].replace("\n", " ") for _, _, o in lines) + "\n"
            out = run([a.binary, "match", "--no-semantic", "--format", "json", "--catalog", catalog, "--locale", loc], texts)
            answers = [json.loads(l) for l in out.splitlines() if l.strip()]
            assert len(answers) == len(lines), (lang, kind, cat, len(answers), len(lines))
            sel = [(n, raw, o) for (n, raw, o), r in zip(lines, answers) if r.get("reason") == NO_OVERLAP]
            if not sel:
                continue
            norm = run([a.binary, "normalize", "--format", "json", "--locale", loc],
                       "\n".join(o["text"].replace("\n", " ") for _, _, o in sel) + "\n")
            toks = [json.loads(l) for l in norm.splitlines() if l.strip()]
            assert len(toks) == len(sel)
            sub = os.path.join(tmp, "sub.jsonl")
            with open(sub, "w", encoding="utf-8") as g:
                for _, raw, _ in sel:
                    g.write(raw + "\n")
            pred = os.path.join(tmp, "pred.jsonl")
            run([a.binary, "eval", "--stable", "--catalog", catalog, "--model", a.model, "--predictions", pred,
                 "--format", "json", sub])
            preds = [json.loads(l) for l in open(pred, encoding="utf-8")]
            assert len(preds) == len(sel)
            for (n, _, o), t, p in zip(sel, toks, preds):
                rows.append({"lang": lang, "setting": f"{kind}/{cat}", "line": n, "text": o["text"],
                             "units": units(t["tokens"]), "inDomain": o["expect"] is not None,
                             "accepted": p["decision"] != "none", "correct": p["correct"]})
        print(f"  {lang}: done", file=sys.stderr, flush=True)
    if a.json:
        json.dump(rows, open(a.json, "w", encoding="utf-8"), ensure_ascii=False, indent=0)

    def bucket(u):
        return "1" if u <= 1 else ("2" if u == 2 else "3+")
    tally = defaultdict(lambda: [0, 0, 0, 0])   # in-domain lines, right, ood lines, accepted
    for r in rows:
        for key in ((r["setting"], bucket(r["units"])), ("all", bucket(r["units"]))):
            t = tally[key]
            if r["inDomain"]:
                t[0] += 1
                t[1] += r["correct"] and r["accepted"]
            else:
                t[2] += 1
                t[3] += r["accepted"]
    print("| setting | units | in-domain noOverlap lines | proposals right | out-of-domain noOverlap lines | accepted |")
    print("|---|---|---:|---:|---:|---:|")
    for s in [f"{k}/{c}" for k, c in SETTINGS] + ["all"]:
        for b in ("1", "2", "3+"):
            t = tally.get((s, b))
            if t:
                print(f"| {s} | {b} | {t[0]} | {t[1]} | {t[2]} | {t[3]} |")
    langs_one = defaultdict(lambda: [0, 0])
    for r in rows:
        if r["units"] <= 1:
            langs_one[r["lang"]][0] += r["inDomain"] and r["correct"] and r["accepted"]
            langs_one[r["lang"]][1] += (not r["inDomain"]) and r["accepted"]
    print("\none unit, per language (right in-domain, accepted out-of-domain):",
          ", ".join(f"{l} {v[0]}/{v[1]}" for l, v in sorted(langs_one.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
