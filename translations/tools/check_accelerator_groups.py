#!/usr/bin/env python3
"""Which accelerators clash, before building: translations/tools/check_accelerator_groups.py translations/attnscope_fr.ts

tst_translation finds two items on one Alt+letter by building a real main window
and the dialogs; this script finds the same clashes from the .ts alone, so a
translator can choose letters while translating. No two items may share an
accelerator letter ('&x'; '&&' is a literal ampersand) inside one menu, dialog or
main-window page. The main window counts as the menu bar, the eight tab titles,
the model panel's buttons and the head-statistics button together with the page
shown (the head-statistics dock can be raised over the predictions at any time).

It also notes accelerators on letters that are not a-z (reachable only on keyboards
that have that key) and short UI texts with an accelerator that are much longer
than the German ones, which set the width the 1280×860 layout was checked with.
The per-message rules (placeholders, markup, trailing …, line breaks, plural forms)
are tst_translation's and are not repeated here.

The groups below mirror app/gui/window/main_window_menus.cpp, main_window_explain.cpp,
main_window_views.cpp, app/session/views.cpp, the views and the two dialogs; when a
menu or dialog gains an item with an accelerator, add it here too. Exit status 1 if
two items clash or a listed message is missing. Python 3 standard library only.
"""
import os
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict

M, V, MP, HS, CV = 'MainWindow', 'session::Views', 'ModelPanel', 'HeadStatsPanel', 'CompareView'
HG, TL, AB, MK, ED, NM = 'HeadsGridView', 'TokenLinesView', 'AblationView', 'MaskView', 'ExportDialog', 'NewModelDialog'

# What Alt+letter reaches at once in the main window, whatever the page.
MAIN = [(M, '&File'), (M, '&View'), (M, '&Run'), (M, '&Help'),
        (V, 'H&eads'), (V, 'Head &detail'), (V, '&Mask'), (V, 'Sh&ape flow'), (V, 'Token &lines'), (V, 'Rollou&t'),
        (V, 'A&blation'), (V, '&Compare'),
        (MP, '&Open model…'), (MP, 'Ne&w random model…'), (HS, 'Run &probes')]
GROUPS = {
    'main window, Heads tab': MAIN + [(M, 'La&yers:'), (HG, 'Poolin&g:'), (HG, 'T&iles:')],
    'main window, Head detail tab': MAIN + [(M, '&Show:'), (M, 'Reset &zoom')],
    'main window, Mask tab': MAIN + [(MK, 'Ca&usal (each token sees only itself and earlier tokens)')],
    'main window, Token lines tab': MAIN + [(TL, 'Overla&y every head of the layer')],
    'main window, Ablation tab': MAIN + [(AB, '&Scan every head')],
    'main window, Compare tab': MAIN + [(CV, 'Te&xt B:'), (CV, 'Compare w&ith model…'), (CV, 'Compare with chec&kpoints…'),
                                        (CV, 'Stop comparin&g'), (CV, '&Show:')],
    'File menu': [(M, s) for s in ('&Open model…', 'Open model &folder…', '&New random model…', 'Open t&race file…',
                                   'Open &demo model', 'Open te&xt…', 'Choose &tokenizer…', '&Export…', '&Copy figure',
                                   '&Quit')],
    'View menu': [(M, s) for s in ('&Panels', '&Colour map', '&Scale', '&Query bars from 0 to 1')],
    'Run menu': [(M, s) for s in ('&Causal attention', '&Ablate selected head', '&Refuse text longer than the context',
                                  '&Threads', 'Attention &memory', 'Acti&vation memory', '&Key and value memory',
                                  'C&lear ablations', 'Ablation &scan', 'Block the selected e&dge in the selected head',
                                  'Block every edge into the selected ke&y', 'Clear knocko&uts', 'Ca&ncel run',
                                  'Com&pute as llama.cpp does (GGUF)', '&Generate…')]
                + [(CV, 'C&ompare')],
    'Run ▸ Compare menu': [(CV, s) for s in ('Compare with &text…', 'Compare with &model…', 'Compare with &checkpoints…',
                                             '&Previous checkpoint', '&Next checkpoint', '&Difference only',
                                             '&Stop comparing')],
    'Help menu': [(M, '&Guide'), (M, '&About AttnScope')],
    'Export dialog': [(ED, s) for s in ('&Format:', 'Resolut&ion:', 'Si&ze:', '&Heatmap cells:', 'F&ont size:',
                                        '&Columns:', '&Layers:', '&Keep proportions', '&Natural size', '&Title',
                                        'Colour &bar', 'R&un note', 'Also save the figure &recipe (.recipe.json)',
                                        '&Save…', 'Cop&y image')],
    'New random model dialog': [(NM, s) for s in ('&Layers (n_layer):', '&Heads (n_head):', '&Width (n_embed):',
                                                  '&Context length:', '&Vocabulary size:', '&Seed:')],
}


def read_ts(path):
    """{(context, source): (type, [texts])} for every message of a .ts file."""
    out = {}
    for ctx in ET.parse(path).getroot().iter('context'):
        name = ctx.find('name').text
        for m in ctx.iter('message'):
            t = m.find('translation')
            forms = [f.text or '' for f in t.findall('numerusform')] if m.get('numerus') == 'yes' else [t.text or '']
            out[(name, m.find('source').text)] = (t.get('type', ''), forms, m.get('numerus') == 'yes')
    return out


def mnemonics(s):
    out, i = '', 0
    while i + 1 < len(s):
        if s[i] == '&':
            if s[i + 1] == '&':
                i += 2
                continue
            if not s[i + 1].isspace():
                out += s[i + 1].lower()
        i += 1
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    path = sys.argv[1]
    msgs = read_ts(path)
    problems = []
    for (ctx, src), (kind, forms, numerus) in msgs.items():
        for ch in {c for t in forms for c in mnemonics(t)}:
            if not 'a' <= ch <= 'z':
                print(f'note: {ctx} / {src!r}: accelerator {ch!r} is not a-z: only keyboards with that key reach it')
    for group, keys in GROUPS.items():
        owners = defaultdict(list)
        for key in keys:
            if key not in msgs:
                problems.append(f'{group}: no message {key} (the sources changed: update GROUPS)')
                continue
            for t in msgs[key][1]:
                for ch in mnemonics(t):
                    owners[ch].append(t)
        for ch, texts in sorted(owners.items()):
            if len(texts) > 1:
                problems.append(f'{group}: "{ch}" is shared by ' + ' | '.join(texts))
    german = os.path.join(os.path.dirname(os.path.abspath(path)), 'attnscope_de.ts')
    if os.path.exists(german) and os.path.abspath(german) != os.path.abspath(path):
        de = read_ts(german)
        for key, (_, forms, numerus) in msgs.items():
            if numerus or '&' not in key[1] or key not in de:
                continue
            t, g = forms[0].replace('&', ''), de[key][1][0].replace('&', '')
            if len(t) > max(1.3 * len(g), len(g) + 6):
                print(f'note: {key[0]} / {key[1]!r}: {t!r} ({len(t)}) is much longer than German {g!r} ({len(g)})')
    for p in problems:
        print(p)
    print(f'{path}: {len(msgs)} messages, {len(problems)} problem(s)')
    sys.exit(1 if problems else 0)


if __name__ == '__main__':
    main()
