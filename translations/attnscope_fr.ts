<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>AblationView</name>
    <message>
        <source>&amp;Scan every head</source>
        <translation>Bala&amp;yer toutes les têtes</translation>
    </message>
    <message>
        <source>Run the model once per head with that head ablated and show how the text&apos;s loss changes (Ctrl+Shift+A)</source>
        <translation>Exécuter le modèle une fois par tête, cette tête désactivée, et montrer comment varie la perte du texte (Ctrl+Shift+A)</translation>
    </message>
    <message>
        <source>Ablating each head in turn…</source>
        <translation>Désactivation de chaque tête tour à tour…</translation>
    </message>
    <message>
        <source>Click a head to ablate it, or to turn it back on.</source>
        <translation>Cliquez sur une tête pour la désactiver ou la réactiver.</translation>
    </message>
    <message>
        <source>Estimated time on this machine: %1.</source>
        <translation>Durée estimée sur cette machine&#xa0;: %1.</translation>
    </message>
    <message>
        <source>Scanning…</source>
        <translation>Balayage…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Ablation scan</source>
        <translation>Balayage d&apos;ablation</translation>
    </message>
    <message>
        <source>under a second</source>
        <translation>moins d&apos;une seconde</translation>
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
        <source>Scan cancelled.</source>
        <translation>Balayage annulé.</translation>
    </message>
    <message>
        <source>Ablating each head in turn… %1.</source>
        <translation>Désactivation de chaque tête tour à tour… %1.</translation>
    </message>
    <message numerus="yes">
        <source>An estimate from one backward pass (attribution patching); the scan measures each head exactly: %n forward pass(es).</source>
        <translation>
            <numerusform>Estimation tirée d&apos;une seule passe arrière (attribution patching)&#xa0;; le balayage mesure chaque tête exactement&#xa0;: %n passe avant.</numerusform>
            <numerusform>Estimation tirée d&apos;une seule passe arrière (attribution patching)&#xa0;; le balayage mesure chaque tête exactement&#xa0;: %n passes avant.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A scan takes %n forward pass(es).</source>
        <translation>
            <numerusform>Un balayage demande %n passe avant.</numerusform>
            <numerusform>Un balayage demande %n passes avant.</numerusform>
        </translation>
    </message>
    <message>
        <source>less than a second left</source>
        <translation>il reste moins d&apos;une seconde</translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation>il reste environ %1</translation>
    </message>
</context>
<context>
    <name>AttentionTextPanel</name>
    <message>
        <source>Text coloured by attention</source>
        <translation>Texte coloré selon l&apos;attention</translation>
    </message>
    <message>
        <source>Attention of the selected query over the text</source>
        <translation>Attention de la requête sélectionnée sur le texte</translation>
    </message>
    <message>
        <source>Token %1 “%2”: weight %3</source>
        <translation>Token %1 «&#xa0;%2&#xa0;»&#xa0;: poids %3</translation>
    </message>
    <message>
        <source>Token %1 “%2”: norm %3</source>
        <translation>Token %1 «&#xa0;%2&#xa0;»&#xa0;: norme %3</translation>
    </message>
    <message>
        <source>Token %1 “%2”: raw score %3</source>
        <translation>Token %1 «&#xa0;%2&#xa0;»&#xa0;: score brut %3</translation>
    </message>
    <message>
        <source>%1 · value-weighted norms ‖α·v W_O‖ of query %2 “%3”</source>
        <translation>%1 · normes pondérées par les valeurs ‖α·v W_O‖ de la requête %2 «&#xa0;%3&#xa0;»</translation>
    </message>
    <message>
        <source>%1 · raw scores of query %2 “%3”</source>
        <translation>%1 · scores bruts de la requête %2 «&#xa0;%3&#xa0;»</translation>
    </message>
    <message>
        <source>%1 · attention weights of query %2 “%3”</source>
        <translation>%1 · poids d&apos;attention de la requête %2 «&#xa0;%3&#xa0;»</translation>
    </message>
</context>
<context>
    <name>AttributionView</name>
    <message>
        <source>&amp;Score by:</source>
        <translation>Mét&amp;hode&#xa0;:</translation>
    </message>
    <message>
        <source>How each token&apos;s share is measured: relevance (gradient-weighted attention through every layer), the gradient&apos;s size, gradient × input, or integrated gradients</source>
        <translation>Comment la part de chaque token est mesurée&#xa0;: pertinence (attention pondérée par le gradient à travers toutes les couches), taille du gradient, gradient × entrée, ou gradients intégrés</translation>
    </message>
    <message>
        <source>Ne&amp;xt token</source>
        <translation>Token sui&amp;vant</translation>
    </message>
    <message>
        <source>Explain the text&apos;s next token again (or the top prediction at the last position) instead of the token chosen in Predictions</source>
        <translation>Expliquer à nouveau le token suivant du texte (ou la prédiction la plus probable à la dernière position) au lieu du token choisi dans Prédictions</translation>
    </message>
    <message>
        <source>Logit lens</source>
        <translation>Logit lens</translation>
    </message>
    <message>
        <source>The prediction read after every block: the target&apos;s probability and the most probable tokens</source>
        <translation>La prédiction lue après chaque bloc&#xa0;: la probabilité de la cible et les tokens les plus probables</translation>
    </message>
    <message>
        <source>Attribution</source>
        <translation>Attribution</translation>
    </message>
    <message>
        <source>A trace file holds attention only: attributions need the model.</source>
        <translation>Un fichier de trace ne contient que l&apos;attention&#xa0;: les attributions nécessitent le modèle.</translation>
    </message>
    <message numerus="yes">
        <source>Computing %n gradient(s)…</source>
        <translation>
            <numerusform>Calcul de %n gradient…</numerusform>
            <numerusform>Calcul de %n gradients…</numerusform>
        </translation>
    </message>
    <message>
        <source>Computing the gradients…</source>
        <translation>Calcul des gradients…</translation>
    </message>
    <message>
        <source>“%1” at position %2</source>
        <translation>«&#xa0;%1&#xa0;» à la position %2</translation>
    </message>
    <message>
        <source>The token chosen in Predictions.</source>
        <translation>Le token choisi dans Prédictions.</translation>
    </message>
    <message>
        <source>The next token. Click a token to move P.</source>
        <translation>Le token suivant. Cliquez sur un token pour déplacer P.</translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message>
        <source>The selected head of text A beside text or model B, and their difference B − A</source>
        <translation>La tête sélectionnée pour le texte A à côté du texte ou modèle B, et leur différence B − A</translation>
    </message>
    <message>
        <source>Te&amp;xt B:</source>
        <translation>Te&amp;xte B&#xa0;:</translation>
    </message>
    <message>
        <source>Type a second text to compare with the text above, on the same model</source>
        <translation>Saisissez un second texte à comparer avec le texte ci-dessus, sur le même modèle</translation>
    </message>
    <message>
        <source>B: a second text on the same model (Ctrl+Shift+D). Cropped to the context like the text above.</source>
        <translation>B&#xa0;: un second texte sur le même modèle (Ctrl+Shift+D). Tronqué au contexte comme le texte ci-dessus.</translation>
    </message>
    <message>
        <source>Compare w&amp;ith model…</source>
        <translation>Comparer a&amp;vec un modèle…</translation>
    </message>
    <message>
        <source>B: the same text on another model of the same shape (Ctrl+Shift+M)</source>
        <translation>B&#xa0;: le même texte sur un autre modèle de même forme (Ctrl+Shift+M)</translation>
    </message>
    <message>
        <source>Compare with chec&amp;kpoints…</source>
        <translation>Comparer avec des chec&amp;kpoints…</translation>
    </message>
    <message>
        <source>B: several checkpoints of one run, one at a time; step with Alt+PgUp and Alt+PgDown (Ctrl+Alt+M)</source>
        <translation>B&#xa0;: plusieurs checkpoints d&apos;un même entraînement, un à la fois&#xa0;; passez de l&apos;un à l&apos;autre avec Alt+PgUp et Alt+PgDown (Ctrl+Alt+M)</translation>
    </message>
    <message>
        <source>Stop comparin&amp;g</source>
        <translation>&amp;Quitter la comparaison</translation>
    </message>
    <message>
        <source>Forget B: the view and the head statistics show A alone</source>
        <translation>Oublier B&#xa0;: la vue et les statistiques des têtes ne montrent plus que A</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>Affic&amp;her&#xa0;:</translation>
    </message>
    <message>
        <source>A | B | B − A</source>
        <translation>A | B | B − A</translation>
    </message>
    <message>
        <source>Difference B − A</source>
        <translation>Différence B − A</translation>
    </message>
    <message>
        <source>Side by side with the difference, or the difference alone (Ctrl+Alt+D)</source>
        <translation>Côte à côte avec la différence, ou la différence seule (Ctrl+Alt+D)</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ Précédent</translation>
    </message>
    <message>
        <source>The previous checkpoint as B (Alt+PgUp)</source>
        <translation>Le checkpoint précédent comme B (Alt+PgUp)</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>Suivant ▶</translation>
    </message>
    <message>
        <source>The next checkpoint as B (Alt+PgDown)</source>
        <translation>Le checkpoint suivant comme B (Alt+PgDown)</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>Checkpoint</translation>
    </message>
    <message>
        <source>Which checkpoint is B</source>
        <translation>Quel checkpoint est B</translation>
    </message>
    <message>
        <source>C&amp;ompare</source>
        <translation>C&amp;omparer</translation>
    </message>
    <message>
        <source>Compare with &amp;text…</source>
        <translation>Comparer avec un &amp;texte…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+D</source>
        <translation>Ctrl+Shift+D</translation>
    </message>
    <message>
        <source>Compare with &amp;model…</source>
        <translation>Comparer avec un &amp;modèle…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+M</source>
        <translation>Ctrl+Shift+M</translation>
    </message>
    <message>
        <source>Compare with &amp;checkpoints…</source>
        <translation>Comparer avec des &amp;checkpoints…</translation>
    </message>
    <message>
        <source>Ctrl+Alt+M</source>
        <translation>Ctrl+Alt+M</translation>
    </message>
    <message>
        <source>&amp;Previous checkpoint</source>
        <translation>Checkpoint &amp;précédent</translation>
    </message>
    <message>
        <source>Alt+PgUp</source>
        <translation>Alt+PgUp</translation>
    </message>
    <message>
        <source>&amp;Next checkpoint</source>
        <translation>Checkpoint &amp;suivant</translation>
    </message>
    <message>
        <source>Alt+PgDown</source>
        <translation>Alt+PgDown</translation>
    </message>
    <message>
        <source>&amp;Difference only</source>
        <translation>&amp;Différence seule</translation>
    </message>
    <message>
        <source>Ctrl+Alt+D</source>
        <translation>Ctrl+Alt+D</translation>
    </message>
    <message>
        <source>&amp;Stop comparing</source>
        <translation>&amp;Quitter la comparaison</translation>
    </message>
    <message>
        <source>Loading model B…</source>
        <translation>Chargement du modèle B…</translation>
    </message>
    <message>
        <source>Running B…</source>
        <translation>Calcul de B…</translation>
    </message>
    <message>
        <source>Compare with model</source>
        <translation>Comparer avec un modèle</translation>
    </message>
    <message>
        <source>Models (*.safetensors *.pt *.pth *.bin *.ckpt);;All files (*)</source>
        <translation>Modèles (*.safetensors *.pt *.pth *.bin *.ckpt);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Compare with checkpoints of one run</source>
        <translation>Comparer avec les checkpoints d&apos;un entraînement</translation>
    </message>
    <message>
        <source>Checkpoint %1 of %2: %3</source>
        <translation>Checkpoint %1 sur %2&#xa0;: %3</translation>
    </message>
    <message>
        <source>Choose B: type a second text, or compare with another model of the same shape.</source>
        <translation>Choisissez B&#xa0;: saisissez un second texte, ou comparez avec un autre modèle de même forme.</translation>
    </message>
    <message numerus="yes">
        <source>A: %1 · %n token(s)</source>
        <translation>
            <numerusform>A&#xa0;: %1 · %n token</numerusform>
            <numerusform>A&#xa0;: %1 · %n tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>B: %1 · %n token(s)</source>
        <translation>
            <numerusform>B&#xa0;: %1 · %n token</numerusform>
            <numerusform>B&#xa0;: %1 · %n tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The difference covers the first %n position(s).</source>
        <translation>
            <numerusform>La différence ne couvre que la première position.</numerusform>
            <numerusform>La différence couvre les %n premières positions.</numerusform>
        </translation>
    </message>
    <message>
        <source>Text B is longer than the model&apos;s context: only its last %1 tokens are used (%2 dropped).</source>
        <translation>Le texte B dépasse le contexte du modèle&#xa0;: seuls ses %1 derniers tokens sont utilisés (%2 écartés).</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>The input is not valid.</source>
        <translation>L&apos;entrée n&apos;est pas valide.</translation>
    </message>
    <message>
        <source>The file could not be read or written.</source>
        <translation>Le fichier n&apos;a pas pu être lu ou écrit.</translation>
    </message>
    <message>
        <source>This is not a model format AttnScope can read.</source>
        <translation>AttnScope ne sait pas lire ce format de modèle.</translation>
    </message>
    <message>
        <source>The file is damaged or inconsistent.</source>
        <translation>Le fichier est endommagé ou incohérent.</translation>
    </message>
    <message>
        <source>The file is truncated.</source>
        <translation>Le fichier est tronqué.</translation>
    </message>
    <message>
        <source>The file stores numbers in a type AttnScope cannot read.</source>
        <translation>Le fichier stocke des nombres dans un type qu&apos;AttnScope ne sait pas lire.</translation>
    </message>
    <message>
        <source>A tensor in the file has the wrong shape for this model.</source>
        <translation>Un tenseur du fichier n&apos;a pas la bonne forme pour ce modèle.</translation>
    </message>
    <message>
        <source>A tensor the model needs is missing from the file.</source>
        <translation>Il manque dans le fichier un tenseur dont le modèle a besoin.</translation>
    </message>
    <message>
        <source>The file holds a tensor this model does not use.</source>
        <translation>Le fichier contient un tenseur que ce modèle n&apos;utilise pas.</translation>
    </message>
    <message>
        <source>The file names the same tensor twice.</source>
        <translation>Le fichier nomme deux fois le même tenseur.</translation>
    </message>
    <message>
        <source>The file asks for more memory than any model needs; it was not loaded.</source>
        <translation>Le fichier demande plus de mémoire qu&apos;aucun modèle ne peut en nécessiter&#xa0;; il n&apos;a pas été chargé.</translation>
    </message>
    <message>
        <source>The checkpoint tries to run code; AttnScope never runs code from files.</source>
        <translation>Le checkpoint tente d&apos;exécuter du code&#xa0;; AttnScope n&apos;exécute jamais de code venant d&apos;un fichier.</translation>
    </message>
    <message>
        <source>The text is longer than the model&apos;s context.</source>
        <translation>Le texte dépasse le contexte du modèle.</translation>
    </message>
    <message>
        <source>There is nothing to run: type some text.</source>
        <translation>Il n&apos;y a rien à calculer&#xa0;: saisissez du texte.</translation>
    </message>
    <message>
        <source>The text is not valid UTF-8.</source>
        <translation>Le texte n&apos;est pas de l&apos;UTF-8 valide.</translation>
    </message>
    <message>
        <source>No tokenizer was found for this model.</source>
        <translation>Aucun tokenizer n&apos;a été trouvé pour ce modèle.</translation>
    </message>
    <message>
        <source>The tokenizer file could not be read; the model itself is fine.</source>
        <translation>Le fichier du tokenizer n&apos;a pas pu être lu&#xa0;; le modèle lui-même est intact.</translation>
    </message>
    <message>
        <source>The run was cancelled.</source>
        <translation>Le calcul a été annulé.</translation>
    </message>
    <message>
        <source>This would take far too long to compute for a text this long.</source>
        <translation>Le calcul serait beaucoup trop long pour un texte de cette longueur.</translation>
    </message>
    <message>
        <source>Something went wrong.</source>
        <translation>Une erreur s&apos;est produite.</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export preview</source>
        <translation>Aperçu de l&apos;export</translation>
    </message>
    <message>
        <source>No figure yet.</source>
        <translation>Pas encore de figure.</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exporter</translation>
    </message>
    <message>
        <source>PNG image</source>
        <translation>Image PNG</translation>
    </message>
    <message>
        <source>SVG vector figure</source>
        <translation>Figure vectorielle SVG</translation>
    </message>
    <message>
        <source>PDF vector figure</source>
        <translation>Figure vectorielle PDF</translation>
    </message>
    <message>
        <source>CSV: one head&apos;s matrix</source>
        <translation>CSV&#xa0;: la matrice d&apos;une tête</translation>
    </message>
    <message>
        <source>NPY: numpy array (+ tokens)</source>
        <translation>NPY&#xa0;: tableau NumPy (+ tokens)</translation>
    </message>
    <message>
        <source>JSON: tokens, shapes and weights</source>
        <translation>JSON&#xa0;: tokens, formes et poids</translation>
    </message>
    <message>
        <source> dpi</source>
        <translation> ppp</translation>
    </message>
    <message>
        <source> in</source>
        <translation> po</translation>
    </message>
    <message>
        <source>&amp;Keep proportions</source>
        <translation>&amp;Garder les proportions</translation>
    </message>
    <message>
        <source>&amp;Natural size</source>
        <translation>Taille &amp;naturelle</translation>
    </message>
    <message>
        <source>Embedded image</source>
        <translation>Image intégrée</translation>
    </message>
    <message>
        <source>One rectangle per cell</source>
        <translation>Un rectangle par cellule</translation>
    </message>
    <message>
        <source>How SVG and PDF hold a heatmap: one image, or a vector rectangle for every cell.</source>
        <translation>Comment SVG et PDF stockent une carte de chaleur&#xa0;: une seule image, ou un rectangle vectoriel par cellule.</translation>
    </message>
    <message>
        <source> pt</source>
        <translation> pt</translation>
    </message>
    <message>
        <source>&amp;Title</source>
        <translation>&amp;Titre</translation>
    </message>
    <message>
        <source>Colour &amp;bar</source>
        <translation>&amp;Barre de couleurs</translation>
    </message>
    <message>
        <source>R&amp;un note</source>
        <translation>Note &amp;d&apos;exécution</translation>
    </message>
    <message>
        <source>A line under the figure naming bidirectional attention and ablated heads, when the run had either.</source>
        <translation>Une ligne sous la figure qui signale l&apos;attention bidirectionnelle et les têtes désactivées, si l&apos;exécution comportait l&apos;une ou l&apos;autre.</translation>
    </message>
    <message>
        <source>one row per layer</source>
        <translation>une ligne par couche</translation>
    </message>
    <message>
        <source>all layers</source>
        <translation>toutes les couches</translation>
    </message>
    <message>
        <source>Layers to show, e.g. 0,2; empty for every layer.</source>
        <translation>Couches à afficher, p. ex. 0,2&#xa0;; vide pour toutes les couches.</translation>
    </message>
    <message>
        <source>Also save the figure &amp;recipe (.recipe.json)</source>
        <translation>Enregistrer &amp;aussi la recette de la figure (.recipe.json)</translation>
    </message>
    <message>
        <source>Model, hash, text, view and style, so that “attnscope-cli export --recipe” draws the identical figure again.</source>
        <translation>Modèle, hachage, texte, vue et style, pour que «&#xa0;attnscope-cli export --recipe&#xa0;» redessine la même figure.</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Format&#xa0;:</translation>
    </message>
    <message>
        <source>Resolut&amp;ion:</source>
        <translation>&amp;Résolution&#xa0;:</translation>
    </message>
    <message>
        <source>Si&amp;ze:</source>
        <translation>Tai&amp;lle&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Heatmap cells:</source>
        <translation>&amp;Cellules de la carte&#xa0;:</translation>
    </message>
    <message>
        <source>F&amp;ont size:</source>
        <translation>Taille de &amp;police&#xa0;:</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>Afficher&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Columns:</source>
        <translation>C&amp;olonnes&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Layers:</source>
        <translation>Co&amp;uches&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>&amp;Enregistrer…</translation>
    </message>
    <message>
        <source>Cop&amp;y image</source>
        <translation>Cop&amp;ier l&apos;image</translation>
    </message>
    <message>
        <source>%1 × %2 pixels</source>
        <translation>%1 × %2 pixels</translation>
    </message>
    <message>
        <source>%1 × %2 mm</source>
        <translation>%1 × %2 mm</translation>
    </message>
    <message>
        <source>%1 × %2 pixels is past the limit of %3 million: choose a smaller size or DPI, or SVG or PDF.</source>
        <translation>%1 × %2 pixels dépasse la limite de %3 millions&#xa0;: choisissez une taille ou une résolution plus petite, ou SVG ou PDF.</translation>
    </message>
    <message>
        <source>CSV holds one head&apos;s matrix; choose NPY or JSON for several heads.</source>
        <translation>Le CSV contient la matrice d&apos;une seule tête&#xa0;; choisissez NPY ou JSON pour plusieurs têtes.</translation>
    </message>
    <message>
        <source>Writes %1 of shape (%2) as float32, with the token strings.</source>
        <translation>Écrit «&#xa0;%1&#xa0;», de forme (%2), en float32, avec le texte des tokens.</translation>
    </message>
    <message>
        <source>A random model has no file, so no recipe can name it; save the model to export a recipe.</source>
        <translation>Un modèle aléatoire n&apos;a pas de fichier, aucune recette ne peut donc le désigner&#xa0;; enregistrez le modèle pour exporter une recette.</translation>
    </message>
    <message>
        <source>The model is still running on the latest text; the export waits for it.</source>
        <translation>Le modèle calcule encore sur le dernier texte&#xa0;; l&apos;export l&apos;attend.</translation>
    </message>
    <message>
        <source>There is nothing to export yet: the model has not run.</source>
        <translation>Il n&apos;y a encore rien à exporter&#xa0;: le modèle n&apos;a pas été exécuté.</translation>
    </message>
    <message>
        <source>Writing “%1”…</source>
        <translation>Écriture de «&#xa0;%1&#xa0;»…</translation>
    </message>
    <message>
        <source>Export cancelled: “%1” was not written.</source>
        <translation>Export annulé&#xa0;: «&#xa0;%1&#xa0;» n&apos;a pas été écrit.</translation>
    </message>
    <message>
        <source>AttnScope could not export “%1”.

%2</source>
        <translation>AttnScope n&apos;a pas pu exporter «&#xa0;%1&#xa0;».

%2</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>Fichiers %1 (*.%2)</translation>
    </message>
    <message>
        <source>“%1” already exists. Replace it?</source>
        <translation>«&#xa0;%1&#xa0;» existe déjà. Le remplacer&#xa0;?</translation>
    </message>
    <message>
        <source>Copy image</source>
        <translation>Copier l&apos;image</translation>
    </message>
    <message>
        <source>AttnScope could not copy the figure.

%1</source>
        <translation>AttnScope n&apos;a pas pu copier la figure.

%1</translation>
    </message>
    <message>
        <source>This figure cannot be exported as %1. The Format list shows what it can be exported as.</source>
        <translation>Cette figure ne peut pas être exportée en %1. La liste Format indique les formats possibles.</translation>
    </message>
</context>
<context>
    <name>GenerateDialog</name>
    <message>
        <source>Generate</source>
        <translation>Générer</translation>
    </message>
    <message>
        <source>G&amp;reedy: always the most probable token</source>
        <translation>&amp;Glouton&#xa0;: toujours le token le plus probable</translation>
    </message>
    <message>
        <source>Sa&amp;mpled with a seed</source>
        <translation>É&amp;chantillonné avec une graine</translation>
    </message>
    <message>
        <source>every token</source>
        <translation>tous les tokens</translation>
    </message>
    <message>
        <source>Go on past the &amp;end-of-text token</source>
        <translation>Continuer après le token de &amp;fin de texte</translation>
    </message>
    <message>
        <source>&amp;New tokens:</source>
        <translation>&amp;Nouveaux tokens&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Temperature:</source>
        <translation>&amp;Température&#xa0;:</translation>
    </message>
    <message>
        <source>Top-&amp;k:</source>
        <translation>Top-&amp;k&#xa0;:</translation>
    </message>
    <message>
        <source>Top-&amp;p:</source>
        <translation>Top-&amp;p&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>G&amp;raine&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Generate</source>
        <translation>Génér&amp;er</translation>
    </message>
</context>
<context>
    <name>GenerationBar</name>
    <message>
        <source>Generation step</source>
        <translation>Étape de génération</translation>
    </message>
    <message>
        <source>Every view shows the run as it was when this step&apos;s token was chosen</source>
        <translation>Chaque vue montre le calcul tel qu&apos;il était quand le token de cette étape a été choisi</translation>
    </message>
    <message>
        <source>Step through the generation (arrow keys, Home, End)</source>
        <translation>Parcourir la génération pas à pas (flèches, Home, End)</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Rejouer</translation>
    </message>
    <message>
        <source>Step through the generation a token at a time</source>
        <translation>Rejouer la génération un token à la fois</translation>
    </message>
    <message numerus="yes">
        <source>Generating: %n token(s)…</source>
        <translation>
            <numerusform>Génération&#xa0;: %n token…</numerusform>
            <numerusform>Génération&#xa0;: %n tokens…</numerusform>
        </translation>
    </message>
    <message>
        <source>Esc stops</source>
        <translation>Esc pour arrêter</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>Étape %1 sur %2</translation>
    </message>
    <message numerus="yes">
        <source>All %n new token(s)</source>
        <translation>
            <numerusform>%n nouveau token</numerusform>
            <numerusform>Tous les %n nouveaux tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped after the tokens asked for</source>
        <translation>Arrêt après les tokens demandés</translation>
    </message>
    <message>
        <source>Stopped at the end-of-text token</source>
        <translation>Arrêt au token de fin de texte</translation>
    </message>
    <message>
        <source>Stopped at the end of the model&apos;s context</source>
        <translation>Arrêt à la fin du contexte du modèle</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Arrêtée</translation>
    </message>
    <message>
        <source>%1 · %2 tokens/s</source>
        <translation>%1 · %2 tokens/s</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
</context>
<context>
    <name>GuideDialog</name>
    <message>
        <source>Before attention and before the MLP every block normalises each token&apos;s vector. This model uses &lt;b&gt;RMSNorm&lt;/b&gt;: x / √(mean(x²) + ε) · w, with ε = %1. LayerNorm (GPT-2) first subtracts the vector&apos;s mean and divides by its standard deviation, (x − mean) / √(var + ε) · w + b; RMSNorm leaves out the mean and the bias b and only scales the vector to a root mean square of 1 before multiplying by the learned weights w. The trace&apos;s ln1, ln2 and ln_f hold the RMSNorm outputs.</source>
        <translation>Avant l&apos;attention et avant le MLP, chaque bloc normalise le vecteur de chaque token. Ce modèle utilise &lt;b&gt;RMSNorm&lt;/b&gt;&#xa0;: x / √(mean(x²) + ε) · w, avec ε = %1. LayerNorm (GPT-2) soustrait d&apos;abord la moyenne du vecteur et divise par son écart-type, (x − mean) / √(var + ε) · w + b&#xa0;; RMSNorm omet la moyenne et le biais b et ramène seulement le vecteur à une moyenne quadratique de 1 avant de le multiplier par les poids appris w. Les tenseurs ln1, ln2 et ln_f de la trace contiennent les sorties de RMSNorm.</translation>
    </message>
    <message>
        <source>This model also applies an RMSNorm to each head&apos;s q and k (over the head size), before RoPE, which keeps the scores within a steady range.</source>
        <translation>Ce modèle applique aussi une RMSNorm aux q et k de chaque tête (sur la taille de tête), avant RoPE, ce qui maintient les scores dans une plage stable.</translation>
    </message>
    <message>
        <source>RMSNorm instead of LayerNorm</source>
        <translation>RMSNorm au lieu de LayerNorm</translation>
    </message>
    <message>
        <source>Of each head&apos;s %1 dimensions, &lt;b&gt;%2&lt;/b&gt; are rotated</source>
        <translation>Sur les %1 dimensions de chaque tête, &lt;b&gt;%2&lt;/b&gt; sont tournées</translation>
    </message>
    <message>
        <source> (partial rotary: %1% of the head size, %2 × %3 = %4); the other %5 pass through unchanged</source>
        <translation> (rotation partielle&#xa0;: %1&#xa0;% de la taille de tête, %2 × %3 = %4)&#xa0;; les %5 autres passent inchangées</translation>
    </message>
    <message>
        <source>This model has no table of position vectors (embed.position is zero): positions enter through &lt;b&gt;rotary position embeddings&lt;/b&gt; (RoPE). After the projections, each head&apos;s query and key are turned by angles that grow with the token&apos;s position. %1.</source>
        <translation>Ce modèle n&apos;a pas de table de vecteurs de position (embed.position est nul)&#xa0;: les positions entrent par des &lt;b&gt;embeddings de position rotatifs&lt;/b&gt; (RoPE). Après les projections, la requête et la clé de chaque tête sont tournées d&apos;angles qui croissent avec la position du token. %1.</translation>
    </message>
    <message>
        <source>The rotated dimensions are split into two halves, x₁ (the first %1) and x₂ (the next %1); rotate_half(x) = (−x₂, x₁), and a token at position p gets q′ = q · cos(p·f) + rotate_half(q) · sin(p·f), the same for k. So each pair (x[i], x[i + %1]) turns in its own plane by the angle p · f&lt;sub&gt;i&lt;/sub&gt;, with f&lt;sub&gt;i&lt;/sub&gt; = 1 / rope_theta&lt;sup&gt;2i/%2&lt;/sup&gt; for i = 0 … %3. Here &lt;b&gt;rope_theta = %4&lt;/b&gt;: the fastest pair turns 1 radian per token (a full turn every 6.3 tokens), the slowest %5 radians per token (a full turn every %6 tokens)%7.</source>
        <translation>Les dimensions tournées sont coupées en deux moitiés, x₁ (les %1 premières) et x₂ (les %1 suivantes)&#xa0;; rotate_half(x) = (−x₂, x₁), et un token en position p reçoit q′ = q · cos(p·f) + rotate_half(q) · sin(p·f), de même pour k. Ainsi chaque paire (x[i], x[i + %1]) tourne dans son propre plan d&apos;un angle p · f&lt;sub&gt;i&lt;/sub&gt;, avec f&lt;sub&gt;i&lt;/sub&gt; = 1 / rope_theta&lt;sup&gt;2i/%2&lt;/sup&gt; pour i = 0 … %3. Ici &lt;b&gt;rope_theta = %4&lt;/b&gt;&#xa0;: la paire la plus rapide tourne de 1 radian par token (un tour complet tous les 6,3 tokens), la plus lente de %5 radian par token (un tour complet tous les %6 tokens)%7.</translation>
    </message>
    <message>
        <source>, before the scaling below</source>
        <translation>, avant la mise à l&apos;échelle décrite plus bas</translation>
    </message>
    <message>
        <source>Why this encodes &lt;i&gt;relative&lt;/i&gt; position: a rotation keeps lengths and only changes angles. A query at position m is turned by m·f&lt;sub&gt;i&lt;/sub&gt;, a key at position n by n·f&lt;sub&gt;i&lt;/sub&gt;, so in their dot product only the difference (m − n)·f&lt;sub&gt;i&lt;/sub&gt; is left. A score q′ · k′ therefore depends on what the two tokens are and on how far apart they are, not on where they stand in the text; the fast pairs tell near distances apart, the slow pairs far ones.</source>
        <translation>Pourquoi cela encode la position &lt;i&gt;relative&lt;/i&gt;&#xa0;: une rotation conserve les longueurs et ne change que les angles. Une requête en position m est tournée de m·f&lt;sub&gt;i&lt;/sub&gt;, une clé en position n de n·f&lt;sub&gt;i&lt;/sub&gt;, donc dans leur produit scalaire il ne reste que la différence (m − n)·f&lt;sub&gt;i&lt;/sub&gt;. Un score q′ · k′ dépend donc de ce que sont les deux tokens et de la distance qui les sépare, pas de leur place dans le texte&#xa0;; les paires rapides distinguent les courtes distances, les paires lentes les longues.</translation>
    </message>
    <message>
        <source>&lt;b&gt;rope_scaling: linear&lt;/b&gt;, factor %1: every frequency is divided by %1, as if the positions were %1 times closer together, so %1 times as many tokens fit into the angles the model was trained on.</source>
        <translation>&lt;b&gt;rope_scaling: linear&lt;/b&gt;, facteur %1&#xa0;: chaque fréquence est divisée par %1, comme si les positions étaient %1 fois plus rapprochées, de sorte que %1 fois plus de tokens tiennent dans les angles sur lesquels le modèle a été entraîné.</translation>
    </message>
    <message>
        <source>&lt;b&gt;rope_scaling: llama3&lt;/b&gt; (factor %1, low_freq_factor %2, high_freq_factor %3, original_max_position_embeddings %4): frequencies whose wavelength 2π / f is longer than %4 / %2 = %5 tokens are divided by %1, those shorter than %4 / %3 = %6 tokens are kept, and those in between are blended between the two. Here %7 of the %8 frequencies change.</source>
        <translation>&lt;b&gt;rope_scaling: llama3&lt;/b&gt; (factor %1, low_freq_factor %2, high_freq_factor %3, original_max_position_embeddings %4)&#xa0;: les fréquences dont la longueur d&apos;onde 2π / f dépasse %4 / %2 = %5 tokens sont divisées par %1, celles de moins de %4 / %3 = %6 tokens sont conservées, et celles entre les deux sont interpolées entre les deux traitements. Ici %7 des %8 fréquences changent.</translation>
    </message>
    <message>
        <source>The q and k that the scores are made from, and that the trace keeps (blk.L.attn.q and .k in the Shape flow&apos;s tensor list), are after RoPE%1; so Head detail&apos;s raw scores and weights already include the positions.</source>
        <translation>Les q et k à partir desquels les scores sont calculés, et que la trace conserve (blk.L.attn.q et .k dans la liste des tenseurs du flux des formes), sont pris après RoPE%1&#xa0;; les scores bruts et les poids du détail de tête incluent donc déjà les positions.</translation>
    </message>
    <message>
        <source> (and after the q/k RMSNorm)</source>
        <translation> (et après la RMSNorm de q/k)</translation>
    </message>
    <message>
        <source>Positions: rotary embeddings (RoPE)</source>
        <translation>Positions&#xa0;: embeddings rotatifs (RoPE)</translation>
    </message>
    <message>
        <source>H%1–H%2 read KV head %3</source>
        <translation>H%1–H%2 lisent la tête KV %3</translation>
    </message>
    <message>
        <source>The &lt;b&gt;n_head = %1&lt;/b&gt; query heads share &lt;b&gt;n_kv_head = %2&lt;/b&gt; key/value heads. The key and value projections make only %2 heads, (T, n_kv_head × head_size) = (%3, %4), while the queries are (%3, %5). Each KV head serves a group of n_head / n_kv_head = &lt;b&gt;%6&lt;/b&gt; neighbouring query heads: query head h reads KV head h / %6, rounded down (%7).</source>
        <translation>Les &lt;b&gt;n_head = %1&lt;/b&gt; têtes de requête se partagent &lt;b&gt;n_kv_head = %2&lt;/b&gt; têtes clé/valeur. Les projections des clés et des valeurs ne produisent que %2 têtes, (T, n_kv_head × head_size) = (%3, %4), tandis que les requêtes sont (%3, %5). Chaque tête KV sert un groupe de n_head / n_kv_head = &lt;b&gt;%6&lt;/b&gt; têtes de requête voisines&#xa0;: la tête de requête h lit la tête KV h / %6, arrondi à l&apos;entier inférieur (%7).</translation>
    </message>
    <message>
        <source>&lt;b&gt;repeat_kv&lt;/b&gt; copies each KV head %1 times, (n_kv_head, T, head_size) → (n_head, T, head_size), and from there attention runs as with one key and value per head. The heads of a group see the same keys and values but ask their own queries, so their weights still differ. The trace keeps k and v after repeat_kv; the Heads grid draws each group under a “KV” header, and Head detail names the KV head.</source>
        <translation>&lt;b&gt;repeat_kv&lt;/b&gt; copie chaque tête KV %1 fois, (n_kv_head, T, head_size) → (n_head, T, head_size), et à partir de là l&apos;attention se déroule comme avec une clé et une valeur par tête. Les têtes d&apos;un groupe voient les mêmes clés et valeurs mais posent leurs propres requêtes, si bien que leurs poids diffèrent quand même. La trace conserve k et v après repeat_kv&#xa0;; la grille des têtes dessine chaque groupe sous un en-tête «&#xa0;KV&#xa0;», et le détail de tête nomme la tête KV.</translation>
    </message>
    <message>
        <source>What this saves is the &lt;b&gt;KV cache&lt;/b&gt;, the keys and values a model keeps for every past token while it generates: per token %1 layers × 2 (k and v) × %2 KV heads × head_size %3 = &lt;b&gt;%4&lt;/b&gt; numbers, where one key and value per query head would need %5, %6 times as many. In 16-bit floats that is %7 instead of %8 per token, and %9 instead of %10 for the full context of %11 tokens.</source>
        <translation>Ce que cela économise, c&apos;est le &lt;b&gt;cache KV&lt;/b&gt;, les clés et valeurs qu&apos;un modèle garde pour chaque token passé pendant la génération&#xa0;: par token, %1 couches × 2 (k et v) × %2 têtes KV × head_size %3 = &lt;b&gt;%4&lt;/b&gt; nombres, là où une clé et une valeur par tête de requête en demanderaient %5, soit %6 fois plus. En flottants 16 bits, cela fait %7 au lieu de %8 par token, et %9 au lieu de %10 pour le contexte complet de %11 tokens.</translation>
    </message>
    <message>
        <source>Grouped-query attention (GQA)</source>
        <translation>Attention à requêtes groupées (GQA)</translation>
    </message>
    <message>
        <source>Each query sees at most its last &lt;b&gt;sliding_window = %1&lt;/b&gt; keys, itself included: key k is allowed for query q when q − %1 &lt; k ≤ q. Keys farther back are masked like the future ones (the Mask view draws the band and its title names the window). Earlier tokens still reach it through the layers: each layer passes information up to %2 positions on, so after %3 layers up to %4 positions back.</source>
        <translation>Chaque requête voit au plus ses &lt;b&gt;sliding_window = %1&lt;/b&gt; dernières clés, elle-même comprise&#xa0;: la clé k est permise pour la requête q quand q − %1 &lt; k ≤ q. Les clés plus anciennes sont masquées comme les futures (la vue Masque dessine la bande et son titre indique la fenêtre). Les tokens antérieurs l&apos;atteignent quand même à travers les couches&#xa0;: chaque couche transmet l&apos;information jusqu&apos;à %2 positions plus loin, donc après %3 couches jusqu&apos;à %4 positions en arrière.</translation>
    </message>
    <message>
        <source>With the causal mask, the window leaves %1 of your %2 × %2 pairs.</source>
        <translation>Avec le masque causal, la fenêtre laisse %1 de vos %2 × %2 paires.</translation>
    </message>
    <message>
        <source>Sliding-window attention</source>
        <translation>Attention à fenêtre glissante</translation>
    </message>
    <message>
        <source>After attention each token goes through the MLP on its own. Here it is gated: &lt;b&gt;down(%1(gate(x)) * up(x))&lt;/b&gt;. gate and up each map the token&apos;s %2 numbers to &lt;b&gt;%3&lt;/b&gt; (intermediate_size); %4 is applied to the gate, and the two are multiplied element by element, so the gate decides how much of each up feature passes; down maps the %3 back to %2. That is three %2 × %3 matrices (%5 weights per layer) where GPT-2&apos;s MLP has two. In the trace, mlp.hidden is gate(x) and mlp.act is %1(gate(x)) * up(x).</source>
        <translation>Après l&apos;attention, chaque token passe seul par le MLP. Ici, il est à porte (gated)&#xa0;: &lt;b&gt;down(%1(gate(x)) * up(x))&lt;/b&gt;. gate et up envoient chacune les %2 nombres du token vers &lt;b&gt;%3&lt;/b&gt; (intermediate_size)&#xa0;; %4 est appliquée à gate, et les deux résultats sont multipliés élément par élément, si bien que gate décide quelle part de chaque caractéristique de up passe&#xa0;; down ramène les %3 à %2. Cela fait trois matrices %2 × %3 (%5 poids par couche) là où le MLP de GPT-2 en a deux. Dans la trace, mlp.hidden est gate(x) et mlp.act est %1(gate(x)) * up(x).</translation>
    </message>
    <message>
        <source>silu(z) = z · sigmoid(z)</source>
        <translation>silu(z) = z · sigmoid(z)</translation>
    </message>
    <message>
        <source>The gated MLP (SwiGLU)</source>
        <translation>Le MLP à porte (SwiGLU)</translation>
    </message>
    <message>
        <source>The gated MLP</source>
        <translation>Le MLP à porte</translation>
    </message>
    <message>
        <source>Guide: how attention works</source>
        <translation>Guide&#xa0;: comment fonctionne l&apos;attention</translation>
    </message>
    <message>
        <source>Guide</source>
        <translation>Guide</translation>
    </message>
    <message>
        <source>How attention works in this model</source>
        <translation>Comment fonctionne l&apos;attention dans ce modèle</translation>
    </message>
    <message>
        <source>No model is open. Open one (File ▸ Open model…) or make a random one (File ▸ New random model…) and this guide fills in its numbers.</source>
        <translation>Aucun modèle n&apos;est ouvert. Ouvrez-en un (Fichier ▸ Ouvrir un modèle…) ou créez-en un aléatoire (Fichier ▸ Nouveau modèle aléatoire…) et ce guide se remplira avec ses valeurs.</translation>
    </message>
    <message>
        <source>Your model has &lt;b&gt;n_layer = %1&lt;/b&gt; layers, each with &lt;b&gt;n_head = %2&lt;/b&gt; attention heads. Every token is a vector of &lt;b&gt;n_embed = %3&lt;/b&gt; numbers; the config sets the &lt;b&gt;head size&lt;/b&gt; itself, &lt;b&gt;head_dim = %4&lt;/b&gt;, so the heads side by side are n_head × head_dim = %5 wide rather than n_embed. </source>
        <translation>Votre modèle a &lt;b&gt;n_layer = %1&lt;/b&gt; couches, chacune avec &lt;b&gt;n_head = %2&lt;/b&gt; têtes d&apos;attention. Chaque token est un vecteur de &lt;b&gt;n_embed = %3&lt;/b&gt; nombres&#xa0;; la configuration fixe elle-même la &lt;b&gt;taille de tête&lt;/b&gt;, &lt;b&gt;head_dim = %4&lt;/b&gt;, si bien que les têtes côte à côte ont une largeur de n_head × head_dim = %5 et non n_embed. </translation>
    </message>
    <message>
        <source>Your model has &lt;b&gt;n_layer = %1&lt;/b&gt; layers, each with &lt;b&gt;n_head = %2&lt;/b&gt; attention heads. Every token is a vector of &lt;b&gt;n_embed = %3&lt;/b&gt; numbers, and each head works on its own slice of them: the &lt;b&gt;head size&lt;/b&gt; is n_embed / n_head = %3 / %2 = &lt;b&gt;%4&lt;/b&gt;. </source>
        <translation>Votre modèle a &lt;b&gt;n_layer = %1&lt;/b&gt; couches, chacune avec &lt;b&gt;n_head = %2&lt;/b&gt; têtes d&apos;attention. Chaque token est un vecteur de &lt;b&gt;n_embed = %3&lt;/b&gt; nombres, et chaque tête travaille sur sa propre tranche de ce vecteur&#xa0;: la &lt;b&gt;taille de tête&lt;/b&gt; vaut n_embed / n_head = %3 / %2 = &lt;b&gt;%4&lt;/b&gt;. </translation>
    </message>
    <message>
        <source>Your text is &lt;b&gt;T = %1&lt;/b&gt; tokens long.</source>
        <translation>Votre texte compte &lt;b&gt;T = %1&lt;/b&gt; tokens.</translation>
    </message>
    <message>
        <source>Type some text to see T, the number of tokens, filled in.</source>
        <translation>Saisissez du texte pour voir ici T, le nombre de tokens.</translation>
    </message>
    <message>
        <source>Query, key and value</source>
        <translation>Requête, clé et valeur</translation>
    </message>
    <message>
        <source>A layer receives the text as a matrix x of shape (T, n_embed) = %1. Three linear maps turn it into the &lt;b&gt;queries&lt;/b&gt; (what each token is looking for), the &lt;b&gt;keys&lt;/b&gt; (what each token offers to be found by) and the &lt;b&gt;values&lt;/b&gt; (what it passes on when found). Each is again %1, split into the heads: (T, n_embed) → (n_head, T, head_size), here %1 → %2.</source>
        <translation>Une couche reçoit le texte sous forme d&apos;une matrice x de forme (T, n_embed) = %1. Trois applications linéaires la transforment en &lt;b&gt;requêtes&lt;/b&gt; (queries&#xa0;: ce que chaque token cherche), en &lt;b&gt;clés&lt;/b&gt; (keys&#xa0;: ce que chaque token offre pour être trouvé) et en &lt;b&gt;valeurs&lt;/b&gt; (values&#xa0;: ce qu&apos;il transmet quand il est trouvé). Chacune est à nouveau %1, découpée entre les têtes&#xa0;: (T, n_embed) → (n_head, T, head_size), ici %1 → %2.</translation>
    </message>
    <message>
        <source>(Here the projections make n_head × head_dim = %1 numbers per token, not n_embed: %2 → %3.)</source>
        <translation>(Ici les projections produisent n_head × head_dim = %1 nombres par token, et non n_embed&#xa0;: %2 → %3.)</translation>
    </message>
    <message>
        <source>Keys and values have fewer heads here; see Grouped-query attention below.</source>
        <translation>Les clés et les valeurs ont ici moins de têtes&#xa0;; voir Attention à requêtes groupées plus bas.</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>Scores</translation>
    </message>
    <message>
        <source>In each head every query is compared with every key: score = q · k / √head_size. That is one number per (query, key) pair, %1 for all heads of a layer. Dividing by √%2 = %3 keeps the scores from growing with the head size. Head detail ▸ Show ▸ Raw scores draws them.</source>
        <translation>Dans chaque tête, chaque requête est comparée à chaque clé&#xa0;: score = q · k / √head_size. Cela fait un nombre par paire (requête, clé), %1 pour toutes les têtes d&apos;une couche. La division par √%2 = %3 empêche les scores de croître avec la taille de tête. Détail ▸ Afficher ▸ Scores bruts les dessine.</translation>
    </message>
    <message>
        <source>The causal mask</source>
        <translation>Le masque causal</translation>
    </message>
    <message>
        <source>A causal model may only look back: token t sees tokens 0 … t and never the ones after it. The scores above the diagonal are set to −∞ before the softmax, so their weights are exactly 0 (grey in the views; the Mask view shows the mask, and Run ▸ Causal attention turns it off).</source>
        <translation>Un modèle causal ne peut regarder qu&apos;en arrière&#xa0;: le token t voit les tokens 0 … t et jamais ceux qui le suivent. Les scores au-dessus de la diagonale sont mis à −∞ avant la softmax, si bien que leurs poids valent exactement 0 (en gris dans les vues&#xa0;; la vue Masque montre le masque, et Exécution ▸ Attention causale le désactive).</translation>
    </message>
    <message>
        <source>Of your %1 × %1 = %2 pairs, %3 are allowed.</source>
        <translation>Sur vos %1 × %1 = %2 paires, %3 sont autorisées.</translation>
    </message>
    <message>
        <source>Softmax: the attention weights</source>
        <translation>Softmax&#xa0;: les poids d&apos;attention</translation>
    </message>
    <message>
        <source>Each query&apos;s row of scores goes through a softmax: every weight becomes positive and the row sums to 1. These weights are what the Heads grid and Head detail draw: one row per query, one column per key, %1 numbers per layer.</source>
        <translation>La ligne de scores de chaque requête passe par une softmax&#xa0;: chaque poids devient positif et la ligne a pour somme 1. Ce sont ces poids que dessinent la grille des têtes et le détail de tête&#xa0;: une ligne par requête, une colonne par clé, %1 nombres par couche.</translation>
    </message>
    <message>
        <source>What a head passes on</source>
        <translation>Ce qu&apos;une tête transmet</translation>
    </message>
    <message>
        <source>Each head mixes the values with its weights, giving %1; the heads are joined again, (n_head, T, head_size) → (T, n_embed) = %2, and a last linear map (the projection) adds the result to the token&apos;s vector. Ablating a head (Run ▸ Ablate selected head) sets its part to zero.</source>
        <translation>Chaque tête mélange les valeurs selon ses poids, ce qui donne %1&#xa0;; les têtes sont ensuite réunies, (n_head, T, head_size) → (T, n_embed) = %2, et une dernière application linéaire (la projection) ajoute le résultat au vecteur du token. Désactiver une tête (Exécution ▸ Désactiver la tête sélectionnée) met sa contribution à zéro.</translation>
    </message>
    <message>
        <source>(Here the joined heads are %1, and the projection maps them back to n_embed = %2.)</source>
        <translation>(Ici les têtes réunies font %1, et la projection les ramène à n_embed = %2.)</translation>
    </message>
    <message>
        <source>Reading the views</source>
        <translation>Lire les vues</translation>
    </message>
    <message>
        <source>Heads grid: %1 tiles, one row per layer (L0 … L%2) and one column per head (H0 … H%3); hover a tile for its strongest key. Head detail: one head&apos;s full map, query down the side, key along the top; zoom with the wheel, type in “Go to token” to find a token.</source>
        <translation>Grille des têtes&#xa0;: %1 vignettes, une ligne par couche (L0 … L%2) et une colonne par tête (H0 … H%3)&#xa0;; survolez une vignette pour voir sa clé la plus forte. Détail de tête&#xa0;: la carte complète d&apos;une tête, requêtes sur le côté, clés en haut&#xa0;; zoomez avec la molette, tapez dans «&#xa0;Aller au token&#xa0;» pour trouver un token.</translation>
    </message>
</context>
<context>
    <name>HeadDetailView</name>
    <message>
        <source>Head detail</source>
        <translation>Détail de tête</translation>
    </message>
    <message>
        <source>Go to token (Ctrl+F)</source>
        <translation>Aller au token (Ctrl+F)</translation>
    </message>
    <message>
        <source>Go to token</source>
        <translation>Aller au token</translation>
    </message>
    <message>
        <source>Go to token result</source>
        <translation>Résultat de «&#xa0;Aller au token&#xa0;»</translation>
    </message>
    <message>
        <source>query %1 “%2” → key %3 “%4”   weight %5</source>
        <translation>requête %1 «&#xa0;%2&#xa0;» → clé %3 «&#xa0;%4&#xa0;»   poids %5</translation>
    </message>
    <message>
        <source>knocked out</source>
        <translation>bloqué</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>masqué</translation>
    </message>
    <message>
        <source>query %1 “%2” → key %3 “%4”   weight %5   score %6</source>
        <translation>requête %1 «&#xa0;%2&#xa0;» → clé %3 «&#xa0;%4&#xa0;»   poids %5   score %6</translation>
    </message>
    <message>
        <source>No text has been run yet.</source>
        <translation>Aucun texte n&apos;a encore été calculé.</translation>
    </message>
    <message>
        <source>Selected cell: query %1 “%2”, key %3 “%4”, weight %5.</source>
        <translation>Cellule sélectionnée&#xa0;: requête %1 «&#xa0;%2&#xa0;», clé %3 «&#xa0;%4&#xa0;», poids %5.</translation>
    </message>
    <message>
        <source>Type some text to see this head.</source>
        <translation>Saisissez du texte pour voir cette tête.</translation>
    </message>
    <message>
        <source>token %1 · match %2 of %3</source>
        <translation>token %1 · occurrence %2 sur %3</translation>
    </message>
    <message>
        <source>no token contains “%1”</source>
        <translation>aucun token ne contient «&#xa0;%1&#xa0;»</translation>
    </message>
    <message>
        <source>Block edge %1→%2 in this head</source>
        <translation>Bloquer l&apos;arête %1→%2 dans cette tête</translation>
    </message>
    <message>
        <source>Block edge %1→%2 in every head of layer %3</source>
        <translation>Bloquer l&apos;arête %1→%2 dans toutes les têtes de la couche %3</translation>
    </message>
    <message>
        <source>Block every edge into key %1 (all layers and heads)</source>
        <translation>Bloquer toutes les arêtes vers la clé %1 (toutes couches et têtes)</translation>
    </message>
    <message>
        <source>Clear knockouts (%1)</source>
        <translation>Lever les knockouts (%1)</translation>
    </message>
    <message>
        <source>   norm %1</source>
        <translation>   norme %1</translation>
    </message>
    <message>
        <source>Type text to find it in the tokens, even across several; Enter selects the next match as the query.</source>
        <translation>Tapez un texte pour le trouver dans les jetons, même à cheval sur plusieurs ; Entrée choisit l’occurrence suivante comme requête.</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es) · Enter goes to the next</source>
        <translation>
            <numerusform>%n occurrence · Entrée va à la suivante</numerusform>
            <numerusform>%n occurrences · Entrée va à la suivante</numerusform>
        </translation>
    </message>
    <message>
        <source>tokens %1–%2 · match %3 of %4</source>
        <translation>jetons %1–%2 · occurrence %3 sur %4</translation>
    </message>
    <message>
        <source>Its value-weighted norm: %1.</source>
        <translation>Sa norme pondérée par la valeur&#xa0;: %1.</translation>
    </message>
</context>
<context>
    <name>HeadStatsModel</name>
    <message>
        <source>previous token</source>
        <translation>token précédent</translation>
    </message>
    <message>
        <source>sink</source>
        <translation>puits</translation>
    </message>
    <message>
        <source>self</source>
        <translation>soi-même</translation>
    </message>
    <message>
        <source>induction</source>
        <translation>induction</translation>
    </message>
    <message>
        <source>duplicate token</source>
        <translation>token dupliqué</translation>
    </message>
    <message>
        <source>diffuse</source>
        <translation>diffuse</translation>
    </message>
    <message>
        <source>Mean over queries of -Σ w·ln w, in nats</source>
        <translation>Moyenne sur les requêtes de -Σ w·ln w, en nats</translation>
    </message>
    <message>
        <source>Mean weight on the previous token</source>
        <translation>Poids moyen sur le token précédent</translation>
    </message>
    <message>
        <source>Mean weight on the first token (the sink)</source>
        <translation>Poids moyen sur le premier token (le puits)</translation>
    </message>
    <message>
        <source>Mean weight on the query&apos;s own token</source>
        <translation>Poids moyen sur le token de la requête elle-même</translation>
    </message>
    <message>
        <source>Probe: weight on the token after the earlier occurrence of the current token</source>
        <translation>Sonde&#xa0;: poids sur le token qui suit l&apos;occurrence précédente du token courant</translation>
    </message>
    <message>
        <source>Probe: weight on the earlier occurrence of the current token</source>
        <translation>Sonde&#xa0;: poids sur l&apos;occurrence précédente du token courant</translation>
    </message>
    <message>
        <source>Compare: B&apos;s entropy minus A&apos;s</source>
        <translation>Comparaison&#xa0;: entropie de B moins celle de A</translation>
    </message>
    <message>
        <source>Compare: B&apos;s previous-token score minus A&apos;s</source>
        <translation>Comparaison&#xa0;: score token précédent de B moins celui de A</translation>
    </message>
    <message>
        <source>Compare: B&apos;s first-token score minus A&apos;s</source>
        <translation>Comparaison&#xa0;: score premier token de B moins celui de A</translation>
    </message>
    <message>
        <source>Compare: B&apos;s self score minus A&apos;s</source>
        <translation>Comparaison&#xa0;: score soi-même de B moins celui de A</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Couche</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>Tête</translation>
    </message>
    <message>
        <source>Entropy</source>
        <translation>Entropie</translation>
    </message>
    <message>
        <source>Prev token</source>
        <translation>Token préc.</translation>
    </message>
    <message>
        <source>First token</source>
        <translation>Premier token</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>Soi-même</translation>
    </message>
    <message>
        <source>Induction</source>
        <translation>Induction</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Doublon</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>Étiquettes</translation>
    </message>
    <message>
        <source>Δ entropy</source>
        <translation>Δ entropie</translation>
    </message>
    <message>
        <source>Δ prev token</source>
        <translation>Δ token préc.</translation>
    </message>
    <message>
        <source>Δ first token</source>
        <translation>Δ premier token</translation>
    </message>
    <message>
        <source>Δ self</source>
        <translation>Δ soi-même</translation>
    </message>
    <message>
        <source>Each head&apos;s weight from query %1 to key %2: sort by it to rank the heads that move attention there</source>
        <translation>Le poids de chaque tête de la requête %1 vers la clé %2 : triez selon lui pour classer les têtes qui portent l’attention là</translation>
    </message>
    <message>
        <source>Choose a cell in a head&apos;s map (a query and a key): this column gives every head&apos;s weight on it</source>
        <translation>Choisissez une cellule dans la carte d’une tête (une requête et une clé) : cette colonne donne le poids de chaque tête sur elle</translation>
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
        <translation>Statistiques des têtes</translation>
    </message>
    <message>
        <source>Run &amp;probes</source>
        <translation>Lancer les &amp;sondes</translation>
    </message>
    <message>
        <source>Statistics of every head</source>
        <translation>Statistiques de toutes les têtes</translation>
    </message>
    <message>
        <source>The probes run the model: a trace file holds attention weights only</source>
        <translation>Les sondes exécutent le modèle&#xa0;: un fichier de trace ne contient que les poids d&apos;attention</translation>
    </message>
    <message>
        <source>Computing statistics…</source>
        <translation>Calcul des statistiques…</translation>
    </message>
    <message>
        <source>Computing statistics… %1%</source>
        <translation>Calcul des statistiques… %1&#xa0;%</translation>
    </message>
    <message>
        <source>No statistics: %1</source>
        <translation>Pas de statistiques&#xa0;: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n head(s) on %1 tokens</source>
        <translation>
            <numerusform>%n tête sur %1 tokens</numerusform>
            <numerusform>%n têtes sur %1 tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>Running the probes…</source>
        <translation>Exécution des sondes…</translation>
    </message>
    <message>
        <source>Score induction and duplicate-token heads on a synthetic sequence of repeated random tokens (independent of your text)</source>
        <translation>Noter les têtes d&apos;induction et de token dupliqué sur une séquence synthétique de tokens aléatoires répétés (indépendante de votre texte)</translation>
    </message>
    <message>
        <source>The model is too small for the probes.</source>
        <translation>Le modèle est trop petit pour les sondes.</translation>
    </message>
    <message>
        <source>Probes done.</source>
        <translation>Sondes terminées.</translation>
    </message>
</context>
<context>
    <name>HeadsGridView</name>
    <message>
        <source>Heads grid</source>
        <translation>Grille des têtes</translation>
    </message>
    <message>
        <source>Poolin&amp;g:</source>
        <translation>&amp;Pooling&#xa0;:</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Max</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>Moyenne</translation>
    </message>
    <message>
        <source>How the tokens that share a pixel of a tile are combined: max keeps one strong key visible, mean shows where the weight lies on average.</source>
        <translation>Comment combiner les tokens qui partagent un pixel d&apos;une vignette&#xa0;: le max garde visible une clé forte isolée, la moyenne montre où se trouve le poids en moyenne.</translation>
    </message>
    <message>
        <source>Pooling</source>
        <translation>Pooling</translation>
    </message>
    <message>
        <source>T&amp;iles:</source>
        <translation>&amp;Vignettes&#xa0;:</translation>
    </message>
    <message>
        <source>Each to its own max</source>
        <translation>Chacune à son propre max</translation>
    </message>
    <message>
        <source>One shared scale</source>
        <translation>Une échelle commune</translation>
    </message>
    <message>
        <source>Scale each tile to its own brightest pixel, so weak heads in a long text still show their pattern, or draw all tiles on one scale to compare heads.</source>
        <translation>Mettre chaque vignette à l&apos;échelle de son pixel le plus clair, pour que les têtes faibles d&apos;un long texte montrent encore leur motif, ou dessiner toutes les vignettes sur une même échelle pour comparer les têtes.</translation>
    </message>
    <message>
        <source>Tile scale</source>
        <translation>Échelle des vignettes</translation>
    </message>
    <message>
        <source>Zoom out (−)</source>
        <translation>Dézoomer (−)</translation>
    </message>
    <message>
        <source>Zoom in (+, Ctrl+wheel)</source>
        <translation>Zoomer (+, Ctrl+molette)</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Ajuster</translation>
    </message>
    <message>
        <source>Fit the grid to the view (0)</source>
        <translation>Ajuster la grille à la vue (0)</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Calcul…</translation>
    </message>
    <message>
        <source>Type some text to see attention.</source>
        <translation>Saisissez du texte pour voir l&apos;attention.</translation>
    </message>
    <message>
        <source>ablated</source>
        <translation>désactivée</translation>
    </message>
    <message>
        <source>query %1 “%2”: top key %3 “%4”, weight %5</source>
        <translation>requête %1 «&#xa0;%2&#xa0;»&#xa0;: clé principale %3 «&#xa0;%4&#xa0;», poids %5</translation>
    </message>
    <message>
        <source>Labels: %1</source>
        <translation>Étiquettes&#xa0;: %1</translation>
    </message>
    <message>
        <source>Click to open in detail; Ctrl+click only selects.</source>
        <translation>Cliquez pour ouvrir en détail&#xa0;; Ctrl+clic sélectionne seulement.</translation>
    </message>
    <message>
        <source>No text has been run yet.</source>
        <translation>Aucun texte n&apos;a encore été calculé.</translation>
    </message>
    <message>
        <source>%1 of %2 layers × %3 heads selected.</source>
        <translation>%1 sélectionnée, sur %2 couches × %3 têtes.</translation>
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
        <translation>Token %1 (id %2)&#xa0;: p = %3</translation>
    </message>
    <message>
        <source>After block</source>
        <translation>Après le bloc</translation>
    </message>
    <message>
        <source>p(target)</source>
        <translation>p(cible)</translation>
    </message>
    <message>
        <source>Top %1</source>
        <translation>Top %1</translation>
    </message>
</context>
<context>
    <name>LocalModelsDialog</name>
    <message>
        <source>Hugging Face cache</source>
        <translation>Cache Hugging Face</translation>
    </message>
    <message>
        <source>Added folder</source>
        <translation>Dossier ajouté</translation>
    </message>
    <message>
        <source>Open local model</source>
        <translation>Ouvrir un modèle local</translation>
    </message>
    <message>
        <source>Search by name, source or architecture</source>
        <translation>Rechercher par nom, source ou architecture</translation>
    </message>
    <message>
        <source>Search the local models</source>
        <translation>Rechercher dans les modèles locaux</translation>
    </message>
    <message>
        <source>&amp;Search:</source>
        <translation>&amp;Rechercher :</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>Architecture</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Taille</translation>
    </message>
    <message>
        <source>Opens</source>
        <translation>S’ouvre</translation>
    </message>
    <message>
        <source>Local models</source>
        <translation>Modèles locaux</translation>
    </message>
    <message>
        <source>&amp;Folders</source>
        <translation>&amp;Dossiers</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>Act&amp;ualiser</translation>
    </message>
    <message>
        <source>Search again (F5)</source>
        <translation>Rechercher à nouveau (F5)</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>&amp;Ouvrir</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Recherche…</translation>
    </message>
    <message>
        <source>Does not open: %1</source>
        <translation>Ne s’ouvre pas : %1</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>oui</translation>
    </message>
    <message>
        <source>no: %1</source>
        <translation>non : %1</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s), %1 open</source>
        <translation>
            <numerusform>%n modèle, %1 s’ouvre</numerusform>
            <numerusform>%n modèles, %1 s’ouvrent</numerusform>
        </translation>
    </message>
    <message>
        <source>No models were found in %1. Folders ▸ Add folder… searches another folder.</source>
        <translation>Aucun modèle trouvé dans %1. Dossiers ▸ Ajouter un dossier… cherche dans un autre dossier.</translation>
    </message>
    <message>
        <source>No model matches “%1”.</source>
        <translation>Aucun modèle ne correspond à « %1 ».</translation>
    </message>
    <message>
        <source>%1
Opens: %2, %3.</source>
        <translation>%1
S’ouvre : %2, %3.</translation>
    </message>
    <message>
        <source>architecture read when it opens</source>
        <translation>architecture lue à l’ouverture</translation>
    </message>
    <message>
        <source>%1
Does not open: %2</source>
        <translation>%1
Ne s’ouvre pas : %2</translation>
    </message>
    <message>
        <source>Add a folder of models</source>
        <translation>Ajouter un dossier de modèles</translation>
    </message>
    <message>
        <source>&amp;Add folder…</source>
        <translation>&amp;Ajouter un dossier…</translation>
    </message>
    <message>
        <source>Remove “%1”</source>
        <translation>Retirer « %1 »</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>AttnScope</source>
        <translation>AttnScope</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Texte</translation>
    </message>
    <message>
        <source>Text to run</source>
        <translation>Texte à calculer</translation>
    </message>
    <message>
        <source>Type or paste text here; every edit re-runs the model.</source>
        <translation>Saisissez ou collez du texte ici&#xa0;; chaque modification relance le modèle.</translation>
    </message>
    <message>
        <source>Run mode</source>
        <translation>Mode d&apos;exécution</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>All layers</source>
        <translation>Toutes les couches</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>Couche %1</translation>
    </message>
    <message>
        <source>%1 (trace file) — AttnScope</source>
        <translation>%1 (fichier de trace) — AttnScope</translation>
    </message>
    <message>
        <source>%1 — AttnScope</source>
        <translation>%1 — AttnScope</translation>
    </message>
    <message>
        <source>Cannot open model</source>
        <translation>Impossible d&apos;ouvrir le modèle</translation>
    </message>
    <message>
        <source>AttnScope could not open “%1”.

%2</source>
        <translation>AttnScope n&apos;a pas pu ouvrir «&#xa0;%1&#xa0;».

%2</translation>
    </message>
    <message>
        <source>the demo model</source>
        <translation>le modèle de démo</translation>
    </message>
    <message>
        <source>Cannot open tokenizer</source>
        <translation>Impossible d&apos;ouvrir le tokenizer</translation>
    </message>
    <message>
        <source>AttnScope could not read the tokenizer “%1”.

%2</source>
        <translation>AttnScope n&apos;a pas pu lire le tokenizer «&#xa0;%1&#xa0;».

%2</translation>
    </message>
    <message>
        <source>Open model</source>
        <translation>Ouvrir un modèle</translation>
    </message>
    <message>
        <source>Open model folder</source>
        <translation>Ouvrir un dossier de modèle</translation>
    </message>
    <message>
        <source>Open trace file</source>
        <translation>Ouvrir un fichier de trace</translation>
    </message>
    <message>
        <source>AttnScope trace files (*.safetensors);;All files (*)</source>
        <translation>Fichiers de trace AttnScope (*.safetensors);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Cannot open trace file</source>
        <translation>Impossible d&apos;ouvrir le fichier de trace</translation>
    </message>
    <message>
        <source>“%1” is not an AttnScope trace file: a trace file is a safetensors file whose metadata says &quot;format&quot;: &quot;attnscope-trace&quot; (resources/tools/capture_attention.py writes one). To open a model, use File ▸ Open model….</source>
        <translation>«&#xa0;%1&#xa0;» n&apos;est pas un fichier de trace AttnScope&#xa0;: un fichier de trace est un fichier safetensors dont les métadonnées indiquent &quot;format&quot;: &quot;attnscope-trace&quot; (resources/tools/capture_attention.py en écrit un). Pour ouvrir un modèle, utilisez Fichier ▸ Ouvrir un modèle….</translation>
    </message>
    <message>
        <source>Needs the model: a trace file holds attention weights only</source>
        <translation>Nécessite le modèle&#xa0;: un fichier de trace ne contient que les poids d&apos;attention</translation>
    </message>
    <message>
        <source>Text (kept for models; the trace file has its own tokens)</source>
        <translation>Texte (conservé pour les modèles&#xa0;; le fichier de trace a ses propres tokens)</translation>
    </message>
    <message>
        <source>Cannot create model</source>
        <translation>Impossible de créer le modèle</translation>
    </message>
    <message>
        <source>

Looked in:
%1</source>
        <translation>

Emplacements consultés&#xa0;:
%1</translation>
    </message>
    <message>
        <source>Choose a tokenizer</source>
        <translation>Choisir un tokenizer</translation>
    </message>
    <message>
        <source>“%1” carries no tokenizer and none was found beside it. Choose a tokenizer file (encoder.json, vocab.json, tokenizer.json or *.tiktoken), or, for a character-level model, build its vocabulary from the text it was trained on (its sorted set of characters, as tutorials do). Without either, type token ids separated by commas.%2</source>
        <translation>«&#xa0;%1&#xa0;» ne contient pas de tokenizer et aucun n&apos;a été trouvé à côté. Choisissez un fichier de tokenizer (encoder.json, vocab.json, tokenizer.json ou *.tiktoken) ou, pour un modèle au niveau des caractères, construisez son vocabulaire à partir du texte sur lequel il a été entraîné (l&apos;ensemble trié de ses caractères, comme dans les tutoriels). À défaut, saisissez des identifiants de tokens séparés par des virgules.%2</translation>
    </message>
    <message>
        <source>Choose tokenizer file…</source>
        <translation>Choisir un fichier de tokenizer…</translation>
    </message>
    <message>
        <source>Build from a text file…</source>
        <translation>Construire à partir d&apos;un fichier texte…</translation>
    </message>
    <message>
        <source>Type token ids</source>
        <translation>Saisir des identifiants de tokens</translation>
    </message>
    <message>
        <source>Training text</source>
        <translation>Texte d&apos;entraînement</translation>
    </message>
    <message>
        <source>Text (*.txt *.md);;All files (*)</source>
        <translation>Texte (*.txt *.md);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Choose tokenizer</source>
        <translation>Choisir le tokenizer</translation>
    </message>
    <message>
        <source>Tokenizers (*.json *.bpe *.txt *.tiktoken);;All files (*)</source>
        <translation>Tokenizers (*.json *.bpe *.txt *.tiktoken);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Cannot build the vocabulary</source>
        <translation>Impossible de construire le vocabulaire</translation>
    </message>
    <message>
        <source>Open text</source>
        <translation>Ouvrir un texte</translation>
    </message>
    <message>
        <source>Cannot open text</source>
        <translation>Impossible d&apos;ouvrir le texte</translation>
    </message>
    <message>
        <source>Text repaired</source>
        <translation>Texte réparé</translation>
    </message>
    <message>
        <source>This view has no figure to copy yet.</source>
        <translation>Cette vue n&apos;a pas encore de figure à copier.</translation>
    </message>
    <message>
        <source>Figure copied to the clipboard.</source>
        <translation>Figure copiée dans le presse-papiers.</translation>
    </message>
    <message>
        <source>Nothing copied: %1</source>
        <translation>Rien n&apos;a été copié&#xa0;: %1</translation>
    </message>
    <message>
        <source>Tokens: %1</source>
        <translation>Tokens&#xa0;: %1</translation>
    </message>
    <message>
        <source>imported</source>
        <translation>importé</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Threads: %1</source>
        <translation>Threads&#xa0;: %1</translation>
    </message>
    <message>
        <source>trace file: nothing runs</source>
        <translation>fichier de trace&#xa0;: aucun calcul</translation>
    </message>
    <message>
        <source>bidirectional</source>
        <translation>attention bidirectionnelle</translation>
    </message>
    <message numerus="yes">
        <source>%n head(s) ablated</source>
        <translation>
            <numerusform>%n tête désactivée</numerusform>
            <numerusform>%n têtes désactivées</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n knockout(s) active</source>
        <translation>
            <numerusform>%n knockout actif</numerusform>
            <numerusform>%n knockouts actifs</numerusform>
        </translation>
    </message>
    <message>
        <source>Settings cannot be saved to “%1”: recent models, the window layout and your choices will not be remembered.</source>
        <translation>Les paramètres ne peuvent pas être enregistrés dans «&#xa0;%1&#xa0;»&#xa0;: les modèles récents, la disposition de la fenêtre et vos choix ne seront pas mémorisés.</translation>
    </message>
    <message>
        <source>Predictions</source>
        <translation>Prédictions</translation>
    </message>
    <message>
        <source>Head statistics</source>
        <translation>Statistiques des têtes</translation>
    </message>
    <message>
        <source>Text by attention</source>
        <translation>Texte selon l&apos;attention</translation>
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
        <translation>&amp;Balayage d&apos;ablation</translation>
    </message>
    <message>
        <source>Ctrl+Shift+A</source>
        <translation>Ctrl+Shift+A</translation>
    </message>
    <message>
        <source>Block the selected e&amp;dge in the selected head</source>
        <translation>Bloquer l&apos;&amp;arête sélectionnée dans la tête sélectionnée</translation>
    </message>
    <message>
        <source>Ctrl+B</source>
        <translation>Ctrl+B</translation>
    </message>
    <message>
        <source>Block every edge into the selected ke&amp;y</source>
        <translation>Bloquer toutes les arêtes vers la clé sé&amp;lectionnée</translation>
    </message>
    <message>
        <source>Ctrl+Shift+B</source>
        <translation>Ctrl+Shift+B</translation>
    </message>
    <message>
        <source>Clear knocko&amp;uts</source>
        <translation>Lever tous les k&amp;nockouts</translation>
    </message>
    <message>
        <source>Ctrl+Alt+B</source>
        <translation>Ctrl+Alt+B</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 Go</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 Mo</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <source>&amp;Open model…</source>
        <translation>&amp;Ouvrir un modèle…</translation>
    </message>
    <message>
        <source>Open model &amp;folder…</source>
        <translation>Ouvrir un &amp;dossier de modèle…</translation>
    </message>
    <message>
        <source>&amp;New random model…</source>
        <translation>&amp;Nouveau modèle aléatoire…</translation>
    </message>
    <message>
        <source>Open t&amp;race file…</source>
        <translation>Ouvrir un fichier de t&amp;race…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+R</source>
        <translation>Ctrl+Shift+R</translation>
    </message>
    <message>
        <source>Open &amp;demo model</source>
        <translation>Ouvrir le modèle de dé&amp;mo</translation>
    </message>
    <message>
        <source>Open te&amp;xt…</source>
        <translation>Ouvrir un te&amp;xte…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>Choose &amp;tokenizer…</source>
        <translation>Choisir le &amp;tokenizer…</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exporter…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>&amp;Copy figure</source>
        <translation>&amp;Copier la figure</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>Next head</source>
        <translation>Tête suivante</translation>
    </message>
    <message>
        <source>Alt+Right</source>
        <translation>Alt+Right</translation>
    </message>
    <message>
        <source>Previous head</source>
        <translation>Tête précédente</translation>
    </message>
    <message>
        <source>Alt+Left</source>
        <translation>Alt+Left</translation>
    </message>
    <message>
        <source>Next layer</source>
        <translation>Couche suivante</translation>
    </message>
    <message>
        <source>Alt+Down</source>
        <translation>Alt+Down</translation>
    </message>
    <message>
        <source>Previous layer</source>
        <translation>Couche précédente</translation>
    </message>
    <message>
        <source>Alt+Up</source>
        <translation>Alt+Up</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>&amp;Panneaux</translation>
    </message>
    <message>
        <source>&amp;Colour map</source>
        <translation>Pa&amp;lette de couleurs</translation>
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
        <translation>Niveaux de gris</translation>
    </message>
    <message>
        <source>&amp;Scale</source>
        <translation>É&amp;chelle</translation>
    </message>
    <message>
        <source>Linear</source>
        <translation>Linéaire</translation>
    </message>
    <message>
        <source>Logarithmic</source>
        <translation>Logarithmique</translation>
    </message>
    <message>
        <source>Row-normalised</source>
        <translation>Normalisée par ligne</translation>
    </message>
    <message>
        <source>&amp;Query bars from 0 to 1</source>
        <translation>&amp;Barres de la requête de 0 à 1</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Exécution</translation>
    </message>
    <message>
        <source>&amp;Causal attention</source>
        <translation>Attention &amp;causale</translation>
    </message>
    <message>
        <source>Ctrl+M</source>
        <translation>Ctrl+M</translation>
    </message>
    <message>
        <source>&amp;Ablate selected head</source>
        <translation>&amp;Désactiver la tête sélectionnée</translation>
    </message>
    <message>
        <source>Ctrl+K</source>
        <translation>Ctrl+K</translation>
    </message>
    <message>
        <source>&amp;Refuse text longer than the context</source>
        <translation>&amp;Refuser un texte plus long que le contexte</translation>
    </message>
    <message>
        <source>&amp;Threads</source>
        <translation>&amp;Threads</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Automatic (%n core(s))</source>
        <translation>
            <numerusform>&amp;Automatique (%n cœur)</numerusform>
            <numerusform>&amp;Automatique (%n cœurs)</numerusform>
        </translation>
    </message>
    <message>
        <source>Keep every head&apos;s attention weights while they fit in %1 MB; past that, rebuild a head exactly when it is shown</source>
        <translation>Garder les poids d&apos;attention de toutes les têtes tant qu&apos;ils tiennent dans %1 Mo&#xa0;; au-delà, recalculer une tête à l&apos;identique au moment où elle est affichée</translation>
    </message>
    <message>
        <source>Attention &amp;memory</source>
        <translation>&amp;Mémoire d&apos;attention</translation>
    </message>
    <message>
        <source>Acti&amp;vation memory</source>
        <translation>Mémoire des acti&amp;vations</translation>
    </message>
    <message>
        <source>Keep every layer&apos;s activations while they fit in %1 MB; past that, keep k, v and each layer&apos;s output, and compute a layer&apos;s other tensors again exactly when they are shown</source>
        <translation>Garder les activations de chaque couche tant qu&apos;elles tiennent dans %1 Mo&#xa0;; au-delà, garder k, v et la sortie de chaque couche, et recalculer à l&apos;identique les autres tenseurs d&apos;une couche au moment où ils sont affichés</translation>
    </message>
    <message>
        <source>&amp;Key and value memory</source>
        <translation>Mémoire des clés et valeurs (&amp;KV)</translation>
    </message>
    <message>
        <source>Past the activation memory, keep every layer&apos;s keys and values while they fit in %1 MB; past that, compute them again from each layer&apos;s input, exactly, when a run or a view needs them (an edit then costs every layer&apos;s k and v projections)</source>
        <translation>Au-delà de la mémoire des activations, garder les clés et valeurs de chaque couche tant qu&apos;elles tiennent dans %1 Mo&#xa0;; au-delà, les recalculer à l&apos;identique à partir de l&apos;entrée de chaque couche quand un calcul ou une vue en a besoin (chaque modification coûte alors les projections k et v de toutes les couches)</translation>
    </message>
    <message>
        <source>C&amp;lear ablations</source>
        <translation>Réact&amp;iver toutes les têtes</translation>
    </message>
    <message>
        <source>Ctrl+Shift+K</source>
        <translation>Ctrl+Shift+K</translation>
    </message>
    <message>
        <source>Ca&amp;ncel run</source>
        <translation>Ann&amp;uler le calcul</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;ide</translation>
    </message>
    <message>
        <source>&amp;Guide</source>
        <translation>&amp;Guide</translation>
    </message>
    <message>
        <source>&amp;About AttnScope</source>
        <translation>À &amp;propos d&apos;AttnScope</translation>
    </message>
    <message>
        <source>About AttnScope</source>
        <translation>À propos d&apos;AttnScope</translation>
    </message>
    <message>
        <source>&lt;b&gt;AttnScope %1&lt;/b&gt;&lt;p&gt;See inside transformer attention: every head, every layer, live as you type.&lt;/p&gt;</source>
        <translation>&lt;b&gt;AttnScope %1&lt;/b&gt;&lt;p&gt;Voir à l&apos;intérieur de l&apos;attention des transformers&#xa0;: chaque tête, chaque couche, en direct pendant la saisie.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>La&amp;yers:</source>
        <translation>Couc&amp;hes&#xa0;:</translation>
    </message>
    <message>
        <source>Show every layer, or one</source>
        <translation>Afficher toutes les couches, ou une seule</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>Affic&amp;her&#xa0;:</translation>
    </message>
    <message>
        <source>Attention weights</source>
        <translation>Poids d&apos;attention</translation>
    </message>
    <message>
        <source>Raw scores</source>
        <translation>Scores bruts</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>Masque</translation>
    </message>
    <message>
        <source>Reset &amp;zoom</source>
        <translation>Rétablir le &amp;zoom</translation>
    </message>
    <message>
        <source>Show the whole map again (0)</source>
        <translation>Afficher à nouveau toute la carte (0)</translation>
    </message>
    <message>
        <source>“%1” has carriage-return line ends (CR LF or CR); the editor holds them as line feeds.</source>
        <translation>«&#xa0;%1&#xa0;» a des fins de ligne avec retour chariot (CR LF ou CR)&#xa0;; l&apos;éditeur les conserve sous forme de sauts de ligne.</translation>
    </message>
    <message>
        <source>“%1” is %2 MB; AttnScope opens texts up to 16 MB (a model sees at most its context anyway).</source>
        <translation>«&#xa0;%1&#xa0;» fait %2 Mo&#xa0;; AttnScope ouvre les textes jusqu&apos;à 16 Mo (de toute façon un modèle ne voit au plus que son contexte).</translation>
    </message>
    <message>
        <source>“%1” cannot be read: %2</source>
        <translation>«&#xa0;%1&#xa0;» ne peut pas être lu&#xa0;: %2</translation>
    </message>
    <message>
        <source>“%1” is not valid %2; invalid characters were replaced by �.</source>
        <translation>«&#xa0;%1&#xa0;» n&apos;est pas du %2 valide&#xa0;; les caractères invalides ont été remplacés par �.</translation>
    </message>
    <message>
        <source>“%1” is not valid UTF-8 (first bad byte at offset %2); invalid bytes were replaced by �.</source>
        <translation>«&#xa0;%1&#xa0;» n&apos;est pas de l&apos;UTF-8 valide (premier octet invalide à la position %2)&#xa0;; les octets invalides ont été remplacés par �.</translation>
    </message>
    <message>
        <source>Generate…</source>
        <translation>Générer…</translation>
    </message>
    <message>
        <source>The model continues the text, a token at a time (Ctrl+G)</source>
        <translation>Le modèle poursuit le texte, un token à la fois (Ctrl+G)</translation>
    </message>
    <message numerus="yes">
        <source>Generated %n token(s): stopped at the end-of-text token.</source>
        <translation>
            <numerusform>%n token généré&#xa0;: arrêt au token de fin de texte.</numerusform>
            <numerusform>%n tokens générés&#xa0;: arrêt au token de fin de texte.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Generated %n token(s): stopped at the end of the model&apos;s context.</source>
        <translation>
            <numerusform>%n token généré&#xa0;: arrêt à la fin du contexte du modèle.</numerusform>
            <numerusform>%n tokens générés&#xa0;: arrêt à la fin du contexte du modèle.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Generated %n token(s): stopped.</source>
        <translation>
            <numerusform>%n token généré&#xa0;: génération arrêtée.</numerusform>
            <numerusform>%n tokens générés&#xa0;: génération arrêtée.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Generated %n token(s).</source>
        <translation>
            <numerusform>%n token généré.</numerusform>
            <numerusform>%n tokens générés.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to continue yet: type some text first.</source>
        <translation>Rien à poursuivre pour l&apos;instant&#xa0;: saisissez d&apos;abord du texte.</translation>
    </message>
    <message>
        <source>Generated by the model</source>
        <translation>Généré par le modèle</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>La&amp;ngue</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Langue</translation>
    </message>
    <message>
        <source>AttnScope will use %1 the next time it starts.</source>
        <translation>AttnScope utilisera %1 au prochain démarrage.</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Langue du système</translation>
    </message>
    <message>
        <source>&amp;Generate…</source>
        <translation>&amp;Générer…</translation>
    </message>
    <message>
        <source>Ctrl+G</source>
        <translation>Ctrl+G</translation>
    </message>
    <message>
        <source>The model continues the text, a token at a time</source>
        <translation>Le modèle poursuit le texte, un token à la fois</translation>
    </message>
    <message>
        <source>Views</source>
        <translation>Vues</translation>
    </message>
    <message>
        <source>Models (*.safetensors *.gguf *.pt *.pth *.bin *.ckpt);;All files (*)</source>
        <translation>Modèles (*.safetensors *.gguf *.pt *.pth *.bin *.ckpt);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Open &amp;local model…</source>
        <translation>Ouvrir un modèle &amp;local…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+L</source>
        <translation>Ctrl+Shift+L</translation>
    </message>
    <message>
        <source>A trace file holds attention weights only: the weights are shown in place of raw scores or value-weighted norms</source>
        <translation>Un fichier de trace ne contient que les poids d’attention : les poids sont affichés à la place des scores bruts ou des normes pondérées par les valeurs</translation>
    </message>
    <message>
        <source>Softmax weights, the raw scores q·kᵀ/√hs before the softmax, the mask, or the value-weighted norms ‖α·v W_O‖</source>
        <translation>Les poids du softmax, les scores bruts q·kᵀ/√hs avant le softmax, le masque ou les normes pondérées par les valeurs ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>Round each product&apos;s activations to the weight&apos;s dot-product type (float16, bfloat16, 8-bit blocks) first, as llama.cpp, Ollama and LM Studio do, rather than computing the exact float32 model</source>
        <translation>Arrondir d’abord les activations de chaque produit au type de produit scalaire du poids (float16, bfloat16, blocs de 8 bits), comme llama.cpp, Ollama et LM Studio, au lieu de calculer le modèle float32 exact</translation>
    </message>
    <message>
        <source>Com&amp;pute as llama.cpp does (GGUF)</source>
        <translation>Calculer comme llama.c&amp;pp (GGUF)</translation>
    </message>
</context>
<context>
    <name>MaskView</name>
    <message>
        <source>Ca&amp;usal (each token sees only itself and earlier tokens)</source>
        <translation>Causal (c&amp;haque token ne voit que lui-même et les tokens précédents)</translation>
    </message>
    <message>
        <source>Off: bidirectional attention, as in an encoder. The model is run again.</source>
        <translation>Désactivé&#xa0;: attention bidirectionnelle, comme dans un encodeur. Le modèle est recalculé.</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>Masque</translation>
    </message>
</context>
<context>
    <name>ModelPanel</name>
    <message>
        <source>&amp;Open model…</source>
        <translation>&amp;Ouvrir un modèle…</translation>
    </message>
    <message>
        <source>Ne&amp;w random model…</source>
        <translation>&amp;Nouveau modèle aléatoire…</translation>
    </message>
    <message>
        <source>Open a safetensors file, a PyTorch checkpoint or a Hugging Face folder (Ctrl+O)</source>
        <translation>Ouvrir un fichier safetensors, un checkpoint PyTorch ou un dossier Hugging Face (Ctrl+O)</translation>
    </message>
    <message>
        <source>A model of any shape with random weights, to try the views (Ctrl+N)</source>
        <translation>Un modèle de forme quelconque aux poids aléatoires, pour essayer les vues (Ctrl+N)</translation>
    </message>
    <message>
        <source>Recent models:</source>
        <translation>Modèles récents&#xa0;:</translation>
    </message>
    <message>
        <source>Recent models</source>
        <translation>Modèles récents</translation>
    </message>
    <message>
        <source>&lt;i&gt;Loading…&lt;/i&gt;</source>
        <translation>&lt;i&gt;Chargement…&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (trace file)&lt;br&gt;%2 layers · %3 heads · %4 tokens · %5, %6&lt;br&gt;attention weights only: shape flow, ablation, predictions, raw scores and the probes need the model</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (fichier de trace)&lt;br&gt;%2 couches · %3 têtes · %4 tokens · %5, %6&lt;br&gt;poids d&apos;attention seuls&#xa0;: le flux des formes, l&apos;ablation, les prédictions, les scores bruts et les sondes nécessitent le modèle</translation>
    </message>
    <message>
        <source>causal</source>
        <translation>attention causale</translation>
    </message>
    <message>
        <source>bidirectional</source>
        <translation>attention bidirectionnelle</translation>
    </message>
    <message>
        <source>&lt;i&gt;No model loaded.&lt;/i&gt;</source>
        <translation>&lt;i&gt;Aucun modèle chargé.&lt;/i&gt;</translation>
    </message>
    <message>
        <source>none: type token ids</source>
        <translation>aucun&#xa0;: saisissez des identifiants de tokens</translation>
    </message>
    <message>
        <source> (File ▸ Choose tokenizer… to change it)</source>
        <translation> (Fichier ▸ Choisir le tokenizer… pour le changer)</translation>
    </message>
    <message>
        <source>left out: %1</source>
        <translation>écarté&#xa0;: %1</translation>
    </message>
    <message>
        <source>not run (objects in the pickle, never called): %1</source>
        <translation>non exécuté (objets du pickle, jamais appelés)&#xa0;: %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;%2&lt;br&gt;format: %3 · %4&lt;br&gt;%5 layers · %6 heads · width %7 · head size %8&lt;br&gt;context %9 · vocabulary %10 · %11 parameters&lt;br&gt;tokenizer: %12</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;%2&lt;br&gt;format&#xa0;: %3 · %4&lt;br&gt;%5 couches · %6 têtes · largeur %7 · taille de tête %8&lt;br&gt;contexte %9 · vocabulaire %10 · %11 paramètres&lt;br&gt;tokenizer&#xa0;: %12</translation>
    </message>
    <message>
        <source> (demo)</source>
        <translation> (démo)</translation>
    </message>
</context>
<context>
    <name>NewModelDialog</name>
    <message>
        <source>New random model</source>
        <translation>Nouveau modèle aléatoire</translation>
    </message>
    <message>
        <source>&amp;Layers (n_layer):</source>
        <translation>&amp;Couches (n_layer)&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Heads (n_head):</source>
        <translation>&amp;Têtes (n_head)&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Width (n_embed):</source>
        <translation>&amp;Largeur (n_embed)&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Context length:</source>
        <translation>Longueur du c&amp;ontexte&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Vocabulary size:</source>
        <translation>Taille du &amp;vocabulaire&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>&amp;Graine&#xa0;:</translation>
    </message>
    <message>
        <source>The width must be divisible by the number of heads.</source>
        <translation>La largeur doit être divisible par le nombre de têtes.</translation>
    </message>
    <message>
        <source>That model would need more than 8 GB of memory.</source>
        <translation>Ce modèle nécessiterait plus de 8 Go de mémoire.</translation>
    </message>
    <message>
        <source>The family: its norm, positions (learned or RoPE), MLP and biases</source>
        <translation>La famille : sa normalisation, ses positions (apprises ou RoPE), son MLP et ses biais</translation>
    </message>
    <message>
        <source>one per head</source>
        <translation>une par tête</translation>
    </message>
    <message>
        <source>Key/value heads shared by groups of query heads (grouped-query attention, as in Llama 3 and Mistral); it must divide the number of heads</source>
        <translation>Têtes clé/valeur partagées par des groupes de têtes de requête (grouped-query attention, comme dans Llama 3 et Mistral) ; leur nombre doit diviser le nombre de têtes</translation>
    </message>
    <message>
        <source>&amp;Architecture:</source>
        <translation>Arc&amp;hitecture :</translation>
    </message>
    <message>
        <source>&amp;Key/value heads:</source>
        <translation>Têtes clé/val&amp;eur :</translation>
    </message>
    <message>
        <source>The key/value heads must divide the number of heads.</source>
        <translation>Le nombre de têtes clé/valeur doit diviser le nombre de têtes.</translation>
    </message>
</context>
<context>
    <name>NoticeLabel</name>
    <message>
        <source>Details</source>
        <translation>Détails</translation>
    </message>
    <message>
        <source>Less</source>
        <translation>Moins</translation>
    </message>
</context>
<context>
    <name>PredictionsModel</name>
    <message>
        <source>Probability without the knockouts, and the change the knockouts make</source>
        <translation>Probabilité sans les knockouts, et la variation qu&apos;ils produisent</translation>
    </message>
    <message>
        <source>token id %1</source>
        <translation>id de token %1</translation>
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
        <translation>Probabilité</translation>
    </message>
    <message>
        <source>Logit</source>
        <translation>Logit</translation>
    </message>
    <message>
        <source>Without</source>
        <translation>Sans</translation>
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
        <translation>Prédictions</translation>
    </message>
    <message>
        <source>top </source>
        <translation>top </translation>
    </message>
    <message>
        <source>How many of the most probable next tokens to list</source>
        <translation>Combien des tokens suivants les plus probables afficher</translation>
    </message>
    <message>
        <source>Number of next tokens</source>
        <translation>Nombre de tokens suivants</translation>
    </message>
    <message>
        <source>Most probable next tokens</source>
        <translation>Tokens suivants les plus probables</translation>
    </message>
    <message>
        <source>Surprise of each token</source>
        <translation>Surprise de chaque token</translation>
    </message>
    <message>
        <source>Each token coloured by its loss -ln p, how surprised the model was to see it. Click a token to see what the model expected in its place.</source>
        <translation>Chaque token coloré selon sa perte -ln p, c&apos;est-à-dire la surprise du modèle en le voyant. Cliquez sur un token pour voir ce que le modèle attendait à sa place.</translation>
    </message>
    <message>
        <source>Predictions need the model: a trace file holds attention weights only.</source>
        <translation>Les prédictions nécessitent le modèle&#xa0;: un fichier de trace ne contient que les poids d&apos;attention.</translation>
    </message>
    <message>
        <source>No prediction: no model has run yet.</source>
        <translation>Pas de prédiction&#xa0;: aucun modèle n&apos;a encore été exécuté.</translation>
    </message>
    <message>
        <source>Bidirectional run: every position sees the tokens after it, so these are not next-token predictions. After position %1 “%2”, the output is:</source>
        <translation>Calcul bidirectionnel&#xa0;: chaque position voit les tokens qui la suivent, ce ne sont donc pas des prédictions du token suivant. Après la position %1 «&#xa0;%2&#xa0;», la sortie est&#xa0;:</translation>
    </message>
    <message>
        <source>After position %1 “%2”, the model predicts:</source>
        <translation>Après la position %1 «&#xa0;%2&#xa0;», le modèle prédit&#xa0;:</translation>
    </message>
    <message numerus="yes">
        <source>(%n attention edge(s) knocked out; “Without” is the model without them, Δ the change)</source>
        <translation>
            <numerusform>(%n arête d&apos;attention bloquée&#xa0;; «&#xa0;Sans&#xa0;» est le modèle sans elle, Δ la variation)</numerusform>
            <numerusform>(%n arêtes d&apos;attention bloquées&#xa0;; «&#xa0;Sans&#xa0;» est le modèle sans elles, Δ la variation)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n attention edge(s) knocked out; computing the prediction without them…)</source>
        <translation>
            <numerusform>(%n arête d&apos;attention bloquée&#xa0;; calcul de la prédiction sans elle…)</numerusform>
            <numerusform>(%n arêtes d&apos;attention bloquées&#xa0;; calcul de la prédiction sans elles…)</numerusform>
        </translation>
    </message>
    <message>
        <source>Actual next token “%1”: probability %2 (%3 without the knockouts, Δ %4), rank %5 (%6 without)</source>
        <translation>Token suivant réel «&#xa0;%1&#xa0;»&#xa0;: probabilité %2 (%3 sans les knockouts, Δ %4), rang %5 (%6 sans)</translation>
    </message>
    <message>
        <source>Actual next token “%1”: probability %2, rank %3</source>
        <translation>Token suivant réel «&#xa0;%1&#xa0;»&#xa0;: probabilité %2, rang %3</translation>
    </message>
    <message>
        <source>The text ends here: there is no next token to compare.</source>
        <translation>Le texte s&apos;arrête ici&#xa0;: il n&apos;y a pas de token suivant à comparer.</translation>
    </message>
    <message>
        <source>The first token: nothing predicts it.</source>
        <translation>Le premier token&#xa0;: rien ne le prédit.</translation>
    </message>
    <message>
        <source>-ln p = %1 nats (p = %2), predicted at position %3</source>
        <translation>-ln p = %1 nats (p = %2), prédit à la position %3</translation>
    </message>
    <message>
        <source>The loss of each token needs the model.</source>
        <translation>La perte de chaque token nécessite le modèle.</translation>
    </message>
    <message>
        <source>Bidirectional run: each token was visible to the position that predicts it, so this is no measure of surprise (mean -ln p %1 nats).</source>
        <translation>Calcul bidirectionnel&#xa0;: chaque token était visible depuis la position qui le prédit, ce n&apos;est donc pas une mesure de surprise (-ln p moyen %1 nats).</translation>
    </message>
    <message>
        <source>Computing the loss of every token…</source>
        <translation>Calcul de la perte de chaque token…</translation>
    </message>
    <message numerus="yes">
        <source>Surprise: mean next-token loss %1 nats over %n token(s)</source>
        <translation>
            <numerusform>Surprise&#xa0;: perte moyenne du token suivant %1 nats sur %n token</numerusform>
            <numerusform>Surprise&#xa0;: perte moyenne du token suivant %1 nats sur %n tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>Click a token (or press Enter on it) to explain its logit in the Attribution view</source>
        <translation>Cliquez sur un token (ou appuyez sur Enter dessus) pour expliquer son logit dans la vue Attribution</translation>
    </message>
    <message>
        <source>Step %1: greedy, after position %2 the model put first:</source>
        <translation>Étape %1&#xa0;: en mode glouton, après la position %2, le modèle a placé en tête&#xa0;:</translation>
    </message>
    <message>
        <source>Step %1: what the sampler saw after position %2 (temperature %3):</source>
        <translation>Étape %1&#xa0;: ce qu&apos;a vu l&apos;échantillonneur après la position %2 (température %3)&#xa0;:</translation>
    </message>
    <message numerus="yes">
        <source>It took “%1”: probability %2, rank %3, from the %n most probable token(s) kept.</source>
        <translation>
            <numerusform>Retenu&#xa0;: «&#xa0;%1&#xa0;», probabilité %2, rang %3, parmi %n token conservé (le plus probable).</numerusform>
            <numerusform>Retenu&#xa0;: «&#xa0;%1&#xa0;», probabilité %2, rang %3, parmi les %n tokens les plus probables conservés.</numerusform>
        </translation>
    </message>
    <message>
        <source>The loss of each new token comes when the generation ends.</source>
        <translation>La perte de chaque nouveau token arrive à la fin de la génération.</translation>
    </message>
</context>
<context>
    <name>QueryBarsView</name>
    <message>
        <source>Attention of the selected query</source>
        <translation>Attention de la requête sélectionnée</translation>
    </message>
    <message>
        <source>The selected query&apos;s attention over every key. Click a bar to select its key; right-click (or View ▸ Query bars from 0 to 1) to switch between an axis fitted to the tallest bar and a fixed 0 to 1 axis.</source>
        <translation>L&apos;attention de la requête sélectionnée sur chaque clé. Cliquez sur une barre pour sélectionner sa clé&#xa0;; clic droit (ou Affichage ▸ Barres de la requête de 0 à 1) pour basculer entre un axe ajusté à la barre la plus haute et un axe fixe de 0 à 1.</translation>
    </message>
    <message>
        <source>Fixed 0 to 1 axis</source>
        <translation>Axe fixe de 0 à 1</translation>
    </message>
    <message>
        <source>Fixed axis, up to the head&apos;s largest possible norm</source>
        <translation>Axe fixe, jusqu&apos;à la plus grande norme possible de la tête</translation>
    </message>
</context>
<context>
    <name>SelectionText</name>
    <message>
        <source>Layer %1 · Head %2</source>
        <translation>Couche %1 · Tête %2</translation>
    </message>
    <message>
        <source>KV head %1, shared by H%2–H%3</source>
        <translation>tête KV %1, partagée par H%2–H%3</translation>
    </message>
    <message>
        <source>%1 “%2” %3</source>
        <translation>%1 «&#xa0;%2&#xa0;» %3</translation>
    </message>
    <message>
        <source>query %1 “%2” → top keys: %3</source>
        <translation>requête %1 «&#xa0;%2&#xa0;» → clés principales&#xa0;: %3</translation>
    </message>
    <message>
        <source>query %1 “%2” → largest norms: %3</source>
        <translation>requête %1 «&#xa0;%2&#xa0;» → normes les plus grandes&#xa0;: %3</translation>
    </message>
    <message>
        <source>query %1 “%2” → highest raw scores: %3</source>
        <translation>requête %1 «&#xa0;%2&#xa0;» → scores bruts les plus élevés&#xa0;: %3</translation>
    </message>
</context>
<context>
    <name>ShapeFlowView</name>
    <message>
        <source>Shape flow diagram</source>
        <translation>Diagramme du flux des formes</translation>
    </message>
    <message>
        <source>Click a node, or walk them with the arrow keys, to see its tensor.</source>
        <translation>Cliquez sur un nœud, ou parcourez-les avec les flèches, pour voir son tenseur.</translation>
    </message>
    <message>
        <source>Heatmap</source>
        <translation>Carte de chaleur</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tableau</translation>
    </message>
    <message>
        <source>Show tensor as</source>
        <translation>Afficher le tenseur comme</translation>
    </message>
    <message>
        <source>Show the clicked node&apos;s tensor as a heatmap or as a table of its numbers.</source>
        <translation>Afficher le tenseur du nœud cliqué sous forme de carte de chaleur ou de tableau de ses valeurs.</translation>
    </message>
    <message>
        <source>Tensor values</source>
        <translation>Valeurs du tenseur</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 · not kept in the trace; the next step with a tensor shows its result</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2 · non conservé dans la trace&#xa0;; l&apos;étape suivante dotée d&apos;un tenseur en montre le résultat</translation>
    </message>
    <message>
        <source>id</source>
        <translation>id</translation>
    </message>
    <message>
        <source> (head %1)</source>
        <translation> (tête %1)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 · %3 × %4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2 · %3 × %4</translation>
    </message>
    <message>
        <source>token ids</source>
        <translation>identifiants de tokens</translation>
    </message>
</context>
<context>
    <name>ShowBox</name>
    <message>
        <source>Value-weighted norms</source>
        <translation>Normes pondérées par les valeurs</translation>
    </message>
    <message>
        <source>Value-weighted norms ‖α·v W_O‖ (Kobayashi et al., 2020): each weight times the size of what its key&apos;s value sends through the head&apos;s output projection. A large weight on a key whose value is near zero moves nothing.</source>
        <translation>Normes pondérées par les valeurs ‖α·v W_O‖ (Kobayashi et al., 2020) : chaque poids multiplié par la taille de ce que la valeur de sa clé envoie à travers la projection de sortie de la tête. Un grand poids sur une clé dont la valeur est presque nulle ne déplace rien.</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>&amp;Quantité&#xa0;:</translation>
    </message>
    <message>
        <source>Attention weights</source>
        <translation>Poids d’attention</translation>
    </message>
    <message>
        <source>Softmax weights, or the value-weighted norms ‖α·v W_O‖</source>
        <translation>Les poids du softmax, ou les normes pondérées par les valeurs ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Afficher</translation>
    </message>
</context>
<context>
    <name>TextAutosaver</name>
    <message>
        <source>The text cannot be saved to “%1”: %2</source>
        <translation>Le texte ne peut pas être enregistré dans «&#xa0;%1&#xa0;»&#xa0;: %2</translation>
    </message>
</context>
<context>
    <name>TokenLinesView</name>
    <message>
        <source>Overla&amp;y every head of the layer</source>
        <translation>Su&amp;perposer toutes les têtes de la couche</translation>
    </message>
    <message>
        <source>Draw every head of the selected layer at once, each in its own colour.</source>
        <translation>Dessiner toutes les têtes de la couche sélectionnée à la fois, chacune dans sa couleur.</translation>
    </message>
    <message>
        <source>Token lines</source>
        <translation>Lignes de tokens</translation>
    </message>
    <message>
        <source>Queries on the left, keys on the right, joined by lines as strong as the attention. Click a query to show its lines alone; hover a token to pick out its lines; scroll a long text with the wheel.</source>
        <translation>Requêtes à gauche, clés à droite, reliées par des lignes aussi marquées que l&apos;attention. Cliquez sur une requête pour n&apos;afficher que ses lignes&#xa0;; survolez un token pour faire ressortir ses lignes&#xa0;; faites défiler un long texte avec la molette.</translation>
    </message>
</context>
<context>
    <name>TokenStrip</name>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>Bytes that are not valid UTF-8: left out of the run</source>
        <translation>Octets qui ne sont pas de l&apos;UTF-8 valide&#xa0;: exclus du calcul</translation>
    </message>
    <message>
        <source>“%1” is not in the model&apos;s vocabulary: left out of the run</source>
        <translation>«&#xa0;%1&#xa0;» n&apos;est pas dans le vocabulaire du modèle&#xa0;: exclu du calcul</translation>
    </message>
    <message>
        <source>Token %1 · id %2
“%3”</source>
        <translation>Token %1 · id %2
«&#xa0;%3&#xa0;»</translation>
    </message>
</context>
<context>
    <name>TraceView</name>
    <message>
        <source>bidirectional</source>
        <translation>attention bidirectionnelle</translation>
    </message>
    <message numerus="yes">
        <source>%n head(s) ablated</source>
        <translation>
            <numerusform>%n tête désactivée</numerusform>
            <numerusform>%n têtes désactivées</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n knockout(s)</source>
        <translation>
            <numerusform>%n knockout</numerusform>
            <numerusform>%n knockouts</numerusform>
        </translation>
    </message>
    <message>
        <source>stale: the last run was cancelled or refused</source>
        <translation>obsolète&#xa0;: le dernier calcul a été annulé ou refusé</translation>
    </message>
</context>
<context>
    <name>Workspace</name>
    <message>
        <source>This run holds about %1: its activations and its keys and values (%2) pass their budgets and are computed again when needed, for every edit too.</source>
        <translation>Ce calcul occupe environ %1&#xa0;: ses activations ainsi que ses clés et valeurs (%2) dépassent leurs budgets et sont recalculées au besoin, y compris à chaque modification.</translation>
    </message>
    <message>
        <source>This run holds about %1: its attention maps (%2) and activations (%3) pass their budgets and are computed again when shown.</source>
        <translation>Ce calcul occupe environ %1&#xa0;: ses cartes d&apos;attention (%2) et ses activations (%3) dépassent leurs budgets et sont recalculées à l&apos;affichage.</translation>
    </message>
    <message>
        <source>This run holds about %1: its attention maps (%2) pass the %3 budget and are rebuilt when shown.</source>
        <translation>Ce calcul occupe environ %1&#xa0;: ses cartes d&apos;attention (%2) dépassent le budget de %3 et sont reconstruites à l&apos;affichage.</translation>
    </message>
    <message>
        <source>This run holds about %1: its activations (%2) pass the %3 budget and are computed again when shown.</source>
        <translation>Ce calcul occupe environ %1&#xa0;: ses activations (%2) dépassent le budget de %3 et sont recalculées à l&apos;affichage.</translation>
    </message>
    <message>
        <source>This run holds about %1.</source>
        <translation>Ce calcul occupe environ %1.</translation>
    </message>
    <message>
        <source>Its attention maps (%1) pass the %2 budget: each head is rebuilt from q and k when a view shows it.</source>
        <translation>Ses cartes d&apos;attention (%1) dépassent le budget de %2&#xa0;: chaque tête est reconstruite à partir de q et k quand une vue l&apos;affiche.</translation>
    </message>
    <message>
        <source>Its activations (%1) pass the %2 budget: a layer&apos;s are computed again from its input when a view shows them.</source>
        <translation>Ses activations (%1) dépassent le budget de %2&#xa0;: celles d&apos;une couche sont recalculées à partir de son entrée quand une vue les affiche.</translation>
    </message>
    <message>
        <source>Its keys and values (%1) pass the %2 budget too: they are computed again from each layer&apos;s input for every edit and every head shown.</source>
        <translation>Ses clés et valeurs (%1) dépassent aussi le budget de %2&#xa0;: elles sont recalculées à partir de l&apos;entrée de chaque couche à chaque modification et pour chaque tête affichée.</translation>
    </message>
    <message>
        <source>The text is longer than the model&apos;s context: only the last %1 tokens are shown (%2 dropped).</source>
        <translation>Le texte dépasse le contexte du modèle&#xa0;: seuls les %1 derniers tokens sont affichés (%2 écartés).</translation>
    </message>
    <message numerus="yes">
        <source>Left out of this run: %n knockout(s) naming positions past the text&apos;s %1 tokens.</source>
        <translation>
            <numerusform>Exclu de ce calcul&#xa0;: %n knockout qui désigne des positions au-delà des %1 tokens du texte.</numerusform>
            <numerusform>Exclus de ce calcul&#xa0;: %n knockouts qui désignent des positions au-delà des %1 tokens du texte.</numerusform>
        </translation>
    </message>
    <message>
        <source>The text held characters that are not valid Unicode; they were replaced.</source>
        <translation>Le texte contenait des caractères Unicode invalides&#xa0;; ils ont été remplacés.</translation>
    </message>
    <message numerus="yes">
        <source>Left out of the run: %n character(s) the model&apos;s vocabulary lacks (%1), marked in the token strip.</source>
        <translation>
            <numerusform>Exclu du calcul&#xa0;: %n caractère absent du vocabulaire du modèle (%1), marqué dans la bande de tokens.</numerusform>
            <numerusform>Exclus du calcul&#xa0;: %n caractères absents du vocabulaire du modèle (%1), marqués dans la bande de tokens.</numerusform>
        </translation>
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
        <translation>Embedding de token</translation>
    </message>
    <message>
        <source>Position embedding</source>
        <translation>Embedding de pos.</translation>
    </message>
    <message>
        <source>Sum</source>
        <translation>Somme</translation>
    </message>
    <message>
        <source>LayerNorm 1</source>
        <translation>LayerNorm 1</translation>
    </message>
    <message>
        <source>RMSNorm 1</source>
        <translation>RMSNorm 1</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>Requête</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Clé</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <source>RMSNorm of q, k per head</source>
        <translation>RMSNorm de q, k par tête</translation>
    </message>
    <message>
        <source>RoPE on q, k</source>
        <translation>RoPE sur q, k</translation>
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
        <source>Scores q·kᵀ/√hs</source>
        <translation>Scores q·kᵀ/√hs</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>Masque</translation>
    </message>
    <message>
        <source>Softmax</source>
        <translation>Softmax</translation>
    </message>
    <message>
        <source>Weights · v</source>
        <translation>Poids · v</translation>
    </message>
    <message>
        <source>Concatenate heads</source>
        <translation>Concaténer les têtes</translation>
    </message>
    <message>
        <source>Output projection</source>
        <translation>Projection de sortie</translation>
    </message>
    <message>
        <source>Residual +</source>
        <translation>Résiduel +</translation>
    </message>
    <message>
        <source>LayerNorm 2</source>
        <translation>LayerNorm 2</translation>
    </message>
    <message>
        <source>RMSNorm 2</source>
        <translation>RMSNorm 2</translation>
    </message>
    <message>
        <source>MLP hidden</source>
        <translation>Couche cachée MLP</translation>
    </message>
    <message>
        <source>Gate projection</source>
        <translation>Projection gate</translation>
    </message>
    <message>
        <source>Up projection</source>
        <translation>Projection up</translation>
    </message>
    <message>
        <source>Activation</source>
        <translation>Activation</translation>
    </message>
    <message>
        <source>act(gate) · up</source>
        <translation>act(gate) · up</translation>
    </message>
    <message>
        <source>MLP projection</source>
        <translation>Projection du MLP</translation>
    </message>
    <message>
        <source>Down projection</source>
        <translation>Projection down</translation>
    </message>
    <message>
        <source>Parallel residual +</source>
        <translation>Résiduel parallèle +</translation>
    </message>
    <message>
        <source>Final LayerNorm</source>
        <translation>LayerNorm finale</translation>
    </message>
    <message>
        <source>Final RMSNorm</source>
        <translation>RMSNorm finale</translation>
    </message>
    <message>
        <source>Logits</source>
        <translation>Logits</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>See inside transformer attention.</source>
        <translation>Voir à l&apos;intérieur de l&apos;attention des transformers.</translation>
    </message>
    <message>
        <source>Model file or folder, or AttnScope trace file, to open (default: the last one, or the demo).</source>
        <translation>Fichier ou dossier de modèle, ou fichier de trace AttnScope, à ouvrir (par défaut&#xa0;: le dernier ouvert, ou la démo).</translation>
    </message>
    <message>
        <source>Save a PNG of every view into &lt;dir&gt; and quit.</source>
        <translation>Enregistrer un PNG de chaque vue dans &lt;dir&gt; et quitter.</translation>
    </message>
    <message>
        <source>Start with this text.</source>
        <translation>Démarrer avec ce texte.</translation>
    </message>
    <message>
        <source>Start with head &lt;layer.head&gt; selected.</source>
        <translation>Démarrer avec la tête &lt;layer.head&gt; sélectionnée.</translation>
    </message>
    <message>
        <source>Start with a random model, e.g. n_layer=12,n_head=12,n_embed=768,context=1024,vocab=96,seed=1.</source>
        <translation>Démarrer avec un modèle aléatoire, p. ex. n_layer=12,n_head=12,n_embed=768,context=1024,vocab=96,seed=1.</translation>
    </message>
    <message>
        <source>Window size, e.g. 1600x1000.</source>
        <translation>Taille de la fenêtre, p. ex. 1600x1000.</translation>
    </message>
    <message>
        <source>Compare with this text B on the same model.</source>
        <translation>Comparer avec ce texte B sur le même modèle.</translation>
    </message>
    <message>
        <source>Compare with this model B of the same shape (give it several times for a checkpoint timeline).</source>
        <translation>Comparer avec ce modèle B de même forme (à répéter pour une chronologie de checkpoints).</translation>
    </message>
    <message>
        <source>Show checkpoint &lt;n&gt; (from 0) of the timeline.</source>
        <translation>Afficher le checkpoint &lt;n&gt; (à partir de 0) de la chronologie.</translation>
    </message>
    <message>
        <source>Compare side-by-side or difference.</source>
        <translation>Comparer côte à côte ou par différence.</translation>
    </message>
    <message>
        <source>Start with these attention edges blocked, e.g. 2.*:9&gt;4 or *.*:*&gt;5 (layer.head:query&gt;key, * for every one).</source>
        <translation>Démarrer avec ces arêtes d&apos;attention bloquées, p. ex. 2.*:9&gt;4 ou *.*:*&gt;5 (layer.head:query&gt;key, * pour toutes).</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>impossible d&apos;ouvrir %1&#xa0;: %2</translation>
    </message>
    <message>
        <source>the demo model</source>
        <translation>le modèle de démo</translation>
    </message>
</context>
<context>
    <name>render::AblationFigure</name>
    <message>
        <source>Loss change per ablated head · base loss %1</source>
        <translation>Variation de la perte par tête désactivée · perte de base %1</translation>
    </message>
    <message>
        <source>L%1</source>
        <translation>L%1</translation>
    </message>
    <message>
        <source>H%1</source>
        <translation>H%1</translation>
    </message>
    <message>
        <source>Estimated loss change per ablated head (attribution patching) · base loss %1</source>
        <translation>Variation estimée de la perte par tête désactivée (attribution patching) · perte de base %1</translation>
    </message>
    <message>
        <source>Direct logit attribution of each head to %1</source>
        <translation>Attribution directe au logit de chaque tête pour %1</translation>
    </message>
</context>
<context>
    <name>render::AttributionFigure</name>
    <message>
        <source>%1 for %2 at position %3 · logit %4</source>
        <translation>%1 pour %2 à la position %3 · logit %4</translation>
    </message>
    <message numerus="yes">
        <source>… %n more token(s) past the figure&apos;s room</source>
        <translation>
            <numerusform>… %n token de plus ne tient pas dans la figure</numerusform>
            <numerusform>… %n tokens de plus ne tiennent pas dans la figure</numerusform>
        </translation>
    </message>
    <message>
        <source>Completeness: f(e) − f(0) = %1, sum of the scores = %2</source>
        <translation>Complétude&#xa0;: f(e) − f(0) = %1, somme des scores = %2</translation>
    </message>
</context>
<context>
    <name>render::CompareFigure</name>
    <message>
        <source>query</source>
        <translation>requête</translation>
    </message>
    <message>
        <source>key</source>
        <translation>clé</translation>
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
        <translation>Pas encore de comparaison&#xa0;: choisissez B avec Comparer avec un texte… ou Comparer avec un modèle…</translation>
    </message>
    <message>
        <source>L%1 H%2 · A: %3 · B: %4</source>
        <translation>L%1 H%2 · A&#xa0;: %3 · B&#xa0;: %4</translation>
    </message>
    <message>
        <source> · largest |B − A| of %1 × %1 tokens a cell</source>
        <translation> · plus grand |B − A| de %1 × %1 tokens par cellule</translation>
    </message>
    <message>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <source>B − A, first %1 positions (A has %2, B %3)</source>
        <translation>B − A, %1 premières positions (A en a %2, B %3)</translation>
    </message>
</context>
<context>
    <name>render::HeadFigure</name>
    <message numerus="yes">
        <source>%n edge(s) knocked out (×)</source>
        <translation>
            <numerusform>%n arête bloquée (×)</numerusform>
            <numerusform>%n arêtes bloquées (×)</numerusform>
        </translation>
    </message>
    <message>
        <source>Mask (bidirectional)</source>
        <translation>Masque (bidirectionnel)</translation>
    </message>
    <message>
        <source>Mask (causal, sliding window of %1)</source>
        <translation>Masque (causal, fenêtre glissante de %1)</translation>
    </message>
    <message>
        <source>Mask (causal)</source>
        <translation>Masque (causal)</translation>
    </message>
    <message>
        <source>attention weights</source>
        <translation>poids d&apos;attention</translation>
    </message>
    <message>
        <source>raw scores</source>
        <translation>scores bruts</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 (KV head %3) · %4</source>
        <translation>Couche %1 · Tête %2 (tête KV %3) · %4</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 · %3</source>
        <translation>Couche %1 · Tête %2 · %3</translation>
    </message>
    <message>
        <source> · max of %1 × %1 tokens a cell</source>
        <translation> · max de %1 × %1 tokens par cellule</translation>
    </message>
    <message>
        <source> · Layer %1 · Head %2</source>
        <translation> · Couche %1 · Tête %2</translation>
    </message>
    <message>
        <source>query</source>
        <translation>requête</translation>
    </message>
    <message>
        <source>key</source>
        <translation>clé</translation>
    </message>
    <message>
        <source>value-weighted norms ‖α·v W_O‖</source>
        <translation>normes pondérées par les valeurs ‖α·v W_O‖</translation>
    </message>
</context>
<context>
    <name>render::HeadsGridFigure</name>
    <message>
        <source>Attention weights of every head</source>
        <translation>Poids d&apos;attention de toutes les têtes</translation>
    </message>
    <message>
        <source>each row scaled to its own max</source>
        <translation>chaque ligne mise à l&apos;échelle de son propre max</translation>
    </message>
    <message>
        <source>log scale</source>
        <translation>échelle logarithmique</translation>
    </message>
    <message>
        <source>each tile scaled to its own max</source>
        <translation>chaque vignette mise à l&apos;échelle de son propre max</translation>
    </message>
    <message>
        <source>one scale for all tiles</source>
        <translation>une même échelle pour toutes les vignettes</translation>
    </message>
    <message>
        <source>columns grouped by the KV head they share</source>
        <translation>colonnes groupées par la tête KV qu&apos;elles partagent</translation>
    </message>
    <message>
        <source>each pixel: the max of its tokens</source>
        <translation>chaque pixel&#xa0;: le max de ses tokens</translation>
    </message>
    <message>
        <source>each pixel: the mean of its tokens</source>
        <translation>chaque pixel&#xa0;: la moyenne de ses tokens</translation>
    </message>
    <message>
        <source>L%1</source>
        <translation>L%1</translation>
    </message>
    <message>
        <source>L%1 H%2 · KV %3</source>
        <translation>L%1 H%2 · KV %3</translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translation>L%1 H%2</translation>
    </message>
    <message>
        <source>H%1</source>
        <translation>H%1</translation>
    </message>
    <message>
        <source>KV %1</source>
        <translation>KV %1</translation>
    </message>
    <message>
        <source>Value-weighted norms of every head</source>
        <translation>Normes pondérées par les valeurs de chaque tête</translation>
    </message>
    <message>
        <source>value-weighted norms ‖α·v W_O‖</source>
        <translation>normes pondérées par les valeurs ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>one scale for all tiles, up to the largest norm of any head</source>
        <translation>une seule échelle pour toutes les vignettes, jusqu’à la plus grande norme de toutes les têtes</translation>
    </message>
</context>
<context>
    <name>render::Heatmap</name>
    <message>
        <source>per row:
row max = 1</source>
        <translation>par ligne&#xa0;:
max de la ligne = 1</translation>
    </message>
    <message>
        <source>log; top = 10ⁿ
≥ largest</source>
        <translation>log ; haut = 10ⁿ
≥ le maximum</translation>
    </message>
    <message>
        <source>top = largest
value shown</source>
        <translation>haut = la plus grande
valeur affichée</translation>
    </message>
</context>
<context>
    <name>render::MatrixFigure</name>
    <message>
        <source>attended (allowed)</source>
        <translation>pris en compte (autorisé)</translation>
    </message>
    <message>
        <source>masked (−∞ before softmax)</source>
        <translation>masqué (−∞ avant la softmax)</translation>
    </message>
</context>
<context>
    <name>render::NotedFigure</name>
    <message>
        <source>bidirectional attention (no causal mask)</source>
        <translation>attention bidirectionnelle (pas de masque causal)</translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translation>L%1 H%2</translation>
    </message>
    <message>
        <source>ablated: %1</source>
        <translation>désactivées&#xa0;: %1</translation>
    </message>
    <message>
        <source>knocked out: %1</source>
        <translation>bloquées&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>render::QueryBarsFigure</name>
    <message>
        <source>Select a query token to see its attention over the keys.</source>
        <translation>Sélectionnez un token de requête pour voir son attention sur les clés.</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 · query %3 “%4” · value-weighted norms ‖α·v W_O‖</source>
        <translation>Couche %1 · Tête %2 · requête %3 «&#xa0;%4&#xa0;» · normes pondérées par les valeurs ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 · query %3 “%4” · attention weights</source>
        <translation>Couche %1 · Tête %2 · requête %3 «&#xa0;%4&#xa0;» · poids d&apos;attention</translation>
    </message>
</context>
<context>
    <name>render::RolloutFigure</name>
    <message>
        <source>position</source>
        <translation>position</translation>
    </message>
    <message>
        <source>input token</source>
        <translation>token d&apos;entrée</translation>
    </message>
    <message>
        <source>Rollout of position %1 “%2” over the input</source>
        <translation>Rollout de la position %1 «&#xa0;%2&#xa0;» sur l&apos;entrée</translation>
    </message>
    <message>
        <source>log scale</source>
        <translation>échelle logarithmique</translation>
    </message>
</context>
<context>
    <name>render::Session</name>
    <message>
        <source>GPT-2 BPE bundled with AttnScope, chosen for a vocabulary of %1 rows</source>
        <translation>BPE de GPT-2 fourni avec AttnScope, choisi pour un vocabulaire de %1 lignes</translation>
    </message>
    <message>
        <source>Random model (seed %1)</source>
        <translation>Modèle aléatoire (graine %1)</translation>
    </message>
</context>
<context>
    <name>render::ShapeFlowFigure</name>
    <message>
        <source>Forward pass · block %1 of %2 shown · head %3 for per-head tensors</source>
        <translation>Passe avant · bloc %1 sur %2 · tête %3 pour les tenseurs par tête</translation>
    </message>
    <message>
        <source>× %2 blocks · block %1 shown · pre-RMSNorm, attention and MLP in parallel</source>
        <translation>× %2 blocs · bloc %1 affiché · pré-RMSNorm, attention et MLP en parallèle</translation>
    </message>
    <message>
        <source>× %2 blocks · block %1 shown · pre-LayerNorm, attention and MLP in parallel</source>
        <translation>× %2 blocs · bloc %1 affiché · pré-LayerNorm, attention et MLP en parallèle</translation>
    </message>
    <message>
        <source>× %2 blocks · block %1 shown · pre-RMSNorm</source>
        <translation>× %2 blocs · bloc %1 affiché · pré-RMSNorm</translation>
    </message>
    <message>
        <source>× %2 blocks · block %1 shown · pre-LayerNorm</source>
        <translation>× %2 blocs · bloc %1 affiché · pré-LayerNorm</translation>
    </message>
    <message>
        <source>T tokens</source>
        <translation>T jetons</translation>
    </message>
    <message>
        <source>C model width</source>
        <translation>C largeur du modèle</translation>
    </message>
    <message>
        <source>H heads</source>
        <translation>H têtes</translation>
    </message>
    <message>
        <source>KV key/value heads</source>
        <translation>KV têtes clé/valeur</translation>
    </message>
    <message>
        <source>hs head size</source>
        <translation>hs taille d’une tête</translation>
    </message>
    <message>
        <source>4C the MLP&apos;s width</source>
        <translation>4C largeur du MLP</translation>
    </message>
    <message>
        <source>F the MLP&apos;s width</source>
        <translation>F largeur du MLP</translation>
    </message>
    <message>
        <source>R positions whose logits are kept</source>
        <translation>R positions dont les logits sont gardés</translation>
    </message>
    <message>
        <source>V vocabulary</source>
        <translation>V vocabulaire</translation>
    </message>
</context>
<context>
    <name>render::TokenLinesFigure</name>
    <message>
        <source>Layer %1 · Head %2 · token lines</source>
        <translation>Couche %1 · Tête %2 · lignes de tokens</translation>
    </message>
    <message>
        <source>Layer %1 · %2 heads overlaid · token lines</source>
        <translation>Couche %1 · %2 têtes superposées · lignes de tokens</translation>
    </message>
    <message>
        <source>query</source>
        <translation>requête</translation>
    </message>
    <message>
        <source>key (↑ %1 earlier)</source>
        <translation>clé (↑ %1 avant)</translation>
    </message>
    <message>
        <source>key</source>
        <translation>clé</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>tête %1</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 · token lines · value-weighted norms</source>
        <translation>Couche %1 · Tête %2 · lignes de jetons · normes pondérées par les valeurs</translation>
    </message>
    <message>
        <source>Layer %1 · %2 heads overlaid · token lines · value-weighted norms</source>
        <translation>Couche %1 · %2 têtes superposées · lignes de jetons · normes pondérées par les valeurs</translation>
    </message>
</context>
<context>
    <name>session::Attribution</name>
    <message>
        <source>Gradient norm</source>
        <translation>Norme du gradient</translation>
    </message>
    <message>
        <source>Gradient × input</source>
        <translation>Gradient × entrée</translation>
    </message>
    <message>
        <source>Integrated gradients (%1 steps)</source>
        <translation>Gradients intégrés (%1 pas)</translation>
    </message>
    <message>
        <source>Relevance</source>
        <translation>Pertinence</translation>
    </message>
</context>
<context>
    <name>session::Views</name>
    <message>
        <source>H&amp;eads</source>
        <translation>&amp;Têtes</translation>
    </message>
    <message>
        <source>Heads grid</source>
        <translation>Grille des têtes</translation>
    </message>
    <message>
        <source>every head of every layer as a small heatmap</source>
        <translation>chaque tête de chaque couche sous forme de petite carte de chaleur</translation>
    </message>
    <message>
        <source>Head &amp;detail</source>
        <translation>&amp;Détail</translation>
    </message>
    <message>
        <source>Head detail</source>
        <translation>Détail de tête</translation>
    </message>
    <message>
        <source>&amp;Mask</source>
        <translation>&amp;Masque</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>Masque</translation>
    </message>
    <message>
        <source>which keys each query may attend to</source>
        <translation>quelles clés chaque requête peut prendre en compte</translation>
    </message>
    <message>
        <source>Sh&amp;ape flow</source>
        <translation>F&amp;lux des formes</translation>
    </message>
    <message>
        <source>Shape flow</source>
        <translation>Flux des formes</translation>
    </message>
    <message>
        <source>the tensors of one block&apos;s forward pass with their shapes</source>
        <translation>les tenseurs de la passe avant d&apos;un bloc, avec leurs formes</translation>
    </message>
    <message>
        <source>Token &amp;lines</source>
        <translation>Li&amp;gnes</translation>
    </message>
    <message>
        <source>Token lines</source>
        <translation>Lignes de tokens</translation>
    </message>
    <message>
        <source>BertViz-style lines from each query to the keys it attends to</source>
        <translation>lignes à la BertViz de chaque requête vers les clés qu&apos;elle prend en compte</translation>
    </message>
    <message>
        <source>Rollou&amp;t</source>
        <translation>&amp;Rollout</translation>
    </message>
    <message>
        <source>Attention rollout</source>
        <translation>Rollout d&apos;attention</translation>
    </message>
    <message>
        <source>attention rolled out through every layer (Abnar &amp; Zuidema, 2020)</source>
        <translation>attention déroulée à travers toutes les couches (Abnar &amp; Zuidema, 2020)</translation>
    </message>
    <message>
        <source>A&amp;blation</source>
        <translation>A&amp;blation</translation>
    </message>
    <message>
        <source>Ablation scan</source>
        <translation>Balayage d&apos;ablation</translation>
    </message>
    <message>
        <source>the change in the text&apos;s loss when each head alone is ablated</source>
        <translation>la variation de la perte du texte quand chaque tête est désactivée seule</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>&amp;Comparer</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Comparer</translation>
    </message>
    <message>
        <source>one head of two texts, or of two models of one shape, and B − A</source>
        <translation>une tête pour deux textes, ou pour deux modèles de même forme, et B − A</translation>
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
        <translation>quels tokens ont compté pour une prédiction&#xa0;: gradients, gradients intégrés, pertinence&#xa0;; l&apos;attribution directe au logit de chaque tête&#xa0;; le logit lens</translation>
    </message>
    <message>
        <source>one head&apos;s full T x T weights (or raw scores or value-weighted norms) with tokens on both axes</source>
        <translation>les poids T × T complets d’une tête (ou scores bruts ou normes pondérées par les valeurs) avec les jetons sur les deux axes</translation>
    </message>
</context>
</TS>
