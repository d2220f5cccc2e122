<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AblationView</name>
    <message>
        <source>&amp;Scan every head</source>
        <translation>&amp;Jeden Kopf scannen</translation>
    </message>
    <message>
        <source>Run the model once per head with that head ablated and show how the text&apos;s loss changes (Ctrl+Shift+A)</source>
        <translation>Das Modell einmal je Kopf mit diesem Kopf ausgeschaltet rechnen und zeigen, wie sich der Verlust des Textes ändert (Strg+Umschalt+A)</translation>
    </message>
    <message>
        <source>Click a head to ablate it, or to turn it back on.</source>
        <translation>Klicken Sie auf einen Kopf, um ihn auszuschalten oder wieder einzuschalten.</translation>
    </message>
    <message>
        <source>Scanning…</source>
        <translation>Scan läuft…</translation>
    </message>
    <message>
        <source>Ablating each head in turn…</source>
        <translation>Jeder Kopf wird der Reihe nach ausgeschaltet…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Ablation scan</source>
        <translation>Ausschalt-Scan</translation>
    </message>
    <message>
        <source>Scan cancelled.</source>
        <translation>Scan abgebrochen.</translation>
    </message>
    <message>
        <source>Estimated time on this machine: %1.</source>
        <translation>Geschätzte Dauer auf diesem Rechner: %1.</translation>
    </message>
    <message>
        <source>under a second</source>
        <translation>unter einer Sekunde</translation>
    </message>
    <message numerus="yes">
        <source>%n s</source>
        <translation>
            <numerusform>%n s</numerusform>
            <numerusform>%n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>Ablating each head in turn… %1.</source>
        <translation>Jeder Kopf wird der Reihe nach ausgeschaltet… %1.</translation>
    </message>
    <message numerus="yes">
        <source>An estimate from one backward pass (attribution patching); the scan measures each head exactly: %n forward pass(es).</source>
        <translation>
            <numerusform>Eine Schätzung aus einem einzigen Rückwärtsdurchlauf (Attribution Patching); der Scan misst jeden Kopf exakt: %n Vorwärtsdurchlauf.</numerusform>
            <numerusform>Eine Schätzung aus einem einzigen Rückwärtsdurchlauf (Attribution Patching); der Scan misst jeden Kopf exakt: %n Vorwärtsdurchläufe.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A scan takes %n forward pass(es).</source>
        <translation>
            <numerusform>Ein Scan braucht %n Vorwärtsdurchlauf.</numerusform>
            <numerusform>Ein Scan braucht %n Vorwärtsdurchläufe.</numerusform>
        </translation>
    </message>
    <message>
        <source>less than a second left</source>
        <translation>noch weniger als eine Sekunde</translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation>noch etwa %1</translation>
    </message>
</context>
<context>
    <name>AttentionTextPanel</name>
    <message>
        <source>Text coloured by attention</source>
        <translation>Text nach Aufmerksamkeit eingefärbt</translation>
    </message>
    <message>
        <source>Attention of the selected query over the text</source>
        <translation>Aufmerksamkeit der ausgewählten Query über den Text</translation>
    </message>
    <message>
        <source>Token %1 “%2”: weight %3</source>
        <translation>Token %1 „%2“: Gewicht %3</translation>
    </message>
    <message>
        <source>Token %1 “%2”: norm %3</source>
        <translation>Token %1 „%2“: Norm %3</translation>
    </message>
    <message>
        <source>Token %1 “%2”: raw score %3</source>
        <translation>Token %1 „%2“: Roh-Score %3</translation>
    </message>
    <message>
        <source>%1 · value-weighted norms ‖α·v W_O‖ of query %2 “%3”</source>
        <translation>%1 · wertgewichtete Normen ‖α·v W_O‖ der Query %2 „%3“</translation>
    </message>
    <message>
        <source>%1 · raw scores of query %2 “%3”</source>
        <translation>%1 · Roh-Scores der Query %2 „%3“</translation>
    </message>
    <message>
        <source>%1 · attention weights of query %2 “%3”</source>
        <translation>%1 · Aufmerksamkeitsgewichte der Query %2 „%3“</translation>
    </message>
</context>
<context>
    <name>AttributionView</name>
    <message>
        <source>&amp;Score by:</source>
        <translation>Bewertun&amp;g nach:</translation>
    </message>
    <message>
        <source>How each token&apos;s share is measured: relevance (gradient-weighted attention through every layer), the gradient&apos;s size, gradient × input, or integrated gradients</source>
        <translation>Wie der Anteil jedes Tokens gemessen wird: Relevanz (mit Gradienten gewichtete Aufmerksamkeit durch alle Schichten), die Größe des Gradienten, Gradient × Eingabe oder Integrierte Gradienten</translation>
    </message>
    <message>
        <source>Ne&amp;xt token</source>
        <translation>Nächste&amp;s Token</translation>
    </message>
    <message>
        <source>Explain the text&apos;s next token again (or the top prediction at the last position) instead of the token chosen in Predictions</source>
        <translation>Wieder das nächste Token des Textes erklären (oder an der letzten Position die wahrscheinlichste Vorhersage) statt des in den Vorhersagen gewählten Tokens</translation>
    </message>
    <message>
        <source>Logit lens</source>
        <translation>Logit-Lens</translation>
    </message>
    <message>
        <source>The prediction read after every block: the target&apos;s probability and the most probable tokens</source>
        <translation>Die nach jedem Block abgelesene Vorhersage: die Wahrscheinlichkeit des Ziels und die wahrscheinlichsten Tokens</translation>
    </message>
    <message>
        <source>Attribution</source>
        <translation>Attribution</translation>
    </message>
    <message>
        <source>A trace file holds attention only: attributions need the model.</source>
        <translation>Eine Trace-Datei enthält nur die Aufmerksamkeit: Attributionen brauchen das Modell.</translation>
    </message>
    <message numerus="yes">
        <source>Computing %n gradient(s)…</source>
        <translation>
            <numerusform>%n Gradient wird berechnet…</numerusform>
            <numerusform>%n Gradienten werden berechnet…</numerusform>
        </translation>
    </message>
    <message>
        <source>Computing the gradients…</source>
        <translation>Die Gradienten werden berechnet…</translation>
    </message>
    <message>
        <source>“%1” at position %2</source>
        <translation>„%1“ an Position %2</translation>
    </message>
    <message>
        <source>The token chosen in Predictions.</source>
        <translation>Das in den Vorhersagen gewählte Token.</translation>
    </message>
    <message>
        <source>The next token. Click a token to move P.</source>
        <translation>Das nächste Token. Klicken Sie auf ein Token, um P zu verschieben.</translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message>
        <source>The selected head of text A beside text or model B, and their difference B − A</source>
        <translation>Der ausgewählte Kopf für Text A neben Text oder Modell B und ihre Differenz B − A</translation>
    </message>
    <message>
        <source>Te&amp;xt B:</source>
        <translation>Te&amp;xt B:</translation>
    </message>
    <message>
        <source>Type a second text to compare with the text above, on the same model</source>
        <translation>Einen zweiten Text eingeben, um ihn im selben Modell mit dem Text oben zu vergleichen</translation>
    </message>
    <message>
        <source>B: a second text on the same model (Ctrl+Shift+D). Cropped to the context like the text above.</source>
        <translation>B: ein zweiter Text im selben Modell (Strg+Umschalt+D). Wie der Text oben auf den Kontext gekürzt.</translation>
    </message>
    <message>
        <source>B: the same text on another model of the same shape (Ctrl+Shift+M)</source>
        <translation>B: derselbe Text in einem anderen Modell derselben Form (Strg+Umschalt+M)</translation>
    </message>
    <message>
        <source>B: several checkpoints of one run, one at a time; step with Alt+PgUp and Alt+PgDown (Ctrl+Alt+M)</source>
        <translation>B: mehrere Checkpoints eines Trainingslaufs, einer nach dem anderen; mit Alt+Bild↑ und Alt+Bild↓ weiterschalten (Strg+Alt+M)</translation>
    </message>
    <message>
        <source>Stop comparin&amp;g</source>
        <translation>Vergleich b&amp;eenden</translation>
    </message>
    <message>
        <source>Forget B: the view and the head statistics show A alone</source>
        <translation>B verwerfen: Die Ansicht und die Kopfstatistik zeigen nur A</translation>
    </message>
    <message>
        <source>A | B | B − A</source>
        <translation>A | B | B − A</translation>
    </message>
    <message>
        <source>Difference B − A</source>
        <translation>Differenz B − A</translation>
    </message>
    <message>
        <source>Side by side with the difference, or the difference alone (Ctrl+Alt+D)</source>
        <translation>Nebeneinander mit der Differenz oder nur die Differenz (Strg+Alt+D)</translation>
    </message>
    <message>
        <source>The previous checkpoint as B (Alt+PgUp)</source>
        <translation>Der vorherige Checkpoint als B (Alt+Bild↑)</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>Weiter ▶</translation>
    </message>
    <message>
        <source>The next checkpoint as B (Alt+PgDown)</source>
        <translation>Der nächste Checkpoint als B (Alt+Bild↓)</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>Checkpoint</translation>
    </message>
    <message>
        <source>Which checkpoint is B</source>
        <translation>Welcher Checkpoint B ist</translation>
    </message>
    <message>
        <source>C&amp;ompare</source>
        <translation>&amp;Vergleichen</translation>
    </message>
    <message>
        <source>Compare with &amp;text…</source>
        <translation>Mit &amp;Text vergleichen…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+D</source>
        <translation>Ctrl+Shift+D</translation>
    </message>
    <message>
        <source>Compare with &amp;model…</source>
        <translation>Mit &amp;Modell vergleichen…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+M</source>
        <translation>Ctrl+Shift+M</translation>
    </message>
    <message>
        <source>Compare with &amp;checkpoints…</source>
        <translation>Mit &amp;Checkpoints vergleichen…</translation>
    </message>
    <message>
        <source>Ctrl+Alt+M</source>
        <translation>Ctrl+Alt+M</translation>
    </message>
    <message>
        <source>&amp;Previous checkpoint</source>
        <translation>&amp;Vorheriger Checkpoint</translation>
    </message>
    <message>
        <source>Alt+PgUp</source>
        <translation>Alt+PgUp</translation>
    </message>
    <message>
        <source>&amp;Next checkpoint</source>
        <translation>&amp;Nächster Checkpoint</translation>
    </message>
    <message>
        <source>Alt+PgDown</source>
        <translation>Alt+PgDown</translation>
    </message>
    <message>
        <source>&amp;Difference only</source>
        <translation>Nur &amp;Differenz</translation>
    </message>
    <message>
        <source>Ctrl+Alt+D</source>
        <translation>Ctrl+Alt+D</translation>
    </message>
    <message>
        <source>&amp;Stop comparing</source>
        <translation>Vergleich &amp;beenden</translation>
    </message>
    <message>
        <source>Loading model B…</source>
        <translation>Modell B wird geladen…</translation>
    </message>
    <message>
        <source>Running B…</source>
        <translation>B wird berechnet…</translation>
    </message>
    <message>
        <source>Compare with model</source>
        <translation>Mit Modell vergleichen</translation>
    </message>
    <message>
        <source>Models (*.safetensors *.pt *.pth *.bin *.ckpt);;All files (*)</source>
        <translation>Modelle (*.safetensors *.pt *.pth *.bin *.ckpt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Compare with checkpoints of one run</source>
        <translation>Mit Checkpoints eines Trainingslaufs vergleichen</translation>
    </message>
    <message>
        <source>Checkpoint %1 of %2: %3</source>
        <translation>Checkpoint %1 von %2: %3</translation>
    </message>
    <message>
        <source>Choose B: type a second text, or compare with another model of the same shape.</source>
        <translation>B wählen: Geben Sie einen zweiten Text ein oder vergleichen Sie mit einem anderen Modell derselben Form.</translation>
    </message>
    <message numerus="yes">
        <source>A: %1 · %n token(s)</source>
        <translation>
            <numerusform>A: %1 · %n Token</numerusform>
            <numerusform>A: %1 · %n Tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>B: %1 · %n token(s)</source>
        <translation>
            <numerusform>B: %1 · %n Token</numerusform>
            <numerusform>B: %1 · %n Tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The difference covers the first %n position(s).</source>
        <translation>
            <numerusform>Die Differenz umfasst nur die erste Position.</numerusform>
            <numerusform>Die Differenz umfasst die ersten %n Positionen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Text B is longer than the model&apos;s context: only its last %1 tokens are used (%2 dropped).</source>
        <translation>Text B ist länger als der Kontext des Modells: Nur seine letzten %1 Tokens werden verwendet (%2 verworfen).</translation>
    </message>
    <message>
        <source>Compare w&amp;ith model…</source>
        <translation>Mit Mode&amp;ll vergleichen…</translation>
    </message>
    <message>
        <source>Compare with chec&amp;kpoints…</source>
        <translation>Mit Checkpoint&amp;s vergleichen…</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>Anzei&amp;ge:</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ Zurück</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>The input is not valid.</source>
        <translation>Die Eingabe ist ungültig.</translation>
    </message>
    <message>
        <source>The file could not be read or written.</source>
        <translation>Die Datei konnte nicht gelesen oder geschrieben werden.</translation>
    </message>
    <message>
        <source>This is not a model format AttnScope can read.</source>
        <translation>Dieses Modellformat kann AttnScope nicht lesen.</translation>
    </message>
    <message>
        <source>The file is damaged or inconsistent.</source>
        <translation>Die Datei ist beschädigt oder inkonsistent.</translation>
    </message>
    <message>
        <source>The file is truncated.</source>
        <translation>Die Datei ist unvollständig.</translation>
    </message>
    <message>
        <source>The file stores numbers in a type AttnScope cannot read.</source>
        <translation>Die Datei speichert Zahlen in einem Datentyp, den AttnScope nicht lesen kann.</translation>
    </message>
    <message>
        <source>A tensor in the file has the wrong shape for this model.</source>
        <translation>Ein Tensor in der Datei hat die falsche Form für dieses Modell.</translation>
    </message>
    <message>
        <source>A tensor the model needs is missing from the file.</source>
        <translation>In der Datei fehlt ein Tensor, den das Modell benötigt.</translation>
    </message>
    <message>
        <source>The file holds a tensor this model does not use.</source>
        <translation>Die Datei enthält einen Tensor, den dieses Modell nicht verwendet.</translation>
    </message>
    <message>
        <source>The file names the same tensor twice.</source>
        <translation>Die Datei enthält denselben Tensor zweimal.</translation>
    </message>
    <message>
        <source>The file asks for more memory than any model needs; it was not loaded.</source>
        <translation>Die Datei verlangt mehr Speicher, als ein Modell je braucht; sie wurde nicht geladen.</translation>
    </message>
    <message>
        <source>The checkpoint tries to run code; AttnScope never runs code from files.</source>
        <translation>Der Checkpoint versucht, Code auszuführen; AttnScope führt niemals Code aus Dateien aus.</translation>
    </message>
    <message>
        <source>The text is longer than the model&apos;s context.</source>
        <translation>Der Text ist länger als der Kontext des Modells.</translation>
    </message>
    <message>
        <source>There is nothing to run: type some text.</source>
        <translation>Es gibt nichts zu berechnen: Geben Sie einen Text ein.</translation>
    </message>
    <message>
        <source>The text is not valid UTF-8.</source>
        <translation>Der Text ist kein gültiges UTF-8.</translation>
    </message>
    <message>
        <source>No tokenizer was found for this model.</source>
        <translation>Für dieses Modell wurde kein Tokenizer gefunden.</translation>
    </message>
    <message>
        <source>The run was cancelled.</source>
        <translation>Die Berechnung wurde abgebrochen.</translation>
    </message>
    <message>
        <source>Something went wrong.</source>
        <translation>Etwas ist schiefgegangen.</translation>
    </message>
    <message>
        <source>The tokenizer file could not be read; the model itself is fine.</source>
        <translation>Die Tokenizer-Datei konnte nicht gelesen werden; das Modell selbst ist in Ordnung.</translation>
    </message>
    <message>
        <source>This would take far too long to compute for a text this long.</source>
        <translation>Für einen so langen Text würde die Berechnung viel zu lange dauern.</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>Export preview</source>
        <translation>Exportvorschau</translation>
    </message>
    <message>
        <source>No figure yet.</source>
        <translation>Noch keine Abbildung.</translation>
    </message>
    <message>
        <source>PNG image</source>
        <translation>PNG-Bild</translation>
    </message>
    <message>
        <source>SVG vector figure</source>
        <translation>SVG-Vektorgrafik</translation>
    </message>
    <message>
        <source>PDF vector figure</source>
        <translation>PDF-Vektorgrafik</translation>
    </message>
    <message>
        <source>CSV: one head&apos;s matrix</source>
        <translation>CSV: Matrix eines Kopfes</translation>
    </message>
    <message>
        <source>NPY: numpy array (+ tokens)</source>
        <translation>NPY: NumPy-Array (+ Tokens)</translation>
    </message>
    <message>
        <source>JSON: tokens, shapes and weights</source>
        <translation>JSON: Tokens, Formen und Gewichte</translation>
    </message>
    <message>
        <source> dpi</source>
        <translation> dpi</translation>
    </message>
    <message>
        <source> in</source>
        <translation> Zoll</translation>
    </message>
    <message>
        <source>&amp;Keep proportions</source>
        <translation>Seitenverhältnis &amp;beibehalten</translation>
    </message>
    <message>
        <source>&amp;Natural size</source>
        <translation>&amp;Natürliche Größe</translation>
    </message>
    <message>
        <source>Embedded image</source>
        <translation>Eingebettetes Bild</translation>
    </message>
    <message>
        <source>One rectangle per cell</source>
        <translation>Ein Rechteck pro Zelle</translation>
    </message>
    <message>
        <source>How SVG and PDF hold a heatmap: one image, or a vector rectangle for every cell.</source>
        <translation>Wie SVG und PDF eine Heatmap speichern: als ein Bild oder als ein Vektorrechteck pro Zelle.</translation>
    </message>
    <message>
        <source> pt</source>
        <translation> pt</translation>
    </message>
    <message>
        <source>&amp;Title</source>
        <translation>&amp;Titel</translation>
    </message>
    <message>
        <source>Colour &amp;bar</source>
        <translation>Farbska&amp;la</translation>
    </message>
    <message>
        <source>one row per layer</source>
        <translation>eine Zeile pro Schicht</translation>
    </message>
    <message>
        <source>all layers</source>
        <translation>alle Schichten</translation>
    </message>
    <message>
        <source>Layers to show, e.g. 0,2; empty for every layer.</source>
        <translation>Anzuzeigende Schichten, z. B. 0,2; leer für alle Schichten.</translation>
    </message>
    <message>
        <source>Also save the figure &amp;recipe (.recipe.json)</source>
        <translation>Auch das Abbildungs&amp;rezept speichern (.recipe.json)</translation>
    </message>
    <message>
        <source>Model, hash, text, view and style, so that “attnscope-cli export --recipe” draws the identical figure again.</source>
        <translation>Modell, Hash, Text, Ansicht und Stil, damit „attnscope-cli export --recipe“ dieselbe Abbildung erneut zeichnet.</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Format:</translation>
    </message>
    <message>
        <source>&amp;Heatmap cells:</source>
        <translation>Heat&amp;map-Zellen:</translation>
    </message>
    <message>
        <source>F&amp;ont size:</source>
        <translation>Sc&amp;hriftgröße:</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>Anzeigen:</translation>
    </message>
    <message>
        <source>&amp;Columns:</source>
        <translation>S&amp;palten:</translation>
    </message>
    <message>
        <source>&amp;Layers:</source>
        <translation>Sch&amp;ichten:</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>&amp;Speichern…</translation>
    </message>
    <message>
        <source>%1 × %2 pixels</source>
        <translation>%1 × %2 Pixel</translation>
    </message>
    <message>
        <source>%1 × %2 mm</source>
        <translation>%1 × %2 mm</translation>
    </message>
    <message>
        <source>CSV holds one head&apos;s matrix; choose NPY or JSON for several heads.</source>
        <translation>CSV enthält die Matrix eines einzelnen Kopfes; wählen Sie NPY oder JSON für mehrere Köpfe.</translation>
    </message>
    <message>
        <source>Writes %1 of shape (%2) as float32, with the token strings.</source>
        <translation>Schreibt „%1“ der Form (%2) als float32, zusammen mit den Token-Texten.</translation>
    </message>
    <message>
        <source>A random model has no file, so no recipe can name it; save the model to export a recipe.</source>
        <translation>Ein Zufallsmodell hat keine Datei, auf die ein Rezept verweisen könnte; speichern Sie das Modell, um ein Rezept zu exportieren.</translation>
    </message>
    <message>
        <source>The model is still running on the latest text; the export waits for it.</source>
        <translation>Das Modell rechnet noch am aktuellen Text; der Export wartet darauf.</translation>
    </message>
    <message>
        <source>There is nothing to export yet: the model has not run.</source>
        <translation>Noch gibt es nichts zu exportieren: Das Modell wurde noch nicht ausgeführt.</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1-Dateien (*.%2)</translation>
    </message>
    <message>
        <source>AttnScope could not export “%1”.

%2</source>
        <translation>AttnScope konnte „%1“ nicht exportieren.

%2</translation>
    </message>
    <message>
        <source>R&amp;un note</source>
        <translation>La&amp;ufhinweis</translation>
    </message>
    <message>
        <source>A line under the figure naming bidirectional attention and ablated heads, when the run had either.</source>
        <translation>Eine Zeile unter der Abbildung, die bidirektionale Aufmerksamkeit und ausgeschaltete Köpfe nennt, wenn der Lauf eines davon hatte.</translation>
    </message>
    <message>
        <source>%1 × %2 pixels is past the limit of %3 million: choose a smaller size or DPI, or SVG or PDF.</source>
        <translation>%1 × %2 Pixel liegen über der Grenze von %3 Millionen: Wählen Sie eine kleinere Größe oder DPI, oder SVG oder PDF.</translation>
    </message>
    <message>
        <source>Copy image</source>
        <translation>Bild kopieren</translation>
    </message>
    <message>
        <source>AttnScope could not copy the figure.

%1</source>
        <translation>AttnScope konnte die Abbildung nicht kopieren.

%1</translation>
    </message>
    <message>
        <source>Writing “%1”…</source>
        <translation>„%1“ wird geschrieben …</translation>
    </message>
    <message>
        <source>Export cancelled: “%1” was not written.</source>
        <translation>Export abgebrochen: „%1“ wurde nicht geschrieben.</translation>
    </message>
    <message>
        <source>“%1” already exists. Replace it?</source>
        <translation>„%1“ gibt es schon. Ersetzen?</translation>
    </message>
    <message>
        <source>Resolut&amp;ion:</source>
        <translation>&amp;Auflösung:</translation>
    </message>
    <message>
        <source>Si&amp;ze:</source>
        <translation>&amp;Größe:</translation>
    </message>
    <message>
        <source>Cop&amp;y image</source>
        <translation>Bild &amp;kopieren</translation>
    </message>
    <message>
        <source>This figure cannot be exported as %1. The Format list shows what it can be exported as.</source>
        <translation>Diese Abbildung lässt sich nicht als %1 exportieren. Die Liste „Format“ zeigt, wie sie exportiert werden kann.</translation>
    </message>
</context>
<context>
    <name>GenerateDialog</name>
    <message>
        <source>Generate</source>
        <translation>Generieren</translation>
    </message>
    <message>
        <source>G&amp;reedy: always the most probable token</source>
        <translation>&amp;Greedy: immer das wahrscheinlichste Token</translation>
    </message>
    <message>
        <source>Sa&amp;mpled with a seed</source>
        <translation>Sa&amp;mpling mit einem Seed</translation>
    </message>
    <message>
        <source>every token</source>
        <translation>alle Tokens</translation>
    </message>
    <message>
        <source>Go on past the &amp;end-of-text token</source>
        <translation>Über das &amp;End-of-Text-Token hinaus weitermachen</translation>
    </message>
    <message>
        <source>&amp;New tokens:</source>
        <translation>&amp;Neue Tokens:</translation>
    </message>
    <message>
        <source>&amp;Temperature:</source>
        <translation>&amp;Temperatur:</translation>
    </message>
    <message>
        <source>Top-&amp;k:</source>
        <translation>Top-&amp;k:</translation>
    </message>
    <message>
        <source>Top-&amp;p:</source>
        <translation>Top-&amp;p:</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>&amp;Seed:</translation>
    </message>
    <message>
        <source>&amp;Generate</source>
        <translation>Gene&amp;rieren</translation>
    </message>
</context>
<context>
    <name>GenerationBar</name>
    <message>
        <source>Generation step</source>
        <translation>Generierungsschritt</translation>
    </message>
    <message>
        <source>Every view shows the run as it was when this step&apos;s token was chosen</source>
        <translation>Jede Ansicht zeigt den Lauf so, wie er war, als das Token dieses Schritts gewählt wurde</translation>
    </message>
    <message>
        <source>Step through the generation (arrow keys, Home, End)</source>
        <translation>Schritt für Schritt durch die Generierung gehen (Pfeiltasten, Pos1, Ende)</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Abspielen</translation>
    </message>
    <message>
        <source>Step through the generation a token at a time</source>
        <translation>Die Generierung Token für Token abspielen</translation>
    </message>
    <message numerus="yes">
        <source>Generating: %n token(s)…</source>
        <translation>
            <numerusform>Generierung: %n Token…</numerusform>
            <numerusform>Generierung: %n Tokens…</numerusform>
        </translation>
    </message>
    <message>
        <source>Esc stops</source>
        <translation>Esc hält an</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>Schritt %1 von %2</translation>
    </message>
    <message numerus="yes">
        <source>All %n new token(s)</source>
        <translation>
            <numerusform>%n neues Token</numerusform>
            <numerusform>Alle %n neuen Tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped after the tokens asked for</source>
        <translation>Angehalten nach den angeforderten Tokens</translation>
    </message>
    <message>
        <source>Stopped at the end-of-text token</source>
        <translation>Angehalten am End-of-Text-Token</translation>
    </message>
    <message>
        <source>Stopped at the end of the model&apos;s context</source>
        <translation>Angehalten am Ende des Modellkontexts</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <source>%1 · %2 tokens/s</source>
        <translation>%1 · %2 Tokens/s</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
</context>
<context>
    <name>GuideDialog</name>
    <message>
        <source>Guide: how attention works</source>
        <translation>Anleitung: So funktioniert Aufmerksamkeit</translation>
    </message>
    <message>
        <source>Guide</source>
        <translation>Anleitung</translation>
    </message>
    <message>
        <source>How attention works in this model</source>
        <translation>So funktioniert Aufmerksamkeit in diesem Modell</translation>
    </message>
    <message>
        <source>No model is open. Open one (File ▸ Open model…) or make a random one (File ▸ New random model…) and this guide fills in its numbers.</source>
        <translation>Kein Modell geöffnet. Öffnen Sie eines (Datei ▸ Modell öffnen…) oder erzeugen Sie ein Zufallsmodell (Datei ▸ Neues Zufallsmodell…), dann setzt diese Anleitung seine Zahlen ein.</translation>
    </message>
    <message>
        <source>Your model has &lt;b&gt;n_layer = %1&lt;/b&gt; layers, each with &lt;b&gt;n_head = %2&lt;/b&gt; attention heads. Every token is a vector of &lt;b&gt;n_embed = %3&lt;/b&gt; numbers, and each head works on its own slice of them: the &lt;b&gt;head size&lt;/b&gt; is n_embed / n_head = %3 / %2 = &lt;b&gt;%4&lt;/b&gt;. </source>
        <translation>Ihr Modell hat &lt;b&gt;n_layer = %1&lt;/b&gt; Schichten mit je &lt;b&gt;n_head = %2&lt;/b&gt; Aufmerksamkeitsköpfen. Jedes Token ist ein Vektor aus &lt;b&gt;n_embed = %3&lt;/b&gt; Zahlen, und jeder Kopf arbeitet auf seinem eigenen Teil davon: die &lt;b&gt;Kopfgröße&lt;/b&gt; ist n_embed / n_head = %3 / %2 = &lt;b&gt;%4&lt;/b&gt;. </translation>
    </message>
    <message>
        <source>Your text is &lt;b&gt;T = %1&lt;/b&gt; tokens long.</source>
        <translation>Ihr Text ist &lt;b&gt;T = %1&lt;/b&gt; Tokens lang.</translation>
    </message>
    <message>
        <source>Type some text to see T, the number of tokens, filled in.</source>
        <translation>Geben Sie einen Text ein, dann steht hier T, die Zahl der Tokens.</translation>
    </message>
    <message>
        <source>Query, key and value</source>
        <translation>Query, Key und Value</translation>
    </message>
    <message>
        <source>A layer receives the text as a matrix x of shape (T, n_embed) = %1. Three linear maps turn it into the &lt;b&gt;queries&lt;/b&gt; (what each token is looking for), the &lt;b&gt;keys&lt;/b&gt; (what each token offers to be found by) and the &lt;b&gt;values&lt;/b&gt; (what it passes on when found). Each is again %1, split into the heads: (T, n_embed) → (n_head, T, head_size), here %1 → %2.</source>
        <translation>Eine Schicht erhält den Text als Matrix x der Form (T, n_embed) = %1. Drei lineare Abbildungen machen daraus die &lt;b&gt;Queries&lt;/b&gt; (wonach jedes Token sucht), die &lt;b&gt;Keys&lt;/b&gt; (woran jedes Token gefunden werden kann) und die &lt;b&gt;Values&lt;/b&gt; (was es weitergibt, wenn es gefunden wird). Jede ist wieder %1 und wird auf die Köpfe aufgeteilt: (T, n_embed) → (n_head, T, head_size), hier %1 → %2.</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>Scores</translation>
    </message>
    <message>
        <source>In each head every query is compared with every key: score = q · k / √head_size. That is one number per (query, key) pair, %1 for all heads of a layer. Dividing by √%2 = %3 keeps the scores from growing with the head size. Head detail ▸ Show ▸ Raw scores draws them.</source>
        <translation>In jedem Kopf wird jede Query mit jedem Key verglichen: Score = q · k / √head_size. Das ist eine Zahl je Paar (Query, Key), %1 für alle Köpfe einer Schicht. Die Division durch √%2 = %3 verhindert, dass die Scores mit der Kopfgröße wachsen. Kopfdetails ▸ Anzeige ▸ Roh-Scores zeigt sie.</translation>
    </message>
    <message>
        <source>The causal mask</source>
        <translation>Die kausale Maske</translation>
    </message>
    <message>
        <source>A causal model may only look back: token t sees tokens 0 … t and never the ones after it. The scores above the diagonal are set to −∞ before the softmax, so their weights are exactly 0 (grey in the views; the Mask view shows the mask, and Run ▸ Causal attention turns it off).</source>
        <translation>Ein kausales Modell darf nur zurückblicken: Token t sieht die Tokens 0 … t und nie die danach. Die Scores oberhalb der Diagonale werden vor dem Softmax auf −∞ gesetzt, ihre Gewichte sind also genau 0 (grau in den Ansichten; die Ansicht Maske zeigt die Maske, und Berechnung ▸ Kausale Aufmerksamkeit schaltet sie ab).</translation>
    </message>
    <message>
        <source>Of your %1 × %1 = %2 pairs, %3 are allowed.</source>
        <translation>Von Ihren %1 × %1 = %2 Paaren sind %3 erlaubt.</translation>
    </message>
    <message>
        <source>Softmax: the attention weights</source>
        <translation>Softmax: die Aufmerksamkeitsgewichte</translation>
    </message>
    <message>
        <source>Each query&apos;s row of scores goes through a softmax: every weight becomes positive and the row sums to 1. These weights are what the Heads grid and Head detail draw: one row per query, one column per key, %1 numbers per layer.</source>
        <translation>Die Zeile der Scores jeder Query geht durch einen Softmax: jedes Gewicht wird positiv, und die Zeile ergibt in Summe 1. Diese Gewichte zeigen das Kopfraster und die Kopfdetails: eine Zeile je Query, eine Spalte je Key, %1 Zahlen je Schicht.</translation>
    </message>
    <message>
        <source>What a head passes on</source>
        <translation>Was ein Kopf weitergibt</translation>
    </message>
    <message>
        <source>Each head mixes the values with its weights, giving %1; the heads are joined again, (n_head, T, head_size) → (T, n_embed) = %2, and a last linear map (the projection) adds the result to the token&apos;s vector. Ablating a head (Run ▸ Ablate selected head) sets its part to zero.</source>
        <translation>Jeder Kopf mischt die Values mit seinen Gewichten und erhält %1; die Köpfe werden wieder zusammengefügt, (n_head, T, head_size) → (T, n_embed) = %2, und eine letzte lineare Abbildung (die Projektion) addiert das Ergebnis zum Vektor des Tokens. Einen Kopf ausschalten (Berechnung ▸ Ausgewählten Kopf ausschalten) setzt seinen Anteil auf null.</translation>
    </message>
    <message>
        <source>Reading the views</source>
        <translation>Die Ansichten lesen</translation>
    </message>
    <message>
        <source>Heads grid: %1 tiles, one row per layer (L0 … L%2) and one column per head (H0 … H%3); hover a tile for its strongest key. Head detail: one head&apos;s full map, query down the side, key along the top; zoom with the wheel, type in “Go to token” to find a token.</source>
        <translation>Kopfraster: %1 Kacheln, eine Zeile je Schicht (S0 … S%2) und eine Spalte je Kopf (K0 … K%3); zeigen Sie auf eine Kachel, um ihren stärksten Key zu sehen. Kopfdetails: die ganze Karte eines Kopfes, Query an der Seite, Key oben; zoomen mit dem Mausrad, „Zu Token springen“ findet ein Token.</translation>
    </message>
    <message>
        <source>Before attention and before the MLP every block normalises each token&apos;s vector. This model uses &lt;b&gt;RMSNorm&lt;/b&gt;: x / √(mean(x²) + ε) · w, with ε = %1. LayerNorm (GPT-2) first subtracts the vector&apos;s mean and divides by its standard deviation, (x − mean) / √(var + ε) · w + b; RMSNorm leaves out the mean and the bias b and only scales the vector to a root mean square of 1 before multiplying by the learned weights w. The trace&apos;s ln1, ln2 and ln_f hold the RMSNorm outputs.</source>
        <translation>Vor der Attention und vor dem MLP normalisiert jeder Block den Vektor jedes Tokens. Dieses Modell nutzt &lt;b&gt;RMSNorm&lt;/b&gt;: x / √(mean(x²) + ε) · w, mit ε = %1. LayerNorm (GPT-2) zieht zuerst den Mittelwert des Vektors ab und teilt durch seine Standardabweichung, (x − mean) / √(var + ε) · w + b; RMSNorm lässt den Mittelwert und den Bias b weg und skaliert den Vektor nur auf einen quadratischen Mittelwert von 1, bevor es mit den gelernten Gewichten w multipliziert. ln1, ln2 und ln_f im Trace enthalten die Ausgaben der RMSNorm.</translation>
    </message>
    <message>
        <source>This model also applies an RMSNorm to each head&apos;s q and k (over the head size), before RoPE, which keeps the scores within a steady range.</source>
        <translation>Dieses Modell wendet außerdem eine RMSNorm auf q und k jedes Heads an (über die Head-Größe), vor RoPE; das hält die Scores in einem gleichmäßigen Bereich.</translation>
    </message>
    <message>
        <source>RMSNorm instead of LayerNorm</source>
        <translation>RMSNorm statt LayerNorm</translation>
    </message>
    <message>
        <source>Of each head&apos;s %1 dimensions, &lt;b&gt;%2&lt;/b&gt; are rotated</source>
        <translation>Von den %1 Dimensionen jedes Heads werden &lt;b&gt;%2&lt;/b&gt; gedreht</translation>
    </message>
    <message>
        <source> (partial rotary: %1% of the head size, %2 × %3 = %4); the other %5 pass through unchanged</source>
        <translation> (partielle Rotation: %1% der Head-Größe, %2 × %3 = %4); die übrigen %5 bleiben unverändert</translation>
    </message>
    <message>
        <source>This model has no table of position vectors (embed.position is zero): positions enter through &lt;b&gt;rotary position embeddings&lt;/b&gt; (RoPE). After the projections, each head&apos;s query and key are turned by angles that grow with the token&apos;s position. %1.</source>
        <translation>Dieses Modell hat keine Tabelle von Positionsvektoren (embed.position ist null): Positionen kommen über &lt;b&gt;rotierende Positionseinbettungen&lt;/b&gt; (RoPE) hinein. Nach den Projektionen werden Query und Key jedes Heads um Winkel gedreht, die mit der Position des Tokens wachsen. %1.</translation>
    </message>
    <message>
        <source>The rotated dimensions are split into two halves, x₁ (the first %1) and x₂ (the next %1); rotate_half(x) = (−x₂, x₁), and a token at position p gets q′ = q · cos(p·f) + rotate_half(q) · sin(p·f), the same for k. So each pair (x[i], x[i + %1]) turns in its own plane by the angle p · f&lt;sub&gt;i&lt;/sub&gt;, with f&lt;sub&gt;i&lt;/sub&gt; = 1 / rope_theta&lt;sup&gt;2i/%2&lt;/sup&gt; for i = 0 … %3. Here &lt;b&gt;rope_theta = %4&lt;/b&gt;: the fastest pair turns 1 radian per token (a full turn every 6.3 tokens), the slowest %5 radians per token (a full turn every %6 tokens)%7.</source>
        <translation>Die gedrehten Dimensionen werden in zwei Hälften geteilt, x₁ (die ersten %1) und x₂ (die nächsten %1); rotate_half(x) = (−x₂, x₁), und ein Token an Position p erhält q′ = q · cos(p·f) + rotate_half(q) · sin(p·f), ebenso k. So dreht sich jedes Paar (x[i], x[i + %1]) in seiner eigenen Ebene um den Winkel p · f&lt;sub&gt;i&lt;/sub&gt;, mit f&lt;sub&gt;i&lt;/sub&gt; = 1 / rope_theta&lt;sup&gt;2i/%2&lt;/sup&gt; für i = 0 … %3. Hier ist &lt;b&gt;rope_theta = %4&lt;/b&gt;: Das schnellste Paar dreht sich um 1 Radiant pro Token (eine volle Drehung alle 6,3 Tokens), das langsamste um %5 Radiant pro Token (eine volle Drehung alle %6 Tokens)%7.</translation>
    </message>
    <message>
        <source>, before the scaling below</source>
        <translation>, vor der unten beschriebenen Skalierung</translation>
    </message>
    <message>
        <source>Why this encodes &lt;i&gt;relative&lt;/i&gt; position: a rotation keeps lengths and only changes angles. A query at position m is turned by m·f&lt;sub&gt;i&lt;/sub&gt;, a key at position n by n·f&lt;sub&gt;i&lt;/sub&gt;, so in their dot product only the difference (m − n)·f&lt;sub&gt;i&lt;/sub&gt; is left. A score q′ · k′ therefore depends on what the two tokens are and on how far apart they are, not on where they stand in the text; the fast pairs tell near distances apart, the slow pairs far ones.</source>
        <translation>Warum das die &lt;i&gt;relative&lt;/i&gt; Position kodiert: Eine Drehung erhält Längen und ändert nur Winkel. Eine Query an Position m wird um m·f&lt;sub&gt;i&lt;/sub&gt; gedreht, ein Key an Position n um n·f&lt;sub&gt;i&lt;/sub&gt;, also bleibt in ihrem Skalarprodukt nur die Differenz (m − n)·f&lt;sub&gt;i&lt;/sub&gt; übrig. Ein Score q′ · k′ hängt daher davon ab, welche Tokens es sind und wie weit sie auseinander liegen, nicht davon, wo sie im Text stehen; die schnellen Paare unterscheiden kurze Abstände, die langsamen lange.</translation>
    </message>
    <message>
        <source>&lt;b&gt;rope_scaling: linear&lt;/b&gt;, factor %1: every frequency is divided by %1, as if the positions were %1 times closer together, so %1 times as many tokens fit into the angles the model was trained on.</source>
        <translation>&lt;b&gt;rope_scaling: linear&lt;/b&gt;, Faktor %1: Jede Frequenz wird durch %1 geteilt, als lägen die Positionen %1-mal dichter beieinander, sodass %1-mal so viele Tokens in die Winkel passen, auf denen das Modell trainiert wurde.</translation>
    </message>
    <message>
        <source>&lt;b&gt;rope_scaling: llama3&lt;/b&gt; (factor %1, low_freq_factor %2, high_freq_factor %3, original_max_position_embeddings %4): frequencies whose wavelength 2π / f is longer than %4 / %2 = %5 tokens are divided by %1, those shorter than %4 / %3 = %6 tokens are kept, and those in between are blended between the two. Here %7 of the %8 frequencies change.</source>
        <translation>&lt;b&gt;rope_scaling: llama3&lt;/b&gt; (factor %1, low_freq_factor %2, high_freq_factor %3, original_max_position_embeddings %4): Frequenzen, deren Wellenlänge 2π / f länger als %4 / %2 = %5 Tokens ist, werden durch %1 geteilt, solche kürzer als %4 / %3 = %6 Tokens bleiben, und die dazwischen werden zwischen beiden überblendet. Hier ändern sich %7 der %8 Frequenzen.</translation>
    </message>
    <message>
        <source>The q and k that the scores are made from, and that the trace keeps (blk.L.attn.q and .k in the Shape flow&apos;s tensor list), are after RoPE%1; so Head detail&apos;s raw scores and weights already include the positions.</source>
        <translation>Die q und k, aus denen die Scores entstehen und die der Trace behält (blk.L.attn.q und .k in der Tensorliste des Formflusses), sind nach RoPE%1; die Roh-Scores und Gewichte in der Head-Detailansicht enthalten also schon die Positionen.</translation>
    </message>
    <message>
        <source> (and after the q/k RMSNorm)</source>
        <translation> (und nach der q/k-RMSNorm)</translation>
    </message>
    <message>
        <source>Positions: rotary embeddings (RoPE)</source>
        <translation>Positionen: rotierende Einbettungen (RoPE)</translation>
    </message>
    <message>
        <source>H%1–H%2 read KV head %3</source>
        <translation>H%1–H%2 lesen KV-Head %3</translation>
    </message>
    <message>
        <source>The &lt;b&gt;n_head = %1&lt;/b&gt; query heads share &lt;b&gt;n_kv_head = %2&lt;/b&gt; key/value heads. The key and value projections make only %2 heads, (T, n_kv_head × head_size) = (%3, %4), while the queries are (%3, %5). Each KV head serves a group of n_head / n_kv_head = &lt;b&gt;%6&lt;/b&gt; neighbouring query heads: query head h reads KV head h / %6, rounded down (%7).</source>
        <translation>Die &lt;b&gt;n_head = %1&lt;/b&gt; Query-Heads teilen sich &lt;b&gt;n_kv_head = %2&lt;/b&gt; Key/Value-Heads. Die Key- und Value-Projektionen erzeugen nur %2 Heads, (T, n_kv_head × head_size) = (%3, %4), während die Queries (%3, %5) sind. Jeder KV-Head bedient eine Gruppe von n_head / n_kv_head = &lt;b&gt;%6&lt;/b&gt; benachbarten Query-Heads: Query-Head h liest KV-Head h / %6, abgerundet (%7).</translation>
    </message>
    <message>
        <source>&lt;b&gt;repeat_kv&lt;/b&gt; copies each KV head %1 times, (n_kv_head, T, head_size) → (n_head, T, head_size), and from there attention runs as with one key and value per head. The heads of a group see the same keys and values but ask their own queries, so their weights still differ. The trace keeps k and v after repeat_kv; the Heads grid draws each group under a “KV” header, and Head detail names the KV head.</source>
        <translation>&lt;b&gt;repeat_kv&lt;/b&gt; kopiert jeden KV-Head %1-mal, (n_kv_head, T, head_size) → (n_head, T, head_size), und ab dort läuft die Attention wie mit einem Key und Value pro Head. Die Heads einer Gruppe sehen dieselben Keys und Values, stellen aber ihre eigenen Queries, daher unterscheiden sich ihre Gewichte weiterhin. Der Trace behält k und v nach repeat_kv; das Head-Raster zeichnet jede Gruppe unter einer „KV“-Überschrift, und die Head-Detailansicht nennt den KV-Head.</translation>
    </message>
    <message>
        <source>What this saves is the &lt;b&gt;KV cache&lt;/b&gt;, the keys and values a model keeps for every past token while it generates: per token %1 layers × 2 (k and v) × %2 KV heads × head_size %3 = &lt;b&gt;%4&lt;/b&gt; numbers, where one key and value per query head would need %5, %6 times as many. In 16-bit floats that is %7 instead of %8 per token, and %9 instead of %10 for the full context of %11 tokens.</source>
        <translation>Das spart den &lt;b&gt;KV-Cache&lt;/b&gt;, die Keys und Values, die ein Modell beim Generieren für jedes vergangene Token behält: pro Token %1 Schichten × 2 (k und v) × %2 KV-Heads × head_size %3 = &lt;b&gt;%4&lt;/b&gt; Zahlen, wo ein Key und Value pro Query-Head %5 bräuchte, %6-mal so viele. In 16-Bit-Gleitkommazahlen sind das %7 statt %8 pro Token und %9 statt %10 für den vollen Kontext von %11 Tokens.</translation>
    </message>
    <message>
        <source>Grouped-query attention (GQA)</source>
        <translation>Grouped-Query-Attention (GQA)</translation>
    </message>
    <message>
        <source>Each query sees at most its last &lt;b&gt;sliding_window = %1&lt;/b&gt; keys, itself included: key k is allowed for query q when q − %1 &lt; k ≤ q. Keys farther back are masked like the future ones (the Mask view draws the band and its title names the window). Earlier tokens still reach it through the layers: each layer passes information up to %2 positions on, so after %3 layers up to %4 positions back.</source>
        <translation>Jede Query sieht höchstens ihre letzten &lt;b&gt;sliding_window = %1&lt;/b&gt; Keys, sich selbst eingeschlossen: Key k ist für Query q erlaubt, wenn q − %1 &lt; k ≤ q. Weiter zurückliegende Keys werden wie die zukünftigen maskiert (die Maskenansicht zeichnet das Band, und ihr Titel nennt das Fenster). Frühere Tokens erreichen sie dennoch über die Schichten: Jede Schicht gibt Information bis zu %2 Positionen weiter, nach %3 Schichten also bis zu %4 Positionen zurück.</translation>
    </message>
    <message>
        <source>With the causal mask, the window leaves %1 of your %2 × %2 pairs.</source>
        <translation>Mit der kausalen Maske lässt das Fenster %1 deiner %2 × %2 Paare übrig.</translation>
    </message>
    <message>
        <source>Sliding-window attention</source>
        <translation>Sliding-Window-Attention</translation>
    </message>
    <message>
        <source>After attention each token goes through the MLP on its own. Here it is gated: &lt;b&gt;down(%1(gate(x)) * up(x))&lt;/b&gt;. gate and up each map the token&apos;s %2 numbers to &lt;b&gt;%3&lt;/b&gt; (intermediate_size); %4 is applied to the gate, and the two are multiplied element by element, so the gate decides how much of each up feature passes; down maps the %3 back to %2. That is three %2 × %3 matrices (%5 weights per layer) where GPT-2&apos;s MLP has two. In the trace, mlp.hidden is gate(x) and mlp.act is %1(gate(x)) * up(x).</source>
        <translation>Nach der Attention durchläuft jedes Token für sich das MLP. Hier ist es gegated: &lt;b&gt;down(%1(gate(x)) * up(x))&lt;/b&gt;. gate und up bilden die %2 Zahlen des Tokens jeweils auf &lt;b&gt;%3&lt;/b&gt; ab (intermediate_size); %4 wird auf gate angewandt, und beide werden elementweise multipliziert, sodass gate entscheidet, wie viel von jedem up-Merkmal durchkommt; down bildet die %3 zurück auf %2 ab. Das sind drei %2 × %3-Matrizen (%5 Gewichte pro Schicht), wo das MLP von GPT-2 zwei hat. Im Trace ist mlp.hidden gate(x) und mlp.act %1(gate(x)) * up(x).</translation>
    </message>
    <message>
        <source>silu(z) = z · sigmoid(z)</source>
        <translation>silu(z) = z · sigmoid(z)</translation>
    </message>
    <message>
        <source>The gated MLP (SwiGLU)</source>
        <translation>Das gegatete MLP (SwiGLU)</translation>
    </message>
    <message>
        <source>The gated MLP</source>
        <translation>Das gegatete MLP</translation>
    </message>
    <message>
        <source>Your model has &lt;b&gt;n_layer = %1&lt;/b&gt; layers, each with &lt;b&gt;n_head = %2&lt;/b&gt; attention heads. Every token is a vector of &lt;b&gt;n_embed = %3&lt;/b&gt; numbers; the config sets the &lt;b&gt;head size&lt;/b&gt; itself, &lt;b&gt;head_dim = %4&lt;/b&gt;, so the heads side by side are n_head × head_dim = %5 wide rather than n_embed. </source>
        <translation>Dein Modell hat &lt;b&gt;n_layer = %1&lt;/b&gt; Schichten mit je &lt;b&gt;n_head = %2&lt;/b&gt; Attention-Heads. Jedes Token ist ein Vektor aus &lt;b&gt;n_embed = %3&lt;/b&gt; Zahlen; die Konfiguration legt die &lt;b&gt;Head-Größe&lt;/b&gt; selbst fest, &lt;b&gt;head_dim = %4&lt;/b&gt;, sodass die Heads nebeneinander n_head × head_dim = %5 breit sind statt n_embed. </translation>
    </message>
    <message>
        <source>(Here the projections make n_head × head_dim = %1 numbers per token, not n_embed: %2 → %3.)</source>
        <translation>(Hier erzeugen die Projektionen n_head × head_dim = %1 Zahlen pro Token, nicht n_embed: %2 → %3.)</translation>
    </message>
    <message>
        <source>Keys and values have fewer heads here; see Grouped-query attention below.</source>
        <translation>Keys und Values haben hier weniger Heads; siehe Grouped-Query-Attention unten.</translation>
    </message>
    <message>
        <source>(Here the joined heads are %1, and the projection maps them back to n_embed = %2.)</source>
        <translation>(Hier sind die verbundenen Heads %1, und die Projektion bildet sie zurück auf n_embed = %2 ab.)</translation>
    </message>
</context>
<context>
    <name>HeadDetailView</name>
    <message>
        <source>Head detail</source>
        <translation>Kopfdetails</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>maskiert</translation>
    </message>
    <message>
        <source>query %1 “%2” → key %3 “%4”   weight %5   score %6</source>
        <translation>Query %1 „%2“ → Key %3 „%4“   Gewicht %5   Score %6</translation>
    </message>
    <message>
        <source>Type some text to see this head.</source>
        <translation>Geben Sie einen Text ein, um diesen Kopf zu sehen.</translation>
    </message>
    <message>
        <source>Go to token (Ctrl+F)</source>
        <translation>Zu Token springen (Strg+F)</translation>
    </message>
    <message>
        <source>Go to token</source>
        <translation>Zu Token springen</translation>
    </message>
    <message>
        <source>Go to token result</source>
        <translation>Ergebnis der Token-Suche</translation>
    </message>
    <message>
        <source>No text has been run yet.</source>
        <translation>Es wurde noch kein Text berechnet.</translation>
    </message>
    <message>
        <source>Selected cell: query %1 “%2”, key %3 “%4”, weight %5.</source>
        <translation>Ausgewählte Zelle: Query %1 „%2“, Key %3 „%4“, Gewicht %5.</translation>
    </message>
    <message>
        <source>token %1 · match %2 of %3</source>
        <translation>Token %1 · Treffer %2 von %3</translation>
    </message>
    <message>
        <source>no token contains “%1”</source>
        <translation>kein Token enthält „%1“</translation>
    </message>
    <message>
        <source>knocked out</source>
        <translation>blockiert</translation>
    </message>
    <message>
        <source>Block edge %1→%2 in this head</source>
        <translation>Kante %1→%2 in diesem Kopf blockieren</translation>
    </message>
    <message>
        <source>Block edge %1→%2 in every head of layer %3</source>
        <translation>Kante %1→%2 in allen Köpfen von Schicht %3 blockieren</translation>
    </message>
    <message>
        <source>Block every edge into key %1 (all layers and heads)</source>
        <translation>Alle Kanten zu Key %1 blockieren (alle Schichten und Köpfe)</translation>
    </message>
    <message>
        <source>Clear knockouts (%1)</source>
        <translation>Knockouts aufheben (%1)</translation>
    </message>
    <message>
        <source>query %1 “%2” → key %3 “%4”   weight %5</source>
        <translation>Query %1 „%2“ → Key %3 „%4“   Gewicht %5</translation>
    </message>
    <message>
        <source>   norm %1</source>
        <translation>   Norm %1</translation>
    </message>
    <message>
        <source>Type text to find it in the tokens, even across several; Enter selects the next match as the query.</source>
        <translation>Text eingeben, um ihn in den Tokens zu finden, auch über mehrere hinweg; Enter wählt den nächsten Treffer als Query.</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es) · Enter goes to the next</source>
        <translation>
            <numerusform>%n Treffer · Enter springt zum nächsten</numerusform>
            <numerusform>%n Treffer · Enter springt zum nächsten</numerusform>
        </translation>
    </message>
    <message>
        <source>tokens %1–%2 · match %3 of %4</source>
        <translation>Tokens %1–%2 · Treffer %3 von %4</translation>
    </message>
    <message>
        <source>Its value-weighted norm: %1.</source>
        <translation>Seine wertgewichtete Norm: %1.</translation>
    </message>
</context>
<context>
    <name>HeadStatsModel</name>
    <message>
        <source>previous token</source>
        <translation>vorheriges Token</translation>
    </message>
    <message>
        <source>sink</source>
        <translation>Senke</translation>
    </message>
    <message>
        <source>self</source>
        <translation>selbst</translation>
    </message>
    <message>
        <source>induction</source>
        <translation>Induktion</translation>
    </message>
    <message>
        <source>duplicate token</source>
        <translation>doppeltes Token</translation>
    </message>
    <message>
        <source>diffuse</source>
        <translation>diffus</translation>
    </message>
    <message>
        <source>Mean over queries of -Σ w·ln w, in nats</source>
        <translation>Mittel über die Queries von -Σ w·ln w, in Nats</translation>
    </message>
    <message>
        <source>Mean weight on the previous token</source>
        <translation>Mittleres Gewicht auf dem vorherigen Token</translation>
    </message>
    <message>
        <source>Mean weight on the first token (the sink)</source>
        <translation>Mittleres Gewicht auf dem ersten Token (der Senke)</translation>
    </message>
    <message>
        <source>Mean weight on the query&apos;s own token</source>
        <translation>Mittleres Gewicht auf dem eigenen Token der Query</translation>
    </message>
    <message>
        <source>Probe: weight on the token after the earlier occurrence of the current token</source>
        <translation>Probe: Gewicht auf dem Token nach dem früheren Vorkommen des aktuellen Tokens</translation>
    </message>
    <message>
        <source>Probe: weight on the earlier occurrence of the current token</source>
        <translation>Probe: Gewicht auf dem früheren Vorkommen des aktuellen Tokens</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Schicht</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>Kopf</translation>
    </message>
    <message>
        <source>Entropy</source>
        <translation>Entropie</translation>
    </message>
    <message>
        <source>Prev token</source>
        <translation>Vorheriges</translation>
    </message>
    <message>
        <source>First token</source>
        <translation>Erstes Token</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>Selbst</translation>
    </message>
    <message>
        <source>Induction</source>
        <translation>Induktion</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Duplikat</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>Etiketten</translation>
    </message>
    <message>
        <source>Compare: B&apos;s entropy minus A&apos;s</source>
        <translation>Vergleich: Entropie, B minus A</translation>
    </message>
    <message>
        <source>Compare: B&apos;s previous-token score minus A&apos;s</source>
        <translation>Vergleich: Wert für das vorherige Token, B minus A</translation>
    </message>
    <message>
        <source>Compare: B&apos;s first-token score minus A&apos;s</source>
        <translation>Vergleich: Wert für das erste Token, B minus A</translation>
    </message>
    <message>
        <source>Compare: B&apos;s self score minus A&apos;s</source>
        <translation>Vergleich: Wert für das eigene Token, B minus A</translation>
    </message>
    <message>
        <source>Δ entropy</source>
        <translation>Δ Entropie</translation>
    </message>
    <message>
        <source>Δ prev token</source>
        <translation>Δ Vorheriges</translation>
    </message>
    <message>
        <source>Δ first token</source>
        <translation>Δ Erstes Token</translation>
    </message>
    <message>
        <source>Δ self</source>
        <translation>Δ Selbst</translation>
    </message>
    <message>
        <source>Each head&apos;s weight from query %1 to key %2: sort by it to rank the heads that move attention there</source>
        <translation>Gewicht jedes Kopfes von Query %1 auf Key %2: danach sortiert stehen die Köpfe vorn, die Attention dorthin lenken</translation>
    </message>
    <message>
        <source>Choose a cell in a head&apos;s map (a query and a key): this column gives every head&apos;s weight on it</source>
        <translation>Wählen Sie eine Zelle in der Karte eines Kopfes (Query und Key): diese Spalte zeigt das Gewicht jedes Kopfes darauf</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>q → k</source>
        <translation>q → k</translation>
    </message>
</context>
<context>
    <name>HeadStatsPanel</name>
    <message>
        <source>Head statistics</source>
        <translation>Kopfstatistik</translation>
    </message>
    <message>
        <source>Run &amp;probes</source>
        <translation>Proben ausf&amp;ühren</translation>
    </message>
    <message>
        <source>Score induction and duplicate-token heads on a synthetic sequence of repeated random tokens (independent of your text)</source>
        <translation>Induktions- und Duplikat-Köpfe auf einer synthetischen Folge wiederholter Zufallstokens bewerten (unabhängig von Ihrem Text)</translation>
    </message>
    <message>
        <source>Statistics of every head</source>
        <translation>Statistik aller Köpfe</translation>
    </message>
    <message>
        <source>Computing statistics…</source>
        <translation>Statistik wird berechnet…</translation>
    </message>
    <message numerus="yes">
        <source>%n head(s) on %1 tokens</source>
        <translation>
            <numerusform>%n Kopf auf %1 Tokens</numerusform>
            <numerusform>%n Köpfe auf %1 Tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>Running the probes…</source>
        <translation>Proben laufen…</translation>
    </message>
    <message>
        <source>The model is too small for the probes.</source>
        <translation>Das Modell ist für die Proben zu klein.</translation>
    </message>
    <message>
        <source>Probes done.</source>
        <translation>Proben fertig.</translation>
    </message>
    <message>
        <source>The probes run the model: a trace file holds attention weights only</source>
        <translation>Die Proben führen das Modell aus: Eine Trace-Datei enthält nur Attention-Gewichte</translation>
    </message>
    <message>
        <source>Computing statistics… %1%</source>
        <translation>Statistik wird berechnet… %1 %</translation>
    </message>
    <message>
        <source>No statistics: %1</source>
        <translation>Keine Statistik: %1</translation>
    </message>
</context>
<context>
    <name>HeadsGridView</name>
    <message>
        <source>Heads grid</source>
        <translation>Kopfraster</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Wird berechnet…</translation>
    </message>
    <message>
        <source>Type some text to see attention.</source>
        <translation>Geben Sie einen Text ein, um die Aufmerksamkeit zu sehen.</translation>
    </message>
    <message>
        <source>ablated</source>
        <translation>abgeschaltet</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Maximum</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>Mittelwert</translation>
    </message>
    <message>
        <source>How the tokens that share a pixel of a tile are combined: max keeps one strong key visible, mean shows where the weight lies on average.</source>
        <translation>Wie die Tokens zusammengefasst werden, die sich ein Pixel einer Kachel teilen: Maximum hält einen einzelnen starken Key sichtbar, Mittelwert zeigt, wo das Gewicht im Mittel liegt.</translation>
    </message>
    <message>
        <source>Pooling</source>
        <translation>Pooling</translation>
    </message>
    <message>
        <source>Each to its own max</source>
        <translation>Jede auf ihr eigenes Maximum</translation>
    </message>
    <message>
        <source>One shared scale</source>
        <translation>Eine gemeinsame Skala</translation>
    </message>
    <message>
        <source>Scale each tile to its own brightest pixel, so weak heads in a long text still show their pattern, or draw all tiles on one scale to compare heads.</source>
        <translation>Jede Kachel auf ihr hellstes Pixel skalieren, damit schwache Köpfe in einem langen Text ihr Muster noch zeigen, oder alle Kacheln auf einer Skala zeichnen, um Köpfe zu vergleichen.</translation>
    </message>
    <message>
        <source>Tile scale</source>
        <translation>Kachelskala</translation>
    </message>
    <message>
        <source>Zoom out (−)</source>
        <translation>Verkleinern (−)</translation>
    </message>
    <message>
        <source>Zoom in (+, Ctrl+wheel)</source>
        <translation>Vergrößern (+, Strg+Mausrad)</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>Fit the grid to the view (0)</source>
        <translation>Raster in die Ansicht einpassen (0)</translation>
    </message>
    <message>
        <source>query %1 “%2”: top key %3 “%4”, weight %5</source>
        <translation>Query %1 „%2“: stärkster Key %3 „%4“, Gewicht %5</translation>
    </message>
    <message>
        <source>Click to open in detail; Ctrl+click only selects.</source>
        <translation>Klick öffnet die Detailansicht; Strg+Klick wählt nur aus.</translation>
    </message>
    <message>
        <source>No text has been run yet.</source>
        <translation>Es wurde noch kein Text berechnet.</translation>
    </message>
    <message>
        <source>%1 of %2 layers × %3 heads selected.</source>
        <translation>%1 von %2 Schichten × %3 Köpfen ausgewählt.</translation>
    </message>
    <message>
        <source>Labels: %1</source>
        <translation>Etiketten: %1</translation>
    </message>
    <message>
        <source>Poolin&amp;g:</source>
        <translation>Poolin&amp;g:</translation>
    </message>
    <message>
        <source>T&amp;iles:</source>
        <translation>Kache&amp;ln:</translation>
    </message>
</context>
<context>
    <name>LensModel</name>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Token %1 (id %2): p = %3</source>
        <translation>Token %1 (ID %2): p = %3</translation>
    </message>
    <message>
        <source>After block</source>
        <translation>Nach Block</translation>
    </message>
    <message>
        <source>p(target)</source>
        <translation>p(Ziel)</translation>
    </message>
    <message>
        <source>Top %1</source>
        <translation>Rang %1</translation>
    </message>
</context>
<context>
    <name>LocalModelsDialog</name>
    <message>
        <source>Hugging Face cache</source>
        <translation>Hugging-Face-Cache</translation>
    </message>
    <message>
        <source>Added folder</source>
        <translation>Hinzugefügter Ordner</translation>
    </message>
    <message>
        <source>Open local model</source>
        <translation>Lokales Modell öffnen</translation>
    </message>
    <message>
        <source>Search by name, source or architecture</source>
        <translation>Nach Name, Quelle oder Architektur suchen</translation>
    </message>
    <message>
        <source>Search the local models</source>
        <translation>Lokale Modelle durchsuchen</translation>
    </message>
    <message>
        <source>&amp;Search:</source>
        <translation>&amp;Suchen:</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>Architektur</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Opens</source>
        <translation>Öffnet</translation>
    </message>
    <message>
        <source>Local models</source>
        <translation>Lokale Modelle</translation>
    </message>
    <message>
        <source>&amp;Folders</source>
        <translation>&amp;Ordner</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>A&amp;ktualisieren</translation>
    </message>
    <message>
        <source>Search again (F5)</source>
        <translation>Erneut suchen (F5)</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>Ö&amp;ffnen</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Suche läuft…</translation>
    </message>
    <message>
        <source>Does not open: %1</source>
        <translation>Öffnet nicht: %1</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no: %1</source>
        <translation>nein: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s), %1 open</source>
        <translation>
            <numerusform>%n Modell, %1 öffnet</numerusform>
            <numerusform>%n Modelle, %1 öffnen</numerusform>
        </translation>
    </message>
    <message>
        <source>No models were found in %1. Folders ▸ Add folder… searches another folder.</source>
        <translation>In %1 wurden keine Modelle gefunden. Ordner ▸ Ordner hinzufügen… durchsucht einen weiteren Ordner.</translation>
    </message>
    <message>
        <source>No model matches “%1”.</source>
        <translation>Kein Modell passt zu „%1“.</translation>
    </message>
    <message>
        <source>%1
Opens: %2, %3.</source>
        <translation>%1
Öffnet: %2, %3.</translation>
    </message>
    <message>
        <source>architecture read when it opens</source>
        <translation>Architektur wird beim Öffnen gelesen</translation>
    </message>
    <message>
        <source>%1
Does not open: %2</source>
        <translation>%1
Öffnet nicht: %2</translation>
    </message>
    <message>
        <source>Add a folder of models</source>
        <translation>Einen Ordner mit Modellen hinzufügen</translation>
    </message>
    <message>
        <source>&amp;Add folder…</source>
        <translation>Ordner &amp;hinzufügen…</translation>
    </message>
    <message>
        <source>Remove “%1”</source>
        <translation>„%1“ entfernen</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>AttnScope</source>
        <translation>AttnScope</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>Anzei&amp;ge:</translation>
    </message>
    <message>
        <source>Attention weights</source>
        <translation>Aufmerksamkeitsgewichte</translation>
    </message>
    <message>
        <source>Raw scores</source>
        <translation>Roh-Scores</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>Maske</translation>
    </message>
    <message>
        <source>Reset &amp;zoom</source>
        <translation>&amp;Zoom zurücksetzen</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>Text to run</source>
        <translation>Zu berechnender Text</translation>
    </message>
    <message>
        <source>Type or paste text here; every edit re-runs the model.</source>
        <translation>Text hier eingeben oder einfügen; jede Änderung berechnet das Modell neu.</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open model…</source>
        <translation>&amp;Modell öffnen…</translation>
    </message>
    <message>
        <source>&amp;New random model…</source>
        <translation>&amp;Neues Zufallsmodell…</translation>
    </message>
    <message>
        <source>Open &amp;demo model</source>
        <translation>&amp;Demomodell öffnen</translation>
    </message>
    <message>
        <source>Choose &amp;tokenizer…</source>
        <translation>Tokeni&amp;zer wählen…</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportieren…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>&amp;Copy figure</source>
        <translation>Abbildung &amp;kopieren</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Next head</source>
        <translation>Nächster Kopf</translation>
    </message>
    <message>
        <source>Alt+Right</source>
        <translation>Alt+Right</translation>
    </message>
    <message>
        <source>Previous head</source>
        <translation>Vorheriger Kopf</translation>
    </message>
    <message>
        <source>Alt+Left</source>
        <translation>Alt+Left</translation>
    </message>
    <message>
        <source>Next layer</source>
        <translation>Nächste Schicht</translation>
    </message>
    <message>
        <source>Alt+Down</source>
        <translation>Alt+Down</translation>
    </message>
    <message>
        <source>Previous layer</source>
        <translation>Vorherige Schicht</translation>
    </message>
    <message>
        <source>Alt+Up</source>
        <translation>Alt+Up</translation>
    </message>
    <message>
        <source>&amp;Colour map</source>
        <translation>&amp;Farbpalette</translation>
    </message>
    <message>
        <source>Viridis</source>
        <translation>Viridis</translation>
    </message>
    <message>
        <source>Magma</source>
        <translation>Magma</translation>
    </message>
    <message>
        <source>Cividis</source>
        <translation>Cividis</translation>
    </message>
    <message>
        <source>Greys</source>
        <translation>Graustufen</translation>
    </message>
    <message>
        <source>&amp;Scale</source>
        <translation>&amp;Skalierung</translation>
    </message>
    <message>
        <source>Linear</source>
        <translation>Linear</translation>
    </message>
    <message>
        <source>Logarithmic</source>
        <translation>Logarithmisch</translation>
    </message>
    <message>
        <source>Row-normalised</source>
        <translation>Zeilennormiert</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Berechnung</translation>
    </message>
    <message>
        <source>&amp;Causal attention</source>
        <translation>&amp;Kausale Aufmerksamkeit</translation>
    </message>
    <message>
        <source>Ctrl+M</source>
        <translation>Ctrl+M</translation>
    </message>
    <message>
        <source>&amp;Ablate selected head</source>
        <translation>Ausgewählten Kopf aus&amp;schalten</translation>
    </message>
    <message>
        <source>Ctrl+K</source>
        <translation>Ctrl+K</translation>
    </message>
    <message>
        <source>&amp;Refuse text longer than the context</source>
        <translation>Text länger als der Kontext &amp;ablehnen</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About AttnScope</source>
        <translation>Ü&amp;ber AttnScope</translation>
    </message>
    <message>
        <source>About AttnScope</source>
        <translation>Über AttnScope</translation>
    </message>
    <message>
        <source>&lt;b&gt;AttnScope %1&lt;/b&gt;&lt;p&gt;See inside transformer attention: every head, every layer, live as you type.&lt;/p&gt;</source>
        <translation>&lt;b&gt;AttnScope %1&lt;/b&gt;&lt;p&gt;Blick in die Aufmerksamkeit von Transformern: jeder Kopf, jede Schicht, live während der Eingabe.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>All layers</source>
        <translation>Alle Schichten</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>Schicht %1</translation>
    </message>
    <message>
        <source>%1 — AttnScope</source>
        <translation>%1 — AttnScope</translation>
    </message>
    <message>
        <source>Cannot open model</source>
        <translation>Modell kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>AttnScope could not open “%1”.

%2</source>
        <translation>AttnScope konnte „%1“ nicht öffnen.

%2</translation>
    </message>
    <message>
        <source>the demo model</source>
        <translation>das Demomodell</translation>
    </message>
    <message>
        <source>Open model</source>
        <translation>Modell öffnen</translation>
    </message>
    <message>
        <source>Cannot create model</source>
        <translation>Modell kann nicht erstellt werden</translation>
    </message>
    <message>
        <source>

Looked in:
%1</source>
        <translation>

Gesucht in:
%1</translation>
    </message>
    <message>
        <source>Choose a tokenizer</source>
        <translation>Tokenizer wählen</translation>
    </message>
    <message>
        <source>Choose tokenizer</source>
        <translation>Tokenizer wählen</translation>
    </message>
    <message>
        <source>Tokenizers (*.json *.bpe *.txt *.tiktoken);;All files (*)</source>
        <translation>Tokenizer (*.json *.bpe *.txt *.tiktoken);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Figure copied to the clipboard.</source>
        <translation>Abbildung in die Zwischenablage kopiert.</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Open te&amp;xt…</source>
        <translation>&amp;Text öffnen…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>Open text</source>
        <translation>Text öffnen</translation>
    </message>
    <message>
        <source>Text (*.txt *.md);;All files (*)</source>
        <translation>Textdateien (*.txt *.md);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot open text</source>
        <translation>Text kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>“%1” cannot be read: %2</source>
        <translation>„%1“ kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>“%1” is %2 MB; AttnScope opens texts up to 16 MB (a model sees at most its context anyway).</source>
        <translation>„%1“ ist %2 MB groß; AttnScope öffnet Texte bis 16 MB (ein Modell sieht ohnehin höchstens seinen Kontext).</translation>
    </message>
    <message>
        <source>“%1” is not valid UTF-8 (first bad byte at offset %2); invalid bytes were replaced by �.</source>
        <translation>„%1“ ist kein gültiges UTF-8 (erstes ungültiges Byte an Offset %2); ungültige Bytes wurden durch � ersetzt.</translation>
    </message>
    <message>
        <source>Tokens: %1</source>
        <translation>Tokens: %1</translation>
    </message>
    <message>
        <source>Threads: %1</source>
        <translation>Threads: %1</translation>
    </message>
    <message>
        <source>Text repaired</source>
        <translation>Text repariert</translation>
    </message>
    <message>
        <source>Open model &amp;folder…</source>
        <translation>Modell&amp;ordner öffnen…</translation>
    </message>
    <message>
        <source>Open model folder</source>
        <translation>Modellordner öffnen</translation>
    </message>
    <message>
        <source>Cannot open tokenizer</source>
        <translation>Tokenizer kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>AttnScope could not read the tokenizer “%1”.

%2</source>
        <translation>AttnScope konnte den Tokenizer „%1“ nicht lesen.

%2</translation>
    </message>
    <message>
        <source>“%1” carries no tokenizer and none was found beside it. Choose a tokenizer file (encoder.json, vocab.json, tokenizer.json or *.tiktoken), or, for a character-level model, build its vocabulary from the text it was trained on (its sorted set of characters, as tutorials do). Without either, type token ids separated by commas.%2</source>
        <translation>„%1“ enthält keinen Tokenizer, und daneben wurde keiner gefunden. Wählen Sie eine Tokenizer-Datei (encoder.json, vocab.json, tokenizer.json oder *.tiktoken) oder bauen Sie für ein Modell auf Zeichenebene sein Vokabular aus dem Text, mit dem es trainiert wurde (die sortierte Menge seiner Zeichen, wie in Tutorials). Ohne beides geben Sie Token-IDs durch Kommas getrennt ein.%2</translation>
    </message>
    <message>
        <source>Choose tokenizer file…</source>
        <translation>Tokenizer-Datei wählen…</translation>
    </message>
    <message>
        <source>Build from a text file…</source>
        <translation>Aus einer Textdatei bauen…</translation>
    </message>
    <message>
        <source>Type token ids</source>
        <translation>Token-IDs eingeben</translation>
    </message>
    <message>
        <source>Training text</source>
        <translation>Trainingstext</translation>
    </message>
    <message>
        <source>Cannot build the vocabulary</source>
        <translation>Vokabular kann nicht gebaut werden</translation>
    </message>
    <message>
        <source>Settings cannot be saved to “%1”: recent models, the window layout and your choices will not be remembered.</source>
        <translation>Die Einstellungen können nicht in „%1“ gespeichert werden: Zuletzt geöffnete Modelle, die Fensteranordnung und Ihre Auswahl werden nicht behalten.</translation>
    </message>
    <message>
        <source>Run mode</source>
        <translation>Laufmodus</translation>
    </message>
    <message>
        <source>bidirectional</source>
        <translation>bidirektional</translation>
    </message>
    <message numerus="yes">
        <source>%n head(s) ablated</source>
        <translation>
            <numerusform>%n Kopf ausgeschaltet</numerusform>
            <numerusform>%n Köpfe ausgeschaltet</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>&amp;Bereiche</translation>
    </message>
    <message>
        <source>C&amp;lear ablations</source>
        <translation>Alle Köpfe wieder &amp;einschalten</translation>
    </message>
    <message>
        <source>Ctrl+Shift+K</source>
        <translation>Ctrl+Shift+K</translation>
    </message>
    <message>
        <source>&amp;Guide</source>
        <translation>&amp;Anleitung</translation>
    </message>
    <message>
        <source>Show every layer, or one</source>
        <translation>Alle Schichten zeigen oder eine</translation>
    </message>
    <message>
        <source>Show the whole map again (0)</source>
        <translation>Wieder die ganze Karte zeigen (0)</translation>
    </message>
    <message>
        <source>&amp;Threads</source>
        <translation>&amp;Threads</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Automatic (%n core(s))</source>
        <translation>
            <numerusform>&amp;Automatisch (%n Kern)</numerusform>
            <numerusform>&amp;Automatisch (%n Kerne)</numerusform>
        </translation>
    </message>
    <message>
        <source>Predictions</source>
        <translation>Vorhersagen</translation>
    </message>
    <message>
        <source>Head statistics</source>
        <translation>Kopfstatistik</translation>
    </message>
    <message>
        <source>Text by attention</source>
        <translation>Text nach Aufmerksamkeit</translation>
    </message>
    <message>
        <source>Ctrl+Shift+P</source>
        <translation>Ctrl+Shift+P</translation>
    </message>
    <message>
        <source>Ctrl+Shift+H</source>
        <translation>Ctrl+Shift+H</translation>
    </message>
    <message>
        <source>Ctrl+Shift+T</source>
        <translation>Ctrl+Shift+T</translation>
    </message>
    <message>
        <source>Ablation &amp;scan</source>
        <translation>Ausschalt-Sca&amp;n</translation>
    </message>
    <message>
        <source>Ctrl+Shift+A</source>
        <translation>Ctrl+Shift+A</translation>
    </message>
    <message>
        <source>%1 (trace file) — AttnScope</source>
        <translation>%1 (Trace-Datei) — AttnScope</translation>
    </message>
    <message>
        <source>Open trace file</source>
        <translation>Trace-Datei öffnen</translation>
    </message>
    <message>
        <source>AttnScope trace files (*.safetensors);;All files (*)</source>
        <translation>AttnScope-Trace-Dateien (*.safetensors);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot open trace file</source>
        <translation>Trace-Datei kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>“%1” is not an AttnScope trace file: a trace file is a safetensors file whose metadata says &quot;format&quot;: &quot;attnscope-trace&quot; (resources/tools/capture_attention.py writes one). To open a model, use File ▸ Open model….</source>
        <translation>„%1“ ist keine AttnScope-Trace-Datei: Eine Trace-Datei ist eine safetensors-Datei, deren Metadaten &quot;format&quot;: &quot;attnscope-trace&quot; angeben (resources/tools/capture_attention.py schreibt eine). Um ein Modell zu öffnen, nutze Datei ▸ Modell öffnen….</translation>
    </message>
    <message>
        <source>Needs the model: a trace file holds attention weights only</source>
        <translation>Braucht das Modell: Eine Trace-Datei enthält nur Attention-Gewichte</translation>
    </message>
    <message>
        <source>Text (kept for models; the trace file has its own tokens)</source>
        <translation>Text (für Modelle aufbewahrt; die Trace-Datei hat ihre eigenen Tokens)</translation>
    </message>
    <message>
        <source>imported</source>
        <translation>importiert</translation>
    </message>
    <message>
        <source>trace file: nothing runs</source>
        <translation>Trace-Datei: nichts wird ausgeführt</translation>
    </message>
    <message>
        <source>Open t&amp;race file…</source>
        <translation>T&amp;race-Datei öffnen…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+R</source>
        <translation>Ctrl+Shift+R</translation>
    </message>
    <message numerus="yes">
        <source>%n knockout(s) active</source>
        <translation>
            <numerusform>%n Knockout aktiv</numerusform>
            <numerusform>%n Knockouts aktiv</numerusform>
        </translation>
    </message>
    <message>
        <source>Attention &amp;memory</source>
        <translation>Speicher für Aufmerksamkeits&amp;gewichte</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <source>Keep every head&apos;s attention weights while they fit in %1 MB; past that, rebuild a head exactly when it is shown</source>
        <translation>Die Aufmerksamkeitsgewichte aller Köpfe behalten, solange sie in %1 MB passen; darüber hinaus einen Kopf erst dann exakt neu berechnen, wenn er gezeigt wird</translation>
    </message>
    <message>
        <source>Block the selected e&amp;dge in the selected head</source>
        <translation>Ausgewählte Kante im ausgewählten Kopf b&amp;lockieren</translation>
    </message>
    <message>
        <source>Ctrl+B</source>
        <translation>Ctrl+B</translation>
    </message>
    <message>
        <source>Block every edge into the selected ke&amp;y</source>
        <translation>Alle Kanten zum ausgewählten Ke&amp;y blockieren</translation>
    </message>
    <message>
        <source>Ctrl+Shift+B</source>
        <translation>Ctrl+Shift+B</translation>
    </message>
    <message>
        <source>Clear knocko&amp;uts</source>
        <translation>Alle Knockouts a&amp;ufheben</translation>
    </message>
    <message>
        <source>Ctrl+Alt+B</source>
        <translation>Ctrl+Alt+B</translation>
    </message>
    <message>
        <source>Acti&amp;vation memory</source>
        <translation>Speicher für Akt&amp;ivierungen</translation>
    </message>
    <message>
        <source>Keep every layer&apos;s activations while they fit in %1 MB; past that, keep k, v and each layer&apos;s output, and compute a layer&apos;s other tensors again exactly when they are shown</source>
        <translation>Die Aktivierungen jeder Schicht behalten, solange sie in %1 MB passen; darüber nur k, v und die Ausgabe jeder Schicht behalten und die übrigen Tensoren einer Schicht exakt neu berechnen, wenn sie gezeigt werden</translation>
    </message>
    <message>
        <source>&amp;Key and value memory</source>
        <translation>Speicher für Schlüssel und &amp;Werte</translation>
    </message>
    <message>
        <source>Past the activation memory, keep every layer&apos;s keys and values while they fit in %1 MB; past that, compute them again from each layer&apos;s input, exactly, when a run or a view needs them (an edit then costs every layer&apos;s k and v projections)</source>
        <translation>Über den Speicher für Aktivierungen hinaus die Schlüssel und Werte jeder Schicht behalten, solange sie in %1 MB passen; darüber hinaus sie exakt aus der Eingabe jeder Schicht neu berechnen, wenn ein Lauf oder eine Ansicht sie braucht (jede Bearbeitung kostet dann die k- und v-Projektionen aller Schichten)</translation>
    </message>
    <message>
        <source>This view has no figure to copy yet.</source>
        <translation>Diese Ansicht hat noch keine Abbildung zum Kopieren.</translation>
    </message>
    <message>
        <source>Nothing copied: %1</source>
        <translation>Nichts kopiert: %1</translation>
    </message>
    <message>
        <source>Ca&amp;ncel run</source>
        <translation>Berechnung a&amp;bbrechen</translation>
    </message>
    <message>
        <source>“%1” has carriage-return line ends (CR LF or CR); the editor holds them as line feeds.</source>
        <translation>„%1“ hat Zeilenenden mit Wagenrücklauf (CR LF oder CR); der Editor hält sie als Zeilenvorschübe.</translation>
    </message>
    <message>
        <source>“%1” is not valid %2; invalid characters were replaced by �.</source>
        <translation>„%1“ ist kein gültiges %2; ungültige Zeichen wurden durch � ersetzt.</translation>
    </message>
    <message>
        <source>La&amp;yers:</source>
        <translation>&amp;Schichten:</translation>
    </message>
    <message>
        <source>&amp;Query bars from 0 to 1</source>
        <translation>&amp;Query-Balken von 0 bis 1</translation>
    </message>
    <message>
        <source>Generate…</source>
        <translation>Generieren…</translation>
    </message>
    <message>
        <source>The model continues the text, a token at a time (Ctrl+G)</source>
        <translation>Das Modell setzt den Text Token für Token fort (Strg+G)</translation>
    </message>
    <message numerus="yes">
        <source>Generated %n token(s): stopped at the end-of-text token.</source>
        <translation>
            <numerusform>%n Token generiert: angehalten am End-of-Text-Token.</numerusform>
            <numerusform>%n Tokens generiert: angehalten am End-of-Text-Token.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Generated %n token(s): stopped at the end of the model&apos;s context.</source>
        <translation>
            <numerusform>%n Token generiert: angehalten am Ende des Modellkontexts.</numerusform>
            <numerusform>%n Tokens generiert: angehalten am Ende des Modellkontexts.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Generated %n token(s): stopped.</source>
        <translation>
            <numerusform>%n Token generiert: angehalten.</numerusform>
            <numerusform>%n Tokens generiert: angehalten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Generated %n token(s).</source>
        <translation>
            <numerusform>%n Token generiert.</numerusform>
            <numerusform>%n Tokens generiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to continue yet: type some text first.</source>
        <translation>Noch nichts fortzusetzen: Geben Sie zuerst einen Text ein.</translation>
    </message>
    <message>
        <source>Generated by the model</source>
        <translation>Vom Modell generiert</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>S&amp;prache</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>AttnScope will use %1 the next time it starts.</source>
        <translation>AttnScope verwendet %1 ab dem nächsten Start.</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Systemsprache</translation>
    </message>
    <message>
        <source>&amp;Generate…</source>
        <translation>Gene&amp;rieren…</translation>
    </message>
    <message>
        <source>Ctrl+G</source>
        <translation>Ctrl+G</translation>
    </message>
    <message>
        <source>The model continues the text, a token at a time</source>
        <translation>Das Modell setzt den Text Token für Token fort</translation>
    </message>
    <message>
        <source>Views</source>
        <translation>Ansichten</translation>
    </message>
    <message>
        <source>Models (*.safetensors *.gguf *.pt *.pth *.bin *.ckpt);;All files (*)</source>
        <translation>Modelle (*.safetensors *.gguf *.pt *.pth *.bin *.ckpt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open &amp;local model…</source>
        <translation>&amp;Lokales Modell öffnen…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+L</source>
        <translation>Ctrl+Shift+L</translation>
    </message>
    <message>
        <source>A trace file holds attention weights only: the weights are shown in place of raw scores or value-weighted norms</source>
        <translation>Eine Trace-Datei enthält nur Attention-Gewichte: statt Rohwerten oder wertgewichteten Normen werden die Gewichte gezeigt</translation>
    </message>
    <message>
        <source>Softmax weights, the raw scores q·kᵀ/√hs before the softmax, the mask, or the value-weighted norms ‖α·v W_O‖</source>
        <translation>Softmax-Gewichte, die Rohwerte q·kᵀ/√hs vor dem Softmax, die Maske oder die wertgewichteten Normen ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>Round each product&apos;s activations to the weight&apos;s dot-product type (float16, bfloat16, 8-bit blocks) first, as llama.cpp, Ollama and LM Studio do, rather than computing the exact float32 model</source>
        <translation>Die Aktivierungen jedes Produkts zuerst auf den Skalarprodukt-Typ des Gewichts runden (float16, bfloat16, 8-Bit-Blöcke), wie llama.cpp, Ollama und LM Studio es tun, statt das exakte float32-Modell zu rechnen</translation>
    </message>
    <message>
        <source>Com&amp;pute as llama.cpp does (GGUF)</source>
        <translation>Wie llama.cpp rec&amp;hnen (GGUF)</translation>
    </message>
</context>
<context>
    <name>MaskView</name>
    <message>
        <source>Off: bidirectional attention, as in an encoder. The model is run again.</source>
        <translation>Aus: bidirektionale Aufmerksamkeit wie in einem Encoder. Das Modell wird neu berechnet.</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>Maske</translation>
    </message>
    <message>
        <source>Ca&amp;usal (each token sees only itself and earlier tokens)</source>
        <translation>Kau&amp;sal (jedes Token sieht nur sich selbst und frühere Tokens)</translation>
    </message>
</context>
<context>
    <name>ModelPanel</name>
    <message>
        <source>&amp;Open model…</source>
        <translation>Modell &amp;öffnen…</translation>
    </message>
    <message>
        <source>Recent models:</source>
        <translation>Zuletzt verwendete Modelle:</translation>
    </message>
    <message>
        <source>Recent models</source>
        <translation>Zuletzt verwendete Modelle</translation>
    </message>
    <message>
        <source>&lt;i&gt;Loading…&lt;/i&gt;</source>
        <translation>&lt;i&gt;Wird geladen…&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;i&gt;No model loaded.&lt;/i&gt;</source>
        <translation>&lt;i&gt;Kein Modell geladen.&lt;/i&gt;</translation>
    </message>
    <message>
        <source>none: type token ids</source>
        <translation>keiner: Token-IDs eingeben</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;%2&lt;br&gt;format: %3 · %4&lt;br&gt;%5 layers · %6 heads · width %7 · head size %8&lt;br&gt;context %9 · vocabulary %10 · %11 parameters&lt;br&gt;tokenizer: %12</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;%2&lt;br&gt;Format: %3 · %4&lt;br&gt;%5 Schichten · %6 Köpfe · Breite %7 · Kopfgröße %8&lt;br&gt;Kontext %9 · Vokabular %10 · %11 Parameter&lt;br&gt;Tokenizer: %12</translation>
    </message>
    <message>
        <source> (demo)</source>
        <translation> (Demo)</translation>
    </message>
    <message>
        <source> (File ▸ Choose tokenizer… to change it)</source>
        <translation> (Datei ▸ Tokenizer wählen… zum Ändern)</translation>
    </message>
    <message>
        <source>left out: %1</source>
        <translation>weggelassen: %1</translation>
    </message>
    <message>
        <source>not run (objects in the pickle, never called): %1</source>
        <translation>nicht ausgeführt (Objekte im Pickle, nie aufgerufen): %1</translation>
    </message>
    <message>
        <source>Open a safetensors file, a PyTorch checkpoint or a Hugging Face folder (Ctrl+O)</source>
        <translation>Eine safetensors-Datei, einen PyTorch-Checkpoint oder einen Hugging-Face-Ordner öffnen (Strg+O)</translation>
    </message>
    <message>
        <source>A model of any shape with random weights, to try the views (Ctrl+N)</source>
        <translation>Ein Modell beliebiger Form mit Zufallsgewichten, um die Ansichten auszuprobieren (Strg+N)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (trace file)&lt;br&gt;%2 layers · %3 heads · %4 tokens · %5, %6&lt;br&gt;attention weights only: shape flow, ablation, predictions, raw scores and the probes need the model</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (Trace-Datei)&lt;br&gt;%2 Schichten · %3 Heads · %4 Tokens · %5, %6&lt;br&gt;nur Attention-Gewichte: Formfluss, Ablation, Vorhersagen, Roh-Scores und die Proben brauchen das Modell</translation>
    </message>
    <message>
        <source>causal</source>
        <translation>kausal</translation>
    </message>
    <message>
        <source>bidirectional</source>
        <translation>bidirektional</translation>
    </message>
    <message>
        <source>Ne&amp;w random model…</source>
        <translation>&amp;Neues Zufallsmodell…</translation>
    </message>
</context>
<context>
    <name>NewModelDialog</name>
    <message>
        <source>New random model</source>
        <translation>Neues Zufallsmodell</translation>
    </message>
    <message>
        <source>&amp;Layers (n_layer):</source>
        <translation>&amp;Schichten (n_layer):</translation>
    </message>
    <message>
        <source>&amp;Heads (n_head):</source>
        <translation>&amp;Köpfe (n_head):</translation>
    </message>
    <message>
        <source>&amp;Width (n_embed):</source>
        <translation>&amp;Breite (n_embed):</translation>
    </message>
    <message>
        <source>&amp;Context length:</source>
        <translation>K&amp;ontextlänge:</translation>
    </message>
    <message>
        <source>&amp;Vocabulary size:</source>
        <translation>&amp;Vokabulargröße:</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>S&amp;eed:</translation>
    </message>
    <message>
        <source>The width must be divisible by the number of heads.</source>
        <translation>Die Breite muss durch die Anzahl der Köpfe teilbar sein.</translation>
    </message>
    <message>
        <source>That model would need more than 8 GB of memory.</source>
        <translation>Dieses Modell bräuchte mehr als 8 GB Speicher.</translation>
    </message>
    <message>
        <source>The family: its norm, positions (learned or RoPE), MLP and biases</source>
        <translation>Die Familie: ihre Norm, Positionen (gelernt oder RoPE), MLP und Biases</translation>
    </message>
    <message>
        <source>one per head</source>
        <translation>einer pro Kopf</translation>
    </message>
    <message>
        <source>Key/value heads shared by groups of query heads (grouped-query attention, as in Llama 3 and Mistral); it must divide the number of heads</source>
        <translation>Schlüssel/Wert-Köpfe, die sich Gruppen von Query-Köpfen teilen (Grouped-Query-Attention wie in Llama 3 und Mistral); ihre Zahl muss die Zahl der Köpfe teilen</translation>
    </message>
    <message>
        <source>&amp;Architecture:</source>
        <translation>Arc&amp;hitektur:</translation>
    </message>
    <message>
        <source>&amp;Key/value heads:</source>
        <translation>Sch&amp;lüssel/Wert-Köpfe:</translation>
    </message>
    <message>
        <source>The key/value heads must divide the number of heads.</source>
        <translation>Die Zahl der Schlüssel/Wert-Köpfe muss die Zahl der Köpfe teilen.</translation>
    </message>
</context>
<context>
    <name>NoticeLabel</name>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Less</source>
        <translation>Weniger</translation>
    </message>
</context>
<context>
    <name>PredictionsModel</name>
    <message>
        <source>token id %1</source>
        <translation>Token-ID %1</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>Probability</source>
        <translation>Wahrscheinlichkeit</translation>
    </message>
    <message>
        <source>Logit</source>
        <translation>Logit</translation>
    </message>
    <message>
        <source>Probability without the knockouts, and the change the knockouts make</source>
        <translation>Wahrscheinlichkeit ohne die Knockouts und die Änderung durch die Knockouts</translation>
    </message>
    <message>
        <source>Without</source>
        <translation>Ohne</translation>
    </message>
    <message>
        <source>Δ</source>
        <translation>Δ</translation>
    </message>
</context>
<context>
    <name>PredictionsPanel</name>
    <message>
        <source>Predictions</source>
        <translation>Vorhersagen</translation>
    </message>
    <message>
        <source>top </source>
        <translation>die besten </translation>
    </message>
    <message>
        <source>How many of the most probable next tokens to list</source>
        <translation>Wie viele der wahrscheinlichsten nächsten Tokens aufgelistet werden</translation>
    </message>
    <message>
        <source>Number of next tokens</source>
        <translation>Anzahl der nächsten Tokens</translation>
    </message>
    <message>
        <source>Most probable next tokens</source>
        <translation>Wahrscheinlichste nächste Tokens</translation>
    </message>
    <message>
        <source>Surprise of each token</source>
        <translation>Überraschung jedes Tokens</translation>
    </message>
    <message>
        <source>Each token coloured by its loss -ln p, how surprised the model was to see it. Click a token to see what the model expected in its place.</source>
        <translation>Jedes Token nach seinem Verlust -ln p eingefärbt: wie überrascht das Modell war, es zu sehen. Klicken Sie auf ein Token, um zu sehen, was das Modell an seiner Stelle erwartet hat.</translation>
    </message>
    <message>
        <source>No prediction: no model has run yet.</source>
        <translation>Keine Vorhersage: Es wurde noch kein Modell ausgeführt.</translation>
    </message>
    <message>
        <source>After position %1 “%2”, the model predicts:</source>
        <translation>Nach Position %1 „%2“ sagt das Modell vorher:</translation>
    </message>
    <message>
        <source>Actual next token “%1”: probability %2, rank %3</source>
        <translation>Tatsächliches nächstes Token „%1“: Wahrscheinlichkeit %2, Rang %3</translation>
    </message>
    <message>
        <source>The text ends here: there is no next token to compare.</source>
        <translation>Hier endet der Text: Es gibt kein nächstes Token zum Vergleich.</translation>
    </message>
    <message>
        <source>The first token: nothing predicts it.</source>
        <translation>Das erste Token: Nichts sagt es vorher.</translation>
    </message>
    <message>
        <source>-ln p = %1 nats (p = %2), predicted at position %3</source>
        <translation>-ln p = %1 Nats (p = %2), vorhergesagt an Position %3</translation>
    </message>
    <message>
        <source>Computing the loss of every token…</source>
        <translation>Der Verlust jedes Tokens wird berechnet…</translation>
    </message>
    <message numerus="yes">
        <source>Surprise: mean next-token loss %1 nats over %n token(s)</source>
        <translation>
            <numerusform>Überraschung: mittlerer Verlust des nächsten Tokens %1 Nats über %n Token</numerusform>
            <numerusform>Überraschung: mittlerer Verlust des nächsten Tokens %1 Nats über %n Tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>Predictions need the model: a trace file holds attention weights only.</source>
        <translation>Vorhersagen brauchen das Modell: Eine Trace-Datei enthält nur Attention-Gewichte.</translation>
    </message>
    <message>
        <source>The loss of each token needs the model.</source>
        <translation>Der Verlust jedes Tokens braucht das Modell.</translation>
    </message>
    <message>
        <source>Bidirectional run: every position sees the tokens after it, so these are not next-token predictions. After position %1 “%2”, the output is:</source>
        <translation>Bidirektionaler Lauf: Jede Position sieht die Tokens nach ihr, daher sind dies keine Vorhersagen des nächsten Tokens. Nach Position %1 „%2“ lautet die Ausgabe:</translation>
    </message>
    <message>
        <source>Bidirectional run: each token was visible to the position that predicts it, so this is no measure of surprise (mean -ln p %1 nats).</source>
        <translation>Bidirektionaler Lauf: Jedes Token war für die Position sichtbar, die es vorhersagt, daher ist dies kein Maß für Überraschung (mittleres -ln p %1 nats).</translation>
    </message>
    <message numerus="yes">
        <source>(%n attention edge(s) knocked out; “Without” is the model without them, Δ the change)</source>
        <translation>
            <numerusform>(%n Aufmerksamkeitskante blockiert; „Ohne“ ist das Modell ohne sie, Δ die Änderung)</numerusform>
            <numerusform>(%n Aufmerksamkeitskanten blockiert; „Ohne“ ist das Modell ohne sie, Δ die Änderung)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n attention edge(s) knocked out; computing the prediction without them…)</source>
        <translation>
            <numerusform>(%n Aufmerksamkeitskante blockiert; die Vorhersage ohne sie wird berechnet…)</numerusform>
            <numerusform>(%n Aufmerksamkeitskanten blockiert; die Vorhersage ohne sie wird berechnet…)</numerusform>
        </translation>
    </message>
    <message>
        <source>Actual next token “%1”: probability %2 (%3 without the knockouts, Δ %4), rank %5 (%6 without)</source>
        <translation>Tatsächliches nächstes Token „%1“: Wahrscheinlichkeit %2 (%3 ohne die Knockouts, Δ %4), Rang %5 (%6 ohne)</translation>
    </message>
    <message>
        <source>Click a token (or press Enter on it) to explain its logit in the Attribution view</source>
        <translation>Klicken Sie auf ein Token (oder drücken Sie darauf Enter), um seinen Logit in der Attributionsansicht zu erklären</translation>
    </message>
    <message>
        <source>Step %1: greedy, after position %2 the model put first:</source>
        <translation>Schritt %1, greedy: Nach Position %2 setzte das Modell an die erste Stelle:</translation>
    </message>
    <message>
        <source>Step %1: what the sampler saw after position %2 (temperature %3):</source>
        <translation>Schritt %1: was der Sampler nach Position %2 sah (Temperatur %3):</translation>
    </message>
    <message numerus="yes">
        <source>It took “%1”: probability %2, rank %3, from the %n most probable token(s) kept.</source>
        <translation>
            <numerusform>Gewählt wurde „%1“: Wahrscheinlichkeit %2, Rang %3, aus %n behaltenen Token (dem wahrscheinlichsten).</numerusform>
            <numerusform>Gewählt wurde „%1“: Wahrscheinlichkeit %2, Rang %3, aus den %n wahrscheinlichsten behaltenen Tokens.</numerusform>
        </translation>
    </message>
    <message>
        <source>The loss of each new token comes when the generation ends.</source>
        <translation>Der Verlust jedes neuen Tokens folgt, wenn die Generierung endet.</translation>
    </message>
</context>
<context>
    <name>QueryBarsView</name>
    <message>
        <source>Attention of the selected query</source>
        <translation>Aufmerksamkeit der ausgewählten Query</translation>
    </message>
    <message>
        <source>Fixed 0 to 1 axis</source>
        <translation>Feste Achse von 0 bis 1</translation>
    </message>
    <message>
        <source>The selected query&apos;s attention over every key. Click a bar to select its key; right-click (or View ▸ Query bars from 0 to 1) to switch between an axis fitted to the tallest bar and a fixed 0 to 1 axis.</source>
        <translation>Die Aufmerksamkeit der gewählten Query über alle Keys. Ein Klick auf einen Balken wählt seinen Key; Rechtsklick (oder Ansicht ▸ Query-Balken von 0 bis 1) wechselt zwischen einer Achse, die zum höchsten Balken passt, und einer festen Achse von 0 bis 1.</translation>
    </message>
    <message>
        <source>Fixed axis, up to the head&apos;s largest possible norm</source>
        <translation>Feste Achse bis zur größtmöglichen Norm des Kopfes</translation>
    </message>
</context>
<context>
    <name>SelectionText</name>
    <message>
        <source>Layer %1 · Head %2</source>
        <translation>Schicht %1 · Kopf %2</translation>
    </message>
    <message>
        <source>%1 “%2” %3</source>
        <translation>%1 „%2“ %3</translation>
    </message>
    <message>
        <source>query %1 “%2” → top keys: %3</source>
        <translation>Query %1 „%2“ → stärkste Keys: %3</translation>
    </message>
    <message>
        <source>KV head %1, shared by H%2–H%3</source>
        <translation>KV-Head %1, geteilt von H%2–H%3</translation>
    </message>
    <message>
        <source>query %1 “%2” → largest norms: %3</source>
        <translation>Query %1 „%2“ → größte Normen: %3</translation>
    </message>
    <message>
        <source>query %1 “%2” → highest raw scores: %3</source>
        <translation>Query %1 „%2“ → höchste Roh-Scores: %3</translation>
    </message>
</context>
<context>
    <name>ShapeFlowView</name>
    <message>
        <source>Shape flow diagram</source>
        <translation>Formenfluss-Diagramm</translation>
    </message>
    <message>
        <source>Heatmap</source>
        <translation>Heatmap</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tabelle</translation>
    </message>
    <message>
        <source>Show tensor as</source>
        <translation>Tensor anzeigen als</translation>
    </message>
    <message>
        <source>id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source> (head %1)</source>
        <translation> (Kopf %1)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 · %3 × %4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2 · %3 × %4</translation>
    </message>
    <message>
        <source>token ids</source>
        <translation>Token-IDs</translation>
    </message>
    <message>
        <source>Show the clicked node&apos;s tensor as a heatmap or as a table of its numbers.</source>
        <translation>Den Tensor des angeklickten Knotens als Heatmap oder als Zahlentabelle zeigen.</translation>
    </message>
    <message>
        <source>Tensor values</source>
        <translation>Tensorwerte</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 · not kept in the trace; the next step with a tensor shows its result</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2 · nicht im Trace behalten; der nächste Schritt mit einem Tensor zeigt sein Ergebnis</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2</translation>
    </message>
    <message>
        <source>Click a node, or walk them with the arrow keys, to see its tensor.</source>
        <translation>Klicken Sie auf einen Knoten oder gehen Sie mit den Pfeiltasten durch sie, um seinen Tensor zu sehen.</translation>
    </message>
</context>
<context>
    <name>ShowBox</name>
    <message>
        <source>Value-weighted norms</source>
        <translation>Wertgewichtete Normen</translation>
    </message>
    <message>
        <source>Value-weighted norms ‖α·v W_O‖ (Kobayashi et al., 2020): each weight times the size of what its key&apos;s value sends through the head&apos;s output projection. A large weight on a key whose value is near zero moves nothing.</source>
        <translation>Wertgewichtete Normen ‖α·v W_O‖ (Kobayashi et al., 2020): jedes Gewicht mal die Größe dessen, was der Value seines Keys durch die Ausgabeprojektion des Kopfes schickt. Ein großes Gewicht auf einem Key mit Value nahe null bewegt nichts.</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>An&amp;zeige:</translation>
    </message>
    <message>
        <source>Attention weights</source>
        <translation>Attention-Gewichte</translation>
    </message>
    <message>
        <source>Softmax weights, or the value-weighted norms ‖α·v W_O‖</source>
        <translation>Softmax-Gewichte oder die wertgewichteten Normen ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Anzeige</translation>
    </message>
</context>
<context>
    <name>TextAutosaver</name>
    <message>
        <source>The text cannot be saved to “%1”: %2</source>
        <translation>Der Text kann nicht in „%1“ gespeichert werden: %2</translation>
    </message>
</context>
<context>
    <name>TokenLinesView</name>
    <message>
        <source>Token lines</source>
        <translation>Tokenlinien</translation>
    </message>
    <message>
        <source>Queries on the left, keys on the right, joined by lines as strong as the attention. Click a query to show its lines alone; hover a token to pick out its lines; scroll a long text with the wheel.</source>
        <translation>Queries links, Keys rechts, verbunden durch Linien so stark wie die Aufmerksamkeit. Ein Klick auf eine Query zeigt nur ihre Linien; mit der Maus über einem Token werden seine Linien hervorgehoben; einen langen Text mit dem Mausrad blättern.</translation>
    </message>
    <message>
        <source>Draw every head of the selected layer at once, each in its own colour.</source>
        <translation>Alle Köpfe der ausgewählten Schicht auf einmal zeichnen, jeden in eigener Farbe.</translation>
    </message>
    <message>
        <source>Overla&amp;y every head of the layer</source>
        <translation>Alle Köpfe der Schicht über&amp;lagern</translation>
    </message>
</context>
<context>
    <name>TokenStrip</name>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>Token %1 · id %2
“%3”</source>
        <translation>Token %1 · ID %2
„%3“</translation>
    </message>
    <message>
        <source>Bytes that are not valid UTF-8: left out of the run</source>
        <translation>Bytes, die kein gültiges UTF-8 sind: beim Lauf weggelassen</translation>
    </message>
    <message>
        <source>“%1” is not in the model&apos;s vocabulary: left out of the run</source>
        <translation>„%1“ ist nicht im Vokabular des Modells: beim Lauf weggelassen</translation>
    </message>
</context>
<context>
    <name>TraceView</name>
    <message>
        <source>bidirectional</source>
        <translation>bidirektional</translation>
    </message>
    <message numerus="yes">
        <source>%n head(s) ablated</source>
        <translation>
            <numerusform>%n Kopf ausgeschaltet</numerusform>
            <numerusform>%n Köpfe ausgeschaltet</numerusform>
        </translation>
    </message>
    <message>
        <source>stale: the last run was cancelled or refused</source>
        <translation>veraltet: die letzte Berechnung wurde abgebrochen oder abgelehnt</translation>
    </message>
    <message numerus="yes">
        <source>%n knockout(s)</source>
        <translation>
            <numerusform>%n Knockout</numerusform>
            <numerusform>%n Knockouts</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Workspace</name>
    <message>
        <source>The text is longer than the model&apos;s context: only the last %1 tokens are shown (%2 dropped).</source>
        <translation>Der Text ist länger als der Kontext des Modells: Nur die letzten %1 Tokens werden gezeigt (%2 verworfen).</translation>
    </message>
    <message>
        <source>The text held characters that are not valid Unicode; they were replaced.</source>
        <translation>Der Text enthielt Zeichen, die kein gültiges Unicode sind; sie wurden ersetzt.</translation>
    </message>
    <message numerus="yes">
        <source>Left out of the run: %n character(s) the model&apos;s vocabulary lacks (%1), marked in the token strip.</source>
        <translation>
            <numerusform>%n Zeichen, das im Vokabular des Modells fehlt, wurde beim Lauf weggelassen (%1); es ist in der Token-Leiste markiert.</numerusform>
            <numerusform>%n Zeichen, die im Vokabular des Modells fehlen, wurden beim Lauf weggelassen (%1); sie sind in der Token-Leiste markiert.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Left out of this run: %n knockout(s) naming positions past the text&apos;s %1 tokens.</source>
        <translation>
            <numerusform>%n Knockout bleibt bei diesem Lauf außen vor: Er nennt Positionen hinter den %1 Tokens des Textes.</numerusform>
            <numerusform>%n Knockouts bleiben bei diesem Lauf außen vor: Sie nennen Positionen hinter den %1 Tokens des Textes.</numerusform>
        </translation>
    </message>
    <message>
        <source>This run holds about %1.</source>
        <translation>Dieser Lauf belegt etwa %1.</translation>
    </message>
    <message>
        <source>Its attention maps (%1) pass the %2 budget: each head is rebuilt from q and k when a view shows it.</source>
        <translation>Seine Attention-Karten (%1) überschreiten das Budget von %2: Jeder Head wird aus q und k neu berechnet, wenn eine Ansicht ihn zeigt.</translation>
    </message>
    <message>
        <source>Its activations (%1) pass the %2 budget: a layer&apos;s are computed again from its input when a view shows them.</source>
        <translation>Seine Aktivierungen (%1) überschreiten das Budget von %2: Die einer Schicht werden aus ihrer Eingabe neu berechnet, wenn eine Ansicht sie zeigt.</translation>
    </message>
    <message>
        <source>This run holds about %1: its attention maps (%2) and activations (%3) pass their budgets and are computed again when shown.</source>
        <translation>Dieser Lauf belegt etwa %1: Seine Attention-Karten (%2) und Aktivierungen (%3) überschreiten ihre Budgets und werden beim Anzeigen neu berechnet.</translation>
    </message>
    <message>
        <source>This run holds about %1: its attention maps (%2) pass the %3 budget and are rebuilt when shown.</source>
        <translation>Dieser Lauf belegt etwa %1: Seine Attention-Karten (%2) überschreiten das Budget von %3 und werden beim Anzeigen neu berechnet.</translation>
    </message>
    <message>
        <source>This run holds about %1: its activations (%2) pass the %3 budget and are computed again when shown.</source>
        <translation>Dieser Lauf belegt etwa %1: Seine Aktivierungen (%2) überschreiten das Budget von %3 und werden beim Anzeigen neu berechnet.</translation>
    </message>
    <message>
        <source>This run holds about %1: its activations and its keys and values (%2) pass their budgets and are computed again when needed, for every edit too.</source>
        <translation>Dieser Lauf belegt etwa %1: Seine Aktivierungen sowie seine Schlüssel und Werte (%2) überschreiten ihre Budgets und werden bei Bedarf neu berechnet, auch bei jeder Bearbeitung.</translation>
    </message>
    <message>
        <source>Its keys and values (%1) pass the %2 budget too: they are computed again from each layer&apos;s input for every edit and every head shown.</source>
        <translation>Seine Schlüssel und Werte (%1) überschreiten auch das Budget von %2: Sie werden für jede Bearbeitung und jeden gezeigten Kopf aus der Eingabe jeder Schicht neu berechnet.</translation>
    </message>
</context>
<context>
    <name>attnscope::TraceTensors</name>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>Token embedding</source>
        <translation>Token-Embedding</translation>
    </message>
    <message>
        <source>Position embedding</source>
        <translation>Positions-Embedding</translation>
    </message>
    <message>
        <source>Sum</source>
        <translation>Summe</translation>
    </message>
    <message>
        <source>LayerNorm 1</source>
        <translation>LayerNorm 1</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>Query</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Value</translation>
    </message>
    <message>
        <source>Scores q·kᵀ/√hs</source>
        <translation>Scores q·kᵀ/√hs</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>Maske</translation>
    </message>
    <message>
        <source>Softmax</source>
        <translation>Softmax</translation>
    </message>
    <message>
        <source>Weights · v</source>
        <translation>Gewichte · v</translation>
    </message>
    <message>
        <source>Concatenate heads</source>
        <translation>Köpfe verketten</translation>
    </message>
    <message>
        <source>Output projection</source>
        <translation>Ausgabeprojektion</translation>
    </message>
    <message>
        <source>Residual +</source>
        <translation>Residual +</translation>
    </message>
    <message>
        <source>LayerNorm 2</source>
        <translation>LayerNorm 2</translation>
    </message>
    <message>
        <source>MLP hidden</source>
        <translation>MLP-Zwischenschicht</translation>
    </message>
    <message>
        <source>Activation</source>
        <translation>Aktivierung</translation>
    </message>
    <message>
        <source>MLP projection</source>
        <translation>MLP-Projektion</translation>
    </message>
    <message>
        <source>Final LayerNorm</source>
        <translation>Letzte LayerNorm</translation>
    </message>
    <message>
        <source>Logits</source>
        <translation>Logits</translation>
    </message>
    <message>
        <source>RMSNorm 1</source>
        <translation>RMSNorm 1</translation>
    </message>
    <message>
        <source>RMSNorm of q, k per head</source>
        <translation>RMSNorm von q, k pro Head</translation>
    </message>
    <message>
        <source>RoPE on q, k</source>
        <translation>RoPE auf q, k</translation>
    </message>
    <message>
        <source>repeat_kv: k</source>
        <translation>repeat_kv: k</translation>
    </message>
    <message>
        <source>repeat_kv: v</source>
        <translation>repeat_kv: v</translation>
    </message>
    <message>
        <source>RMSNorm 2</source>
        <translation>RMSNorm 2</translation>
    </message>
    <message>
        <source>Gate projection</source>
        <translation>Gate-Projektion</translation>
    </message>
    <message>
        <source>Up projection</source>
        <translation>Up-Projektion</translation>
    </message>
    <message>
        <source>act(gate) · up</source>
        <translation>act(gate) · up</translation>
    </message>
    <message>
        <source>Down projection</source>
        <translation>Down-Projektion</translation>
    </message>
    <message>
        <source>Parallel residual +</source>
        <translation>Paralleles Residuum +</translation>
    </message>
    <message>
        <source>Final RMSNorm</source>
        <translation>Finale RMSNorm</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>See inside transformer attention.</source>
        <translation>Blick in die Aufmerksamkeit von Transformern.</translation>
    </message>
    <message>
        <source>Save a PNG of every view into &lt;dir&gt; and quit.</source>
        <translation>Von jeder Ansicht ein PNG in &lt;dir&gt; speichern und beenden.</translation>
    </message>
    <message>
        <source>Start with this text.</source>
        <translation>Mit diesem Text starten.</translation>
    </message>
    <message>
        <source>Start with head &lt;layer.head&gt; selected.</source>
        <translation>Mit ausgewähltem Kopf &lt;layer.head&gt; starten.</translation>
    </message>
    <message>
        <source>Start with a random model, e.g. n_layer=12,n_head=12,n_embed=768,context=1024,vocab=96,seed=1.</source>
        <translation>Mit einem Zufallsmodell starten, z. B. n_layer=12,n_head=12,n_embed=768,context=1024,vocab=96,seed=1.</translation>
    </message>
    <message>
        <source>Window size, e.g. 1600x1000.</source>
        <translation>Fenstergröße, z. B. 1600x1000.</translation>
    </message>
    <message>
        <source>Model file or folder, or AttnScope trace file, to open (default: the last one, or the demo).</source>
        <translation>Modelldatei oder -ordner oder AttnScope-Trace-Datei zum Öffnen (Standard: die zuletzt geöffnete oder das Demo).</translation>
    </message>
    <message>
        <source>Compare with this text B on the same model.</source>
        <translation>Mit diesem Text B im selben Modell vergleichen.</translation>
    </message>
    <message>
        <source>Compare with this model B of the same shape (give it several times for a checkpoint timeline).</source>
        <translation>Mit diesem Modell B derselben Form vergleichen (mehrfach angeben für eine Checkpoint-Zeitleiste).</translation>
    </message>
    <message>
        <source>Show checkpoint &lt;n&gt; (from 0) of the timeline.</source>
        <translation>Checkpoint &lt;n&gt; (ab 0) der Zeitleiste zeigen.</translation>
    </message>
    <message>
        <source>Compare side-by-side or difference.</source>
        <translation>Nebeneinander oder als Differenz vergleichen.</translation>
    </message>
    <message>
        <source>Start with these attention edges blocked, e.g. 2.*:9&gt;4 or *.*:*&gt;5 (layer.head:query&gt;key, * for every one).</source>
        <translation>Mit diesen Aufmerksamkeitskanten blockiert starten, z. B. 2.*:9&gt;4 oder *.*:*&gt;5 (layer.head:query&gt;key, * für alle).</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>%1 lässt sich nicht öffnen: %2</translation>
    </message>
    <message>
        <source>the demo model</source>
        <translation>das Demomodell</translation>
    </message>
</context>
<context>
    <name>render::AblationFigure</name>
    <message>
        <source>Loss change per ablated head · base loss %1</source>
        <translation>Verluständerung je ausgeschaltetem Kopf · Grundverlust %1</translation>
    </message>
    <message>
        <source>L%1</source>
        <translation>S%1</translation>
    </message>
    <message>
        <source>H%1</source>
        <translation>K%1</translation>
    </message>
    <message>
        <source>Estimated loss change per ablated head (attribution patching) · base loss %1</source>
        <translation>Geschätzte Verluständerung je ausgeschaltetem Kopf (Attribution Patching) · Grundverlust %1</translation>
    </message>
    <message>
        <source>Direct logit attribution of each head to %1</source>
        <translation>Direkte Logit-Attribution jedes Kopfes für %1</translation>
    </message>
</context>
<context>
    <name>render::AttributionFigure</name>
    <message>
        <source>%1 for %2 at position %3 · logit %4</source>
        <translation>%1 für %2 an Position %3 · Logit %4</translation>
    </message>
    <message numerus="yes">
        <source>… %n more token(s) past the figure&apos;s room</source>
        <translation>
            <numerusform>… %n weiteres Token passt nicht mehr in die Abbildung</numerusform>
            <numerusform>… %n weitere Tokens passen nicht mehr in die Abbildung</numerusform>
        </translation>
    </message>
    <message>
        <source>Completeness: f(e) − f(0) = %1, sum of the scores = %2</source>
        <translation>Vollständigkeit: f(e) − f(0) = %1, Summe der Scores = %2</translation>
    </message>
</context>
<context>
    <name>render::CompareFigure</name>
    <message>
        <source>query</source>
        <translation>Query</translation>
    </message>
    <message>
        <source>key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>No comparison yet: choose B with Compare with text… or Compare with model…</source>
        <translation>Noch kein Vergleich: Wählen Sie B mit Vergleichen ▸ Mit Text vergleichen… oder Mit Modell vergleichen…</translation>
    </message>
    <message>
        <source>L%1 H%2 · A: %3 · B: %4</source>
        <translation>S%1 K%2 · A: %3 · B: %4</translation>
    </message>
    <message>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <source>B − A, first %1 positions (A has %2, B %3)</source>
        <translation>B − A, erste %1 Positionen (A hat %2, B %3)</translation>
    </message>
    <message>
        <source> · largest |B − A| of %1 × %1 tokens a cell</source>
        <translation> · größtes |B − A| von %1 × %1 Tokens je Zelle</translation>
    </message>
</context>
<context>
    <name>render::HeadFigure</name>
    <message>
        <source>Mask (bidirectional)</source>
        <translation>Maske (bidirektional)</translation>
    </message>
    <message>
        <source>Mask (causal)</source>
        <translation>Maske (kausal)</translation>
    </message>
    <message>
        <source>attention weights</source>
        <translation>Aufmerksamkeitsgewichte</translation>
    </message>
    <message>
        <source>raw scores</source>
        <translation>Roh-Scores</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 · %3</source>
        <translation>Schicht %1 · Kopf %2 · %3</translation>
    </message>
    <message>
        <source>query</source>
        <translation>Query</translation>
    </message>
    <message>
        <source>key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>Mask (causal, sliding window of %1)</source>
        <translation>Maske (kausal, gleitendes Fenster von %1)</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 (KV head %3) · %4</source>
        <translation>Schicht %1 · Kopf %2 (KV-Kopf %3) · %4</translation>
    </message>
    <message numerus="yes">
        <source>%n edge(s) knocked out (×)</source>
        <translation>
            <numerusform>%n Kante blockiert (×)</numerusform>
            <numerusform>%n Kanten blockiert (×)</numerusform>
        </translation>
    </message>
    <message>
        <source> · Layer %1 · Head %2</source>
        <translation> · Schicht %1 · Kopf %2</translation>
    </message>
    <message>
        <source> · max of %1 × %1 tokens a cell</source>
        <translation> · Maximum von %1 × %1 Tokens je Zelle</translation>
    </message>
    <message>
        <source>value-weighted norms ‖α·v W_O‖</source>
        <translation>wertgewichtete Normen ‖α·v W_O‖</translation>
    </message>
</context>
<context>
    <name>render::HeadsGridFigure</name>
    <message>
        <source>Attention weights of every head</source>
        <translation>Aufmerksamkeitsgewichte aller Köpfe</translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translation>S%1 K%2</translation>
    </message>
    <message>
        <source>each row scaled to its own max</source>
        <translation>jede Zeile auf ihr eigenes Maximum skaliert</translation>
    </message>
    <message>
        <source>log scale</source>
        <translation>logarithmische Skala</translation>
    </message>
    <message>
        <source>each tile scaled to its own max</source>
        <translation>jede Kachel auf ihr eigenes Maximum skaliert</translation>
    </message>
    <message>
        <source>one scale for all tiles</source>
        <translation>eine Skala für alle Kacheln</translation>
    </message>
    <message>
        <source>each pixel: the max of its tokens</source>
        <translation>jedes Pixel: das Maximum seiner Tokens</translation>
    </message>
    <message>
        <source>each pixel: the mean of its tokens</source>
        <translation>jedes Pixel: der Mittelwert seiner Tokens</translation>
    </message>
    <message>
        <source>L%1</source>
        <translation>S%1</translation>
    </message>
    <message>
        <source>H%1</source>
        <translation>K%1</translation>
    </message>
    <message>
        <source>columns grouped by the KV head they share</source>
        <translation>Spalten nach dem geteilten KV-Head gruppiert</translation>
    </message>
    <message>
        <source>L%1 H%2 · KV %3</source>
        <translation>L%1 H%2 · KV %3</translation>
    </message>
    <message>
        <source>KV %1</source>
        <translation>KV %1</translation>
    </message>
    <message>
        <source>Value-weighted norms of every head</source>
        <translation>Wertgewichtete Normen aller Köpfe</translation>
    </message>
    <message>
        <source>value-weighted norms ‖α·v W_O‖</source>
        <translation>wertgewichtete Normen ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>one scale for all tiles, up to the largest norm of any head</source>
        <translation>eine Skala für alle Kacheln, bis zur größten Norm eines Kopfes</translation>
    </message>
</context>
<context>
    <name>render::Heatmap</name>
    <message>
        <source>per row:
row max = 1</source>
        <translation>je Zeile:
Zeilenmaximum = 1</translation>
    </message>
    <message>
        <source>log; top = 10ⁿ
≥ largest</source>
        <translation>log; oben = 10ⁿ
≥ größter Wert</translation>
    </message>
    <message>
        <source>top = largest
value shown</source>
        <translation>oben = größter
gezeigter Wert</translation>
    </message>
</context>
<context>
    <name>render::MatrixFigure</name>
    <message>
        <source>attended (allowed)</source>
        <translation>beachtet (erlaubt)</translation>
    </message>
    <message>
        <source>masked (−∞ before softmax)</source>
        <translation>maskiert (−∞ vor dem Softmax)</translation>
    </message>
</context>
<context>
    <name>render::NotedFigure</name>
    <message>
        <source>bidirectional attention (no causal mask)</source>
        <translation>bidirektionale Aufmerksamkeit (keine kausale Maske)</translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translation>S%1 K%2</translation>
    </message>
    <message>
        <source>ablated: %1</source>
        <translation>ausgeschaltet: %1</translation>
    </message>
    <message>
        <source>knocked out: %1</source>
        <translation>blockiert: %1</translation>
    </message>
</context>
<context>
    <name>render::QueryBarsFigure</name>
    <message>
        <source>Select a query token to see its attention over the keys.</source>
        <translation>Wählen Sie ein Query-Token, um seine Aufmerksamkeit über die Keys zu sehen.</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 · query %3 “%4” · value-weighted norms ‖α·v W_O‖</source>
        <translation>Schicht %1 · Kopf %2 · Query %3 „%4“ · wertgewichtete Normen ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 · query %3 “%4” · attention weights</source>
        <translation>Schicht %1 · Kopf %2 · Query %3 „%4“ · Aufmerksamkeitsgewichte</translation>
    </message>
</context>
<context>
    <name>render::RolloutFigure</name>
    <message>
        <source>position</source>
        <translation>Position</translation>
    </message>
    <message>
        <source>input token</source>
        <translation>Eingabetoken</translation>
    </message>
    <message>
        <source>Rollout of position %1 “%2” over the input</source>
        <translation>Rollout von Position %1 „%2“ über die Eingabe</translation>
    </message>
    <message>
        <source>log scale</source>
        <translation>logarithmische Skala</translation>
    </message>
</context>
<context>
    <name>render::Session</name>
    <message>
        <source>Random model (seed %1)</source>
        <translation>Zufallsmodell (Seed %1)</translation>
    </message>
    <message>
        <source>GPT-2 BPE bundled with AttnScope, chosen for a vocabulary of %1 rows</source>
        <translation>mit AttnScope gelieferte GPT-2-BPE, gewählt für ein Vokabular mit %1 Zeilen</translation>
    </message>
</context>
<context>
    <name>render::ShapeFlowFigure</name>
    <message>
        <source>Forward pass · block %1 of %2 shown · head %3 for per-head tensors</source>
        <translation>Vorwärtsdurchlauf · Block %1 von %2 gezeigt · Kopf %3 für Tensoren je Kopf</translation>
    </message>
    <message>
        <source>× %2 blocks · block %1 shown · pre-RMSNorm, attention and MLP in parallel</source>
        <translation>× %2 Blöcke · Block %1 gezeigt · Pre-RMSNorm, Attention und MLP parallel</translation>
    </message>
    <message>
        <source>× %2 blocks · block %1 shown · pre-LayerNorm, attention and MLP in parallel</source>
        <translation>× %2 Blöcke · Block %1 gezeigt · Pre-LayerNorm, Attention und MLP parallel</translation>
    </message>
    <message>
        <source>× %2 blocks · block %1 shown · pre-RMSNorm</source>
        <translation>× %2 Blöcke · Block %1 gezeigt · Pre-RMSNorm</translation>
    </message>
    <message>
        <source>× %2 blocks · block %1 shown · pre-LayerNorm</source>
        <translation>× %2 Blöcke · Block %1 gezeigt · Pre-LayerNorm</translation>
    </message>
    <message>
        <source>T tokens</source>
        <translation>T Tokens</translation>
    </message>
    <message>
        <source>C model width</source>
        <translation>C Modellbreite</translation>
    </message>
    <message>
        <source>H heads</source>
        <translation>H Köpfe</translation>
    </message>
    <message>
        <source>KV key/value heads</source>
        <translation>KV Schlüssel/Wert-Köpfe</translation>
    </message>
    <message>
        <source>hs head size</source>
        <translation>hs Kopfgröße</translation>
    </message>
    <message>
        <source>4C the MLP&apos;s width</source>
        <translation>4C Breite des MLP</translation>
    </message>
    <message>
        <source>F the MLP&apos;s width</source>
        <translation>F Breite des MLP</translation>
    </message>
    <message>
        <source>R positions whose logits are kept</source>
        <translation>R Positionen, deren Logits behalten werden</translation>
    </message>
    <message>
        <source>V vocabulary</source>
        <translation>V Vokabular</translation>
    </message>
</context>
<context>
    <name>render::TokenLinesFigure</name>
    <message>
        <source>Layer %1 · Head %2 · token lines</source>
        <translation>Schicht %1 · Kopf %2 · Tokenlinien</translation>
    </message>
    <message>
        <source>Layer %1 · %2 heads overlaid · token lines</source>
        <translation>Schicht %1 · %2 Köpfe überlagert · Tokenlinien</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>Kopf %1</translation>
    </message>
    <message>
        <source>query</source>
        <translation>Query</translation>
    </message>
    <message>
        <source>key (↑ %1 earlier)</source>
        <translation>Key (↑ %1 davor)</translation>
    </message>
    <message>
        <source>key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 · token lines · value-weighted norms</source>
        <translation>Schicht %1 · Kopf %2 · Token-Linien · wertgewichtete Normen</translation>
    </message>
    <message>
        <source>Layer %1 · %2 heads overlaid · token lines · value-weighted norms</source>
        <translation>Schicht %1 · %2 Köpfe überlagert · Token-Linien · wertgewichtete Normen</translation>
    </message>
</context>
<context>
    <name>session::Attribution</name>
    <message>
        <source>Gradient norm</source>
        <translation>Gradientennorm</translation>
    </message>
    <message>
        <source>Gradient × input</source>
        <translation>Gradient × Eingabe</translation>
    </message>
    <message>
        <source>Integrated gradients (%1 steps)</source>
        <translation>Integrierte Gradienten (%1 Schritte)</translation>
    </message>
    <message>
        <source>Relevance</source>
        <translation>Relevanz</translation>
    </message>
</context>
<context>
    <name>session::Views</name>
    <message>
        <source>Heads grid</source>
        <translation>Kopfraster</translation>
    </message>
    <message>
        <source>every head of every layer as a small heatmap</source>
        <translation>jeder Kopf jeder Schicht als kleine Heatmap</translation>
    </message>
    <message>
        <source>Head &amp;detail</source>
        <translation>Kopfdeta&amp;ils</translation>
    </message>
    <message>
        <source>Head detail</source>
        <translation>Kopfdetails</translation>
    </message>
    <message>
        <source>&amp;Mask</source>
        <translation>&amp;Maske</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>Maske</translation>
    </message>
    <message>
        <source>which keys each query may attend to</source>
        <translation>welche Keys jede Query beachten darf</translation>
    </message>
    <message>
        <source>Shape flow</source>
        <translation>Formenfluss</translation>
    </message>
    <message>
        <source>the tensors of one block&apos;s forward pass with their shapes</source>
        <translation>die Tensoren des Vorwärtsdurchlaufs eines Blocks mit ihren Formen</translation>
    </message>
    <message>
        <source>Token &amp;lines</source>
        <translation>&amp;Tokenlinien</translation>
    </message>
    <message>
        <source>Token lines</source>
        <translation>Tokenlinien</translation>
    </message>
    <message>
        <source>BertViz-style lines from each query to the keys it attends to</source>
        <translation>Linien im Stil von BertViz von jeder Query zu den Keys, die sie beachtet</translation>
    </message>
    <message>
        <source>Attention rollout</source>
        <translation>Attention-Rollout</translation>
    </message>
    <message>
        <source>attention rolled out through every layer (Abnar &amp; Zuidema, 2020)</source>
        <translation>Aufmerksamkeit über alle Schichten ausgerollt (Abnar &amp; Zuidema, 2020)</translation>
    </message>
    <message>
        <source>A&amp;blation</source>
        <translation>Ablati&amp;on</translation>
    </message>
    <message>
        <source>Ablation scan</source>
        <translation>Ausschalt-Scan</translation>
    </message>
    <message>
        <source>the change in the text&apos;s loss when each head alone is ablated</source>
        <translation>die Änderung des Textverlusts, wenn jeder Kopf allein ausgeschaltet wird</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>&amp;Vergleich</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>one head of two texts, or of two models of one shape, and B − A</source>
        <translation>ein Kopf zweier Texte oder zweier Modelle derselben Form und B − A</translation>
    </message>
    <message>
        <source>H&amp;eads</source>
        <translation>&amp;Köpfe</translation>
    </message>
    <message>
        <source>Sh&amp;ape flow</source>
        <translation>&amp;Formenfluss</translation>
    </message>
    <message>
        <source>Rollou&amp;t</source>
        <translation>&amp;Rollout</translation>
    </message>
    <message>
        <source>Attributio&amp;n</source>
        <translation>Attrib&amp;ution</translation>
    </message>
    <message>
        <source>Attribution</source>
        <translation>Attribution</translation>
    </message>
    <message>
        <source>which tokens mattered for a prediction: gradients, integrated gradients, relevance; each head&apos;s direct logit attribution; the logit lens</source>
        <translation>welche Tokens für eine Vorhersage zählten: Gradienten, Integrierte Gradienten, Relevanz; die direkte Logit-Attribution jedes Kopfes; die Logit-Lens</translation>
    </message>
    <message>
        <source>one head&apos;s full T x T weights (or raw scores or value-weighted norms) with tokens on both axes</source>
        <translation>die vollen T × T Gewichte eines Kopfes (oder Rohwerte oder wertgewichtete Normen) mit Tokens auf beiden Achsen</translation>
    </message>
</context>
</TS>
