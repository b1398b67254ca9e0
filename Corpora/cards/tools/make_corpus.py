# Turns the hand-written line lists in src/<locale>.txt ("text | code[:value] | tags")
# into corpus/<locale>.jsonl. The texts are written by hand; this only spells the JSON.
import json, os
APP = "com.example.cards"
CODES = {"R": ("StartReviewIntent", "deck"), "P": ("PracticeLanguageIntent", "language"),
         "S": ("ShowStreakIntent", None), "A": ("AddCardIntent", None),
         "G": ("SetDailyGoalIntent", "goal"), "U": ("SetAudioIntent", "enabled"),
         "T": ("ShowStatsIntent", None), "Z": ("PauseLessonIntent", None)}
DECK = {"spv": "deck-spanish-verbs", "kanji": "deck-kanji-n5", "travel": "deck-travel",
        "irr": "deck-irregular-verbs", "chem": "deck-chemistry", "cap": "deck-capitals",
        "u7": "deck-unit-7", "u17": "deck-unit-17", "food": "deck-spanish-food"}
TAGS = {"c": "clean", "f": "filler", "r": "reword", "s": "asr-sound", "sp": "asr-split", "n": "asr-number",
        "a": "asr-accent", "alt": "alt-name", "syn": "synonym", "na": "no-app-name", "ood": "out-of-domain",
        "nm": "near-miss", "neg": "negative"}
here = os.path.dirname(os.path.abspath(__file__))
for loc in ["en", "fr", "de", "es", "ja", "zh-Hans"]:
    src = os.path.join(here, "src", loc + ".txt")
    if not os.path.exists(src): continue
    out = []
    for raw in open(src, encoding="utf-8"):
        raw = raw.rstrip("\n")
        if not raw.strip(): continue
        text, code, tags = [p.strip() for p in raw.split("|")]
        if code == "N":
            expect = None
        else:
            c, _, v = code.partition(":")
            intent, pname = CODES[c]
            params = {}
            if v:
                if c == "R": params[pname] = DECK[v]
                elif c == "U": params[pname] = (v == "t")
                else: params[pname] = v
            expect = {"app": APP, "intent": intent, "parameters": params}
        out.append(json.dumps({"text": text, "locale": loc, "expect": expect,
                               "tags": [TAGS[t] for t in tags.split()]}, ensure_ascii=False))
    with open(os.path.join(here, "..", "corpus", loc + ".jsonl"), "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print(loc, len(out))
