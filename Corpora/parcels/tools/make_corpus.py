# Turns the hand-written line lists in src/<locale>.txt ("text | code[:value] | tags")
# into corpus/<locale>.jsonl, shuffled with a fixed seed per locale so every tag falls on
# even (tune) and odd (test) lines. The texts are written by hand; this only spells the JSON
# and checks every line against ../catalog.json. (Adapted from Corpora/fly/tools/make_corpus.py.)
import json, os, random, collections
APP = "com.example.parcels"
CODES = {"T": ("TrackParcelIntent", "parcel"), "D": ("ChangeDeliveryPlaceIntent", "place"),
         "S": ("RescheduleDeliveryIntent", "slot"), "P": ("ShowPickupCodeIntent", None),
         "F": ("FindLockerIntent", None), "R": ("ReturnParcelIntent", "parcel"),
         "H": ("ShowDeliveryPhotoIntent", None), "O": ("DeliveryNotificationsIntent", "enabled")}
VALUES = {"parcel": {"shoes": "parcel-running-shoes", "mum": "parcel-from-mum", "4417": "parcel-order-4417",
                     "coffee": "parcel-coffee-machine", "gift": "parcel-birthday-gift"},
          "place": {"door": "door", "nb": "neighbour", "locker": "locker", "post": "post_office"},
          "slot": {"am": "tomorrow_morning", "pm": "tomorrow_evening", "sat": "saturday"}}
TAGS = {"c": "clean", "f": "filler", "r": "reword", "s": "asr-sound", "sp": "asr-split", "n": "asr-number",
        "a": "asr-accent", "alt": "alt-name", "syn": "synonym", "na": "no-app-name", "ood": "out-of-domain",
        "nm": "near-miss", "neg": "negative"}
SEED = 20270412
here = os.path.dirname(os.path.abspath(__file__))
cat = json.load(open(os.path.join(here, "..", "catalog.json"), encoding="utf-8"))
sc = {s["intent"]: s for s in cat["shortcuts"]}
for loc in cat["locales"]:
    src = os.path.join(here, "src", loc + ".txt")
    if not os.path.exists(src): continue
    out = []
    for n, raw in enumerate(open(src, encoding="utf-8"), 1):
        raw = raw.rstrip("\n")
        if not raw.strip(): continue
        text, code, tags = [p.strip() for p in raw.split("|")]
        tl = [TAGS[t] for t in tags.split()]
        if code == "N":
            expect = None
            assert set(tl) & {"out-of-domain", "near-miss", "negative"}, (loc, n)
        else:
            c, _, v = code.partition(":")
            intent, pname = CODES[c]
            params = {}
            if v:
                assert pname, (loc, n)
                if pname == "enabled": assert v in "tf"; params[pname] = (v == "t")
                else: params[pname] = VALUES[pname][v]
                assert pname in sc[intent]["parameters"]
            expect = {"app": APP, "intent": intent, "parameters": params}
            assert not set(tl) & {"out-of-domain", "near-miss", "negative"}, (loc, n)
        out.append(json.dumps({"text": text, "locale": loc, "expect": expect, "tags": tl}, ensure_ascii=False))
    assert len(set(out)) == len(out), (loc, [l for l in out if out.count(l) > 1])
    # First shuffle (seeds SEED-loc-0, -1, ...) in which every tag with n >= 2 lines has at
    # least max(1, n // 3) of them on each of the even and odd line numbers.
    k = 0
    while True:
        lines = list(out)
        random.Random(f"{SEED}-{loc}-{k}").shuffle(lines)
        par = collections.defaultdict(lambda: [0, 0])
        for i, l in enumerate(lines, 1):
            for t in json.loads(l)["tags"]: par[t][i % 2] += 1
        if all(min(v) >= max(1, sum(v) // 3) for v in par.values() if sum(v) >= 2): break
        k += 1
    out = lines
    with open(os.path.join(here, "..", "corpus", loc + ".jsonl"), "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    par = collections.defaultdict(lambda: [0, 0])
    for i, l in enumerate(out, 1):
        for t in json.loads(l)["tags"]: par[t][i % 2] += 1
    print(loc, len(out), "seed", f"{SEED}-{loc}-{k}", {t: tuple(v) for t, v in sorted(par.items())})
