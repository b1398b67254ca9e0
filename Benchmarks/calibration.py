#!/usr/bin/env python3
"""How well the bundled confidence is calibrated, on the test split (odd line numbers).

    python3 Benchmarks/calibration.py                      # print the tables
    python3 Benchmarks/calibration.py --write BENCHMARKS.md  # and rewrite that section of the file

Every answer carries `confidence`, the probability that it is right: of a result, that the
best result is the expected shortcut and value (`decision.calibration` of
Locales/profiles/model/score-model.json); of a refusal, that nothing should run
(`decision.refusal`); both fitted by `phrasematch fit --calibrate` on the tune lines of
Benchmarks/fit/plan.json. This runs `phrasematch eval --predictions` (release build)
on
- the six tuned sample apps, each with its own catalog, every locale;
- the held-out sample apps (every other app of Corpora/: never tuned on, nor in the plan);
- every Home Assistant language and setting (Benchmarks/ha-intents);
keeps the odd lines that have a confidence, and reports per group (results and refusals apart,
then together): lines, expected
calibration error (ten bins, weighted by their lines), Brier score, and the bins. The same
build and data give the same output. No Python package is needed.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, ".build", "release", "phrasematch")
HEADING = "## Calibration of the confidence (test split)"
TUNED = ["coffee", "habits", "home", "music", "notes", "reader"]


def predictions(catalog, corpora, tmp):
    out = os.path.join(tmp, "pred.jsonl")
    r = subprocess.run([BIN, "eval", "--stable", "--quiet", "--predictions", out, "--catalog", catalog] + corpora,
                       cwd=ROOT, text=True, capture_output=True)
    if r.returncode not in (0, 1):
        sys.exit(f"phrasematch eval failed: {(r.stderr.strip().splitlines() or ['exit %d' % r.returncode])[0]}")
    with open(out, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def right(p):
    """The answer is right, as its confidence estimates: a refusal, that nothing should run (the
    line is out of domain); a result, that the best result is the expected one."""
    if p.get("decision") == "none":
        return p.get("expect") is None
    e, c = p.get("expect"), p.get("closest")
    if e is None or not c:
        return False
    if e.get("app") and e["app"] != c.get("app"):
        return False
    return c["intent"] == e["intent"] and all(c.get("parameters", {}).get(k) == v for k, v in (e.get("parameters") or {}).items())


def test_pairs(ps):
    return [(p["confidence"], right(p), p.get("decision") == "none") for p in ps
            if "confidence" in p and int(p["source"].rsplit(":", 1)[1]) % 2 == 1]


def reliability(pairs):
    bins = [[0, 0.0, 0] for _ in range(10)]
    brier = 0.0
    for c, ok in pairs:
        b = bins[min(max(int(c * 10), 0), 9)]
        b[0] += 1
        b[1] += c
        b[2] += ok
        brier += (c - ok) ** 2
    n = len(pairs)
    if n == 0:
        return None
    ece = sum(b[0] / n * abs(b[2] / b[0] - b[1] / b[0]) for b in bins if b[0])
    return {"lines": n, "ece": ece, "brier": brier / n, "right": sum(ok for _, ok in pairs) / n,
            "confidence": sum(c for c, _ in pairs) / n, "bins": bins}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", metavar="FILE", help="rewrite the calibration section of FILE (appended when it has none)")
    a = ap.parse_args()
    if not os.access(BIN, os.X_OK):
        sys.exit("no release build: run swift build -c release --product phrasematch first")
    held_apps = sorted(os.path.basename(os.path.dirname(c)) for c in glob.glob(os.path.join(ROOT, "Corpora", "*", "catalog.json"))
                       if os.path.basename(os.path.dirname(c)) not in TUNED)
    groups = []
    with tempfile.TemporaryDirectory() as tmp:
        def app_pairs(app):
            d = os.path.join(ROOT, "Corpora", app)
            return test_pairs(predictions(os.path.join(d, "catalog.json"), sorted(glob.glob(os.path.join(d, "corpus", "*.jsonl"))), tmp))
        groups.append(("tuned sample apps (6, own catalog)", sum((app_pairs(x) for x in TUNED), [])))
        groups.append((f"held-out sample apps ({len(held_apps)}, own catalog)", sum((app_pairs(x) for x in held_apps), [])))
        ha = os.path.join(ROOT, "Benchmarks", "ha-intents")
        langs = sorted(x for x in os.listdir(ha) if os.path.isdir(os.path.join(ha, x)))
        for kind, cat in (("named", "full"), ("named", "sparse"), ("plain", "full"), ("plain", "sparse")):
            pairs = []
            for lang in langs:
                pairs += test_pairs(predictions(os.path.join(ha, lang, f"catalog.{cat}.json"),
                                                [os.path.join(ha, lang, f"corpus.{kind}.jsonl")], tmp))
            groups.append((f"Home Assistant {kind}/{cat} ({len(langs)} languages)", pairs))
    pct = lambda x: f"{100 * x:.1f}%"
    L = [HEADING + "\n",
         "Every answer carries `confidence`, the probability that it is right: of a result, that its best result is the "
         "expected shortcut and value (`decision.calibration`); of a refusal, that nothing should run (`decision.refusal`). "
         "Both were fitted by `phrasematch fit --plan Benchmarks/fit/plan.json --calibrate` on the tune lines (even) of the six "
         "tuned sample apps and the Home Assistant set. Below: the odd lines, results and refusals apart, and the held-out "
         "sample apps, which neither the fit nor its plan saw. Expected calibration error (ECE): the gap between mean confidence and the share right in ten "
         "bins of the confidence, weighted by their lines. `python3 Benchmarks/calibration.py --write BENCHMARKS.md` "
         "rewrites this section.\n",
         "| group | lines | mean confidence | right | ECE | Brier |",
         "|---|---:|---:|---:|---:|---:|"]
    results = []
    split = []
    for name, pairs in groups:
        split.append((name + ", results", [(c, r) for c, r, refused in pairs if not refused]))
        split.append((name + ", refusals", [(c, r) for c, r, refused in pairs if refused]))
        split.append((name + ", both", [(c, r) for c, r, _ in pairs]))
    for name, pairs in split:
        r = reliability(pairs)
        results.append((name, r))
        if r:
            L.append(f"| {name} | {r['lines']:,} | {pct(r['confidence'])} | {pct(r['right'])} | {pct(r['ece'])} | {r['brier']:.4f} |")
    L.append("")
    L.append("Reliability bins (mean confidence → share right, lines), the same groups:\n")
    L.append("| group | " + " | ".join(f"{k / 10:.1f}–{(k + 1) / 10:.1f}" for k in range(10)) + " |")
    L.append("|---|" + "---:|" * 10)
    for name, r in results:
        if not r:
            continue
        cells = [f"{pct(b[1] / b[0])} → {pct(b[2] / b[0])} ({b[0]:,})" if b[0] else "-" for b in r["bins"]]
        L.append(f"| {name} | " + " | ".join(cells) + " |")
    L.append("")
    text = "\n".join(L)
    print(text)
    if a.write:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        from run_all import replace_section  # one section rewriter for BENCHMARKS.md
        replace_section(a.write, HEADING, L)

if __name__ == "__main__":
    main()
