#!/usr/bin/env python3
"""Expand a PhraseEngine catalog (format "phrasematch-catalog", version 1) into the
phrases the system would serve for one locale.

Follows /work/shared/spec/catalog.md:

* every template x parameter option variant x app-name variant is one phrase;
  app-name variants are the localized display name followed by each localized
  alternative name; option variants are, per enum case / entity option in catalog
  order, its title followed by its synonyms; a Bool with display names expands to
  its true then its false display name;
* order: shortcuts, templates, options (title then synonyms), app names
  (app names vary fastest);
* templates without ``${applicationName}`` are dropped (the system drops them);
  templates that use a parameter which cannot expand (String, Int, Bool without
  display names, arrays, ...) are dropped too: no phrase can be said for them;
* only the first ``budget`` (1,000) phrases per app per locale are served;
* localized text falls back exact -> language-script -> language ->
  developmentLocale; a plain string (or plain list of synonyms) applies to all
  locales. Phrases themselves do not fall back: a locale without its own phrases
  has none (spec: "A locale listed in `locales` with no phrases of its own has none").

Usable as a module (``expand_catalog``) or from the command line:

    python expand.py ../../Corpora/music/catalog.json --locale fr          # JSONL
    python expand.py ../../Corpora/*/catalog.json --counts                 # counts
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import sys
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple

BUDGET = 1000
APP_TOKEN = "applicationName"
PRIMITIVES = {
    "Bool", "String", "Int", "Double", "Decimal", "Date", "DateComponents",
    "Duration", "Measurement", "URL", "IntentFile", "IntentPerson",
    "CurrencyAmount", "PaymentMethod", "PlacemarkLocation", "Color",
}
_TOKEN = re.compile(r"\$\$|\$\{([^}]*)\}")


# --------------------------------------------------------------------------- locales

def fallback_chain(locale: str, dev_locale: str) -> List[str]:
    """exact -> language-script -> language -> development locale (deduplicated)."""
    parts = locale.replace("_", "-").split("-")
    chain = [locale]
    lang = parts[0]
    script = next((p for p in parts[1:] if len(p) == 4 and p.isalpha()), None)
    if script:
        chain.append(f"{lang}-{script}")
    chain.append(lang)
    chain.append(dev_locale)
    out: List[str] = []
    for c in chain:
        if c not in out:
            out.append(c)
    return out


def localized(value: Any, locale: str, dev_locale: str) -> Any:
    """Resolve localized text (str, or {locale: str}); also works for lists."""
    if value is None:
        return None
    if isinstance(value, (str, list)):
        return value  # plain value: applies to all locales
    if isinstance(value, dict):
        for key in fallback_chain(locale, dev_locale):
            if key in value:
                return value[key]
        return None
    raise ValueError(f"not localized text: {value!r}")


# --------------------------------------------------------------------------- templates

@dataclass
class Template:
    text: str
    parts: List[Tuple[str, str]]  # ("lit", text) | ("param", name) | ("app", "")

    @property
    def params(self) -> List[str]:
        seen: List[str] = []
        for kind, name in self.parts:
            if kind == "param" and name not in seen:
                seen.append(name)
        return seen

    @property
    def has_app(self) -> bool:
        return any(kind == "app" for kind, _ in self.parts)

    def render(self, app_name: str, values: Dict[str, str]) -> str:
        out = []
        for kind, name in self.parts:
            if kind == "lit":
                out.append(name)
            elif kind == "app":
                out.append(app_name)
            else:
                out.append(values[name])
        return "".join(out)


def parse_template(text: str) -> Template:
    parts: List[Tuple[str, str]] = []
    pos = 0
    lit = []
    for m in _TOKEN.finditer(text):
        lit.append(text[pos:m.start()])
        pos = m.end()
        if m.group(0) == "$$":
            lit.append("$")
            continue
        if lit and "".join(lit):
            parts.append(("lit", "".join(lit)))
        lit = []
        name = m.group(1)
        parts.append(("app", "") if name == APP_TOKEN else ("param", name))
    lit.append(text[pos:])
    if "".join(lit):
        parts.append(("lit", "".join(lit)))
    return Template(text, parts)


# --------------------------------------------------------------------------- expansion

@dataclass
class Phrase:
    text: str
    intent: str
    parameters: Dict[str, Any]     # parameter name -> persisted id (rawValue / id / bool)
    values: Dict[str, str]         # parameter name -> the option text spoken in this phrase
    app_id: str
    locale: str
    shortcut_index: int
    template_index: int
    app_name: str

    def to_json(self) -> Dict[str, Any]:
        return {
            "text": self.text, "intent": self.intent, "parameters": self.parameters,
            "app": self.app_id, "locale": self.locale,
            "shortcut": self.shortcut_index, "template": self.template_index,
            "appName": self.app_name,
        }


@dataclass
class ExpandStats:
    total: int = 0                 # before the budget
    served: int = 0
    dropped_templates: List[str] = field(default_factory=list)


def app_name_variants(catalog: Dict[str, Any], locale: str) -> List[str]:
    dev = catalog.get("developmentLocale", "en")
    app = catalog["app"]
    names = []
    display = localized(app.get("name"), locale, dev)
    if display:
        names.append(display)
    for alt in app.get("alternativeNames", []) or []:
        n = localized(alt.get("name") if isinstance(alt, dict) else alt, locale, dev)
        if n:
            names.append(n)
    return names


def option_variants(catalog: Dict[str, Any], shortcut: Dict[str, Any], param: str,
                    locale: str, synonym_fallback: bool = True
                    ) -> Optional[List[Tuple[Any, str]]]:
    """(persisted value, spoken text) in expansion order, or None if not expandable."""
    dev = catalog.get("developmentLocale", "en")
    spec = (shortcut.get("parameters") or {}).get(param)
    if spec is None:
        raise ValueError(f"{shortcut.get('intent')}: unknown parameter ${{{param}}}")
    ptype = spec.get("type")

    def syns(obj: Dict[str, Any]) -> List[str]:
        s = obj.get("synonyms")
        if s is None:
            return []
        if isinstance(s, dict) and not synonym_fallback:
            s = s.get(locale, [])
        else:
            s = localized(s, locale, dev) or []
        if isinstance(s, str):
            s = [s]
        return list(s)

    out: List[Tuple[Any, str]] = []
    if ptype == "Bool":
        dn = spec.get("displayName")
        if not dn:
            return None
        for key, val in (("true", True), ("false", False)):
            t = localized(dn.get(key), locale, dev)
            if t:
                out.append((val, t))
        return out
    if ptype in (catalog.get("enums") or {}):
        for case in catalog["enums"][ptype].get("cases", []):
            title = localized(case.get("title"), locale, dev) or case.get("rawValue")
            for t in [title] + syns(case):
                if t:
                    out.append((case["rawValue"], t))
        return out
    if ptype in (catalog.get("entities") or {}):
        for opt in catalog["entities"][ptype].get("options", []):
            title = localized(opt.get("title"), locale, dev)
            for t in [title] + syns(opt):
                if t:
                    out.append((opt["id"], t))
        return out
    return None  # primitive / array: cannot be matched from a phrase


def templates_for(catalog: Dict[str, Any], shortcut: Dict[str, Any], locale: str) -> List[str]:
    phrases = shortcut.get("phrases") or {}
    if isinstance(phrases, list):  # bare array = development locale
        return phrases if locale == catalog.get("developmentLocale", "en") else []
    return phrases.get(locale, [])


def iter_phrases(catalog: Dict[str, Any], locale: str, stats: Optional[ExpandStats] = None,
                 synonym_fallback: bool = True) -> Iterator[Phrase]:
    """All phrases of one locale in system order (before the budget)."""
    app_id = catalog["app"]["id"]
    names = app_name_variants(catalog, locale)
    for si, sc in enumerate(catalog.get("shortcuts", [])):
        for ti, ttext in enumerate(templates_for(catalog, sc, locale)):
            tpl = parse_template(ttext)
            if not tpl.has_app:
                if stats is not None:
                    stats.dropped_templates.append(f"{sc['intent']}[{ti}] no ${{applicationName}}: {ttext}")
                continue
            params = tpl.params
            per_param = []
            ok = True
            for p in params:
                ov = option_variants(catalog, sc, p, locale, synonym_fallback)
                if ov is None:
                    ok = False
                    if stats is not None:
                        stats.dropped_templates.append(f"{sc['intent']}[{ti}] ${{{p}}} not expandable: {ttext}")
                    break
                per_param.append(ov)
            if not ok:
                continue
            for combo in itertools.product(*per_param):
                values = {p: text for p, (_, text) in zip(params, combo)}
                binding = {p: val for p, (val, _) in zip(params, combo)}
                for name in names:
                    yield Phrase(tpl.render(name, values), sc["intent"], binding, values, app_id,
                                 locale, si, ti, name)


def expand_catalog(catalog: Dict[str, Any], locale: str, budget: Optional[int] = BUDGET,
                   synonym_fallback: bool = True) -> Tuple[List[Phrase], ExpandStats]:
    """The served phrases of one locale (the first `budget`), and counts."""
    stats = ExpandStats()
    served: List[Phrase] = []
    for ph in iter_phrases(catalog, locale, stats, synonym_fallback):
        stats.total += 1
        if budget is None or len(served) < budget:
            served.append(ph)
    stats.served = len(served)
    return served, stats


def load_catalog(path: str) -> Dict[str, Any]:
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def main(argv: Optional[Sequence[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("catalogs", nargs="+")
    ap.add_argument("--locale", action="append", help="locale(s); default: the catalog's `locales`")
    ap.add_argument("--budget", type=int, default=BUDGET, help="0 = unlimited")
    ap.add_argument("--no-synonym-fallback", action="store_true",
                    help="synonyms only from the exact locale key (no fallback)")
    ap.add_argument("--counts", action="store_true", help="print counts instead of phrases")
    args = ap.parse_args(argv)
    for path in args.catalogs:
        cat = load_catalog(path)
        for loc in args.locale or cat.get("locales", [cat.get("developmentLocale", "en")]):
            phrases, st = expand_catalog(cat, loc, args.budget or None,
                                         not args.no_synonym_fallback)
            if args.counts:
                per_intent: Dict[str, int] = {}
                for p in phrases:
                    per_intent[p.intent] = per_intent.get(p.intent, 0) + 1
                print(f"{cat['app']['id']}\t{loc}\ttotal={st.total}\tserved={st.served}\t"
                      + " ".join(f"{k}={v}" for k, v in per_intent.items()))
                for d in st.dropped_templates:
                    print(f"  dropped: {d}")
            else:
                for p in phrases:
                    print(json.dumps(p.to_json(), ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
