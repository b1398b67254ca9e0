#!/usr/bin/env python3
"""What `phrasematch fit` gives a developer per language: on each Home Assistant language and
setting (named / plain corpus x full / sparse catalog), fit on the corpus (the tune lines, even
line numbers), evaluate with the fitted model (the bundled one where the fit is refused), and
report macro in-domain accuracy and false accepts on each split.

    python3 Benchmarks/fit_per_language.py OUT                      # the release build, with the encoder
    python3 Benchmarks/fit_per_language.py OUT --no-semantic        # words only, fit and eval
    python3 Benchmarks/fit_per_language.py OUT --words-fit          # fit by words, eval with the encoder
    python3 Benchmarks/fit_per_language.py --score OUT1 OUT2 ...    # the figures of earlier runs
    python3 Benchmarks/fit_per_language.py OUT --only ar.named.sparse,de.plain.full  # some jobs only

`--words-fit` is the fit before it read the encoder: a decision fitted by words, the base model's
encoder limits kept, evaluated with the encoder. Deterministic; two jobs at a time, one thread each.
"""
import argparse
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "Benchmarks", "ha-intents")
SETTINGS = [("named", "full"), ("named", "sparse"), ("plain", "full"), ("plain", "sparse")]


def languages():
    return sorted(d for d in os.listdir(DATA) if os.path.isdir(os.path.join(DATA, d)))


def job(binary, outdir, fit_extra, eval_extra, j):
    lang, kind, cat = j
    catalog = os.path.join(DATA, lang, f"catalog.{cat}.json")
    corpus = os.path.join(DATA, lang, f"corpus.{kind}.jsonl")
    stem = os.path.join(outdir, f"{lang}.{kind}.{cat}")
    model = stem + ".model.json"
    if os.path.exists(model):
        os.remove(model)
    r = subprocess.run([binary, "fit", "--threads", "1", "--quiet", "--catalog", catalog, "--output", model, corpus] + fit_extra,
                       capture_output=True, text=True)
    with open(stem + ".fit.txt", "w", encoding="utf-8") as f:
        f.write(r.stdout + r.stderr)
    if r.returncode not in (0, 1):
        sys.exit(f"fit_per_language.py: fit {lang} {kind}/{cat}: {r.stderr.strip()}")
    cmd = [binary, "eval", "--stable", "--quiet", "--threads", "1", "--predictions", stem + ".pred.jsonl", "--catalog", catalog,
           corpus, "--format", "json"] + (["--model", model] if os.path.exists(model) else []) + eval_extra
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode not in (0, 1):
        sys.exit(f"fit_per_language.py: eval {lang} {kind}/{cat}: {r.stderr.strip()}")
    return j


def score(outdir):
    print(outdir)
    for kind, cat in SETTINGS:
        for split, name in ((0, "tune"), (1, "test")):
            accs, fas, refused = [], [], 0
            for lang in languages():
                p = os.path.join(outdir, f"{lang}.{kind}.{cat}.pred.jsonl")
                if not os.path.exists(p):
                    continue
                ind, ood = [0, 0], [0, 0]
                with open(p, encoding="utf-8") as f:
                    for line in f:
                        x = json.loads(line)
                        if int(x["source"].rsplit(":", 1)[1]) % 2 != split:
                            continue
                        if x["expect"] is None:
                            ood[0] += 1
                            ood[1] += not x["correct"]
                        else:
                            ind[0] += 1
                            ind[1] += x["correct"]
                if ind[0]:
                    accs.append(ind[1] / ind[0])
                if ood[0]:
                    fas.append(ood[1] / ood[0])
                refused += not os.path.exists(os.path.join(outdir, f"{lang}.{kind}.{cat}.model.json"))
            if accs:
                print(f"  {kind}/{cat} {name}: in-domain {100 * sum(accs) / len(accs):.1f}%, false accepts "
                      f"{100 * sum(fas) / max(1, len(fas)):.2f}% (fits refused: {refused})")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", nargs="+")
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "phrasematch"))
    ap.add_argument("--no-semantic", action="store_true")
    ap.add_argument("--words-fit", action="store_true")
    ap.add_argument("--score", action="store_true")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", default="", help="comma-separated LANG.KIND.CATALOG jobs (default: every one)")
    a = ap.parse_args()
    if a.score:
        for o in a.out:
            score(o)
        return
    outdir = a.out[0]
    os.makedirs(outdir, exist_ok=True)
    fit_extra = ["--no-semantic"] if (a.no_semantic or a.words_fit) else []
    eval_extra = ["--no-semantic"] if a.no_semantic else []
    jobs = [(l, k, c) for l in languages() for (k, c) in SETTINGS]
    if a.only:
        only = set(a.only.split(","))
        jobs = [j for j in jobs if ".".join(j) in only]
    with ThreadPoolExecutor(a.jobs) as ex:
        for j in ex.map(lambda j: job(a.binary, outdir, fit_extra, eval_extra, j), jobs):
            print(*j, file=sys.stderr, flush=True)
    score(outdir)


if __name__ == "__main__":
    main()
