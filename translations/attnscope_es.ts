<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>AblationView</name>
    <message>
        <source>&amp;Scan every head</source>
        <translation>Barrer &amp;todas las cabezas</translation>
    </message>
    <message>
        <source>Run the model once per head with that head ablated and show how the text&apos;s loss changes (Ctrl+Shift+A)</source>
        <translation>Ejecutar el modelo una vez por cabeza, con esa cabeza desactivada, y mostrar cómo cambia la pérdida del texto (Ctrl+Shift+A)</translation>
    </message>
    <message>
        <source>Ablating each head in turn…</source>
        <translation>Desactivando cada cabeza por turno…</translation>
    </message>
    <message>
        <source>Click a head to ablate it, or to turn it back on.</source>
        <translation>Haz clic en una cabeza para desactivarla o volver a activarla.</translation>
    </message>
    <message>
        <source>Estimated time on this machine: %1.</source>
        <translation>Tiempo estimado en este equipo: %1.</translation>
    </message>
    <message>
        <source>Scanning…</source>
        <translation>Barriendo…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Ablation scan</source>
        <translation>Barrido de ablación</translation>
    </message>
    <message>
        <source>under a second</source>
        <translation>menos de un segundo</translation>
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
        <translation>Barrido cancelado.</translation>
    </message>
    <message>
        <source>Ablating each head in turn… %1.</source>
        <translation>Desactivando cada cabeza por turno… %1.</translation>
    </message>
    <message numerus="yes">
        <source>An estimate from one backward pass (attribution patching); the scan measures each head exactly: %n forward pass(es).</source>
        <translation>
            <numerusform>Una estimación a partir de una sola pasada hacia atrás (attribution patching); el barrido mide cada cabeza con exactitud: %n pasada hacia delante.</numerusform>
            <numerusform>Una estimación a partir de una sola pasada hacia atrás (attribution patching); el barrido mide cada cabeza con exactitud: %n pasadas hacia delante.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A scan takes %n forward pass(es).</source>
        <translation>
            <numerusform>Un barrido requiere %n pasada hacia delante.</numerusform>
            <numerusform>Un barrido requiere %n pasadas hacia delante.</numerusform>
        </translation>
    </message>
    <message>
        <source>less than a second left</source>
        <translation>queda menos de un segundo</translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation>quedan aprox. %1</translation>
    </message>
</context>
<context>
    <name>AttentionTextPanel</name>
    <message>
        <source>Text coloured by attention</source>
        <translation>Texto coloreado según la atención</translation>
    </message>
    <message>
        <source>Attention of the selected query over the text</source>
        <translation>Atención de la consulta seleccionada sobre el texto</translation>
    </message>
    <message>
        <source>Token %1 “%2”: weight %3</source>
        <translation>Token %1 «%2»: peso %3</translation>
    </message>
    <message>
        <source>Token %1 “%2”: norm %3</source>
        <translation>Token %1 «%2»: norma %3</translation>
    </message>
    <message>
        <source>Token %1 “%2”: raw score %3</source>
        <translation>Token %1 «%2»: puntuación bruta %3</translation>
    </message>
    <message>
        <source>%1 · value-weighted norms ‖α·v W_O‖ of query %2 “%3”</source>
        <translation>%1 · normas ponderadas por valor ‖α·v W_O‖ de la consulta %2 «%3»</translation>
    </message>
    <message>
        <source>%1 · raw scores of query %2 “%3”</source>
        <translation>%1 · puntuaciones brutas de la consulta %2 «%3»</translation>
    </message>
    <message>
        <source>%1 · attention weights of query %2 “%3”</source>
        <translation>%1 · pesos de atención de la consulta %2 «%3»</translation>
    </message>
</context>
<context>
    <name>AttributionView</name>
    <message>
        <source>&amp;Score by:</source>
        <translation>Puntuar &amp;según:</translation>
    </message>
    <message>
        <source>How each token&apos;s share is measured: relevance (gradient-weighted attention through every layer), the gradient&apos;s size, gradient × input, or integrated gradients</source>
        <translation>Cómo se mide la parte de cada token: relevancia (atención ponderada por el gradiente a través de todas las capas), el tamaño del gradiente, gradiente × entrada o gradientes integrados</translation>
    </message>
    <message>
        <source>Ne&amp;xt token</source>
        <translation>Si&amp;guiente token</translation>
    </message>
    <message>
        <source>Explain the text&apos;s next token again (or the top prediction at the last position) instead of the token chosen in Predictions</source>
        <translation>Volver a explicar el siguiente token del texto (o la predicción más probable en la última posición) en lugar del token elegido en Predicciones</translation>
    </message>
    <message>
        <source>Logit lens</source>
        <translation>Logit lens</translation>
    </message>
    <message>
        <source>The prediction read after every block: the target&apos;s probability and the most probable tokens</source>
        <translation>La predicción leída tras cada bloque: la probabilidad del objetivo y los tokens más probables</translation>
    </message>
    <message>
        <source>Attribution</source>
        <translation>Atribución</translation>
    </message>
    <message>
        <source>A trace file holds attention only: attributions need the model.</source>
        <translation>Un archivo de traza solo contiene la atención: las atribuciones necesitan el modelo.</translation>
    </message>
    <message numerus="yes">
        <source>Computing %n gradient(s)…</source>
        <translation>
            <numerusform>Calculando %n gradiente…</numerusform>
            <numerusform>Calculando %n gradientes…</numerusform>
        </translation>
    </message>
    <message>
        <source>Computing the gradients…</source>
        <translation>Calculando los gradientes…</translation>
    </message>
    <message>
        <source>“%1” at position %2</source>
        <translation>«%1» en la posición %2</translation>
    </message>
    <message>
        <source>The token chosen in Predictions.</source>
        <translation>El token elegido en Predicciones.</translation>
    </message>
    <message>
        <source>The next token. Click a token to move P.</source>
        <translation>El siguiente token. Haz clic en un token para mover P.</translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message>
        <source>The selected head of text A beside text or model B, and their difference B − A</source>
        <translation>La cabeza seleccionada para el texto A junto al texto o modelo B, y su diferencia B − A</translation>
    </message>
    <message>
        <source>Te&amp;xt B:</source>
        <translation>Te&amp;xto B:</translation>
    </message>
    <message>
        <source>Type a second text to compare with the text above, on the same model</source>
        <translation>Escribe un segundo texto para compararlo con el de arriba, en el mismo modelo</translation>
    </message>
    <message>
        <source>B: a second text on the same model (Ctrl+Shift+D). Cropped to the context like the text above.</source>
        <translation>B: un segundo texto en el mismo modelo (Ctrl+Shift+D). Recortado al contexto como el texto de arriba.</translation>
    </message>
    <message>
        <source>Compare w&amp;ith model…</source>
        <translation>Comparar con &amp;un modelo…</translation>
    </message>
    <message>
        <source>B: the same text on another model of the same shape (Ctrl+Shift+M)</source>
        <translation>B: el mismo texto en otro modelo de la misma forma (Ctrl+Shift+M)</translation>
    </message>
    <message>
        <source>Compare with chec&amp;kpoints…</source>
        <translation>Comparar con chec&amp;kpoints…</translation>
    </message>
    <message>
        <source>B: several checkpoints of one run, one at a time; step with Alt+PgUp and Alt+PgDown (Ctrl+Alt+M)</source>
        <translation>B: varios checkpoints de un mismo entrenamiento, uno cada vez; avanza y retrocede con Alt+PgUp y Alt+PgDown (Ctrl+Alt+M)</translation>
    </message>
    <message>
        <source>Stop comparin&amp;g</source>
        <translation>Dejar de com&amp;parar</translation>
    </message>
    <message>
        <source>Forget B: the view and the head statistics show A alone</source>
        <translation>Olvidar B: la vista y las estadísticas de cabezas muestran solo A</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>Mo&amp;strar:</translation>
    </message>
    <message>
        <source>A | B | B − A</source>
        <translation>A | B | B − A</translation>
    </message>
    <message>
        <source>Difference B − A</source>
        <translation>Diferencia B − A</translation>
    </message>
    <message>
        <source>Side by side with the difference, or the difference alone (Ctrl+Alt+D)</source>
        <translation>Lado a lado con la diferencia, o solo la diferencia (Ctrl+Alt+D)</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ Anterior</translation>
    </message>
    <message>
        <source>The previous checkpoint as B (Alt+PgUp)</source>
        <translation>El checkpoint anterior como B (Alt+PgUp)</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>Siguiente ▶</translation>
    </message>
    <message>
        <source>The next checkpoint as B (Alt+PgDown)</source>
        <translation>El checkpoint siguiente como B (Alt+PgDown)</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>Checkpoint</translation>
    </message>
    <message>
        <source>Which checkpoint is B</source>
        <translation>Qué checkpoint es B</translation>
    </message>
    <message>
        <source>C&amp;ompare</source>
        <translation>C&amp;omparar</translation>
    </message>
    <message>
        <source>Compare with &amp;text…</source>
        <translation>Comparar con un &amp;texto…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+D</source>
        <translation>Ctrl+Shift+D</translation>
    </message>
    <message>
        <source>Compare with &amp;model…</source>
        <translation>Comparar con un &amp;modelo…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+M</source>
        <translation>Ctrl+Shift+M</translation>
    </message>
    <message>
        <source>Compare with &amp;checkpoints…</source>
        <translation>Comparar con &amp;checkpoints…</translation>
    </message>
    <message>
        <source>Ctrl+Alt+M</source>
        <translation>Ctrl+Alt+M</translation>
    </message>
    <message>
        <source>&amp;Previous checkpoint</source>
        <translation>Checkpoint &amp;anterior</translation>
    </message>
    <message>
        <source>Alt+PgUp</source>
        <translation>Alt+PgUp</translation>
    </message>
    <message>
        <source>&amp;Next checkpoint</source>
        <translation>Checkpoint &amp;siguiente</translation>
    </message>
    <message>
        <source>Alt+PgDown</source>
        <translation>Alt+PgDown</translation>
    </message>
    <message>
        <source>&amp;Difference only</source>
        <translation>Solo la &amp;diferencia</translation>
    </message>
    <message>
        <source>Ctrl+Alt+D</source>
        <translation>Ctrl+Alt+D</translation>
    </message>
    <message>
        <source>&amp;Stop comparing</source>
        <translation>De&amp;jar de comparar</translation>
    </message>
    <message>
        <source>Loading model B…</source>
        <translation>Cargando el modelo B…</translation>
    </message>
    <message>
        <source>Running B…</source>
        <translation>Calculando B…</translation>
    </message>
    <message>
        <source>Compare with model</source>
        <translation>Comparar con un modelo</translation>
    </message>
    <message>
        <source>Models (*.safetensors *.pt *.pth *.bin *.ckpt);;All files (*)</source>
        <translation>Modelos (*.safetensors *.pt *.pth *.bin *.ckpt);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Compare with checkpoints of one run</source>
        <translation>Comparar con los checkpoints de un entrenamiento</translation>
    </message>
    <message>
        <source>Checkpoint %1 of %2: %3</source>
        <translation>Checkpoint %1 de %2: %3</translation>
    </message>
    <message>
        <source>Choose B: type a second text, or compare with another model of the same shape.</source>
        <translation>Elige B: escribe un segundo texto o compara con otro modelo de la misma forma.</translation>
    </message>
    <message numerus="yes">
        <source>A: %1 · %n token(s)</source>
        <translation>
            <numerusform>A: %1 · %n token</numerusform>
            <numerusform>A: %1 · %n tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>B: %1 · %n token(s)</source>
        <translation>
            <numerusform>B: %1 · %n token</numerusform>
            <numerusform>B: %1 · %n tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The difference covers the first %n position(s).</source>
        <translation>
            <numerusform>La diferencia solo abarca la primera posición.</numerusform>
            <numerusform>La diferencia abarca las primeras %n posiciones.</numerusform>
        </translation>
    </message>
    <message>
        <source>Text B is longer than the model&apos;s context: only its last %1 tokens are used (%2 dropped).</source>
        <translation>El texto B es más largo que el contexto del modelo: solo se usan sus últimos %1 tokens (%2 descartados).</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>The input is not valid.</source>
        <translation>La entrada no es válida.</translation>
    </message>
    <message>
        <source>The file could not be read or written.</source>
        <translation>No se pudo leer o escribir el archivo.</translation>
    </message>
    <message>
        <source>This is not a model format AttnScope can read.</source>
        <translation>AttnScope no puede leer este formato de modelo.</translation>
    </message>
    <message>
        <source>The file is damaged or inconsistent.</source>
        <translation>El archivo está dañado o es incoherente.</translation>
    </message>
    <message>
        <source>The file is truncated.</source>
        <translation>El archivo está truncado.</translation>
    </message>
    <message>
        <source>The file stores numbers in a type AttnScope cannot read.</source>
        <translation>El archivo guarda los números en un tipo que AttnScope no puede leer.</translation>
    </message>
    <message>
        <source>A tensor in the file has the wrong shape for this model.</source>
        <translation>Un tensor del archivo no tiene la forma correcta para este modelo.</translation>
    </message>
    <message>
        <source>A tensor the model needs is missing from the file.</source>
        <translation>Falta en el archivo un tensor que el modelo necesita.</translation>
    </message>
    <message>
        <source>The file holds a tensor this model does not use.</source>
        <translation>El archivo contiene un tensor que este modelo no usa.</translation>
    </message>
    <message>
        <source>The file names the same tensor twice.</source>
        <translation>El archivo nombra dos veces el mismo tensor.</translation>
    </message>
    <message>
        <source>The file asks for more memory than any model needs; it was not loaded.</source>
        <translation>El archivo pide más memoria de la que necesita cualquier modelo; no se ha cargado.</translation>
    </message>
    <message>
        <source>The checkpoint tries to run code; AttnScope never runs code from files.</source>
        <translation>El checkpoint intenta ejecutar código; AttnScope nunca ejecuta código procedente de archivos.</translation>
    </message>
    <message>
        <source>The text is longer than the model&apos;s context.</source>
        <translation>El texto es más largo que el contexto del modelo.</translation>
    </message>
    <message>
        <source>There is nothing to run: type some text.</source>
        <translation>No hay nada que calcular: escribe algún texto.</translation>
    </message>
    <message>
        <source>The text is not valid UTF-8.</source>
        <translation>El texto no es UTF-8 válido.</translation>
    </message>
    <message>
        <source>No tokenizer was found for this model.</source>
        <translation>No se ha encontrado ningún tokenizador para este modelo.</translation>
    </message>
    <message>
        <source>The tokenizer file could not be read; the model itself is fine.</source>
        <translation>No se pudo leer el archivo del tokenizador; el modelo en sí está bien.</translation>
    </message>
    <message>
        <source>The run was cancelled.</source>
        <translation>Se ha cancelado el cálculo.</translation>
    </message>
    <message>
        <source>This would take far too long to compute for a text this long.</source>
        <translation>Calcular esto para un texto tan largo llevaría demasiado tiempo.</translation>
    </message>
    <message>
        <source>Something went wrong.</source>
        <translation>Algo ha salido mal.</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export preview</source>
        <translation>Vista previa de la exportación</translation>
    </message>
    <message>
        <source>No figure yet.</source>
        <translation>Aún no hay figura.</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportar</translation>
    </message>
    <message>
        <source>PNG image</source>
        <translation>Imagen PNG</translation>
    </message>
    <message>
        <source>SVG vector figure</source>
        <translation>Figura vectorial SVG</translation>
    </message>
    <message>
        <source>PDF vector figure</source>
        <translation>Figura vectorial PDF</translation>
    </message>
    <message>
        <source>CSV: one head&apos;s matrix</source>
        <translation>CSV: la matriz de una cabeza</translation>
    </message>
    <message>
        <source>NPY: numpy array (+ tokens)</source>
        <translation>NPY: array de NumPy (+ tokens)</translation>
    </message>
    <message>
        <source>JSON: tokens, shapes and weights</source>
        <translation>JSON: tokens, formas y pesos</translation>
    </message>
    <message>
        <source> dpi</source>
        <translation> ppp</translation>
    </message>
    <message>
        <source> in</source>
        <translation> pulg</translation>
    </message>
    <message>
        <source>&amp;Keep proportions</source>
        <translation>&amp;Mantener proporciones</translation>
    </message>
    <message>
        <source>&amp;Natural size</source>
        <translation>Tamaño &amp;natural</translation>
    </message>
    <message>
        <source>Embedded image</source>
        <translation>Imagen incrustada</translation>
    </message>
    <message>
        <source>One rectangle per cell</source>
        <translation>Un rectángulo por celda</translation>
    </message>
    <message>
        <source>How SVG and PDF hold a heatmap: one image, or a vector rectangle for every cell.</source>
        <translation>Cómo guardan SVG y PDF un mapa de calor: una sola imagen o un rectángulo vectorial por celda.</translation>
    </message>
    <message>
        <source> pt</source>
        <translation> pt</translation>
    </message>
    <message>
        <source>&amp;Title</source>
        <translation>Títu&amp;lo</translation>
    </message>
    <message>
        <source>Colour &amp;bar</source>
        <translation>&amp;Barra de colores</translation>
    </message>
    <message>
        <source>R&amp;un note</source>
        <translation>Nota de &amp;ejecución</translation>
    </message>
    <message>
        <source>A line under the figure naming bidirectional attention and ablated heads, when the run had either.</source>
        <translation>Una línea bajo la figura que indica la atención bidireccional y las cabezas desactivadas, si la ejecución tuvo alguna de las dos.</translation>
    </message>
    <message>
        <source>one row per layer</source>
        <translation>una fila por capa</translation>
    </message>
    <message>
        <source>all layers</source>
        <translation>todas las capas</translation>
    </message>
    <message>
        <source>Layers to show, e.g. 0,2; empty for every layer.</source>
        <translation>Capas que mostrar, p. ej. 0,2; vacío para todas las capas.</translation>
    </message>
    <message>
        <source>Also save the figure &amp;recipe (.recipe.json)</source>
        <translation>Guardar &amp;también la receta de la figura (.recipe.json)</translation>
    </message>
    <message>
        <source>Model, hash, text, view and style, so that “attnscope-cli export --recipe” draws the identical figure again.</source>
        <translation>Modelo, hash, texto, vista y estilo, para que «attnscope-cli export --recipe» vuelva a dibujar la misma figura.</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Formato:</translation>
    </message>
    <message>
        <source>Resolut&amp;ion:</source>
        <translation>&amp;Resolución:</translation>
    </message>
    <message>
        <source>Si&amp;ze:</source>
        <translation>T&amp;amaño:</translation>
    </message>
    <message>
        <source>&amp;Heatmap cells:</source>
        <translation>&amp;Celdas del mapa:</translation>
    </message>
    <message>
        <source>F&amp;ont size:</source>
        <translation>Tamaño de f&amp;uente:</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>Mostrar:</translation>
    </message>
    <message>
        <source>&amp;Columns:</source>
        <translation>C&amp;olumnas:</translation>
    </message>
    <message>
        <source>&amp;Layers:</source>
        <translation>Ca&amp;pas:</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>&amp;Guardar…</translation>
    </message>
    <message>
        <source>Cop&amp;y image</source>
        <translation>Cop&amp;iar imagen</translation>
    </message>
    <message>
        <source>%1 × %2 pixels</source>
        <translation>%1 × %2 píxeles</translation>
    </message>
    <message>
        <source>%1 × %2 mm</source>
        <translation>%1 × %2 mm</translation>
    </message>
    <message>
        <source>%1 × %2 pixels is past the limit of %3 million: choose a smaller size or DPI, or SVG or PDF.</source>
        <translation>%1 × %2 píxeles supera el límite de %3 millones: elige un tamaño o una resolución menor, o SVG o PDF.</translation>
    </message>
    <message>
        <source>CSV holds one head&apos;s matrix; choose NPY or JSON for several heads.</source>
        <translation>CSV guarda la matriz de una sola cabeza; elige NPY o JSON para varias cabezas.</translation>
    </message>
    <message>
        <source>Writes %1 of shape (%2) as float32, with the token strings.</source>
        <translation>Escribe «%1», de forma (%2), como float32, con el texto de los tokens.</translation>
    </message>
    <message>
        <source>A random model has no file, so no recipe can name it; save the model to export a recipe.</source>
        <translation>Un modelo aleatorio no tiene archivo, así que ninguna receta puede nombrarlo; guarda el modelo para exportar una receta.</translation>
    </message>
    <message>
        <source>The model is still running on the latest text; the export waits for it.</source>
        <translation>El modelo aún está calculando con el último texto; la exportación lo espera.</translation>
    </message>
    <message>
        <source>There is nothing to export yet: the model has not run.</source>
        <translation>Aún no hay nada que exportar: el modelo no se ha ejecutado.</translation>
    </message>
    <message>
        <source>Writing “%1”…</source>
        <translation>Escribiendo «%1»…</translation>
    </message>
    <message>
        <source>Export cancelled: “%1” was not written.</source>
        <translation>Exportación cancelada: «%1» no se ha escrito.</translation>
    </message>
    <message>
        <source>AttnScope could not export “%1”.

%2</source>
        <translation>AttnScope no pudo exportar «%1».

%2</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>Archivos %1 (*.%2)</translation>
    </message>
    <message>
        <source>“%1” already exists. Replace it?</source>
        <translation>«%1» ya existe. ¿Reemplazarlo?</translation>
    </message>
    <message>
        <source>Copy image</source>
        <translation>Copiar imagen</translation>
    </message>
    <message>
        <source>AttnScope could not copy the figure.

%1</source>
        <translation>AttnScope no pudo copiar la figura.

%1</translation>
    </message>
    <message>
        <source>This figure cannot be exported as %1. The Format list shows what it can be exported as.</source>
        <translation>Esta figura no se puede exportar como %1. La lista Formato muestra cómo se puede exportar.</translation>
    </message>
</context>
<context>
    <name>GenerateDialog</name>
    <message>
        <source>Generate</source>
        <translation>Generar</translation>
    </message>
    <message>
        <source>G&amp;reedy: always the most probable token</source>
        <translation>&amp;Voraz: siempre el token más probable</translation>
    </message>
    <message>
        <source>Sa&amp;mpled with a seed</source>
        <translation>&amp;Muestreo con semilla</translation>
    </message>
    <message>
        <source>every token</source>
        <translation>todos los tokens</translation>
    </message>
    <message>
        <source>Go on past the &amp;end-of-text token</source>
        <translation>Seguir tras el token de &amp;fin de texto</translation>
    </message>
    <message>
        <source>&amp;New tokens:</source>
        <translation>Tokens &amp;nuevos:</translation>
    </message>
    <message>
        <source>&amp;Temperature:</source>
        <translation>&amp;Temperatura:</translation>
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
        <translation>&amp;Semilla:</translation>
    </message>
    <message>
        <source>&amp;Generate</source>
        <translation>&amp;Generar</translation>
    </message>
</context>
<context>
    <name>GenerationBar</name>
    <message>
        <source>Generation step</source>
        <translation>Paso de generación</translation>
    </message>
    <message>
        <source>Every view shows the run as it was when this step&apos;s token was chosen</source>
        <translation>Cada vista muestra el cálculo tal como estaba cuando se eligió el token de este paso</translation>
    </message>
    <message>
        <source>Step through the generation (arrow keys, Home, End)</source>
        <translation>Recorrer la generación paso a paso (flechas, Home, End)</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Reproducir</translation>
    </message>
    <message>
        <source>Step through the generation a token at a time</source>
        <translation>Recorrer la generación token a token</translation>
    </message>
    <message numerus="yes">
        <source>Generating: %n token(s)…</source>
        <translation>
            <numerusform>Generando: %n token…</numerusform>
            <numerusform>Generando: %n tokens…</numerusform>
        </translation>
    </message>
    <message>
        <source>Esc stops</source>
        <translation>Esc para detener</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>Paso %1 de %2</translation>
    </message>
    <message numerus="yes">
        <source>All %n new token(s)</source>
        <translation>
            <numerusform>%n token nuevo</numerusform>
            <numerusform>Todos los %n tokens nuevos</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped after the tokens asked for</source>
        <translation>Detenida tras los tokens pedidos</translation>
    </message>
    <message>
        <source>Stopped at the end-of-text token</source>
        <translation>Detenida en el token de fin de texto</translation>
    </message>
    <message>
        <source>Stopped at the end of the model&apos;s context</source>
        <translation>Detenida al final del contexto del modelo</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Detenida</translation>
    </message>
    <message>
        <source>%1 · %2 tokens/s</source>
        <translation>%1 · %2 tokens/s</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausa</translation>
    </message>
</context>
<context>
    <name>GuideDialog</name>
    <message>
        <source>Before attention and before the MLP every block normalises each token&apos;s vector. This model uses &lt;b&gt;RMSNorm&lt;/b&gt;: x / √(mean(x²) + ε) · w, with ε = %1. LayerNorm (GPT-2) first subtracts the vector&apos;s mean and divides by its standard deviation, (x − mean) / √(var + ε) · w + b; RMSNorm leaves out the mean and the bias b and only scales the vector to a root mean square of 1 before multiplying by the learned weights w. The trace&apos;s ln1, ln2 and ln_f hold the RMSNorm outputs.</source>
        <translation>Antes de la atención y antes del MLP, cada bloque normaliza el vector de cada token. Este modelo usa &lt;b&gt;RMSNorm&lt;/b&gt;: x / √(mean(x²) + ε) · w, con ε = %1. LayerNorm (GPT-2) primero resta la media del vector y divide entre su desviación típica, (x − mean) / √(var + ε) · w + b; RMSNorm prescinde de la media y del sesgo b y solo escala el vector a una media cuadrática de 1 antes de multiplicarlo por los pesos aprendidos w. ln1, ln2 y ln_f de la traza contienen las salidas de RMSNorm.</translation>
    </message>
    <message>
        <source>This model also applies an RMSNorm to each head&apos;s q and k (over the head size), before RoPE, which keeps the scores within a steady range.</source>
        <translation>Este modelo aplica además una RMSNorm a q y k de cada cabeza (sobre el tamaño de cabeza), antes de RoPE, lo que mantiene las puntuaciones en un rango estable.</translation>
    </message>
    <message>
        <source>RMSNorm instead of LayerNorm</source>
        <translation>RMSNorm en lugar de LayerNorm</translation>
    </message>
    <message>
        <source>Of each head&apos;s %1 dimensions, &lt;b&gt;%2&lt;/b&gt; are rotated</source>
        <translation>De las %1 dimensiones de cada cabeza, &lt;b&gt;%2&lt;/b&gt; se rotan</translation>
    </message>
    <message>
        <source> (partial rotary: %1% of the head size, %2 × %3 = %4); the other %5 pass through unchanged</source>
        <translation> (rotación parcial: %1 % del tamaño de cabeza, %2 × %3 = %4); las otras %5 pasan sin cambios</translation>
    </message>
    <message>
        <source>This model has no table of position vectors (embed.position is zero): positions enter through &lt;b&gt;rotary position embeddings&lt;/b&gt; (RoPE). After the projections, each head&apos;s query and key are turned by angles that grow with the token&apos;s position. %1.</source>
        <translation>Este modelo no tiene una tabla de vectores de posición (embed.position es cero): las posiciones entran mediante &lt;b&gt;embeddings de posición rotatorios&lt;/b&gt; (RoPE). Tras las proyecciones, la consulta y la clave de cada cabeza se giran unos ángulos que crecen con la posición del token. %1.</translation>
    </message>
    <message>
        <source>The rotated dimensions are split into two halves, x₁ (the first %1) and x₂ (the next %1); rotate_half(x) = (−x₂, x₁), and a token at position p gets q′ = q · cos(p·f) + rotate_half(q) · sin(p·f), the same for k. So each pair (x[i], x[i + %1]) turns in its own plane by the angle p · f&lt;sub&gt;i&lt;/sub&gt;, with f&lt;sub&gt;i&lt;/sub&gt; = 1 / rope_theta&lt;sup&gt;2i/%2&lt;/sup&gt; for i = 0 … %3. Here &lt;b&gt;rope_theta = %4&lt;/b&gt;: the fastest pair turns 1 radian per token (a full turn every 6.3 tokens), the slowest %5 radians per token (a full turn every %6 tokens)%7.</source>
        <translation>Las dimensiones rotadas se dividen en dos mitades, x₁ (las primeras %1) y x₂ (las %1 siguientes); rotate_half(x) = (−x₂, x₁), y un token en la posición p recibe q′ = q · cos(p·f) + rotate_half(q) · sin(p·f), y lo mismo para k. Así, cada par (x[i], x[i + %1]) gira en su propio plano un ángulo p · f&lt;sub&gt;i&lt;/sub&gt;, con f&lt;sub&gt;i&lt;/sub&gt; = 1 / rope_theta&lt;sup&gt;2i/%2&lt;/sup&gt; para i = 0 … %3. Aquí &lt;b&gt;rope_theta = %4&lt;/b&gt;: el par más rápido gira 1 radián por token (una vuelta completa cada 6,3 tokens) y el más lento %5 radianes por token (una vuelta completa cada %6 tokens)%7.</translation>
    </message>
    <message>
        <source>, before the scaling below</source>
        <translation>, antes del escalado que se describe abajo</translation>
    </message>
    <message>
        <source>Why this encodes &lt;i&gt;relative&lt;/i&gt; position: a rotation keeps lengths and only changes angles. A query at position m is turned by m·f&lt;sub&gt;i&lt;/sub&gt;, a key at position n by n·f&lt;sub&gt;i&lt;/sub&gt;, so in their dot product only the difference (m − n)·f&lt;sub&gt;i&lt;/sub&gt; is left. A score q′ · k′ therefore depends on what the two tokens are and on how far apart they are, not on where they stand in the text; the fast pairs tell near distances apart, the slow pairs far ones.</source>
        <translation>Por qué esto codifica la posición &lt;i&gt;relativa&lt;/i&gt;: una rotación conserva las longitudes y solo cambia los ángulos. Una consulta en la posición m se gira m·f&lt;sub&gt;i&lt;/sub&gt; y una clave en la posición n se gira n·f&lt;sub&gt;i&lt;/sub&gt;, así que en su producto escalar solo queda la diferencia (m − n)·f&lt;sub&gt;i&lt;/sub&gt;. Por tanto, una puntuación q′ · k′ depende de qué tokens son y de lo lejos que están entre sí, no de dónde están en el texto; los pares rápidos distinguen las distancias cortas y los lentos, las largas.</translation>
    </message>
    <message>
        <source>&lt;b&gt;rope_scaling: linear&lt;/b&gt;, factor %1: every frequency is divided by %1, as if the positions were %1 times closer together, so %1 times as many tokens fit into the angles the model was trained on.</source>
        <translation>&lt;b&gt;rope_scaling: linear&lt;/b&gt;, factor %1: cada frecuencia se divide entre %1, como si las posiciones estuvieran %1 veces más juntas, de modo que caben %1 veces más tokens en los ángulos con los que se entrenó el modelo.</translation>
    </message>
    <message>
        <source>&lt;b&gt;rope_scaling: llama3&lt;/b&gt; (factor %1, low_freq_factor %2, high_freq_factor %3, original_max_position_embeddings %4): frequencies whose wavelength 2π / f is longer than %4 / %2 = %5 tokens are divided by %1, those shorter than %4 / %3 = %6 tokens are kept, and those in between are blended between the two. Here %7 of the %8 frequencies change.</source>
        <translation>&lt;b&gt;rope_scaling: llama3&lt;/b&gt; (factor %1, low_freq_factor %2, high_freq_factor %3, original_max_position_embeddings %4): las frecuencias cuya longitud de onda 2π / f supera %4 / %2 = %5 tokens se dividen entre %1, las de menos de %4 / %3 = %6 tokens se mantienen, y las intermedias se interpolan entre ambos casos. Aquí cambian %7 de las %8 frecuencias.</translation>
    </message>
    <message>
        <source>The q and k that the scores are made from, and that the trace keeps (blk.L.attn.q and .k in the Shape flow&apos;s tensor list), are after RoPE%1; so Head detail&apos;s raw scores and weights already include the positions.</source>
        <translation>Las q y k a partir de las que se calculan las puntuaciones, y que conserva la traza (blk.L.attn.q y .k en la lista de tensores del flujo de formas), son posteriores a RoPE%1; por eso las puntuaciones brutas y los pesos del detalle de cabeza ya incluyen las posiciones.</translation>
    </message>
    <message>
        <source> (and after the q/k RMSNorm)</source>
        <translation> (y a la RMSNorm de q/k)</translation>
    </message>
    <message>
        <source>Positions: rotary embeddings (RoPE)</source>
        <translation>Posiciones: embeddings rotatorios (RoPE)</translation>
    </message>
    <message>
        <source>H%1–H%2 read KV head %3</source>
        <translation>H%1–H%2 leen la cabeza KV %3</translation>
    </message>
    <message>
        <source>The &lt;b&gt;n_head = %1&lt;/b&gt; query heads share &lt;b&gt;n_kv_head = %2&lt;/b&gt; key/value heads. The key and value projections make only %2 heads, (T, n_kv_head × head_size) = (%3, %4), while the queries are (%3, %5). Each KV head serves a group of n_head / n_kv_head = &lt;b&gt;%6&lt;/b&gt; neighbouring query heads: query head h reads KV head h / %6, rounded down (%7).</source>
        <translation>Las &lt;b&gt;n_head = %1&lt;/b&gt; cabezas de consulta comparten &lt;b&gt;n_kv_head = %2&lt;/b&gt; cabezas de clave/valor. Las proyecciones de claves y valores producen solo %2 cabezas, (T, n_kv_head × head_size) = (%3, %4), mientras que las consultas son (%3, %5). Cada cabeza KV sirve a un grupo de n_head / n_kv_head = &lt;b&gt;%6&lt;/b&gt; cabezas de consulta vecinas: la cabeza de consulta h lee la cabeza KV h / %6, redondeado hacia abajo (%7).</translation>
    </message>
    <message>
        <source>&lt;b&gt;repeat_kv&lt;/b&gt; copies each KV head %1 times, (n_kv_head, T, head_size) → (n_head, T, head_size), and from there attention runs as with one key and value per head. The heads of a group see the same keys and values but ask their own queries, so their weights still differ. The trace keeps k and v after repeat_kv; the Heads grid draws each group under a “KV” header, and Head detail names the KV head.</source>
        <translation>&lt;b&gt;repeat_kv&lt;/b&gt; copia cada cabeza KV %1 veces, (n_kv_head, T, head_size) → (n_head, T, head_size), y a partir de ahí la atención funciona como con una clave y un valor por cabeza. Las cabezas de un grupo ven las mismas claves y valores pero hacen sus propias consultas, así que sus pesos siguen siendo distintos. La traza conserva k y v tras repeat_kv; la cuadrícula de cabezas dibuja cada grupo bajo un encabezado «KV», y el detalle de cabeza indica la cabeza KV.</translation>
    </message>
    <message>
        <source>What this saves is the &lt;b&gt;KV cache&lt;/b&gt;, the keys and values a model keeps for every past token while it generates: per token %1 layers × 2 (k and v) × %2 KV heads × head_size %3 = &lt;b&gt;%4&lt;/b&gt; numbers, where one key and value per query head would need %5, %6 times as many. In 16-bit floats that is %7 instead of %8 per token, and %9 instead of %10 for the full context of %11 tokens.</source>
        <translation>Lo que esto ahorra es la &lt;b&gt;caché KV&lt;/b&gt;, las claves y valores que un modelo guarda de cada token pasado mientras genera: por token, %1 capas × 2 (k y v) × %2 cabezas KV × head_size %3 = &lt;b&gt;%4&lt;/b&gt; números, frente a los %5 que harían falta con una clave y un valor por cabeza de consulta, %6 veces más. En coma flotante de 16 bits son %7 en lugar de %8 por token, y %9 en lugar de %10 para el contexto completo de %11 tokens.</translation>
    </message>
    <message>
        <source>Grouped-query attention (GQA)</source>
        <translation>Atención de consultas agrupadas (GQA)</translation>
    </message>
    <message>
        <source>Each query sees at most its last &lt;b&gt;sliding_window = %1&lt;/b&gt; keys, itself included: key k is allowed for query q when q − %1 &lt; k ≤ q. Keys farther back are masked like the future ones (the Mask view draws the band and its title names the window). Earlier tokens still reach it through the layers: each layer passes information up to %2 positions on, so after %3 layers up to %4 positions back.</source>
        <translation>Cada consulta ve como mucho sus últimas &lt;b&gt;sliding_window = %1&lt;/b&gt; claves, incluida ella misma: la clave k está permitida para la consulta q cuando q − %1 &lt; k ≤ q. Las claves más lejanas se enmascaran como las futuras (la vista Máscara dibuja la banda y su título indica la ventana). Los tokens anteriores aún la alcanzan a través de las capas: cada capa transmite información hasta %2 posiciones más allá, así que tras %3 capas, hasta %4 posiciones hacia atrás.</translation>
    </message>
    <message>
        <source>With the causal mask, the window leaves %1 of your %2 × %2 pairs.</source>
        <translation>Con la máscara causal, la ventana deja %1 de tus %2 × %2 pares.</translation>
    </message>
    <message>
        <source>Sliding-window attention</source>
        <translation>Atención de ventana deslizante</translation>
    </message>
    <message>
        <source>After attention each token goes through the MLP on its own. Here it is gated: &lt;b&gt;down(%1(gate(x)) * up(x))&lt;/b&gt;. gate and up each map the token&apos;s %2 numbers to &lt;b&gt;%3&lt;/b&gt; (intermediate_size); %4 is applied to the gate, and the two are multiplied element by element, so the gate decides how much of each up feature passes; down maps the %3 back to %2. That is three %2 × %3 matrices (%5 weights per layer) where GPT-2&apos;s MLP has two. In the trace, mlp.hidden is gate(x) and mlp.act is %1(gate(x)) * up(x).</source>
        <translation>Tras la atención, cada token pasa por separado por el MLP. Aquí lleva compuerta (gated): &lt;b&gt;down(%1(gate(x)) * up(x))&lt;/b&gt;. gate y up llevan cada una los %2 números del token a &lt;b&gt;%3&lt;/b&gt; (intermediate_size); %4 se aplica a gate, y ambos resultados se multiplican elemento a elemento, de modo que gate decide cuánto pasa de cada característica de up; down devuelve los %3 a %2. Son tres matrices %2 × %3 (%5 pesos por capa) donde el MLP de GPT-2 tiene dos. En la traza, mlp.hidden es gate(x) y mlp.act es %1(gate(x)) * up(x).</translation>
    </message>
    <message>
        <source>silu(z) = z · sigmoid(z)</source>
        <translation>silu(z) = z · sigmoid(z)</translation>
    </message>
    <message>
        <source>The gated MLP (SwiGLU)</source>
        <translation>El MLP con compuerta (SwiGLU)</translation>
    </message>
    <message>
        <source>The gated MLP</source>
        <translation>El MLP con compuerta</translation>
    </message>
    <message>
        <source>Guide: how attention works</source>
        <translation>Guía: cómo funciona la atención</translation>
    </message>
    <message>
        <source>Guide</source>
        <translation>Guía</translation>
    </message>
    <message>
        <source>How attention works in this model</source>
        <translation>Cómo funciona la atención en este modelo</translation>
    </message>
    <message>
        <source>No model is open. Open one (File ▸ Open model…) or make a random one (File ▸ New random model…) and this guide fills in its numbers.</source>
        <translation>No hay ningún modelo abierto. Abre uno (Archivo ▸ Abrir modelo…) o crea uno aleatorio (Archivo ▸ Nuevo modelo aleatorio…) y esta guía se rellenará con sus valores.</translation>
    </message>
    <message>
        <source>Your model has &lt;b&gt;n_layer = %1&lt;/b&gt; layers, each with &lt;b&gt;n_head = %2&lt;/b&gt; attention heads. Every token is a vector of &lt;b&gt;n_embed = %3&lt;/b&gt; numbers; the config sets the &lt;b&gt;head size&lt;/b&gt; itself, &lt;b&gt;head_dim = %4&lt;/b&gt;, so the heads side by side are n_head × head_dim = %5 wide rather than n_embed. </source>
        <translation>Tu modelo tiene &lt;b&gt;n_layer = %1&lt;/b&gt; capas, cada una con &lt;b&gt;n_head = %2&lt;/b&gt; cabezas de atención. Cada token es un vector de &lt;b&gt;n_embed = %3&lt;/b&gt; números; la configuración fija el propio &lt;b&gt;tamaño de cabeza&lt;/b&gt;, &lt;b&gt;head_dim = %4&lt;/b&gt;, así que las cabezas una junto a otra ocupan n_head × head_dim = %5 en lugar de n_embed. </translation>
    </message>
    <message>
        <source>Your model has &lt;b&gt;n_layer = %1&lt;/b&gt; layers, each with &lt;b&gt;n_head = %2&lt;/b&gt; attention heads. Every token is a vector of &lt;b&gt;n_embed = %3&lt;/b&gt; numbers, and each head works on its own slice of them: the &lt;b&gt;head size&lt;/b&gt; is n_embed / n_head = %3 / %2 = &lt;b&gt;%4&lt;/b&gt;. </source>
        <translation>Tu modelo tiene &lt;b&gt;n_layer = %1&lt;/b&gt; capas, cada una con &lt;b&gt;n_head = %2&lt;/b&gt; cabezas de atención. Cada token es un vector de &lt;b&gt;n_embed = %3&lt;/b&gt; números, y cada cabeza trabaja sobre su propia porción de ellos: el &lt;b&gt;tamaño de cabeza&lt;/b&gt; es n_embed / n_head = %3 / %2 = &lt;b&gt;%4&lt;/b&gt;. </translation>
    </message>
    <message>
        <source>Your text is &lt;b&gt;T = %1&lt;/b&gt; tokens long.</source>
        <translation>Tu texto tiene &lt;b&gt;T = %1&lt;/b&gt; tokens.</translation>
    </message>
    <message>
        <source>Type some text to see T, the number of tokens, filled in.</source>
        <translation>Escribe algún texto para ver aquí T, el número de tokens.</translation>
    </message>
    <message>
        <source>Query, key and value</source>
        <translation>Consulta, clave y valor</translation>
    </message>
    <message>
        <source>A layer receives the text as a matrix x of shape (T, n_embed) = %1. Three linear maps turn it into the &lt;b&gt;queries&lt;/b&gt; (what each token is looking for), the &lt;b&gt;keys&lt;/b&gt; (what each token offers to be found by) and the &lt;b&gt;values&lt;/b&gt; (what it passes on when found). Each is again %1, split into the heads: (T, n_embed) → (n_head, T, head_size), here %1 → %2.</source>
        <translation>Una capa recibe el texto como una matriz x de forma (T, n_embed) = %1. Tres aplicaciones lineales la convierten en las &lt;b&gt;consultas&lt;/b&gt; (queries: lo que busca cada token), las &lt;b&gt;claves&lt;/b&gt; (keys: lo que ofrece cada token para ser encontrado) y los &lt;b&gt;valores&lt;/b&gt; (values: lo que transmite cuando lo encuentran). Cada una vuelve a ser %1 y se reparte entre las cabezas: (T, n_embed) → (n_head, T, head_size), aquí %1 → %2.</translation>
    </message>
    <message>
        <source>(Here the projections make n_head × head_dim = %1 numbers per token, not n_embed: %2 → %3.)</source>
        <translation>(Aquí las proyecciones producen n_head × head_dim = %1 números por token, no n_embed: %2 → %3.)</translation>
    </message>
    <message>
        <source>Keys and values have fewer heads here; see Grouped-query attention below.</source>
        <translation>Aquí las claves y los valores tienen menos cabezas; mira la sección Atención de consultas agrupadas, más abajo.</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>Puntuaciones</translation>
    </message>
    <message>
        <source>In each head every query is compared with every key: score = q · k / √head_size. That is one number per (query, key) pair, %1 for all heads of a layer. Dividing by √%2 = %3 keeps the scores from growing with the head size. Head detail ▸ Show ▸ Raw scores draws them.</source>
        <translation>En cada cabeza, cada consulta se compara con cada clave: puntuación = q · k / √head_size. Es un número por par (consulta, clave), %1 para todas las cabezas de una capa. Dividir entre √%2 = %3 evita que las puntuaciones crezcan con el tamaño de cabeza. Detalle ▸ Mostrar ▸ Puntuaciones brutas las dibuja.</translation>
    </message>
    <message>
        <source>The causal mask</source>
        <translation>La máscara causal</translation>
    </message>
    <message>
        <source>A causal model may only look back: token t sees tokens 0 … t and never the ones after it. The scores above the diagonal are set to −∞ before the softmax, so their weights are exactly 0 (grey in the views; the Mask view shows the mask, and Run ▸ Causal attention turns it off).</source>
        <translation>Un modelo causal solo puede mirar hacia atrás: el token t ve los tokens 0 … t y nunca los posteriores. Las puntuaciones por encima de la diagonal se ponen a −∞ antes de la softmax, así que sus pesos son exactamente 0 (en gris en las vistas; la vista Máscara muestra la máscara, y Ejecución ▸ Atención causal la desactiva).</translation>
    </message>
    <message>
        <source>Of your %1 × %1 = %2 pairs, %3 are allowed.</source>
        <translation>De tus %1 × %1 = %2 pares, %3 están permitidos.</translation>
    </message>
    <message>
        <source>Softmax: the attention weights</source>
        <translation>Softmax: los pesos de atención</translation>
    </message>
    <message>
        <source>Each query&apos;s row of scores goes through a softmax: every weight becomes positive and the row sums to 1. These weights are what the Heads grid and Head detail draw: one row per query, one column per key, %1 numbers per layer.</source>
        <translation>La fila de puntuaciones de cada consulta pasa por una softmax: cada peso se vuelve positivo y la fila suma 1. Estos pesos son los que dibujan la cuadrícula de cabezas y el detalle de cabeza: una fila por consulta, una columna por clave, %1 números por capa.</translation>
    </message>
    <message>
        <source>What a head passes on</source>
        <translation>Lo que transmite una cabeza</translation>
    </message>
    <message>
        <source>Each head mixes the values with its weights, giving %1; the heads are joined again, (n_head, T, head_size) → (T, n_embed) = %2, and a last linear map (the projection) adds the result to the token&apos;s vector. Ablating a head (Run ▸ Ablate selected head) sets its part to zero.</source>
        <translation>Cada cabeza mezcla los valores con sus pesos, lo que da %1; las cabezas se vuelven a unir, (n_head, T, head_size) → (T, n_embed) = %2, y una última aplicación lineal (la proyección) suma el resultado al vector del token. Desactivar una cabeza (Ejecución ▸ Desactivar cabeza seleccionada) pone a cero su aportación.</translation>
    </message>
    <message>
        <source>(Here the joined heads are %1, and the projection maps them back to n_embed = %2.)</source>
        <translation>(Aquí las cabezas unidas son %1, y la proyección las devuelve a n_embed = %2.)</translation>
    </message>
    <message>
        <source>Reading the views</source>
        <translation>Cómo leer las vistas</translation>
    </message>
    <message>
        <source>Heads grid: %1 tiles, one row per layer (L0 … L%2) and one column per head (H0 … H%3); hover a tile for its strongest key. Head detail: one head&apos;s full map, query down the side, key along the top; zoom with the wheel, type in “Go to token” to find a token.</source>
        <translation>Cuadrícula de cabezas: %1 miniaturas, una fila por capa (L0 … L%2) y una columna por cabeza (H0 … H%3); pasa el ratón sobre una miniatura para ver su clave más fuerte. Detalle de cabeza: el mapa completo de una cabeza, consultas en el lateral y claves arriba; haz zoom con la rueda y escribe en «Ir al token» para encontrar un token.</translation>
    </message>
</context>
<context>
    <name>HeadDetailView</name>
    <message>
        <source>Head detail</source>
        <translation>Detalle de cabeza</translation>
    </message>
    <message>
        <source>Go to token (Ctrl+F)</source>
        <translation>Ir al token (Ctrl+F)</translation>
    </message>
    <message>
        <source>Go to token</source>
        <translation>Ir al token</translation>
    </message>
    <message>
        <source>Go to token result</source>
        <translation>Resultado de «Ir al token»</translation>
    </message>
    <message>
        <source>query %1 “%2” → key %3 “%4”   weight %5</source>
        <translation>consulta %1 «%2» → clave %3 «%4»   peso %5</translation>
    </message>
    <message>
        <source>knocked out</source>
        <translation>bloqueada</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>enmascarada</translation>
    </message>
    <message>
        <source>query %1 “%2” → key %3 “%4”   weight %5   score %6</source>
        <translation>consulta %1 «%2» → clave %3 «%4»   peso %5   puntuación %6</translation>
    </message>
    <message>
        <source>No text has been run yet.</source>
        <translation>Aún no se ha calculado ningún texto.</translation>
    </message>
    <message>
        <source>Selected cell: query %1 “%2”, key %3 “%4”, weight %5.</source>
        <translation>Celda seleccionada: consulta %1 «%2», clave %3 «%4», peso %5.</translation>
    </message>
    <message>
        <source>Type some text to see this head.</source>
        <translation>Escribe algún texto para ver esta cabeza.</translation>
    </message>
    <message>
        <source>token %1 · match %2 of %3</source>
        <translation>token %1 · coincidencia %2 de %3</translation>
    </message>
    <message>
        <source>no token contains “%1”</source>
        <translation>ningún token contiene «%1»</translation>
    </message>
    <message>
        <source>Block edge %1→%2 in this head</source>
        <translation>Bloquear la arista %1→%2 en esta cabeza</translation>
    </message>
    <message>
        <source>Block edge %1→%2 in every head of layer %3</source>
        <translation>Bloquear la arista %1→%2 en todas las cabezas de la capa %3</translation>
    </message>
    <message>
        <source>Block every edge into key %1 (all layers and heads)</source>
        <translation>Bloquear todas las aristas hacia la clave %1 (todas las capas y cabezas)</translation>
    </message>
    <message>
        <source>Clear knockouts (%1)</source>
        <translation>Quitar los knockouts (%1)</translation>
    </message>
    <message>
        <source>   norm %1</source>
        <translation>   norma %1</translation>
    </message>
    <message>
        <source>Type text to find it in the tokens, even across several; Enter selects the next match as the query.</source>
        <translation>Escriba un texto para encontrarlo en los tokens, aunque abarque varios; Intro elige la siguiente coincidencia como consulta.</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es) · Enter goes to the next</source>
        <translation>
            <numerusform>%n coincidencia · Intro va a la siguiente</numerusform>
            <numerusform>%n coincidencias · Intro va a la siguiente</numerusform>
        </translation>
    </message>
    <message>
        <source>tokens %1–%2 · match %3 of %4</source>
        <translation>tokens %1–%2 · coincidencia %3 de %4</translation>
    </message>
    <message>
        <source>Its value-weighted norm: %1.</source>
        <translation>Su norma ponderada por valor: %1.</translation>
    </message>
</context>
<context>
    <name>HeadStatsModel</name>
    <message>
        <source>previous token</source>
        <translation>token anterior</translation>
    </message>
    <message>
        <source>sink</source>
        <translation>sumidero</translation>
    </message>
    <message>
        <source>self</source>
        <translation>sí mismo</translation>
    </message>
    <message>
        <source>induction</source>
        <translation>inducción</translation>
    </message>
    <message>
        <source>duplicate token</source>
        <translation>token duplicado</translation>
    </message>
    <message>
        <source>diffuse</source>
        <translation>difusa</translation>
    </message>
    <message>
        <source>Mean over queries of -Σ w·ln w, in nats</source>
        <translation>Media sobre las consultas de -Σ w·ln w, en nats</translation>
    </message>
    <message>
        <source>Mean weight on the previous token</source>
        <translation>Peso medio sobre el token anterior</translation>
    </message>
    <message>
        <source>Mean weight on the first token (the sink)</source>
        <translation>Peso medio sobre el primer token (el sumidero)</translation>
    </message>
    <message>
        <source>Mean weight on the query&apos;s own token</source>
        <translation>Peso medio sobre el propio token de la consulta</translation>
    </message>
    <message>
        <source>Probe: weight on the token after the earlier occurrence of the current token</source>
        <translation>Sonda: peso sobre el token que sigue a la aparición anterior del token actual</translation>
    </message>
    <message>
        <source>Probe: weight on the earlier occurrence of the current token</source>
        <translation>Sonda: peso sobre la aparición anterior del token actual</translation>
    </message>
    <message>
        <source>Compare: B&apos;s entropy minus A&apos;s</source>
        <translation>Comparación: entropía de B menos la de A</translation>
    </message>
    <message>
        <source>Compare: B&apos;s previous-token score minus A&apos;s</source>
        <translation>Comparación: puntuación de token anterior de B menos la de A</translation>
    </message>
    <message>
        <source>Compare: B&apos;s first-token score minus A&apos;s</source>
        <translation>Comparación: puntuación de primer token de B menos la de A</translation>
    </message>
    <message>
        <source>Compare: B&apos;s self score minus A&apos;s</source>
        <translation>Comparación: puntuación de sí mismo de B menos la de A</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Capa</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>Cabeza</translation>
    </message>
    <message>
        <source>Entropy</source>
        <translation>Entropía</translation>
    </message>
    <message>
        <source>Prev token</source>
        <translation>Token ant.</translation>
    </message>
    <message>
        <source>First token</source>
        <translation>Primer token</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>Sí mismo</translation>
    </message>
    <message>
        <source>Induction</source>
        <translation>Inducción</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Duplicado</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>Etiquetas</translation>
    </message>
    <message>
        <source>Δ entropy</source>
        <translation>Δ entropía</translation>
    </message>
    <message>
        <source>Δ prev token</source>
        <translation>Δ token ant.</translation>
    </message>
    <message>
        <source>Δ first token</source>
        <translation>Δ primer token</translation>
    </message>
    <message>
        <source>Δ self</source>
        <translation>Δ sí mismo</translation>
    </message>
    <message>
        <source>Each head&apos;s weight from query %1 to key %2: sort by it to rank the heads that move attention there</source>
        <translation>El peso de cada cabeza de la consulta %1 a la clave %2: ordene por él para ver primero las cabezas que llevan la atención allí</translation>
    </message>
    <message>
        <source>Choose a cell in a head&apos;s map (a query and a key): this column gives every head&apos;s weight on it</source>
        <translation>Elija una celda en el mapa de una cabeza (una consulta y una clave): esta columna da el peso de cada cabeza en ella</translation>
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
        <translation>Estadísticas de cabezas</translation>
    </message>
    <message>
        <source>Run &amp;probes</source>
        <translation>E&amp;jecutar sondas</translation>
    </message>
    <message>
        <source>Statistics of every head</source>
        <translation>Estadísticas de todas las cabezas</translation>
    </message>
    <message>
        <source>The probes run the model: a trace file holds attention weights only</source>
        <translation>Las sondas ejecutan el modelo: un archivo de traza solo contiene pesos de atención</translation>
    </message>
    <message>
        <source>Computing statistics…</source>
        <translation>Calculando estadísticas…</translation>
    </message>
    <message>
        <source>Computing statistics… %1%</source>
        <translation>Calculando estadísticas… %1 %</translation>
    </message>
    <message>
        <source>No statistics: %1</source>
        <translation>Sin estadísticas: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n head(s) on %1 tokens</source>
        <translation>
            <numerusform>%n cabeza sobre %1 tokens</numerusform>
            <numerusform>%n cabezas sobre %1 tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>Running the probes…</source>
        <translation>Ejecutando las sondas…</translation>
    </message>
    <message>
        <source>Score induction and duplicate-token heads on a synthetic sequence of repeated random tokens (independent of your text)</source>
        <translation>Puntuar las cabezas de inducción y de token duplicado sobre una secuencia sintética de tokens aleatorios repetidos (independiente de tu texto)</translation>
    </message>
    <message>
        <source>The model is too small for the probes.</source>
        <translation>El modelo es demasiado pequeño para las sondas.</translation>
    </message>
    <message>
        <source>Probes done.</source>
        <translation>Sondas terminadas.</translation>
    </message>
</context>
<context>
    <name>HeadsGridView</name>
    <message>
        <source>Heads grid</source>
        <translation>Cuadrícula de cabezas</translation>
    </message>
    <message>
        <source>Poolin&amp;g:</source>
        <translation>Poolin&amp;g:</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Máx.</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>Media</translation>
    </message>
    <message>
        <source>How the tokens that share a pixel of a tile are combined: max keeps one strong key visible, mean shows where the weight lies on average.</source>
        <translation>Cómo se combinan los tokens que comparten un píxel de una miniatura: el máximo mantiene visible una clave fuerte aislada, la media muestra dónde está el peso en promedio.</translation>
    </message>
    <message>
        <source>Pooling</source>
        <translation>Pooling</translation>
    </message>
    <message>
        <source>T&amp;iles:</source>
        <translation>Minia&amp;turas:</translation>
    </message>
    <message>
        <source>Each to its own max</source>
        <translation>Cada una a su propio máximo</translation>
    </message>
    <message>
        <source>One shared scale</source>
        <translation>Una escala común</translation>
    </message>
    <message>
        <source>Scale each tile to its own brightest pixel, so weak heads in a long text still show their pattern, or draw all tiles on one scale to compare heads.</source>
        <translation>Escalar cada miniatura a su píxel más brillante, para que las cabezas débiles de un texto largo sigan mostrando su patrón, o dibujar todas las miniaturas en una misma escala para comparar cabezas.</translation>
    </message>
    <message>
        <source>Tile scale</source>
        <translation>Escala de las miniaturas</translation>
    </message>
    <message>
        <source>Zoom out (−)</source>
        <translation>Alejar (−)</translation>
    </message>
    <message>
        <source>Zoom in (+, Ctrl+wheel)</source>
        <translation>Acercar (+, Ctrl+rueda)</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Ajustar</translation>
    </message>
    <message>
        <source>Fit the grid to the view (0)</source>
        <translation>Ajustar la cuadrícula a la vista (0)</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Calculando…</translation>
    </message>
    <message>
        <source>Type some text to see attention.</source>
        <translation>Escribe algún texto para ver la atención.</translation>
    </message>
    <message>
        <source>ablated</source>
        <translation>desactivada</translation>
    </message>
    <message>
        <source>query %1 “%2”: top key %3 “%4”, weight %5</source>
        <translation>consulta %1 «%2»: clave principal %3 «%4», peso %5</translation>
    </message>
    <message>
        <source>Labels: %1</source>
        <translation>Etiquetas: %1</translation>
    </message>
    <message>
        <source>Click to open in detail; Ctrl+click only selects.</source>
        <translation>Haz clic para abrirla en detalle; Ctrl+clic solo la selecciona.</translation>
    </message>
    <message>
        <source>No text has been run yet.</source>
        <translation>Aún no se ha calculado ningún texto.</translation>
    </message>
    <message>
        <source>%1 of %2 layers × %3 heads selected.</source>
        <translation>%1 seleccionada, de %2 capas × %3 cabezas.</translation>
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
        <translation>Token %1 (id %2): p = %3</translation>
    </message>
    <message>
        <source>After block</source>
        <translation>Tras el bloque</translation>
    </message>
    <message>
        <source>p(target)</source>
        <translation>p(objetivo)</translation>
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
        <translation>Caché de Hugging Face</translation>
    </message>
    <message>
        <source>Added folder</source>
        <translation>Carpeta añadida</translation>
    </message>
    <message>
        <source>Open local model</source>
        <translation>Abrir modelo local</translation>
    </message>
    <message>
        <source>Search by name, source or architecture</source>
        <translation>Buscar por nombre, origen o arquitectura</translation>
    </message>
    <message>
        <source>Search the local models</source>
        <translation>Buscar en los modelos locales</translation>
    </message>
    <message>
        <source>&amp;Search:</source>
        <translation>&amp;Buscar:</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Origen</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>Arquitectura</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Tamaño</translation>
    </message>
    <message>
        <source>Opens</source>
        <translation>Se abre</translation>
    </message>
    <message>
        <source>Local models</source>
        <translation>Modelos locales</translation>
    </message>
    <message>
        <source>&amp;Folders</source>
        <translation>Car&amp;petas</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>Act&amp;ualizar</translation>
    </message>
    <message>
        <source>Search again (F5)</source>
        <translation>Buscar de nuevo (F5)</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>&amp;Abrir</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Buscando…</translation>
    </message>
    <message>
        <source>Does not open: %1</source>
        <translation>No se abre: %1</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>sí</translation>
    </message>
    <message>
        <source>no: %1</source>
        <translation>no: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s), %1 open</source>
        <translation>
            <numerusform>%n modelo, %1 se abre</numerusform>
            <numerusform>%n modelos, %1 se abren</numerusform>
        </translation>
    </message>
    <message>
        <source>No models were found in %1. Folders ▸ Add folder… searches another folder.</source>
        <translation>No se encontraron modelos en %1. Carpetas ▸ Añadir carpeta… busca en otra carpeta.</translation>
    </message>
    <message>
        <source>No model matches “%1”.</source>
        <translation>Ningún modelo coincide con «%1».</translation>
    </message>
    <message>
        <source>%1
Opens: %2, %3.</source>
        <translation>%1
Se abre: %2, %3.</translation>
    </message>
    <message>
        <source>architecture read when it opens</source>
        <translation>la arquitectura se lee al abrirlo</translation>
    </message>
    <message>
        <source>%1
Does not open: %2</source>
        <translation>%1
No se abre: %2</translation>
    </message>
    <message>
        <source>Add a folder of models</source>
        <translation>Añadir una carpeta de modelos</translation>
    </message>
    <message>
        <source>&amp;Add folder…</source>
        <translation>&amp;Añadir carpeta…</translation>
    </message>
    <message>
        <source>Remove “%1”</source>
        <translation>Quitar «%1»</translation>
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
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Texto</translation>
    </message>
    <message>
        <source>Text to run</source>
        <translation>Texto que calcular</translation>
    </message>
    <message>
        <source>Type or paste text here; every edit re-runs the model.</source>
        <translation>Escribe o pega el texto aquí; cada cambio vuelve a ejecutar el modelo.</translation>
    </message>
    <message>
        <source>Run mode</source>
        <translation>Modo de ejecución</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>All layers</source>
        <translation>Todas las capas</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>Capa %1</translation>
    </message>
    <message>
        <source>%1 (trace file) — AttnScope</source>
        <translation>%1 (archivo de traza) — AttnScope</translation>
    </message>
    <message>
        <source>%1 — AttnScope</source>
        <translation>%1 — AttnScope</translation>
    </message>
    <message>
        <source>Cannot open model</source>
        <translation>No se puede abrir el modelo</translation>
    </message>
    <message>
        <source>AttnScope could not open “%1”.

%2</source>
        <translation>AttnScope no pudo abrir «%1».

%2</translation>
    </message>
    <message>
        <source>the demo model</source>
        <translation>el modelo demo</translation>
    </message>
    <message>
        <source>Cannot open tokenizer</source>
        <translation>No se puede abrir el tokenizador</translation>
    </message>
    <message>
        <source>AttnScope could not read the tokenizer “%1”.

%2</source>
        <translation>AttnScope no pudo leer el tokenizador «%1».

%2</translation>
    </message>
    <message>
        <source>Open model</source>
        <translation>Abrir modelo</translation>
    </message>
    <message>
        <source>Open model folder</source>
        <translation>Abrir carpeta de modelo</translation>
    </message>
    <message>
        <source>Open trace file</source>
        <translation>Abrir archivo de traza</translation>
    </message>
    <message>
        <source>AttnScope trace files (*.safetensors);;All files (*)</source>
        <translation>Archivos de traza de AttnScope (*.safetensors);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Cannot open trace file</source>
        <translation>No se puede abrir el archivo de traza</translation>
    </message>
    <message>
        <source>“%1” is not an AttnScope trace file: a trace file is a safetensors file whose metadata says &quot;format&quot;: &quot;attnscope-trace&quot; (resources/tools/capture_attention.py writes one). To open a model, use File ▸ Open model….</source>
        <translation>«%1» no es un archivo de traza de AttnScope: un archivo de traza es un archivo safetensors cuyos metadatos indican &quot;format&quot;: &quot;attnscope-trace&quot; (resources/tools/capture_attention.py escribe uno). Para abrir un modelo, usa Archivo ▸ Abrir modelo….</translation>
    </message>
    <message>
        <source>Needs the model: a trace file holds attention weights only</source>
        <translation>Necesita el modelo: un archivo de traza solo contiene pesos de atención</translation>
    </message>
    <message>
        <source>Text (kept for models; the trace file has its own tokens)</source>
        <translation>Texto (se conserva para los modelos; el archivo de traza tiene sus propios tokens)</translation>
    </message>
    <message>
        <source>Cannot create model</source>
        <translation>No se puede crear el modelo</translation>
    </message>
    <message>
        <source>

Looked in:
%1</source>
        <translation>

Se buscó en:
%1</translation>
    </message>
    <message>
        <source>Choose a tokenizer</source>
        <translation>Elige un tokenizador</translation>
    </message>
    <message>
        <source>“%1” carries no tokenizer and none was found beside it. Choose a tokenizer file (encoder.json, vocab.json, tokenizer.json or *.tiktoken), or, for a character-level model, build its vocabulary from the text it was trained on (its sorted set of characters, as tutorials do). Without either, type token ids separated by commas.%2</source>
        <translation>«%1» no incluye ningún tokenizador y no se ha encontrado ninguno a su lado. Elige un archivo de tokenizador (encoder.json, vocab.json, tokenizer.json o *.tiktoken) o, para un modelo a nivel de caracteres, construye su vocabulario a partir del texto con el que se entrenó (su conjunto ordenado de caracteres, como hacen los tutoriales). Si no tienes ninguno de los dos, escribe los ids de los tokens separados por comas.%2</translation>
    </message>
    <message>
        <source>Choose tokenizer file…</source>
        <translation>Elegir archivo de tokenizador…</translation>
    </message>
    <message>
        <source>Build from a text file…</source>
        <translation>Construir a partir de un archivo de texto…</translation>
    </message>
    <message>
        <source>Type token ids</source>
        <translation>Escribir ids de tokens</translation>
    </message>
    <message>
        <source>Training text</source>
        <translation>Texto de entrenamiento</translation>
    </message>
    <message>
        <source>Text (*.txt *.md);;All files (*)</source>
        <translation>Texto (*.txt *.md);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Choose tokenizer</source>
        <translation>Elegir tokenizador</translation>
    </message>
    <message>
        <source>Tokenizers (*.json *.bpe *.txt *.tiktoken);;All files (*)</source>
        <translation>Tokenizadores (*.json *.bpe *.txt *.tiktoken);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Cannot build the vocabulary</source>
        <translation>No se puede construir el vocabulario</translation>
    </message>
    <message>
        <source>Open text</source>
        <translation>Abrir texto</translation>
    </message>
    <message>
        <source>Cannot open text</source>
        <translation>No se puede abrir el texto</translation>
    </message>
    <message>
        <source>Text repaired</source>
        <translation>Texto reparado</translation>
    </message>
    <message>
        <source>This view has no figure to copy yet.</source>
        <translation>Esta vista aún no tiene ninguna figura que copiar.</translation>
    </message>
    <message>
        <source>Figure copied to the clipboard.</source>
        <translation>Figura copiada al portapapeles.</translation>
    </message>
    <message>
        <source>Nothing copied: %1</source>
        <translation>No se ha copiado nada: %1</translation>
    </message>
    <message>
        <source>Tokens: %1</source>
        <translation>Tokens: %1</translation>
    </message>
    <message>
        <source>imported</source>
        <translation>importado</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Threads: %1</source>
        <translation>Hilos: %1</translation>
    </message>
    <message>
        <source>trace file: nothing runs</source>
        <translation>archivo de traza: no se calcula nada</translation>
    </message>
    <message>
        <source>bidirectional</source>
        <translation>atención bidireccional</translation>
    </message>
    <message numerus="yes">
        <source>%n head(s) ablated</source>
        <translation>
            <numerusform>%n cabeza desactivada</numerusform>
            <numerusform>%n cabezas desactivadas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n knockout(s) active</source>
        <translation>
            <numerusform>%n knockout activo</numerusform>
            <numerusform>%n knockouts activos</numerusform>
        </translation>
    </message>
    <message>
        <source>Settings cannot be saved to “%1”: recent models, the window layout and your choices will not be remembered.</source>
        <translation>No se puede guardar la configuración en «%1»: los modelos recientes, la disposición de la ventana y tus elecciones no se recordarán.</translation>
    </message>
    <message>
        <source>Predictions</source>
        <translation>Predicciones</translation>
    </message>
    <message>
        <source>Head statistics</source>
        <translation>Estadísticas de cabezas</translation>
    </message>
    <message>
        <source>Text by attention</source>
        <translation>Texto según la atención</translation>
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
        <translation>&amp;Barrido de ablación</translation>
    </message>
    <message>
        <source>Ctrl+Shift+A</source>
        <translation>Ctrl+Shift+A</translation>
    </message>
    <message>
        <source>Block the selected e&amp;dge in the selected head</source>
        <translation>Bloquear la &amp;arista seleccionada en la cabeza actual</translation>
    </message>
    <message>
        <source>Ctrl+B</source>
        <translation>Ctrl+B</translation>
    </message>
    <message>
        <source>Block every edge into the selected ke&amp;y</source>
        <translation>Bloquear todas las aristas hacia la c&amp;lave seleccionada</translation>
    </message>
    <message>
        <source>Ctrl+Shift+B</source>
        <translation>Ctrl+Shift+B</translation>
    </message>
    <message>
        <source>Clear knocko&amp;uts</source>
        <translation>&amp;Quitar los knockouts</translation>
    </message>
    <message>
        <source>Ctrl+Alt+B</source>
        <translation>Ctrl+Alt+B</translation>
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
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <source>&amp;Open model…</source>
        <translation>&amp;Abrir modelo…</translation>
    </message>
    <message>
        <source>Open model &amp;folder…</source>
        <translation>Abrir &amp;carpeta de modelo…</translation>
    </message>
    <message>
        <source>&amp;New random model…</source>
        <translation>&amp;Nuevo modelo aleatorio…</translation>
    </message>
    <message>
        <source>Open t&amp;race file…</source>
        <translation>Abrir archivo de t&amp;raza…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+R</source>
        <translation>Ctrl+Shift+R</translation>
    </message>
    <message>
        <source>Open &amp;demo model</source>
        <translation>Abrir el modelo &amp;demo</translation>
    </message>
    <message>
        <source>Open te&amp;xt…</source>
        <translation>Abrir te&amp;xto…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>Choose &amp;tokenizer…</source>
        <translation>Elegir &amp;tokenizador…</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportar…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>&amp;Copy figure</source>
        <translation>Copiar &amp;figura</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <source>Next head</source>
        <translation>Cabeza siguiente</translation>
    </message>
    <message>
        <source>Alt+Right</source>
        <translation>Alt+Right</translation>
    </message>
    <message>
        <source>Previous head</source>
        <translation>Cabeza anterior</translation>
    </message>
    <message>
        <source>Alt+Left</source>
        <translation>Alt+Left</translation>
    </message>
    <message>
        <source>Next layer</source>
        <translation>Capa siguiente</translation>
    </message>
    <message>
        <source>Alt+Down</source>
        <translation>Alt+Down</translation>
    </message>
    <message>
        <source>Previous layer</source>
        <translation>Capa anterior</translation>
    </message>
    <message>
        <source>Alt+Up</source>
        <translation>Alt+Up</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>&amp;Paneles</translation>
    </message>
    <message>
        <source>&amp;Colour map</source>
        <translation>&amp;Mapa de colores</translation>
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
        <translation>Escala de grises</translation>
    </message>
    <message>
        <source>&amp;Scale</source>
        <translation>&amp;Escala</translation>
    </message>
    <message>
        <source>Linear</source>
        <translation>Lineal</translation>
    </message>
    <message>
        <source>Logarithmic</source>
        <translation>Logarítmica</translation>
    </message>
    <message>
        <source>Row-normalised</source>
        <translation>Normalizada por fila</translation>
    </message>
    <message>
        <source>&amp;Query bars from 0 to 1</source>
        <translation>&amp;Barras de consulta de 0 a 1</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ejecución</translation>
    </message>
    <message>
        <source>&amp;Causal attention</source>
        <translation>Atención &amp;causal</translation>
    </message>
    <message>
        <source>Ctrl+M</source>
        <translation>Ctrl+M</translation>
    </message>
    <message>
        <source>&amp;Ablate selected head</source>
        <translation>&amp;Desactivar cabeza seleccionada</translation>
    </message>
    <message>
        <source>Ctrl+K</source>
        <translation>Ctrl+K</translation>
    </message>
    <message>
        <source>&amp;Refuse text longer than the context</source>
        <translation>&amp;Rechazar textos más largos que el contexto</translation>
    </message>
    <message>
        <source>&amp;Threads</source>
        <translation>&amp;Hilos</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Automatic (%n core(s))</source>
        <translation>
            <numerusform>&amp;Automático (%n núcleo)</numerusform>
            <numerusform>&amp;Automático (%n núcleos)</numerusform>
        </translation>
    </message>
    <message>
        <source>Keep every head&apos;s attention weights while they fit in %1 MB; past that, rebuild a head exactly when it is shown</source>
        <translation>Conservar los pesos de atención de todas las cabezas mientras quepan en %1 MB; por encima, recalcular exactamente una cabeza cuando se muestre</translation>
    </message>
    <message>
        <source>Attention &amp;memory</source>
        <translation>&amp;Memoria de atención</translation>
    </message>
    <message>
        <source>Acti&amp;vation memory</source>
        <translation>Memoria de acti&amp;vaciones</translation>
    </message>
    <message>
        <source>Keep every layer&apos;s activations while they fit in %1 MB; past that, keep k, v and each layer&apos;s output, and compute a layer&apos;s other tensors again exactly when they are shown</source>
        <translation>Conservar las activaciones de cada capa mientras quepan en %1 MB; por encima, conservar k, v y la salida de cada capa, y recalcular exactamente los demás tensores de una capa cuando se muestren</translation>
    </message>
    <message>
        <source>&amp;Key and value memory</source>
        <translation>Memoria de claves y valores (&amp;KV)</translation>
    </message>
    <message>
        <source>Past the activation memory, keep every layer&apos;s keys and values while they fit in %1 MB; past that, compute them again from each layer&apos;s input, exactly, when a run or a view needs them (an edit then costs every layer&apos;s k and v projections)</source>
        <translation>Por encima de la memoria de activaciones, conservar las claves y valores de cada capa mientras quepan en %1 MB; por encima, recalcularlos exactamente a partir de la entrada de cada capa cuando un cálculo o una vista los necesite (cada cambio cuesta entonces las proyecciones k y v de todas las capas)</translation>
    </message>
    <message>
        <source>C&amp;lear ablations</source>
        <translation>Reactivar &amp;todas las cabezas</translation>
    </message>
    <message>
        <source>Ctrl+Shift+K</source>
        <translation>Ctrl+Shift+K</translation>
    </message>
    <message>
        <source>Ca&amp;ncel run</source>
        <translation>Ca&amp;ncelar el cálculo</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;yuda</translation>
    </message>
    <message>
        <source>&amp;Guide</source>
        <translation>&amp;Guía</translation>
    </message>
    <message>
        <source>&amp;About AttnScope</source>
        <translation>&amp;Acerca de AttnScope</translation>
    </message>
    <message>
        <source>About AttnScope</source>
        <translation>Acerca de AttnScope</translation>
    </message>
    <message>
        <source>&lt;b&gt;AttnScope %1&lt;/b&gt;&lt;p&gt;See inside transformer attention: every head, every layer, live as you type.&lt;/p&gt;</source>
        <translation>&lt;b&gt;AttnScope %1&lt;/b&gt;&lt;p&gt;Mira dentro de la atención de los transformers: cada cabeza, cada capa, en directo mientras escribes.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>La&amp;yers:</source>
        <translation>Capa&amp;s:</translation>
    </message>
    <message>
        <source>Show every layer, or one</source>
        <translation>Mostrar todas las capas, o una</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>Mos&amp;trar:</translation>
    </message>
    <message>
        <source>Attention weights</source>
        <translation>Pesos de atención</translation>
    </message>
    <message>
        <source>Raw scores</source>
        <translation>Puntuaciones brutas</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>Máscara</translation>
    </message>
    <message>
        <source>Reset &amp;zoom</source>
        <translation>Restablecer &amp;zoom</translation>
    </message>
    <message>
        <source>Show the whole map again (0)</source>
        <translation>Volver a mostrar el mapa completo (0)</translation>
    </message>
    <message>
        <source>“%1” has carriage-return line ends (CR LF or CR); the editor holds them as line feeds.</source>
        <translation>«%1» tiene finales de línea con retorno de carro (CR LF o CR); el editor los guarda como saltos de línea.</translation>
    </message>
    <message>
        <source>“%1” is %2 MB; AttnScope opens texts up to 16 MB (a model sees at most its context anyway).</source>
        <translation>«%1» ocupa %2 MB; AttnScope abre textos de hasta 16 MB (de todos modos, un modelo ve como mucho su contexto).</translation>
    </message>
    <message>
        <source>“%1” cannot be read: %2</source>
        <translation>No se puede leer «%1»: %2</translation>
    </message>
    <message>
        <source>“%1” is not valid %2; invalid characters were replaced by �.</source>
        <translation>«%1» no es %2 válido; los caracteres no válidos se han sustituido por �.</translation>
    </message>
    <message>
        <source>“%1” is not valid UTF-8 (first bad byte at offset %2); invalid bytes were replaced by �.</source>
        <translation>«%1» no es UTF-8 válido (primer byte erróneo en la posición %2); los bytes no válidos se han sustituido por �.</translation>
    </message>
    <message>
        <source>Generate…</source>
        <translation>Generar…</translation>
    </message>
    <message>
        <source>The model continues the text, a token at a time (Ctrl+G)</source>
        <translation>El modelo continúa el texto, token a token (Ctrl+G)</translation>
    </message>
    <message numerus="yes">
        <source>Generated %n token(s): stopped at the end-of-text token.</source>
        <translation>
            <numerusform>%n token generado: se detuvo en el token de fin de texto.</numerusform>
            <numerusform>%n tokens generados: se detuvo en el token de fin de texto.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Generated %n token(s): stopped at the end of the model&apos;s context.</source>
        <translation>
            <numerusform>%n token generado: se detuvo al final del contexto del modelo.</numerusform>
            <numerusform>%n tokens generados: se detuvo al final del contexto del modelo.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Generated %n token(s): stopped.</source>
        <translation>
            <numerusform>%n token generado: generación detenida.</numerusform>
            <numerusform>%n tokens generados: generación detenida.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Generated %n token(s).</source>
        <translation>
            <numerusform>%n token generado.</numerusform>
            <numerusform>%n tokens generados.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to continue yet: type some text first.</source>
        <translation>Aún no hay nada que continuar: escribe primero algún texto.</translation>
    </message>
    <message>
        <source>Generated by the model</source>
        <translation>Generado por el modelo</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <source>AttnScope will use %1 the next time it starts.</source>
        <translation>AttnScope usará %1 la próxima vez que se inicie.</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Idioma del sistema</translation>
    </message>
    <message>
        <source>&amp;Generate…</source>
        <translation>&amp;Generar…</translation>
    </message>
    <message>
        <source>Ctrl+G</source>
        <translation>Ctrl+G</translation>
    </message>
    <message>
        <source>The model continues the text, a token at a time</source>
        <translation>El modelo continúa el texto, token a token</translation>
    </message>
    <message>
        <source>Views</source>
        <translation>Vistas</translation>
    </message>
    <message>
        <source>Models (*.safetensors *.gguf *.pt *.pth *.bin *.ckpt);;All files (*)</source>
        <translation>Modelos (*.safetensors *.gguf *.pt *.pth *.bin *.ckpt);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Open &amp;local model…</source>
        <translation>Abrir modelo &amp;local…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+L</source>
        <translation>Ctrl+Shift+L</translation>
    </message>
    <message>
        <source>A trace file holds attention weights only: the weights are shown in place of raw scores or value-weighted norms</source>
        <translation>Un archivo de traza solo contiene pesos de atención: se muestran los pesos en lugar de las puntuaciones brutas o de las normas ponderadas por valor</translation>
    </message>
    <message>
        <source>Softmax weights, the raw scores q·kᵀ/√hs before the softmax, the mask, or the value-weighted norms ‖α·v W_O‖</source>
        <translation>Los pesos softmax, las puntuaciones brutas q·kᵀ/√hs antes del softmax, la máscara o las normas ponderadas por valor ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>Round each product&apos;s activations to the weight&apos;s dot-product type (float16, bfloat16, 8-bit blocks) first, as llama.cpp, Ollama and LM Studio do, rather than computing the exact float32 model</source>
        <translation>Redondear primero las activaciones de cada producto al tipo de producto escalar del peso (float16, bfloat16, bloques de 8 bits), como hacen llama.cpp, Ollama y LM Studio, en lugar de calcular el modelo float32 exacto</translation>
    </message>
    <message>
        <source>Com&amp;pute as llama.cpp does (GGUF)</source>
        <translation>Calcular como llama.cpp (GG&amp;UF)</translation>
    </message>
</context>
<context>
    <name>MaskView</name>
    <message>
        <source>Ca&amp;usal (each token sees only itself and earlier tokens)</source>
        <translation>Cau&amp;sal (cada token solo se ve a sí mismo y a los tokens anteriores)</translation>
    </message>
    <message>
        <source>Off: bidirectional attention, as in an encoder. The model is run again.</source>
        <translation>Desactivada: atención bidireccional, como en un codificador. El modelo se vuelve a calcular.</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>Máscara</translation>
    </message>
</context>
<context>
    <name>ModelPanel</name>
    <message>
        <source>&amp;Open model…</source>
        <translation>Abr&amp;ir modelo…</translation>
    </message>
    <message>
        <source>Ne&amp;w random model…</source>
        <translation>&amp;Nuevo modelo aleatorio…</translation>
    </message>
    <message>
        <source>Open a safetensors file, a PyTorch checkpoint or a Hugging Face folder (Ctrl+O)</source>
        <translation>Abrir un archivo safetensors, un checkpoint de PyTorch o una carpeta de Hugging Face (Ctrl+O)</translation>
    </message>
    <message>
        <source>A model of any shape with random weights, to try the views (Ctrl+N)</source>
        <translation>Un modelo de cualquier forma con pesos aleatorios, para probar las vistas (Ctrl+N)</translation>
    </message>
    <message>
        <source>Recent models:</source>
        <translation>Modelos recientes:</translation>
    </message>
    <message>
        <source>Recent models</source>
        <translation>Modelos recientes</translation>
    </message>
    <message>
        <source>&lt;i&gt;Loading…&lt;/i&gt;</source>
        <translation>&lt;i&gt;Cargando…&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (trace file)&lt;br&gt;%2 layers · %3 heads · %4 tokens · %5, %6&lt;br&gt;attention weights only: shape flow, ablation, predictions, raw scores and the probes need the model</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (archivo de traza)&lt;br&gt;%2 capas · %3 cabezas · %4 tokens · %5, %6&lt;br&gt;solo pesos de atención: el flujo de formas, la ablación, las predicciones, las puntuaciones brutas y las sondas necesitan el modelo</translation>
    </message>
    <message>
        <source>causal</source>
        <translation>atención causal</translation>
    </message>
    <message>
        <source>bidirectional</source>
        <translation>atención bidireccional</translation>
    </message>
    <message>
        <source>&lt;i&gt;No model loaded.&lt;/i&gt;</source>
        <translation>&lt;i&gt;No hay ningún modelo cargado.&lt;/i&gt;</translation>
    </message>
    <message>
        <source>none: type token ids</source>
        <translation>ninguno: escribe ids de tokens</translation>
    </message>
    <message>
        <source> (File ▸ Choose tokenizer… to change it)</source>
        <translation> (Archivo ▸ Elegir tokenizador… para cambiarlo)</translation>
    </message>
    <message>
        <source>left out: %1</source>
        <translation>omitido: %1</translation>
    </message>
    <message>
        <source>not run (objects in the pickle, never called): %1</source>
        <translation>no ejecutado (objetos del pickle, nunca llamados): %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;%2&lt;br&gt;format: %3 · %4&lt;br&gt;%5 layers · %6 heads · width %7 · head size %8&lt;br&gt;context %9 · vocabulary %10 · %11 parameters&lt;br&gt;tokenizer: %12</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;%2&lt;br&gt;formato: %3 · %4&lt;br&gt;%5 capas · %6 cabezas · anchura %7 · tamaño de cabeza %8&lt;br&gt;contexto %9 · vocabulario %10 · %11 parámetros&lt;br&gt;tokenizador: %12</translation>
    </message>
    <message>
        <source> (demo)</source>
        <translation> (demo)</translation>
    </message>
</context>
<context>
    <name>NewModelDialog</name>
    <message>
        <source>New random model</source>
        <translation>Nuevo modelo aleatorio</translation>
    </message>
    <message>
        <source>&amp;Layers (n_layer):</source>
        <translation>&amp;Capas (n_layer):</translation>
    </message>
    <message>
        <source>&amp;Heads (n_head):</source>
        <translation>Ca&amp;bezas (n_head):</translation>
    </message>
    <message>
        <source>&amp;Width (n_embed):</source>
        <translation>&amp;Anchura (n_embed):</translation>
    </message>
    <message>
        <source>&amp;Context length:</source>
        <translation>&amp;Longitud del contexto:</translation>
    </message>
    <message>
        <source>&amp;Vocabulary size:</source>
        <translation>Tamaño del &amp;vocabulario:</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>&amp;Semilla:</translation>
    </message>
    <message>
        <source>The width must be divisible by the number of heads.</source>
        <translation>La anchura debe ser divisible entre el número de cabezas.</translation>
    </message>
    <message>
        <source>That model would need more than 8 GB of memory.</source>
        <translation>Ese modelo necesitaría más de 8 GB de memoria.</translation>
    </message>
    <message>
        <source>The family: its norm, positions (learned or RoPE), MLP and biases</source>
        <translation>La familia: su normalización, posiciones (aprendidas o RoPE), MLP y sesgos</translation>
    </message>
    <message>
        <source>one per head</source>
        <translation>una por cabeza</translation>
    </message>
    <message>
        <source>Key/value heads shared by groups of query heads (grouped-query attention, as in Llama 3 and Mistral); it must divide the number of heads</source>
        <translation>Cabezas de clave/valor compartidas por grupos de cabezas de consulta (grouped-query attention, como en Llama 3 y Mistral); su número debe dividir el número de cabezas</translation>
    </message>
    <message>
        <source>&amp;Architecture:</source>
        <translation>Ar&amp;quitectura:</translation>
    </message>
    <message>
        <source>&amp;Key/value heads:</source>
        <translation>Cabezas de clave/valo&amp;r:</translation>
    </message>
    <message>
        <source>The key/value heads must divide the number of heads.</source>
        <translation>El número de cabezas de clave/valor debe dividir el número de cabezas.</translation>
    </message>
</context>
<context>
    <name>NoticeLabel</name>
    <message>
        <source>Details</source>
        <translation>Detalles</translation>
    </message>
    <message>
        <source>Less</source>
        <translation>Menos</translation>
    </message>
</context>
<context>
    <name>PredictionsModel</name>
    <message>
        <source>Probability without the knockouts, and the change the knockouts make</source>
        <translation>Probabilidad sin los knockouts, y el cambio que producen</translation>
    </message>
    <message>
        <source>token id %1</source>
        <translation>id de token %1</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Puesto</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>Probability</source>
        <translation>Probabilidad</translation>
    </message>
    <message>
        <source>Logit</source>
        <translation>Logit</translation>
    </message>
    <message>
        <source>Without</source>
        <translation>Sin</translation>
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
        <translation>Predicciones</translation>
    </message>
    <message>
        <source>top </source>
        <translation>top </translation>
    </message>
    <message>
        <source>How many of the most probable next tokens to list</source>
        <translation>Cuántos de los siguientes tokens más probables mostrar</translation>
    </message>
    <message>
        <source>Number of next tokens</source>
        <translation>Número de tokens siguientes</translation>
    </message>
    <message>
        <source>Most probable next tokens</source>
        <translation>Tokens siguientes más probables</translation>
    </message>
    <message>
        <source>Surprise of each token</source>
        <translation>Sorpresa de cada token</translation>
    </message>
    <message>
        <source>Each token coloured by its loss -ln p, how surprised the model was to see it. Click a token to see what the model expected in its place.</source>
        <translation>Cada token coloreado según su pérdida -ln p, es decir, lo sorprendido que estaba el modelo al verlo. Haz clic en un token para ver qué esperaba el modelo en su lugar.</translation>
    </message>
    <message>
        <source>Predictions need the model: a trace file holds attention weights only.</source>
        <translation>Las predicciones necesitan el modelo: un archivo de traza solo contiene pesos de atención.</translation>
    </message>
    <message>
        <source>No prediction: no model has run yet.</source>
        <translation>Sin predicción: todavía no se ha ejecutado ningún modelo.</translation>
    </message>
    <message>
        <source>Bidirectional run: every position sees the tokens after it, so these are not next-token predictions. After position %1 “%2”, the output is:</source>
        <translation>Cálculo bidireccional: cada posición ve los tokens que la siguen, así que estas no son predicciones del siguiente token. Tras la posición %1 «%2», la salida es:</translation>
    </message>
    <message>
        <source>After position %1 “%2”, the model predicts:</source>
        <translation>Tras la posición %1 «%2», el modelo predice:</translation>
    </message>
    <message numerus="yes">
        <source>(%n attention edge(s) knocked out; “Without” is the model without them, Δ the change)</source>
        <translation>
            <numerusform>(%n arista de atención bloqueada; «Sin» es el modelo sin ella, Δ el cambio)</numerusform>
            <numerusform>(%n aristas de atención bloqueadas; «Sin» es el modelo sin ellas, Δ el cambio)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n attention edge(s) knocked out; computing the prediction without them…)</source>
        <translation>
            <numerusform>(%n arista de atención bloqueada; calculando la predicción sin ella…)</numerusform>
            <numerusform>(%n aristas de atención bloqueadas; calculando la predicción sin ellas…)</numerusform>
        </translation>
    </message>
    <message>
        <source>Actual next token “%1”: probability %2 (%3 without the knockouts, Δ %4), rank %5 (%6 without)</source>
        <translation>Siguiente token real «%1»: probabilidad %2 (%3 sin los knockouts, Δ %4), puesto %5 (%6 sin ellos)</translation>
    </message>
    <message>
        <source>Actual next token “%1”: probability %2, rank %3</source>
        <translation>Siguiente token real «%1»: probabilidad %2, puesto %3</translation>
    </message>
    <message>
        <source>The text ends here: there is no next token to compare.</source>
        <translation>El texto termina aquí: no hay siguiente token con el que comparar.</translation>
    </message>
    <message>
        <source>The first token: nothing predicts it.</source>
        <translation>El primer token: nada lo predice.</translation>
    </message>
    <message>
        <source>-ln p = %1 nats (p = %2), predicted at position %3</source>
        <translation>-ln p = %1 nats (p = %2), predicho en la posición %3</translation>
    </message>
    <message>
        <source>The loss of each token needs the model.</source>
        <translation>La pérdida de cada token necesita el modelo.</translation>
    </message>
    <message>
        <source>Bidirectional run: each token was visible to the position that predicts it, so this is no measure of surprise (mean -ln p %1 nats).</source>
        <translation>Cálculo bidireccional: cada token era visible para la posición que lo predice, así que esto no mide la sorpresa (-ln p medio %1 nats).</translation>
    </message>
    <message>
        <source>Computing the loss of every token…</source>
        <translation>Calculando la pérdida de cada token…</translation>
    </message>
    <message numerus="yes">
        <source>Surprise: mean next-token loss %1 nats over %n token(s)</source>
        <translation>
            <numerusform>Sorpresa: pérdida media del siguiente token %1 nats sobre %n token</numerusform>
            <numerusform>Sorpresa: pérdida media del siguiente token %1 nats sobre %n tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>Click a token (or press Enter on it) to explain its logit in the Attribution view</source>
        <translation>Haz clic en un token (o pulsa Enter sobre él) para explicar su logit en la vista Atribución</translation>
    </message>
    <message>
        <source>Step %1: greedy, after position %2 the model put first:</source>
        <translation>Paso %1: en modo voraz, tras la posición %2 el modelo puso primero:</translation>
    </message>
    <message>
        <source>Step %1: what the sampler saw after position %2 (temperature %3):</source>
        <translation>Paso %1: lo que vio el muestreador tras la posición %2 (temperatura %3):</translation>
    </message>
    <message numerus="yes">
        <source>It took “%1”: probability %2, rank %3, from the %n most probable token(s) kept.</source>
        <translation>
            <numerusform>Eligió «%1»: probabilidad %2, puesto %3, entre %n token conservado (el más probable).</numerusform>
            <numerusform>Eligió «%1»: probabilidad %2, puesto %3, entre los %n tokens más probables conservados.</numerusform>
        </translation>
    </message>
    <message>
        <source>The loss of each new token comes when the generation ends.</source>
        <translation>La pérdida de cada token nuevo llega cuando termina la generación.</translation>
    </message>
</context>
<context>
    <name>QueryBarsView</name>
    <message>
        <source>Attention of the selected query</source>
        <translation>Atención de la consulta seleccionada</translation>
    </message>
    <message>
        <source>The selected query&apos;s attention over every key. Click a bar to select its key; right-click (or View ▸ Query bars from 0 to 1) to switch between an axis fitted to the tallest bar and a fixed 0 to 1 axis.</source>
        <translation>La atención de la consulta seleccionada sobre cada clave. Haz clic en una barra para seleccionar su clave; clic derecho (o Ver ▸ Barras de consulta de 0 a 1) para cambiar entre un eje ajustado a la barra más alta y un eje fijo de 0 a 1.</translation>
    </message>
    <message>
        <source>Fixed 0 to 1 axis</source>
        <translation>Eje fijo de 0 a 1</translation>
    </message>
    <message>
        <source>Fixed axis, up to the head&apos;s largest possible norm</source>
        <translation>Eje fijo, hasta la mayor norma posible de la cabeza</translation>
    </message>
</context>
<context>
    <name>SelectionText</name>
    <message>
        <source>Layer %1 · Head %2</source>
        <translation>Capa %1 · Cabeza %2</translation>
    </message>
    <message>
        <source>KV head %1, shared by H%2–H%3</source>
        <translation>cabeza KV %1, compartida por H%2–H%3</translation>
    </message>
    <message>
        <source>%1 “%2” %3</source>
        <translation>%1 «%2» %3</translation>
    </message>
    <message>
        <source>query %1 “%2” → top keys: %3</source>
        <translation>consulta %1 «%2» → claves principales: %3</translation>
    </message>
    <message>
        <source>query %1 “%2” → largest norms: %3</source>
        <translation>consulta %1 «%2» → normas mayores: %3</translation>
    </message>
    <message>
        <source>query %1 “%2” → highest raw scores: %3</source>
        <translation>consulta %1 «%2» → puntuaciones brutas más altas: %3</translation>
    </message>
</context>
<context>
    <name>ShapeFlowView</name>
    <message>
        <source>Shape flow diagram</source>
        <translation>Diagrama del flujo de formas</translation>
    </message>
    <message>
        <source>Click a node, or walk them with the arrow keys, to see its tensor.</source>
        <translation>Haz clic en un nodo, o recórrelos con las flechas, para ver su tensor.</translation>
    </message>
    <message>
        <source>Heatmap</source>
        <translation>Mapa de calor</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tabla</translation>
    </message>
    <message>
        <source>Show tensor as</source>
        <translation>Mostrar el tensor como</translation>
    </message>
    <message>
        <source>Show the clicked node&apos;s tensor as a heatmap or as a table of its numbers.</source>
        <translation>Mostrar el tensor del nodo pulsado como mapa de calor o como tabla de sus valores.</translation>
    </message>
    <message>
        <source>Tensor values</source>
        <translation>Valores del tensor</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 · not kept in the trace; the next step with a tensor shows its result</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2 · no se conserva en la traza; el siguiente paso con un tensor muestra su resultado</translation>
    </message>
    <message>
        <source>id</source>
        <translation>id</translation>
    </message>
    <message>
        <source> (head %1)</source>
        <translation> (cabeza %1)</translation>
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
        <translation>ids de tokens</translation>
    </message>
</context>
<context>
    <name>ShowBox</name>
    <message>
        <source>Value-weighted norms</source>
        <translation>Normas ponderadas por valor</translation>
    </message>
    <message>
        <source>Value-weighted norms ‖α·v W_O‖ (Kobayashi et al., 2020): each weight times the size of what its key&apos;s value sends through the head&apos;s output projection. A large weight on a key whose value is near zero moves nothing.</source>
        <translation>Normas ponderadas por valor ‖α·v W_O‖ (Kobayashi et al., 2020): cada peso por el tamaño de lo que el valor de su clave envía a través de la proyección de salida de la cabeza. Un peso grande sobre una clave cuyo valor es casi cero no mueve nada.</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>&amp;Qué mostrar:</translation>
    </message>
    <message>
        <source>Attention weights</source>
        <translation>Pesos de atención</translation>
    </message>
    <message>
        <source>Softmax weights, or the value-weighted norms ‖α·v W_O‖</source>
        <translation>Los pesos softmax o las normas ponderadas por valor ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Ver</translation>
    </message>
</context>
<context>
    <name>TextAutosaver</name>
    <message>
        <source>The text cannot be saved to “%1”: %2</source>
        <translation>No se puede guardar el texto en «%1»: %2</translation>
    </message>
</context>
<context>
    <name>TokenLinesView</name>
    <message>
        <source>Overla&amp;y every head of the layer</source>
        <translation>&amp;Superponer todas las cabezas de la capa</translation>
    </message>
    <message>
        <source>Draw every head of the selected layer at once, each in its own colour.</source>
        <translation>Dibujar todas las cabezas de la capa seleccionada a la vez, cada una en su color.</translation>
    </message>
    <message>
        <source>Token lines</source>
        <translation>Líneas de tokens</translation>
    </message>
    <message>
        <source>Queries on the left, keys on the right, joined by lines as strong as the attention. Click a query to show its lines alone; hover a token to pick out its lines; scroll a long text with the wheel.</source>
        <translation>Consultas a la izquierda, claves a la derecha, unidas por líneas tan intensas como la atención. Haz clic en una consulta para ver solo sus líneas; pasa el ratón sobre un token para resaltar sus líneas; desplaza un texto largo con la rueda.</translation>
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
        <translation>Bytes que no son UTF-8 válido: se omiten del cálculo</translation>
    </message>
    <message>
        <source>“%1” is not in the model&apos;s vocabulary: left out of the run</source>
        <translation>«%1» no está en el vocabulario del modelo: se omite del cálculo</translation>
    </message>
    <message>
        <source>Token %1 · id %2
“%3”</source>
        <translation>Token %1 · id %2
«%3»</translation>
    </message>
</context>
<context>
    <name>TraceView</name>
    <message>
        <source>bidirectional</source>
        <translation>atención bidireccional</translation>
    </message>
    <message numerus="yes">
        <source>%n head(s) ablated</source>
        <translation>
            <numerusform>%n cabeza desactivada</numerusform>
            <numerusform>%n cabezas desactivadas</numerusform>
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
        <translation>desactualizado: el último cálculo se canceló o se rechazó</translation>
    </message>
</context>
<context>
    <name>Workspace</name>
    <message>
        <source>This run holds about %1: its activations and its keys and values (%2) pass their budgets and are computed again when needed, for every edit too.</source>
        <translation>Este cálculo ocupa unos %1: sus activaciones y sus claves y valores (%2) superan sus presupuestos y se recalculan cuando hace falta, también en cada cambio.</translation>
    </message>
    <message>
        <source>This run holds about %1: its attention maps (%2) and activations (%3) pass their budgets and are computed again when shown.</source>
        <translation>Este cálculo ocupa unos %1: sus mapas de atención (%2) y sus activaciones (%3) superan sus presupuestos y se recalculan al mostrarse.</translation>
    </message>
    <message>
        <source>This run holds about %1: its attention maps (%2) pass the %3 budget and are rebuilt when shown.</source>
        <translation>Este cálculo ocupa unos %1: sus mapas de atención (%2) superan el presupuesto de %3 y se reconstruyen al mostrarse.</translation>
    </message>
    <message>
        <source>This run holds about %1: its activations (%2) pass the %3 budget and are computed again when shown.</source>
        <translation>Este cálculo ocupa unos %1: sus activaciones (%2) superan el presupuesto de %3 y se recalculan al mostrarse.</translation>
    </message>
    <message>
        <source>This run holds about %1.</source>
        <translation>Este cálculo ocupa unos %1.</translation>
    </message>
    <message>
        <source>Its attention maps (%1) pass the %2 budget: each head is rebuilt from q and k when a view shows it.</source>
        <translation>Sus mapas de atención (%1) superan el presupuesto de %2: cada cabeza se reconstruye a partir de q y k cuando una vista la muestra.</translation>
    </message>
    <message>
        <source>Its activations (%1) pass the %2 budget: a layer&apos;s are computed again from its input when a view shows them.</source>
        <translation>Sus activaciones (%1) superan el presupuesto de %2: las de una capa se recalculan a partir de su entrada cuando una vista las muestra.</translation>
    </message>
    <message>
        <source>Its keys and values (%1) pass the %2 budget too: they are computed again from each layer&apos;s input for every edit and every head shown.</source>
        <translation>Sus claves y valores (%1) también superan el presupuesto de %2: se recalculan a partir de la entrada de cada capa en cada cambio y para cada cabeza que se muestra.</translation>
    </message>
    <message>
        <source>The text is longer than the model&apos;s context: only the last %1 tokens are shown (%2 dropped).</source>
        <translation>El texto es más largo que el contexto del modelo: solo se muestran los últimos %1 tokens (%2 descartados).</translation>
    </message>
    <message numerus="yes">
        <source>Left out of this run: %n knockout(s) naming positions past the text&apos;s %1 tokens.</source>
        <translation>
            <numerusform>Omitido de este cálculo: %n knockout que nombra posiciones más allá de los %1 tokens del texto.</numerusform>
            <numerusform>Omitidos de este cálculo: %n knockouts que nombran posiciones más allá de los %1 tokens del texto.</numerusform>
        </translation>
    </message>
    <message>
        <source>The text held characters that are not valid Unicode; they were replaced.</source>
        <translation>El texto contenía caracteres Unicode no válidos; se han sustituido.</translation>
    </message>
    <message numerus="yes">
        <source>Left out of the run: %n character(s) the model&apos;s vocabulary lacks (%1), marked in the token strip.</source>
        <translation>
            <numerusform>Omitido del cálculo: %n carácter que falta en el vocabulario del modelo (%1), marcado en la tira de tokens.</numerusform>
            <numerusform>Omitidos del cálculo: %n caracteres que faltan en el vocabulario del modelo (%1), marcados en la tira de tokens.</numerusform>
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
        <translation>Suma</translation>
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
        <translation>Consulta</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Clave</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <source>RMSNorm of q, k per head</source>
        <translation>RMSNorm de q, k por cabeza</translation>
    </message>
    <message>
        <source>RoPE on q, k</source>
        <translation>RoPE sobre q, k</translation>
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
        <translation>Puntuaciones q·kᵀ/√hs</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>Máscara</translation>
    </message>
    <message>
        <source>Softmax</source>
        <translation>Softmax</translation>
    </message>
    <message>
        <source>Weights · v</source>
        <translation>Pesos · v</translation>
    </message>
    <message>
        <source>Concatenate heads</source>
        <translation>Concatenar cabezas</translation>
    </message>
    <message>
        <source>Output projection</source>
        <translation>Proyección de salida</translation>
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
        <source>RMSNorm 2</source>
        <translation>RMSNorm 2</translation>
    </message>
    <message>
        <source>MLP hidden</source>
        <translation>Capa oculta del MLP</translation>
    </message>
    <message>
        <source>Gate projection</source>
        <translation>Proyección gate</translation>
    </message>
    <message>
        <source>Up projection</source>
        <translation>Proyección up</translation>
    </message>
    <message>
        <source>Activation</source>
        <translation>Activación</translation>
    </message>
    <message>
        <source>act(gate) · up</source>
        <translation>act(gate) · up</translation>
    </message>
    <message>
        <source>MLP projection</source>
        <translation>Proyección del MLP</translation>
    </message>
    <message>
        <source>Down projection</source>
        <translation>Proyección down</translation>
    </message>
    <message>
        <source>Parallel residual +</source>
        <translation>Residual paralelo +</translation>
    </message>
    <message>
        <source>Final LayerNorm</source>
        <translation>LayerNorm final</translation>
    </message>
    <message>
        <source>Final RMSNorm</source>
        <translation>RMSNorm final</translation>
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
        <translation>Mira dentro de la atención de los transformers.</translation>
    </message>
    <message>
        <source>Model file or folder, or AttnScope trace file, to open (default: the last one, or the demo).</source>
        <translation>Archivo o carpeta de modelo, o archivo de traza de AttnScope, que abrir (por defecto: el último, o la demo).</translation>
    </message>
    <message>
        <source>Save a PNG of every view into &lt;dir&gt; and quit.</source>
        <translation>Guardar un PNG de cada vista en &lt;dir&gt; y salir.</translation>
    </message>
    <message>
        <source>Start with this text.</source>
        <translation>Empezar con este texto.</translation>
    </message>
    <message>
        <source>Start with head &lt;layer.head&gt; selected.</source>
        <translation>Empezar con la cabeza &lt;layer.head&gt; seleccionada.</translation>
    </message>
    <message>
        <source>Start with a random model, e.g. n_layer=12,n_head=12,n_embed=768,context=1024,vocab=96,seed=1.</source>
        <translation>Empezar con un modelo aleatorio, p. ej. n_layer=12,n_head=12,n_embed=768,context=1024,vocab=96,seed=1.</translation>
    </message>
    <message>
        <source>Window size, e.g. 1600x1000.</source>
        <translation>Tamaño de la ventana, p. ej. 1600x1000.</translation>
    </message>
    <message>
        <source>Compare with this text B on the same model.</source>
        <translation>Comparar con este texto B en el mismo modelo.</translation>
    </message>
    <message>
        <source>Compare with this model B of the same shape (give it several times for a checkpoint timeline).</source>
        <translation>Comparar con este modelo B de la misma forma (repítelo para una cronología de checkpoints).</translation>
    </message>
    <message>
        <source>Show checkpoint &lt;n&gt; (from 0) of the timeline.</source>
        <translation>Mostrar el checkpoint &lt;n&gt; (desde 0) de la cronología.</translation>
    </message>
    <message>
        <source>Compare side-by-side or difference.</source>
        <translation>Comparar lado a lado o como diferencia.</translation>
    </message>
    <message>
        <source>Start with these attention edges blocked, e.g. 2.*:9&gt;4 or *.*:*&gt;5 (layer.head:query&gt;key, * for every one).</source>
        <translation>Empezar con estas aristas de atención bloqueadas, p. ej. 2.*:9&gt;4 o *.*:*&gt;5 (layer.head:query&gt;key, * para todas).</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>no se puede abrir %1: %2</translation>
    </message>
    <message>
        <source>the demo model</source>
        <translation>el modelo demo</translation>
    </message>
</context>
<context>
    <name>render::AblationFigure</name>
    <message>
        <source>Loss change per ablated head · base loss %1</source>
        <translation>Cambio de la pérdida por cabeza desactivada · pérdida base %1</translation>
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
        <translation>Cambio estimado de la pérdida por cabeza desactivada (attribution patching) · pérdida base %1</translation>
    </message>
    <message>
        <source>Direct logit attribution of each head to %1</source>
        <translation>Atribución directa al logit de cada cabeza para %1</translation>
    </message>
</context>
<context>
    <name>render::AttributionFigure</name>
    <message>
        <source>%1 for %2 at position %3 · logit %4</source>
        <translation>%1 para %2 en la posición %3 · logit %4</translation>
    </message>
    <message numerus="yes">
        <source>… %n more token(s) past the figure&apos;s room</source>
        <translation>
            <numerusform>… %n token más no cabe en la figura</numerusform>
            <numerusform>… %n tokens más no caben en la figura</numerusform>
        </translation>
    </message>
    <message>
        <source>Completeness: f(e) − f(0) = %1, sum of the scores = %2</source>
        <translation>Completitud: f(e) − f(0) = %1, suma de las puntuaciones = %2</translation>
    </message>
</context>
<context>
    <name>render::CompareFigure</name>
    <message>
        <source>query</source>
        <translation>consulta</translation>
    </message>
    <message>
        <source>key</source>
        <translation>clave</translation>
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
        <translation>Aún no hay comparación: elige B con Comparar con un texto… o Comparar con un modelo…</translation>
    </message>
    <message>
        <source>L%1 H%2 · A: %3 · B: %4</source>
        <translation>L%1 H%2 · A: %3 · B: %4</translation>
    </message>
    <message>
        <source> · largest |B − A| of %1 × %1 tokens a cell</source>
        <translation> · máximo |B − A| de %1 × %1 tokens por celda</translation>
    </message>
    <message>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <source>B − A, first %1 positions (A has %2, B %3)</source>
        <translation>B − A, primeras %1 posiciones (A tiene %2, B %3)</translation>
    </message>
</context>
<context>
    <name>render::HeadFigure</name>
    <message numerus="yes">
        <source>%n edge(s) knocked out (×)</source>
        <translation>
            <numerusform>%n arista bloqueada (×)</numerusform>
            <numerusform>%n aristas bloqueadas (×)</numerusform>
        </translation>
    </message>
    <message>
        <source>Mask (bidirectional)</source>
        <translation>Máscara (bidireccional)</translation>
    </message>
    <message>
        <source>Mask (causal, sliding window of %1)</source>
        <translation>Máscara (causal, ventana deslizante de %1)</translation>
    </message>
    <message>
        <source>Mask (causal)</source>
        <translation>Máscara (causal)</translation>
    </message>
    <message>
        <source>attention weights</source>
        <translation>pesos de atención</translation>
    </message>
    <message>
        <source>raw scores</source>
        <translation>puntuaciones brutas</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 (KV head %3) · %4</source>
        <translation>Capa %1 · Cabeza %2 (cabeza KV %3) · %4</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 · %3</source>
        <translation>Capa %1 · Cabeza %2 · %3</translation>
    </message>
    <message>
        <source> · max of %1 × %1 tokens a cell</source>
        <translation> · máximo de %1 × %1 tokens por celda</translation>
    </message>
    <message>
        <source> · Layer %1 · Head %2</source>
        <translation> · Capa %1 · Cabeza %2</translation>
    </message>
    <message>
        <source>query</source>
        <translation>consulta</translation>
    </message>
    <message>
        <source>key</source>
        <translation>clave</translation>
    </message>
    <message>
        <source>value-weighted norms ‖α·v W_O‖</source>
        <translation>normas ponderadas por valor ‖α·v W_O‖</translation>
    </message>
</context>
<context>
    <name>render::HeadsGridFigure</name>
    <message>
        <source>Attention weights of every head</source>
        <translation>Pesos de atención de todas las cabezas</translation>
    </message>
    <message>
        <source>each row scaled to its own max</source>
        <translation>cada fila escalada a su propio máximo</translation>
    </message>
    <message>
        <source>log scale</source>
        <translation>escala logarítmica</translation>
    </message>
    <message>
        <source>each tile scaled to its own max</source>
        <translation>cada miniatura escalada a su propio máximo</translation>
    </message>
    <message>
        <source>one scale for all tiles</source>
        <translation>una misma escala para todas las miniaturas</translation>
    </message>
    <message>
        <source>columns grouped by the KV head they share</source>
        <translation>columnas agrupadas por la cabeza KV que comparten</translation>
    </message>
    <message>
        <source>each pixel: the max of its tokens</source>
        <translation>cada píxel: el máximo de sus tokens</translation>
    </message>
    <message>
        <source>each pixel: the mean of its tokens</source>
        <translation>cada píxel: la media de sus tokens</translation>
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
        <translation>Normas ponderadas por valor de cada cabeza</translation>
    </message>
    <message>
        <source>value-weighted norms ‖α·v W_O‖</source>
        <translation>normas ponderadas por valor ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>one scale for all tiles, up to the largest norm of any head</source>
        <translation>una escala para todos los mosaicos, hasta la mayor norma de cualquier cabeza</translation>
    </message>
</context>
<context>
    <name>render::Heatmap</name>
    <message>
        <source>per row:
row max = 1</source>
        <translation>por fila:
máx. de la fila = 1</translation>
    </message>
    <message>
        <source>log; top = 10ⁿ
≥ largest</source>
        <translation>log; arriba = 10ⁿ
≥ el máximo</translation>
    </message>
    <message>
        <source>top = largest
value shown</source>
        <translation>arriba = el mayor
valor mostrado</translation>
    </message>
</context>
<context>
    <name>render::MatrixFigure</name>
    <message>
        <source>attended (allowed)</source>
        <translation>atendida (permitida)</translation>
    </message>
    <message>
        <source>masked (−∞ before softmax)</source>
        <translation>enmascarada (−∞ antes de la softmax)</translation>
    </message>
</context>
<context>
    <name>render::NotedFigure</name>
    <message>
        <source>bidirectional attention (no causal mask)</source>
        <translation>atención bidireccional (sin máscara causal)</translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translation>L%1 H%2</translation>
    </message>
    <message>
        <source>ablated: %1</source>
        <translation>desactivadas: %1</translation>
    </message>
    <message>
        <source>knocked out: %1</source>
        <translation>bloqueadas: %1</translation>
    </message>
</context>
<context>
    <name>render::QueryBarsFigure</name>
    <message>
        <source>Select a query token to see its attention over the keys.</source>
        <translation>Selecciona un token de consulta para ver su atención sobre las claves.</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 · query %3 “%4” · value-weighted norms ‖α·v W_O‖</source>
        <translation>Capa %1 · Cabeza %2 · consulta %3 «%4» · normas ponderadas por valor ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 · query %3 “%4” · attention weights</source>
        <translation>Capa %1 · Cabeza %2 · consulta %3 «%4» · pesos de atención</translation>
    </message>
</context>
<context>
    <name>render::RolloutFigure</name>
    <message>
        <source>position</source>
        <translation>posición</translation>
    </message>
    <message>
        <source>input token</source>
        <translation>token de entrada</translation>
    </message>
    <message>
        <source>Rollout of position %1 “%2” over the input</source>
        <translation>Rollout de la posición %1 «%2» sobre la entrada</translation>
    </message>
    <message>
        <source>log scale</source>
        <translation>escala logarítmica</translation>
    </message>
</context>
<context>
    <name>render::Session</name>
    <message>
        <source>GPT-2 BPE bundled with AttnScope, chosen for a vocabulary of %1 rows</source>
        <translation>BPE de GPT-2 incluido con AttnScope, elegido para un vocabulario de %1 filas</translation>
    </message>
    <message>
        <source>Random model (seed %1)</source>
        <translation>Modelo aleatorio (semilla %1)</translation>
    </message>
</context>
<context>
    <name>render::ShapeFlowFigure</name>
    <message>
        <source>Forward pass · block %1 of %2 shown · head %3 for per-head tensors</source>
        <translation>Pasada hacia delante · bloque %1 de %2 · cabeza %3 para los tensores por cabeza</translation>
    </message>
    <message>
        <source>× %2 blocks · block %1 shown · pre-RMSNorm, attention and MLP in parallel</source>
        <translation>× %2 bloques · bloque %1 mostrado · pre-RMSNorm, atención y MLP en paralelo</translation>
    </message>
    <message>
        <source>× %2 blocks · block %1 shown · pre-LayerNorm, attention and MLP in parallel</source>
        <translation>× %2 bloques · bloque %1 mostrado · pre-LayerNorm, atención y MLP en paralelo</translation>
    </message>
    <message>
        <source>× %2 blocks · block %1 shown · pre-RMSNorm</source>
        <translation>× %2 bloques · bloque %1 mostrado · pre-RMSNorm</translation>
    </message>
    <message>
        <source>× %2 blocks · block %1 shown · pre-LayerNorm</source>
        <translation>× %2 bloques · bloque %1 mostrado · pre-LayerNorm</translation>
    </message>
    <message>
        <source>T tokens</source>
        <translation>T tokens</translation>
    </message>
    <message>
        <source>C model width</source>
        <translation>C anchura del modelo</translation>
    </message>
    <message>
        <source>H heads</source>
        <translation>H cabezas</translation>
    </message>
    <message>
        <source>KV key/value heads</source>
        <translation>KV cabezas de clave/valor</translation>
    </message>
    <message>
        <source>hs head size</source>
        <translation>hs tamaño de cabeza</translation>
    </message>
    <message>
        <source>4C the MLP&apos;s width</source>
        <translation>4C anchura del MLP</translation>
    </message>
    <message>
        <source>F the MLP&apos;s width</source>
        <translation>F anchura del MLP</translation>
    </message>
    <message>
        <source>R positions whose logits are kept</source>
        <translation>R posiciones cuyos logits se guardan</translation>
    </message>
    <message>
        <source>V vocabulary</source>
        <translation>V vocabulario</translation>
    </message>
</context>
<context>
    <name>render::TokenLinesFigure</name>
    <message>
        <source>Layer %1 · Head %2 · token lines</source>
        <translation>Capa %1 · Cabeza %2 · líneas de tokens</translation>
    </message>
    <message>
        <source>Layer %1 · %2 heads overlaid · token lines</source>
        <translation>Capa %1 · %2 cabezas superpuestas · líneas de tokens</translation>
    </message>
    <message>
        <source>query</source>
        <translation>consulta</translation>
    </message>
    <message>
        <source>key (↑ %1 earlier)</source>
        <translation>clave (↑ %1 antes)</translation>
    </message>
    <message>
        <source>key</source>
        <translation>clave</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>cabeza %1</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 · token lines · value-weighted norms</source>
        <translation>Capa %1 · Cabeza %2 · líneas de tokens · normas ponderadas por valor</translation>
    </message>
    <message>
        <source>Layer %1 · %2 heads overlaid · token lines · value-weighted norms</source>
        <translation>Capa %1 · %2 cabezas superpuestas · líneas de tokens · normas ponderadas por valor</translation>
    </message>
</context>
<context>
    <name>session::Attribution</name>
    <message>
        <source>Gradient norm</source>
        <translation>Norma del gradiente</translation>
    </message>
    <message>
        <source>Gradient × input</source>
        <translation>Gradiente × entrada</translation>
    </message>
    <message>
        <source>Integrated gradients (%1 steps)</source>
        <translation>Gradientes integrados (%1 pasos)</translation>
    </message>
    <message>
        <source>Relevance</source>
        <translation>Relevancia</translation>
    </message>
</context>
<context>
    <name>session::Views</name>
    <message>
        <source>H&amp;eads</source>
        <translation>&amp;Cabezas</translation>
    </message>
    <message>
        <source>Heads grid</source>
        <translation>Cuadrícula de cabezas</translation>
    </message>
    <message>
        <source>every head of every layer as a small heatmap</source>
        <translation>cada cabeza de cada capa como un pequeño mapa de calor</translation>
    </message>
    <message>
        <source>Head &amp;detail</source>
        <translation>&amp;Detalle</translation>
    </message>
    <message>
        <source>Head detail</source>
        <translation>Detalle de cabeza</translation>
    </message>
    <message>
        <source>&amp;Mask</source>
        <translation>&amp;Máscara</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>Máscara</translation>
    </message>
    <message>
        <source>which keys each query may attend to</source>
        <translation>a qué claves puede atender cada consulta</translation>
    </message>
    <message>
        <source>Sh&amp;ape flow</source>
        <translation>&amp;Formas</translation>
    </message>
    <message>
        <source>Shape flow</source>
        <translation>Flujo de formas</translation>
    </message>
    <message>
        <source>the tensors of one block&apos;s forward pass with their shapes</source>
        <translation>los tensores de la pasada hacia delante de un bloque, con sus formas</translation>
    </message>
    <message>
        <source>Token &amp;lines</source>
        <translation>&amp;Líneas</translation>
    </message>
    <message>
        <source>Token lines</source>
        <translation>Líneas de tokens</translation>
    </message>
    <message>
        <source>BertViz-style lines from each query to the keys it attends to</source>
        <translation>líneas al estilo de BertViz desde cada consulta hasta las claves a las que atiende</translation>
    </message>
    <message>
        <source>Rollou&amp;t</source>
        <translation>&amp;Rollout</translation>
    </message>
    <message>
        <source>Attention rollout</source>
        <translation>Rollout de atención</translation>
    </message>
    <message>
        <source>attention rolled out through every layer (Abnar &amp; Zuidema, 2020)</source>
        <translation>atención propagada a través de todas las capas (Abnar &amp; Zuidema, 2020)</translation>
    </message>
    <message>
        <source>A&amp;blation</source>
        <translation>A&amp;blación</translation>
    </message>
    <message>
        <source>Ablation scan</source>
        <translation>Barrido de ablación</translation>
    </message>
    <message>
        <source>the change in the text&apos;s loss when each head alone is ablated</source>
        <translation>el cambio en la pérdida del texto cuando se desactiva cada cabeza por separado</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>C&amp;omparar</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Comparar</translation>
    </message>
    <message>
        <source>one head of two texts, or of two models of one shape, and B − A</source>
        <translation>una cabeza de dos textos, o de dos modelos de la misma forma, y B − A</translation>
    </message>
    <message>
        <source>Attributio&amp;n</source>
        <translation>Atribución (&amp;w)</translation>
    </message>
    <message>
        <source>Attribution</source>
        <translation>Atribución</translation>
    </message>
    <message>
        <source>which tokens mattered for a prediction: gradients, integrated gradients, relevance; each head&apos;s direct logit attribution; the logit lens</source>
        <translation>qué tokens importaron para una predicción: gradientes, gradientes integrados, relevancia; la atribución directa al logit de cada cabeza; el logit lens</translation>
    </message>
    <message>
        <source>one head&apos;s full T x T weights (or raw scores or value-weighted norms) with tokens on both axes</source>
        <translation>los pesos T × T completos de una cabeza (o puntuaciones brutas o normas ponderadas por valor) con tokens en ambos ejes</translation>
    </message>
</context>
</TS>
