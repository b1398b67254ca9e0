#!/usr/bin/env python3
"""Writes Benchmarks/fit/plan.json: what the bundled score model's decision is fitted on.

    python3 Benchmarks/fit/make_plan.py
    .build/release/phrasematch fit --plan Benchmarks/fit/plan.json --output Locales/profiles/model/score-model.json

Tune data only, as the project's rules say: `phrasematch fit` fits on the even lines of each
group and reports the odd ones.
- "samples": the six tuned sample apps' corpora (Corpora/<app>/corpus/*.jsonl of coffee, habits,
  home, music, notes, reader) with every sample catalog loaded, as `phrasematch eval` runs them;
  the held-out apps' corpora are not in the plan (their catalogs are, as competitors). Its lines
  weigh as much, together, as all the Home Assistant lines.
- "ha-<language>-<corpus>-<catalog>": each language of Benchmarks/ha-intents in its four
  settings (named/plain corpus x full/sparse catalog).
The same files give the same plan byte for byte.
"""
import glob
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TUNED = ["coffee", "habits", "home", "music", "notes", "reader"]


def rel(p):
    return os.path.relpath(p, HERE)


def main():
    catalogs = sorted(glob.glob(os.path.join(ROOT, "Corpora", "*", "catalog.json")))
    corpora = [c for app in TUNED for c in sorted(glob.glob(os.path.join(ROOT, "Corpora", app, "corpus", "*.jsonl")))]
    groups = [{"name": "samples", "catalogs": [rel(c) for c in catalogs], "corpora": [rel(c) for c in corpora]}]
    ha = os.path.join(ROOT, "Benchmarks", "ha-intents")
    for lang in sorted(os.listdir(ha)):
        if not os.path.isdir(os.path.join(ha, lang)):
            continue
        for kind in ("named", "plain"):
            for cat in ("full", "sparse"):
                groups.append({"name": f"ha-{lang}-{kind}-{cat}",
                               "catalogs": [rel(os.path.join(ha, lang, f"catalog.{cat}.json"))],
                               "corpora": [rel(os.path.join(ha, lang, f"corpus.{kind}.jsonl"))]})
    # The sample apps weigh as much as the Home Assistant lines together: each line of theirs
    # counts (Home Assistant tune lines) / (sample tune lines).
    def tune_lines(paths):
        n = 0
        for p in paths:
            with open(p, encoding="utf-8") as f:
                n += sum(1 for k, line in enumerate(f, start=1) if k % 2 == 0 and line.strip())
        return n
    ha_lines = tune_lines([os.path.join(HERE, g["corpora"][0]) for g in groups[1:]])
    groups[0]["weight"] = round(ha_lines / tune_lines(corpora), 4)
    out = os.path.join(HERE, "plan.json")
    with open(out + ".tmp", "w", encoding="utf-8") as f:
        json.dump({"format": "phrasematch-fit-plan", "groups": groups}, f, indent=1)
        f.write("\n")
    os.replace(out + ".tmp", out)


if __name__ == "__main__":
    main()
