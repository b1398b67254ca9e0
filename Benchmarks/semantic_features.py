#!/usr/bin/env python3
"""An experiment, from predictions only: would a named-side rule over more of the evidence beat the
bundled limits? (Issue 49; nothing here changes the engine.)

    python3 Benchmarks/semantic_features.py --predictions DIR              # all languages
    python3 Benchmarks/semantic_features.py --predictions DIR --halves 7,11 # languages never seen

DIR is a `semantic_fit.py` run's folder (its tmp folder, or `--predictions` of one): every Home
Assistant language and setting, and the sample apps' tune lines, evaluated with a model whose rule
never confirms. For the lines whose utterance named the app and whose encoder's nearest shortcut is
the search's closest result's, it fits a logistic model (plain gradient descent, L2 0.001) of "the
closest result is right" on the tune lines of the Home Assistant named corpora and the sample apps'
(weighing as much as them), over: the nearest shortcut's cosine, its margin over the next, the
closest result's score, whether the shortcut has one phrase in the locale, whether the result binds
a parameter, the utterance's words and the nearest phrase template's words (split at spaces, at
most 20, over 20; both are 1–2 in scripts without spaces, where this is not a measure), and (session
35; `--no-token-recall` leaves it out) how much of the utterance's meaning the closest result's phrase
holds token by token (`meaning.tokenRecall`: the predictions of semantic_fit.py's rule that never
confirms carry it). A line
runs when the model's logit reaches a threshold, chosen on the same tune lines: the best sum of
the named settings' macro in-domain accuracy and the sample apps' (micro), false accepts rising by
at most 0.3 points (macro, each setting) over the words alone and the sample apps' by at most
`--samples-fa-cap` (0.1) over the bundled limits. Two thresholds (session 34): one for a shortcut of
one phrase in the locale and one for the others (`namedOnePhraseConfidence`, `namedConfidence`),
chosen together on a grid (0.25, then 0.05 around the best); `--one-threshold` chooses one for both.
The named limits keep running what they run (`namedKeepsLimits`): the rule runs more;
`--replace-limits` puts the rule in their place, as session 33 did. Reports both splits; with
`--halves`, the rule chosen on half the languages (and the sample apps) on the other half; with
`--write-model FILE`, the bundled model with the rule as its `semantic.namedLogistic`,
`namedConfidence`, `namedOnePhraseConfidence` and `namedKeepsLimits` (the other features' weights
0; `agrees` +50 and the bias 50 lower, so that only a candidate the encoder agrees with can run;
`proposed` −50: no proposals).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import semantic_fit as sf  # noqa: E402

NAMES = ["cosine", "margin", "score", "onePhrase", "bindsValue", "utteranceWords", "phraseWords", "tokenRecall"]
# The engine's names of those features (`SemanticWeights.features`).
ENGINE = ["cosine", "meaningMargin", "score", "onePhrase", "bindsValue", "utteranceWords", "phraseWords", "tokenRecall"]
# Whether the rule reads `tokenRecall` (session 35; `--no-token-recall`: session 34's features).
TOKENS = True


def features(p, named=True):
    m, cl = p.get("meaning"), p.get("closest")
    if not (m and cl and m["agrees"] and cl["appNamed"] == named):
        return None
    x = [m["nearest"]["cosine"], min(max(m["margin"], 0.0), 0.2), cl["score"], 1.0 if m.get("onePhrase") else 0.0,
         1.0 if cl.get("parameters") else 0.0, min(len(p["text"].split()), 20) / 20,
         min(len(m["nearest"]["phrase"].split()), 20) / 20]
    if TOKENS:
        if "tokenRecall" not in m:
            sys.exit("semantic_features.py: a line the encoder read has no meaning.tokenRecall: predictions of a model "
                     "that reads it are needed (semantic_fit.py's, session 35 on), or --no-token-recall")
        x.append(m["tokenRecall"])
    return x


def load(path, lang, setting, limits, named=True):
    """`limits`: the side's (cosine, margin, score), and its one-phrase limits (None: the same)."""
    rows = []
    (c0, m0, s0), one = limits
    with open(path, encoding="utf-8") as f:
        for line in f:
            p = json.loads(line)
            n = int(p["source"].rsplit(":", 1)[1])
            m, cl = p.get("meaning"), p.get("closest")
            right = sf.exact(cl, p["expect"]) if cl else False
            limited = p["correct"]
            if m and cl and cl["appNamed"] == named and m["agrees"]:
                c, mg, sc = one if one and m.get("onePhrase") else (c0, m0, s0)
                if m["nearest"]["cosine"] >= c and m["margin"] >= mg and cl["score"] >= sc:
                    limited = p["expect"] is not None and right
            rows.append({"lang": lang, "setting": setting, "tune": n % 2 == 0, "ood": p["expect"] is None,
                         "correct": p["correct"], "limited": limited, "x": features(p, named), "right": right})
    return rows


def fit(X, y, w, l2=1e-3, steps=2000, rate=0.5):
    X = np.hstack([X, np.ones((len(X), 1))])
    b = np.zeros(X.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(X @ b)))
        b -= rate * (X.T @ ((p - y) * w) / w.sum() + l2 * b)
    return b


class Rule:
    def __init__(self, ha, samples):
        rows = [r for r in ha if r["tune"] and r["x"]]
        extra = [r for r in samples if r["x"]]
        X = np.array([r["x"] for r in rows + extra])
        y = np.array([1.0 if not r["ood"] and r["right"] else 0.0 for r in rows + extra])
        w = np.ones(len(y))
        w[len(rows):] = len(rows) / max(len(extra), 1)
        self.mu, self.sd = X.mean(0), X.std(0) + 1e-9
        self.b = fit((X - self.mu) / self.sd, y, w)
        # Thresholds on the logit: a shortcut of one phrase, the others.
        self.one_threshold = self.threshold = float("inf")
        self.keeps_limits = True
        self.memo = {}

    def logit(self, x):
        return float(np.dot(np.append((np.array(x) - self.mu) / self.sd, 1.0), self.b))

    def outcome(self, r, threshold=None, one_threshold=None):
        t = self.threshold if threshold is None else threshold
        t1 = self.one_threshold if one_threshold is None else one_threshold
        if self.keeps_limits and r["limited"] != r["correct"]:
            return r["limited"]  # the limits ran it
        if r["x"] is None:
            return r["correct"]
        z = self.memo.get(id(r))
        if z is None:
            z = self.memo[id(r)] = self.logit(r["x"])
        if z >= (t1 if r["x"][3] == 1.0 else t):
            return not r["ood"] and r["right"]
        return r["correct"]


def shares(rows, judge):
    """In-domain accuracy and false accepts (fractions) of `rows` under `judge`; None without such lines."""
    ind = [r for r in rows if not r["ood"]]
    ood = [r for r in rows if r["ood"]]
    return (sum(judge(r) for r in ind) / len(ind) if ind else None,
            sum(not judge(r) for r in ood) / len(ood) if ood else None)


def macro(rows, langs, setting, split, judge):
    return sf.average([shares([r for r in rows if r["lang"] == lang and r["setting"] == setting
                               and r["tune"] == (split == "tune")], judge) for lang in langs])


def micro(rows, judge):
    acc, fa = shares(rows, judge)
    return 100 * acc, 100 * fa


def choose(ha, samples, langs, samples_cap=0.1, two=True, keeps_limits=True, fa_cap=0.3, settings=None):
    rule = Rule([r for r in ha if r["lang"] in langs], samples)
    rule.keeps_limits = keeps_limits
    settings = settings or sf.SETTINGS[:2]
    words = {s: macro(ha, langs, s, "tune", lambda r: r["correct"])[1] for s in settings}
    s_fa = micro(samples, lambda r: r["limited"])[1]
    tune = [r for r in ha if r["tune"] and r["lang"] in langs]

    def total(t, t1):
        """The objective at thresholds (t, t1), None where a cap is passed."""
        out = 0.0
        for s in settings:
            acc, fa = macro(tune, langs, s, "tune", lambda r: rule.outcome(r, t, t1))
            if fa - words[s] > fa_cap + 1e-9:
                return None
            out += acc
        acc, fa = micro(samples, lambda r: rule.outcome(r, t, t1))
        return None if fa - s_fa > samples_cap + 1e-9 else out + acc

    def search(ts, t1s):
        best = None
        for t in ts:
            for t1 in (t1s if two else [t]):
                v = total(t, t1)
                if v is not None and (best is None or v > best[0] + 1e-9):
                    best = (v, t, t1)
        return best

    best = search(np.arange(-1, 8.001, 0.25), np.arange(-1, 8.001, 0.25))
    if best:
        _, t, t1 = best
        best = search(np.arange(t - 0.2, t + 0.201, 0.05), np.arange(t1 - 0.2, t1 + 0.201, 0.05)) or best
        rule.threshold, rule.one_threshold = round(best[1], 2), round(best[2], 2)
    return rule


def write_model(rule, path, base=None, side="named"):
    """The model `base` (the bundled one) with `rule` as `semantic.<side>Logistic` (raw weights: the
    standardized ones over the features' spread) and `<side>Confidence` (the threshold's logistic)."""
    import math
    model = json.load(open(base or sf.MODEL, encoding="utf-8"))
    raw = {n: float(b / sd) for n, b, sd in zip(ENGINE if TOKENS else ENGINE[:-1], rule.b[:-1], rule.sd)}
    bias = float(rule.b[-1] - sum(b * mu / sd for b, mu, sd in zip(rule.b[:-1], rule.mu, rule.sd)))
    # Four decimals, as the engine writes a model file (a file it reads back and writes is the same).
    weights = {"bias": round(bias - 50, 4)}
    for n in sf.RULE_FEATURES:
        weights[n] = round(raw.get(n, 0.0), 4)
    weights["agrees"] = 50.0
    weights["proposed"] = -50.0
    sem = model["semantic"]
    sem[side + "Logistic"] = weights
    sem[side + "Confidence"] = round(1 / (1 + math.exp(-rule.threshold)), 4)
    sem.pop(side + "OnePhraseConfidence", None)
    sem.pop(side + "KeepsLimits", None)
    if rule.one_threshold != rule.threshold:
        sem[side + "OnePhraseConfidence"] = round(1 / (1 + math.exp(-rule.one_threshold)), 4)
    if rule.keeps_limits:
        sem[side + "KeepsLimits"] = True
    with open(path, "w", encoding="utf-8") as f:
        json.dump(model, f, indent=2, ensure_ascii=False)
        f.write("\n")
    print(f"wrote {path}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--predictions", required=True, help="a semantic_fit.py run's folder")
    ap.add_argument("--halves", help="seeds (comma-separated): choose on half the languages, report the other half")
    ap.add_argument("--samples-fa-cap", type=float, default=0.1,
                    help="largest rise of the sample apps' false accepts (points, micro, tune) over the bundled limits")
    ap.add_argument("--fa-cap", type=float, default=0.3,
                    help="largest rise of false accepts (points, macro, tune) in each named setting over the words alone")
    ap.add_argument("--one-threshold", action="store_true", help="one threshold for every shortcut (session 33's rule)")
    ap.add_argument("--replace-limits", action="store_true", help="the rule in place of the named limits (session 33's rule)")
    ap.add_argument("--side", choices=["named", "noApp"], default="named",
                    help="the side whose rule is chosen: named (the named corpora) or noApp (the plain ones)")
    ap.add_argument("--base-model", help="the model whose limits the rule keeps and that --write-model extends (default: the bundled one)")
    ap.add_argument("--write-model", help="write the model with the rule as its side's fitted rule to this file")
    ap.add_argument("--no-token-recall", action="store_true",
                    help="leave out tokenRecall (session 34's features; predictions without it)")
    a = ap.parse_args(argv)
    global TOKENS
    TOKENS = not a.no_token_recall
    bundled = json.load(open(a.base_model or sf.MODEL, encoding="utf-8"))["semantic"]
    key = (lambda k: k) if a.side == "named" else (lambda k: "noApp" + k[0].upper() + k[1:])
    one = ("onePhrase" if a.side == "named" else "noAppOnePhrase")
    limits = ((bundled[key("cosine")], bundled[key("margin")], bundled[key("score")]),
              (bundled[one + "Cosine"], bundled[one + "Margin"], bundled[one + "Score"]) if one + "Cosine" in bundled else None)
    named = a.side == "named"
    settings = sf.SETTINGS[:2] if named else sf.SETTINGS[2:]
    langs = sorted(d for d in os.listdir(sf.DATA) if os.path.isdir(os.path.join(sf.DATA, d)))
    ha = []
    for lang in langs:
        for kind, cat in settings:
            ha += load(os.path.join(a.predictions, f"{lang}.{kind}.{cat}.jsonl"), lang, (kind, cat), limits, named)
    samples = [r for r in load(os.path.join(a.predictions, "samples.tune.jsonl"), "samples", None, limits, named) if r["tune"]]
    if not a.halves:
        rule = choose(ha, samples, langs, a.samples_fa_cap, not a.one_threshold, not a.replace_limits, a.fa_cap, settings)
        print("weights (standardized): " + ", ".join(f"{n} {w:+.2f}" for n, w in zip((NAMES if TOKENS else NAMES[:-1]) + ["bias"], rule.b)) + f"; threshold {rule.threshold:.2f}, one phrase {rule.one_threshold:.2f}"
              + ("; the limits kept" if rule.keeps_limits else "; in place of the limits"))
        for s in settings:
            for split in ("tune", "test"):
                a0, f0 = macro(ha, langs, s, split, lambda r: r["limited"])
                a1, f1 = macro(ha, langs, s, split, rule.outcome)
                print(f"{s[0]}/{s[1]} {split}: limits {a0:.1f} ({f0:.2f}) → rule {a1:.1f} ({f1:.2f})")
        a0, f0 = micro(samples, lambda r: r["limited"])
        a1, f1 = micro(samples, rule.outcome)
        print(f"sample apps tune (micro): limits {a0:.2f} ({f0:.2f}) → rule {a1:.2f} ({f1:.2f})")
        if a.write_model:
            write_model(rule, a.write_model, a.base_model, a.side)
        return 0
    gains = {}
    for seed in [int(x) for x in a.halves.split(",")]:
        order = sorted(langs)
        random.Random(seed).shuffle(order)
        for train, held in ((order[::2], order[1::2]), (order[1::2], order[::2])):
            rule = choose(ha, samples, train, a.samples_fa_cap, not a.one_threshold, not a.replace_limits, a.fa_cap, settings)
            for s in settings:
                for split in ("tune", "test"):
                    a0, f0 = macro(ha, held, s, split, lambda r: r["limited"])
                    a1, f1 = macro(ha, held, s, split, rule.outcome)
                    gains.setdefault((s, split), []).append((a1 - a0, f1 - f0))
                    print(f"seed {seed}, held {','.join(sorted(held))}: {s[0]}/{s[1]} {split}: limits {a0:.1f} ({f0:.2f}) → rule {a1:.1f} ({f1:.2f})")
    for (s, split), g in gains.items():
        print(f"mean over the held-out halves, {s[0]}/{s[1]} {split}: in-domain {sum(x for x, _ in g) / len(g):+.1f}, "
              f"false accepts {sum(y for _, y in g) / len(g):+.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
