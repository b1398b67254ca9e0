#!/usr/bin/env python3
"""Do two builds of phrasematch predict the same? Byte for byte, on every corpus.

    python3 Benchmarks/compare_builds.py --save /tmp/base      # keep this build as the baseline
    python3 Benchmarks/compare_builds.py /tmp/base             # compare this build with it

`--save DIR` copies .build/release/phrasematch (and its locale bundle) to DIR and writes every
prediction there. Without it, the current release build's predictions are written to a fresh
temporary folder and compared with DIR's, file by file; differing lines are printed (at most
20 a file) and the exit status is 1.

What is predicted: `phrasematch eval --stable --predictions` on
- each app of Corpora/ with its own catalog, and with every sample catalog loaded;
- each language and setting of Benchmarks/ha-intents (plain/named corpus x full/sparse catalog);
- the json report of the six tuned apps with every catalog (the eval report itself).
Both splits: a restructure must change no line, tuned on or not.
"""
import argparse, glob, os, shutil, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUNDLE = "PhraseEngine_PhraseEngineLocales.resources"


def jobs():
    cats = sorted(glob.glob(os.path.join(ROOT, "Corpora", "*", "catalog.json")))
    every = [x for c in cats for x in ("--catalog", c)]
    for c in cats:
        app = os.path.basename(os.path.dirname(c))
        corpora = sorted(glob.glob(os.path.join(os.path.dirname(c), "corpus", "*.jsonl")))
        yield f"own-{app}", ["--catalog", c] + corpora
        yield f"every-{app}", every + corpora
    ha = os.path.join(ROOT, "Benchmarks", "ha-intents")
    for lang in sorted(os.listdir(ha)):
        if not os.path.isdir(os.path.join(ha, lang)):
            continue
        for cat in ("full", "sparse"):
            for kind in ("plain", "named"):
                yield f"ha-{lang}-{kind}-{cat}", ["--catalog", os.path.join(ha, lang, f"catalog.{cat}.json"),
                                                 os.path.join(ha, lang, f"corpus.{kind}.jsonl")]


def predict(binary, out):
    os.makedirs(out, exist_ok=True)
    for name, args in jobs():
        path = os.path.join(out, name + ".jsonl")
        r = subprocess.run([binary, "eval", "--stable", "--predictions", path] + args, capture_output=True, text=True)
        if r.returncode not in (0, 1):
            sys.exit(f"{name}: exit {r.returncode}: {r.stderr.strip()[:300]}")
    tuned = ["coffee", "habits", "home", "music", "notes", "reader"]
    cats = sorted(glob.glob(os.path.join(ROOT, "Corpora", "*", "catalog.json")))
    corpora = [f for a in tuned for f in sorted(glob.glob(os.path.join(ROOT, "Corpora", a, "corpus", "*.jsonl")))]
    r = subprocess.run([binary, "eval", "--stable", "--format", "json"] + [x for c in cats for x in ("--catalog", c)] + corpora,
                       capture_output=True, text=True)
    open(os.path.join(out, "report-every.json"), "w").write(r.stdout)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("base", nargs="?", help="a folder made by --save")
    ap.add_argument("--save", metavar="DIR", help="copy this build and its predictions to DIR")
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "phrasematch"))
    a = ap.parse_args()
    if a.save:
        os.makedirs(a.save, exist_ok=True)
        shutil.copy2(a.binary, os.path.join(a.save, "phrasematch"))
        src = os.path.join(os.path.dirname(a.binary), BUNDLE)
        if os.path.isdir(src):
            shutil.rmtree(os.path.join(a.save, BUNDLE), ignore_errors=True)
            shutil.copytree(src, os.path.join(a.save, BUNDLE))
        predict(a.binary, os.path.join(a.save, "predictions"))
        print(f"saved {a.binary} and its predictions in {a.save}")
        return 0
    if not a.base:
        ap.error("give a folder made by --save, or --save DIR")
    new = tempfile.mkdtemp(prefix="compare-builds-")
    predict(a.binary, new)
    old = os.path.join(a.base, "predictions")
    names = sorted(set(os.listdir(old)) | set(os.listdir(new)))
    differ = 0
    for name in names:
        p, q = os.path.join(old, name), os.path.join(new, name)
        if not (os.path.exists(p) and os.path.exists(q)):
            print(f"{name}: only in {'the base' if os.path.exists(p) else 'this build'}")
            differ += 1
            continue
        x, y = open(p, encoding="utf-8").read().splitlines(), open(q, encoding="utf-8").read().splitlines()
        if x == y:
            continue
        differ += 1
        bad = [i for i in range(max(len(x), len(y))) if i >= len(x) or i >= len(y) or x[i] != y[i]]
        print(f"{name}: {len(bad)} lines differ")
        for i in bad[:20]:
            print(f"  - {x[i] if i < len(x) else '(none)'}\n  + {y[i] if i < len(y) else '(none)'}")
    print(f"{len(names)} files, {differ} differ" + ("" if differ else ": byte-identical"))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
