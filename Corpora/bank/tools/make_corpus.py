# Turns the hand-written line lists in src/<locale>.txt ("text | code[:value] | tags")
# into corpus/<locale>.jsonl. The texts are written by hand; this only spells the JSON.
import json, sys, os
APP = "com.example.bank"
CODES = {"B": ("ShowBalanceIntent", "account"), "S": ("ShowSpendingIntent", "category"),
         "P": ("PayPayeeIntent", "payee"), "F": ("SetCardFrozenIntent", "frozen"),
         "R": ("RecentTransactionsIntent", None), "X": ("SplitBillIntent", None),
         "G": ("SetBudgetIntent", "category")}
ACCT = {"chk": "acct-checking", "sav": "acct-savings", "joint": "acct-joint", "hol": "acct-holiday", "card": "acct-card4821"}
PAYEE = {"f1": "payee-friend1", "f2": "payee-friend2", "land": "payee-landlord", "power": "payee-power", "gym": "payee-gym"}
TAGS = {"c": "clean", "f": "filler", "r": "reword", "s": "asr-sound", "sp": "asr-split", "n": "asr-number",
        "a": "asr-accent", "alt": "alt-name", "syn": "synonym", "na": "no-app-name", "ood": "out-of-domain",
        "nm": "near-miss", "neg": "negative"}
here = os.path.dirname(os.path.abspath(__file__))
for loc in ["pt-PT", "ca", "id", "ms", "uk", "he"]:
    out = []
    for raw in open(os.path.join(here, "src", loc + ".txt"), encoding="utf-8"):
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
                if c == "B": params[pname] = ACCT[v]
                elif c == "P": params[pname] = PAYEE[v]
                elif c == "F": params[pname] = (v == "t")
                else: params[pname] = v
            expect = {"app": APP, "intent": intent, "parameters": params}
        out.append(json.dumps({"text": text, "locale": loc, "expect": expect,
                               "tags": [TAGS[t] for t in tags.split()]}, ensure_ascii=False))
    with open(os.path.join(here, "..", "corpus", loc + ".jsonl"), "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print(loc, len(out))
