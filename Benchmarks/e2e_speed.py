#!/usr/bin/env python3
"""End to end: `phrasematch match` over many lines in one process (issue 50).

    python3 Benchmarks/e2e_speed.py gen DIR          # DIR/catalog.json, DIR/utterances.txt
    python3 Benchmarks/e2e_speed.py time DIR NEW [--vs OLD] [-n RUNS]
    python3 Benchmarks/e2e_speed.py callgrind NEW [--lines FILE] [--catalog FILE]

`gen` writes, from a fixed seed (the same bytes every time), a synthetic one-app catalog of
about 1,000 expanded phrases (ten shortcuts; three of them take an entity of 328 options) and
2,000 noisy utterances, one a line: misspelled app names, filler, the app named first or
last, typos in words, words left out, and some lines that are no shortcut.

`time` runs `match --no-semantic --format json` and `--format text` over every line in one
process, and over the first line alone (start-up: loading the catalog, building the index),
and prints microseconds an utterance = (all lines - one line) / (lines - 1), CPU time (user +
system) and wall time, the median of RUNS runs. With --vs OLD the two binaries run in turn,
A B A B, and the ratio is taken pair by pair.

`callgrind` counts instructions an utterance under valgrind: the run over the lines minus the
run over the first line alone (start-up, and what the first query sets up once), divided by
the other lines (default: the texts of Corpora/habits/corpus/en.jsonl and ja.jsonl with
Corpora/habits/catalog.json, `--locale` the file's). Hashing is made deterministic
(SWIFT_DETERMINISTIC_HASHING=1), so a count repeats exactly.

A copied binary finds its locale profiles through PHRASEENGINE_LOCALES, set here to
Locales/profiles when it is not set.
"""
import argparse, json, os, random, re, resource, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEED = 50
APP = "Habit Pilot"
WORDS = ["morning", "evening", "jazz", "focus", "run", "chill", "party", "study", "sleep", "drive", "summer",
         "rain", "coffee", "dinner", "road", "trip", "classic", "rock", "piano", "beats", "house", "soul",
         "indie", "gold", "night", "city", "ocean", "forest", "retro", "fresh", "deep", "happy"]
VERBS = ["play", "open", "show", "start", "stop", "add", "find", "share", "save", "delete"]
OPTIONS = 328  # 3 x 328 + 7 x 2 = 998 phrases: under the 1,000-phrase budget


def option_title(k):
    return f"{WORDS[k % len(WORDS)]} {WORDS[(k // len(WORDS)) % len(WORDS)]} {k // (len(WORDS) ** 2)}"


def catalog():
    shortcuts = []
    for i, v in enumerate(VERBS):
        if i < 3:
            shortcuts.append({"intent": f"I{i}", "shortTitle": v.title(), "systemImageName": "star",
                              "parameters": {"item": {"type": "ItemEntity"}},
                              "phrases": [f"{v} ${{item}} in ${{applicationName}}"]})
        else:
            shortcuts.append({"intent": f"I{i}", "shortTitle": v.title(), "systemImageName": "star",
                              "phrases": [f"{v} my items in ${{applicationName}}",
                                          f"{v} everything with ${{applicationName}}"]})
    return {"format": "phrasematch-catalog", "version": 1, "developmentLocale": "en", "locales": ["en"],
            "app": {"id": "com.example.pilot", "name": APP},
            "entities": {"ItemEntity": {"options": [{"id": f"o{k}", "title": option_title(k)} for k in range(OPTIONS)]}},
            "shortcuts": shortcuts}


def typo(rng, w):
    """One edit: a letter dropped, doubled, swapped with the next, or replaced."""
    if len(w) < 3:
        return w
    i = rng.randrange(1, len(w) - 1)
    kind = rng.randrange(4)
    if kind == 0:
        return w[:i] + w[i + 1:]
    if kind == 1:
        return w[:i] + w[i] + w[i:]
    if kind == 2:
        return w[:i] + w[i + 1] + w[i] + w[i + 2:]
    return w[:i] + rng.choice("aeioustrnl") + w[i + 1:]


def app_name(rng):
    r = rng.random()
    if r < 0.25:
        return APP.lower()
    if r < 0.45:
        return "habitpilot"
    if r < 0.6:
        return "habit pilate"
    words = APP.lower().split()
    k = rng.randrange(len(words))
    words[k] = typo(rng, words[k])
    return " ".join(words)


def utterances(n):
    rng = random.Random(SEED)
    fillers = ["please", "um", "hey", "can you", "uh", "could you", "now", "for me", "right away"]
    other = ["what is the weather tomorrow", "call mom", "set a timer for ten minutes", "turn off the lights",
             "how far is the moon", "send a message to alex", "remind me to buy milk"]
    out = []
    while len(out) < n:
        if rng.random() < 0.05:
            out.append(rng.choice(other))
            continue
        i = rng.randrange(len(VERBS))
        if i < 3:
            words = [VERBS[i]] + option_title(rng.randrange(OPTIONS)).split()
            link = "in"
        else:
            words = [VERBS[i]] + (["my", "items"] if rng.random() < 0.5 else ["everything"])
            link = "in" if words[-1] == "items" else "with"
        words = [typo(rng, w) if rng.random() < 0.12 else w for w in words]
        if len(words) > 3 and rng.random() < 0.1:
            del words[rng.randrange(1, len(words))]
        app = app_name(rng)
        r = rng.random()
        if r < 0.6:
            words += [link, app]
        elif r < 0.8:
            words = [link, app] + words if rng.random() < 0.5 else [app] + words
        elif r < 0.9:
            words += [app]
        # else: no app named
        if rng.random() < 0.3:
            words.insert(0, rng.choice(fillers))
        if rng.random() < 0.15:
            words.append(rng.choice(fillers))
        line = " ".join(words)
        if rng.random() < 0.1:
            line = line.capitalize()
        out.append(line)
    return out


def gen(d):
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "catalog.json"), "w") as f:
        json.dump(catalog(), f, indent=1, sort_keys=False)
        f.write("\n")
    lines = utterances(2000)
    with open(os.path.join(d, "utterances.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(d, "one.txt"), "w") as f:
        f.write(lines[0] + "\n")


def env():
    e = dict(os.environ)
    e.setdefault("PHRASEENGINE_LOCALES", os.path.join(ROOT, "Locales", "profiles"))
    # The same hash seed every run: instruction counts repeat to the instruction.
    e.setdefault("SWIFT_DETERMINISTIC_HASHING", "1")
    return e


def run_once(binary, fmt, d, lines_file):
    """CPU seconds (user + system) and wall seconds of one run, output thrown away."""
    cmd = binary.split() + ["match", "--no-semantic", "--format", fmt, "--catalog", os.path.join(d, "catalog.json")]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    with open(lines_file, "rb") as fin:
        r = subprocess.run(cmd, stdin=fin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env())
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode not in (0, 1):
        sys.exit(f"{cmd}: exit {r.returncode}: {r.stderr.decode()[:300]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def per_utterance(binary, fmt, d, n):
    """(cpu, wall) microseconds an utterance of one run: all lines minus the first line alone."""
    c1, w1 = run_once(binary, fmt, d, os.path.join(d, "one.txt"))
    ca, wa = run_once(binary, fmt, d, os.path.join(d, "utterances.txt"))
    return (ca - c1) * 1e6 / (n - 1), (wa - w1) * 1e6 / (n - 1)


def time_cmd(args):
    n = sum(1 for l in open(os.path.join(args.dir, "utterances.txt")) if l.strip())
    for fmt in ("json", "text"):
        rows = {"new": []}
        if args.vs:
            rows["old"] = []
        for _ in range(args.n):
            if args.vs:
                rows["old"].append(per_utterance(args.vs, fmt, args.dir, n))
            rows["new"].append(per_utterance(args.new, fmt, args.dir, n))
        for k, v in rows.items():
            print(f"{fmt:4} {k:3}: {statistics.median(c for c, _ in v):7.2f} us cpu, "
                  f"{statistics.median(w for _, w in v):7.2f} us wall an utterance (median of {args.n})")
        if args.vs:
            ratios = [o[0] / nw[0] for o, nw in zip(rows["old"], rows["new"]) if nw[0] > 0]
            print(f"{fmt:4} old/new cpu ratio: median {statistics.median(ratios):.2f} "
                  f"(min {min(ratios):.2f}, max {max(ratios):.2f})")


def instructions(binary, catalog_file, lines_file, extra=()):
    """Instructions callgrind counts in one run of `match --format json` over the lines."""
    with tempfile.TemporaryDirectory() as t:
        out = os.path.join(t, "cg.out")
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + binary.split() + \
              ["match", "--no-semantic", "--format", "json", "--catalog", catalog_file] + list(extra)
        with open(lines_file, "rb") as fin:
            r = subprocess.run(cmd, stdin=fin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env())
        if r.returncode not in (0, 1):
            sys.exit(f"{cmd}: exit {r.returncode}: {r.stderr.decode()[-300:]}")
        for line in open(out):
            if line.startswith("summary:") or line.startswith("totals:"):
                return int(line.split()[1])
    sys.exit("no callgrind summary")


def stripped(binary, t):
    """A copy of the binary without debug information (valgrind 3.19 gives up on Swift's)."""
    words = binary.split()
    out = os.path.join(t, "phrasematch-stripped")
    subprocess.run(["objcopy", "--strip-debug", words[0], out], check=True)
    return " ".join([out] + words[1:])


def callgrind_cmd(args):
    sets = []
    if args.lines:
        sets.append((os.path.basename(args.lines), args.catalog, args.lines))
    else:
        cat = os.path.join(ROOT, "Corpora", "habits", "catalog.json")
        for lang in ("en", "ja"):
            sets.append((f"habits {lang}", cat, os.path.join(ROOT, "Corpora", "habits", "corpus", f"{lang}.jsonl")))
    with tempfile.TemporaryDirectory() as t:
        binary = stripped(args.new, t)
        first = os.path.join(t, "first.txt")
        for name, cat, src in sets:
            if src.endswith(".jsonl"):
                texts = [json.loads(l)["text"] for l in open(src, encoding="utf-8") if l.strip()]
            else:
                texts = [l.rstrip("\n") for l in open(src, encoding="utf-8") if l.strip()]
            texts = [x for x in texts if x.strip()]
            lines = os.path.join(t, "lines.txt")
            with open(lines, "w", encoding="utf-8") as f:
                f.write("\n".join(texts) + "\n")
            extra = []
            if src.endswith(".jsonl"):
                # `match` reads one locale (--locale); a corpus file is one language.
                extra = ["--locale", json.loads(open(src, encoding="utf-8").readline())["locale"]]
            with open(first, "w", encoding="utf-8") as f:
                f.write(texts[0] + "\n")
            base = instructions(binary, cat, first, extra)
            total = instructions(binary, cat, lines, extra)
            print(f"{name}: {len(texts)} lines, {(total - base) / (len(texts) - 1):,.0f} instructions an utterance "
                  f"(start-up and the first line {base:,})")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("gen")
    g.add_argument("dir")
    t = sub.add_parser("time")
    t.add_argument("dir")
    t.add_argument("new", help="the binary (a command: words split at spaces)")
    t.add_argument("--vs", metavar="OLD", help="a second binary, run in turn with the first")
    t.add_argument("-n", type=int, default=5)
    c = sub.add_parser("callgrind")
    c.add_argument("new")
    c.add_argument("--lines", help="a file of utterances, one a line (default: habits en and ja)")
    c.add_argument("--catalog", help="the catalog for --lines")
    a = ap.parse_args()
    if a.cmd == "gen":
        gen(a.dir)
    elif a.cmd == "time":
        time_cmd(a)
    else:
        callgrind_cmd(a)


if __name__ == "__main__":
    main()
