<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR">
<context>
    <name>AblationView</name>
    <message>
        <source>&amp;Scan every head</source>
        <translation>&amp;Varrer todas as cabeças</translation>
    </message>
    <message>
        <source>Run the model once per head with that head ablated and show how the text&apos;s loss changes (Ctrl+Shift+A)</source>
        <translation>Executar o modelo uma vez por cabeça, com essa cabeça desativada, e mostrar como muda a perda do texto (Ctrl+Shift+A)</translation>
    </message>
    <message>
        <source>Ablating each head in turn…</source>
        <translation>Desativando cada cabeça por vez…</translation>
    </message>
    <message>
        <source>Click a head to ablate it, or to turn it back on.</source>
        <translation>Clique em uma cabeça para desativá-la ou reativá-la.</translation>
    </message>
    <message>
        <source>Estimated time on this machine: %1.</source>
        <translation>Tempo estimado nesta máquina: %1.</translation>
    </message>
    <message>
        <source>Scanning…</source>
        <translation>Varrendo…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Ablation scan</source>
        <translation>Varredura de ablação</translation>
    </message>
    <message>
        <source>under a second</source>
        <translation>menos de um segundo</translation>
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
        <translation>Varredura cancelada.</translation>
    </message>
    <message>
        <source>Ablating each head in turn… %1.</source>
        <translation>Desativando cada cabeça por vez… %1.</translation>
    </message>
    <message numerus="yes">
        <source>An estimate from one backward pass (attribution patching); the scan measures each head exactly: %n forward pass(es).</source>
        <translation>
            <numerusform>Uma estimativa a partir de uma única retropropagação (attribution patching); a varredura mede cada cabeça exatamente: %n passagem direta.</numerusform>
            <numerusform>Uma estimativa a partir de uma única retropropagação (attribution patching); a varredura mede cada cabeça exatamente: %n passagens diretas.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A scan takes %n forward pass(es).</source>
        <translation>
            <numerusform>Uma varredura exige %n passagem direta.</numerusform>
            <numerusform>Uma varredura exige %n passagens diretas.</numerusform>
        </translation>
    </message>
    <message>
        <source>less than a second left</source>
        <translation>falta menos de um segundo</translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation>faltam cerca de %1</translation>
    </message>
</context>
<context>
    <name>AttentionTextPanel</name>
    <message>
        <source>Text coloured by attention</source>
        <translation>Texto colorido pela atenção</translation>
    </message>
    <message>
        <source>Attention of the selected query over the text</source>
        <translation>Atenção da consulta selecionada sobre o texto</translation>
    </message>
    <message>
        <source>Token %1 “%2”: weight %3</source>
        <translation>Token %1 “%2”: peso %3</translation>
    </message>
    <message>
        <source>Token %1 “%2”: norm %3</source>
        <translation>Token %1 “%2”: norma %3</translation>
    </message>
    <message>
        <source>Token %1 “%2”: raw score %3</source>
        <translation>Token %1 “%2”: pontuação bruta %3</translation>
    </message>
    <message>
        <source>%1 · value-weighted norms ‖α·v W_O‖ of query %2 “%3”</source>
        <translation>%1 · normas ponderadas por valor ‖α·v W_O‖ da consulta %2 “%3”</translation>
    </message>
    <message>
        <source>%1 · raw scores of query %2 “%3”</source>
        <translation>%1 · pontuações brutas da consulta %2 “%3”</translation>
    </message>
    <message>
        <source>%1 · attention weights of query %2 “%3”</source>
        <translation>%1 · pesos de atenção da consulta %2 “%3”</translation>
    </message>
</context>
<context>
    <name>AttributionView</name>
    <message>
        <source>&amp;Score by:</source>
        <translation>Pon&amp;tuar por:</translation>
    </message>
    <message>
        <source>How each token&apos;s share is measured: relevance (gradient-weighted attention through every layer), the gradient&apos;s size, gradient × input, or integrated gradients</source>
        <translation>Como a parte de cada token é medida: relevância (atenção ponderada pelo gradiente através de todas as camadas), o tamanho do gradiente, gradiente × entrada ou gradientes integrados</translation>
    </message>
    <message>
        <source>Ne&amp;xt token</source>
        <translation>Próximo to&amp;ken</translation>
    </message>
    <message>
        <source>Explain the text&apos;s next token again (or the top prediction at the last position) instead of the token chosen in Predictions</source>
        <translation>Explicar de novo o próximo token do texto (ou a previsão mais provável na última posição) em vez do token escolhido em Previsões</translation>
    </message>
    <message>
        <source>Logit lens</source>
        <translation>Logit lens</translation>
    </message>
    <message>
        <source>The prediction read after every block: the target&apos;s probability and the most probable tokens</source>
        <translation>A previsão lida depois de cada bloco: a probabilidade do alvo e os tokens mais prováveis</translation>
    </message>
    <message>
        <source>Attribution</source>
        <translation>Atribuição</translation>
    </message>
    <message>
        <source>A trace file holds attention only: attributions need the model.</source>
        <translation>Um arquivo de trace só contém a atenção: as atribuições precisam do modelo.</translation>
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
        <translation>Calculando os gradientes…</translation>
    </message>
    <message>
        <source>“%1” at position %2</source>
        <translation>“%1” na posição %2</translation>
    </message>
    <message>
        <source>The token chosen in Predictions.</source>
        <translation>O token escolhido em Previsões.</translation>
    </message>
    <message>
        <source>The next token. Click a token to move P.</source>
        <translation>O próximo token. Clique em um token para mover P.</translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message>
        <source>The selected head of text A beside text or model B, and their difference B − A</source>
        <translation>A cabeça selecionada para o texto A ao lado do texto ou modelo B, e a diferença B − A</translation>
    </message>
    <message>
        <source>Te&amp;xt B:</source>
        <translation>&amp;Texto B:</translation>
    </message>
    <message>
        <source>Type a second text to compare with the text above, on the same model</source>
        <translation>Digite um segundo texto para comparar com o texto acima, no mesmo modelo</translation>
    </message>
    <message>
        <source>B: a second text on the same model (Ctrl+Shift+D). Cropped to the context like the text above.</source>
        <translation>B: um segundo texto no mesmo modelo (Ctrl+Shift+D). Cortado ao contexto como o texto acima.</translation>
    </message>
    <message>
        <source>Compare w&amp;ith model…</source>
        <translation>Comparar com &amp;um modelo…</translation>
    </message>
    <message>
        <source>B: the same text on another model of the same shape (Ctrl+Shift+M)</source>
        <translation>B: o mesmo texto em outro modelo do mesmo formato (Ctrl+Shift+M)</translation>
    </message>
    <message>
        <source>Compare with chec&amp;kpoints…</source>
        <translation>Comparar com chec&amp;kpoints…</translation>
    </message>
    <message>
        <source>B: several checkpoints of one run, one at a time; step with Alt+PgUp and Alt+PgDown (Ctrl+Alt+M)</source>
        <translation>B: vários checkpoints de um mesmo treinamento, um por vez; avance e volte com Alt+PgUp e Alt+PgDown (Ctrl+Alt+M)</translation>
    </message>
    <message>
        <source>Stop comparin&amp;g</source>
        <translation>&amp;Parar de comparar</translation>
    </message>
    <message>
        <source>Forget B: the view and the head statistics show A alone</source>
        <translation>Esquecer B: a visualização e as estatísticas das cabeças mostram só A</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>Visuali&amp;zar:</translation>
    </message>
    <message>
        <source>A | B | B − A</source>
        <translation>A | B | B − A</translation>
    </message>
    <message>
        <source>Difference B − A</source>
        <translation>Diferença B − A</translation>
    </message>
    <message>
        <source>Side by side with the difference, or the difference alone (Ctrl+Alt+D)</source>
        <translation>Lado a lado com a diferença, ou só a diferença (Ctrl+Alt+D)</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ Voltar</translation>
    </message>
    <message>
        <source>The previous checkpoint as B (Alt+PgUp)</source>
        <translation>O checkpoint anterior como B (Alt+PgUp)</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>Seguinte ▶</translation>
    </message>
    <message>
        <source>The next checkpoint as B (Alt+PgDown)</source>
        <translation>O próximo checkpoint como B (Alt+PgDown)</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>Checkpoint</translation>
    </message>
    <message>
        <source>Which checkpoint is B</source>
        <translation>Qual checkpoint é B</translation>
    </message>
    <message>
        <source>C&amp;ompare</source>
        <translation>C&amp;omparar</translation>
    </message>
    <message>
        <source>Compare with &amp;text…</source>
        <translation>Comparar com um &amp;texto…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+D</source>
        <translation>Ctrl+Shift+D</translation>
    </message>
    <message>
        <source>Compare with &amp;model…</source>
        <translation>Comparar com um &amp;modelo…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+M</source>
        <translation>Ctrl+Shift+M</translation>
    </message>
    <message>
        <source>Compare with &amp;checkpoints…</source>
        <translation>Comparar com &amp;checkpoints…</translation>
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
        <translation>&amp;Próximo checkpoint</translation>
    </message>
    <message>
        <source>Alt+PgDown</source>
        <translation>Alt+PgDown</translation>
    </message>
    <message>
        <source>&amp;Difference only</source>
        <translation>Só a &amp;diferença</translation>
    </message>
    <message>
        <source>Ctrl+Alt+D</source>
        <translation>Ctrl+Alt+D</translation>
    </message>
    <message>
        <source>&amp;Stop comparing</source>
        <translation>Pa&amp;rar de comparar</translation>
    </message>
    <message>
        <source>Loading model B…</source>
        <translation>Carregando o modelo B…</translation>
    </message>
    <message>
        <source>Running B…</source>
        <translation>Calculando B…</translation>
    </message>
    <message>
        <source>Compare with model</source>
        <translation>Comparar com modelo</translation>
    </message>
    <message>
        <source>Models (*.safetensors *.pt *.pth *.bin *.ckpt);;All files (*)</source>
        <translation>Modelos (*.safetensors *.pt *.pth *.bin *.ckpt);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>Compare with checkpoints of one run</source>
        <translation>Comparar com checkpoints de um treinamento</translation>
    </message>
    <message>
        <source>Checkpoint %1 of %2: %3</source>
        <translation>Checkpoint %1 de %2: %3</translation>
    </message>
    <message>
        <source>Choose B: type a second text, or compare with another model of the same shape.</source>
        <translation>Escolha B: digite um segundo texto ou compare com outro modelo do mesmo formato.</translation>
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
            <numerusform>A diferença cobre só a primeira posição.</numerusform>
            <numerusform>A diferença cobre as primeiras %n posições.</numerusform>
        </translation>
    </message>
    <message>
        <source>Text B is longer than the model&apos;s context: only its last %1 tokens are used (%2 dropped).</source>
        <translation>O texto B é mais longo que o contexto do modelo: só os últimos %1 tokens são usados (%2 descartados).</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>The input is not valid.</source>
        <translation>A entrada não é válida.</translation>
    </message>
    <message>
        <source>The file could not be read or written.</source>
        <translation>Não foi possível ler ou gravar o arquivo.</translation>
    </message>
    <message>
        <source>This is not a model format AttnScope can read.</source>
        <translation>Este não é um formato de modelo que o AttnScope consegue ler.</translation>
    </message>
    <message>
        <source>The file is damaged or inconsistent.</source>
        <translation>O arquivo está danificado ou inconsistente.</translation>
    </message>
    <message>
        <source>The file is truncated.</source>
        <translation>O arquivo está truncado.</translation>
    </message>
    <message>
        <source>The file stores numbers in a type AttnScope cannot read.</source>
        <translation>O arquivo armazena números em um tipo que o AttnScope não consegue ler.</translation>
    </message>
    <message>
        <source>A tensor in the file has the wrong shape for this model.</source>
        <translation>Um tensor do arquivo tem o formato errado para este modelo.</translation>
    </message>
    <message>
        <source>A tensor the model needs is missing from the file.</source>
        <translation>Falta no arquivo um tensor de que o modelo precisa.</translation>
    </message>
    <message>
        <source>The file holds a tensor this model does not use.</source>
        <translation>O arquivo contém um tensor que este modelo não usa.</translation>
    </message>
    <message>
        <source>The file names the same tensor twice.</source>
        <translation>O arquivo nomeia o mesmo tensor duas vezes.</translation>
    </message>
    <message>
        <source>The file asks for more memory than any model needs; it was not loaded.</source>
        <translation>O arquivo pede mais memória do que qualquer modelo precisa; ele não foi carregado.</translation>
    </message>
    <message>
        <source>The checkpoint tries to run code; AttnScope never runs code from files.</source>
        <translation>O checkpoint tenta executar código; o AttnScope nunca executa código vindo de arquivos.</translation>
    </message>
    <message>
        <source>The text is longer than the model&apos;s context.</source>
        <translation>O texto é mais longo que o contexto do modelo.</translation>
    </message>
    <message>
        <source>There is nothing to run: type some text.</source>
        <translation>Não há nada para calcular: digite algum texto.</translation>
    </message>
    <message>
        <source>The text is not valid UTF-8.</source>
        <translation>O texto não é UTF-8 válido.</translation>
    </message>
    <message>
        <source>No tokenizer was found for this model.</source>
        <translation>Nenhum tokenizador foi encontrado para este modelo.</translation>
    </message>
    <message>
        <source>The tokenizer file could not be read; the model itself is fine.</source>
        <translation>Não foi possível ler o arquivo do tokenizador; o modelo em si está em ordem.</translation>
    </message>
    <message>
        <source>The run was cancelled.</source>
        <translation>O cálculo foi cancelado.</translation>
    </message>
    <message>
        <source>This would take far too long to compute for a text this long.</source>
        <translation>Calcular isto para um texto tão longo levaria tempo demais.</translation>
    </message>
    <message>
        <source>Something went wrong.</source>
        <translation>Algo deu errado.</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export preview</source>
        <translation>Prévia da exportação</translation>
    </message>
    <message>
        <source>No figure yet.</source>
        <translation>Ainda não há figura.</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportar</translation>
    </message>
    <message>
        <source>PNG image</source>
        <translation>Imagem PNG</translation>
    </message>
    <message>
        <source>SVG vector figure</source>
        <translation>Figura vetorial SVG</translation>
    </message>
    <message>
        <source>PDF vector figure</source>
        <translation>Figura vetorial PDF</translation>
    </message>
    <message>
        <source>CSV: one head&apos;s matrix</source>
        <translation>CSV: a matriz de uma cabeça</translation>
    </message>
    <message>
        <source>NPY: numpy array (+ tokens)</source>
        <translation>NPY: array do NumPy (+ tokens)</translation>
    </message>
    <message>
        <source>JSON: tokens, shapes and weights</source>
        <translation>JSON: tokens, formatos e pesos</translation>
    </message>
    <message>
        <source> dpi</source>
        <translation> dpi</translation>
    </message>
    <message>
        <source> in</source>
        <translation> pol</translation>
    </message>
    <message>
        <source>&amp;Keep proportions</source>
        <translation>Manter &amp;proporções</translation>
    </message>
    <message>
        <source>&amp;Natural size</source>
        <translation>Tamanho &amp;natural</translation>
    </message>
    <message>
        <source>Embedded image</source>
        <translation>Imagem incorporada</translation>
    </message>
    <message>
        <source>One rectangle per cell</source>
        <translation>Um retângulo por célula</translation>
    </message>
    <message>
        <source>How SVG and PDF hold a heatmap: one image, or a vector rectangle for every cell.</source>
        <translation>Como o SVG e o PDF guardam um mapa de calor: uma única imagem ou um retângulo vetorial por célula.</translation>
    </message>
    <message>
        <source> pt</source>
        <translation> pt</translation>
    </message>
    <message>
        <source>&amp;Title</source>
        <translation>Tít&amp;ulo</translation>
    </message>
    <message>
        <source>Colour &amp;bar</source>
        <translation>&amp;Barra de cores</translation>
    </message>
    <message>
        <source>R&amp;un note</source>
        <translation>Nota de &amp;execução</translation>
    </message>
    <message>
        <source>A line under the figure naming bidirectional attention and ablated heads, when the run had either.</source>
        <translation>Uma linha abaixo da figura que indica a atenção bidirecional e as cabeças desativadas, quando a execução teve uma delas.</translation>
    </message>
    <message>
        <source>one row per layer</source>
        <translation>uma linha por camada</translation>
    </message>
    <message>
        <source>all layers</source>
        <translation>todas as camadas</translation>
    </message>
    <message>
        <source>Layers to show, e.g. 0,2; empty for every layer.</source>
        <translation>Camadas a mostrar, p. ex. 0,2; vazio para todas as camadas.</translation>
    </message>
    <message>
        <source>Also save the figure &amp;recipe (.recipe.json)</source>
        <translation>Salvar também a rece&amp;ita da figura (.recipe.json)</translation>
    </message>
    <message>
        <source>Model, hash, text, view and style, so that “attnscope-cli export --recipe” draws the identical figure again.</source>
        <translation>Modelo, hash, texto, visualização e estilo, para que “attnscope-cli export --recipe” desenhe a mesma figura de novo.</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Formato:</translation>
    </message>
    <message>
        <source>Resolut&amp;ion:</source>
        <translation>&amp;Resolução:</translation>
    </message>
    <message>
        <source>Si&amp;ze:</source>
        <translation>&amp;Tamanho:</translation>
    </message>
    <message>
        <source>&amp;Heatmap cells:</source>
        <translation>&amp;Células do mapa:</translation>
    </message>
    <message>
        <source>F&amp;ont size:</source>
        <translation>Tamanho da f&amp;onte:</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>Mostrar:</translation>
    </message>
    <message>
        <source>&amp;Columns:</source>
        <translation>Co&amp;lunas:</translation>
    </message>
    <message>
        <source>&amp;Layers:</source>
        <translation>Ca&amp;madas:</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>&amp;Salvar…</translation>
    </message>
    <message>
        <source>Cop&amp;y image</source>
        <translation>Copiar ima&amp;gem</translation>
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
        <translation>%1 × %2 pixels ultrapassa o limite de %3 milhões: escolha um tamanho ou uma resolução menor, ou SVG ou PDF.</translation>
    </message>
    <message>
        <source>CSV holds one head&apos;s matrix; choose NPY or JSON for several heads.</source>
        <translation>O CSV guarda a matriz de uma única cabeça; escolha NPY ou JSON para várias cabeças.</translation>
    </message>
    <message>
        <source>Writes %1 of shape (%2) as float32, with the token strings.</source>
        <translation>Grava “%1”, de formato (%2), como float32, com o texto dos tokens.</translation>
    </message>
    <message>
        <source>A random model has no file, so no recipe can name it; save the model to export a recipe.</source>
        <translation>Um modelo aleatório não tem arquivo, então nenhuma receita pode apontar para ele; salve o modelo para exportar uma receita.</translation>
    </message>
    <message>
        <source>The model is still running on the latest text; the export waits for it.</source>
        <translation>O modelo ainda está calculando o texto mais recente; a exportação vai esperar.</translation>
    </message>
    <message>
        <source>There is nothing to export yet: the model has not run.</source>
        <translation>Ainda não há nada para exportar: o modelo não foi executado.</translation>
    </message>
    <message>
        <source>Writing “%1”…</source>
        <translation>Gravando “%1”…</translation>
    </message>
    <message>
        <source>Export cancelled: “%1” was not written.</source>
        <translation>Exportação cancelada: “%1” não foi gravado.</translation>
    </message>
    <message>
        <source>AttnScope could not export “%1”.

%2</source>
        <translation>O AttnScope não conseguiu exportar “%1”.

%2</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>Arquivos %1 (*.%2)</translation>
    </message>
    <message>
        <source>“%1” already exists. Replace it?</source>
        <translation>“%1” já existe. Substituir?</translation>
    </message>
    <message>
        <source>Copy image</source>
        <translation>Copiar imagem</translation>
    </message>
    <message>
        <source>AttnScope could not copy the figure.

%1</source>
        <translation>O AttnScope não conseguiu copiar a figura.

%1</translation>
    </message>
    <message>
        <source>This figure cannot be exported as %1. The Format list shows what it can be exported as.</source>
        <translation>Esta figura não pode ser exportada como %1. A lista Formato mostra como ela pode ser exportada.</translation>
    </message>
</context>
<context>
    <name>GenerateDialog</name>
    <message>
        <source>Generate</source>
        <translation>Gerar</translation>
    </message>
    <message>
        <source>G&amp;reedy: always the most probable token</source>
        <translation>&amp;Guloso: sempre o token mais provável</translation>
    </message>
    <message>
        <source>Sa&amp;mpled with a seed</source>
        <translation>&amp;Amostragem com semente</translation>
    </message>
    <message>
        <source>every token</source>
        <translation>todos os tokens</translation>
    </message>
    <message>
        <source>Go on past the &amp;end-of-text token</source>
        <translation>Continuar depois do token de &amp;fim de texto</translation>
    </message>
    <message>
        <source>&amp;New tokens:</source>
        <translation>&amp;Novos tokens:</translation>
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
        <translation>&amp;Semente:</translation>
    </message>
    <message>
        <source>&amp;Generate</source>
        <translation>G&amp;erar</translation>
    </message>
</context>
<context>
    <name>GenerationBar</name>
    <message>
        <source>Generation step</source>
        <translation>Passo da geração</translation>
    </message>
    <message>
        <source>Every view shows the run as it was when this step&apos;s token was chosen</source>
        <translation>Cada visualização mostra a execução como estava quando o token deste passo foi escolhido</translation>
    </message>
    <message>
        <source>Step through the generation (arrow keys, Home, End)</source>
        <translation>Percorrer a geração passo a passo (setas, Home, End)</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Reproduzir</translation>
    </message>
    <message>
        <source>Step through the generation a token at a time</source>
        <translation>Percorrer a geração um token por vez</translation>
    </message>
    <message numerus="yes">
        <source>Generating: %n token(s)…</source>
        <translation>
            <numerusform>Gerando: %n token…</numerusform>
            <numerusform>Gerando: %n tokens…</numerusform>
        </translation>
    </message>
    <message>
        <source>Esc stops</source>
        <translation>Esc para parar</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>Passo %1 de %2</translation>
    </message>
    <message numerus="yes">
        <source>All %n new token(s)</source>
        <translation>
            <numerusform>%n token novo</numerusform>
            <numerusform>Todos os %n tokens novos</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped after the tokens asked for</source>
        <translation>Parou após os tokens pedidos</translation>
    </message>
    <message>
        <source>Stopped at the end-of-text token</source>
        <translation>Parou no token de fim de texto</translation>
    </message>
    <message>
        <source>Stopped at the end of the model&apos;s context</source>
        <translation>Parou no fim do contexto do modelo</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Interrompida</translation>
    </message>
    <message>
        <source>%1 · %2 tokens/s</source>
        <translation>%1 · %2 tokens/s</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausar</translation>
    </message>
</context>
<context>
    <name>GuideDialog</name>
    <message>
        <source>Before attention and before the MLP every block normalises each token&apos;s vector. This model uses &lt;b&gt;RMSNorm&lt;/b&gt;: x / √(mean(x²) + ε) · w, with ε = %1. LayerNorm (GPT-2) first subtracts the vector&apos;s mean and divides by its standard deviation, (x − mean) / √(var + ε) · w + b; RMSNorm leaves out the mean and the bias b and only scales the vector to a root mean square of 1 before multiplying by the learned weights w. The trace&apos;s ln1, ln2 and ln_f hold the RMSNorm outputs.</source>
        <translation>Antes da atenção e antes do MLP, cada bloco normaliza o vetor de cada token. Este modelo usa &lt;b&gt;RMSNorm&lt;/b&gt;: x / √(mean(x²) + ε) · w, com ε = %1. A LayerNorm (GPT-2) primeiro subtrai a média do vetor e divide pelo desvio padrão, (x − mean) / √(var + ε) · w + b; a RMSNorm deixa de fora a média e o viés b e apenas escala o vetor para uma raiz da média quadrática de 1 antes de multiplicar pelos pesos aprendidos w. ln1, ln2 e ln_f no trace contêm as saídas da RMSNorm.</translation>
    </message>
    <message>
        <source>This model also applies an RMSNorm to each head&apos;s q and k (over the head size), before RoPE, which keeps the scores within a steady range.</source>
        <translation>Este modelo também aplica uma RMSNorm a q e k de cada cabeça (sobre o tamanho da cabeça), antes da RoPE, o que mantém as pontuações numa faixa estável.</translation>
    </message>
    <message>
        <source>RMSNorm instead of LayerNorm</source>
        <translation>RMSNorm em vez de LayerNorm</translation>
    </message>
    <message>
        <source>Of each head&apos;s %1 dimensions, &lt;b&gt;%2&lt;/b&gt; are rotated</source>
        <translation>Das %1 dimensões de cada cabeça, &lt;b&gt;%2&lt;/b&gt; são rotacionadas</translation>
    </message>
    <message>
        <source> (partial rotary: %1% of the head size, %2 × %3 = %4); the other %5 pass through unchanged</source>
        <translation> (rotação parcial: %1% do tamanho da cabeça, %2 × %3 = %4); as outras %5 passam sem alteração</translation>
    </message>
    <message>
        <source>This model has no table of position vectors (embed.position is zero): positions enter through &lt;b&gt;rotary position embeddings&lt;/b&gt; (RoPE). After the projections, each head&apos;s query and key are turned by angles that grow with the token&apos;s position. %1.</source>
        <translation>Este modelo não tem uma tabela de vetores de posição (embed.position é zero): as posições entram por meio de &lt;b&gt;embeddings de posição rotativos&lt;/b&gt; (RoPE). Depois das projeções, a consulta e a chave de cada cabeça são giradas por ângulos que crescem com a posição do token. %1.</translation>
    </message>
    <message>
        <source>The rotated dimensions are split into two halves, x₁ (the first %1) and x₂ (the next %1); rotate_half(x) = (−x₂, x₁), and a token at position p gets q′ = q · cos(p·f) + rotate_half(q) · sin(p·f), the same for k. So each pair (x[i], x[i + %1]) turns in its own plane by the angle p · f&lt;sub&gt;i&lt;/sub&gt;, with f&lt;sub&gt;i&lt;/sub&gt; = 1 / rope_theta&lt;sup&gt;2i/%2&lt;/sup&gt; for i = 0 … %3. Here &lt;b&gt;rope_theta = %4&lt;/b&gt;: the fastest pair turns 1 radian per token (a full turn every 6.3 tokens), the slowest %5 radians per token (a full turn every %6 tokens)%7.</source>
        <translation>As dimensões rotacionadas são divididas em duas metades, x₁ (as primeiras %1) e x₂ (as %1 seguintes); rotate_half(x) = (−x₂, x₁), e um token na posição p recebe q′ = q · cos(p·f) + rotate_half(q) · sin(p·f), e o mesmo para k. Assim, cada par (x[i], x[i + %1]) gira no próprio plano pelo ângulo p · f&lt;sub&gt;i&lt;/sub&gt;, com f&lt;sub&gt;i&lt;/sub&gt; = 1 / rope_theta&lt;sup&gt;2i/%2&lt;/sup&gt; para i = 0 … %3. Aqui &lt;b&gt;rope_theta = %4&lt;/b&gt;: o par mais rápido gira 1 radiano por token (uma volta completa a cada 6,3 tokens), e o mais lento %5 radianos por token (uma volta completa a cada %6 tokens)%7.</translation>
    </message>
    <message>
        <source>, before the scaling below</source>
        <translation>, antes do escalonamento descrito abaixo</translation>
    </message>
    <message>
        <source>Why this encodes &lt;i&gt;relative&lt;/i&gt; position: a rotation keeps lengths and only changes angles. A query at position m is turned by m·f&lt;sub&gt;i&lt;/sub&gt;, a key at position n by n·f&lt;sub&gt;i&lt;/sub&gt;, so in their dot product only the difference (m − n)·f&lt;sub&gt;i&lt;/sub&gt; is left. A score q′ · k′ therefore depends on what the two tokens are and on how far apart they are, not on where they stand in the text; the fast pairs tell near distances apart, the slow pairs far ones.</source>
        <translation>Por que isso codifica a posição &lt;i&gt;relativa&lt;/i&gt;: uma rotação preserva comprimentos e só muda ângulos. Uma consulta na posição m é girada por m·f&lt;sub&gt;i&lt;/sub&gt; e uma chave na posição n por n·f&lt;sub&gt;i&lt;/sub&gt;, então no produto escalar delas só sobra a diferença (m − n)·f&lt;sub&gt;i&lt;/sub&gt;. Uma pontuação q′ · k′ depende, portanto, de quais são os dois tokens e de quão distantes estão, não de onde estão no texto; os pares rápidos distinguem distâncias curtas, os lentos, distâncias longas.</translation>
    </message>
    <message>
        <source>&lt;b&gt;rope_scaling: linear&lt;/b&gt;, factor %1: every frequency is divided by %1, as if the positions were %1 times closer together, so %1 times as many tokens fit into the angles the model was trained on.</source>
        <translation>&lt;b&gt;rope_scaling: linear&lt;/b&gt;, fator %1: cada frequência é dividida por %1, como se as posições estivessem %1 vezes mais próximas, de modo que cabem %1 vezes mais tokens nos ângulos com que o modelo foi treinado.</translation>
    </message>
    <message>
        <source>&lt;b&gt;rope_scaling: llama3&lt;/b&gt; (factor %1, low_freq_factor %2, high_freq_factor %3, original_max_position_embeddings %4): frequencies whose wavelength 2π / f is longer than %4 / %2 = %5 tokens are divided by %1, those shorter than %4 / %3 = %6 tokens are kept, and those in between are blended between the two. Here %7 of the %8 frequencies change.</source>
        <translation>&lt;b&gt;rope_scaling: llama3&lt;/b&gt; (factor %1, low_freq_factor %2, high_freq_factor %3, original_max_position_embeddings %4): as frequências cujo comprimento de onda 2π / f é maior que %4 / %2 = %5 tokens são divididas por %1, as menores que %4 / %3 = %6 tokens são mantidas, e as intermediárias são interpoladas entre os dois casos. Aqui mudam %7 das %8 frequências.</translation>
    </message>
    <message>
        <source>The q and k that the scores are made from, and that the trace keeps (blk.L.attn.q and .k in the Shape flow&apos;s tensor list), are after RoPE%1; so Head detail&apos;s raw scores and weights already include the positions.</source>
        <translation>As q e k a partir das quais as pontuações são calculadas, e que o trace guarda (blk.L.attn.q e .k na lista de tensores do fluxo de formatos), são as de depois da RoPE%1; por isso as pontuações brutas e os pesos do detalhe da cabeça já incluem as posições.</translation>
    </message>
    <message>
        <source> (and after the q/k RMSNorm)</source>
        <translation> (e depois da RMSNorm de q/k)</translation>
    </message>
    <message>
        <source>Positions: rotary embeddings (RoPE)</source>
        <translation>Posições: embeddings rotativos (RoPE)</translation>
    </message>
    <message>
        <source>H%1–H%2 read KV head %3</source>
        <translation>H%1–H%2 leem a cabeça KV %3</translation>
    </message>
    <message>
        <source>The &lt;b&gt;n_head = %1&lt;/b&gt; query heads share &lt;b&gt;n_kv_head = %2&lt;/b&gt; key/value heads. The key and value projections make only %2 heads, (T, n_kv_head × head_size) = (%3, %4), while the queries are (%3, %5). Each KV head serves a group of n_head / n_kv_head = &lt;b&gt;%6&lt;/b&gt; neighbouring query heads: query head h reads KV head h / %6, rounded down (%7).</source>
        <translation>As &lt;b&gt;n_head = %1&lt;/b&gt; cabeças de consulta compartilham &lt;b&gt;n_kv_head = %2&lt;/b&gt; cabeças de chave/valor. As projeções de chave e valor produzem só %2 cabeças, (T, n_kv_head × head_size) = (%3, %4), enquanto as consultas são (%3, %5). Cada cabeça KV atende a um grupo de n_head / n_kv_head = &lt;b&gt;%6&lt;/b&gt; cabeças de consulta vizinhas: a cabeça de consulta h lê a cabeça KV h / %6, arredondado para baixo (%7).</translation>
    </message>
    <message>
        <source>&lt;b&gt;repeat_kv&lt;/b&gt; copies each KV head %1 times, (n_kv_head, T, head_size) → (n_head, T, head_size), and from there attention runs as with one key and value per head. The heads of a group see the same keys and values but ask their own queries, so their weights still differ. The trace keeps k and v after repeat_kv; the Heads grid draws each group under a “KV” header, and Head detail names the KV head.</source>
        <translation>&lt;b&gt;repeat_kv&lt;/b&gt; copia cada cabeça KV %1 vezes, (n_kv_head, T, head_size) → (n_head, T, head_size), e daí em diante a atenção funciona como se houvesse uma chave e um valor por cabeça. As cabeças de um grupo veem as mesmas chaves e valores, mas fazem as próprias consultas, então seus pesos ainda diferem. O trace guarda k e v depois do repeat_kv; a grade de cabeças desenha cada grupo sob um cabeçalho “KV”, e o detalhe da cabeça informa a cabeça KV.</translation>
    </message>
    <message>
        <source>What this saves is the &lt;b&gt;KV cache&lt;/b&gt;, the keys and values a model keeps for every past token while it generates: per token %1 layers × 2 (k and v) × %2 KV heads × head_size %3 = &lt;b&gt;%4&lt;/b&gt; numbers, where one key and value per query head would need %5, %6 times as many. In 16-bit floats that is %7 instead of %8 per token, and %9 instead of %10 for the full context of %11 tokens.</source>
        <translation>O que isso economiza é o &lt;b&gt;cache KV&lt;/b&gt;, as chaves e valores que um modelo guarda de cada token passado enquanto gera: por token, %1 camadas × 2 (k e v) × %2 cabeças KV × head_size %3 = &lt;b&gt;%4&lt;/b&gt; números, onde uma chave e um valor por cabeça de consulta exigiriam %5, %6 vezes mais. Em ponto flutuante de 16 bits, são %7 em vez de %8 por token, e %9 em vez de %10 para o contexto completo de %11 tokens.</translation>
    </message>
    <message>
        <source>Grouped-query attention (GQA)</source>
        <translation>Atenção com consultas agrupadas (GQA)</translation>
    </message>
    <message>
        <source>Each query sees at most its last &lt;b&gt;sliding_window = %1&lt;/b&gt; keys, itself included: key k is allowed for query q when q − %1 &lt; k ≤ q. Keys farther back are masked like the future ones (the Mask view draws the band and its title names the window). Earlier tokens still reach it through the layers: each layer passes information up to %2 positions on, so after %3 layers up to %4 positions back.</source>
        <translation>Cada consulta vê no máximo suas últimas &lt;b&gt;sliding_window = %1&lt;/b&gt; chaves, incluindo a si mesma: a chave k é permitida para a consulta q quando q − %1 &lt; k ≤ q. Chaves mais distantes são mascaradas como as futuras (a visualização Máscara desenha a faixa e o título dela informa a janela). Tokens anteriores ainda a alcançam através das camadas: cada camada leva informação até %2 posições adiante, então depois de %3 camadas, até %4 posições para trás.</translation>
    </message>
    <message>
        <source>With the causal mask, the window leaves %1 of your %2 × %2 pairs.</source>
        <translation>Com a máscara causal, a janela deixa %1 dos seus %2 × %2 pares.</translation>
    </message>
    <message>
        <source>Sliding-window attention</source>
        <translation>Atenção com janela deslizante</translation>
    </message>
    <message>
        <source>After attention each token goes through the MLP on its own. Here it is gated: &lt;b&gt;down(%1(gate(x)) * up(x))&lt;/b&gt;. gate and up each map the token&apos;s %2 numbers to &lt;b&gt;%3&lt;/b&gt; (intermediate_size); %4 is applied to the gate, and the two are multiplied element by element, so the gate decides how much of each up feature passes; down maps the %3 back to %2. That is three %2 × %3 matrices (%5 weights per layer) where GPT-2&apos;s MLP has two. In the trace, mlp.hidden is gate(x) and mlp.act is %1(gate(x)) * up(x).</source>
        <translation>Depois da atenção, cada token passa sozinho pelo MLP. Aqui ele tem porta (gated): &lt;b&gt;down(%1(gate(x)) * up(x))&lt;/b&gt;. gate e up levam cada um os %2 números do token para &lt;b&gt;%3&lt;/b&gt; (intermediate_size); %4 é aplicada ao gate, e os dois são multiplicados elemento a elemento, de modo que o gate decide quanto de cada característica de up passa; down leva os %3 de volta para %2. São três matrizes %2 × %3 (%5 pesos por camada), onde o MLP do GPT-2 tem duas. No trace, mlp.hidden é gate(x) e mlp.act é %1(gate(x)) * up(x).</translation>
    </message>
    <message>
        <source>silu(z) = z · sigmoid(z)</source>
        <translation>silu(z) = z · sigmoid(z)</translation>
    </message>
    <message>
        <source>The gated MLP (SwiGLU)</source>
        <translation>O MLP com porta (SwiGLU)</translation>
    </message>
    <message>
        <source>The gated MLP</source>
        <translation>O MLP com porta</translation>
    </message>
    <message>
        <source>Guide: how attention works</source>
        <translation>Guia: como funciona a atenção</translation>
    </message>
    <message>
        <source>Guide</source>
        <translation>Guia</translation>
    </message>
    <message>
        <source>How attention works in this model</source>
        <translation>Como a atenção funciona neste modelo</translation>
    </message>
    <message>
        <source>No model is open. Open one (File ▸ Open model…) or make a random one (File ▸ New random model…) and this guide fills in its numbers.</source>
        <translation>Nenhum modelo está aberto. Abra um (Arquivo ▸ Abrir modelo…) ou crie um aleatório (Arquivo ▸ Novo modelo aleatório…) e este guia será preenchido com os números dele.</translation>
    </message>
    <message>
        <source>Your model has &lt;b&gt;n_layer = %1&lt;/b&gt; layers, each with &lt;b&gt;n_head = %2&lt;/b&gt; attention heads. Every token is a vector of &lt;b&gt;n_embed = %3&lt;/b&gt; numbers; the config sets the &lt;b&gt;head size&lt;/b&gt; itself, &lt;b&gt;head_dim = %4&lt;/b&gt;, so the heads side by side are n_head × head_dim = %5 wide rather than n_embed. </source>
        <translation>Seu modelo tem &lt;b&gt;n_layer = %1&lt;/b&gt; camadas, cada uma com &lt;b&gt;n_head = %2&lt;/b&gt; cabeças de atenção. Cada token é um vetor de &lt;b&gt;n_embed = %3&lt;/b&gt; números; a configuração define o próprio &lt;b&gt;tamanho da cabeça&lt;/b&gt;, &lt;b&gt;head_dim = %4&lt;/b&gt;, então as cabeças lado a lado ocupam n_head × head_dim = %5 em vez de n_embed. </translation>
    </message>
    <message>
        <source>Your model has &lt;b&gt;n_layer = %1&lt;/b&gt; layers, each with &lt;b&gt;n_head = %2&lt;/b&gt; attention heads. Every token is a vector of &lt;b&gt;n_embed = %3&lt;/b&gt; numbers, and each head works on its own slice of them: the &lt;b&gt;head size&lt;/b&gt; is n_embed / n_head = %3 / %2 = &lt;b&gt;%4&lt;/b&gt;. </source>
        <translation>Seu modelo tem &lt;b&gt;n_layer = %1&lt;/b&gt; camadas, cada uma com &lt;b&gt;n_head = %2&lt;/b&gt; cabeças de atenção. Cada token é um vetor de &lt;b&gt;n_embed = %3&lt;/b&gt; números, e cada cabeça trabalha com sua própria fatia deles: o &lt;b&gt;tamanho da cabeça&lt;/b&gt; é n_embed / n_head = %3 / %2 = &lt;b&gt;%4&lt;/b&gt;. </translation>
    </message>
    <message>
        <source>Your text is &lt;b&gt;T = %1&lt;/b&gt; tokens long.</source>
        <translation>Seu texto tem &lt;b&gt;T = %1&lt;/b&gt; tokens.</translation>
    </message>
    <message>
        <source>Type some text to see T, the number of tokens, filled in.</source>
        <translation>Digite algum texto para ver aqui T, o número de tokens.</translation>
    </message>
    <message>
        <source>Query, key and value</source>
        <translation>Consulta, chave e valor</translation>
    </message>
    <message>
        <source>A layer receives the text as a matrix x of shape (T, n_embed) = %1. Three linear maps turn it into the &lt;b&gt;queries&lt;/b&gt; (what each token is looking for), the &lt;b&gt;keys&lt;/b&gt; (what each token offers to be found by) and the &lt;b&gt;values&lt;/b&gt; (what it passes on when found). Each is again %1, split into the heads: (T, n_embed) → (n_head, T, head_size), here %1 → %2.</source>
        <translation>Uma camada recebe o texto como uma matriz x de formato (T, n_embed) = %1. Três transformações lineares a convertem nas &lt;b&gt;consultas&lt;/b&gt; (queries: o que cada token procura), nas &lt;b&gt;chaves&lt;/b&gt; (keys: o que cada token oferece para ser encontrado) e nos &lt;b&gt;valores&lt;/b&gt; (values: o que ele repassa quando é encontrado). Cada uma é de novo %1 e é dividida entre as cabeças: (T, n_embed) → (n_head, T, head_size), aqui %1 → %2.</translation>
    </message>
    <message>
        <source>(Here the projections make n_head × head_dim = %1 numbers per token, not n_embed: %2 → %3.)</source>
        <translation>(Aqui as projeções produzem n_head × head_dim = %1 números por token, não n_embed: %2 → %3.)</translation>
    </message>
    <message>
        <source>Keys and values have fewer heads here; see Grouped-query attention below.</source>
        <translation>Aqui as chaves e os valores têm menos cabeças; veja Atenção com consultas agrupadas, mais abaixo.</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>Pontuações</translation>
    </message>
    <message>
        <source>In each head every query is compared with every key: score = q · k / √head_size. That is one number per (query, key) pair, %1 for all heads of a layer. Dividing by √%2 = %3 keeps the scores from growing with the head size. Head detail ▸ Show ▸ Raw scores draws them.</source>
        <translation>Em cada cabeça, cada consulta é comparada com cada chave: pontuação = q · k / √head_size. É um número por par (consulta, chave), %1 para todas as cabeças de uma camada. Dividir por √%2 = %3 impede que as pontuações cresçam com o tamanho da cabeça. Detalhe ▸ Mostrar ▸ Pontuações brutas as desenha.</translation>
    </message>
    <message>
        <source>The causal mask</source>
        <translation>A máscara causal</translation>
    </message>
    <message>
        <source>A causal model may only look back: token t sees tokens 0 … t and never the ones after it. The scores above the diagonal are set to −∞ before the softmax, so their weights are exactly 0 (grey in the views; the Mask view shows the mask, and Run ▸ Causal attention turns it off).</source>
        <translation>Um modelo causal só pode olhar para trás: o token t vê os tokens 0 … t e nunca os que vêm depois. As pontuações acima da diagonal recebem −∞ antes da softmax, então seus pesos são exatamente 0 (em cinza nas visualizações; a visualização Máscara mostra a máscara, e Execução ▸ Atenção causal a desliga).</translation>
    </message>
    <message>
        <source>Of your %1 × %1 = %2 pairs, %3 are allowed.</source>
        <translation>Dos seus %1 × %1 = %2 pares, %3 são permitidos.</translation>
    </message>
    <message>
        <source>Softmax: the attention weights</source>
        <translation>Softmax: os pesos de atenção</translation>
    </message>
    <message>
        <source>Each query&apos;s row of scores goes through a softmax: every weight becomes positive and the row sums to 1. These weights are what the Heads grid and Head detail draw: one row per query, one column per key, %1 numbers per layer.</source>
        <translation>A linha de pontuações de cada consulta passa por uma softmax: cada peso fica positivo e a linha soma 1. São esses os pesos que a grade de cabeças e o detalhe da cabeça desenham: uma linha por consulta, uma coluna por chave, %1 números por camada.</translation>
    </message>
    <message>
        <source>What a head passes on</source>
        <translation>O que uma cabeça repassa</translation>
    </message>
    <message>
        <source>Each head mixes the values with its weights, giving %1; the heads are joined again, (n_head, T, head_size) → (T, n_embed) = %2, and a last linear map (the projection) adds the result to the token&apos;s vector. Ablating a head (Run ▸ Ablate selected head) sets its part to zero.</source>
        <translation>Cada cabeça mistura os valores com seus pesos, o que dá %1; as cabeças são unidas de novo, (n_head, T, head_size) → (T, n_embed) = %2, e uma última transformação linear (a projeção) soma o resultado ao vetor do token. Desativar uma cabeça (Execução ▸ Desativar cabeça selecionada) zera a contribuição dela.</translation>
    </message>
    <message>
        <source>(Here the joined heads are %1, and the projection maps them back to n_embed = %2.)</source>
        <translation>(Aqui as cabeças unidas são %1, e a projeção as leva de volta para n_embed = %2.)</translation>
    </message>
    <message>
        <source>Reading the views</source>
        <translation>Como ler as visualizações</translation>
    </message>
    <message>
        <source>Heads grid: %1 tiles, one row per layer (L0 … L%2) and one column per head (H0 … H%3); hover a tile for its strongest key. Head detail: one head&apos;s full map, query down the side, key along the top; zoom with the wheel, type in “Go to token” to find a token.</source>
        <translation>Grade de cabeças: %1 miniaturas, uma linha por camada (L0 … L%2) e uma coluna por cabeça (H0 … H%3); passe o mouse sobre uma miniatura para ver sua chave mais forte. Detalhe da cabeça: o mapa completo de uma cabeça, consultas na lateral e chaves no topo; dê zoom com a roda do mouse e digite em “Ir para o token” para encontrar um token.</translation>
    </message>
</context>
<context>
    <name>HeadDetailView</name>
    <message>
        <source>Head detail</source>
        <translation>Detalhe da cabeça</translation>
    </message>
    <message>
        <source>Go to token (Ctrl+F)</source>
        <translation>Ir para o token (Ctrl+F)</translation>
    </message>
    <message>
        <source>Go to token</source>
        <translation>Ir para o token</translation>
    </message>
    <message>
        <source>Go to token result</source>
        <translation>Resultado de “Ir para o token”</translation>
    </message>
    <message>
        <source>query %1 “%2” → key %3 “%4”   weight %5</source>
        <translation>consulta %1 “%2” → chave %3 “%4”   peso %5</translation>
    </message>
    <message>
        <source>knocked out</source>
        <translation>bloqueada</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>mascarada</translation>
    </message>
    <message>
        <source>query %1 “%2” → key %3 “%4”   weight %5   score %6</source>
        <translation>consulta %1 “%2” → chave %3 “%4”   peso %5   pontuação %6</translation>
    </message>
    <message>
        <source>No text has been run yet.</source>
        <translation>Nenhum texto foi calculado ainda.</translation>
    </message>
    <message>
        <source>Selected cell: query %1 “%2”, key %3 “%4”, weight %5.</source>
        <translation>Célula selecionada: consulta %1 “%2”, chave %3 “%4”, peso %5.</translation>
    </message>
    <message>
        <source>Type some text to see this head.</source>
        <translation>Digite algum texto para ver esta cabeça.</translation>
    </message>
    <message>
        <source>token %1 · match %2 of %3</source>
        <translation>token %1 · ocorrência %2 de %3</translation>
    </message>
    <message>
        <source>no token contains “%1”</source>
        <translation>nenhum token contém “%1”</translation>
    </message>
    <message>
        <source>Block edge %1→%2 in this head</source>
        <translation>Bloquear a aresta %1→%2 nesta cabeça</translation>
    </message>
    <message>
        <source>Block edge %1→%2 in every head of layer %3</source>
        <translation>Bloquear a aresta %1→%2 em todas as cabeças da camada %3</translation>
    </message>
    <message>
        <source>Block every edge into key %1 (all layers and heads)</source>
        <translation>Bloquear todas as arestas para a chave %1 (todas as camadas e cabeças)</translation>
    </message>
    <message>
        <source>Clear knockouts (%1)</source>
        <translation>Remover os knockouts (%1)</translation>
    </message>
    <message>
        <source>   norm %1</source>
        <translation>   norma %1</translation>
    </message>
    <message>
        <source>Type text to find it in the tokens, even across several; Enter selects the next match as the query.</source>
        <translation>Digite um texto para encontrá-lo nos tokens, mesmo abrangendo vários; Enter escolhe a próxima ocorrência como consulta.</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es) · Enter goes to the next</source>
        <translation>
            <numerusform>%n ocorrência · Enter vai para a próxima</numerusform>
            <numerusform>%n ocorrências · Enter vai para a próxima</numerusform>
        </translation>
    </message>
    <message>
        <source>tokens %1–%2 · match %3 of %4</source>
        <translation>tokens %1–%2 · ocorrência %3 de %4</translation>
    </message>
    <message>
        <source>Its value-weighted norm: %1.</source>
        <translation>Sua norma ponderada por valor: %1.</translation>
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
        <translation>sumidouro</translation>
    </message>
    <message>
        <source>self</source>
        <translation>si mesmo</translation>
    </message>
    <message>
        <source>induction</source>
        <translation>indução</translation>
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
        <translation>Média sobre as consultas de -Σ w·ln w, em nats</translation>
    </message>
    <message>
        <source>Mean weight on the previous token</source>
        <translation>Peso médio no token anterior</translation>
    </message>
    <message>
        <source>Mean weight on the first token (the sink)</source>
        <translation>Peso médio no primeiro token (o sumidouro)</translation>
    </message>
    <message>
        <source>Mean weight on the query&apos;s own token</source>
        <translation>Peso médio no próprio token da consulta</translation>
    </message>
    <message>
        <source>Probe: weight on the token after the earlier occurrence of the current token</source>
        <translation>Sonda: peso no token que vem depois da ocorrência anterior do token atual</translation>
    </message>
    <message>
        <source>Probe: weight on the earlier occurrence of the current token</source>
        <translation>Sonda: peso na ocorrência anterior do token atual</translation>
    </message>
    <message>
        <source>Compare: B&apos;s entropy minus A&apos;s</source>
        <translation>Comparação: entropia de B menos a de A</translation>
    </message>
    <message>
        <source>Compare: B&apos;s previous-token score minus A&apos;s</source>
        <translation>Comparação: pontuação de token anterior de B menos a de A</translation>
    </message>
    <message>
        <source>Compare: B&apos;s first-token score minus A&apos;s</source>
        <translation>Comparação: pontuação de primeiro token de B menos a de A</translation>
    </message>
    <message>
        <source>Compare: B&apos;s self score minus A&apos;s</source>
        <translation>Comparação: pontuação de si mesmo de B menos a de A</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Camada</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>Cabeça</translation>
    </message>
    <message>
        <source>Entropy</source>
        <translation>Entropia</translation>
    </message>
    <message>
        <source>Prev token</source>
        <translation>Token ant.</translation>
    </message>
    <message>
        <source>First token</source>
        <translation>Primeiro token</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>Si mesmo</translation>
    </message>
    <message>
        <source>Induction</source>
        <translation>Indução</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Duplicado</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>Rótulos</translation>
    </message>
    <message>
        <source>Δ entropy</source>
        <translation>Δ entropia</translation>
    </message>
    <message>
        <source>Δ prev token</source>
        <translation>Δ token ant.</translation>
    </message>
    <message>
        <source>Δ first token</source>
        <translation>Δ primeiro token</translation>
    </message>
    <message>
        <source>Δ self</source>
        <translation>Δ si mesmo</translation>
    </message>
    <message>
        <source>Each head&apos;s weight from query %1 to key %2: sort by it to rank the heads that move attention there</source>
        <translation>O peso de cada cabeça da consulta %1 para a chave %2: ordene por ele para ver primeiro as cabeças que levam a atenção para lá</translation>
    </message>
    <message>
        <source>Choose a cell in a head&apos;s map (a query and a key): this column gives every head&apos;s weight on it</source>
        <translation>Escolha uma célula no mapa de uma cabeça (uma consulta e uma chave): esta coluna dá o peso de cada cabeça nela</translation>
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
        <translation>Estatísticas das cabeças</translation>
    </message>
    <message>
        <source>Run &amp;probes</source>
        <translation>Executar &amp;sondas</translation>
    </message>
    <message>
        <source>Statistics of every head</source>
        <translation>Estatísticas de todas as cabeças</translation>
    </message>
    <message>
        <source>The probes run the model: a trace file holds attention weights only</source>
        <translation>As sondas executam o modelo: um arquivo de trace só contém pesos de atenção</translation>
    </message>
    <message>
        <source>Computing statistics…</source>
        <translation>Calculando estatísticas…</translation>
    </message>
    <message>
        <source>Computing statistics… %1%</source>
        <translation>Calculando estatísticas… %1%</translation>
    </message>
    <message>
        <source>No statistics: %1</source>
        <translation>Sem estatísticas: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n head(s) on %1 tokens</source>
        <translation>
            <numerusform>%n cabeça em %1 tokens</numerusform>
            <numerusform>%n cabeças em %1 tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>Running the probes…</source>
        <translation>Executando as sondas…</translation>
    </message>
    <message>
        <source>Score induction and duplicate-token heads on a synthetic sequence of repeated random tokens (independent of your text)</source>
        <translation>Pontuar cabeças de indução e de token duplicado em uma sequência sintética de tokens aleatórios repetidos (independente do seu texto)</translation>
    </message>
    <message>
        <source>The model is too small for the probes.</source>
        <translation>O modelo é pequeno demais para as sondas.</translation>
    </message>
    <message>
        <source>Probes done.</source>
        <translation>Sondas concluídas.</translation>
    </message>
</context>
<context>
    <name>HeadsGridView</name>
    <message>
        <source>Heads grid</source>
        <translation>Grade de cabeças</translation>
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
        <translation>Média</translation>
    </message>
    <message>
        <source>How the tokens that share a pixel of a tile are combined: max keeps one strong key visible, mean shows where the weight lies on average.</source>
        <translation>Como os tokens que dividem um pixel de uma miniatura são combinados: o máximo mantém visível uma chave forte isolada, a média mostra onde o peso fica em média.</translation>
    </message>
    <message>
        <source>Pooling</source>
        <translation>Pooling</translation>
    </message>
    <message>
        <source>T&amp;iles:</source>
        <translation>Miniat&amp;uras:</translation>
    </message>
    <message>
        <source>Each to its own max</source>
        <translation>Cada uma no próprio máximo</translation>
    </message>
    <message>
        <source>One shared scale</source>
        <translation>Uma escala comum</translation>
    </message>
    <message>
        <source>Scale each tile to its own brightest pixel, so weak heads in a long text still show their pattern, or draw all tiles on one scale to compare heads.</source>
        <translation>Escalar cada miniatura pelo seu pixel mais claro, para que cabeças fracas em um texto longo ainda mostrem seu padrão, ou desenhar todas as miniaturas numa mesma escala para comparar cabeças.</translation>
    </message>
    <message>
        <source>Tile scale</source>
        <translation>Escala das miniaturas</translation>
    </message>
    <message>
        <source>Zoom out (−)</source>
        <translation>Diminuir zoom (−)</translation>
    </message>
    <message>
        <source>Zoom in (+, Ctrl+wheel)</source>
        <translation>Aumentar zoom (+, Ctrl+roda do mouse)</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Ajustar</translation>
    </message>
    <message>
        <source>Fit the grid to the view (0)</source>
        <translation>Ajustar a grade à visualização (0)</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Calculando…</translation>
    </message>
    <message>
        <source>Type some text to see attention.</source>
        <translation>Digite algum texto para ver a atenção.</translation>
    </message>
    <message>
        <source>ablated</source>
        <translation>desativada</translation>
    </message>
    <message>
        <source>query %1 “%2”: top key %3 “%4”, weight %5</source>
        <translation>consulta %1 “%2”: chave principal %3 “%4”, peso %5</translation>
    </message>
    <message>
        <source>Labels: %1</source>
        <translation>Rótulos: %1</translation>
    </message>
    <message>
        <source>Click to open in detail; Ctrl+click only selects.</source>
        <translation>Clique para abrir em detalhe; Ctrl+clique só seleciona.</translation>
    </message>
    <message>
        <source>No text has been run yet.</source>
        <translation>Nenhum texto foi calculado ainda.</translation>
    </message>
    <message>
        <source>%1 of %2 layers × %3 heads selected.</source>
        <translation>%1 selecionada, de %2 camadas × %3 cabeças.</translation>
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
        <translation>Após o bloco</translation>
    </message>
    <message>
        <source>p(target)</source>
        <translation>p(alvo)</translation>
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
        <translation>Cache do Hugging Face</translation>
    </message>
    <message>
        <source>Added folder</source>
        <translation>Pasta adicionada</translation>
    </message>
    <message>
        <source>Open local model</source>
        <translation>Abrir modelo local</translation>
    </message>
    <message>
        <source>Search by name, source or architecture</source>
        <translation>Buscar por nome, origem ou arquitetura</translation>
    </message>
    <message>
        <source>Search the local models</source>
        <translation>Buscar nos modelos locais</translation>
    </message>
    <message>
        <source>&amp;Search:</source>
        <translation>&amp;Buscar:</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Origem</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>Arquitetura</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Tamanho</translation>
    </message>
    <message>
        <source>Opens</source>
        <translation>Abre</translation>
    </message>
    <message>
        <source>Local models</source>
        <translation>Modelos locais</translation>
    </message>
    <message>
        <source>&amp;Folders</source>
        <translation>&amp;Pastas</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>A&amp;tualizar</translation>
    </message>
    <message>
        <source>Search again (F5)</source>
        <translation>Buscar de novo (F5)</translation>
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
        <translation>Não abre: %1</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>sim</translation>
    </message>
    <message>
        <source>no: %1</source>
        <translation>não: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s), %1 open</source>
        <translation>
            <numerusform>%n modelo, %1 abre</numerusform>
            <numerusform>%n modelos, %1 abrem</numerusform>
        </translation>
    </message>
    <message>
        <source>No models were found in %1. Folders ▸ Add folder… searches another folder.</source>
        <translation>Nenhum modelo encontrado em %1. Pastas ▸ Adicionar pasta… busca em outra pasta.</translation>
    </message>
    <message>
        <source>No model matches “%1”.</source>
        <translation>Nenhum modelo corresponde a “%1”.</translation>
    </message>
    <message>
        <source>%1
Opens: %2, %3.</source>
        <translation>%1
Abre: %2, %3.</translation>
    </message>
    <message>
        <source>architecture read when it opens</source>
        <translation>arquitetura lida ao abrir</translation>
    </message>
    <message>
        <source>%1
Does not open: %2</source>
        <translation>%1
Não abre: %2</translation>
    </message>
    <message>
        <source>Add a folder of models</source>
        <translation>Adicionar uma pasta de modelos</translation>
    </message>
    <message>
        <source>&amp;Add folder…</source>
        <translation>&amp;Adicionar pasta…</translation>
    </message>
    <message>
        <source>Remove “%1”</source>
        <translation>Remover “%1”</translation>
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
        <translation>Texto a calcular</translation>
    </message>
    <message>
        <source>Type or paste text here; every edit re-runs the model.</source>
        <translation>Digite ou cole o texto aqui; cada alteração executa o modelo de novo.</translation>
    </message>
    <message>
        <source>Run mode</source>
        <translation>Modo de execução</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>All layers</source>
        <translation>Todas as camadas</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>Camada %1</translation>
    </message>
    <message>
        <source>%1 (trace file) — AttnScope</source>
        <translation>%1 (arquivo de trace) — AttnScope</translation>
    </message>
    <message>
        <source>%1 — AttnScope</source>
        <translation>%1 — AttnScope</translation>
    </message>
    <message>
        <source>Cannot open model</source>
        <translation>Não foi possível abrir o modelo</translation>
    </message>
    <message>
        <source>AttnScope could not open “%1”.

%2</source>
        <translation>O AttnScope não conseguiu abrir “%1”.

%2</translation>
    </message>
    <message>
        <source>the demo model</source>
        <translation>o modelo de demonstração</translation>
    </message>
    <message>
        <source>Cannot open tokenizer</source>
        <translation>Não foi possível abrir o tokenizador</translation>
    </message>
    <message>
        <source>AttnScope could not read the tokenizer “%1”.

%2</source>
        <translation>O AttnScope não conseguiu ler o tokenizador “%1”.

%2</translation>
    </message>
    <message>
        <source>Open model</source>
        <translation>Abrir modelo</translation>
    </message>
    <message>
        <source>Open model folder</source>
        <translation>Abrir pasta de modelo</translation>
    </message>
    <message>
        <source>Open trace file</source>
        <translation>Abrir arquivo de trace</translation>
    </message>
    <message>
        <source>AttnScope trace files (*.safetensors);;All files (*)</source>
        <translation>Arquivos de trace do AttnScope (*.safetensors);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>Cannot open trace file</source>
        <translation>Não foi possível abrir o arquivo de trace</translation>
    </message>
    <message>
        <source>“%1” is not an AttnScope trace file: a trace file is a safetensors file whose metadata says &quot;format&quot;: &quot;attnscope-trace&quot; (resources/tools/capture_attention.py writes one). To open a model, use File ▸ Open model….</source>
        <translation>“%1” não é um arquivo de trace do AttnScope: um arquivo de trace é um arquivo safetensors cujos metadados dizem &quot;format&quot;: &quot;attnscope-trace&quot; (resources/tools/capture_attention.py grava um). Para abrir um modelo, use Arquivo ▸ Abrir modelo….</translation>
    </message>
    <message>
        <source>Needs the model: a trace file holds attention weights only</source>
        <translation>Precisa do modelo: um arquivo de trace só contém pesos de atenção</translation>
    </message>
    <message>
        <source>Text (kept for models; the trace file has its own tokens)</source>
        <translation>Texto (mantido para modelos; o arquivo de trace tem os próprios tokens)</translation>
    </message>
    <message>
        <source>Cannot create model</source>
        <translation>Não foi possível criar o modelo</translation>
    </message>
    <message>
        <source>

Looked in:
%1</source>
        <translation>

Locais procurados:
%1</translation>
    </message>
    <message>
        <source>Choose a tokenizer</source>
        <translation>Escolha um tokenizador</translation>
    </message>
    <message>
        <source>“%1” carries no tokenizer and none was found beside it. Choose a tokenizer file (encoder.json, vocab.json, tokenizer.json or *.tiktoken), or, for a character-level model, build its vocabulary from the text it was trained on (its sorted set of characters, as tutorials do). Without either, type token ids separated by commas.%2</source>
        <translation>“%1” não traz tokenizador e nenhum foi encontrado ao lado dele. Escolha um arquivo de tokenizador (encoder.json, vocab.json, tokenizer.json ou *.tiktoken) ou, para um modelo em nível de caracteres, construa o vocabulário a partir do texto em que ele foi treinado (o conjunto ordenado dos seus caracteres, como fazem os tutoriais). Sem nenhum dos dois, digite ids de tokens separados por vírgulas.%2</translation>
    </message>
    <message>
        <source>Choose tokenizer file…</source>
        <translation>Escolher arquivo de tokenizador…</translation>
    </message>
    <message>
        <source>Build from a text file…</source>
        <translation>Construir a partir de um arquivo de texto…</translation>
    </message>
    <message>
        <source>Type token ids</source>
        <translation>Digitar ids de tokens</translation>
    </message>
    <message>
        <source>Training text</source>
        <translation>Texto de treinamento</translation>
    </message>
    <message>
        <source>Text (*.txt *.md);;All files (*)</source>
        <translation>Texto (*.txt *.md);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>Choose tokenizer</source>
        <translation>Escolher tokenizador</translation>
    </message>
    <message>
        <source>Tokenizers (*.json *.bpe *.txt *.tiktoken);;All files (*)</source>
        <translation>Tokenizadores (*.json *.bpe *.txt *.tiktoken);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>Cannot build the vocabulary</source>
        <translation>Não foi possível construir o vocabulário</translation>
    </message>
    <message>
        <source>Open text</source>
        <translation>Abrir texto</translation>
    </message>
    <message>
        <source>Cannot open text</source>
        <translation>Não foi possível abrir o texto</translation>
    </message>
    <message>
        <source>Text repaired</source>
        <translation>Texto reparado</translation>
    </message>
    <message>
        <source>This view has no figure to copy yet.</source>
        <translation>Esta visualização ainda não tem figura para copiar.</translation>
    </message>
    <message>
        <source>Figure copied to the clipboard.</source>
        <translation>Figura copiada para a área de transferência.</translation>
    </message>
    <message>
        <source>Nothing copied: %1</source>
        <translation>Nada foi copiado: %1</translation>
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
        <translation>Threads: %1</translation>
    </message>
    <message>
        <source>trace file: nothing runs</source>
        <translation>arquivo de trace: nada é executado</translation>
    </message>
    <message>
        <source>bidirectional</source>
        <translation>atenção bidirecional</translation>
    </message>
    <message numerus="yes">
        <source>%n head(s) ablated</source>
        <translation>
            <numerusform>%n cabeça desativada</numerusform>
            <numerusform>%n cabeças desativadas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n knockout(s) active</source>
        <translation>
            <numerusform>%n knockout ativo</numerusform>
            <numerusform>%n knockouts ativos</numerusform>
        </translation>
    </message>
    <message>
        <source>Settings cannot be saved to “%1”: recent models, the window layout and your choices will not be remembered.</source>
        <translation>Não é possível salvar as configurações em “%1”: os modelos recentes, o layout da janela e suas escolhas não serão lembrados.</translation>
    </message>
    <message>
        <source>Predictions</source>
        <translation>Previsões</translation>
    </message>
    <message>
        <source>Head statistics</source>
        <translation>Estatísticas das cabeças</translation>
    </message>
    <message>
        <source>Text by attention</source>
        <translation>Texto pela atenção</translation>
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
        <translation>Varredura de &amp;ablação</translation>
    </message>
    <message>
        <source>Ctrl+Shift+A</source>
        <translation>Ctrl+Shift+A</translation>
    </message>
    <message>
        <source>Block the selected e&amp;dge in the selected head</source>
        <translation>&amp;Bloquear a aresta selecionada na cabeça atual</translation>
    </message>
    <message>
        <source>Ctrl+B</source>
        <translation>Ctrl+B</translation>
    </message>
    <message>
        <source>Block every edge into the selected ke&amp;y</source>
        <translation>Bloquear todas as arestas para a chave &amp;selecionada</translation>
    </message>
    <message>
        <source>Ctrl+Shift+B</source>
        <translation>Ctrl+Shift+B</translation>
    </message>
    <message>
        <source>Clear knocko&amp;uts</source>
        <translation>Remover os k&amp;nockouts</translation>
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
        <translation>&amp;Arquivo</translation>
    </message>
    <message>
        <source>&amp;Open model…</source>
        <translation>&amp;Abrir modelo…</translation>
    </message>
    <message>
        <source>Open model &amp;folder…</source>
        <translation>Abrir &amp;pasta de modelo…</translation>
    </message>
    <message>
        <source>&amp;New random model…</source>
        <translation>&amp;Novo modelo aleatório…</translation>
    </message>
    <message>
        <source>Open t&amp;race file…</source>
        <translation>Abrir arquivo de t&amp;race…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+R</source>
        <translation>Ctrl+Shift+R</translation>
    </message>
    <message>
        <source>Open &amp;demo model</source>
        <translation>Abrir modelo de &amp;demonstração</translation>
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
        <translation>Escolher &amp;tokenizador…</translation>
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
        <translation>&amp;Copiar figura</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Sair</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>E&amp;xibir</translation>
    </message>
    <message>
        <source>Next head</source>
        <translation>Próxima cabeça</translation>
    </message>
    <message>
        <source>Alt+Right</source>
        <translation>Alt+Right</translation>
    </message>
    <message>
        <source>Previous head</source>
        <translation>Cabeça anterior</translation>
    </message>
    <message>
        <source>Alt+Left</source>
        <translation>Alt+Left</translation>
    </message>
    <message>
        <source>Next layer</source>
        <translation>Próxima camada</translation>
    </message>
    <message>
        <source>Alt+Down</source>
        <translation>Alt+Down</translation>
    </message>
    <message>
        <source>Previous layer</source>
        <translation>Camada anterior</translation>
    </message>
    <message>
        <source>Alt+Up</source>
        <translation>Alt+Up</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>&amp;Painéis</translation>
    </message>
    <message>
        <source>&amp;Colour map</source>
        <translation>&amp;Mapa de cores</translation>
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
        <translation>Tons de cinza</translation>
    </message>
    <message>
        <source>&amp;Scale</source>
        <translation>&amp;Escala</translation>
    </message>
    <message>
        <source>Linear</source>
        <translation>Linear</translation>
    </message>
    <message>
        <source>Logarithmic</source>
        <translation>Logarítmica</translation>
    </message>
    <message>
        <source>Row-normalised</source>
        <translation>Normalizada por linha</translation>
    </message>
    <message>
        <source>&amp;Query bars from 0 to 1</source>
        <translation>&amp;Barras da consulta de 0 a 1</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Execução</translation>
    </message>
    <message>
        <source>&amp;Causal attention</source>
        <translation>Atenção &amp;causal</translation>
    </message>
    <message>
        <source>Ctrl+M</source>
        <translation>Ctrl+M</translation>
    </message>
    <message>
        <source>&amp;Ablate selected head</source>
        <translation>&amp;Desativar cabeça selecionada</translation>
    </message>
    <message>
        <source>Ctrl+K</source>
        <translation>Ctrl+K</translation>
    </message>
    <message>
        <source>&amp;Refuse text longer than the context</source>
        <translation>&amp;Recusar textos maiores que o contexto</translation>
    </message>
    <message>
        <source>&amp;Threads</source>
        <translation>&amp;Threads</translation>
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
        <translation>Manter os pesos de atenção de todas as cabeças enquanto couberem em %1 MB; acima disso, recalcular exatamente uma cabeça quando ela for exibida</translation>
    </message>
    <message>
        <source>Attention &amp;memory</source>
        <translation>&amp;Memória de atenção</translation>
    </message>
    <message>
        <source>Acti&amp;vation memory</source>
        <translation>Memória de ati&amp;vações</translation>
    </message>
    <message>
        <source>Keep every layer&apos;s activations while they fit in %1 MB; past that, keep k, v and each layer&apos;s output, and compute a layer&apos;s other tensors again exactly when they are shown</source>
        <translation>Manter as ativações de cada camada enquanto couberem em %1 MB; acima disso, manter k, v e a saída de cada camada, e recalcular exatamente os demais tensores de uma camada quando forem exibidos</translation>
    </message>
    <message>
        <source>&amp;Key and value memory</source>
        <translation>Memória de chaves e valores (&amp;KV)</translation>
    </message>
    <message>
        <source>Past the activation memory, keep every layer&apos;s keys and values while they fit in %1 MB; past that, compute them again from each layer&apos;s input, exactly, when a run or a view needs them (an edit then costs every layer&apos;s k and v projections)</source>
        <translation>Além da memória de ativações, manter as chaves e valores de cada camada enquanto couberem em %1 MB; acima disso, recalculá-los exatamente a partir da entrada de cada camada quando um cálculo ou uma visualização precisar deles (cada alteração passa então a custar as projeções k e v de todas as camadas)</translation>
    </message>
    <message>
        <source>C&amp;lear ablations</source>
        <translation>R&amp;eativar todas as cabeças</translation>
    </message>
    <message>
        <source>Ctrl+Shift+K</source>
        <translation>Ctrl+Shift+K</translation>
    </message>
    <message>
        <source>Ca&amp;ncel run</source>
        <translation>Cancelar cá&amp;lculo</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;juda</translation>
    </message>
    <message>
        <source>&amp;Guide</source>
        <translation>&amp;Guia</translation>
    </message>
    <message>
        <source>&amp;About AttnScope</source>
        <translation>&amp;Sobre o AttnScope</translation>
    </message>
    <message>
        <source>About AttnScope</source>
        <translation>Sobre o AttnScope</translation>
    </message>
    <message>
        <source>&lt;b&gt;AttnScope %1&lt;/b&gt;&lt;p&gt;See inside transformer attention: every head, every layer, live as you type.&lt;/p&gt;</source>
        <translation>&lt;b&gt;AttnScope %1&lt;/b&gt;&lt;p&gt;Veja por dentro a atenção dos transformers: cada cabeça, cada camada, ao vivo enquanto você digita.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>La&amp;yers:</source>
        <translation>Mos&amp;trar:</translation>
    </message>
    <message>
        <source>Show every layer, or one</source>
        <translation>Mostrar todas as camadas, ou uma</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>Mos&amp;trar:</translation>
    </message>
    <message>
        <source>Attention weights</source>
        <translation>Pesos de atenção</translation>
    </message>
    <message>
        <source>Raw scores</source>
        <translation>Pontuações brutas</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>Máscara</translation>
    </message>
    <message>
        <source>Reset &amp;zoom</source>
        <translation>Redefinir &amp;zoom</translation>
    </message>
    <message>
        <source>Show the whole map again (0)</source>
        <translation>Mostrar o mapa inteiro de novo (0)</translation>
    </message>
    <message>
        <source>“%1” has carriage-return line ends (CR LF or CR); the editor holds them as line feeds.</source>
        <translation>“%1” tem finais de linha com retorno de carro (CR LF ou CR); o editor os guarda como quebras de linha.</translation>
    </message>
    <message>
        <source>“%1” is %2 MB; AttnScope opens texts up to 16 MB (a model sees at most its context anyway).</source>
        <translation>“%1” tem %2 MB; o AttnScope abre textos de até 16 MB (de qualquer forma, um modelo vê no máximo o próprio contexto).</translation>
    </message>
    <message>
        <source>“%1” cannot be read: %2</source>
        <translation>Não é possível ler “%1”: %2</translation>
    </message>
    <message>
        <source>“%1” is not valid %2; invalid characters were replaced by �.</source>
        <translation>“%1” não é %2 válido; os caracteres inválidos foram substituídos por �.</translation>
    </message>
    <message>
        <source>“%1” is not valid UTF-8 (first bad byte at offset %2); invalid bytes were replaced by �.</source>
        <translation>“%1” não é UTF-8 válido (primeiro byte inválido na posição %2); os bytes inválidos foram substituídos por �.</translation>
    </message>
    <message>
        <source>Generate…</source>
        <translation>Gerar…</translation>
    </message>
    <message>
        <source>The model continues the text, a token at a time (Ctrl+G)</source>
        <translation>O modelo continua o texto, um token por vez (Ctrl+G)</translation>
    </message>
    <message numerus="yes">
        <source>Generated %n token(s): stopped at the end-of-text token.</source>
        <translation>
            <numerusform>%n token gerado: parou no token de fim de texto.</numerusform>
            <numerusform>%n tokens gerados: parou no token de fim de texto.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Generated %n token(s): stopped at the end of the model&apos;s context.</source>
        <translation>
            <numerusform>%n token gerado: parou no fim do contexto do modelo.</numerusform>
            <numerusform>%n tokens gerados: parou no fim do contexto do modelo.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Generated %n token(s): stopped.</source>
        <translation>
            <numerusform>%n token gerado: geração interrompida.</numerusform>
            <numerusform>%n tokens gerados: geração interrompida.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Generated %n token(s).</source>
        <translation>
            <numerusform>%n token gerado.</numerusform>
            <numerusform>%n tokens gerados.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to continue yet: type some text first.</source>
        <translation>Ainda não há nada para continuar: digite algum texto primeiro.</translation>
    </message>
    <message>
        <source>Generated by the model</source>
        <translation>Gerado pelo modelo</translation>
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
        <translation>O AttnScope vai usar %1 na próxima vez que for iniciado.</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Idioma do sistema</translation>
    </message>
    <message>
        <source>&amp;Generate…</source>
        <translation>&amp;Gerar…</translation>
    </message>
    <message>
        <source>Ctrl+G</source>
        <translation>Ctrl+G</translation>
    </message>
    <message>
        <source>The model continues the text, a token at a time</source>
        <translation>O modelo continua o texto, um token por vez</translation>
    </message>
    <message>
        <source>Views</source>
        <translation>Visualizações</translation>
    </message>
    <message>
        <source>Models (*.safetensors *.gguf *.pt *.pth *.bin *.ckpt);;All files (*)</source>
        <translation>Modelos (*.safetensors *.gguf *.pt *.pth *.bin *.ckpt);;Todos os arquivos (*)</translation>
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
        <translation>Um arquivo de trace contém apenas pesos de atenção: os pesos são mostrados no lugar das pontuações brutas ou das normas ponderadas por valor</translation>
    </message>
    <message>
        <source>Softmax weights, the raw scores q·kᵀ/√hs before the softmax, the mask, or the value-weighted norms ‖α·v W_O‖</source>
        <translation>Os pesos do softmax, as pontuações brutas q·kᵀ/√hs antes do softmax, a máscara ou as normas ponderadas por valor ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>Round each product&apos;s activations to the weight&apos;s dot-product type (float16, bfloat16, 8-bit blocks) first, as llama.cpp, Ollama and LM Studio do, rather than computing the exact float32 model</source>
        <translation>Arredondar primeiro as ativações de cada produto para o tipo de produto escalar do peso (float16, bfloat16, blocos de 8 bits), como fazem o llama.cpp, o Ollama e o LM Studio, em vez de calcular o modelo float32 exato</translation>
    </message>
    <message>
        <source>Com&amp;pute as llama.cpp does (GGUF)</source>
        <translation>Calcular como o llama.cpp (GG&amp;UF)</translation>
    </message>
</context>
<context>
    <name>MaskView</name>
    <message>
        <source>Ca&amp;usal (each token sees only itself and earlier tokens)</source>
        <translation>Causal (cada &amp;token só vê a si mesmo e os tokens anteriores)</translation>
    </message>
    <message>
        <source>Off: bidirectional attention, as in an encoder. The model is run again.</source>
        <translation>Desligada: atenção bidirecional, como em um encoder. O modelo é executado de novo.</translation>
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
        <translation>&amp;Novo modelo aleatório…</translation>
    </message>
    <message>
        <source>Open a safetensors file, a PyTorch checkpoint or a Hugging Face folder (Ctrl+O)</source>
        <translation>Abrir um arquivo safetensors, um checkpoint do PyTorch ou uma pasta do Hugging Face (Ctrl+O)</translation>
    </message>
    <message>
        <source>A model of any shape with random weights, to try the views (Ctrl+N)</source>
        <translation>Um modelo de qualquer formato com pesos aleatórios, para experimentar as visualizações (Ctrl+N)</translation>
    </message>
    <message>
        <source>Recent models:</source>
        <translation>Modelos recentes:</translation>
    </message>
    <message>
        <source>Recent models</source>
        <translation>Modelos recentes</translation>
    </message>
    <message>
        <source>&lt;i&gt;Loading…&lt;/i&gt;</source>
        <translation>&lt;i&gt;Carregando…&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (trace file)&lt;br&gt;%2 layers · %3 heads · %4 tokens · %5, %6&lt;br&gt;attention weights only: shape flow, ablation, predictions, raw scores and the probes need the model</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (arquivo de trace)&lt;br&gt;%2 camadas · %3 cabeças · %4 tokens · %5, %6&lt;br&gt;só pesos de atenção: o fluxo de formatos, a ablação, as previsões, as pontuações brutas e as sondas precisam do modelo</translation>
    </message>
    <message>
        <source>causal</source>
        <translation>atenção causal</translation>
    </message>
    <message>
        <source>bidirectional</source>
        <translation>atenção bidirecional</translation>
    </message>
    <message>
        <source>&lt;i&gt;No model loaded.&lt;/i&gt;</source>
        <translation>&lt;i&gt;Nenhum modelo carregado.&lt;/i&gt;</translation>
    </message>
    <message>
        <source>none: type token ids</source>
        <translation>nenhum: digite ids de tokens</translation>
    </message>
    <message>
        <source> (File ▸ Choose tokenizer… to change it)</source>
        <translation> (Arquivo ▸ Escolher tokenizador… para trocar)</translation>
    </message>
    <message>
        <source>left out: %1</source>
        <translation>deixado de fora: %1</translation>
    </message>
    <message>
        <source>not run (objects in the pickle, never called): %1</source>
        <translation>não executado (objetos no pickle, nunca chamados): %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;%2&lt;br&gt;format: %3 · %4&lt;br&gt;%5 layers · %6 heads · width %7 · head size %8&lt;br&gt;context %9 · vocabulary %10 · %11 parameters&lt;br&gt;tokenizer: %12</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;%2&lt;br&gt;formato: %3 · %4&lt;br&gt;%5 camadas · %6 cabeças · largura %7 · tamanho da cabeça %8&lt;br&gt;contexto %9 · vocabulário %10 · %11 parâmetros&lt;br&gt;tokenizador: %12</translation>
    </message>
    <message>
        <source> (demo)</source>
        <translation> (demonstração)</translation>
    </message>
</context>
<context>
    <name>NewModelDialog</name>
    <message>
        <source>New random model</source>
        <translation>Novo modelo aleatório</translation>
    </message>
    <message>
        <source>&amp;Layers (n_layer):</source>
        <translation>&amp;Camadas (n_layer):</translation>
    </message>
    <message>
        <source>&amp;Heads (n_head):</source>
        <translation>Ca&amp;beças (n_head):</translation>
    </message>
    <message>
        <source>&amp;Width (n_embed):</source>
        <translation>&amp;Largura (n_embed):</translation>
    </message>
    <message>
        <source>&amp;Context length:</source>
        <translation>C&amp;omprimento do contexto:</translation>
    </message>
    <message>
        <source>&amp;Vocabulary size:</source>
        <translation>Tamanho do &amp;vocabulário:</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>&amp;Semente:</translation>
    </message>
    <message>
        <source>The width must be divisible by the number of heads.</source>
        <translation>A largura precisa ser divisível pelo número de cabeças.</translation>
    </message>
    <message>
        <source>That model would need more than 8 GB of memory.</source>
        <translation>Esse modelo precisaria de mais de 8 GB de memória.</translation>
    </message>
    <message>
        <source>The family: its norm, positions (learned or RoPE), MLP and biases</source>
        <translation>A família: sua normalização, posições (aprendidas ou RoPE), MLP e vieses</translation>
    </message>
    <message>
        <source>one per head</source>
        <translation>uma por cabeça</translation>
    </message>
    <message>
        <source>Key/value heads shared by groups of query heads (grouped-query attention, as in Llama 3 and Mistral); it must divide the number of heads</source>
        <translation>Cabeças de chave/valor compartilhadas por grupos de cabeças de consulta (grouped-query attention, como no Llama 3 e no Mistral); seu número deve dividir o número de cabeças</translation>
    </message>
    <message>
        <source>&amp;Architecture:</source>
        <translation>Ar&amp;quitetura:</translation>
    </message>
    <message>
        <source>&amp;Key/value heads:</source>
        <translation>Cabeças de chave/valo&amp;r:</translation>
    </message>
    <message>
        <source>The key/value heads must divide the number of heads.</source>
        <translation>O número de cabeças de chave/valor deve dividir o número de cabeças.</translation>
    </message>
</context>
<context>
    <name>NoticeLabel</name>
    <message>
        <source>Details</source>
        <translation>Detalhes</translation>
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
        <translation>Probabilidade sem os knockouts, e a mudança que eles causam</translation>
    </message>
    <message>
        <source>token id %1</source>
        <translation>id de token %1</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Colocação</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>Probability</source>
        <translation>Probabilidade</translation>
    </message>
    <message>
        <source>Logit</source>
        <translation>Logit</translation>
    </message>
    <message>
        <source>Without</source>
        <translation>Sem</translation>
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
        <translation>Previsões</translation>
    </message>
    <message>
        <source>top </source>
        <translation>top </translation>
    </message>
    <message>
        <source>How many of the most probable next tokens to list</source>
        <translation>Quantos dos próximos tokens mais prováveis listar</translation>
    </message>
    <message>
        <source>Number of next tokens</source>
        <translation>Número de próximos tokens</translation>
    </message>
    <message>
        <source>Most probable next tokens</source>
        <translation>Próximos tokens mais prováveis</translation>
    </message>
    <message>
        <source>Surprise of each token</source>
        <translation>Surpresa de cada token</translation>
    </message>
    <message>
        <source>Each token coloured by its loss -ln p, how surprised the model was to see it. Click a token to see what the model expected in its place.</source>
        <translation>Cada token colorido pela sua perda -ln p, o quanto o modelo se surpreendeu ao vê-lo. Clique em um token para ver o que o modelo esperava no lugar dele.</translation>
    </message>
    <message>
        <source>Predictions need the model: a trace file holds attention weights only.</source>
        <translation>As previsões precisam do modelo: um arquivo de trace só contém pesos de atenção.</translation>
    </message>
    <message>
        <source>No prediction: no model has run yet.</source>
        <translation>Sem previsão: nenhum modelo foi executado ainda.</translation>
    </message>
    <message>
        <source>Bidirectional run: every position sees the tokens after it, so these are not next-token predictions. After position %1 “%2”, the output is:</source>
        <translation>Execução bidirecional: cada posição vê os tokens depois dela, então estas não são previsões do próximo token. Depois da posição %1 “%2”, a saída é:</translation>
    </message>
    <message>
        <source>After position %1 “%2”, the model predicts:</source>
        <translation>Depois da posição %1 “%2”, o modelo prevê:</translation>
    </message>
    <message numerus="yes">
        <source>(%n attention edge(s) knocked out; “Without” is the model without them, Δ the change)</source>
        <translation>
            <numerusform>(%n aresta de atenção bloqueada; “Sem” é o modelo sem ela, Δ a mudança)</numerusform>
            <numerusform>(%n arestas de atenção bloqueadas; “Sem” é o modelo sem elas, Δ a mudança)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n attention edge(s) knocked out; computing the prediction without them…)</source>
        <translation>
            <numerusform>(%n aresta de atenção bloqueada; calculando a previsão sem ela…)</numerusform>
            <numerusform>(%n arestas de atenção bloqueadas; calculando a previsão sem elas…)</numerusform>
        </translation>
    </message>
    <message>
        <source>Actual next token “%1”: probability %2 (%3 without the knockouts, Δ %4), rank %5 (%6 without)</source>
        <translation>Próximo token real “%1”: probabilidade %2 (%3 sem os knockouts, Δ %4), colocação %5 (%6 sem eles)</translation>
    </message>
    <message>
        <source>Actual next token “%1”: probability %2, rank %3</source>
        <translation>Próximo token real “%1”: probabilidade %2, colocação %3</translation>
    </message>
    <message>
        <source>The text ends here: there is no next token to compare.</source>
        <translation>O texto termina aqui: não há próximo token para comparar.</translation>
    </message>
    <message>
        <source>The first token: nothing predicts it.</source>
        <translation>O primeiro token: nada o prevê.</translation>
    </message>
    <message>
        <source>-ln p = %1 nats (p = %2), predicted at position %3</source>
        <translation>-ln p = %1 nats (p = %2), previsto na posição %3</translation>
    </message>
    <message>
        <source>The loss of each token needs the model.</source>
        <translation>A perda de cada token precisa do modelo.</translation>
    </message>
    <message>
        <source>Bidirectional run: each token was visible to the position that predicts it, so this is no measure of surprise (mean -ln p %1 nats).</source>
        <translation>Execução bidirecional: cada token estava visível para a posição que o prevê, então isto não é uma medida de surpresa (-ln p médio %1 nats).</translation>
    </message>
    <message>
        <source>Computing the loss of every token…</source>
        <translation>Calculando a perda de cada token…</translation>
    </message>
    <message numerus="yes">
        <source>Surprise: mean next-token loss %1 nats over %n token(s)</source>
        <translation>
            <numerusform>Surpresa: perda média do próximo token %1 nats em %n token</numerusform>
            <numerusform>Surpresa: perda média do próximo token %1 nats em %n tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>Click a token (or press Enter on it) to explain its logit in the Attribution view</source>
        <translation>Clique em um token (ou pressione Enter sobre ele) para explicar o logit dele na visualização Atribuição</translation>
    </message>
    <message>
        <source>Step %1: greedy, after position %2 the model put first:</source>
        <translation>Passo %1: no modo guloso, depois da posição %2 o modelo pôs em primeiro:</translation>
    </message>
    <message>
        <source>Step %1: what the sampler saw after position %2 (temperature %3):</source>
        <translation>Passo %1: o que o amostrador viu depois da posição %2 (temperatura %3):</translation>
    </message>
    <message numerus="yes">
        <source>It took “%1”: probability %2, rank %3, from the %n most probable token(s) kept.</source>
        <translation>
            <numerusform>Escolheu “%1”: probabilidade %2, colocação %3, entre %n token mantido (o mais provável).</numerusform>
            <numerusform>Escolheu “%1”: probabilidade %2, colocação %3, entre os %n tokens mais prováveis mantidos.</numerusform>
        </translation>
    </message>
    <message>
        <source>The loss of each new token comes when the generation ends.</source>
        <translation>A perda de cada token novo vem quando a geração termina.</translation>
    </message>
</context>
<context>
    <name>QueryBarsView</name>
    <message>
        <source>Attention of the selected query</source>
        <translation>Atenção da consulta selecionada</translation>
    </message>
    <message>
        <source>The selected query&apos;s attention over every key. Click a bar to select its key; right-click (or View ▸ Query bars from 0 to 1) to switch between an axis fitted to the tallest bar and a fixed 0 to 1 axis.</source>
        <translation>A atenção da consulta selecionada sobre cada chave. Clique em uma barra para selecionar a chave dela; clique com o botão direito (ou Exibir ▸ Barras da consulta de 0 a 1) para alternar entre um eixo ajustado à barra mais alta e um eixo fixo de 0 a 1.</translation>
    </message>
    <message>
        <source>Fixed 0 to 1 axis</source>
        <translation>Eixo fixo de 0 a 1</translation>
    </message>
    <message>
        <source>Fixed axis, up to the head&apos;s largest possible norm</source>
        <translation>Eixo fixo, até a maior norma possível da cabeça</translation>
    </message>
</context>
<context>
    <name>SelectionText</name>
    <message>
        <source>Layer %1 · Head %2</source>
        <translation>Camada %1 · Cabeça %2</translation>
    </message>
    <message>
        <source>KV head %1, shared by H%2–H%3</source>
        <translation>cabeça KV %1, compartilhada por H%2–H%3</translation>
    </message>
    <message>
        <source>%1 “%2” %3</source>
        <translation>%1 “%2” %3</translation>
    </message>
    <message>
        <source>query %1 “%2” → top keys: %3</source>
        <translation>consulta %1 “%2” → chaves principais: %3</translation>
    </message>
    <message>
        <source>query %1 “%2” → largest norms: %3</source>
        <translation>consulta %1 “%2” → maiores normas: %3</translation>
    </message>
    <message>
        <source>query %1 “%2” → highest raw scores: %3</source>
        <translation>consulta %1 “%2” → maiores pontuações brutas: %3</translation>
    </message>
</context>
<context>
    <name>ShapeFlowView</name>
    <message>
        <source>Shape flow diagram</source>
        <translation>Diagrama do fluxo de formatos</translation>
    </message>
    <message>
        <source>Click a node, or walk them with the arrow keys, to see its tensor.</source>
        <translation>Clique em um nó, ou percorra-os com as setas, para ver o tensor dele.</translation>
    </message>
    <message>
        <source>Heatmap</source>
        <translation>Mapa de calor</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tabela</translation>
    </message>
    <message>
        <source>Show tensor as</source>
        <translation>Mostrar o tensor como</translation>
    </message>
    <message>
        <source>Show the clicked node&apos;s tensor as a heatmap or as a table of its numbers.</source>
        <translation>Mostrar o tensor do nó clicado como mapa de calor ou como tabela dos seus números.</translation>
    </message>
    <message>
        <source>Tensor values</source>
        <translation>Valores do tensor</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 · not kept in the trace; the next step with a tensor shows its result</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2 · não mantido no trace; o próximo passo com um tensor mostra o resultado</translation>
    </message>
    <message>
        <source>id</source>
        <translation>id</translation>
    </message>
    <message>
        <source> (head %1)</source>
        <translation> (cabeça %1)</translation>
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
        <translation>Normas ponderadas por valor ‖α·v W_O‖ (Kobayashi et al., 2020): cada peso vezes o tamanho do que o valor de sua chave envia pela projeção de saída da cabeça. Um peso grande numa chave cujo valor é quase zero não move nada.</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>Visuali&amp;zar:</translation>
    </message>
    <message>
        <source>Attention weights</source>
        <translation>Pesos de atenção</translation>
    </message>
    <message>
        <source>Softmax weights, or the value-weighted norms ‖α·v W_O‖</source>
        <translation>Os pesos do softmax ou as normas ponderadas por valor ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Exibir</translation>
    </message>
</context>
<context>
    <name>TextAutosaver</name>
    <message>
        <source>The text cannot be saved to “%1”: %2</source>
        <translation>Não é possível salvar o texto em “%1”: %2</translation>
    </message>
</context>
<context>
    <name>TokenLinesView</name>
    <message>
        <source>Overla&amp;y every head of the layer</source>
        <translation>Sobrepor &amp;todas as cabeças da camada</translation>
    </message>
    <message>
        <source>Draw every head of the selected layer at once, each in its own colour.</source>
        <translation>Desenhar todas as cabeças da camada selecionada de uma vez, cada uma na sua cor.</translation>
    </message>
    <message>
        <source>Token lines</source>
        <translation>Linhas de tokens</translation>
    </message>
    <message>
        <source>Queries on the left, keys on the right, joined by lines as strong as the attention. Click a query to show its lines alone; hover a token to pick out its lines; scroll a long text with the wheel.</source>
        <translation>Consultas à esquerda, chaves à direita, ligadas por linhas tão fortes quanto a atenção. Clique em uma consulta para ver só as linhas dela; passe o mouse sobre um token para destacar as linhas dele; role um texto longo com a roda do mouse.</translation>
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
        <translation>Bytes que não são UTF-8 válido: deixados de fora da execução</translation>
    </message>
    <message>
        <source>“%1” is not in the model&apos;s vocabulary: left out of the run</source>
        <translation>“%1” não está no vocabulário do modelo: deixado de fora da execução</translation>
    </message>
    <message>
        <source>Token %1 · id %2
“%3”</source>
        <translation>Token %1 · id %2
“%3”</translation>
    </message>
</context>
<context>
    <name>TraceView</name>
    <message>
        <source>bidirectional</source>
        <translation>atenção bidirecional</translation>
    </message>
    <message numerus="yes">
        <source>%n head(s) ablated</source>
        <translation>
            <numerusform>%n cabeça desativada</numerusform>
            <numerusform>%n cabeças desativadas</numerusform>
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
        <translation>desatualizado: o último cálculo foi cancelado ou recusado</translation>
    </message>
</context>
<context>
    <name>Workspace</name>
    <message>
        <source>This run holds about %1: its activations and its keys and values (%2) pass their budgets and are computed again when needed, for every edit too.</source>
        <translation>Esta execução ocupa cerca de %1: as ativações e as chaves e valores (%2) ultrapassam seus orçamentos e são recalculados quando necessário, inclusive a cada alteração.</translation>
    </message>
    <message>
        <source>This run holds about %1: its attention maps (%2) and activations (%3) pass their budgets and are computed again when shown.</source>
        <translation>Esta execução ocupa cerca de %1: os mapas de atenção (%2) e as ativações (%3) ultrapassam seus orçamentos e são recalculados ao serem mostrados.</translation>
    </message>
    <message>
        <source>This run holds about %1: its attention maps (%2) pass the %3 budget and are rebuilt when shown.</source>
        <translation>Esta execução ocupa cerca de %1: os mapas de atenção (%2) ultrapassam o orçamento de %3 e são reconstruídos ao serem mostrados.</translation>
    </message>
    <message>
        <source>This run holds about %1: its activations (%2) pass the %3 budget and are computed again when shown.</source>
        <translation>Esta execução ocupa cerca de %1: as ativações (%2) ultrapassam o orçamento de %3 e são recalculadas ao serem mostradas.</translation>
    </message>
    <message>
        <source>This run holds about %1.</source>
        <translation>Esta execução ocupa cerca de %1.</translation>
    </message>
    <message>
        <source>Its attention maps (%1) pass the %2 budget: each head is rebuilt from q and k when a view shows it.</source>
        <translation>Seus mapas de atenção (%1) ultrapassam o orçamento de %2: cada cabeça é reconstruída a partir de q e k quando uma visualização a mostra.</translation>
    </message>
    <message>
        <source>Its activations (%1) pass the %2 budget: a layer&apos;s are computed again from its input when a view shows them.</source>
        <translation>Suas ativações (%1) ultrapassam o orçamento de %2: as de uma camada são recalculadas a partir da entrada dela quando uma visualização as mostra.</translation>
    </message>
    <message>
        <source>Its keys and values (%1) pass the %2 budget too: they are computed again from each layer&apos;s input for every edit and every head shown.</source>
        <translation>Suas chaves e valores (%1) também ultrapassam o orçamento de %2: são recalculados a partir da entrada de cada camada a cada alteração e para cada cabeça mostrada.</translation>
    </message>
    <message>
        <source>The text is longer than the model&apos;s context: only the last %1 tokens are shown (%2 dropped).</source>
        <translation>O texto é mais longo que o contexto do modelo: só os últimos %1 tokens são mostrados (%2 descartados).</translation>
    </message>
    <message numerus="yes">
        <source>Left out of this run: %n knockout(s) naming positions past the text&apos;s %1 tokens.</source>
        <translation>
            <numerusform>Deixado de fora desta execução: %n knockout que aponta posições além dos %1 tokens do texto.</numerusform>
            <numerusform>Deixados de fora desta execução: %n knockouts que apontam posições além dos %1 tokens do texto.</numerusform>
        </translation>
    </message>
    <message>
        <source>The text held characters that are not valid Unicode; they were replaced.</source>
        <translation>O texto tinha caracteres Unicode inválidos; eles foram substituídos.</translation>
    </message>
    <message numerus="yes">
        <source>Left out of the run: %n character(s) the model&apos;s vocabulary lacks (%1), marked in the token strip.</source>
        <translation>
            <numerusform>Deixado de fora da execução: %n caractere que falta no vocabulário do modelo (%1), marcado na faixa de tokens.</numerusform>
            <numerusform>Deixados de fora da execução: %n caracteres que faltam no vocabulário do modelo (%1), marcados na faixa de tokens.</numerusform>
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
        <translation>Soma</translation>
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
        <translation>Chave</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <source>RMSNorm of q, k per head</source>
        <translation>RMSNorm de q, k por cabeça</translation>
    </message>
    <message>
        <source>RoPE on q, k</source>
        <translation>RoPE em q, k</translation>
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
        <translation>Pontuações q·kᵀ/√hs</translation>
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
        <translation>Concatenar cabeças</translation>
    </message>
    <message>
        <source>Output projection</source>
        <translation>Projeção de saída</translation>
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
        <translation>Camada oculta MLP</translation>
    </message>
    <message>
        <source>Gate projection</source>
        <translation>Projeção gate</translation>
    </message>
    <message>
        <source>Up projection</source>
        <translation>Projeção up</translation>
    </message>
    <message>
        <source>Activation</source>
        <translation>Ativação</translation>
    </message>
    <message>
        <source>act(gate) · up</source>
        <translation>act(gate) · up</translation>
    </message>
    <message>
        <source>MLP projection</source>
        <translation>Projeção do MLP</translation>
    </message>
    <message>
        <source>Down projection</source>
        <translation>Projeção down</translation>
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
        <translation>Veja por dentro a atenção dos transformers.</translation>
    </message>
    <message>
        <source>Model file or folder, or AttnScope trace file, to open (default: the last one, or the demo).</source>
        <translation>Arquivo ou pasta de modelo, ou arquivo de trace do AttnScope, a abrir (padrão: o último, ou a demonstração).</translation>
    </message>
    <message>
        <source>Save a PNG of every view into &lt;dir&gt; and quit.</source>
        <translation>Salvar um PNG de cada visualização em &lt;dir&gt; e sair.</translation>
    </message>
    <message>
        <source>Start with this text.</source>
        <translation>Começar com este texto.</translation>
    </message>
    <message>
        <source>Start with head &lt;layer.head&gt; selected.</source>
        <translation>Começar com a cabeça &lt;layer.head&gt; selecionada.</translation>
    </message>
    <message>
        <source>Start with a random model, e.g. n_layer=12,n_head=12,n_embed=768,context=1024,vocab=96,seed=1.</source>
        <translation>Começar com um modelo aleatório, p. ex. n_layer=12,n_head=12,n_embed=768,context=1024,vocab=96,seed=1.</translation>
    </message>
    <message>
        <source>Window size, e.g. 1600x1000.</source>
        <translation>Tamanho da janela, p. ex. 1600x1000.</translation>
    </message>
    <message>
        <source>Compare with this text B on the same model.</source>
        <translation>Comparar com este texto B no mesmo modelo.</translation>
    </message>
    <message>
        <source>Compare with this model B of the same shape (give it several times for a checkpoint timeline).</source>
        <translation>Comparar com este modelo B do mesmo formato (repita para uma linha do tempo de checkpoints).</translation>
    </message>
    <message>
        <source>Show checkpoint &lt;n&gt; (from 0) of the timeline.</source>
        <translation>Mostrar o checkpoint &lt;n&gt; (a partir de 0) da linha do tempo.</translation>
    </message>
    <message>
        <source>Compare side-by-side or difference.</source>
        <translation>Comparar lado a lado ou como diferença.</translation>
    </message>
    <message>
        <source>Start with these attention edges blocked, e.g. 2.*:9&gt;4 or *.*:*&gt;5 (layer.head:query&gt;key, * for every one).</source>
        <translation>Começar com estas arestas de atenção bloqueadas, p. ex. 2.*:9&gt;4 ou *.*:*&gt;5 (layer.head:query&gt;key, * para todas).</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>não é possível abrir %1: %2</translation>
    </message>
    <message>
        <source>the demo model</source>
        <translation>o modelo de demonstração</translation>
    </message>
</context>
<context>
    <name>render::AblationFigure</name>
    <message>
        <source>Loss change per ablated head · base loss %1</source>
        <translation>Mudança da perda por cabeça desativada · perda de base %1</translation>
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
        <translation>Mudança estimada da perda por cabeça desativada (attribution patching) · perda de base %1</translation>
    </message>
    <message>
        <source>Direct logit attribution of each head to %1</source>
        <translation>Atribuição direta ao logit de cada cabeça para %1</translation>
    </message>
</context>
<context>
    <name>render::AttributionFigure</name>
    <message>
        <source>%1 for %2 at position %3 · logit %4</source>
        <translation>%1 para %2 na posição %3 · logit %4</translation>
    </message>
    <message numerus="yes">
        <source>… %n more token(s) past the figure&apos;s room</source>
        <translation>
            <numerusform>… mais %n token não cabe na figura</numerusform>
            <numerusform>… mais %n tokens não cabem na figura</numerusform>
        </translation>
    </message>
    <message>
        <source>Completeness: f(e) − f(0) = %1, sum of the scores = %2</source>
        <translation>Completude: f(e) − f(0) = %1, soma das pontuações = %2</translation>
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
        <translation>chave</translation>
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
        <translation>Ainda sem comparação: escolha B com Comparar com um texto… ou Comparar com um modelo…</translation>
    </message>
    <message>
        <source>L%1 H%2 · A: %3 · B: %4</source>
        <translation>L%1 H%2 · A: %3 · B: %4</translation>
    </message>
    <message>
        <source> · largest |B − A| of %1 × %1 tokens a cell</source>
        <translation> · maior |B − A| de %1 × %1 tokens por célula</translation>
    </message>
    <message>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <source>B − A, first %1 positions (A has %2, B %3)</source>
        <translation>B − A, primeiras %1 posições (A tem %2, B %3)</translation>
    </message>
</context>
<context>
    <name>render::HeadFigure</name>
    <message numerus="yes">
        <source>%n edge(s) knocked out (×)</source>
        <translation>
            <numerusform>%n aresta bloqueada (×)</numerusform>
            <numerusform>%n arestas bloqueadas (×)</numerusform>
        </translation>
    </message>
    <message>
        <source>Mask (bidirectional)</source>
        <translation>Máscara (bidirecional)</translation>
    </message>
    <message>
        <source>Mask (causal, sliding window of %1)</source>
        <translation>Máscara (causal, janela deslizante de %1)</translation>
    </message>
    <message>
        <source>Mask (causal)</source>
        <translation>Máscara (causal)</translation>
    </message>
    <message>
        <source>attention weights</source>
        <translation>pesos de atenção</translation>
    </message>
    <message>
        <source>raw scores</source>
        <translation>pontuações brutas</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 (KV head %3) · %4</source>
        <translation>Camada %1 · Cabeça %2 (cabeça KV %3) · %4</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 · %3</source>
        <translation>Camada %1 · Cabeça %2 · %3</translation>
    </message>
    <message>
        <source> · max of %1 × %1 tokens a cell</source>
        <translation> · máximo de %1 × %1 tokens por célula</translation>
    </message>
    <message>
        <source> · Layer %1 · Head %2</source>
        <translation> · Camada %1 · Cabeça %2</translation>
    </message>
    <message>
        <source>query</source>
        <translation>consulta</translation>
    </message>
    <message>
        <source>key</source>
        <translation>chave</translation>
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
        <translation>Pesos de atenção de todas as cabeças</translation>
    </message>
    <message>
        <source>each row scaled to its own max</source>
        <translation>cada linha escalada pelo próprio máximo</translation>
    </message>
    <message>
        <source>log scale</source>
        <translation>escala logarítmica</translation>
    </message>
    <message>
        <source>each tile scaled to its own max</source>
        <translation>cada miniatura escalada pelo próprio máximo</translation>
    </message>
    <message>
        <source>one scale for all tiles</source>
        <translation>uma escala para todas as miniaturas</translation>
    </message>
    <message>
        <source>columns grouped by the KV head they share</source>
        <translation>colunas agrupadas pela cabeça KV que compartilham</translation>
    </message>
    <message>
        <source>each pixel: the max of its tokens</source>
        <translation>cada pixel: o máximo dos seus tokens</translation>
    </message>
    <message>
        <source>each pixel: the mean of its tokens</source>
        <translation>cada pixel: a média dos seus tokens</translation>
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
        <translation>Normas ponderadas por valor de cada cabeça</translation>
    </message>
    <message>
        <source>value-weighted norms ‖α·v W_O‖</source>
        <translation>normas ponderadas por valor ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>one scale for all tiles, up to the largest norm of any head</source>
        <translation>uma escala para todos os blocos, até a maior norma de qualquer cabeça</translation>
    </message>
</context>
<context>
    <name>render::Heatmap</name>
    <message>
        <source>per row:
row max = 1</source>
        <translation>por linha:
máx. da linha = 1</translation>
    </message>
    <message>
        <source>log; top = 10ⁿ
≥ largest</source>
        <translation>log; topo = 10ⁿ
≥ o máximo</translation>
    </message>
    <message>
        <source>top = largest
value shown</source>
        <translation>topo = o maior
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
        <translation>mascarada (−∞ antes da softmax)</translation>
    </message>
</context>
<context>
    <name>render::NotedFigure</name>
    <message>
        <source>bidirectional attention (no causal mask)</source>
        <translation>atenção bidirecional (sem máscara causal)</translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translation>L%1 H%2</translation>
    </message>
    <message>
        <source>ablated: %1</source>
        <translation>desativadas: %1</translation>
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
        <translation>Selecione um token de consulta para ver a atenção dele sobre as chaves.</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 · query %3 “%4” · value-weighted norms ‖α·v W_O‖</source>
        <translation>Camada %1 · Cabeça %2 · consulta %3 “%4” · normas ponderadas por valor ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 · query %3 “%4” · attention weights</source>
        <translation>Camada %1 · Cabeça %2 · consulta %3 “%4” · pesos de atenção</translation>
    </message>
</context>
<context>
    <name>render::RolloutFigure</name>
    <message>
        <source>position</source>
        <translation>posição</translation>
    </message>
    <message>
        <source>input token</source>
        <translation>token de entrada</translation>
    </message>
    <message>
        <source>Rollout of position %1 “%2” over the input</source>
        <translation>Rollout da posição %1 “%2” sobre a entrada</translation>
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
        <translation>BPE do GPT-2 incluído no AttnScope, escolhido para um vocabulário de %1 linhas</translation>
    </message>
    <message>
        <source>Random model (seed %1)</source>
        <translation>Modelo aleatório (semente %1)</translation>
    </message>
</context>
<context>
    <name>render::ShapeFlowFigure</name>
    <message>
        <source>Forward pass · block %1 of %2 shown · head %3 for per-head tensors</source>
        <translation>Passagem direta · bloco %1 de %2 · cabeça %3 para os tensores por cabeça</translation>
    </message>
    <message>
        <source>× %2 blocks · block %1 shown · pre-RMSNorm, attention and MLP in parallel</source>
        <translation>× %2 blocos · bloco %1 mostrado · pré-RMSNorm, atenção e MLP em paralelo</translation>
    </message>
    <message>
        <source>× %2 blocks · block %1 shown · pre-LayerNorm, attention and MLP in parallel</source>
        <translation>× %2 blocos · bloco %1 mostrado · pré-LayerNorm, atenção e MLP em paralelo</translation>
    </message>
    <message>
        <source>× %2 blocks · block %1 shown · pre-RMSNorm</source>
        <translation>× %2 blocos · bloco %1 mostrado · pré-RMSNorm</translation>
    </message>
    <message>
        <source>× %2 blocks · block %1 shown · pre-LayerNorm</source>
        <translation>× %2 blocos · bloco %1 mostrado · pré-LayerNorm</translation>
    </message>
    <message>
        <source>T tokens</source>
        <translation>T tokens</translation>
    </message>
    <message>
        <source>C model width</source>
        <translation>C largura do modelo</translation>
    </message>
    <message>
        <source>H heads</source>
        <translation>H cabeças</translation>
    </message>
    <message>
        <source>KV key/value heads</source>
        <translation>KV cabeças de chave/valor</translation>
    </message>
    <message>
        <source>hs head size</source>
        <translation>hs tamanho da cabeça</translation>
    </message>
    <message>
        <source>4C the MLP&apos;s width</source>
        <translation>4C largura do MLP</translation>
    </message>
    <message>
        <source>F the MLP&apos;s width</source>
        <translation>F largura do MLP</translation>
    </message>
    <message>
        <source>R positions whose logits are kept</source>
        <translation>R posições cujos logits são mantidos</translation>
    </message>
    <message>
        <source>V vocabulary</source>
        <translation>V vocabulário</translation>
    </message>
</context>
<context>
    <name>render::TokenLinesFigure</name>
    <message>
        <source>Layer %1 · Head %2 · token lines</source>
        <translation>Camada %1 · Cabeça %2 · linhas de tokens</translation>
    </message>
    <message>
        <source>Layer %1 · %2 heads overlaid · token lines</source>
        <translation>Camada %1 · %2 cabeças sobrepostas · linhas de tokens</translation>
    </message>
    <message>
        <source>query</source>
        <translation>consulta</translation>
    </message>
    <message>
        <source>key (↑ %1 earlier)</source>
        <translation>chave (↑ %1 antes)</translation>
    </message>
    <message>
        <source>key</source>
        <translation>chave</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>cabeça %1</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 · token lines · value-weighted norms</source>
        <translation>Camada %1 · Cabeça %2 · linhas de tokens · normas ponderadas por valor</translation>
    </message>
    <message>
        <source>Layer %1 · %2 heads overlaid · token lines · value-weighted norms</source>
        <translation>Camada %1 · %2 cabeças sobrepostas · linhas de tokens · normas ponderadas por valor</translation>
    </message>
</context>
<context>
    <name>session::Attribution</name>
    <message>
        <source>Gradient norm</source>
        <translation>Norma do gradiente</translation>
    </message>
    <message>
        <source>Gradient × input</source>
        <translation>Gradiente × entrada</translation>
    </message>
    <message>
        <source>Integrated gradients (%1 steps)</source>
        <translation>Gradientes integrados (%1 passos)</translation>
    </message>
    <message>
        <source>Relevance</source>
        <translation>Relevância</translation>
    </message>
</context>
<context>
    <name>session::Views</name>
    <message>
        <source>H&amp;eads</source>
        <translation>&amp;Cabeças</translation>
    </message>
    <message>
        <source>Heads grid</source>
        <translation>Grade de cabeças</translation>
    </message>
    <message>
        <source>every head of every layer as a small heatmap</source>
        <translation>cada cabeça de cada camada como um pequeno mapa de calor</translation>
    </message>
    <message>
        <source>Head &amp;detail</source>
        <translation>&amp;Detalhe</translation>
    </message>
    <message>
        <source>Head detail</source>
        <translation>Detalhe da cabeça</translation>
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
        <translation>quais chaves cada consulta pode atender</translation>
    </message>
    <message>
        <source>Sh&amp;ape flow</source>
        <translation>&amp;Formatos</translation>
    </message>
    <message>
        <source>Shape flow</source>
        <translation>Fluxo de formatos</translation>
    </message>
    <message>
        <source>the tensors of one block&apos;s forward pass with their shapes</source>
        <translation>os tensores da passagem direta de um bloco, com seus formatos</translation>
    </message>
    <message>
        <source>Token &amp;lines</source>
        <translation>&amp;Linhas</translation>
    </message>
    <message>
        <source>Token lines</source>
        <translation>Linhas de tokens</translation>
    </message>
    <message>
        <source>BertViz-style lines from each query to the keys it attends to</source>
        <translation>linhas no estilo do BertViz de cada consulta para as chaves que ela atende</translation>
    </message>
    <message>
        <source>Rollou&amp;t</source>
        <translation>&amp;Rollout</translation>
    </message>
    <message>
        <source>Attention rollout</source>
        <translation>Rollout de atenção</translation>
    </message>
    <message>
        <source>attention rolled out through every layer (Abnar &amp; Zuidema, 2020)</source>
        <translation>atenção propagada através de todas as camadas (Abnar &amp; Zuidema, 2020)</translation>
    </message>
    <message>
        <source>A&amp;blation</source>
        <translation>A&amp;blação</translation>
    </message>
    <message>
        <source>Ablation scan</source>
        <translation>Varredura de ablação</translation>
    </message>
    <message>
        <source>the change in the text&apos;s loss when each head alone is ablated</source>
        <translation>a mudança na perda do texto quando cada cabeça é desativada sozinha</translation>
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
        <translation>uma cabeça de dois textos, ou de dois modelos do mesmo formato, e B − A</translation>
    </message>
    <message>
        <source>Attributio&amp;n</source>
        <translation>Atribuição (&amp;w)</translation>
    </message>
    <message>
        <source>Attribution</source>
        <translation>Atribuição</translation>
    </message>
    <message>
        <source>which tokens mattered for a prediction: gradients, integrated gradients, relevance; each head&apos;s direct logit attribution; the logit lens</source>
        <translation>quais tokens importaram para uma previsão: gradientes, gradientes integrados, relevância; a atribuição direta ao logit de cada cabeça; o logit lens</translation>
    </message>
    <message>
        <source>one head&apos;s full T x T weights (or raw scores or value-weighted norms) with tokens on both axes</source>
        <translation>os pesos T × T completos de uma cabeça (ou pontuações brutas ou normas ponderadas por valor) com tokens nos dois eixos</translation>
    </message>
</context>
</TS>
