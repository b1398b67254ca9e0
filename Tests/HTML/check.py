#!/usr/bin/env python3
"""Renders PhraseEngine's html reports in a real headless browser (Debian's chromium) at a
1,400 px wide window and fails when anything overflows or is clipped:

- the page scrolls sideways (its content is wider than the window);
- an element sticks out past the window's right edge (a table column off screen);
- an element with overflow other than visible (a scroll box, a clipped cell) has content wider
  or taller than its box: sideways scrolling, or clipped text;
- an SVG label or mark lies partly outside its SVG (SVG clips it): a cut-off row label.

Usage: Tests/HTML/check.py [--phrasematch BIN] [--out DIR] [--screenshots] [--width 1400] [HTML ...]
With no HTML files it makes the reports first: eval of every bundled sample app and of one,
collisions of every sample app in en and in ja and of the test fixture, and the golden eval.html. Only the standard
library; exit status 0 when every report fits, 1 when one does not, 2 when chromium is missing.
"""
import argparse, json, os, re, shutil, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Measures after layout and writes the findings as JSON into <pre id="fit-check">.
PROBE = r"""
<script>
(function () {
  const W = window.innerWidth, found = [];
  function name(e) {
    let s = e.tagName.toLowerCase();
    if (e.id) s += '#' + e.id;
    if (e.className && typeof e.className === 'string') s += '.' + e.className.trim().split(/\s+/).join('.');
    const t = (e.textContent || '').trim().replace(/\s+/g, ' ');
    return s + (t ? ' "' + t.slice(0, 60) + '"' : '');
  }
  const doc = document.documentElement;
  if (doc.scrollWidth > W + 1) found.push({what: 'page scrolls sideways', detail: doc.scrollWidth + ' px wide in a ' + W + ' px window'});
  let offscreen = 0;
  for (const e of document.body.querySelectorAll('*')) {
    if (e.id === 'fit-check' || e.closest('svg') && e.tagName.toLowerCase() !== 'svg') continue;
    const r = e.getBoundingClientRect();
    if (r.width > 0 && r.right > W + 1 && offscreen++ < 20) found.push({what: 'off screen', detail: name(e) + ' ends at ' + Math.round(r.right) + ' px'});
    const cs = getComputedStyle(e);
    const clipsX = cs.overflowX !== 'visible', clipsY = cs.overflowY !== 'visible';
    if (clipsX && e.scrollWidth > e.clientWidth + 1)
      found.push({what: cs.overflowX === 'hidden' || cs.overflowX === 'clip' ? 'clipped' : 'scrolls sideways',
                  detail: name(e) + ': content ' + e.scrollWidth + ' px in ' + e.clientWidth + ' px'});
    if (clipsY && e.tagName.toLowerCase() !== 'html' && e.tagName.toLowerCase() !== 'body' && e.scrollHeight > e.clientHeight + 1)
      found.push({what: 'clipped', detail: name(e) + ': content ' + e.scrollHeight + ' px high in ' + e.clientHeight + ' px'});
    if (cs.textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth + 1) found.push({what: 'clipped', detail: name(e) + ' ends in an ellipsis'});
  }
  for (const svg of document.querySelectorAll('svg')) {
    const b = svg.getBoundingClientRect();
    if (b.right > W + 1) found.push({what: 'off screen', detail: 'svg ' + (svg.getAttribute('aria-label') || '') + ' ends at ' + Math.round(b.right) + ' px'});
    let n = 0;
    for (const e of svg.querySelectorAll('text, rect')) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1 || r.bottom > b.bottom + 1) {
        if (n++ < 10) found.push({what: 'clipped', detail: 'svg ' + (svg.getAttribute('aria-label') || '') + ': ' + e.tagName + ' "' + (e.textContent || '').trim().slice(0, 40) + '" outside the svg'});
      }
    }
    if (n > 10) found.push({what: 'clipped', detail: '… and ' + (n - 10) + ' more in svg ' + (svg.getAttribute('aria-label') || '')});
  }
  const pre = document.createElement('pre');
  pre.id = 'fit-check';
  pre.textContent = JSON.stringify({width: W, scrollWidth: doc.scrollWidth, height: doc.scrollHeight, found: found});
  document.body.appendChild(pre);
})();
</script>
"""


def chromium():
    for c in ("chromium", "chromium-browser", "google-chrome"):
        p = shutil.which(c)
        if p:
            return p
    return None


def browser_args(width, height):
    return ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
            "--no-first-run", "--disable-extensions", f"--window-size={width},{height}"]


def check(browser, path, width, tmp):
    html = open(path, encoding="utf-8").read()
    probed = os.path.join(tmp, "probe-" + os.path.basename(path))
    i = html.rfind("</body>")
    with open(probed, "w", encoding="utf-8") as f:
        f.write(html[:i] + PROBE + html[i:] if i >= 0 else html + PROBE)
    out = subprocess.run([browser] + browser_args(width, 1000) + ["--dump-dom", "file://" + probed],
                         capture_output=True, text=True, timeout=300)
    m = re.search(r'<pre id="fit-check">(.*?)</pre>', out.stdout, re.S)
    if not m:
        return {"found": [{"what": "not rendered", "detail": (out.stderr or "")[-400:]}]}
    import html as h
    return json.loads(h.unescape(m.group(1)))


def screenshot(browser, path, width, height, png):
    subprocess.run([browser] + browser_args(width, height) + [f"--screenshot={png}", "file://" + os.path.abspath(path)],
                   capture_output=True, text=True, timeout=300)


def section_screenshots(browser, path, width, out, tmp):
    """One 1,400 × 1,300 px screenshot per h2 section (what comes before it removed), to look at."""
    html = open(path, encoding="utf-8").read()
    i = html.rfind("</body>")
    pngs = []
    for k in range(len(re.findall(r"<h2[ >]", html)) + 1):
        cut = ("<script>(function(){const h=document.querySelectorAll('h2')[%d];if(!h)return;"
               "while(document.body.firstChild&&document.body.firstChild!==h)document.body.removeChild(document.body.firstChild);})()</script>") % (k - 1)
        page = os.path.join(tmp, f"shot-{k}-" + os.path.basename(path))
        with open(page, "w", encoding="utf-8") as f:
            f.write(html[:i] + (cut if k > 0 else "") + html[i:])
        png = os.path.join(out, os.path.splitext(os.path.basename(path))[0] + f"-{k}.png")
        screenshot(browser, page, width, 1300, png)
        pngs.append(png)
    return pngs


def make_reports(pm, out):
    def run(args, name):
        p = os.path.join(out, name)
        r = subprocess.run([pm] + args + ["--quiet", "--output", p], cwd=ROOT, capture_output=True, text=True)
        if not os.path.exists(p):
            sys.exit(f"could not make {name}: phrasematch {' '.join(args)} exited {r.returncode}\n{r.stderr}")
        return p
    files = [
        run(["eval", "--format", "html", "--stable"], "eval-samples.html"),
        run(["eval", "--format", "html", "--stable", "--catalog", "Corpora/home/catalog.json"], "eval-home.html"),
        # Every sample app in two locales (Latin and CJK labels); all locales take minutes in a debug build.
        # The risk from 4 simulated utterances a phrase, not the default 24: the same pairs and
        # labels, laid out alike, in a quarter of the time (about 100 s for en alone otherwise).
        run(["collisions", "--format", "html", "--locale", "en", "--simulate", "4"], "collisions-samples-en.html"),
        run(["collisions", "--format", "html", "--locale", "ja", "--simulate", "4"], "collisions-samples-ja.html"),
        run(["collisions", "--format", "html", "--catalog", "Tests/PhraseEngineTests/Fixtures/Collisions/kinds.json"], "collisions-kinds.html"),
    ]
    golden = os.path.join(ROOT, "Tests/PhraseEngineTests/Fixtures/Golden/eval.html")
    return files + [golden]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--phrasematch", default=os.path.join(ROOT, ".build/debug/phrasematch"))
    ap.add_argument("--out", help="folder for the reports and screenshots (default: a temporary one)")
    ap.add_argument("--screenshots", action="store_true", help="also take a 1,400 px wide screenshot of each report")
    ap.add_argument("--width", type=int, default=1400)
    ap.add_argument("html", nargs="*")
    a = ap.parse_args()
    browser = chromium()
    if not browser:
        print("chromium not found (apt-get install chromium)", file=sys.stderr)
        return 2
    out = a.out or tempfile.mkdtemp(prefix="pe-html-")
    os.makedirs(out, exist_ok=True)
    files = a.html or make_reports(a.phrasematch, out)
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        # The probe must see what it is for: a page that is too wide, a clipped SVG label.
        bad = os.path.join(tmp, "known-bad.html")
        with open(bad, "w", encoding="utf-8") as f:
            f.write('<!DOCTYPE html><html><body><table><tr><td style="white-space:nowrap">' + "wide " * 400 + '</td></tr></table>'
                    '<svg width="100" height="40"><text x="90" y="20">a label cut at the edge</text></svg></body></html>')
        seen = {x["what"] for x in check(browser, bad, a.width, tmp).get("found", [])}
        if not {"page scrolls sideways", "clipped"} <= seen:
            print(f"the probe did not see a known overflow and clipping (saw: {sorted(seen)}); the check cannot be trusted", file=sys.stderr)
            return 2
        for f in files:
            r = check(browser, f, a.width, tmp)
            found = r.get("found", [])
            rel = os.path.relpath(f, ROOT) if f.startswith(ROOT) else f
            print(f"{'FAIL' if found else 'ok  '} {rel}" + (f" ({r.get('scrollWidth')}×{r.get('height')} px)" if "height" in r else ""))
            for x in found:
                print(f"       {x['what']}: {x['detail']}")
            failed += bool(found)
            if a.screenshots:
                pngs = section_screenshots(browser, f, a.width, out, tmp)
                print(f"       screenshots {pngs[0]} … ({len(pngs)}, one per section)")
    print(f"{len(files) - failed} of {len(files)} reports fit {a.width} px" + ("" if not failed else f"; {failed} do not"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
