<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AblationView</name>
    <message>
        <source>&amp;Scan every head</source>
        <translation>逐个扫描所有头(&amp;S)</translation>
    </message>
    <message>
        <source>Run the model once per head with that head ablated and show how the text&apos;s loss changes (Ctrl+Shift+A)</source>
        <translation>每次消融一个头并运行一遍模型，显示文本损失如何变化 (Ctrl+Shift+A)</translation>
    </message>
    <message>
        <source>Ablating each head in turn…</source>
        <translation>正在依次消融每个头…</translation>
    </message>
    <message>
        <source>Click a head to ablate it, or to turn it back on.</source>
        <translation>点击一个头即可将其消融，再次点击则重新启用。</translation>
    </message>
    <message>
        <source>Estimated time on this machine: %1.</source>
        <translation>在本机上预计耗时：%1。</translation>
    </message>
    <message>
        <source>Scanning…</source>
        <translation>正在扫描…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Ablation scan</source>
        <translation>消融扫描</translation>
    </message>
    <message>
        <source>under a second</source>
        <translation>不到 1 秒</translation>
    </message>
    <message numerus="yes">
        <source>%n s</source>
        <translation>
            <numerusform>%n 秒</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n 分钟</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分钟</translation>
    </message>
    <message>
        <source>Scan cancelled.</source>
        <translation>扫描已取消。</translation>
    </message>
    <message>
        <source>Ablating each head in turn… %1.</source>
        <translation>正在依次消融每个头… %1。</translation>
    </message>
    <message numerus="yes">
        <source>An estimate from one backward pass (attribution patching); the scan measures each head exactly: %n forward pass(es).</source>
        <translation>
            <numerusform>基于一次反向传播的估计（attribution patching）；扫描会精确测量每个头：需要 %n 次前向传播。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A scan takes %n forward pass(es).</source>
        <translation>
            <numerusform>一次扫描需要 %n 次前向传播。</numerusform>
        </translation>
    </message>
    <message>
        <source>less than a second left</source>
        <translation>剩余不到 1 秒</translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation>大约剩余 %1</translation>
    </message>
</context>
<context>
    <name>AttentionTextPanel</name>
    <message>
        <source>Text coloured by attention</source>
        <translation>按注意力着色的文本</translation>
    </message>
    <message>
        <source>Attention of the selected query over the text</source>
        <translation>所选查询在整段文本上的注意力</translation>
    </message>
    <message>
        <source>Token %1 “%2”: weight %3</source>
        <translation>token %1“%2”：权重 %3</translation>
    </message>
    <message>
        <source>Token %1 “%2”: norm %3</source>
        <translation>token %1“%2”：范数 %3</translation>
    </message>
    <message>
        <source>Token %1 “%2”: raw score %3</source>
        <translation>token %1“%2”：原始分数 %3</translation>
    </message>
    <message>
        <source>%1 · value-weighted norms ‖α·v W_O‖ of query %2 “%3”</source>
        <translation>%1 · 查询 %2“%3”的值加权范数 ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>%1 · raw scores of query %2 “%3”</source>
        <translation>%1 · 查询 %2“%3”的原始分数</translation>
    </message>
    <message>
        <source>%1 · attention weights of query %2 “%3”</source>
        <translation>%1 · 查询 %2“%3”的注意力权重</translation>
    </message>
</context>
<context>
    <name>AttributionView</name>
    <message>
        <source>&amp;Score by:</source>
        <translation>评分方式(&amp;S)：</translation>
    </message>
    <message>
        <source>How each token&apos;s share is measured: relevance (gradient-weighted attention through every layer), the gradient&apos;s size, gradient × input, or integrated gradients</source>
        <translation>如何衡量每个 token 的贡献：相关性（经过所有层、以梯度加权的注意力）、梯度的大小、梯度 × 输入，或积分梯度</translation>
    </message>
    <message>
        <source>Ne&amp;xt token</source>
        <translation>下一 token(&amp;X)</translation>
    </message>
    <message>
        <source>Explain the text&apos;s next token again (or the top prediction at the last position) instead of the token chosen in Predictions</source>
        <translation>重新解释文本的下一 token（在最后一个位置则为排名第一的预测），而不是在“预测”中选中的 token</translation>
    </message>
    <message>
        <source>Logit lens</source>
        <translation>logit lens</translation>
    </message>
    <message>
        <source>The prediction read after every block: the target&apos;s probability and the most probable tokens</source>
        <translation>在每个块之后读出的预测：目标 token 的概率和概率最高的几个 token</translation>
    </message>
    <message>
        <source>Attribution</source>
        <translation>归因</translation>
    </message>
    <message>
        <source>A trace file holds attention only: attributions need the model.</source>
        <translation>trace 文件只包含注意力：归因需要模型。</translation>
    </message>
    <message numerus="yes">
        <source>Computing %n gradient(s)…</source>
        <translation>
            <numerusform>正在计算 %n 个梯度…</numerusform>
        </translation>
    </message>
    <message>
        <source>Computing the gradients…</source>
        <translation>正在计算梯度…</translation>
    </message>
    <message>
        <source>“%1” at position %2</source>
        <translation>位置 %2 上的“%1”</translation>
    </message>
    <message>
        <source>The token chosen in Predictions.</source>
        <translation>在“预测”中选中的 token。</translation>
    </message>
    <message>
        <source>The next token. Click a token to move P.</source>
        <translation>下一 token。点击某个 token 可移动 P。</translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message>
        <source>The selected head of text A beside text or model B, and their difference B − A</source>
        <translation>文本 A 的所选头与文本或模型 B 并排显示，以及二者之差 B − A</translation>
    </message>
    <message>
        <source>Te&amp;xt B:</source>
        <translation>文本 B(&amp;X)：</translation>
    </message>
    <message>
        <source>Type a second text to compare with the text above, on the same model</source>
        <translation>输入第二段文本，在同一模型上与上方的文本比较</translation>
    </message>
    <message>
        <source>B: a second text on the same model (Ctrl+Shift+D). Cropped to the context like the text above.</source>
        <translation>B：同一模型上的第二段文本 (Ctrl+Shift+D)。与上方文本一样，超出上下文的部分会被截掉。</translation>
    </message>
    <message>
        <source>Compare w&amp;ith model…</source>
        <translation>与模型比较(&amp;I)…</translation>
    </message>
    <message>
        <source>B: the same text on another model of the same shape (Ctrl+Shift+M)</source>
        <translation>B：同一文本在另一个相同形状的模型上运行 (Ctrl+Shift+M)</translation>
    </message>
    <message>
        <source>Compare with chec&amp;kpoints…</source>
        <translation>与检查点比较(&amp;K)…</translation>
    </message>
    <message>
        <source>B: several checkpoints of one run, one at a time; step with Alt+PgUp and Alt+PgDown (Ctrl+Alt+M)</source>
        <translation>B：同一次训练的多个检查点，每次一个；用 Alt+PgUp 和 Alt+PgDown 切换 (Ctrl+Alt+M)</translation>
    </message>
    <message>
        <source>Stop comparin&amp;g</source>
        <translation>停止比较(&amp;G)</translation>
    </message>
    <message>
        <source>Forget B: the view and the head statistics show A alone</source>
        <translation>丢弃 B：视图和头统计只显示 A</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>显示(&amp;S)：</translation>
    </message>
    <message>
        <source>A | B | B − A</source>
        <translation>A | B | B − A</translation>
    </message>
    <message>
        <source>Difference B − A</source>
        <translation>差值 B − A</translation>
    </message>
    <message>
        <source>Side by side with the difference, or the difference alone (Ctrl+Alt+D)</source>
        <translation>并排显示并附上差值，或只显示差值 (Ctrl+Alt+D)</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ 上一个</translation>
    </message>
    <message>
        <source>The previous checkpoint as B (Alt+PgUp)</source>
        <translation>将上一个检查点作为 B (Alt+PgUp)</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一个 ▶</translation>
    </message>
    <message>
        <source>The next checkpoint as B (Alt+PgDown)</source>
        <translation>将下一个检查点作为 B (Alt+PgDown)</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>检查点</translation>
    </message>
    <message>
        <source>Which checkpoint is B</source>
        <translation>作为 B 的检查点</translation>
    </message>
    <message>
        <source>C&amp;ompare</source>
        <translation>比较(&amp;O)</translation>
    </message>
    <message>
        <source>Compare with &amp;text…</source>
        <translation>与文本比较(&amp;T)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+D</source>
        <translation>Ctrl+Shift+D</translation>
    </message>
    <message>
        <source>Compare with &amp;model…</source>
        <translation>与模型比较(&amp;M)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+M</source>
        <translation>Ctrl+Shift+M</translation>
    </message>
    <message>
        <source>Compare with &amp;checkpoints…</source>
        <translation>与检查点比较(&amp;C)…</translation>
    </message>
    <message>
        <source>Ctrl+Alt+M</source>
        <translation>Ctrl+Alt+M</translation>
    </message>
    <message>
        <source>&amp;Previous checkpoint</source>
        <translation>上一个检查点(&amp;P)</translation>
    </message>
    <message>
        <source>Alt+PgUp</source>
        <translation>Alt+PgUp</translation>
    </message>
    <message>
        <source>&amp;Next checkpoint</source>
        <translation>下一个检查点(&amp;N)</translation>
    </message>
    <message>
        <source>Alt+PgDown</source>
        <translation>Alt+PgDown</translation>
    </message>
    <message>
        <source>&amp;Difference only</source>
        <translation>仅显示差值(&amp;D)</translation>
    </message>
    <message>
        <source>Ctrl+Alt+D</source>
        <translation>Ctrl+Alt+D</translation>
    </message>
    <message>
        <source>&amp;Stop comparing</source>
        <translation>停止比较(&amp;S)</translation>
    </message>
    <message>
        <source>Loading model B…</source>
        <translation>正在加载模型 B…</translation>
    </message>
    <message>
        <source>Running B…</source>
        <translation>正在运行 B…</translation>
    </message>
    <message>
        <source>Compare with model</source>
        <translation>与模型比较</translation>
    </message>
    <message>
        <source>Models (*.safetensors *.pt *.pth *.bin *.ckpt);;All files (*)</source>
        <translation>模型 (*.safetensors *.pt *.pth *.bin *.ckpt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Compare with checkpoints of one run</source>
        <translation>与同一次训练的各个检查点比较</translation>
    </message>
    <message>
        <source>Checkpoint %1 of %2: %3</source>
        <translation>检查点 %1/%2：%3</translation>
    </message>
    <message>
        <source>Choose B: type a second text, or compare with another model of the same shape.</source>
        <translation>选择 B：输入第二段文本，或与另一个相同形状的模型比较。</translation>
    </message>
    <message numerus="yes">
        <source>A: %1 · %n token(s)</source>
        <translation>
            <numerusform>A：%1 · %n 个 token</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>B: %1 · %n token(s)</source>
        <translation>
            <numerusform>B：%1 · %n 个 token</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The difference covers the first %n position(s).</source>
        <translation>
            <numerusform>差值覆盖前 %n 个位置。</numerusform>
        </translation>
    </message>
    <message>
        <source>Text B is longer than the model&apos;s context: only its last %1 tokens are used (%2 dropped).</source>
        <translation>文本 B 超出了模型的上下文长度：只使用最后 %1 个 token（丢弃 %2 个）。</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>The input is not valid.</source>
        <translation>输入无效。</translation>
    </message>
    <message>
        <source>The file could not be read or written.</source>
        <translation>无法读取或写入该文件。</translation>
    </message>
    <message>
        <source>This is not a model format AttnScope can read.</source>
        <translation>这不是 AttnScope 能读取的模型格式。</translation>
    </message>
    <message>
        <source>The file is damaged or inconsistent.</source>
        <translation>文件已损坏或内容不一致。</translation>
    </message>
    <message>
        <source>The file is truncated.</source>
        <translation>文件不完整（已被截断）。</translation>
    </message>
    <message>
        <source>The file stores numbers in a type AttnScope cannot read.</source>
        <translation>文件中数值的存储类型是 AttnScope 无法读取的。</translation>
    </message>
    <message>
        <source>A tensor in the file has the wrong shape for this model.</source>
        <translation>文件中某个张量的形状与该模型不符。</translation>
    </message>
    <message>
        <source>A tensor the model needs is missing from the file.</source>
        <translation>文件中缺少模型所需的张量。</translation>
    </message>
    <message>
        <source>The file holds a tensor this model does not use.</source>
        <translation>文件中含有该模型不使用的张量。</translation>
    </message>
    <message>
        <source>The file names the same tensor twice.</source>
        <translation>文件中同一个张量名出现了两次。</translation>
    </message>
    <message>
        <source>The file asks for more memory than any model needs; it was not loaded.</source>
        <translation>该文件要求的内存超出了任何模型所需；未加载。</translation>
    </message>
    <message>
        <source>The checkpoint tries to run code; AttnScope never runs code from files.</source>
        <translation>该检查点试图执行代码；AttnScope 从不执行文件中的代码。</translation>
    </message>
    <message>
        <source>The text is longer than the model&apos;s context.</source>
        <translation>文本超出了模型的上下文长度。</translation>
    </message>
    <message>
        <source>There is nothing to run: type some text.</source>
        <translation>没有可运行的内容：请输入一些文本。</translation>
    </message>
    <message>
        <source>The text is not valid UTF-8.</source>
        <translation>文本不是有效的 UTF-8。</translation>
    </message>
    <message>
        <source>No tokenizer was found for this model.</source>
        <translation>未找到该模型的分词器。</translation>
    </message>
    <message>
        <source>The tokenizer file could not be read; the model itself is fine.</source>
        <translation>无法读取分词器文件；模型本身没有问题。</translation>
    </message>
    <message>
        <source>The run was cancelled.</source>
        <translation>运行已取消。</translation>
    </message>
    <message>
        <source>This would take far too long to compute for a text this long.</source>
        <translation>文本这么长，计算会耗时过久。</translation>
    </message>
    <message>
        <source>Something went wrong.</source>
        <translation>出错了。</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export preview</source>
        <translation>导出预览</translation>
    </message>
    <message>
        <source>No figure yet.</source>
        <translation>暂无图。</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>PNG image</source>
        <translation>PNG 图像</translation>
    </message>
    <message>
        <source>SVG vector figure</source>
        <translation>SVG 矢量图</translation>
    </message>
    <message>
        <source>PDF vector figure</source>
        <translation>PDF 矢量图</translation>
    </message>
    <message>
        <source>CSV: one head&apos;s matrix</source>
        <translation>CSV：单个头的矩阵</translation>
    </message>
    <message>
        <source>NPY: numpy array (+ tokens)</source>
        <translation>NPY：numpy 数组（+ token）</translation>
    </message>
    <message>
        <source>JSON: tokens, shapes and weights</source>
        <translation>JSON：token、形状和权重</translation>
    </message>
    <message>
        <source> dpi</source>
        <translation> dpi</translation>
    </message>
    <message>
        <source> in</source>
        <translation> 英寸</translation>
    </message>
    <message>
        <source>&amp;Keep proportions</source>
        <translation>保持比例(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Natural size</source>
        <translation>原始尺寸(&amp;N)</translation>
    </message>
    <message>
        <source>Embedded image</source>
        <translation>嵌入图像</translation>
    </message>
    <message>
        <source>One rectangle per cell</source>
        <translation>每个单元格一个矩形</translation>
    </message>
    <message>
        <source>How SVG and PDF hold a heatmap: one image, or a vector rectangle for every cell.</source>
        <translation>SVG 和 PDF 保存热力图的方式：作为一幅图像，或每个单元格一个矢量矩形。</translation>
    </message>
    <message>
        <source> pt</source>
        <translation> pt</translation>
    </message>
    <message>
        <source>&amp;Title</source>
        <translation>标题(&amp;T)</translation>
    </message>
    <message>
        <source>Colour &amp;bar</source>
        <translation>颜色条(&amp;B)</translation>
    </message>
    <message>
        <source>R&amp;un note</source>
        <translation>运行说明(&amp;U)</translation>
    </message>
    <message>
        <source>A line under the figure naming bidirectional attention and ablated heads, when the run had either.</source>
        <translation>若本次运行使用了双向注意力或消融了某些头，则在图下方加一行注明。</translation>
    </message>
    <message>
        <source>one row per layer</source>
        <translation>每层一行</translation>
    </message>
    <message>
        <source>all layers</source>
        <translation>所有层</translation>
    </message>
    <message>
        <source>Layers to show, e.g. 0,2; empty for every layer.</source>
        <translation>要显示的层，例如 0,2；留空则显示所有层。</translation>
    </message>
    <message>
        <source>Also save the figure &amp;recipe (.recipe.json)</source>
        <translation>同时保存图的配方(&amp;R) (.recipe.json)</translation>
    </message>
    <message>
        <source>Model, hash, text, view and style, so that “attnscope-cli export --recipe” draws the identical figure again.</source>
        <translation>记录模型、哈希、文本、视图和样式，使“attnscope-cli export --recipe”能再次绘制出完全相同的图。</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <source>Resolut&amp;ion:</source>
        <translation>分辨率(&amp;I)：</translation>
    </message>
    <message>
        <source>Si&amp;ze:</source>
        <translation>尺寸(&amp;Z)：</translation>
    </message>
    <message>
        <source>&amp;Heatmap cells:</source>
        <translation>热力图单元格(&amp;H)：</translation>
    </message>
    <message>
        <source>F&amp;ont size:</source>
        <translation>字号(&amp;O)：</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>&amp;Columns:</source>
        <translation>列数(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Layers:</source>
        <translation>层(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>保存(&amp;S)…</translation>
    </message>
    <message>
        <source>Cop&amp;y image</source>
        <translation>复制图像(&amp;Y)</translation>
    </message>
    <message>
        <source>%1 × %2 pixels</source>
        <translation>%1 × %2 像素</translation>
    </message>
    <message>
        <source>%1 × %2 mm</source>
        <translation>%1 × %2 mm</translation>
    </message>
    <message>
        <source>%1 × %2 pixels is past the limit of %3 million: choose a smaller size or DPI, or SVG or PDF.</source>
        <translation>%1 × %2 像素超出了 %3 百万像素的上限：请选择较小的尺寸或 DPI，或改用 SVG 或 PDF。</translation>
    </message>
    <message>
        <source>CSV holds one head&apos;s matrix; choose NPY or JSON for several heads.</source>
        <translation>CSV 只能保存单个头的矩阵；多个头请选择 NPY 或 JSON。</translation>
    </message>
    <message>
        <source>Writes %1 of shape (%2) as float32, with the token strings.</source>
        <translation>以 float32 写出形状为 (%2) 的 %1，并附带各 token 的字符串。</translation>
    </message>
    <message>
        <source>A random model has no file, so no recipe can name it; save the model to export a recipe.</source>
        <translation>随机模型没有文件，配方无法引用它；请先保存模型，再导出配方。</translation>
    </message>
    <message>
        <source>The model is still running on the latest text; the export waits for it.</source>
        <translation>模型仍在处理最新的文本；导出会等待其完成。</translation>
    </message>
    <message>
        <source>There is nothing to export yet: the model has not run.</source>
        <translation>尚无可导出的内容：模型还没有运行。</translation>
    </message>
    <message>
        <source>Writing “%1”…</source>
        <translation>正在写入“%1”…</translation>
    </message>
    <message>
        <source>Export cancelled: “%1” was not written.</source>
        <translation>导出已取消：未写入“%1”。</translation>
    </message>
    <message>
        <source>AttnScope could not export “%1”.

%2</source>
        <translation>AttnScope 无法导出“%1”。

%2</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1 文件 (*.%2)</translation>
    </message>
    <message>
        <source>“%1” already exists. Replace it?</source>
        <translation>“%1”已存在。要替换吗？</translation>
    </message>
    <message>
        <source>Copy image</source>
        <translation>复制图像</translation>
    </message>
    <message>
        <source>AttnScope could not copy the figure.

%1</source>
        <translation>AttnScope 无法复制该图。

%1</translation>
    </message>
    <message>
        <source>This figure cannot be exported as %1. The Format list shows what it can be exported as.</source>
        <translation>此图无法导出为 %1。“格式”列表列出了可用的导出格式。</translation>
    </message>
</context>
<context>
    <name>GenerateDialog</name>
    <message>
        <source>Generate</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>G&amp;reedy: always the most probable token</source>
        <translation>贪心(&amp;R)：总是选概率最高的 token</translation>
    </message>
    <message>
        <source>Sa&amp;mpled with a seed</source>
        <translation>按随机种子采样(&amp;M)</translation>
    </message>
    <message>
        <source>every token</source>
        <translation>所有 token</translation>
    </message>
    <message>
        <source>Go on past the &amp;end-of-text token</source>
        <translation>遇到文本结束 token 后继续生成(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;New tokens:</source>
        <translation>新 token 数(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;Temperature:</source>
        <translation>温度(&amp;T)：</translation>
    </message>
    <message>
        <source>Top-&amp;k:</source>
        <translation>Top-k(&amp;K)：</translation>
    </message>
    <message>
        <source>Top-&amp;p:</source>
        <translation>Top-p(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>随机种子(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Generate</source>
        <translation>生成(&amp;G)</translation>
    </message>
</context>
<context>
    <name>GenerationBar</name>
    <message>
        <source>Generation step</source>
        <translation>生成步骤</translation>
    </message>
    <message>
        <source>Every view shows the run as it was when this step&apos;s token was chosen</source>
        <translation>所有视图都显示选出这一步的 token 时的运行状态</translation>
    </message>
    <message>
        <source>Step through the generation (arrow keys, Home, End)</source>
        <translation>逐步查看生成过程（方向键、Home、End）</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Step through the generation a token at a time</source>
        <translation>逐个 token 回放生成过程</translation>
    </message>
    <message numerus="yes">
        <source>Generating: %n token(s)…</source>
        <translation>
            <numerusform>正在生成：%n 个 token…</numerusform>
        </translation>
    </message>
    <message>
        <source>Esc stops</source>
        <translation>按 Esc 停止</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message numerus="yes">
        <source>All %n new token(s)</source>
        <translation>
            <numerusform>全部 %n 个新 token</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped after the tokens asked for</source>
        <translation>已生成指定数量的 token，停止</translation>
    </message>
    <message>
        <source>Stopped at the end-of-text token</source>
        <translation>在文本结束 token 处停止</translation>
    </message>
    <message>
        <source>Stopped at the end of the model&apos;s context</source>
        <translation>在模型上下文的末尾停止</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>%1 · %2 tokens/s</source>
        <translation>%1 · %2 token/秒</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
</context>
<context>
    <name>GuideDialog</name>
    <message>
        <source>Before attention and before the MLP every block normalises each token&apos;s vector. This model uses &lt;b&gt;RMSNorm&lt;/b&gt;: x / √(mean(x²) + ε) · w, with ε = %1. LayerNorm (GPT-2) first subtracts the vector&apos;s mean and divides by its standard deviation, (x − mean) / √(var + ε) · w + b; RMSNorm leaves out the mean and the bias b and only scales the vector to a root mean square of 1 before multiplying by the learned weights w. The trace&apos;s ln1, ln2 and ln_f hold the RMSNorm outputs.</source>
        <translation>在注意力之前和 MLP 之前，每个块都会对每个 token 的向量做归一化。该模型使用 &lt;b&gt;RMSNorm&lt;/b&gt;：x / √(mean(x²) + ε) · w，其中 ε = %1。LayerNorm（GPT-2）先减去向量的均值，再除以其标准差，即 (x − mean) / √(var + ε) · w + b；RMSNorm 省去了均值和偏置 b，只把向量缩放到均方根为 1，再乘以学到的权重 w。trace 中的 ln1、ln2 和 ln_f 保存的是 RMSNorm 的输出。</translation>
    </message>
    <message>
        <source>This model also applies an RMSNorm to each head&apos;s q and k (over the head size), before RoPE, which keeps the scores within a steady range.</source>
        <translation>该模型还会在 RoPE 之前对每个头的 q 和 k 做一次 RMSNorm（在头维度上），使分数保持在稳定的范围内。</translation>
    </message>
    <message>
        <source>RMSNorm instead of LayerNorm</source>
        <translation>用 RMSNorm 代替 LayerNorm</translation>
    </message>
    <message>
        <source>Of each head&apos;s %1 dimensions, &lt;b&gt;%2&lt;/b&gt; are rotated</source>
        <translation>每个头的 %1 个维度中，有 &lt;b&gt;%2&lt;/b&gt; 个被旋转</translation>
    </message>
    <message>
        <source> (partial rotary: %1% of the head size, %2 × %3 = %4); the other %5 pass through unchanged</source>
        <translation>（部分旋转：头维度的 %1%，%2 × %3 = %4）；其余 %5 个维度原样通过</translation>
    </message>
    <message>
        <source>This model has no table of position vectors (embed.position is zero): positions enter through &lt;b&gt;rotary position embeddings&lt;/b&gt; (RoPE). After the projections, each head&apos;s query and key are turned by angles that grow with the token&apos;s position. %1.</source>
        <translation>该模型没有位置向量表（embed.position 为零）：位置信息通过&lt;b&gt;旋转位置编码&lt;/b&gt;（RoPE）引入。在投影之后，每个头的查询和键会旋转一个随 token 位置增大的角度。%1。</translation>
    </message>
    <message>
        <source>The rotated dimensions are split into two halves, x₁ (the first %1) and x₂ (the next %1); rotate_half(x) = (−x₂, x₁), and a token at position p gets q′ = q · cos(p·f) + rotate_half(q) · sin(p·f), the same for k. So each pair (x[i], x[i + %1]) turns in its own plane by the angle p · f&lt;sub&gt;i&lt;/sub&gt;, with f&lt;sub&gt;i&lt;/sub&gt; = 1 / rope_theta&lt;sup&gt;2i/%2&lt;/sup&gt; for i = 0 … %3. Here &lt;b&gt;rope_theta = %4&lt;/b&gt;: the fastest pair turns 1 radian per token (a full turn every 6.3 tokens), the slowest %5 radians per token (a full turn every %6 tokens)%7.</source>
        <translation>被旋转的维度分成两半：x₁（前 %1 个）和 x₂（后 %1 个）；rotate_half(x) = (−x₂, x₁)，位于位置 p 的 token 得到 q′ = q · cos(p·f) + rotate_half(q) · sin(p·f)，k 也一样。因此每一对 (x[i], x[i + %1]) 在各自的平面内旋转角度 p · f&lt;sub&gt;i&lt;/sub&gt;，其中 f&lt;sub&gt;i&lt;/sub&gt; = 1 / rope_theta&lt;sup&gt;2i/%2&lt;/sup&gt;，i = 0 … %3。这里 &lt;b&gt;rope_theta = %4&lt;/b&gt;：最快的一对每个 token 旋转 1 弧度（每 6.3 个 token 转一整圈），最慢的一对每个 token 旋转 %5 弧度（每 %6 个 token 转一整圈）%7。</translation>
    </message>
    <message>
        <source>, before the scaling below</source>
        <translation>，这些都是下文所述缩放之前的值</translation>
    </message>
    <message>
        <source>Why this encodes &lt;i&gt;relative&lt;/i&gt; position: a rotation keeps lengths and only changes angles. A query at position m is turned by m·f&lt;sub&gt;i&lt;/sub&gt;, a key at position n by n·f&lt;sub&gt;i&lt;/sub&gt;, so in their dot product only the difference (m − n)·f&lt;sub&gt;i&lt;/sub&gt; is left. A score q′ · k′ therefore depends on what the two tokens are and on how far apart they are, not on where they stand in the text; the fast pairs tell near distances apart, the slow pairs far ones.</source>
        <translation>为什么这编码的是&lt;i&gt;相对&lt;/i&gt;位置：旋转保持长度不变，只改变角度。位置 m 的查询旋转 m·f&lt;sub&gt;i&lt;/sub&gt;，位置 n 的键旋转 n·f&lt;sub&gt;i&lt;/sub&gt;，因此在它们的点积中只剩下差值 (m − n)·f&lt;sub&gt;i&lt;/sub&gt;。所以分数 q′ · k′ 取决于两个 token 是什么以及它们相距多远，而与它们在文本中的具体位置无关；快的维度对区分近距离，慢的维度对区分远距离。</translation>
    </message>
    <message>
        <source>&lt;b&gt;rope_scaling: linear&lt;/b&gt;, factor %1: every frequency is divided by %1, as if the positions were %1 times closer together, so %1 times as many tokens fit into the angles the model was trained on.</source>
        <translation>&lt;b&gt;rope_scaling: linear&lt;/b&gt;，因子 %1：每个频率都除以 %1，仿佛位置之间的间距缩小到原来的 1/%1，于是在模型训练时见过的角度范围内能容纳 %1 倍的 token。</translation>
    </message>
    <message>
        <source>&lt;b&gt;rope_scaling: llama3&lt;/b&gt; (factor %1, low_freq_factor %2, high_freq_factor %3, original_max_position_embeddings %4): frequencies whose wavelength 2π / f is longer than %4 / %2 = %5 tokens are divided by %1, those shorter than %4 / %3 = %6 tokens are kept, and those in between are blended between the two. Here %7 of the %8 frequencies change.</source>
        <translation>&lt;b&gt;rope_scaling: llama3&lt;/b&gt;（factor %1，low_freq_factor %2，high_freq_factor %3，original_max_position_embeddings %4）：波长 2π / f 大于 %4 / %2 = %5 个 token 的频率除以 %1，小于 %4 / %3 = %6 个 token 的频率保持不变，介于两者之间的则在两者之间平滑过渡。这里 %8 个频率中有 %7 个发生了变化。</translation>
    </message>
    <message>
        <source>The q and k that the scores are made from, and that the trace keeps (blk.L.attn.q and .k in the Shape flow&apos;s tensor list), are after RoPE%1; so Head detail&apos;s raw scores and weights already include the positions.</source>
        <translation>用来计算分数、且被 trace 保存的 q 和 k（即形状流张量列表中的 blk.L.attn.q 和 .k）是经过 RoPE%1 之后的；因此头详情中的原始分数和权重已经包含了位置信息。</translation>
    </message>
    <message>
        <source> (and after the q/k RMSNorm)</source>
        <translation>（以及 q/k 的 RMSNorm）</translation>
    </message>
    <message>
        <source>Positions: rotary embeddings (RoPE)</source>
        <translation>位置：旋转位置编码（RoPE）</translation>
    </message>
    <message>
        <source>H%1–H%2 read KV head %3</source>
        <translation>H%1–H%2 读取 KV 头 %3</translation>
    </message>
    <message>
        <source>The &lt;b&gt;n_head = %1&lt;/b&gt; query heads share &lt;b&gt;n_kv_head = %2&lt;/b&gt; key/value heads. The key and value projections make only %2 heads, (T, n_kv_head × head_size) = (%3, %4), while the queries are (%3, %5). Each KV head serves a group of n_head / n_kv_head = &lt;b&gt;%6&lt;/b&gt; neighbouring query heads: query head h reads KV head h / %6, rounded down (%7).</source>
        <translation>&lt;b&gt;n_head = %1&lt;/b&gt; 个查询头共享 &lt;b&gt;n_kv_head = %2&lt;/b&gt; 个键/值头。键和值的投影只产生 %2 个头，(T, n_kv_head × head_size) = (%3, %4)，而查询是 (%3, %5)。每个 KV 头服务于一组 n_head / n_kv_head = &lt;b&gt;%6&lt;/b&gt; 个相邻的查询头：查询头 h 读取 KV 头 h / %6，向下取整（%7）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;repeat_kv&lt;/b&gt; copies each KV head %1 times, (n_kv_head, T, head_size) → (n_head, T, head_size), and from there attention runs as with one key and value per head. The heads of a group see the same keys and values but ask their own queries, so their weights still differ. The trace keeps k and v after repeat_kv; the Heads grid draws each group under a “KV” header, and Head detail names the KV head.</source>
        <translation>&lt;b&gt;repeat_kv&lt;/b&gt; 把每个 KV 头复制 %1 次，(n_kv_head, T, head_size) → (n_head, T, head_size)，此后注意力的计算就和每个头各有一份键和值时一样。同一组的头看到相同的键和值，但提出各自的查询，因此它们的权重仍然不同。trace 保存的是 repeat_kv 之后的 k 和 v；头网格把每组画在一个“KV”标题之下，头详情会注明对应的 KV 头。</translation>
    </message>
    <message>
        <source>What this saves is the &lt;b&gt;KV cache&lt;/b&gt;, the keys and values a model keeps for every past token while it generates: per token %1 layers × 2 (k and v) × %2 KV heads × head_size %3 = &lt;b&gt;%4&lt;/b&gt; numbers, where one key and value per query head would need %5, %6 times as many. In 16-bit floats that is %7 instead of %8 per token, and %9 instead of %10 for the full context of %11 tokens.</source>
        <translation>这样节省的是 &lt;b&gt;KV 缓存&lt;/b&gt;，即模型在生成时为之前每个 token 保留的键和值：每个 token %1 层 × 2（k 和 v）× %2 个 KV 头 × head_size %3 = &lt;b&gt;%4&lt;/b&gt; 个数，而如果每个查询头各有一份键和值，则需要 %5 个，是前者的 %6 倍。以 16 位浮点数计，每个 token 需要 %7 而不是 %8；对于 %11 个 token 的完整上下文，则是 %9 而不是 %10。</translation>
    </message>
    <message>
        <source>Grouped-query attention (GQA)</source>
        <translation>分组查询注意力（GQA）</translation>
    </message>
    <message>
        <source>Each query sees at most its last &lt;b&gt;sliding_window = %1&lt;/b&gt; keys, itself included: key k is allowed for query q when q − %1 &lt; k ≤ q. Keys farther back are masked like the future ones (the Mask view draws the band and its title names the window). Earlier tokens still reach it through the layers: each layer passes information up to %2 positions on, so after %3 layers up to %4 positions back.</source>
        <translation>每个查询最多只能看到最近的 &lt;b&gt;sliding_window = %1&lt;/b&gt; 个键（包括它自己）：当 q − %1 &lt; k ≤ q 时，键 k 对查询 q 是允许的。更早的键和未来的键一样被掩码遮蔽（掩码视图会画出这条带状区域，其标题注明窗口大小）。更早的 token 仍可通过层层传递影响它：每一层最多把信息向后传递 %2 个位置，因此经过 %3 层后，最远可追溯到 %4 个位置之前。</translation>
    </message>
    <message>
        <source>With the causal mask, the window leaves %1 of your %2 × %2 pairs.</source>
        <translation>加上因果掩码后，该窗口在这 %2 × %2 个位置对中保留了 %1 个。</translation>
    </message>
    <message>
        <source>Sliding-window attention</source>
        <translation>滑动窗口注意力</translation>
    </message>
    <message>
        <source>After attention each token goes through the MLP on its own. Here it is gated: &lt;b&gt;down(%1(gate(x)) * up(x))&lt;/b&gt;. gate and up each map the token&apos;s %2 numbers to &lt;b&gt;%3&lt;/b&gt; (intermediate_size); %4 is applied to the gate, and the two are multiplied element by element, so the gate decides how much of each up feature passes; down maps the %3 back to %2. That is three %2 × %3 matrices (%5 weights per layer) where GPT-2&apos;s MLP has two. In the trace, mlp.hidden is gate(x) and mlp.act is %1(gate(x)) * up(x).</source>
        <translation>注意力之后，每个 token 各自独立地通过 MLP。这里它是门控的：&lt;b&gt;down(%1(gate(x)) * up(x))&lt;/b&gt;。gate 和 up 各自把 token 的 %2 个数映射到 &lt;b&gt;%3&lt;/b&gt; 个（intermediate_size）；%4 作用在 gate 上，然后两者逐元素相乘，于是 gate 决定每个 up 特征有多少能通过；down 再把 %3 个数映射回 %2 个。这就是三个 %2 × %3 的矩阵（每层 %5 个权重），而 GPT-2 的 MLP 只有两个。在 trace 中，mlp.hidden 是 gate(x)，mlp.act 是 %1(gate(x)) * up(x)。</translation>
    </message>
    <message>
        <source>silu(z) = z · sigmoid(z)</source>
        <translation>silu(z) = z · sigmoid(z)</translation>
    </message>
    <message>
        <source>The gated MLP (SwiGLU)</source>
        <translation>门控 MLP（SwiGLU）</translation>
    </message>
    <message>
        <source>The gated MLP</source>
        <translation>门控 MLP</translation>
    </message>
    <message>
        <source>Guide: how attention works</source>
        <translation>指南：注意力是如何工作的</translation>
    </message>
    <message>
        <source>Guide</source>
        <translation>指南</translation>
    </message>
    <message>
        <source>How attention works in this model</source>
        <translation>注意力在该模型中是如何工作的</translation>
    </message>
    <message>
        <source>No model is open. Open one (File ▸ Open model…) or make a random one (File ▸ New random model…) and this guide fills in its numbers.</source>
        <translation>尚未打开模型。请打开一个模型（文件 ▸ 打开模型…）或新建一个随机模型（文件 ▸ 新建随机模型…），本指南便会填入它的数值。</translation>
    </message>
    <message>
        <source>Your model has &lt;b&gt;n_layer = %1&lt;/b&gt; layers, each with &lt;b&gt;n_head = %2&lt;/b&gt; attention heads. Every token is a vector of &lt;b&gt;n_embed = %3&lt;/b&gt; numbers; the config sets the &lt;b&gt;head size&lt;/b&gt; itself, &lt;b&gt;head_dim = %4&lt;/b&gt;, so the heads side by side are n_head × head_dim = %5 wide rather than n_embed. </source>
        <translation>该模型有 &lt;b&gt;n_layer = %1&lt;/b&gt; 层，每层有 &lt;b&gt;n_head = %2&lt;/b&gt; 个注意力头。每个 token 是由 &lt;b&gt;n_embed = %3&lt;/b&gt; 个数组成的向量；配置中单独设定了&lt;b&gt;头维度&lt;/b&gt;，&lt;b&gt;head_dim = %4&lt;/b&gt;，因此所有头并排的宽度是 n_head × head_dim = %5，而不是 n_embed。</translation>
    </message>
    <message>
        <source>Your model has &lt;b&gt;n_layer = %1&lt;/b&gt; layers, each with &lt;b&gt;n_head = %2&lt;/b&gt; attention heads. Every token is a vector of &lt;b&gt;n_embed = %3&lt;/b&gt; numbers, and each head works on its own slice of them: the &lt;b&gt;head size&lt;/b&gt; is n_embed / n_head = %3 / %2 = &lt;b&gt;%4&lt;/b&gt;. </source>
        <translation>该模型有 &lt;b&gt;n_layer = %1&lt;/b&gt; 层，每层有 &lt;b&gt;n_head = %2&lt;/b&gt; 个注意力头。每个 token 是由 &lt;b&gt;n_embed = %3&lt;/b&gt; 个数组成的向量，每个头处理其中属于自己的一段：&lt;b&gt;头维度&lt;/b&gt;为 n_embed / n_head = %3 / %2 = &lt;b&gt;%4&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>Your text is &lt;b&gt;T = %1&lt;/b&gt; tokens long.</source>
        <translation>当前文本长 &lt;b&gt;T = %1&lt;/b&gt; 个 token。</translation>
    </message>
    <message>
        <source>Type some text to see T, the number of tokens, filled in.</source>
        <translation>输入一些文本，这里就会填入 T，即 token 的数量。</translation>
    </message>
    <message>
        <source>Query, key and value</source>
        <translation>查询、键和值</translation>
    </message>
    <message>
        <source>A layer receives the text as a matrix x of shape (T, n_embed) = %1. Three linear maps turn it into the &lt;b&gt;queries&lt;/b&gt; (what each token is looking for), the &lt;b&gt;keys&lt;/b&gt; (what each token offers to be found by) and the &lt;b&gt;values&lt;/b&gt; (what it passes on when found). Each is again %1, split into the heads: (T, n_embed) → (n_head, T, head_size), here %1 → %2.</source>
        <translation>每一层接收的文本是一个形状为 (T, n_embed) = %1 的矩阵 x。三个线性映射把它变成&lt;b&gt;查询&lt;/b&gt;（每个 token 在寻找什么）、&lt;b&gt;键&lt;/b&gt;（每个 token 凭什么被找到）和&lt;b&gt;值&lt;/b&gt;（被找到时传递什么）。三者的形状同样是 %1，再拆分到各个头：(T, n_embed) → (n_head, T, head_size)，这里是 %1 → %2。</translation>
    </message>
    <message>
        <source>(Here the projections make n_head × head_dim = %1 numbers per token, not n_embed: %2 → %3.)</source>
        <translation>（这里投影为每个 token 产生 n_head × head_dim = %1 个数，而不是 n_embed 个：%2 → %3。）</translation>
    </message>
    <message>
        <source>Keys and values have fewer heads here; see Grouped-query attention below.</source>
        <translation>这里键和值的头数更少；见下文的“分组查询注意力”。</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>In each head every query is compared with every key: score = q · k / √head_size. That is one number per (query, key) pair, %1 for all heads of a layer. Dividing by √%2 = %3 keeps the scores from growing with the head size. Head detail ▸ Show ▸ Raw scores draws them.</source>
        <translation>在每个头中，每个查询都与每个键比较：score = q · k / √head_size。每个（查询，键）对得到一个数，一层的所有头共 %1。除以 √%2 = %3 可以防止分数随头维度增大而变大。头详情 ▸ 显示 ▸ 原始分数 会绘制这些分数。</translation>
    </message>
    <message>
        <source>The causal mask</source>
        <translation>因果掩码</translation>
    </message>
    <message>
        <source>A causal model may only look back: token t sees tokens 0 … t and never the ones after it. The scores above the diagonal are set to −∞ before the softmax, so their weights are exactly 0 (grey in the views; the Mask view shows the mask, and Run ▸ Causal attention turns it off).</source>
        <translation>因果模型只能回看：token t 能看到 token 0 … t，永远看不到它之后的 token。对角线上方的分数在 softmax 之前被设为 −∞，因此其权重恰好为 0（在各视图中显示为灰色；掩码视图显示该掩码，运行 ▸ 因果注意力 可将其关闭）。</translation>
    </message>
    <message>
        <source>Of your %1 × %1 = %2 pairs, %3 are allowed.</source>
        <translation>在这 %1 × %1 = %2 个位置对中，有 %3 个是允许的。</translation>
    </message>
    <message>
        <source>Softmax: the attention weights</source>
        <translation>Softmax：注意力权重</translation>
    </message>
    <message>
        <source>Each query&apos;s row of scores goes through a softmax: every weight becomes positive and the row sums to 1. These weights are what the Heads grid and Head detail draw: one row per query, one column per key, %1 numbers per layer.</source>
        <translation>每个查询的那一行分数都要经过 softmax：每个权重都变为正数，且整行之和为 1。头网格和头详情绘制的就是这些权重：每个查询一行，每个键一列，每层 %1 个数。</translation>
    </message>
    <message>
        <source>What a head passes on</source>
        <translation>头向后传递什么</translation>
    </message>
    <message>
        <source>Each head mixes the values with its weights, giving %1; the heads are joined again, (n_head, T, head_size) → (T, n_embed) = %2, and a last linear map (the projection) adds the result to the token&apos;s vector. Ablating a head (Run ▸ Ablate selected head) sets its part to zero.</source>
        <translation>每个头用自己的权重对值做加权混合，得到 %1；各头再拼接起来，(n_head, T, head_size) → (T, n_embed) = %2，最后一个线性映射（投影）把结果加到该 token 的向量上。消融一个头（运行 ▸ 消融所选头）会把它的那部分置零。</translation>
    </message>
    <message>
        <source>(Here the joined heads are %1, and the projection maps them back to n_embed = %2.)</source>
        <translation>（这里拼接后的头是 %1，投影再把它映射回 n_embed = %2。）</translation>
    </message>
    <message>
        <source>Reading the views</source>
        <translation>如何阅读各视图</translation>
    </message>
    <message>
        <source>Heads grid: %1 tiles, one row per layer (L0 … L%2) and one column per head (H0 … H%3); hover a tile for its strongest key. Head detail: one head&apos;s full map, query down the side, key along the top; zoom with the wheel, type in “Go to token” to find a token.</source>
        <translation>头网格：%1 个图块，每层一行（L0 … L%2），每个头一列（H0 … H%3）；鼠标悬停在图块上可查看其最强的键。头详情：一个头的完整注意力图，查询沿左侧排列，键沿顶部排列；用滚轮缩放，在“跳转到 token”中输入文字可查找 token。</translation>
    </message>
</context>
<context>
    <name>HeadDetailView</name>
    <message>
        <source>Head detail</source>
        <translation>头详情</translation>
    </message>
    <message>
        <source>Go to token (Ctrl+F)</source>
        <translation>跳转到 token (Ctrl+F)</translation>
    </message>
    <message>
        <source>Go to token</source>
        <translation>跳转到 token</translation>
    </message>
    <message>
        <source>Go to token result</source>
        <translation>“跳转到 token”的结果</translation>
    </message>
    <message>
        <source>query %1 “%2” → key %3 “%4”   weight %5</source>
        <translation>查询 %1“%2” → 键 %3“%4”   权重 %5</translation>
    </message>
    <message>
        <source>knocked out</source>
        <translation>已阻断</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>已被掩码</translation>
    </message>
    <message>
        <source>query %1 “%2” → key %3 “%4”   weight %5   score %6</source>
        <translation>查询 %1“%2” → 键 %3“%4”   权重 %5   分数 %6</translation>
    </message>
    <message>
        <source>No text has been run yet.</source>
        <translation>尚未运行任何文本。</translation>
    </message>
    <message>
        <source>Selected cell: query %1 “%2”, key %3 “%4”, weight %5.</source>
        <translation>所选单元格：查询 %1“%2”，键 %3“%4”，权重 %5。</translation>
    </message>
    <message>
        <source>Type some text to see this head.</source>
        <translation>输入一些文本即可查看这个头。</translation>
    </message>
    <message>
        <source>token %1 · match %2 of %3</source>
        <translation>token %1 · 第 %2/%3 个匹配</translation>
    </message>
    <message>
        <source>no token contains “%1”</source>
        <translation>没有 token 包含“%1”</translation>
    </message>
    <message>
        <source>Block edge %1→%2 in this head</source>
        <translation>在此头中阻断边 %1→%2</translation>
    </message>
    <message>
        <source>Block edge %1→%2 in every head of layer %3</source>
        <translation>在第 %3 层的所有头中阻断边 %1→%2</translation>
    </message>
    <message>
        <source>Block every edge into key %1 (all layers and heads)</source>
        <translation>阻断所有指向键 %1 的边（所有层和头）</translation>
    </message>
    <message>
        <source>Clear knockouts (%1)</source>
        <translation>清除阻断 (%1)</translation>
    </message>
    <message>
        <source>   norm %1</source>
        <translation>   范数 %1</translation>
    </message>
    <message>
        <source>Type text to find it in the tokens, even across several; Enter selects the next match as the query.</source>
        <translation>输入文本以在词元中查找（可跨多个词元）；按 Enter 将下一个匹配项选为查询。</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es) · Enter goes to the next</source>
        <translation>
            <numerusform>%n 处匹配 · 按 Enter 转到下一处</numerusform>
        </translation>
    </message>
    <message>
        <source>tokens %1–%2 · match %3 of %4</source>
        <translation>词元 %1–%2 · 第 %3 处，共 %4 处</translation>
    </message>
    <message>
        <source>Its value-weighted norm: %1.</source>
        <translation>其值加权范数：%1。</translation>
    </message>
</context>
<context>
    <name>HeadStatsModel</name>
    <message>
        <source>previous token</source>
        <translation>前一 token</translation>
    </message>
    <message>
        <source>sink</source>
        <translation>汇聚点</translation>
    </message>
    <message>
        <source>self</source>
        <translation>自身</translation>
    </message>
    <message>
        <source>induction</source>
        <translation>归纳</translation>
    </message>
    <message>
        <source>duplicate token</source>
        <translation>重复 token</translation>
    </message>
    <message>
        <source>diffuse</source>
        <translation>分散</translation>
    </message>
    <message>
        <source>Mean over queries of -Σ w·ln w, in nats</source>
        <translation>-Σ w·ln w 在各查询上的平均值，单位为 nat</translation>
    </message>
    <message>
        <source>Mean weight on the previous token</source>
        <translation>落在前一 token 上的平均权重</translation>
    </message>
    <message>
        <source>Mean weight on the first token (the sink)</source>
        <translation>落在首个 token（汇聚点）上的平均权重</translation>
    </message>
    <message>
        <source>Mean weight on the query&apos;s own token</source>
        <translation>落在查询自身 token 上的平均权重</translation>
    </message>
    <message>
        <source>Probe: weight on the token after the earlier occurrence of the current token</source>
        <translation>探针：落在当前 token 上一次出现位置之后那个 token 上的权重</translation>
    </message>
    <message>
        <source>Probe: weight on the earlier occurrence of the current token</source>
        <translation>探针：落在当前 token 上一次出现位置上的权重</translation>
    </message>
    <message>
        <source>Compare: B&apos;s entropy minus A&apos;s</source>
        <translation>比较：B 的熵减去 A 的熵</translation>
    </message>
    <message>
        <source>Compare: B&apos;s previous-token score minus A&apos;s</source>
        <translation>比较：B 的前一 token 得分减去 A 的得分</translation>
    </message>
    <message>
        <source>Compare: B&apos;s first-token score minus A&apos;s</source>
        <translation>比较：B 的首个 token 得分减去 A 的得分</translation>
    </message>
    <message>
        <source>Compare: B&apos;s self score minus A&apos;s</source>
        <translation>比较：B 的自身得分减去 A 的得分</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>Entropy</source>
        <translation>熵</translation>
    </message>
    <message>
        <source>Prev token</source>
        <translation>前一 token</translation>
    </message>
    <message>
        <source>First token</source>
        <translation>首个 token</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>自身</translation>
    </message>
    <message>
        <source>Induction</source>
        <translation>归纳</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>重复</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Δ entropy</source>
        <translation>Δ 熵</translation>
    </message>
    <message>
        <source>Δ prev token</source>
        <translation>Δ 前一 token</translation>
    </message>
    <message>
        <source>Δ first token</source>
        <translation>Δ 首个 token</translation>
    </message>
    <message>
        <source>Δ self</source>
        <translation>Δ 自身</translation>
    </message>
    <message>
        <source>Each head&apos;s weight from query %1 to key %2: sort by it to rank the heads that move attention there</source>
        <translation>每个头从查询 %1 到键 %2 的权重：按此排序，把注意力移到那里的头排在前面</translation>
    </message>
    <message>
        <source>Choose a cell in a head&apos;s map (a query and a key): this column gives every head&apos;s weight on it</source>
        <translation>在某个头的图中选择一个单元格（查询和键）：此列给出每个头在该处的权重</translation>
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
        <translation>头统计</translation>
    </message>
    <message>
        <source>Run &amp;probes</source>
        <translation>运行探针(&amp;P)</translation>
    </message>
    <message>
        <source>Statistics of every head</source>
        <translation>所有头的统计</translation>
    </message>
    <message>
        <source>The probes run the model: a trace file holds attention weights only</source>
        <translation>探针需要运行模型：trace 文件只包含注意力权重</translation>
    </message>
    <message>
        <source>Computing statistics…</source>
        <translation>正在计算统计…</translation>
    </message>
    <message>
        <source>Computing statistics… %1%</source>
        <translation>正在计算统计… %1%</translation>
    </message>
    <message>
        <source>No statistics: %1</source>
        <translation>无统计：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n head(s) on %1 tokens</source>
        <translation>
            <numerusform>%n 个头，%1 个 token</numerusform>
        </translation>
    </message>
    <message>
        <source>Running the probes…</source>
        <translation>正在运行探针…</translation>
    </message>
    <message>
        <source>Score induction and duplicate-token heads on a synthetic sequence of repeated random tokens (independent of your text)</source>
        <translation>在由重复随机 token 组成的合成序列上为归纳头和重复 token 头打分（与当前文本无关）</translation>
    </message>
    <message>
        <source>The model is too small for the probes.</source>
        <translation>模型太小，无法运行探针。</translation>
    </message>
    <message>
        <source>Probes done.</source>
        <translation>探针已完成。</translation>
    </message>
</context>
<context>
    <name>HeadsGridView</name>
    <message>
        <source>Heads grid</source>
        <translation>头网格</translation>
    </message>
    <message>
        <source>Poolin&amp;g:</source>
        <translation>池化(&amp;G)：</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均值</translation>
    </message>
    <message>
        <source>How the tokens that share a pixel of a tile are combined: max keeps one strong key visible, mean shows where the weight lies on average.</source>
        <translation>图块中共用同一像素的多个 token 如何合并：最大值能让单个强键保持可见，平均值显示权重平均落在何处。</translation>
    </message>
    <message>
        <source>Pooling</source>
        <translation>池化</translation>
    </message>
    <message>
        <source>T&amp;iles:</source>
        <translation>图块(&amp;I)：</translation>
    </message>
    <message>
        <source>Each to its own max</source>
        <translation>各自按自身最大值</translation>
    </message>
    <message>
        <source>One shared scale</source>
        <translation>统一刻度</translation>
    </message>
    <message>
        <source>Scale each tile to its own brightest pixel, so weak heads in a long text still show their pattern, or draw all tiles on one scale to compare heads.</source>
        <translation>把每个图块按其自身最亮的像素缩放，使长文本中较弱的头仍能显示出模式；或把所有图块画在同一刻度上，以便比较各个头。</translation>
    </message>
    <message>
        <source>Tile scale</source>
        <translation>图块刻度</translation>
    </message>
    <message>
        <source>Zoom out (−)</source>
        <translation>缩小 (−)</translation>
    </message>
    <message>
        <source>Zoom in (+, Ctrl+wheel)</source>
        <translation>放大 (+、Ctrl+滚轮)</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应</translation>
    </message>
    <message>
        <source>Fit the grid to the view (0)</source>
        <translation>使网格适应视图大小 (0)</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>Type some text to see attention.</source>
        <translation>输入一些文本即可查看注意力。</translation>
    </message>
    <message>
        <source>ablated</source>
        <translation>已消融</translation>
    </message>
    <message>
        <source>query %1 “%2”: top key %3 “%4”, weight %5</source>
        <translation>查询 %1“%2”：最强的键 %3“%4”，权重 %5</translation>
    </message>
    <message>
        <source>Labels: %1</source>
        <translation>标签：%1</translation>
    </message>
    <message>
        <source>Click to open in detail; Ctrl+click only selects.</source>
        <translation>单击在详情中打开；Ctrl+单击只选中。</translation>
    </message>
    <message>
        <source>No text has been run yet.</source>
        <translation>尚未运行任何文本。</translation>
    </message>
    <message>
        <source>%1 of %2 layers × %3 heads selected.</source>
        <translation>已选中 %1（共 %2 层 × %3 个头）。</translation>
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
        <translation>token %1（id %2）：p = %3</translation>
    </message>
    <message>
        <source>After block</source>
        <translation>块之后</translation>
    </message>
    <message>
        <source>p(target)</source>
        <translation>p(目标)</translation>
    </message>
    <message>
        <source>Top %1</source>
        <translation>第 %1 名</translation>
    </message>
</context>
<context>
    <name>LocalModelsDialog</name>
    <message>
        <source>Hugging Face cache</source>
        <translation>Hugging Face 缓存</translation>
    </message>
    <message>
        <source>Added folder</source>
        <translation>已添加的文件夹</translation>
    </message>
    <message>
        <source>Open local model</source>
        <translation>打开本地模型</translation>
    </message>
    <message>
        <source>Search by name, source or architecture</source>
        <translation>按名称、来源或架构搜索</translation>
    </message>
    <message>
        <source>Search the local models</source>
        <translation>搜索本地模型</translation>
    </message>
    <message>
        <source>&amp;Search:</source>
        <translation>搜索(&amp;S)：</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Opens</source>
        <translation>能否打开</translation>
    </message>
    <message>
        <source>Local models</source>
        <translation>本地模型</translation>
    </message>
    <message>
        <source>&amp;Folders</source>
        <translation>文件夹(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>Search again (F5)</source>
        <translation>重新搜索 (F5)</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>打开(&amp;O)</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <source>Does not open: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no: %1</source>
        <translation>否：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s), %1 open</source>
        <translation>
            <numerusform>%n 个模型，%1 个可打开</numerusform>
        </translation>
    </message>
    <message>
        <source>No models were found in %1. Folders ▸ Add folder… searches another folder.</source>
        <translation>在 %1 中未找到模型。文件夹 ▸ 添加文件夹… 可搜索其他文件夹。</translation>
    </message>
    <message>
        <source>No model matches “%1”.</source>
        <translation>没有与“%1”匹配的模型。</translation>
    </message>
    <message>
        <source>%1
Opens: %2, %3.</source>
        <translation>%1
可打开：%2，%3。</translation>
    </message>
    <message>
        <source>architecture read when it opens</source>
        <translation>架构在打开时读取</translation>
    </message>
    <message>
        <source>%1
Does not open: %2</source>
        <translation>%1
无法打开：%2</translation>
    </message>
    <message>
        <source>Add a folder of models</source>
        <translation>添加模型文件夹</translation>
    </message>
    <message>
        <source>&amp;Add folder…</source>
        <translation>添加文件夹(&amp;A)…</translation>
    </message>
    <message>
        <source>Remove “%1”</source>
        <translation>移除“%1”</translation>
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
        <translation>模型</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Text to run</source>
        <translation>要运行的文本</translation>
    </message>
    <message>
        <source>Type or paste text here; every edit re-runs the model.</source>
        <translation>在此输入或粘贴文本；每次编辑都会重新运行模型。</translation>
    </message>
    <message>
        <source>Run mode</source>
        <translation>运行模式</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>All layers</source>
        <translation>所有层</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>层 %1</translation>
    </message>
    <message>
        <source>%1 (trace file) — AttnScope</source>
        <translation>%1（trace 文件）— AttnScope</translation>
    </message>
    <message>
        <source>%1 — AttnScope</source>
        <translation>%1 — AttnScope</translation>
    </message>
    <message>
        <source>Cannot open model</source>
        <translation>无法打开模型</translation>
    </message>
    <message>
        <source>AttnScope could not open “%1”.

%2</source>
        <translation>AttnScope 无法打开“%1”。

%2</translation>
    </message>
    <message>
        <source>the demo model</source>
        <translation>演示模型</translation>
    </message>
    <message>
        <source>Cannot open tokenizer</source>
        <translation>无法打开分词器</translation>
    </message>
    <message>
        <source>AttnScope could not read the tokenizer “%1”.

%2</source>
        <translation>AttnScope 无法读取分词器“%1”。

%2</translation>
    </message>
    <message>
        <source>Open model</source>
        <translation>打开模型</translation>
    </message>
    <message>
        <source>Open model folder</source>
        <translation>打开模型文件夹</translation>
    </message>
    <message>
        <source>Open trace file</source>
        <translation>打开 trace 文件</translation>
    </message>
    <message>
        <source>AttnScope trace files (*.safetensors);;All files (*)</source>
        <translation>AttnScope trace 文件 (*.safetensors);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot open trace file</source>
        <translation>无法打开 trace 文件</translation>
    </message>
    <message>
        <source>“%1” is not an AttnScope trace file: a trace file is a safetensors file whose metadata says &quot;format&quot;: &quot;attnscope-trace&quot; (resources/tools/capture_attention.py writes one). To open a model, use File ▸ Open model….</source>
        <translation>“%1”不是 AttnScope trace 文件：trace 文件是元数据中写有 &quot;format&quot;: &quot;attnscope-trace&quot; 的 safetensors 文件（可由 resources/tools/capture_attention.py 生成）。要打开模型，请使用 文件 ▸ 打开模型…。</translation>
    </message>
    <message>
        <source>Needs the model: a trace file holds attention weights only</source>
        <translation>需要模型：trace 文件只包含注意力权重</translation>
    </message>
    <message>
        <source>Text (kept for models; the trace file has its own tokens)</source>
        <translation>文本（为模型保留；trace 文件有自己的 token）</translation>
    </message>
    <message>
        <source>Cannot create model</source>
        <translation>无法创建模型</translation>
    </message>
    <message>
        <source>

Looked in:
%1</source>
        <translation>

查找过的位置：
%1</translation>
    </message>
    <message>
        <source>Choose a tokenizer</source>
        <translation>选择分词器</translation>
    </message>
    <message>
        <source>“%1” carries no tokenizer and none was found beside it. Choose a tokenizer file (encoder.json, vocab.json, tokenizer.json or *.tiktoken), or, for a character-level model, build its vocabulary from the text it was trained on (its sorted set of characters, as tutorials do). Without either, type token ids separated by commas.%2</source>
        <translation>“%1”未附带分词器，其所在位置也没有找到。请选择一个分词器文件（encoder.json、vocab.json、tokenizer.json 或 *.tiktoken）；如果是字符级模型，也可以用它的训练文本构建词表（即其字符的有序集合，与教程中的做法相同）。两者都没有时，请输入以逗号分隔的 token id。%2</translation>
    </message>
    <message>
        <source>Choose tokenizer file…</source>
        <translation>选择分词器文件…</translation>
    </message>
    <message>
        <source>Build from a text file…</source>
        <translation>从文本文件构建…</translation>
    </message>
    <message>
        <source>Type token ids</source>
        <translation>输入 token id</translation>
    </message>
    <message>
        <source>Training text</source>
        <translation>训练文本</translation>
    </message>
    <message>
        <source>Text (*.txt *.md);;All files (*)</source>
        <translation>文本文件 (*.txt *.md);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Choose tokenizer</source>
        <translation>选择分词器</translation>
    </message>
    <message>
        <source>Tokenizers (*.json *.bpe *.txt *.tiktoken);;All files (*)</source>
        <translation>分词器 (*.json *.bpe *.txt *.tiktoken);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot build the vocabulary</source>
        <translation>无法构建词表</translation>
    </message>
    <message>
        <source>Open text</source>
        <translation>打开文本</translation>
    </message>
    <message>
        <source>Cannot open text</source>
        <translation>无法打开文本</translation>
    </message>
    <message>
        <source>Text repaired</source>
        <translation>文本已修复</translation>
    </message>
    <message>
        <source>This view has no figure to copy yet.</source>
        <translation>此视图还没有可复制的图。</translation>
    </message>
    <message>
        <source>Figure copied to the clipboard.</source>
        <translation>图已复制到剪贴板。</translation>
    </message>
    <message>
        <source>Nothing copied: %1</source>
        <translation>未复制任何内容：%1</translation>
    </message>
    <message>
        <source>Tokens: %1</source>
        <translation>token 数：%1</translation>
    </message>
    <message>
        <source>imported</source>
        <translation>已导入</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Threads: %1</source>
        <translation>线程：%1</translation>
    </message>
    <message>
        <source>trace file: nothing runs</source>
        <translation>trace 文件：不运行模型</translation>
    </message>
    <message>
        <source>bidirectional</source>
        <translation>双向</translation>
    </message>
    <message numerus="yes">
        <source>%n head(s) ablated</source>
        <translation>
            <numerusform>已消融 %n 个头</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n knockout(s) active</source>
        <translation>
            <numerusform>%n 处阻断生效中</numerusform>
        </translation>
    </message>
    <message>
        <source>Settings cannot be saved to “%1”: recent models, the window layout and your choices will not be remembered.</source>
        <translation>无法将设置保存到“%1”：最近使用的模型、窗口布局和各项选择都不会被记住。</translation>
    </message>
    <message>
        <source>Predictions</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Head statistics</source>
        <translation>头统计</translation>
    </message>
    <message>
        <source>Text by attention</source>
        <translation>按注意力着色的文本</translation>
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
        <translation>消融扫描(&amp;S)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+A</source>
        <translation>Ctrl+Shift+A</translation>
    </message>
    <message>
        <source>Block the selected e&amp;dge in the selected head</source>
        <translation>在所选头中阻断所选边(&amp;D)</translation>
    </message>
    <message>
        <source>Ctrl+B</source>
        <translation>Ctrl+B</translation>
    </message>
    <message>
        <source>Block every edge into the selected ke&amp;y</source>
        <translation>阻断所有指向所选键的边(&amp;Y)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+B</source>
        <translation>Ctrl+Shift+B</translation>
    </message>
    <message>
        <source>Clear knocko&amp;uts</source>
        <translation>清除所有阻断(&amp;U)</translation>
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
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open model…</source>
        <translation>打开模型(&amp;O)…</translation>
    </message>
    <message>
        <source>Open model &amp;folder…</source>
        <translation>打开模型文件夹(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;New random model…</source>
        <translation>新建随机模型(&amp;N)…</translation>
    </message>
    <message>
        <source>Open t&amp;race file…</source>
        <translation>打开 trace 文件(&amp;R)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+R</source>
        <translation>Ctrl+Shift+R</translation>
    </message>
    <message>
        <source>Open &amp;demo model</source>
        <translation>打开演示模型(&amp;D)</translation>
    </message>
    <message>
        <source>Open te&amp;xt…</source>
        <translation>打开文本(&amp;X)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>Choose &amp;tokenizer…</source>
        <translation>选择分词器(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>&amp;Copy figure</source>
        <translation>复制图(&amp;C)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Next head</source>
        <translation>下一个头</translation>
    </message>
    <message>
        <source>Alt+Right</source>
        <translation>Alt+Right</translation>
    </message>
    <message>
        <source>Previous head</source>
        <translation>上一个头</translation>
    </message>
    <message>
        <source>Alt+Left</source>
        <translation>Alt+Left</translation>
    </message>
    <message>
        <source>Next layer</source>
        <translation>下一层</translation>
    </message>
    <message>
        <source>Alt+Down</source>
        <translation>Alt+Down</translation>
    </message>
    <message>
        <source>Previous layer</source>
        <translation>上一层</translation>
    </message>
    <message>
        <source>Alt+Up</source>
        <translation>Alt+Up</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>面板(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Colour map</source>
        <translation>颜色映射(&amp;C)</translation>
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
        <translation>灰度</translation>
    </message>
    <message>
        <source>&amp;Scale</source>
        <translation>刻度(&amp;S)</translation>
    </message>
    <message>
        <source>Linear</source>
        <translation>线性</translation>
    </message>
    <message>
        <source>Logarithmic</source>
        <translation>对数</translation>
    </message>
    <message>
        <source>Row-normalised</source>
        <translation>按行归一化</translation>
    </message>
    <message>
        <source>&amp;Query bars from 0 to 1</source>
        <translation>查询条形图固定为 0 到 1(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Causal attention</source>
        <translation>因果注意力(&amp;C)</translation>
    </message>
    <message>
        <source>Ctrl+M</source>
        <translation>Ctrl+M</translation>
    </message>
    <message>
        <source>&amp;Ablate selected head</source>
        <translation>消融所选头(&amp;A)</translation>
    </message>
    <message>
        <source>Ctrl+K</source>
        <translation>Ctrl+K</translation>
    </message>
    <message>
        <source>&amp;Refuse text longer than the context</source>
        <translation>拒绝超出上下文长度的文本(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Threads</source>
        <translation>线程(&amp;T)</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Automatic (%n core(s))</source>
        <translation>
            <numerusform>自动(&amp;A)（%n 个核心）</numerusform>
        </translation>
    </message>
    <message>
        <source>Keep every head&apos;s attention weights while they fit in %1 MB; past that, rebuild a head exactly when it is shown</source>
        <translation>在 %1 MB 以内保留所有头的注意力权重；超出后，仅在显示某个头时再精确地重建它</translation>
    </message>
    <message>
        <source>Attention &amp;memory</source>
        <translation>注意力内存(&amp;M)</translation>
    </message>
    <message>
        <source>Acti&amp;vation memory</source>
        <translation>激活值内存(&amp;V)</translation>
    </message>
    <message>
        <source>Keep every layer&apos;s activations while they fit in %1 MB; past that, keep k, v and each layer&apos;s output, and compute a layer&apos;s other tensors again exactly when they are shown</source>
        <translation>在 %1 MB 以内保留每一层的激活值；超出后，只保留 k、v 和每层的输出，其他张量在显示时再精确地重新计算</translation>
    </message>
    <message>
        <source>&amp;Key and value memory</source>
        <translation>键和值内存(&amp;K)</translation>
    </message>
    <message>
        <source>Past the activation memory, keep every layer&apos;s keys and values while they fit in %1 MB; past that, compute them again from each layer&apos;s input, exactly, when a run or a view needs them (an edit then costs every layer&apos;s k and v projections)</source>
        <translation>在激活值内存之外，在 %1 MB 以内保留每一层的键和值；超出后，在运行或视图需要时从每层的输入精确地重新计算（此时每次编辑都要重新计算所有层的 k、v 投影）</translation>
    </message>
    <message>
        <source>C&amp;lear ablations</source>
        <translation>清除所有消融(&amp;L)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+K</source>
        <translation>Ctrl+Shift+K</translation>
    </message>
    <message>
        <source>Ca&amp;ncel run</source>
        <translation>取消运行(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Guide</source>
        <translation>指南(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;About AttnScope</source>
        <translation>关于 AttnScope(&amp;A)</translation>
    </message>
    <message>
        <source>About AttnScope</source>
        <translation>关于 AttnScope</translation>
    </message>
    <message>
        <source>&lt;b&gt;AttnScope %1&lt;/b&gt;&lt;p&gt;See inside transformer attention: every head, every layer, live as you type.&lt;/p&gt;</source>
        <translation>&lt;b&gt;AttnScope %1&lt;/b&gt;&lt;p&gt;深入观察 Transformer 的注意力：每个头、每一层，随输入实时呈现。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>La&amp;yers:</source>
        <translation>层(&amp;Y)：</translation>
    </message>
    <message>
        <source>Show every layer, or one</source>
        <translation>显示所有层，或只显示一层</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>显示(&amp;S)：</translation>
    </message>
    <message>
        <source>Attention weights</source>
        <translation>注意力权重</translation>
    </message>
    <message>
        <source>Raw scores</source>
        <translation>原始分数</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>掩码</translation>
    </message>
    <message>
        <source>Reset &amp;zoom</source>
        <translation>重置缩放(&amp;Z)</translation>
    </message>
    <message>
        <source>Show the whole map again (0)</source>
        <translation>重新显示整幅图 (0)</translation>
    </message>
    <message>
        <source>“%1” has carriage-return line ends (CR LF or CR); the editor holds them as line feeds.</source>
        <translation>“%1”使用回车符换行（CR LF 或 CR）；编辑器会将其保存为换行符（LF）。</translation>
    </message>
    <message>
        <source>“%1” is %2 MB; AttnScope opens texts up to 16 MB (a model sees at most its context anyway).</source>
        <translation>“%1”大小为 %2 MB；AttnScope 最多打开 16 MB 的文本（反正模型最多只能看到其上下文长度内的内容）。</translation>
    </message>
    <message>
        <source>“%1” cannot be read: %2</source>
        <translation>无法读取“%1”：%2</translation>
    </message>
    <message>
        <source>“%1” is not valid %2; invalid characters were replaced by �.</source>
        <translation>“%1”不是有效的 %2；无效字符已替换为 �。</translation>
    </message>
    <message>
        <source>“%1” is not valid UTF-8 (first bad byte at offset %2); invalid bytes were replaced by �.</source>
        <translation>“%1”不是有效的 UTF-8（第一个无效字节位于偏移量 %2）；无效字节已替换为 �。</translation>
    </message>
    <message>
        <source>Generate…</source>
        <translation>生成…</translation>
    </message>
    <message>
        <source>The model continues the text, a token at a time (Ctrl+G)</source>
        <translation>模型逐个 token 地续写文本 (Ctrl+G)</translation>
    </message>
    <message numerus="yes">
        <source>Generated %n token(s): stopped at the end-of-text token.</source>
        <translation>
            <numerusform>已生成 %n 个 token：在文本结束 token 处停止。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Generated %n token(s): stopped at the end of the model&apos;s context.</source>
        <translation>
            <numerusform>已生成 %n 个 token：在模型上下文的末尾停止。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Generated %n token(s): stopped.</source>
        <translation>
            <numerusform>已生成 %n 个 token：已停止。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Generated %n token(s).</source>
        <translation>
            <numerusform>已生成 %n 个 token。</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to continue yet: type some text first.</source>
        <translation>还没有可续写的内容：请先输入一些文本。</translation>
    </message>
    <message>
        <source>Generated by the model</source>
        <translation>由模型生成</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>AttnScope will use %1 the next time it starts.</source>
        <translation>AttnScope 将在下次启动时使用 %1。</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>系统语言</translation>
    </message>
    <message>
        <source>&amp;Generate…</source>
        <translation>生成(&amp;G)…</translation>
    </message>
    <message>
        <source>Ctrl+G</source>
        <translation>Ctrl+G</translation>
    </message>
    <message>
        <source>The model continues the text, a token at a time</source>
        <translation>模型逐个 token 地续写文本</translation>
    </message>
    <message>
        <source>Views</source>
        <translation>视图</translation>
    </message>
    <message>
        <source>Models (*.safetensors *.gguf *.pt *.pth *.bin *.ckpt);;All files (*)</source>
        <translation>模型 (*.safetensors *.gguf *.pt *.pth *.bin *.ckpt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open &amp;local model…</source>
        <translation>打开本地模型(&amp;L)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+L</source>
        <translation>Ctrl+Shift+L</translation>
    </message>
    <message>
        <source>A trace file holds attention weights only: the weights are shown in place of raw scores or value-weighted norms</source>
        <translation>trace 文件只包含注意力权重：以权重代替原始分数或值加权范数显示</translation>
    </message>
    <message>
        <source>Softmax weights, the raw scores q·kᵀ/√hs before the softmax, the mask, or the value-weighted norms ‖α·v W_O‖</source>
        <translation>softmax 权重、softmax 之前的原始分数 q·kᵀ/√hs、掩码，或值加权范数 ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>Round each product&apos;s activations to the weight&apos;s dot-product type (float16, bfloat16, 8-bit blocks) first, as llama.cpp, Ollama and LM Studio do, rather than computing the exact float32 model</source>
        <translation>先将每个乘积的激活值舍入为权重的点积类型(float16、bfloat16、8 位块),与 llama.cpp、Ollama 和 LM Studio 相同,而不是计算精确的 float32 模型</translation>
    </message>
    <message>
        <source>Com&amp;pute as llama.cpp does (GGUF)</source>
        <translation>按 llama.cpp 的方式计算 (GGUF)(&amp;P)</translation>
    </message>
</context>
<context>
    <name>MaskView</name>
    <message>
        <source>Ca&amp;usal (each token sees only itself and earlier tokens)</source>
        <translation>因果(&amp;U)（每个 token 只能看到自身和之前的 token）</translation>
    </message>
    <message>
        <source>Off: bidirectional attention, as in an encoder. The model is run again.</source>
        <translation>关闭：双向注意力，与编码器相同。模型将重新运行。</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>掩码</translation>
    </message>
</context>
<context>
    <name>ModelPanel</name>
    <message>
        <source>&amp;Open model…</source>
        <translation>打开模型(&amp;O)…</translation>
    </message>
    <message>
        <source>Ne&amp;w random model…</source>
        <translation>新建随机模型(&amp;W)…</translation>
    </message>
    <message>
        <source>Open a safetensors file, a PyTorch checkpoint or a Hugging Face folder (Ctrl+O)</source>
        <translation>打开 safetensors 文件、PyTorch 检查点或 Hugging Face 文件夹 (Ctrl+O)</translation>
    </message>
    <message>
        <source>A model of any shape with random weights, to try the views (Ctrl+N)</source>
        <translation>任意形状、权重随机的模型，用于试用各视图 (Ctrl+N)</translation>
    </message>
    <message>
        <source>Recent models:</source>
        <translation>最近使用的模型：</translation>
    </message>
    <message>
        <source>Recent models</source>
        <translation>最近使用的模型</translation>
    </message>
    <message>
        <source>&lt;i&gt;Loading…&lt;/i&gt;</source>
        <translation>&lt;i&gt;正在加载…&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (trace file)&lt;br&gt;%2 layers · %3 heads · %4 tokens · %5, %6&lt;br&gt;attention weights only: shape flow, ablation, predictions, raw scores and the probes need the model</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;（trace 文件）&lt;br&gt;%2 层 · %3 个头 · %4 个 token · %5，%6&lt;br&gt;仅含注意力权重：形状流、消融、预测、原始分数和探针都需要模型</translation>
    </message>
    <message>
        <source>causal</source>
        <translation>因果</translation>
    </message>
    <message>
        <source>bidirectional</source>
        <translation>双向</translation>
    </message>
    <message>
        <source>&lt;i&gt;No model loaded.&lt;/i&gt;</source>
        <translation>&lt;i&gt;未加载模型。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>none: type token ids</source>
        <translation>无：请输入 token id</translation>
    </message>
    <message>
        <source> (File ▸ Choose tokenizer… to change it)</source>
        <translation>（可通过 文件 ▸ 选择分词器… 更改）</translation>
    </message>
    <message>
        <source>left out: %1</source>
        <translation>已省略：%1</translation>
    </message>
    <message>
        <source>not run (objects in the pickle, never called): %1</source>
        <translation>未运行（pickle 中的对象，从未调用）：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;%2&lt;br&gt;format: %3 · %4&lt;br&gt;%5 layers · %6 heads · width %7 · head size %8&lt;br&gt;context %9 · vocabulary %10 · %11 parameters&lt;br&gt;tokenizer: %12</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;%2&lt;br&gt;格式：%3 · %4&lt;br&gt;%5 层 · %6 个头 · 宽度 %7 · 头维度 %8&lt;br&gt;上下文 %9 · 词表 %10 · %11 个参数&lt;br&gt;分词器：%12</translation>
    </message>
    <message>
        <source> (demo)</source>
        <translation>（演示）</translation>
    </message>
</context>
<context>
    <name>NewModelDialog</name>
    <message>
        <source>New random model</source>
        <translation>新建随机模型</translation>
    </message>
    <message>
        <source>&amp;Layers (n_layer):</source>
        <translation>层数(&amp;L) (n_layer)：</translation>
    </message>
    <message>
        <source>&amp;Heads (n_head):</source>
        <translation>头数(&amp;H) (n_head)：</translation>
    </message>
    <message>
        <source>&amp;Width (n_embed):</source>
        <translation>宽度(&amp;W) (n_embed)：</translation>
    </message>
    <message>
        <source>&amp;Context length:</source>
        <translation>上下文长度(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Vocabulary size:</source>
        <translation>词表大小(&amp;V)：</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>随机种子(&amp;S)：</translation>
    </message>
    <message>
        <source>The width must be divisible by the number of heads.</source>
        <translation>宽度必须能被头数整除。</translation>
    </message>
    <message>
        <source>That model would need more than 8 GB of memory.</source>
        <translation>该模型将需要超过 8 GB 的内存。</translation>
    </message>
    <message>
        <source>The family: its norm, positions (learned or RoPE), MLP and biases</source>
        <translation>模型家族：其归一化、位置编码（可学习或 RoPE）、MLP 与偏置</translation>
    </message>
    <message>
        <source>one per head</source>
        <translation>每个头一个</translation>
    </message>
    <message>
        <source>Key/value heads shared by groups of query heads (grouped-query attention, as in Llama 3 and Mistral); it must divide the number of heads</source>
        <translation>由若干查询头共享的键/值头（分组查询注意力，如 Llama 3 和 Mistral）；其数目必须整除头数</translation>
    </message>
    <message>
        <source>&amp;Architecture:</source>
        <translation>架构(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;Key/value heads:</source>
        <translation>键/值头数(&amp;K)：</translation>
    </message>
    <message>
        <source>The key/value heads must divide the number of heads.</source>
        <translation>键/值头数必须整除头数。</translation>
    </message>
</context>
<context>
    <name>NoticeLabel</name>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Less</source>
        <translation>收起</translation>
    </message>
</context>
<context>
    <name>PredictionsModel</name>
    <message>
        <source>Probability without the knockouts, and the change the knockouts make</source>
        <translation>不做阻断时的概率，以及阻断带来的变化</translation>
    </message>
    <message>
        <source>token id %1</source>
        <translation>token id %1</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>token</translation>
    </message>
    <message>
        <source>Probability</source>
        <translation>概率</translation>
    </message>
    <message>
        <source>Logit</source>
        <translation>logit</translation>
    </message>
    <message>
        <source>Without</source>
        <translation>无阻断</translation>
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
        <translation>预测</translation>
    </message>
    <message>
        <source>top </source>
        <translation>前 </translation>
    </message>
    <message>
        <source>How many of the most probable next tokens to list</source>
        <translation>列出概率最高的多少个下一 token</translation>
    </message>
    <message>
        <source>Number of next tokens</source>
        <translation>下一 token 的数量</translation>
    </message>
    <message>
        <source>Most probable next tokens</source>
        <translation>最可能的下一 token</translation>
    </message>
    <message>
        <source>Surprise of each token</source>
        <translation>每个 token 的惊奇度</translation>
    </message>
    <message>
        <source>Each token coloured by its loss -ln p, how surprised the model was to see it. Click a token to see what the model expected in its place.</source>
        <translation>每个 token 按其损失 -ln p 着色，即模型看到它时有多意外。点击某个 token 可查看模型原本预期在该位置出现什么。</translation>
    </message>
    <message>
        <source>Predictions need the model: a trace file holds attention weights only.</source>
        <translation>预测需要模型：trace 文件只包含注意力权重。</translation>
    </message>
    <message>
        <source>No prediction: no model has run yet.</source>
        <translation>无预测：尚未运行任何模型。</translation>
    </message>
    <message>
        <source>Bidirectional run: every position sees the tokens after it, so these are not next-token predictions. After position %1 “%2”, the output is:</source>
        <translation>双向运行：每个位置都能看到其后的 token，因此这些不是下一 token 预测。位置 %1“%2”之后的输出为：</translation>
    </message>
    <message>
        <source>After position %1 “%2”, the model predicts:</source>
        <translation>在位置 %1“%2”之后，模型预测：</translation>
    </message>
    <message numerus="yes">
        <source>(%n attention edge(s) knocked out; “Without” is the model without them, Δ the change)</source>
        <translation>
            <numerusform>（已阻断 %n 条注意力边；“无阻断”是不做这些阻断时的模型，Δ 为变化量）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n attention edge(s) knocked out; computing the prediction without them…)</source>
        <translation>
            <numerusform>（已阻断 %n 条注意力边；正在计算不做阻断时的预测…）</numerusform>
        </translation>
    </message>
    <message>
        <source>Actual next token “%1”: probability %2 (%3 without the knockouts, Δ %4), rank %5 (%6 without)</source>
        <translation>实际的下一 token“%1”：概率 %2（无阻断时为 %3，Δ %4），排名 %5（无阻断时为 %6）</translation>
    </message>
    <message>
        <source>Actual next token “%1”: probability %2, rank %3</source>
        <translation>实际的下一 token“%1”：概率 %2，排名 %3</translation>
    </message>
    <message>
        <source>The text ends here: there is no next token to compare.</source>
        <translation>文本在此结束：没有可比较的下一 token。</translation>
    </message>
    <message>
        <source>The first token: nothing predicts it.</source>
        <translation>首个 token：没有任何位置预测它。</translation>
    </message>
    <message>
        <source>-ln p = %1 nats (p = %2), predicted at position %3</source>
        <translation>-ln p = %1 nat（p = %2），在位置 %3 预测</translation>
    </message>
    <message>
        <source>The loss of each token needs the model.</source>
        <translation>计算每个 token 的损失需要模型。</translation>
    </message>
    <message>
        <source>Bidirectional run: each token was visible to the position that predicts it, so this is no measure of surprise (mean -ln p %1 nats).</source>
        <translation>双向运行：每个 token 对预测它的位置都是可见的，因此这不能衡量惊奇度（平均 -ln p 为 %1 nat）。</translation>
    </message>
    <message>
        <source>Computing the loss of every token…</source>
        <translation>正在计算每个 token 的损失…</translation>
    </message>
    <message numerus="yes">
        <source>Surprise: mean next-token loss %1 nats over %n token(s)</source>
        <translation>
            <numerusform>惊奇度：%n 个 token 上的平均下一 token 损失为 %1 nat</numerusform>
        </translation>
    </message>
    <message>
        <source>Click a token (or press Enter on it) to explain its logit in the Attribution view</source>
        <translation>点击某个 token（或选中后按 Enter），在归因视图中解释它的 logit</translation>
    </message>
    <message>
        <source>Step %1: greedy, after position %2 the model put first:</source>
        <translation>第 %1 步：贪心解码，位置 %2 之后模型排在最前面的是：</translation>
    </message>
    <message>
        <source>Step %1: what the sampler saw after position %2 (temperature %3):</source>
        <translation>第 %1 步：位置 %2 之后采样器看到的分布（温度 %3）：</translation>
    </message>
    <message numerus="yes">
        <source>It took “%1”: probability %2, rank %3, from the %n most probable token(s) kept.</source>
        <translation>
            <numerusform>选中了“%1”：概率 %2，排名 %3，从保留的 %n 个概率最高的 token 中选出。</numerusform>
        </translation>
    </message>
    <message>
        <source>The loss of each new token comes when the generation ends.</source>
        <translation>每个新 token 的损失在生成结束时给出。</translation>
    </message>
</context>
<context>
    <name>QueryBarsView</name>
    <message>
        <source>Attention of the selected query</source>
        <translation>所选查询的注意力</translation>
    </message>
    <message>
        <source>The selected query&apos;s attention over every key. Click a bar to select its key; right-click (or View ▸ Query bars from 0 to 1) to switch between an axis fitted to the tallest bar and a fixed 0 to 1 axis.</source>
        <translation>所选查询在每个键上的注意力。点击某个条形可选中其对应的键；右键单击（或 视图 ▸ 查询条形图固定为 0 到 1）可在适应最高条形的坐标轴与固定的 0 到 1 坐标轴之间切换。</translation>
    </message>
    <message>
        <source>Fixed 0 to 1 axis</source>
        <translation>固定 0 到 1 坐标轴</translation>
    </message>
    <message>
        <source>Fixed axis, up to the head&apos;s largest possible norm</source>
        <translation>固定坐标轴，上限为该头可能的最大范数</translation>
    </message>
</context>
<context>
    <name>SelectionText</name>
    <message>
        <source>Layer %1 · Head %2</source>
        <translation>层 %1 · 头 %2</translation>
    </message>
    <message>
        <source>KV head %1, shared by H%2–H%3</source>
        <translation>KV 头 %1，由 H%2–H%3 共享</translation>
    </message>
    <message>
        <source>%1 “%2” %3</source>
        <translation>%1“%2” %3</translation>
    </message>
    <message>
        <source>query %1 “%2” → top keys: %3</source>
        <translation>查询 %1“%2” → 最强的键：%3</translation>
    </message>
    <message>
        <source>query %1 “%2” → largest norms: %3</source>
        <translation>查询 %1“%2” → 范数最大的键：%3</translation>
    </message>
    <message>
        <source>query %1 “%2” → highest raw scores: %3</source>
        <translation>查询 %1“%2” → 原始分数最高的键：%3</translation>
    </message>
</context>
<context>
    <name>ShapeFlowView</name>
    <message>
        <source>Shape flow diagram</source>
        <translation>形状流图</translation>
    </message>
    <message>
        <source>Click a node, or walk them with the arrow keys, to see its tensor.</source>
        <translation>点击某个节点，或用方向键逐个浏览节点，即可查看其张量。</translation>
    </message>
    <message>
        <source>Heatmap</source>
        <translation>热力图</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>表格</translation>
    </message>
    <message>
        <source>Show tensor as</source>
        <translation>张量显示方式</translation>
    </message>
    <message>
        <source>Show the clicked node&apos;s tensor as a heatmap or as a table of its numbers.</source>
        <translation>将所点击节点的张量显示为热力图或数值表格。</translation>
    </message>
    <message>
        <source>Tensor values</source>
        <translation>张量数值</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 · not kept in the trace; the next step with a tensor shows its result</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2 · 未保存在 trace 中；下一个带张量的步骤会显示其结果</translation>
    </message>
    <message>
        <source>id</source>
        <translation>id</translation>
    </message>
    <message>
        <source> (head %1)</source>
        <translation>（头 %1）</translation>
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
        <translation>token id</translation>
    </message>
</context>
<context>
    <name>ShowBox</name>
    <message>
        <source>Value-weighted norms</source>
        <translation>值加权范数</translation>
    </message>
    <message>
        <source>Value-weighted norms ‖α·v W_O‖ (Kobayashi et al., 2020): each weight times the size of what its key&apos;s value sends through the head&apos;s output projection. A large weight on a key whose value is near zero moves nothing.</source>
        <translation>值加权范数 ‖α·v W_O‖（Kobayashi 等，2020）：每个权重乘以其键的值经该头输出投影传出的大小。落在值接近零的键上的大权重不会移动任何信息。</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>显示(&amp;S)：</translation>
    </message>
    <message>
        <source>Attention weights</source>
        <translation>注意力权重</translation>
    </message>
    <message>
        <source>Softmax weights, or the value-weighted norms ‖α·v W_O‖</source>
        <translation>softmax 权重，或值加权范数 ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>显示</translation>
    </message>
</context>
<context>
    <name>TextAutosaver</name>
    <message>
        <source>The text cannot be saved to “%1”: %2</source>
        <translation>无法将文本保存到“%1”：%2</translation>
    </message>
</context>
<context>
    <name>TokenLinesView</name>
    <message>
        <source>Overla&amp;y every head of the layer</source>
        <translation>叠加该层的所有头(&amp;Y)</translation>
    </message>
    <message>
        <source>Draw every head of the selected layer at once, each in its own colour.</source>
        <translation>同时绘制所选层的所有头，每个头使用各自的颜色。</translation>
    </message>
    <message>
        <source>Token lines</source>
        <translation>token 连线</translation>
    </message>
    <message>
        <source>Queries on the left, keys on the right, joined by lines as strong as the attention. Click a query to show its lines alone; hover a token to pick out its lines; scroll a long text with the wheel.</source>
        <translation>左侧为查询，右侧为键，连线的粗细与注意力强度一致。点击某个查询可只显示它的连线；鼠标悬停在 token 上可突出显示其连线；长文本可用滚轮滚动。</translation>
    </message>
</context>
<context>
    <name>TokenStrip</name>
    <message>
        <source>Tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <source>Bytes that are not valid UTF-8: left out of the run</source>
        <translation>无效的 UTF-8 字节：未参与运行</translation>
    </message>
    <message>
        <source>“%1” is not in the model&apos;s vocabulary: left out of the run</source>
        <translation>“%1”不在模型的词表中：未参与运行</translation>
    </message>
    <message>
        <source>Token %1 · id %2
“%3”</source>
        <translation>token %1 · id %2
“%3”</translation>
    </message>
</context>
<context>
    <name>TraceView</name>
    <message>
        <source>bidirectional</source>
        <translation>双向</translation>
    </message>
    <message numerus="yes">
        <source>%n head(s) ablated</source>
        <translation>
            <numerusform>已消融 %n 个头</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n knockout(s)</source>
        <translation>
            <numerusform>%n 处阻断</numerusform>
        </translation>
    </message>
    <message>
        <source>stale: the last run was cancelled or refused</source>
        <translation>已过时：上一次运行被取消或拒绝</translation>
    </message>
</context>
<context>
    <name>Workspace</name>
    <message>
        <source>This run holds about %1: its activations and its keys and values (%2) pass their budgets and are computed again when needed, for every edit too.</source>
        <translation>本次运行约占用 %1：其激活值以及键和值（%2）超出了各自的预算，会在需要时重新计算，每次编辑时也是如此。</translation>
    </message>
    <message>
        <source>This run holds about %1: its attention maps (%2) and activations (%3) pass their budgets and are computed again when shown.</source>
        <translation>本次运行约占用 %1：其注意力图（%2）和激活值（%3）超出了各自的预算，会在显示时重新计算。</translation>
    </message>
    <message>
        <source>This run holds about %1: its attention maps (%2) pass the %3 budget and are rebuilt when shown.</source>
        <translation>本次运行约占用 %1：其注意力图（%2）超出了 %3 的预算，会在显示时重建。</translation>
    </message>
    <message>
        <source>This run holds about %1: its activations (%2) pass the %3 budget and are computed again when shown.</source>
        <translation>本次运行约占用 %1：其激活值（%2）超出了 %3 的预算，会在显示时重新计算。</translation>
    </message>
    <message>
        <source>This run holds about %1.</source>
        <translation>本次运行约占用 %1。</translation>
    </message>
    <message>
        <source>Its attention maps (%1) pass the %2 budget: each head is rebuilt from q and k when a view shows it.</source>
        <translation>其注意力图（%1）超出了 %2 的预算：每个头会在视图显示它时由 q 和 k 重建。</translation>
    </message>
    <message>
        <source>Its activations (%1) pass the %2 budget: a layer&apos;s are computed again from its input when a view shows them.</source>
        <translation>其激活值（%1）超出了 %2 的预算：某一层的激活值会在视图显示时由该层的输入重新计算。</translation>
    </message>
    <message>
        <source>Its keys and values (%1) pass the %2 budget too: they are computed again from each layer&apos;s input for every edit and every head shown.</source>
        <translation>其键和值（%1）也超出了 %2 的预算：每次编辑以及每显示一个头时，都会由每层的输入重新计算。</translation>
    </message>
    <message>
        <source>The text is longer than the model&apos;s context: only the last %1 tokens are shown (%2 dropped).</source>
        <translation>文本超出了模型的上下文长度：只显示最后 %1 个 token（丢弃 %2 个）。</translation>
    </message>
    <message numerus="yes">
        <source>Left out of this run: %n knockout(s) naming positions past the text&apos;s %1 tokens.</source>
        <translation>
            <numerusform>本次运行略去了 %n 处阻断：它们指向的位置超出了文本的 %1 个 token。</numerusform>
        </translation>
    </message>
    <message>
        <source>The text held characters that are not valid Unicode; they were replaced.</source>
        <translation>文本中含有无效的 Unicode 字符；它们已被替换。</translation>
    </message>
    <message numerus="yes">
        <source>Left out of the run: %n character(s) the model&apos;s vocabulary lacks (%1), marked in the token strip.</source>
        <translation>
            <numerusform>运行中略去了模型词表中没有的 %n 个字符（%1），已在 token 条中标出。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>attnscope::TraceTensors</name>
    <message>
        <source>Tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <source>Token embedding</source>
        <translation>token 嵌入</translation>
    </message>
    <message>
        <source>Position embedding</source>
        <translation>位置嵌入</translation>
    </message>
    <message>
        <source>Sum</source>
        <translation>求和</translation>
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
        <translation>查询</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>RMSNorm of q, k per head</source>
        <translation>逐头对 q、k 做 RMSNorm</translation>
    </message>
    <message>
        <source>RoPE on q, k</source>
        <translation>对 q、k 应用 RoPE</translation>
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
        <translation>分数 q·kᵀ/√hs</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>掩码</translation>
    </message>
    <message>
        <source>Softmax</source>
        <translation>Softmax</translation>
    </message>
    <message>
        <source>Weights · v</source>
        <translation>权重 · v</translation>
    </message>
    <message>
        <source>Concatenate heads</source>
        <translation>拼接各头</translation>
    </message>
    <message>
        <source>Output projection</source>
        <translation>输出投影</translation>
    </message>
    <message>
        <source>Residual +</source>
        <translation>残差 +</translation>
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
        <translation>MLP 隐藏层</translation>
    </message>
    <message>
        <source>Gate projection</source>
        <translation>gate 投影</translation>
    </message>
    <message>
        <source>Up projection</source>
        <translation>up 投影</translation>
    </message>
    <message>
        <source>Activation</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>act(gate) · up</source>
        <translation>act(gate) · up</translation>
    </message>
    <message>
        <source>MLP projection</source>
        <translation>MLP 投影</translation>
    </message>
    <message>
        <source>Down projection</source>
        <translation>down 投影</translation>
    </message>
    <message>
        <source>Parallel residual +</source>
        <translation>并行残差 +</translation>
    </message>
    <message>
        <source>Final LayerNorm</source>
        <translation>最终 LayerNorm</translation>
    </message>
    <message>
        <source>Final RMSNorm</source>
        <translation>最终 RMSNorm</translation>
    </message>
    <message>
        <source>Logits</source>
        <translation>logits</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>See inside transformer attention.</source>
        <translation>深入观察 Transformer 的注意力。</translation>
    </message>
    <message>
        <source>Model file or folder, or AttnScope trace file, to open (default: the last one, or the demo).</source>
        <translation>要打开的模型文件或文件夹，或 AttnScope trace 文件（默认：上次打开的，或演示模型）。</translation>
    </message>
    <message>
        <source>Save a PNG of every view into &lt;dir&gt; and quit.</source>
        <translation>将每个视图保存为 PNG 到 &lt;dir&gt; 中，然后退出。</translation>
    </message>
    <message>
        <source>Start with this text.</source>
        <translation>以此文本启动。</translation>
    </message>
    <message>
        <source>Start with head &lt;layer.head&gt; selected.</source>
        <translation>启动时选中头 &lt;layer.head&gt;。</translation>
    </message>
    <message>
        <source>Start with a random model, e.g. n_layer=12,n_head=12,n_embed=768,context=1024,vocab=96,seed=1.</source>
        <translation>以随机模型启动，例如 n_layer=12,n_head=12,n_embed=768,context=1024,vocab=96,seed=1。</translation>
    </message>
    <message>
        <source>Window size, e.g. 1600x1000.</source>
        <translation>窗口大小，例如 1600x1000。</translation>
    </message>
    <message>
        <source>Compare with this text B on the same model.</source>
        <translation>在同一模型上与此文本 B 比较。</translation>
    </message>
    <message>
        <source>Compare with this model B of the same shape (give it several times for a checkpoint timeline).</source>
        <translation>与此相同形状的模型 B 比较（多次指定可构成检查点时间线）。</translation>
    </message>
    <message>
        <source>Show checkpoint &lt;n&gt; (from 0) of the timeline.</source>
        <translation>显示时间线中的检查点 &lt;n&gt;（从 0 开始）。</translation>
    </message>
    <message>
        <source>Compare side-by-side or difference.</source>
        <translation>比较方式：side-by-side（并排）或 difference（差值）。</translation>
    </message>
    <message>
        <source>Start with these attention edges blocked, e.g. 2.*:9&gt;4 or *.*:*&gt;5 (layer.head:query&gt;key, * for every one).</source>
        <translation>启动时阻断这些注意力边，例如 2.*:9&gt;4 或 *.*:*&gt;5（layer.head:query&gt;key，* 表示全部）。</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>the demo model</source>
        <translation>演示模型</translation>
    </message>
</context>
<context>
    <name>render::AblationFigure</name>
    <message>
        <source>Loss change per ablated head · base loss %1</source>
        <translation>逐个消融头后的损失变化 · 基准损失 %1</translation>
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
        <translation>逐个消融头后的估计损失变化（attribution patching）· 基准损失 %1</translation>
    </message>
    <message>
        <source>Direct logit attribution of each head to %1</source>
        <translation>每个头对 %1 的直接 logit 归因</translation>
    </message>
</context>
<context>
    <name>render::AttributionFigure</name>
    <message>
        <source>%1 for %2 at position %3 · logit %4</source>
        <translation>%1：位置 %3 上的 %2 · logit %4</translation>
    </message>
    <message numerus="yes">
        <source>… %n more token(s) past the figure&apos;s room</source>
        <translation>
            <numerusform>… 另有 %n 个 token 超出了图的范围</numerusform>
        </translation>
    </message>
    <message>
        <source>Completeness: f(e) − f(0) = %1, sum of the scores = %2</source>
        <translation>完备性：f(e) − f(0) = %1，分数之和 = %2</translation>
    </message>
</context>
<context>
    <name>render::CompareFigure</name>
    <message>
        <source>query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>key</source>
        <translation>键</translation>
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
        <translation>尚无比较：请用以下命令选择 B：与文本比较… 或 与模型比较…</translation>
    </message>
    <message>
        <source>L%1 H%2 · A: %3 · B: %4</source>
        <translation>L%1 H%2 · A: %3 · B: %4</translation>
    </message>
    <message>
        <source> · largest |B − A| of %1 × %1 tokens a cell</source>
        <translation> · 每个单元格取 %1 × %1 个 token 中最大的 |B − A|</translation>
    </message>
    <message>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <source>B − A, first %1 positions (A has %2, B %3)</source>
        <translation>B − A，前 %1 个位置（A 有 %2 个，B 有 %3 个）</translation>
    </message>
</context>
<context>
    <name>render::HeadFigure</name>
    <message numerus="yes">
        <source>%n edge(s) knocked out (×)</source>
        <translation>
            <numerusform>已阻断 %n 条边 (×)</numerusform>
        </translation>
    </message>
    <message>
        <source>Mask (bidirectional)</source>
        <translation>掩码（双向）</translation>
    </message>
    <message>
        <source>Mask (causal, sliding window of %1)</source>
        <translation>掩码（因果，滑动窗口 %1）</translation>
    </message>
    <message>
        <source>Mask (causal)</source>
        <translation>掩码（因果）</translation>
    </message>
    <message>
        <source>attention weights</source>
        <translation>注意力权重</translation>
    </message>
    <message>
        <source>raw scores</source>
        <translation>原始分数</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 (KV head %3) · %4</source>
        <translation>层 %1 · 头 %2（KV 头 %3）· %4</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 · %3</source>
        <translation>层 %1 · 头 %2 · %3</translation>
    </message>
    <message>
        <source> · max of %1 × %1 tokens a cell</source>
        <translation> · 每个单元格取 %1 × %1 个 token 中的最大值</translation>
    </message>
    <message>
        <source> · Layer %1 · Head %2</source>
        <translation> · 层 %1 · 头 %2</translation>
    </message>
    <message>
        <source>query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>value-weighted norms ‖α·v W_O‖</source>
        <translation>值加权范数 ‖α·v W_O‖</translation>
    </message>
</context>
<context>
    <name>render::HeadsGridFigure</name>
    <message>
        <source>Attention weights of every head</source>
        <translation>所有头的注意力权重</translation>
    </message>
    <message>
        <source>each row scaled to its own max</source>
        <translation>每行按其自身最大值缩放</translation>
    </message>
    <message>
        <source>log scale</source>
        <translation>对数刻度</translation>
    </message>
    <message>
        <source>each tile scaled to its own max</source>
        <translation>每个图块按其自身最大值缩放</translation>
    </message>
    <message>
        <source>one scale for all tiles</source>
        <translation>所有图块使用同一刻度</translation>
    </message>
    <message>
        <source>columns grouped by the KV head they share</source>
        <translation>列按共享的 KV 头分组</translation>
    </message>
    <message>
        <source>each pixel: the max of its tokens</source>
        <translation>每个像素：其中各 token 的最大值</translation>
    </message>
    <message>
        <source>each pixel: the mean of its tokens</source>
        <translation>每个像素：其中各 token 的平均值</translation>
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
        <translation>每个头的值加权范数</translation>
    </message>
    <message>
        <source>value-weighted norms ‖α·v W_O‖</source>
        <translation>值加权范数 ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>one scale for all tiles, up to the largest norm of any head</source>
        <translation>所有图块共用一个刻度，上限为所有头中的最大范数</translation>
    </message>
</context>
<context>
    <name>render::Heatmap</name>
    <message>
        <source>per row:
row max = 1</source>
        <translation>按行：
行最大值 = 1</translation>
    </message>
    <message>
        <source>log; top = 10ⁿ
≥ largest</source>
        <translation>对数；顶端 = 10ⁿ
≥ 最大值</translation>
    </message>
    <message>
        <source>top = largest
value shown</source>
        <translation>顶端 = 所示
最大值</translation>
    </message>
</context>
<context>
    <name>render::MatrixFigure</name>
    <message>
        <source>attended (allowed)</source>
        <translation>可关注（允许）</translation>
    </message>
    <message>
        <source>masked (−∞ before softmax)</source>
        <translation>已掩码（softmax 前为 −∞）</translation>
    </message>
</context>
<context>
    <name>render::NotedFigure</name>
    <message>
        <source>bidirectional attention (no causal mask)</source>
        <translation>双向注意力（无因果掩码）</translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translation>L%1 H%2</translation>
    </message>
    <message>
        <source>ablated: %1</source>
        <translation>已消融：%1</translation>
    </message>
    <message>
        <source>knocked out: %1</source>
        <translation>已阻断：%1</translation>
    </message>
</context>
<context>
    <name>render::QueryBarsFigure</name>
    <message>
        <source>Select a query token to see its attention over the keys.</source>
        <translation>选择一个查询 token 即可查看它在各键上的注意力。</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 · query %3 “%4” · value-weighted norms ‖α·v W_O‖</source>
        <translation>层 %1 · 头 %2 · 查询 %3“%4” · 值加权范数 ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 · query %3 “%4” · attention weights</source>
        <translation>层 %1 · 头 %2 · 查询 %3“%4” · 注意力权重</translation>
    </message>
</context>
<context>
    <name>render::RolloutFigure</name>
    <message>
        <source>position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>input token</source>
        <translation>输入 token</translation>
    </message>
    <message>
        <source>Rollout of position %1 “%2” over the input</source>
        <translation>位置 %1“%2”在输入上的注意力展开</translation>
    </message>
    <message>
        <source>log scale</source>
        <translation>对数刻度</translation>
    </message>
</context>
<context>
    <name>render::Session</name>
    <message>
        <source>GPT-2 BPE bundled with AttnScope, chosen for a vocabulary of %1 rows</source>
        <translation>AttnScope 自带的 GPT-2 BPE，因词表有 %1 行而选用</translation>
    </message>
    <message>
        <source>Random model (seed %1)</source>
        <translation>随机模型（种子 %1）</translation>
    </message>
</context>
<context>
    <name>render::ShapeFlowFigure</name>
    <message>
        <source>Forward pass · block %1 of %2 shown · head %3 for per-head tensors</source>
        <translation>前向传播 · 显示第 %1/%2 个块 · 逐头张量显示头 %3</translation>
    </message>
    <message>
        <source>× %2 blocks · block %1 shown · pre-RMSNorm, attention and MLP in parallel</source>
        <translation>× %2 个块 · 显示第 %1 块 · 前置 RMSNorm，注意力与 MLP 并行</translation>
    </message>
    <message>
        <source>× %2 blocks · block %1 shown · pre-LayerNorm, attention and MLP in parallel</source>
        <translation>× %2 个块 · 显示第 %1 块 · 前置 LayerNorm，注意力与 MLP 并行</translation>
    </message>
    <message>
        <source>× %2 blocks · block %1 shown · pre-RMSNorm</source>
        <translation>× %2 个块 · 显示第 %1 块 · 前置 RMSNorm</translation>
    </message>
    <message>
        <source>× %2 blocks · block %1 shown · pre-LayerNorm</source>
        <translation>× %2 个块 · 显示第 %1 块 · 前置 LayerNorm</translation>
    </message>
    <message>
        <source>T tokens</source>
        <translation>T 词元数</translation>
    </message>
    <message>
        <source>C model width</source>
        <translation>C 模型宽度</translation>
    </message>
    <message>
        <source>H heads</source>
        <translation>H 头数</translation>
    </message>
    <message>
        <source>KV key/value heads</source>
        <translation>KV 键/值头数</translation>
    </message>
    <message>
        <source>hs head size</source>
        <translation>hs 头宽度</translation>
    </message>
    <message>
        <source>4C the MLP&apos;s width</source>
        <translation>4C MLP 宽度</translation>
    </message>
    <message>
        <source>F the MLP&apos;s width</source>
        <translation>F MLP 宽度</translation>
    </message>
    <message>
        <source>R positions whose logits are kept</source>
        <translation>R 保留 logits 的位置数</translation>
    </message>
    <message>
        <source>V vocabulary</source>
        <translation>V 词表大小</translation>
    </message>
</context>
<context>
    <name>render::TokenLinesFigure</name>
    <message>
        <source>Layer %1 · Head %2 · token lines</source>
        <translation>层 %1 · 头 %2 · token 连线</translation>
    </message>
    <message>
        <source>Layer %1 · %2 heads overlaid · token lines</source>
        <translation>层 %1 · 叠加 %2 个头 · token 连线</translation>
    </message>
    <message>
        <source>query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>key (↑ %1 earlier)</source>
        <translation>键（↑ 之前还有 %1 个）</translation>
    </message>
    <message>
        <source>key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 · token lines · value-weighted norms</source>
        <translation>第 %1 层 · 头 %2 · 词元连线 · 值加权范数</translation>
    </message>
    <message>
        <source>Layer %1 · %2 heads overlaid · token lines · value-weighted norms</source>
        <translation>第 %1 层 · %2 个头叠加 · 词元连线 · 值加权范数</translation>
    </message>
</context>
<context>
    <name>session::Attribution</name>
    <message>
        <source>Gradient norm</source>
        <translation>梯度范数</translation>
    </message>
    <message>
        <source>Gradient × input</source>
        <translation>梯度 × 输入</translation>
    </message>
    <message>
        <source>Integrated gradients (%1 steps)</source>
        <translation>积分梯度（%1 步）</translation>
    </message>
    <message>
        <source>Relevance</source>
        <translation>相关性</translation>
    </message>
</context>
<context>
    <name>session::Views</name>
    <message>
        <source>H&amp;eads</source>
        <translation>注意力头(&amp;E)</translation>
    </message>
    <message>
        <source>Heads grid</source>
        <translation>头网格</translation>
    </message>
    <message>
        <source>every head of every layer as a small heatmap</source>
        <translation>每一层的每个头，各画成一幅小热力图</translation>
    </message>
    <message>
        <source>Head &amp;detail</source>
        <translation>头详情(&amp;D)</translation>
    </message>
    <message>
        <source>Head detail</source>
        <translation>头详情</translation>
    </message>
    <message>
        <source>&amp;Mask</source>
        <translation>掩码(&amp;M)</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>掩码</translation>
    </message>
    <message>
        <source>which keys each query may attend to</source>
        <translation>每个查询可以关注哪些键</translation>
    </message>
    <message>
        <source>Sh&amp;ape flow</source>
        <translation>形状流(&amp;A)</translation>
    </message>
    <message>
        <source>Shape flow</source>
        <translation>形状流</translation>
    </message>
    <message>
        <source>the tensors of one block&apos;s forward pass with their shapes</source>
        <translation>一个块前向传播中的各个张量及其形状</translation>
    </message>
    <message>
        <source>Token &amp;lines</source>
        <translation>token 连线(&amp;L)</translation>
    </message>
    <message>
        <source>Token lines</source>
        <translation>token 连线</translation>
    </message>
    <message>
        <source>BertViz-style lines from each query to the keys it attends to</source>
        <translation>BertViz 风格的连线，从每个查询连到它所关注的键</translation>
    </message>
    <message>
        <source>Rollou&amp;t</source>
        <translation>注意力展开(&amp;T)</translation>
    </message>
    <message>
        <source>Attention rollout</source>
        <translation>注意力展开（rollout）</translation>
    </message>
    <message>
        <source>attention rolled out through every layer (Abnar &amp; Zuidema, 2020)</source>
        <translation>在所有层上逐层展开的注意力（Abnar &amp; Zuidema, 2020）</translation>
    </message>
    <message>
        <source>A&amp;blation</source>
        <translation>消融(&amp;B)</translation>
    </message>
    <message>
        <source>Ablation scan</source>
        <translation>消融扫描</translation>
    </message>
    <message>
        <source>the change in the text&apos;s loss when each head alone is ablated</source>
        <translation>单独消融每个头时文本损失的变化</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>比较(&amp;C)</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>one head of two texts, or of two models of one shape, and B − A</source>
        <translation>两段文本或两个相同形状模型的同一个头，以及 B − A</translation>
    </message>
    <message>
        <source>Attributio&amp;n</source>
        <translation>归因(&amp;J)</translation>
    </message>
    <message>
        <source>Attribution</source>
        <translation>归因</translation>
    </message>
    <message>
        <source>which tokens mattered for a prediction: gradients, integrated gradients, relevance; each head&apos;s direct logit attribution; the logit lens</source>
        <translation>哪些 token 对预测起了作用：梯度、积分梯度、相关性；每个头的直接 logit 归因；logit lens</translation>
    </message>
    <message>
        <source>one head&apos;s full T x T weights (or raw scores or value-weighted norms) with tokens on both axes</source>
        <translation>一个头完整的 T × T 权重（或原始分数或值加权范数），两条轴上都标有词元</translation>
    </message>
</context>
</TS>
