#!/usr/bin/python3
"""Check a Qt Linguist catalogue against the rules tst_translation enforces.

tst_translation checks attnscope_de.ts inside the test suite. This script runs
the same per-message checks on any translations/attnscope_<lang>.ts without a
build, so a translator can check a catalogue before committing it:

    /usr/bin/python3 translations/tools/check_ts.py translations/attnscope_ja.ts

Per message it checks, as tst_translation does:
  * the translation is finished (no type="unfinished"/"vanished"/"obsolete")
    and not empty; a plural message has as many forms as the language has
    (1 for zh, ja, ko; 2 for de, en, es, fr, it, nl, pt; others unchecked);
  * the same placeholders %1 … %99, %L1 … and %n (a plural form may spell
    out its number instead of %n);
  * as many accelerators ('&x'; '&&' is a literal '&') as the source;
  * the same HTML tags in the same order;
  * a trailing '…' (opens a dialog) exactly where the source has one;
  * as many line breaks as the source.
And two rules the test cannot see from the .ts alone:
  * a source that is only a key sequence ("Ctrl+Shift+A", "Alt+PgUp") is
    translated unchanged, so QKeySequence still parses it;
  * in Chinese, Japanese and Korean an accelerator is written the way Qt
    applications write it there, a Latin letter in brackets: "文件(&F)".

Whether two entries of one menu or dialog share an accelerator depends on the
widgets, not on the .ts: tst_translation checks that on a real main window.

Exit status 0 when every message passes, 1 otherwise (each problem printed).
"""
import re
import sys
import xml.etree.ElementTree as ET

PLURAL_FORMS = {'zh': 1, 'ja': 1, 'ko': 1, 'de': 2, 'en': 2, 'es': 2, 'fr': 2, 'it': 2, 'nl': 2, 'pt': 2}
CJK = {'zh', 'ja', 'ko'}
PLACEHOLDER = re.compile(r'%L?(\d{1,2}|n)')
TAG = re.compile(r'</?[a-zA-Z][^<>]*>')
KEY_SEQUENCE = re.compile(r'^((Ctrl|Shift|Alt|Meta)\+)+[A-Za-z0-9]+$')
CJK_ACCEL = re.compile(r'\(&[A-Za-z0-9]\)')


def placeholders(s):
    return sorted(m.group(0) for m in PLACEHOLDER.finditer(s))


def mnemonics(s):
    out, i = [], 0
    while i + 1 < len(s):
        if s[i] == '&':
            if s[i + 1] == '&':
                i += 2
                continue
            if not s[i + 1].isspace():
                out.append(s[i + 1].lower())
        i += 1
    return out


def check(path):
    root = ET.parse(path).getroot()
    lang = (root.get('language') or '').split('_')[0]
    want_forms = PLURAL_FORMS.get(lang)
    problems, count = [], 0
    for ctx in root.iter('context'):
        name = ctx.findtext('name')
        for msg in ctx.iter('message'):
            count += 1
            src = msg.findtext('source') or ''
            tr = msg.find('translation')
            where = f'{name} / {src!r}'
            kind = tr.get('type') if tr is not None else 'missing'
            if kind:
                problems.append(f'{where}: [{kind}]')
            numerus = msg.get('numerus') == 'yes'
            forms = [f.text or '' for f in tr.findall('numerusform')] if numerus else [tr.text or '']
            if numerus and want_forms and len(forms) != want_forms:
                problems.append(f'{where}: {len(forms)} plural form(s), {lang} has {want_forms}')
            for t in forms:
                w = f'{where} -> {t!r}'
                if not t.strip():
                    problems.append(f'{w}: empty')
                    continue
                ws, wt = placeholders(src), placeholders(t)
                if numerus:
                    ws = [p for p in ws if p != '%n']
                    wt = [p for p in wt if p != '%n']
                if ws != wt:
                    problems.append(f'{w}: placeholders {ws} vs {wt}')
                if len(mnemonics(src)) != len(mnemonics(t)):
                    problems.append(f'{w}: {len(mnemonics(t))} accelerator(s) instead of {len(mnemonics(src))}')
                if TAG.findall(src) != TAG.findall(t):
                    problems.append(f'{w}: HTML tags differ')
                if src.endswith('\u2026') != t.endswith('\u2026'):
                    problems.append(f'{w}: the trailing … must match')
                if src.count('\n') != t.count('\n'):
                    problems.append(f'{w}: line breaks differ')
                if KEY_SEQUENCE.match(src) and t != src:
                    problems.append(f'{w}: a key sequence stays as it is')
                if lang in CJK and mnemonics(src) and not CJK_ACCEL.search(t):
                    problems.append(f'{w}: write the accelerator as "(&X)"')
    return count, problems


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip().split('\n\n')[1])
        return 2
    bad = False
    for path in sys.argv[1:]:
        count, problems = check(path)
        for p in problems:
            print(f'{path}: {p}')
        print(f'{path}: {count} messages, {len(problems)} problem(s)')
        bad = bad or bool(problems)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
