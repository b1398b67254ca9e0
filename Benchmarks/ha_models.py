#!/usr/bin/env python3
"""Score models side by side on the Home Assistant sentences, both splits: macro over the
languages, in-domain accuracy and false accepts per setting, and the share of lines the encoder
read. The engine only (no peers, no per-language fits: `ha_intents.py` has those).

    python3 Benchmarks/ha_models.py --binary B [--model M ...] [--jobs 2] [--out FILE.json]

`--model bundled` (the default, once) is the bundled model; each other value a model file.
Deterministic: predictions with `eval --stable`.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "Benchmarks", "ha-intents")
SETTINGS = [("named", "full"), ("named", "sparse"), ("plain", "full"), ("plain", "sparse")]


def one(binary: str, model: str, lang: str, kind: str, cat: str, tmp: str, threads: int):
    pred = os.path.join(tmp, f"{os.path.basename(model)}.{lang}.{kind}.{cat}.jsonl")
    cmd = [binary, "eval", "--stable", "--threads", str(threads), "--predictions", pred, "--format", "json",
           "--catalog", os.path.join(DATA, lang, f"catalog.{cat}.json"), os.path.join(DATA, lang, f"corpus.{kind}.jsonl")]
    if model != "bundled":
        cmd += ["--model", model]
    r = subprocess.run(cmd, text=True, capture_output=True)
    if r.returncode not in (0, 1):
        sys.exit(f"{lang} {kind}/{cat}: {r.stderr.strip()[:300]}")
    out = {}
    for split in ("tune", "test"):
        ps = [json.loads(l) for l in open(pred, encoding="utf-8")]
        ps = [p for p in ps if (int(p["source"].rsplit(":", 1)[1]) % 2 == 0) == (split == "tune")]
        ind = [p for p in ps if p["expect"] is not None]
        ood = [p for p in ps if p["expect"] is None]
        out[split] = {"lines": len(ps), "inDomain": len(ind), "right": sum(p["correct"] for p in ind),
                      "ood": len(ood), "accepted": sum(not p["correct"] for p in ood),
                      "read": sum("meaning" in p for p in ps)}
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "phrasematch"))
    ap.add_argument("--model", action="append")
    ap.add_argument("--langs")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out")
    a = ap.parse_args()
    models = a.model or ["bundled"]
    manifest = json.load(open(os.path.join(DATA, "manifest.json"), encoding="utf-8"))
    langs = a.langs.split(",") if a.langs else sorted(l["lang"] for l in manifest["languages"])
    tmp = tempfile.mkdtemp(prefix="ha-models-")
    jobs = [(m, l, k, c) for m in models for l in langs for k, c in SETTINGS]
    with ThreadPoolExecutor(a.jobs) as ex:
        res = list(ex.map(lambda j: one(a.binary, j[0], j[1], j[2], j[3], tmp, 1), jobs))
    table = {}
    for (m, l, k, c), r in zip(jobs, res):
        table.setdefault(m, {}).setdefault(f"{k}/{c}", {})[l] = r
    if a.out:
        json.dump(table, open(a.out, "w", encoding="utf-8"), indent=1, sort_keys=True)
    pct = lambda x: f"{100 * x:.1f}"
    for split in ("tune", "test"):
        print(f"\n{split} split, macro over {len(langs)} languages: in-domain (false accepts), read")
        print("| model | " + " | ".join(f"{k}/{c}" for k, c in SETTINGS) + " |")
        print("|---|" + "---:|" * len(SETTINGS))
        for m in models:
            cells = []
            for k, c in SETTINGS:
                per = table[m][f"{k}/{c}"]
                ind = [v[split]["right"] / v[split]["inDomain"] for v in per.values() if v[split]["inDomain"]]
                fa = [v[split]["accepted"] / v[split]["ood"] for v in per.values() if v[split]["ood"]]
                rd = sum(v[split]["read"] for v in per.values()) / max(1, sum(v[split]["lines"] for v in per.values()))
                cells.append(f"{pct(sum(ind) / len(ind))} ({100 * sum(fa) / len(fa):.2f}) read {pct(rd)}%")
            print(f"| {m} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
