#!/usr/bin/env python3
"""Writes Locales/profiles/readings/ja.tsv: Japanese words written with kanji → their reading
in katakana, from the IPADIC dictionary (Debian package `mecab-ipadic`, whose CSV sources are
in /usr/share/mecab/dic/ipadic).

    apt-get download mecab-ipadic && dpkg -x mecab-ipadic_*.deb x
    python3 Locales/tools/make_ja_readings.py x/usr/share/mecab/dic/ipadic > Locales/profiles/readings/ja.tsv

What it keeps:
- common words, verbs and adjectives in every inflected form IPADIC lists, adverbs, counters,
  prefixes and suffixes; not personal names, place names, organizations or other proper
  nouns (a catalog's own names are said by the catalog itself);
- for a word written several ways of reading, the reading IPADIC gives the lowest cost (the
  commonest);
- hiragana in a word is written in katakana, as the normalizer folds it;
- a word is left out when the reader (longest match over the kept words, shortest words
  first) already reads it right from its parts (食料品 = 食料 + 品).

Lines are `word<TAB>reading`, sorted by the UTF-8 bytes of the word (the loader binary-searches
them). IPADIC's license is in readings/IPADIC-LICENSE and must travel with the file.
"""
import os
import re
import sys

FILES = ["Noun.csv", "Noun.verbal.csv", "Noun.adjv.csv", "Noun.adverbal.csv", "Noun.number.csv",
         "Noun.others.csv", "Noun.demonst.csv", "Noun.nai.csv", "Adverb.csv", "Verb.csv", "Adj.csv",
         "Suffix.csv", "Prefix.csv", "Adnominal.csv", "Conjunction.csv", "Interjection.csv", "Auxil.csv"]
HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff々〆ヶ]")
MAX_LEN = 8


def katakana(s):
    return "".join(chr(ord(c) + 0x60) if 0x3041 <= ord(c) <= 0x3096 else c for c in s)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_ja_readings.py IPADIC_CSV_DIR > ja.tsv")
    best = {}
    for name in FILES:
        with open(os.path.join(sys.argv[1], name), encoding="euc_jp", errors="replace") as f:
            for line in f:
                p = line.rstrip("\n").split(",")
                if len(p) < 12:
                    continue
                word, cost, reading = katakana(p[0]), int(p[3]), p[11]
                if not HAN.search(word) or reading == "*" or len(word) > MAX_LEN:
                    continue
                if word not in best or cost < best[word][0]:
                    best[word] = (cost, reading)
    kept = {}

    def read(w):
        out, i = [], 0
        while i < len(w):
            for n in range(min(MAX_LEN, len(w) - i), 0, -1):
                if w[i:i + n] in kept:
                    out.append(kept[w[i:i + n]])
                    i += n
                    break
            else:
                out.append(w[i])
                i += 1
        return "".join(out)

    for w in sorted(best, key=lambda w: (len(w), w)):
        r = best[w][1]
        if len(w) > 1 and read(w) == r:
            continue
        kept[w] = r
    for w in sorted(kept, key=lambda w: w.encode()):
        sys.stdout.write(f"{w}\t{kept[w]}\n")


if __name__ == "__main__":
    main()
