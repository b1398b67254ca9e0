#!/usr/bin/env python3
"""`phrasematch eval --stream` under Apache Spark's RDD.pipe, against one process.

    python3 Benchmarks/spark/spark_eval.py               # 3,000,000 utterances, writes results.json
    python3 Benchmarks/spark/spark_eval.py --lines 200000 --no-save   # a quick look

What it does:
  1. Makes a big corpus: the six tuned sample apps' corpora (Corpora/{app}/corpus/*.jsonl, every
     locale) repeated to --lines utterances, in a fixed order.
  2. One process: `phrasematch eval --stream --catalog ... < big.jsonl` with --threads 1 and
     with every core (2 here); the output is the reference.
  3. Spark local[N]: `sc.textFile(big, P).pipe("phrasematch eval --stream --threads 1 ...")`,
     saved as text; each task is one `phrasematch` process reading its partition on stdin.
  4. Checks that the parts, concatenated in partition order, equal the reference line for line.
     The only field that differs is `source`, `<stdin>:LINE`, since each process numbers its own
     input from 1: the check requires part k's lines to be numbered 1, 2, ... and renumbers them
     by the lines of the parts before it; every other byte must be the same.
  5. Writes Benchmarks/spark/results.json, which `Benchmarks/run_all.py` (and
     `run_all.py --spark-section`) turn into the Spark section of BENCHMARKS.md.

Needs (checked first, and each missing one named with its install line): Java 17
(`apt-get install -y openjdk-17-jre-headless`), PySpark in Benchmarks/spark/.venv
(`python3 -m venv Benchmarks/spark/.venv && Benchmarks/spark/.venv/bin/pip install pyspark`),
the release binary (`swift build -c release --product phrasematch`). Not part of CI.
"""
import argparse, glob, hashlib, json, os, platform, re, shutil, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
VENV_PY = os.path.join(HERE, ".venv", "bin", "python")
BINARY = os.path.join(ROOT, ".build", "release", "phrasematch")
APPS = ["coffee", "habits", "home", "music", "notes", "reader"]
RESULTS = os.path.join(HERE, "results.json")


def missing_prerequisites():
    """Each missing prerequisite as 'what: how to get it'."""
    out = []
    java = shutil.which("java")
    if not java:
        out.append("java: apt-get install -y openjdk-17-jre-headless")
    else:
        v = subprocess.run([java, "-version"], capture_output=True, text=True).stderr
        m = re.search(r'version "(\d+)', v)
        if not m or int(m.group(1)) < 17:
            out.append(f"java 17 or later (found: {v.splitlines()[0] if v else '?'}): apt-get install -y openjdk-17-jre-headless")
    if not os.path.exists(VENV_PY):
        out.append("a virtual environment: python3 -m venv Benchmarks/spark/.venv && Benchmarks/spark/.venv/bin/pip install pyspark")
    elif subprocess.run([VENV_PY, "-c", "import pyspark"], capture_output=True).returncode != 0:
        out.append("pyspark: Benchmarks/spark/.venv/bin/pip install pyspark")
    if not os.access(BINARY, os.X_OK):
        out.append("the release binary: swift build -c release --product phrasematch")
    return out


def catalogs():
    return [os.path.join(ROOT, "Corpora", a, "catalog.json") for a in APPS]


def make_corpus(path, lines):
    """The tuned apps' corpora (every locale, sorted by path) repeated to `lines` lines."""
    base = []
    for a in APPS:
        for f in sorted(glob.glob(os.path.join(ROOT, "Corpora", a, "corpus", "*.jsonl"))):
            base += [l.rstrip("\n") for l in open(f, encoding="utf-8") if l.lstrip().startswith("{")]
    with open(path, "w", encoding="utf-8") as out:
        for i in range(lines):
            out.write(base[i % len(base)] + "\n")
    return len(base)


def stream_cmd(threads):
    cmd = [BINARY, "eval", "--stream", "--threads", str(threads)]
    for c in catalogs():
        cmd += ["--catalog", c]
    return cmd


def one_process(corpus, out, threads):
    """(wall seconds, CPU seconds) of one `eval --stream` over the corpus."""
    with open(corpus, "rb") as i, open(out, "wb") as o:
        t = time.perf_counter()
        p = subprocess.Popen(stream_cmd(threads), stdin=i, stdout=o, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(p.pid, 0)
        dt = time.perf_counter() - t
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"spark_eval: one process (--threads {threads}) exited {os.waitstatus_to_exitcode(status)}")
    return dt, usage.ru_utime + usage.ru_stime


SPARK_JOB = r'''
import json, os, shlex, sys, time
from pyspark import SparkConf, SparkContext
corpus, outdir, master, partitions, cmd = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), json.loads(sys.argv[5])
conf = SparkConf().setMaster(master).setAppName("phrasematch-eval-stream").set("spark.ui.enabled", "false")
sc = SparkContext(conf=conf)
sc.setLogLevel("ERROR")
t = time.perf_counter()
rdd = sc.textFile("file://" + corpus, minPartitions=partitions)
rdd.pipe(" ".join(shlex.quote(c) for c in cmd), env={"NO_COLOR": "1"}, checkCode=True).saveAsTextFile("file://" + outdir)
dt = time.perf_counter() - t
print(json.dumps({"seconds": dt, "partitions": rdd.getNumPartitions(), "spark": sc.version}))
sc.stop()
'''


def spark_run(corpus, outdir, master, partitions):
    shutil.rmtree(outdir, ignore_errors=True)
    env = dict(os.environ, PYSPARK_PYTHON=VENV_PY, SPARK_LOCAL_IP="127.0.0.1")
    t = time.perf_counter()
    r = subprocess.run([VENV_PY, "-c", SPARK_JOB, corpus, outdir, master, str(partitions), json.dumps(stream_cmd(1))],
                       capture_output=True, text=True, env=env)
    wall = time.perf_counter() - t
    if r.returncode != 0:
        sys.exit(f"spark_eval: the Spark job failed (exit {r.returncode}):\n{r.stderr[-2000:]}")
    info = json.loads(r.stdout.strip().splitlines()[-1])
    info["wallSeconds"] = wall
    return info


SOURCE = re.compile(rb'"source":\s*"<stdin>:(\d+)"')


def merged_equals(reference, outdir):
    """(equal, lines, parts, first difference): the parts in partition order, renumbered, against the reference."""
    parts = sorted(glob.glob(os.path.join(outdir, "part-*")))
    offset, n = 0, 0
    with open(reference, "rb") as ref:
        for p in parts:
            local = 0
            with open(p, "rb") as f:
                for line in f:
                    local += 1
                    m = SOURCE.search(line)
                    if not m or int(m.group(1)) != local:
                        return False, n, len(parts), f"{os.path.basename(p)} line {local}: source is not <stdin>:{local}"
                    line = line[:m.start(1)] + str(offset + local).encode() + line[m.end(1):]
                    n += 1
                    if line != ref.readline():
                        return False, n, len(parts), f"line {n} ({os.path.basename(p)} line {local}) differs"
            offset += local
        if ref.readline():
            return False, n, len(parts), f"the reference has more than {n} lines"
    return True, n, len(parts), None


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lines", type=int, default=3_000_000, help="utterances in the big corpus (default 3,000,000)")
    ap.add_argument("--partitions", type=int, default=8, help="textFile partitions (default 8)")
    ap.add_argument("--master", default="local[2]")
    ap.add_argument("--work", default="/tmp/phrasematch-spark", help="where the corpus and outputs go")
    ap.add_argument("--no-save", action="store_true", help="do not write results.json")
    ap.add_argument("--check", action="store_true", help="only check the prerequisites")
    a = ap.parse_args()

    missing = missing_prerequisites()
    if missing:
        print("spark_eval: missing prerequisites:", file=sys.stderr)
        for m in missing:
            print("  - " + m, file=sys.stderr)
        sys.exit(2)
    if a.check:
        print("spark_eval: prerequisites ok")
        return

    load_before = os.getloadavg()[0]
    os.makedirs(a.work, exist_ok=True)
    corpus = os.path.join(a.work, "big.jsonl")
    base = make_corpus(corpus, a.lines)
    print(f"corpus: {a.lines:,} lines ({base:,} distinct, {os.path.getsize(corpus) / 1e6:.0f} MB)", file=sys.stderr)

    ref = os.path.join(a.work, "one-process.jsonl")
    runs = {}
    for threads in (1, 2):
        out = ref if threads == 2 else os.path.join(a.work, "one-thread.jsonl")
        dt, cpu = one_process(corpus, out, threads)
        runs[f"one process, --threads {threads}"] = {"seconds": dt, "utterancesPerSecond": a.lines / dt,
                                                     "cpuSeconds": cpu}
        print(f"one process --threads {threads}: {dt:.1f} s ({cpu:.1f} s CPU), {a.lines / dt:,.0f} utterances/s",
              file=sys.stderr)
    same_threads = sha256(ref) == sha256(os.path.join(a.work, "one-thread.jsonl"))

    outdir = os.path.join(a.work, "spark-out")
    info = spark_run(corpus, outdir, a.master, a.partitions)
    equal, n, parts, diff = merged_equals(ref, outdir)
    runs[f"Spark {a.master}, {info['partitions']} partitions"] = {
        "seconds": info["seconds"], "utterancesPerSecond": a.lines / info["seconds"],
        "wallSeconds": info["wallSeconds"]}
    print(f"Spark {a.master}: {info['seconds']:.1f} s job ({info['wallSeconds']:.1f} s with JVM start), "
          f"{a.lines / info['seconds']:,.0f} utterances/s; merged == one process: {equal}"
          + (f" ({diff})" if diff else ""), file=sys.stderr)

    version = subprocess.run([BINARY, "--version"], capture_output=True, text=True).stdout.strip().splitlines()
    java = subprocess.run(["java", "-version"], capture_output=True, text=True).stderr.splitlines()
    results = {
        "utterances": a.lines, "distinctLines": base, "apps": APPS, "master": a.master,
        "partitions": info["partitions"], "parts": parts, "spark": info["spark"],
        "java": java[0] if java else "?", "phrasematch": version[0] if version else "?",
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "loadAverageBefore": round(load_before, 2),
        "loadAverageAfter": round(os.getloadavg()[0], 2),
        "runs": runs, "mergedEqualsOneProcess": equal, "linesCompared": n, "firstDifference": diff,
        "oneThreadEqualsTwoThreads": same_threads,
        "command": " ".join(["phrasematch"] + stream_cmd(1)[1:]).replace(ROOT + "/", ""),
    }
    if not a.no_save:
        with open(RESULTS, "w") as f:
            json.dump(results, f, indent=2, sort_keys=True)
            f.write("\n")
        print(f"wrote {os.path.relpath(RESULTS, ROOT)}", file=sys.stderr)
    if not equal or not same_threads:
        sys.exit("spark_eval: the outputs differ")


if __name__ == "__main__":
    main()
