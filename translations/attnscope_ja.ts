<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>AblationView</name>
    <message>
        <source>&amp;Scan every head</source>
        <translation>すべてのヘッドをスキャン(&amp;S)</translation>
    </message>
    <message>
        <source>Run the model once per head with that head ablated and show how the text&apos;s loss changes (Ctrl+Shift+A)</source>
        <translation>ヘッドを 1 つずつアブレーションしてモデルを実行し、テキストの損失の変化を表示 (Ctrl+Shift+A)</translation>
    </message>
    <message>
        <source>Ablating each head in turn…</source>
        <translation>各ヘッドを順にアブレーション中…</translation>
    </message>
    <message>
        <source>Click a head to ablate it, or to turn it back on.</source>
        <translation>ヘッドをクリックするとアブレーションし、もう一度クリックすると元に戻します。</translation>
    </message>
    <message>
        <source>Estimated time on this machine: %1.</source>
        <translation>このマシンでの推定所要時間：%1。</translation>
    </message>
    <message>
        <source>Scanning…</source>
        <translation>スキャン中…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Ablation scan</source>
        <translation>アブレーションスキャン</translation>
    </message>
    <message>
        <source>under a second</source>
        <translation>1 秒未満</translation>
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
            <numerusform>%n 分</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 時間 %2 分</translation>
    </message>
    <message>
        <source>Scan cancelled.</source>
        <translation>スキャンをキャンセルしました。</translation>
    </message>
    <message>
        <source>Ablating each head in turn… %1.</source>
        <translation>各ヘッドを順にアブレーション中… %1。</translation>
    </message>
    <message numerus="yes">
        <source>An estimate from one backward pass (attribution patching); the scan measures each head exactly: %n forward pass(es).</source>
        <translation>
            <numerusform>1 回の逆伝播による推定値です（attribution patching）。スキャンでは各ヘッドを正確に測定します：順伝播 %n 回。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A scan takes %n forward pass(es).</source>
        <translation>
            <numerusform>スキャンには %n 回の順伝播が必要です。</numerusform>
        </translation>
    </message>
    <message>
        <source>less than a second left</source>
        <translation>残り 1 秒未満</translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation>残り約 %1</translation>
    </message>
</context>
<context>
    <name>AttentionTextPanel</name>
    <message>
        <source>Text coloured by attention</source>
        <translation>アテンションで色付けしたテキスト</translation>
    </message>
    <message>
        <source>Attention of the selected query over the text</source>
        <translation>選択したクエリのテキスト全体へのアテンション</translation>
    </message>
    <message>
        <source>Token %1 “%2”: weight %3</source>
        <translation>トークン %1「%2」：重み %3</translation>
    </message>
    <message>
        <source>Token %1 “%2”: norm %3</source>
        <translation>トークン %1「%2」：ノルム %3</translation>
    </message>
    <message>
        <source>Token %1 “%2”: raw score %3</source>
        <translation>トークン %1「%2」：生スコア %3</translation>
    </message>
    <message>
        <source>%1 · value-weighted norms ‖α·v W_O‖ of query %2 “%3”</source>
        <translation>%1 · クエリ %2「%3」の値重み付きノルム ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>%1 · raw scores of query %2 “%3”</source>
        <translation>%1 · クエリ %2「%3」の生スコア</translation>
    </message>
    <message>
        <source>%1 · attention weights of query %2 “%3”</source>
        <translation>%1 · クエリ %2「%3」のアテンションの重み</translation>
    </message>
</context>
<context>
    <name>AttributionView</name>
    <message>
        <source>&amp;Score by:</source>
        <translation>スコアの算出(&amp;S)：</translation>
    </message>
    <message>
        <source>How each token&apos;s share is measured: relevance (gradient-weighted attention through every layer), the gradient&apos;s size, gradient × input, or integrated gradients</source>
        <translation>各トークンの寄与の測り方：関連度（全層を通して勾配で重み付けしたアテンション）、勾配の大きさ、勾配 × 入力、または統合勾配</translation>
    </message>
    <message>
        <source>Ne&amp;xt token</source>
        <translation>次トークン(&amp;X)</translation>
    </message>
    <message>
        <source>Explain the text&apos;s next token again (or the top prediction at the last position) instead of the token chosen in Predictions</source>
        <translation>「予測」で選んだトークンの代わりに、テキストの次トークン（最後の位置では最上位の予測）を再び説明</translation>
    </message>
    <message>
        <source>Logit lens</source>
        <translation>ロジットレンズ</translation>
    </message>
    <message>
        <source>The prediction read after every block: the target&apos;s probability and the most probable tokens</source>
        <translation>各ブロックの後で読み取った予測：ターゲットの確率と確率の高いトークン</translation>
    </message>
    <message>
        <source>Attribution</source>
        <translation>寄与度</translation>
    </message>
    <message>
        <source>A trace file holds attention only: attributions need the model.</source>
        <translation>トレースファイルにはアテンションしか入っていません：寄与度の計算にはモデルが必要です。</translation>
    </message>
    <message numerus="yes">
        <source>Computing %n gradient(s)…</source>
        <translation>
            <numerusform>%n 個の勾配を計算中…</numerusform>
        </translation>
    </message>
    <message>
        <source>Computing the gradients…</source>
        <translation>勾配を計算中…</translation>
    </message>
    <message>
        <source>“%1” at position %2</source>
        <translation>位置 %2 の「%1」</translation>
    </message>
    <message>
        <source>The token chosen in Predictions.</source>
        <translation>「予測」で選んだトークンです。</translation>
    </message>
    <message>
        <source>The next token. Click a token to move P.</source>
        <translation>次トークンです。トークンをクリックすると P が移動します。</translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message>
        <source>The selected head of text A beside text or model B, and their difference B − A</source>
        <translation>テキスト A の選択したヘッドと、テキストまたはモデル B の同じヘッドを並べ、その差 B − A も表示</translation>
    </message>
    <message>
        <source>Te&amp;xt B:</source>
        <translation>テキスト B(&amp;X)：</translation>
    </message>
    <message>
        <source>Type a second text to compare with the text above, on the same model</source>
        <translation>上のテキストと同じモデルで比較する 2 つ目のテキストを入力</translation>
    </message>
    <message>
        <source>B: a second text on the same model (Ctrl+Shift+D). Cropped to the context like the text above.</source>
        <translation>B：同じモデルで実行する 2 つ目のテキスト (Ctrl+Shift+D)。上のテキストと同様に、コンテキスト長に収まるよう切り詰められます。</translation>
    </message>
    <message>
        <source>Compare w&amp;ith model…</source>
        <translation>モデルと比較(&amp;I)…</translation>
    </message>
    <message>
        <source>B: the same text on another model of the same shape (Ctrl+Shift+M)</source>
        <translation>B：同じテキストを、同じ形状の別のモデルで実行 (Ctrl+Shift+M)</translation>
    </message>
    <message>
        <source>Compare with chec&amp;kpoints…</source>
        <translation>チェックポイントと比較(&amp;K)…</translation>
    </message>
    <message>
        <source>B: several checkpoints of one run, one at a time; step with Alt+PgUp and Alt+PgDown (Ctrl+Alt+M)</source>
        <translation>B：1 回の学習の複数のチェックポイントを 1 つずつ。Alt+PgUp と Alt+PgDown で切り替え (Ctrl+Alt+M)</translation>
    </message>
    <message>
        <source>Stop comparin&amp;g</source>
        <translation>比較を終了(&amp;G)</translation>
    </message>
    <message>
        <source>Forget B: the view and the head statistics show A alone</source>
        <translation>B を破棄：ビューとヘッド統計には A だけを表示</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>表示(&amp;S)：</translation>
    </message>
    <message>
        <source>A | B | B − A</source>
        <translation>A | B | B − A</translation>
    </message>
    <message>
        <source>Difference B − A</source>
        <translation>差分 B − A</translation>
    </message>
    <message>
        <source>Side by side with the difference, or the difference alone (Ctrl+Alt+D)</source>
        <translation>差分と並べて表示するか、差分のみを表示 (Ctrl+Alt+D)</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ 前へ</translation>
    </message>
    <message>
        <source>The previous checkpoint as B (Alt+PgUp)</source>
        <translation>前のチェックポイントを B にする (Alt+PgUp)</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>次へ ▶</translation>
    </message>
    <message>
        <source>The next checkpoint as B (Alt+PgDown)</source>
        <translation>次のチェックポイントを B にする (Alt+PgDown)</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>チェックポイント</translation>
    </message>
    <message>
        <source>Which checkpoint is B</source>
        <translation>B にするチェックポイント</translation>
    </message>
    <message>
        <source>C&amp;ompare</source>
        <translation>比較(&amp;O)</translation>
    </message>
    <message>
        <source>Compare with &amp;text…</source>
        <translation>テキストと比較(&amp;T)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+D</source>
        <translation>Ctrl+Shift+D</translation>
    </message>
    <message>
        <source>Compare with &amp;model…</source>
        <translation>モデルと比較(&amp;M)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+M</source>
        <translation>Ctrl+Shift+M</translation>
    </message>
    <message>
        <source>Compare with &amp;checkpoints…</source>
        <translation>チェックポイントと比較(&amp;C)…</translation>
    </message>
    <message>
        <source>Ctrl+Alt+M</source>
        <translation>Ctrl+Alt+M</translation>
    </message>
    <message>
        <source>&amp;Previous checkpoint</source>
        <translation>前のチェックポイント(&amp;P)</translation>
    </message>
    <message>
        <source>Alt+PgUp</source>
        <translation>Alt+PgUp</translation>
    </message>
    <message>
        <source>&amp;Next checkpoint</source>
        <translation>次のチェックポイント(&amp;N)</translation>
    </message>
    <message>
        <source>Alt+PgDown</source>
        <translation>Alt+PgDown</translation>
    </message>
    <message>
        <source>&amp;Difference only</source>
        <translation>差分のみ表示(&amp;D)</translation>
    </message>
    <message>
        <source>Ctrl+Alt+D</source>
        <translation>Ctrl+Alt+D</translation>
    </message>
    <message>
        <source>&amp;Stop comparing</source>
        <translation>比較を終了(&amp;S)</translation>
    </message>
    <message>
        <source>Loading model B…</source>
        <translation>モデル B を読み込み中…</translation>
    </message>
    <message>
        <source>Running B…</source>
        <translation>B を実行中…</translation>
    </message>
    <message>
        <source>Compare with model</source>
        <translation>モデルと比較</translation>
    </message>
    <message>
        <source>Models (*.safetensors *.pt *.pth *.bin *.ckpt);;All files (*)</source>
        <translation>モデル (*.safetensors *.pt *.pth *.bin *.ckpt);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Compare with checkpoints of one run</source>
        <translation>1 回の学習のチェックポイントと比較</translation>
    </message>
    <message>
        <source>Checkpoint %1 of %2: %3</source>
        <translation>チェックポイント %1/%2：%3</translation>
    </message>
    <message>
        <source>Choose B: type a second text, or compare with another model of the same shape.</source>
        <translation>B を選んでください：2 つ目のテキストを入力するか、同じ形状の別のモデルと比較します。</translation>
    </message>
    <message numerus="yes">
        <source>A: %1 · %n token(s)</source>
        <translation>
            <numerusform>A：%1 · %n トークン</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>B: %1 · %n token(s)</source>
        <translation>
            <numerusform>B：%1 · %n トークン</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The difference covers the first %n position(s).</source>
        <translation>
            <numerusform>差分は先頭の %n 位置を対象にしています。</numerusform>
        </translation>
    </message>
    <message>
        <source>Text B is longer than the model&apos;s context: only its last %1 tokens are used (%2 dropped).</source>
        <translation>テキスト B がモデルのコンテキスト長を超えています：末尾の %1 トークンのみを使用します（%2 トークンを破棄）。</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>The input is not valid.</source>
        <translation>入力が無効です。</translation>
    </message>
    <message>
        <source>The file could not be read or written.</source>
        <translation>ファイルを読み書きできませんでした。</translation>
    </message>
    <message>
        <source>This is not a model format AttnScope can read.</source>
        <translation>AttnScope が読み込めるモデル形式ではありません。</translation>
    </message>
    <message>
        <source>The file is damaged or inconsistent.</source>
        <translation>ファイルが破損しているか、内容に矛盾があります。</translation>
    </message>
    <message>
        <source>The file is truncated.</source>
        <translation>ファイルが途中で切れています。</translation>
    </message>
    <message>
        <source>The file stores numbers in a type AttnScope cannot read.</source>
        <translation>ファイル内の数値の型を AttnScope は読み込めません。</translation>
    </message>
    <message>
        <source>A tensor in the file has the wrong shape for this model.</source>
        <translation>ファイル内のテンソルの形状がこのモデルに合いません。</translation>
    </message>
    <message>
        <source>A tensor the model needs is missing from the file.</source>
        <translation>モデルに必要なテンソルがファイルにありません。</translation>
    </message>
    <message>
        <source>The file holds a tensor this model does not use.</source>
        <translation>このモデルが使わないテンソルがファイルに含まれています。</translation>
    </message>
    <message>
        <source>The file names the same tensor twice.</source>
        <translation>ファイル内で同じテンソル名が 2 回使われています。</translation>
    </message>
    <message>
        <source>The file asks for more memory than any model needs; it was not loaded.</source>
        <translation>このファイルはどのモデルにも不要なほど大量のメモリを要求しているため、読み込みませんでした。</translation>
    </message>
    <message>
        <source>The checkpoint tries to run code; AttnScope never runs code from files.</source>
        <translation>このチェックポイントはコードを実行しようとしています。AttnScope はファイル内のコードを決して実行しません。</translation>
    </message>
    <message>
        <source>The text is longer than the model&apos;s context.</source>
        <translation>テキストがモデルのコンテキスト長を超えています。</translation>
    </message>
    <message>
        <source>There is nothing to run: type some text.</source>
        <translation>実行する内容がありません：テキストを入力してください。</translation>
    </message>
    <message>
        <source>The text is not valid UTF-8.</source>
        <translation>テキストが有効な UTF-8 ではありません。</translation>
    </message>
    <message>
        <source>No tokenizer was found for this model.</source>
        <translation>このモデルのトークナイザーが見つかりませんでした。</translation>
    </message>
    <message>
        <source>The tokenizer file could not be read; the model itself is fine.</source>
        <translation>トークナイザーのファイルを読み込めませんでした。モデル自体は問題ありません。</translation>
    </message>
    <message>
        <source>The run was cancelled.</source>
        <translation>実行はキャンセルされました。</translation>
    </message>
    <message>
        <source>This would take far too long to compute for a text this long.</source>
        <translation>これほど長いテキストでは、計算に時間がかかりすぎます。</translation>
    </message>
    <message>
        <source>Something went wrong.</source>
        <translation>問題が発生しました。</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export preview</source>
        <translation>エクスポートのプレビュー</translation>
    </message>
    <message>
        <source>No figure yet.</source>
        <translation>まだ図がありません。</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>エクスポート</translation>
    </message>
    <message>
        <source>PNG image</source>
        <translation>PNG 画像</translation>
    </message>
    <message>
        <source>SVG vector figure</source>
        <translation>SVG ベクター図</translation>
    </message>
    <message>
        <source>PDF vector figure</source>
        <translation>PDF ベクター図</translation>
    </message>
    <message>
        <source>CSV: one head&apos;s matrix</source>
        <translation>CSV：1 つのヘッドの行列</translation>
    </message>
    <message>
        <source>NPY: numpy array (+ tokens)</source>
        <translation>NPY：numpy 配列（+ トークン）</translation>
    </message>
    <message>
        <source>JSON: tokens, shapes and weights</source>
        <translation>JSON：トークン、形状、重み</translation>
    </message>
    <message>
        <source> dpi</source>
        <translation> dpi</translation>
    </message>
    <message>
        <source> in</source>
        <translation> インチ</translation>
    </message>
    <message>
        <source>&amp;Keep proportions</source>
        <translation>縦横比を保持(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Natural size</source>
        <translation>本来のサイズ(&amp;N)</translation>
    </message>
    <message>
        <source>Embedded image</source>
        <translation>埋め込み画像</translation>
    </message>
    <message>
        <source>One rectangle per cell</source>
        <translation>セルごとに 1 つの矩形</translation>
    </message>
    <message>
        <source>How SVG and PDF hold a heatmap: one image, or a vector rectangle for every cell.</source>
        <translation>SVG と PDF でのヒートマップの保存方法：1 枚の画像にするか、セルごとにベクターの矩形にするか。</translation>
    </message>
    <message>
        <source> pt</source>
        <translation> pt</translation>
    </message>
    <message>
        <source>&amp;Title</source>
        <translation>タイトル(&amp;T)</translation>
    </message>
    <message>
        <source>Colour &amp;bar</source>
        <translation>カラーバー(&amp;B)</translation>
    </message>
    <message>
        <source>R&amp;un note</source>
        <translation>実行メモ(&amp;U)</translation>
    </message>
    <message>
        <source>A line under the figure naming bidirectional attention and ablated heads, when the run had either.</source>
        <translation>実行で双方向アテンションを使ったり、ヘッドをアブレーションしたりした場合に、それを記す 1 行を図の下に入れます。</translation>
    </message>
    <message>
        <source>one row per layer</source>
        <translation>1 層につき 1 行</translation>
    </message>
    <message>
        <source>all layers</source>
        <translation>すべての層</translation>
    </message>
    <message>
        <source>Layers to show, e.g. 0,2; empty for every layer.</source>
        <translation>表示する層（例：0,2）。空欄ならすべての層。</translation>
    </message>
    <message>
        <source>Also save the figure &amp;recipe (.recipe.json)</source>
        <translation>図のレシピも保存(&amp;R) (.recipe.json)</translation>
    </message>
    <message>
        <source>Model, hash, text, view and style, so that “attnscope-cli export --recipe” draws the identical figure again.</source>
        <translation>モデル、ハッシュ、テキスト、ビュー、スタイルを記録し、「attnscope-cli export --recipe」でまったく同じ図を再び描けるようにします。</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>形式(&amp;F)：</translation>
    </message>
    <message>
        <source>Resolut&amp;ion:</source>
        <translation>解像度(&amp;I)：</translation>
    </message>
    <message>
        <source>Si&amp;ze:</source>
        <translation>サイズ(&amp;Z)：</translation>
    </message>
    <message>
        <source>&amp;Heatmap cells:</source>
        <translation>ヒートマップのセル(&amp;H)：</translation>
    </message>
    <message>
        <source>F&amp;ont size:</source>
        <translation>フォントサイズ(&amp;O)：</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>表示：</translation>
    </message>
    <message>
        <source>&amp;Columns:</source>
        <translation>列数(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Layers:</source>
        <translation>層(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>保存(&amp;S)…</translation>
    </message>
    <message>
        <source>Cop&amp;y image</source>
        <translation>画像をコピー(&amp;Y)</translation>
    </message>
    <message>
        <source>%1 × %2 pixels</source>
        <translation>%1 × %2 ピクセル</translation>
    </message>
    <message>
        <source>%1 × %2 mm</source>
        <translation>%1 × %2 mm</translation>
    </message>
    <message>
        <source>%1 × %2 pixels is past the limit of %3 million: choose a smaller size or DPI, or SVG or PDF.</source>
        <translation>%1 × %2 ピクセルは上限の %3 メガピクセルを超えています：サイズか DPI を小さくするか、SVG か PDF を選んでください。</translation>
    </message>
    <message>
        <source>CSV holds one head&apos;s matrix; choose NPY or JSON for several heads.</source>
        <translation>CSV に入るのは 1 つのヘッドの行列だけです。複数のヘッドには NPY か JSON を選んでください。</translation>
    </message>
    <message>
        <source>Writes %1 of shape (%2) as float32, with the token strings.</source>
        <translation>形状 (%2) の %1 を float32 で、トークン文字列とともに書き出します。</translation>
    </message>
    <message>
        <source>A random model has no file, so no recipe can name it; save the model to export a recipe.</source>
        <translation>ランダムモデルにはファイルがないため、レシピから参照できません。レシピをエクスポートするには、モデルを保存してください。</translation>
    </message>
    <message>
        <source>The model is still running on the latest text; the export waits for it.</source>
        <translation>モデルはまだ最新のテキストを処理中です。エクスポートはその完了を待ちます。</translation>
    </message>
    <message>
        <source>There is nothing to export yet: the model has not run.</source>
        <translation>まだエクスポートするものがありません：モデルが実行されていません。</translation>
    </message>
    <message>
        <source>Writing “%1”…</source>
        <translation>「%1」を書き込み中…</translation>
    </message>
    <message>
        <source>Export cancelled: “%1” was not written.</source>
        <translation>エクスポートをキャンセルしました：「%1」は書き込まれていません。</translation>
    </message>
    <message>
        <source>AttnScope could not export “%1”.

%2</source>
        <translation>AttnScope は「%1」をエクスポートできませんでした。

%2</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1 ファイル (*.%2)</translation>
    </message>
    <message>
        <source>“%1” already exists. Replace it?</source>
        <translation>「%1」は既に存在します。置き換えますか？</translation>
    </message>
    <message>
        <source>Copy image</source>
        <translation>画像をコピー</translation>
    </message>
    <message>
        <source>AttnScope could not copy the figure.

%1</source>
        <translation>AttnScope は図をコピーできませんでした。

%1</translation>
    </message>
    <message>
        <source>This figure cannot be exported as %1. The Format list shows what it can be exported as.</source>
        <translation>この図は %1 としてエクスポートできません。「形式」リストにエクスポートできる形式が表示されます。</translation>
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
        <translation>貪欲法(&amp;R)：常に最も確率の高いトークン</translation>
    </message>
    <message>
        <source>Sa&amp;mpled with a seed</source>
        <translation>シードを指定してサンプリング(&amp;M)</translation>
    </message>
    <message>
        <source>every token</source>
        <translation>すべてのトークン</translation>
    </message>
    <message>
        <source>Go on past the &amp;end-of-text token</source>
        <translation>テキスト終了トークンの後も生成を続ける(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;New tokens:</source>
        <translation>新しいトークン数(&amp;N)：</translation>
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
        <translation>シード(&amp;S)：</translation>
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
        <translation>生成ステップ</translation>
    </message>
    <message>
        <source>Every view shows the run as it was when this step&apos;s token was chosen</source>
        <translation>すべてのビューに、このステップのトークンが選ばれた時点の実行結果を表示</translation>
    </message>
    <message>
        <source>Step through the generation (arrow keys, Home, End)</source>
        <translation>生成を 1 ステップずつたどる（矢印キー、Home、End）</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>再生</translation>
    </message>
    <message>
        <source>Step through the generation a token at a time</source>
        <translation>生成を 1 トークンずつ再生</translation>
    </message>
    <message numerus="yes">
        <source>Generating: %n token(s)…</source>
        <translation>
            <numerusform>生成中：%n トークン…</numerusform>
        </translation>
    </message>
    <message>
        <source>Esc stops</source>
        <translation>Esc で停止</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>ステップ %1/%2</translation>
    </message>
    <message numerus="yes">
        <source>All %n new token(s)</source>
        <translation>
            <numerusform>新しい %n トークンすべて</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped after the tokens asked for</source>
        <translation>指定した数のトークンを生成して停止</translation>
    </message>
    <message>
        <source>Stopped at the end-of-text token</source>
        <translation>テキスト終了トークンで停止</translation>
    </message>
    <message>
        <source>Stopped at the end of the model&apos;s context</source>
        <translation>モデルのコンテキストの末尾で停止</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>%1 · %2 tokens/s</source>
        <translation>%1 · %2 トークン/秒</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>一時停止</translation>
    </message>
</context>
<context>
    <name>GuideDialog</name>
    <message>
        <source>Before attention and before the MLP every block normalises each token&apos;s vector. This model uses &lt;b&gt;RMSNorm&lt;/b&gt;: x / √(mean(x²) + ε) · w, with ε = %1. LayerNorm (GPT-2) first subtracts the vector&apos;s mean and divides by its standard deviation, (x − mean) / √(var + ε) · w + b; RMSNorm leaves out the mean and the bias b and only scales the vector to a root mean square of 1 before multiplying by the learned weights w. The trace&apos;s ln1, ln2 and ln_f hold the RMSNorm outputs.</source>
        <translation>アテンションの前と MLP の前で、各ブロックは各トークンのベクトルを正規化します。このモデルは &lt;b&gt;RMSNorm&lt;/b&gt; を使います：x / √(mean(x²) + ε) · w、ε = %1。LayerNorm（GPT-2）はまずベクトルの平均を引き、標準偏差で割ります：(x − mean) / √(var + ε) · w + b。RMSNorm は平均とバイアス b を省き、ベクトルを二乗平均平方根が 1 になるようにスケーリングしてから、学習済みの重み w を掛けるだけです。トレースの ln1、ln2、ln_f には RMSNorm の出力が入っています。</translation>
    </message>
    <message>
        <source>This model also applies an RMSNorm to each head&apos;s q and k (over the head size), before RoPE, which keeps the scores within a steady range.</source>
        <translation>このモデルはさらに、RoPE の前に各ヘッドの q と k に（ヘッド次元にわたって）RMSNorm をかけ、スコアを安定した範囲に保ちます。</translation>
    </message>
    <message>
        <source>RMSNorm instead of LayerNorm</source>
        <translation>LayerNorm の代わりに RMSNorm</translation>
    </message>
    <message>
        <source>Of each head&apos;s %1 dimensions, &lt;b&gt;%2&lt;/b&gt; are rotated</source>
        <translation>各ヘッドの %1 次元のうち、&lt;b&gt;%2&lt;/b&gt; 次元が回転されます</translation>
    </message>
    <message>
        <source> (partial rotary: %1% of the head size, %2 × %3 = %4); the other %5 pass through unchanged</source>
        <translation>（部分回転：ヘッド次元の %1%、%2 × %3 = %4）。残りの %5 次元は変更されずにそのまま通過します</translation>
    </message>
    <message>
        <source>This model has no table of position vectors (embed.position is zero): positions enter through &lt;b&gt;rotary position embeddings&lt;/b&gt; (RoPE). After the projections, each head&apos;s query and key are turned by angles that grow with the token&apos;s position. %1.</source>
        <translation>このモデルには位置ベクトルの表がありません（embed.position はゼロ）：位置は&lt;b&gt;回転位置埋め込み&lt;/b&gt;（RoPE）によって入ります。射影の後、各ヘッドのクエリとキーは、トークンの位置とともに大きくなる角度だけ回転されます。%1。</translation>
    </message>
    <message>
        <source>The rotated dimensions are split into two halves, x₁ (the first %1) and x₂ (the next %1); rotate_half(x) = (−x₂, x₁), and a token at position p gets q′ = q · cos(p·f) + rotate_half(q) · sin(p·f), the same for k. So each pair (x[i], x[i + %1]) turns in its own plane by the angle p · f&lt;sub&gt;i&lt;/sub&gt;, with f&lt;sub&gt;i&lt;/sub&gt; = 1 / rope_theta&lt;sup&gt;2i/%2&lt;/sup&gt; for i = 0 … %3. Here &lt;b&gt;rope_theta = %4&lt;/b&gt;: the fastest pair turns 1 radian per token (a full turn every 6.3 tokens), the slowest %5 radians per token (a full turn every %6 tokens)%7.</source>
        <translation>回転する次元は 2 つに分けられます：x₁（最初の %1 個）と x₂（次の %1 個）です。rotate_half(x) = (−x₂, x₁) とすると、位置 p のトークンは q′ = q · cos(p·f) + rotate_half(q) · sin(p·f) となり、k も同様です。つまり各ペア (x[i], x[i + %1]) は、それぞれの平面内で角度 p · f&lt;sub&gt;i&lt;/sub&gt; だけ回転します。ここで f&lt;sub&gt;i&lt;/sub&gt; = 1 / rope_theta&lt;sup&gt;2i/%2&lt;/sup&gt;（i = 0 … %3）です。このモデルでは &lt;b&gt;rope_theta = %4&lt;/b&gt;：最も速いペアは 1 トークンあたり 1 ラジアン（6.3 トークンで 1 周）、最も遅いペアは 1 トークンあたり %5 ラジアン（%6 トークンで 1 周）回転します%7。</translation>
    </message>
    <message>
        <source>, before the scaling below</source>
        <translation>（いずれも後述のスケーリング前の値）</translation>
    </message>
    <message>
        <source>Why this encodes &lt;i&gt;relative&lt;/i&gt; position: a rotation keeps lengths and only changes angles. A query at position m is turned by m·f&lt;sub&gt;i&lt;/sub&gt;, a key at position n by n·f&lt;sub&gt;i&lt;/sub&gt;, so in their dot product only the difference (m − n)·f&lt;sub&gt;i&lt;/sub&gt; is left. A score q′ · k′ therefore depends on what the two tokens are and on how far apart they are, not on where they stand in the text; the fast pairs tell near distances apart, the slow pairs far ones.</source>
        <translation>なぜこれが&lt;i&gt;相対&lt;/i&gt;位置を表すのか：回転は長さを保ち、角度だけを変えます。位置 m のクエリは m·f&lt;sub&gt;i&lt;/sub&gt;、位置 n のキーは n·f&lt;sub&gt;i&lt;/sub&gt; だけ回転するので、両者の内積には差 (m − n)·f&lt;sub&gt;i&lt;/sub&gt; だけが残ります。したがってスコア q′ · k′ は、2 つのトークンが何であるかと、どれだけ離れているかで決まり、テキストのどこにあるかには依存しません。速いペアは近い距離を、遅いペアは遠い距離を見分けます。</translation>
    </message>
    <message>
        <source>&lt;b&gt;rope_scaling: linear&lt;/b&gt;, factor %1: every frequency is divided by %1, as if the positions were %1 times closer together, so %1 times as many tokens fit into the angles the model was trained on.</source>
        <translation>&lt;b&gt;rope_scaling: linear&lt;/b&gt;、係数 %1：すべての周波数を %1 で割ります。位置どうしの間隔が %1 分の 1 に詰まったかのように扱うので、モデルが学習した角度の範囲に %1 倍のトークンが収まります。</translation>
    </message>
    <message>
        <source>&lt;b&gt;rope_scaling: llama3&lt;/b&gt; (factor %1, low_freq_factor %2, high_freq_factor %3, original_max_position_embeddings %4): frequencies whose wavelength 2π / f is longer than %4 / %2 = %5 tokens are divided by %1, those shorter than %4 / %3 = %6 tokens are kept, and those in between are blended between the two. Here %7 of the %8 frequencies change.</source>
        <translation>&lt;b&gt;rope_scaling: llama3&lt;/b&gt;（factor %1、low_freq_factor %2、high_freq_factor %3、original_max_position_embeddings %4）：波長 2π / f が %4 / %2 = %5 トークンより長い周波数は %1 で割られ、%4 / %3 = %6 トークンより短いものはそのまま保たれ、その間のものは両者の間で補間されます。このモデルでは %8 個の周波数のうち %7 個が変わります。</translation>
    </message>
    <message>
        <source>The q and k that the scores are made from, and that the trace keeps (blk.L.attn.q and .k in the Shape flow&apos;s tensor list), are after RoPE%1; so Head detail&apos;s raw scores and weights already include the positions.</source>
        <translation>スコアの計算に使われ、トレースに保存される q と k（形状フローのテンソル一覧の blk.L.attn.q と .k）は RoPE%1 の後の値です。そのため、ヘッド詳細の生スコアと重みには、すでに位置の情報が含まれています。</translation>
    </message>
    <message>
        <source> (and after the q/k RMSNorm)</source>
        <translation>（および q/k の RMSNorm）</translation>
    </message>
    <message>
        <source>Positions: rotary embeddings (RoPE)</source>
        <translation>位置：回転位置埋め込み（RoPE）</translation>
    </message>
    <message>
        <source>H%1–H%2 read KV head %3</source>
        <translation>H%1–H%2 は KV ヘッド %3 を読む</translation>
    </message>
    <message>
        <source>The &lt;b&gt;n_head = %1&lt;/b&gt; query heads share &lt;b&gt;n_kv_head = %2&lt;/b&gt; key/value heads. The key and value projections make only %2 heads, (T, n_kv_head × head_size) = (%3, %4), while the queries are (%3, %5). Each KV head serves a group of n_head / n_kv_head = &lt;b&gt;%6&lt;/b&gt; neighbouring query heads: query head h reads KV head h / %6, rounded down (%7).</source>
        <translation>&lt;b&gt;n_head = %1&lt;/b&gt; 個のクエリヘッドが &lt;b&gt;n_kv_head = %2&lt;/b&gt; 個のキー/バリューヘッドを共有します。キーとバリューの射影は %2 個のヘッドしか作らず、(T, n_kv_head × head_size) = (%3, %4) ですが、クエリは (%3, %5) です。各 KV ヘッドは、隣り合う n_head / n_kv_head = &lt;b&gt;%6&lt;/b&gt; 個のクエリヘッドのグループを受け持ちます：クエリヘッド h は KV ヘッド h / %6（切り捨て）を読みます（%7）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;repeat_kv&lt;/b&gt; copies each KV head %1 times, (n_kv_head, T, head_size) → (n_head, T, head_size), and from there attention runs as with one key and value per head. The heads of a group see the same keys and values but ask their own queries, so their weights still differ. The trace keeps k and v after repeat_kv; the Heads grid draws each group under a “KV” header, and Head detail names the KV head.</source>
        <translation>&lt;b&gt;repeat_kv&lt;/b&gt; は各 KV ヘッドを %1 回複製して (n_kv_head, T, head_size) → (n_head, T, head_size) とし、そこから先はヘッドごとにキーとバリューが 1 つずつある場合と同じようにアテンションを計算します。同じグループのヘッドは同じキーとバリューを見ますが、それぞれ自分のクエリを出すので、重みはやはり異なります。トレースは repeat_kv の後の k と v を保存します。ヘッドグリッドは各グループを「KV」という見出しの下に描き、ヘッド詳細は対応する KV ヘッドを示します。</translation>
    </message>
    <message>
        <source>What this saves is the &lt;b&gt;KV cache&lt;/b&gt;, the keys and values a model keeps for every past token while it generates: per token %1 layers × 2 (k and v) × %2 KV heads × head_size %3 = &lt;b&gt;%4&lt;/b&gt; numbers, where one key and value per query head would need %5, %6 times as many. In 16-bit floats that is %7 instead of %8 per token, and %9 instead of %10 for the full context of %11 tokens.</source>
        <translation>これで節約されるのは &lt;b&gt;KV キャッシュ&lt;/b&gt;、つまりモデルが生成中に過去の各トークンについて保持するキーとバリューです：1 トークンあたり %1 層 × 2（k と v）× %2 KV ヘッド × head_size %3 = &lt;b&gt;%4&lt;/b&gt; 個の数値です。クエリヘッドごとにキーとバリューを持つなら %5 個、つまり %6 倍が必要になります。16 ビット浮動小数点数では 1 トークンあたり %8 ではなく %7、%11 トークンのコンテキスト全体では %10 ではなく %9 です。</translation>
    </message>
    <message>
        <source>Grouped-query attention (GQA)</source>
        <translation>グループ化クエリアテンション（GQA）</translation>
    </message>
    <message>
        <source>Each query sees at most its last &lt;b&gt;sliding_window = %1&lt;/b&gt; keys, itself included: key k is allowed for query q when q − %1 &lt; k ≤ q. Keys farther back are masked like the future ones (the Mask view draws the band and its title names the window). Earlier tokens still reach it through the layers: each layer passes information up to %2 positions on, so after %3 layers up to %4 positions back.</source>
        <translation>各クエリが見られるのは、自分自身を含めて直近 &lt;b&gt;sliding_window = %1&lt;/b&gt; 個のキーまでです：q − %1 &lt; k ≤ q のとき、キー k はクエリ q に許可されます。それより前のキーは、未来のキーと同様にマスクされます（マスクビューはこの帯を描き、タイトルにウィンドウの大きさを示します）。それでも、より前のトークンは層を経由して届きます：各層は情報を最大 %2 位置先まで伝えるので、%3 層を経ると最大 %4 位置前まで届きます。</translation>
    </message>
    <message>
        <source>With the causal mask, the window leaves %1 of your %2 × %2 pairs.</source>
        <translation>因果マスクと合わせると、このウィンドウで残るのは %2 × %2 組のうち %1 組です。</translation>
    </message>
    <message>
        <source>Sliding-window attention</source>
        <translation>スライディングウィンドウアテンション</translation>
    </message>
    <message>
        <source>After attention each token goes through the MLP on its own. Here it is gated: &lt;b&gt;down(%1(gate(x)) * up(x))&lt;/b&gt;. gate and up each map the token&apos;s %2 numbers to &lt;b&gt;%3&lt;/b&gt; (intermediate_size); %4 is applied to the gate, and the two are multiplied element by element, so the gate decides how much of each up feature passes; down maps the %3 back to %2. That is three %2 × %3 matrices (%5 weights per layer) where GPT-2&apos;s MLP has two. In the trace, mlp.hidden is gate(x) and mlp.act is %1(gate(x)) * up(x).</source>
        <translation>アテンションの後、各トークンはそれぞれ独立に MLP を通ります。ここではゲート付きです：&lt;b&gt;down(%1(gate(x)) * up(x))&lt;/b&gt;。gate と up はそれぞれトークンの %2 個の数値を &lt;b&gt;%3&lt;/b&gt; 個（intermediate_size）に写し、%4 を gate に適用してから両者を要素ごとに掛け合わせます。こうして gate が、up の各特徴をどれだけ通すかを決めます。down は %3 個を %2 個に戻します。GPT-2 の MLP の行列は 2 つですが、ここでは %2 × %3 の行列が 3 つ（1 層あたり %5 個の重み）あります。トレースでは mlp.hidden が gate(x)、mlp.act が %1(gate(x)) * up(x) です。</translation>
    </message>
    <message>
        <source>silu(z) = z · sigmoid(z)</source>
        <translation>silu(z) = z · sigmoid(z)</translation>
    </message>
    <message>
        <source>The gated MLP (SwiGLU)</source>
        <translation>ゲート付き MLP（SwiGLU）</translation>
    </message>
    <message>
        <source>The gated MLP</source>
        <translation>ゲート付き MLP</translation>
    </message>
    <message>
        <source>Guide: how attention works</source>
        <translation>ガイド：アテンションの仕組み</translation>
    </message>
    <message>
        <source>Guide</source>
        <translation>ガイド</translation>
    </message>
    <message>
        <source>How attention works in this model</source>
        <translation>このモデルでのアテンションの仕組み</translation>
    </message>
    <message>
        <source>No model is open. Open one (File ▸ Open model…) or make a random one (File ▸ New random model…) and this guide fills in its numbers.</source>
        <translation>モデルが開かれていません。モデルを開くか（ファイル ▸ モデルを開く…）、ランダムモデルを作成すると（ファイル ▸ 新しいランダムモデル…）、このガイドにその数値が入ります。</translation>
    </message>
    <message>
        <source>Your model has &lt;b&gt;n_layer = %1&lt;/b&gt; layers, each with &lt;b&gt;n_head = %2&lt;/b&gt; attention heads. Every token is a vector of &lt;b&gt;n_embed = %3&lt;/b&gt; numbers; the config sets the &lt;b&gt;head size&lt;/b&gt; itself, &lt;b&gt;head_dim = %4&lt;/b&gt;, so the heads side by side are n_head × head_dim = %5 wide rather than n_embed. </source>
        <translation>このモデルは &lt;b&gt;n_layer = %1&lt;/b&gt; 層で、各層に &lt;b&gt;n_head = %2&lt;/b&gt; 個のアテンションヘッドがあります。各トークンは &lt;b&gt;n_embed = %3&lt;/b&gt; 個の数値からなるベクトルです。設定で&lt;b&gt;ヘッド次元&lt;/b&gt;が &lt;b&gt;head_dim = %4&lt;/b&gt; と個別に指定されているので、ヘッドを並べた幅は n_embed ではなく n_head × head_dim = %5 です。</translation>
    </message>
    <message>
        <source>Your model has &lt;b&gt;n_layer = %1&lt;/b&gt; layers, each with &lt;b&gt;n_head = %2&lt;/b&gt; attention heads. Every token is a vector of &lt;b&gt;n_embed = %3&lt;/b&gt; numbers, and each head works on its own slice of them: the &lt;b&gt;head size&lt;/b&gt; is n_embed / n_head = %3 / %2 = &lt;b&gt;%4&lt;/b&gt;. </source>
        <translation>このモデルは &lt;b&gt;n_layer = %1&lt;/b&gt; 層で、各層に &lt;b&gt;n_head = %2&lt;/b&gt; 個のアテンションヘッドがあります。各トークンは &lt;b&gt;n_embed = %3&lt;/b&gt; 個の数値からなるベクトルで、各ヘッドはそのうち自分の担当部分を扱います：&lt;b&gt;ヘッド次元&lt;/b&gt;は n_embed / n_head = %3 / %2 = &lt;b&gt;%4&lt;/b&gt; です。</translation>
    </message>
    <message>
        <source>Your text is &lt;b&gt;T = %1&lt;/b&gt; tokens long.</source>
        <translation>テキストの長さは &lt;b&gt;T = %1&lt;/b&gt; トークンです。</translation>
    </message>
    <message>
        <source>Type some text to see T, the number of tokens, filled in.</source>
        <translation>テキストを入力すると、ここにトークン数 T が入ります。</translation>
    </message>
    <message>
        <source>Query, key and value</source>
        <translation>クエリ、キー、バリュー</translation>
    </message>
    <message>
        <source>A layer receives the text as a matrix x of shape (T, n_embed) = %1. Three linear maps turn it into the &lt;b&gt;queries&lt;/b&gt; (what each token is looking for), the &lt;b&gt;keys&lt;/b&gt; (what each token offers to be found by) and the &lt;b&gt;values&lt;/b&gt; (what it passes on when found). Each is again %1, split into the heads: (T, n_embed) → (n_head, T, head_size), here %1 → %2.</source>
        <translation>各層はテキストを形状 (T, n_embed) = %1 の行列 x として受け取ります。3 つの線形写像がこれを&lt;b&gt;クエリ&lt;/b&gt;（各トークンが探しているもの）、&lt;b&gt;キー&lt;/b&gt;（各トークンが見つけてもらうための手がかり）、&lt;b&gt;バリュー&lt;/b&gt;（見つかったときに渡すもの）に変えます。いずれも形状は %1 で、ヘッドに分割されます：(T, n_embed) → (n_head, T, head_size)、ここでは %1 → %2。</translation>
    </message>
    <message>
        <source>(Here the projections make n_head × head_dim = %1 numbers per token, not n_embed: %2 → %3.)</source>
        <translation>（このモデルでは、射影が 1 トークンあたり n_embed 個ではなく n_head × head_dim = %1 個の数値を作ります：%2 → %3。）</translation>
    </message>
    <message>
        <source>Keys and values have fewer heads here; see Grouped-query attention below.</source>
        <translation>このモデルではキーとバリューのヘッドが少なくなっています。後述の「グループ化クエリアテンション」を参照してください。</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>スコア</translation>
    </message>
    <message>
        <source>In each head every query is compared with every key: score = q · k / √head_size. That is one number per (query, key) pair, %1 for all heads of a layer. Dividing by √%2 = %3 keeps the scores from growing with the head size. Head detail ▸ Show ▸ Raw scores draws them.</source>
        <translation>各ヘッドでは、すべてのクエリがすべてのキーと比較されます：score = q · k / √head_size。（クエリ, キー）の組ごとに 1 つの数値で、1 層の全ヘッドで %1 です。√%2 = %3 で割ることで、スコアがヘッド次元とともに大きくなるのを防ぎます。ヘッド詳細 ▸ 表示 ▸ 生スコア で描画できます。</translation>
    </message>
    <message>
        <source>The causal mask</source>
        <translation>因果マスク</translation>
    </message>
    <message>
        <source>A causal model may only look back: token t sees tokens 0 … t and never the ones after it. The scores above the diagonal are set to −∞ before the softmax, so their weights are exactly 0 (grey in the views; the Mask view shows the mask, and Run ▸ Causal attention turns it off).</source>
        <translation>因果モデルは前しか見られません：トークン t はトークン 0 … t を見ることができ、それより後のトークンは決して見ません。対角線より上のスコアは softmax の前に −∞ に設定されるので、その重みはちょうど 0 になります（ビューでは灰色で表示されます。マスクビューにマスクが表示され、実行 ▸ 因果アテンション でオフにできます）。</translation>
    </message>
    <message>
        <source>Of your %1 × %1 = %2 pairs, %3 are allowed.</source>
        <translation>%1 × %1 = %2 組のうち、許可されているのは %3 組です。</translation>
    </message>
    <message>
        <source>Softmax: the attention weights</source>
        <translation>Softmax：アテンションの重み</translation>
    </message>
    <message>
        <source>Each query&apos;s row of scores goes through a softmax: every weight becomes positive and the row sums to 1. These weights are what the Heads grid and Head detail draw: one row per query, one column per key, %1 numbers per layer.</source>
        <translation>各クエリのスコアの行は softmax を通ります：すべての重みが正になり、行の合計が 1 になります。ヘッドグリッドとヘッド詳細が描くのはこの重みです：クエリごとに 1 行、キーごとに 1 列、1 層あたり %1 個の数値です。</translation>
    </message>
    <message>
        <source>What a head passes on</source>
        <translation>ヘッドが渡すもの</translation>
    </message>
    <message>
        <source>Each head mixes the values with its weights, giving %1; the heads are joined again, (n_head, T, head_size) → (T, n_embed) = %2, and a last linear map (the projection) adds the result to the token&apos;s vector. Ablating a head (Run ▸ Ablate selected head) sets its part to zero.</source>
        <translation>各ヘッドは自分の重みでバリューを混ぜ合わせ、%1 を得ます。ヘッドは再び連結されて (n_head, T, head_size) → (T, n_embed) = %2 となり、最後の線形写像（射影）が結果をトークンのベクトルに加えます。ヘッドをアブレーションすると（実行 ▸ 選択したヘッドをアブレーション）、その部分がゼロになります。</translation>
    </message>
    <message>
        <source>(Here the joined heads are %1, and the projection maps them back to n_embed = %2.)</source>
        <translation>（このモデルでは連結したヘッドは %1 で、射影がそれを n_embed = %2 に戻します。）</translation>
    </message>
    <message>
        <source>Reading the views</source>
        <translation>ビューの読み方</translation>
    </message>
    <message>
        <source>Heads grid: %1 tiles, one row per layer (L0 … L%2) and one column per head (H0 … H%3); hover a tile for its strongest key. Head detail: one head&apos;s full map, query down the side, key along the top; zoom with the wheel, type in “Go to token” to find a token.</source>
        <translation>ヘッドグリッド：%1 個のタイルで、層ごとに 1 行（L0 … L%2）、ヘッドごとに 1 列（H0 … H%3）です。タイルにマウスを重ねると、最も強いキーが表示されます。ヘッド詳細：1 つのヘッドのマップ全体で、クエリが縦、キーが横に並びます。ホイールでズームし、「トークンへ移動」に入力するとトークンを探せます。</translation>
    </message>
</context>
<context>
    <name>HeadDetailView</name>
    <message>
        <source>Head detail</source>
        <translation>ヘッド詳細</translation>
    </message>
    <message>
        <source>Go to token (Ctrl+F)</source>
        <translation>トークンへ移動 (Ctrl+F)</translation>
    </message>
    <message>
        <source>Go to token</source>
        <translation>トークンへ移動</translation>
    </message>
    <message>
        <source>Go to token result</source>
        <translation>「トークンへ移動」の結果</translation>
    </message>
    <message>
        <source>query %1 “%2” → key %3 “%4”   weight %5</source>
        <translation>クエリ %1「%2」→ キー %3「%4」   重み %5</translation>
    </message>
    <message>
        <source>knocked out</source>
        <translation>ブロック済み</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>マスク済み</translation>
    </message>
    <message>
        <source>query %1 “%2” → key %3 “%4”   weight %5   score %6</source>
        <translation>クエリ %1「%2」→ キー %3「%4」   重み %5   スコア %6</translation>
    </message>
    <message>
        <source>No text has been run yet.</source>
        <translation>まだテキストが実行されていません。</translation>
    </message>
    <message>
        <source>Selected cell: query %1 “%2”, key %3 “%4”, weight %5.</source>
        <translation>選択したセル：クエリ %1「%2」、キー %3「%4」、重み %5。</translation>
    </message>
    <message>
        <source>Type some text to see this head.</source>
        <translation>テキストを入力すると、このヘッドが表示されます。</translation>
    </message>
    <message>
        <source>token %1 · match %2 of %3</source>
        <translation>トークン %1 · 一致 %2/%3</translation>
    </message>
    <message>
        <source>no token contains “%1”</source>
        <translation>「%1」を含むトークンはありません</translation>
    </message>
    <message>
        <source>Block edge %1→%2 in this head</source>
        <translation>このヘッドでエッジ %1→%2 をブロック</translation>
    </message>
    <message>
        <source>Block edge %1→%2 in every head of layer %3</source>
        <translation>層 %3 のすべてのヘッドでエッジ %1→%2 をブロック</translation>
    </message>
    <message>
        <source>Block every edge into key %1 (all layers and heads)</source>
        <translation>キー %1 へのすべてのエッジをブロック（全層・全ヘッド）</translation>
    </message>
    <message>
        <source>Clear knockouts (%1)</source>
        <translation>ノックアウトを解除 (%1)</translation>
    </message>
    <message>
        <source>   norm %1</source>
        <translation>   ノルム %1</translation>
    </message>
    <message>
        <source>Type text to find it in the tokens, even across several; Enter selects the next match as the query.</source>
        <translation>テキストを入力するとトークン内（複数にまたがっても）を検索します。Enter で次の一致をクエリに選びます。</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es) · Enter goes to the next</source>
        <translation>
            <numerusform>%n 件一致 · Enter で次へ</numerusform>
        </translation>
    </message>
    <message>
        <source>tokens %1–%2 · match %3 of %4</source>
        <translation>トークン %1–%2 · %4 件中 %3 件目</translation>
    </message>
    <message>
        <source>Its value-weighted norm: %1.</source>
        <translation>その値重み付きノルム：%1。</translation>
    </message>
</context>
<context>
    <name>HeadStatsModel</name>
    <message>
        <source>previous token</source>
        <translation>直前トークン</translation>
    </message>
    <message>
        <source>sink</source>
        <translation>シンク</translation>
    </message>
    <message>
        <source>self</source>
        <translation>自己</translation>
    </message>
    <message>
        <source>induction</source>
        <translation>インダクション</translation>
    </message>
    <message>
        <source>duplicate token</source>
        <translation>重複トークン</translation>
    </message>
    <message>
        <source>diffuse</source>
        <translation>拡散</translation>
    </message>
    <message>
        <source>Mean over queries of -Σ w·ln w, in nats</source>
        <translation>-Σ w·ln w のクエリ平均（単位：nat）</translation>
    </message>
    <message>
        <source>Mean weight on the previous token</source>
        <translation>直前のトークンへの平均重み</translation>
    </message>
    <message>
        <source>Mean weight on the first token (the sink)</source>
        <translation>先頭のトークン（シンク）への平均重み</translation>
    </message>
    <message>
        <source>Mean weight on the query&apos;s own token</source>
        <translation>クエリ自身のトークンへの平均重み</translation>
    </message>
    <message>
        <source>Probe: weight on the token after the earlier occurrence of the current token</source>
        <translation>プローブ：現在のトークンが以前に出現した箇所の、次のトークンへの重み</translation>
    </message>
    <message>
        <source>Probe: weight on the earlier occurrence of the current token</source>
        <translation>プローブ：現在のトークンが以前に出現した箇所への重み</translation>
    </message>
    <message>
        <source>Compare: B&apos;s entropy minus A&apos;s</source>
        <translation>比較：B のエントロピー − A のエントロピー</translation>
    </message>
    <message>
        <source>Compare: B&apos;s previous-token score minus A&apos;s</source>
        <translation>比較：B の直前トークンのスコア − A のスコア</translation>
    </message>
    <message>
        <source>Compare: B&apos;s first-token score minus A&apos;s</source>
        <translation>比較：B の先頭トークンのスコア − A のスコア</translation>
    </message>
    <message>
        <source>Compare: B&apos;s self score minus A&apos;s</source>
        <translation>比較：B の自己スコア − A の自己スコア</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>層</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>ヘッド</translation>
    </message>
    <message>
        <source>Entropy</source>
        <translation>エントロピー</translation>
    </message>
    <message>
        <source>Prev token</source>
        <translation>直前トークン</translation>
    </message>
    <message>
        <source>First token</source>
        <translation>先頭トークン</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>自己</translation>
    </message>
    <message>
        <source>Induction</source>
        <translation>インダクション</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>重複</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>ラベル</translation>
    </message>
    <message>
        <source>Δ entropy</source>
        <translation>Δ エントロピー</translation>
    </message>
    <message>
        <source>Δ prev token</source>
        <translation>Δ 直前トークン</translation>
    </message>
    <message>
        <source>Δ first token</source>
        <translation>Δ 先頭トークン</translation>
    </message>
    <message>
        <source>Δ self</source>
        <translation>Δ 自己</translation>
    </message>
    <message>
        <source>Each head&apos;s weight from query %1 to key %2: sort by it to rank the heads that move attention there</source>
        <translation>クエリ %1 からキー %2 への各ヘッドの重み。これで並べ替えると、そこへアテンションを向けるヘッドが上に来ます</translation>
    </message>
    <message>
        <source>Choose a cell in a head&apos;s map (a query and a key): this column gives every head&apos;s weight on it</source>
        <translation>ヘッドのマップでセル（クエリとキー）を選ぶと、この列に各ヘッドのその重みが表示されます</translation>
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
        <translation>ヘッド統計</translation>
    </message>
    <message>
        <source>Run &amp;probes</source>
        <translation>プローブを実行(&amp;P)</translation>
    </message>
    <message>
        <source>Statistics of every head</source>
        <translation>全ヘッドの統計</translation>
    </message>
    <message>
        <source>The probes run the model: a trace file holds attention weights only</source>
        <translation>プローブはモデルを実行します：トレースファイルにはアテンションの重みしか入っていません</translation>
    </message>
    <message>
        <source>Computing statistics…</source>
        <translation>統計を計算中…</translation>
    </message>
    <message>
        <source>Computing statistics… %1%</source>
        <translation>統計を計算中… %1%</translation>
    </message>
    <message>
        <source>No statistics: %1</source>
        <translation>統計なし：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n head(s) on %1 tokens</source>
        <translation>
            <numerusform>%n ヘッド、%1 トークン</numerusform>
        </translation>
    </message>
    <message>
        <source>Running the probes…</source>
        <translation>プローブを実行中…</translation>
    </message>
    <message>
        <source>Score induction and duplicate-token heads on a synthetic sequence of repeated random tokens (independent of your text)</source>
        <translation>ランダムなトークンを繰り返した合成系列で、インダクションヘッドと重複トークンヘッドを採点（入力テキストとは無関係）</translation>
    </message>
    <message>
        <source>The model is too small for the probes.</source>
        <translation>モデルが小さすぎてプローブを実行できません。</translation>
    </message>
    <message>
        <source>Probes done.</source>
        <translation>プローブが完了しました。</translation>
    </message>
</context>
<context>
    <name>HeadsGridView</name>
    <message>
        <source>Heads grid</source>
        <translation>ヘッドグリッド</translation>
    </message>
    <message>
        <source>Poolin&amp;g:</source>
        <translation>プーリング(&amp;G)：</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>How the tokens that share a pixel of a tile are combined: max keeps one strong key visible, mean shows where the weight lies on average.</source>
        <translation>タイルの 1 ピクセルを共有するトークンをどうまとめるか：最大は強いキーが 1 つでもあれば見えるように保ち、平均は重みが平均してどこにあるかを示します。</translation>
    </message>
    <message>
        <source>Pooling</source>
        <translation>プーリング</translation>
    </message>
    <message>
        <source>T&amp;iles:</source>
        <translation>タイル(&amp;I)：</translation>
    </message>
    <message>
        <source>Each to its own max</source>
        <translation>それぞれの最大値に合わせる</translation>
    </message>
    <message>
        <source>One shared scale</source>
        <translation>共通のスケール</translation>
    </message>
    <message>
        <source>Scale each tile to its own brightest pixel, so weak heads in a long text still show their pattern, or draw all tiles on one scale to compare heads.</source>
        <translation>各タイルを自身の最も明るいピクセルに合わせてスケーリングし、長いテキストでも弱いヘッドのパターンが見えるようにするか、すべてのタイルを共通のスケールで描いてヘッドどうしを比較します。</translation>
    </message>
    <message>
        <source>Tile scale</source>
        <translation>タイルのスケール</translation>
    </message>
    <message>
        <source>Zoom out (−)</source>
        <translation>縮小 (−)</translation>
    </message>
    <message>
        <source>Zoom in (+, Ctrl+wheel)</source>
        <translation>拡大 (+、Ctrl+ホイール)</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>フィット</translation>
    </message>
    <message>
        <source>Fit the grid to the view (0)</source>
        <translation>グリッドをビューに合わせる (0)</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>計算中…</translation>
    </message>
    <message>
        <source>Type some text to see attention.</source>
        <translation>テキストを入力するとアテンションが表示されます。</translation>
    </message>
    <message>
        <source>ablated</source>
        <translation>アブレーション済み</translation>
    </message>
    <message>
        <source>query %1 “%2”: top key %3 “%4”, weight %5</source>
        <translation>クエリ %1「%2」：最上位のキー %3「%4」、重み %5</translation>
    </message>
    <message>
        <source>Labels: %1</source>
        <translation>ラベル：%1</translation>
    </message>
    <message>
        <source>Click to open in detail; Ctrl+click only selects.</source>
        <translation>クリックで詳細を開きます。Ctrl+クリックでは選択のみ行います。</translation>
    </message>
    <message>
        <source>No text has been run yet.</source>
        <translation>まだテキストが実行されていません。</translation>
    </message>
    <message>
        <source>%1 of %2 layers × %3 heads selected.</source>
        <translation>%1 を選択中（全 %2 層 × %3 ヘッド）。</translation>
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
        <translation>トークン %1（ID %2）：p = %3</translation>
    </message>
    <message>
        <source>After block</source>
        <translation>ブロック後</translation>
    </message>
    <message>
        <source>p(target)</source>
        <translation>p(ターゲット)</translation>
    </message>
    <message>
        <source>Top %1</source>
        <translation>%1 位</translation>
    </message>
</context>
<context>
    <name>LocalModelsDialog</name>
    <message>
        <source>Hugging Face cache</source>
        <translation>Hugging Face キャッシュ</translation>
    </message>
    <message>
        <source>Added folder</source>
        <translation>追加したフォルダー</translation>
    </message>
    <message>
        <source>Open local model</source>
        <translation>ローカルモデルを開く</translation>
    </message>
    <message>
        <source>Search by name, source or architecture</source>
        <translation>名前・取得元・アーキテクチャで検索</translation>
    </message>
    <message>
        <source>Search the local models</source>
        <translation>ローカルモデルを検索</translation>
    </message>
    <message>
        <source>&amp;Search:</source>
        <translation>検索(&amp;S)：</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>取得元</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>アーキテクチャ</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <source>Opens</source>
        <translation>開けるか</translation>
    </message>
    <message>
        <source>Local models</source>
        <translation>ローカルモデル</translation>
    </message>
    <message>
        <source>&amp;Folders</source>
        <translation>フォルダー(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>再検索(&amp;R)</translation>
    </message>
    <message>
        <source>Search again (F5)</source>
        <translation>もう一度検索 (F5)</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>開く(&amp;O)</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>検索中…</translation>
    </message>
    <message>
        <source>Does not open: %1</source>
        <translation>開けません：%1</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>はい</translation>
    </message>
    <message>
        <source>no: %1</source>
        <translation>いいえ：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s), %1 open</source>
        <translation>
            <numerusform>%n 個のモデル、%1 個が開けます</numerusform>
        </translation>
    </message>
    <message>
        <source>No models were found in %1. Folders ▸ Add folder… searches another folder.</source>
        <translation>%1 にモデルが見つかりません。フォルダー ▸ フォルダーを追加… で別のフォルダーを検索できます。</translation>
    </message>
    <message>
        <source>No model matches “%1”.</source>
        <translation>「%1」に一致するモデルはありません。</translation>
    </message>
    <message>
        <source>%1
Opens: %2, %3.</source>
        <translation>%1
開けます：%2、%3。</translation>
    </message>
    <message>
        <source>architecture read when it opens</source>
        <translation>アーキテクチャは開くときに読み取ります</translation>
    </message>
    <message>
        <source>%1
Does not open: %2</source>
        <translation>%1
開けません：%2</translation>
    </message>
    <message>
        <source>Add a folder of models</source>
        <translation>モデルのフォルダーを追加</translation>
    </message>
    <message>
        <source>&amp;Add folder…</source>
        <translation>フォルダーを追加(&amp;A)…</translation>
    </message>
    <message>
        <source>Remove “%1”</source>
        <translation>「%1」を削除</translation>
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
        <translation>モデル</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>テキスト</translation>
    </message>
    <message>
        <source>Text to run</source>
        <translation>実行するテキスト</translation>
    </message>
    <message>
        <source>Type or paste text here; every edit re-runs the model.</source>
        <translation>ここにテキストを入力するか貼り付けます。編集するたびにモデルが再実行されます。</translation>
    </message>
    <message>
        <source>Run mode</source>
        <translation>実行モード</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>All layers</source>
        <translation>すべての層</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>層 %1</translation>
    </message>
    <message>
        <source>%1 (trace file) — AttnScope</source>
        <translation>%1（トレースファイル）— AttnScope</translation>
    </message>
    <message>
        <source>%1 — AttnScope</source>
        <translation>%1 — AttnScope</translation>
    </message>
    <message>
        <source>Cannot open model</source>
        <translation>モデルを開けません</translation>
    </message>
    <message>
        <source>AttnScope could not open “%1”.

%2</source>
        <translation>AttnScope は「%1」を開けませんでした。

%2</translation>
    </message>
    <message>
        <source>the demo model</source>
        <translation>デモモデル</translation>
    </message>
    <message>
        <source>Cannot open tokenizer</source>
        <translation>トークナイザーを開けません</translation>
    </message>
    <message>
        <source>AttnScope could not read the tokenizer “%1”.

%2</source>
        <translation>AttnScope はトークナイザー「%1」を読み込めませんでした。

%2</translation>
    </message>
    <message>
        <source>Open model</source>
        <translation>モデルを開く</translation>
    </message>
    <message>
        <source>Open model folder</source>
        <translation>モデルフォルダーを開く</translation>
    </message>
    <message>
        <source>Open trace file</source>
        <translation>トレースファイルを開く</translation>
    </message>
    <message>
        <source>AttnScope trace files (*.safetensors);;All files (*)</source>
        <translation>AttnScope トレースファイル (*.safetensors);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Cannot open trace file</source>
        <translation>トレースファイルを開けません</translation>
    </message>
    <message>
        <source>“%1” is not an AttnScope trace file: a trace file is a safetensors file whose metadata says &quot;format&quot;: &quot;attnscope-trace&quot; (resources/tools/capture_attention.py writes one). To open a model, use File ▸ Open model….</source>
        <translation>「%1」は AttnScope のトレースファイルではありません：トレースファイルとは、メタデータに &quot;format&quot;: &quot;attnscope-trace&quot; と書かれた safetensors ファイルです（resources/tools/capture_attention.py で作成できます）。モデルを開くには ファイル ▸ モデルを開く… を使ってください。</translation>
    </message>
    <message>
        <source>Needs the model: a trace file holds attention weights only</source>
        <translation>モデルが必要です：トレースファイルにはアテンションの重みしか入っていません</translation>
    </message>
    <message>
        <source>Text (kept for models; the trace file has its own tokens)</source>
        <translation>テキスト（モデル用に保持。トレースファイルには独自のトークンがあります）</translation>
    </message>
    <message>
        <source>Cannot create model</source>
        <translation>モデルを作成できません</translation>
    </message>
    <message>
        <source>

Looked in:
%1</source>
        <translation>

探した場所：
%1</translation>
    </message>
    <message>
        <source>Choose a tokenizer</source>
        <translation>トークナイザーを選択</translation>
    </message>
    <message>
        <source>“%1” carries no tokenizer and none was found beside it. Choose a tokenizer file (encoder.json, vocab.json, tokenizer.json or *.tiktoken), or, for a character-level model, build its vocabulary from the text it was trained on (its sorted set of characters, as tutorials do). Without either, type token ids separated by commas.%2</source>
        <translation>「%1」にはトークナイザーが含まれておらず、同じ場所にも見つかりませんでした。トークナイザーファイル（encoder.json、vocab.json、tokenizer.json、*.tiktoken）を選ぶか、文字レベルのモデルであれば、学習に使ったテキストから語彙を作成してください（チュートリアルと同様に、文字の集合をソートしたものです）。どちらもない場合は、トークン ID をカンマ区切りで入力してください。%2</translation>
    </message>
    <message>
        <source>Choose tokenizer file…</source>
        <translation>トークナイザーファイルを選択…</translation>
    </message>
    <message>
        <source>Build from a text file…</source>
        <translation>テキストファイルから作成…</translation>
    </message>
    <message>
        <source>Type token ids</source>
        <translation>トークン ID を入力</translation>
    </message>
    <message>
        <source>Training text</source>
        <translation>学習テキスト</translation>
    </message>
    <message>
        <source>Text (*.txt *.md);;All files (*)</source>
        <translation>テキスト (*.txt *.md);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Choose tokenizer</source>
        <translation>トークナイザーを選択</translation>
    </message>
    <message>
        <source>Tokenizers (*.json *.bpe *.txt *.tiktoken);;All files (*)</source>
        <translation>トークナイザー (*.json *.bpe *.txt *.tiktoken);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Cannot build the vocabulary</source>
        <translation>語彙を作成できません</translation>
    </message>
    <message>
        <source>Open text</source>
        <translation>テキストを開く</translation>
    </message>
    <message>
        <source>Cannot open text</source>
        <translation>テキストを開けません</translation>
    </message>
    <message>
        <source>Text repaired</source>
        <translation>テキストを修復しました</translation>
    </message>
    <message>
        <source>This view has no figure to copy yet.</source>
        <translation>このビューにはまだコピーできる図がありません。</translation>
    </message>
    <message>
        <source>Figure copied to the clipboard.</source>
        <translation>図をクリップボードにコピーしました。</translation>
    </message>
    <message>
        <source>Nothing copied: %1</source>
        <translation>何もコピーされませんでした：%1</translation>
    </message>
    <message>
        <source>Tokens: %1</source>
        <translation>トークン数：%1</translation>
    </message>
    <message>
        <source>imported</source>
        <translation>インポート済み</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Threads: %1</source>
        <translation>スレッド：%1</translation>
    </message>
    <message>
        <source>trace file: nothing runs</source>
        <translation>トレースファイル：実行なし</translation>
    </message>
    <message>
        <source>bidirectional</source>
        <translation>双方向</translation>
    </message>
    <message numerus="yes">
        <source>%n head(s) ablated</source>
        <translation>
            <numerusform>%n ヘッドをアブレーション</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n knockout(s) active</source>
        <translation>
            <numerusform>ノックアウト %n 件が有効</numerusform>
        </translation>
    </message>
    <message>
        <source>Settings cannot be saved to “%1”: recent models, the window layout and your choices will not be remembered.</source>
        <translation>設定を「%1」に保存できません：最近使ったモデル、ウィンドウのレイアウト、各種の選択は記憶されません。</translation>
    </message>
    <message>
        <source>Predictions</source>
        <translation>予測</translation>
    </message>
    <message>
        <source>Head statistics</source>
        <translation>ヘッド統計</translation>
    </message>
    <message>
        <source>Text by attention</source>
        <translation>アテンションで色付けしたテキスト</translation>
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
        <translation>アブレーションスキャン(&amp;S)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+A</source>
        <translation>Ctrl+Shift+A</translation>
    </message>
    <message>
        <source>Block the selected e&amp;dge in the selected head</source>
        <translation>選択したヘッドで選択したエッジをブロック(&amp;D)</translation>
    </message>
    <message>
        <source>Ctrl+B</source>
        <translation>Ctrl+B</translation>
    </message>
    <message>
        <source>Block every edge into the selected ke&amp;y</source>
        <translation>選択したキーへのすべてのエッジをブロック(&amp;Y)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+B</source>
        <translation>Ctrl+Shift+B</translation>
    </message>
    <message>
        <source>Clear knocko&amp;uts</source>
        <translation>ノックアウトをすべて解除(&amp;U)</translation>
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
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open model…</source>
        <translation>モデルを開く(&amp;O)…</translation>
    </message>
    <message>
        <source>Open model &amp;folder…</source>
        <translation>モデルフォルダーを開く(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;New random model…</source>
        <translation>新しいランダムモデル(&amp;N)…</translation>
    </message>
    <message>
        <source>Open t&amp;race file…</source>
        <translation>トレースファイルを開く(&amp;R)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+R</source>
        <translation>Ctrl+Shift+R</translation>
    </message>
    <message>
        <source>Open &amp;demo model</source>
        <translation>デモモデルを開く(&amp;D)</translation>
    </message>
    <message>
        <source>Open te&amp;xt…</source>
        <translation>テキストを開く(&amp;X)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>Choose &amp;tokenizer…</source>
        <translation>トークナイザーを選択(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>エクスポート(&amp;E)…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>&amp;Copy figure</source>
        <translation>図をコピー(&amp;C)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>Next head</source>
        <translation>次のヘッド</translation>
    </message>
    <message>
        <source>Alt+Right</source>
        <translation>Alt+Right</translation>
    </message>
    <message>
        <source>Previous head</source>
        <translation>前のヘッド</translation>
    </message>
    <message>
        <source>Alt+Left</source>
        <translation>Alt+Left</translation>
    </message>
    <message>
        <source>Next layer</source>
        <translation>次の層</translation>
    </message>
    <message>
        <source>Alt+Down</source>
        <translation>Alt+Down</translation>
    </message>
    <message>
        <source>Previous layer</source>
        <translation>前の層</translation>
    </message>
    <message>
        <source>Alt+Up</source>
        <translation>Alt+Up</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>パネル(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Colour map</source>
        <translation>カラーマップ(&amp;C)</translation>
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
        <translation>グレースケール</translation>
    </message>
    <message>
        <source>&amp;Scale</source>
        <translation>スケール(&amp;S)</translation>
    </message>
    <message>
        <source>Linear</source>
        <translation>線形</translation>
    </message>
    <message>
        <source>Logarithmic</source>
        <translation>対数</translation>
    </message>
    <message>
        <source>Row-normalised</source>
        <translation>行ごとに正規化</translation>
    </message>
    <message>
        <source>&amp;Query bars from 0 to 1</source>
        <translation>クエリバーの軸を 0〜1 に固定(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>実行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Causal attention</source>
        <translation>因果アテンション(&amp;C)</translation>
    </message>
    <message>
        <source>Ctrl+M</source>
        <translation>Ctrl+M</translation>
    </message>
    <message>
        <source>&amp;Ablate selected head</source>
        <translation>選択したヘッドをアブレーション(&amp;A)</translation>
    </message>
    <message>
        <source>Ctrl+K</source>
        <translation>Ctrl+K</translation>
    </message>
    <message>
        <source>&amp;Refuse text longer than the context</source>
        <translation>コンテキスト長を超えるテキストを拒否(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Threads</source>
        <translation>スレッド(&amp;T)</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Automatic (%n core(s))</source>
        <translation>
            <numerusform>自動(&amp;A)（%n コア）</numerusform>
        </translation>
    </message>
    <message>
        <source>Keep every head&apos;s attention weights while they fit in %1 MB; past that, rebuild a head exactly when it is shown</source>
        <translation>%1 MB に収まる間はすべてのヘッドのアテンションの重みを保持し、超えた場合はヘッドを表示するときに正確に再構築</translation>
    </message>
    <message>
        <source>Attention &amp;memory</source>
        <translation>アテンション用メモリ(&amp;M)</translation>
    </message>
    <message>
        <source>Acti&amp;vation memory</source>
        <translation>活性化値用メモリ(&amp;V)</translation>
    </message>
    <message>
        <source>Keep every layer&apos;s activations while they fit in %1 MB; past that, keep k, v and each layer&apos;s output, and compute a layer&apos;s other tensors again exactly when they are shown</source>
        <translation>%1 MB に収まる間は各層の活性化値を保持し、超えた場合は k、v、各層の出力だけを保持して、その他のテンソルは表示するときに正確に再計算</translation>
    </message>
    <message>
        <source>&amp;Key and value memory</source>
        <translation>キーとバリュー用メモリ(&amp;K)</translation>
    </message>
    <message>
        <source>Past the activation memory, keep every layer&apos;s keys and values while they fit in %1 MB; past that, compute them again from each layer&apos;s input, exactly, when a run or a view needs them (an edit then costs every layer&apos;s k and v projections)</source>
        <translation>活性化値用メモリに入らない分について、%1 MB に収まる間は各層のキーとバリューを保持し、超えた場合は実行やビューで必要になったときに各層の入力から正確に再計算（その場合、編集のたびに全層の k と v の射影を計算し直す）</translation>
    </message>
    <message>
        <source>C&amp;lear ablations</source>
        <translation>アブレーションをすべて解除(&amp;L)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+K</source>
        <translation>Ctrl+Shift+K</translation>
    </message>
    <message>
        <source>Ca&amp;ncel run</source>
        <translation>実行をキャンセル(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Guide</source>
        <translation>ガイド(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;About AttnScope</source>
        <translation>AttnScope について(&amp;A)</translation>
    </message>
    <message>
        <source>About AttnScope</source>
        <translation>AttnScope について</translation>
    </message>
    <message>
        <source>&lt;b&gt;AttnScope %1&lt;/b&gt;&lt;p&gt;See inside transformer attention: every head, every layer, live as you type.&lt;/p&gt;</source>
        <translation>&lt;b&gt;AttnScope %1&lt;/b&gt;&lt;p&gt;Transformer のアテンションの内側を見る：すべてのヘッド、すべての層を、入力しながらリアルタイムに。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>La&amp;yers:</source>
        <translation>層(&amp;Y)：</translation>
    </message>
    <message>
        <source>Show every layer, or one</source>
        <translation>すべての層、または 1 つの層を表示</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>表示(&amp;S)：</translation>
    </message>
    <message>
        <source>Attention weights</source>
        <translation>アテンションの重み</translation>
    </message>
    <message>
        <source>Raw scores</source>
        <translation>生スコア</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>マスク</translation>
    </message>
    <message>
        <source>Reset &amp;zoom</source>
        <translation>ズームをリセット(&amp;Z)</translation>
    </message>
    <message>
        <source>Show the whole map again (0)</source>
        <translation>マップ全体を再表示 (0)</translation>
    </message>
    <message>
        <source>“%1” has carriage-return line ends (CR LF or CR); the editor holds them as line feeds.</source>
        <translation>「%1」の改行には復帰文字（CR LF または CR）が使われています。エディターでは改行文字（LF）として保持します。</translation>
    </message>
    <message>
        <source>“%1” is %2 MB; AttnScope opens texts up to 16 MB (a model sees at most its context anyway).</source>
        <translation>「%1」は %2 MB です。AttnScope が開けるテキストは 16 MB までです（いずれにせよ、モデルが見るのはコンテキスト長までです）。</translation>
    </message>
    <message>
        <source>“%1” cannot be read: %2</source>
        <translation>「%1」を読み込めません：%2</translation>
    </message>
    <message>
        <source>“%1” is not valid %2; invalid characters were replaced by �.</source>
        <translation>「%1」は有効な %2 ではありません。無効な文字を � に置き換えました。</translation>
    </message>
    <message>
        <source>“%1” is not valid UTF-8 (first bad byte at offset %2); invalid bytes were replaced by �.</source>
        <translation>「%1」は有効な UTF-8 ではありません（最初の不正なバイトはオフセット %2）。無効なバイトを � に置き換えました。</translation>
    </message>
    <message>
        <source>Generate…</source>
        <translation>生成…</translation>
    </message>
    <message>
        <source>The model continues the text, a token at a time (Ctrl+G)</source>
        <translation>モデルがテキストの続きを 1 トークンずつ生成 (Ctrl+G)</translation>
    </message>
    <message numerus="yes">
        <source>Generated %n token(s): stopped at the end-of-text token.</source>
        <translation>
            <numerusform>%n トークンを生成しました：テキスト終了トークンで停止しました。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Generated %n token(s): stopped at the end of the model&apos;s context.</source>
        <translation>
            <numerusform>%n トークンを生成しました：モデルのコンテキストの末尾で停止しました。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Generated %n token(s): stopped.</source>
        <translation>
            <numerusform>%n トークンを生成しました：停止しました。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Generated %n token(s).</source>
        <translation>
            <numerusform>%n トークンを生成しました。</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to continue yet: type some text first.</source>
        <translation>続きを生成するテキストがまだありません：先にテキストを入力してください。</translation>
    </message>
    <message>
        <source>Generated by the model</source>
        <translation>モデルが生成</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>言語(&amp;L)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>AttnScope will use %1 the next time it starts.</source>
        <translation>AttnScope は次回の起動時から %1 を使用します。</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>システムの言語</translation>
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
        <translation>モデルがテキストの続きを 1 トークンずつ生成</translation>
    </message>
    <message>
        <source>Views</source>
        <translation>ビュー</translation>
    </message>
    <message>
        <source>Models (*.safetensors *.gguf *.pt *.pth *.bin *.ckpt);;All files (*)</source>
        <translation>モデル (*.safetensors *.gguf *.pt *.pth *.bin *.ckpt);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Open &amp;local model…</source>
        <translation>ローカルモデルを開く(&amp;L)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+L</source>
        <translation>Ctrl+Shift+L</translation>
    </message>
    <message>
        <source>A trace file holds attention weights only: the weights are shown in place of raw scores or value-weighted norms</source>
        <translation>トレースファイルにはアテンションの重みしかありません。生スコアや値重み付きノルムの代わりに重みを表示します</translation>
    </message>
    <message>
        <source>Softmax weights, the raw scores q·kᵀ/√hs before the softmax, the mask, or the value-weighted norms ‖α·v W_O‖</source>
        <translation>softmax の重み、softmax 前の生スコア q·kᵀ/√hs、マスク、または値重み付きノルム ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>Round each product&apos;s activations to the weight&apos;s dot-product type (float16, bfloat16, 8-bit blocks) first, as llama.cpp, Ollama and LM Studio do, rather than computing the exact float32 model</source>
        <translation>各積の活性化を先に重みの内積の型(float16、bfloat16、8 ビットのブロック)に丸めます。llama.cpp、Ollama、LM Studio と同じ計算で、厳密な float32 モデルの計算ではありません</translation>
    </message>
    <message>
        <source>Com&amp;pute as llama.cpp does (GGUF)</source>
        <translation>llama.cpp と同じ計算 (GGUF)(&amp;P)</translation>
    </message>
</context>
<context>
    <name>MaskView</name>
    <message>
        <source>Ca&amp;usal (each token sees only itself and earlier tokens)</source>
        <translation>因果(&amp;U)（各トークンは自分自身とそれより前のトークンだけを見る）</translation>
    </message>
    <message>
        <source>Off: bidirectional attention, as in an encoder. The model is run again.</source>
        <translation>オフ：エンコーダーと同じ双方向アテンション。モデルが再実行されます。</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>マスク</translation>
    </message>
</context>
<context>
    <name>ModelPanel</name>
    <message>
        <source>&amp;Open model…</source>
        <translation>モデルを開く(&amp;O)…</translation>
    </message>
    <message>
        <source>Ne&amp;w random model…</source>
        <translation>新しいランダムモデル(&amp;W)…</translation>
    </message>
    <message>
        <source>Open a safetensors file, a PyTorch checkpoint or a Hugging Face folder (Ctrl+O)</source>
        <translation>safetensors ファイル、PyTorch チェックポイント、Hugging Face フォルダーを開く (Ctrl+O)</translation>
    </message>
    <message>
        <source>A model of any shape with random weights, to try the views (Ctrl+N)</source>
        <translation>任意の形状でランダムな重みを持つモデル。ビューを試すのに使えます (Ctrl+N)</translation>
    </message>
    <message>
        <source>Recent models:</source>
        <translation>最近使ったモデル：</translation>
    </message>
    <message>
        <source>Recent models</source>
        <translation>最近使ったモデル</translation>
    </message>
    <message>
        <source>&lt;i&gt;Loading…&lt;/i&gt;</source>
        <translation>&lt;i&gt;読み込み中…&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (trace file)&lt;br&gt;%2 layers · %3 heads · %4 tokens · %5, %6&lt;br&gt;attention weights only: shape flow, ablation, predictions, raw scores and the probes need the model</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;（トレースファイル）&lt;br&gt;%2 層 · %3 ヘッド · %4 トークン · %5、%6&lt;br&gt;アテンションの重みのみ：形状フロー、アブレーション、予測、生スコア、プローブにはモデルが必要です</translation>
    </message>
    <message>
        <source>causal</source>
        <translation>因果</translation>
    </message>
    <message>
        <source>bidirectional</source>
        <translation>双方向</translation>
    </message>
    <message>
        <source>&lt;i&gt;No model loaded.&lt;/i&gt;</source>
        <translation>&lt;i&gt;モデルが読み込まれていません。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>none: type token ids</source>
        <translation>なし：トークン ID を入力</translation>
    </message>
    <message>
        <source> (File ▸ Choose tokenizer… to change it)</source>
        <translation>（変更するには ファイル ▸ トークナイザーを選択…）</translation>
    </message>
    <message>
        <source>left out: %1</source>
        <translation>省略：%1</translation>
    </message>
    <message>
        <source>not run (objects in the pickle, never called): %1</source>
        <translation>実行せず（pickle 内のオブジェクト、呼び出しなし）：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;%2&lt;br&gt;format: %3 · %4&lt;br&gt;%5 layers · %6 heads · width %7 · head size %8&lt;br&gt;context %9 · vocabulary %10 · %11 parameters&lt;br&gt;tokenizer: %12</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;%2&lt;br&gt;形式：%3 · %4&lt;br&gt;%5 層 · %6 ヘッド · 幅 %7 · ヘッド次元 %8&lt;br&gt;コンテキスト %9 · 語彙 %10 · パラメーター %11&lt;br&gt;トークナイザー：%12</translation>
    </message>
    <message>
        <source> (demo)</source>
        <translation>（デモ）</translation>
    </message>
</context>
<context>
    <name>NewModelDialog</name>
    <message>
        <source>New random model</source>
        <translation>新しいランダムモデル</translation>
    </message>
    <message>
        <source>&amp;Layers (n_layer):</source>
        <translation>層数(&amp;L) (n_layer)：</translation>
    </message>
    <message>
        <source>&amp;Heads (n_head):</source>
        <translation>ヘッド数(&amp;H) (n_head)：</translation>
    </message>
    <message>
        <source>&amp;Width (n_embed):</source>
        <translation>幅(&amp;W) (n_embed)：</translation>
    </message>
    <message>
        <source>&amp;Context length:</source>
        <translation>コンテキスト長(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Vocabulary size:</source>
        <translation>語彙サイズ(&amp;V)：</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>シード(&amp;S)：</translation>
    </message>
    <message>
        <source>The width must be divisible by the number of heads.</source>
        <translation>幅はヘッド数で割り切れる必要があります。</translation>
    </message>
    <message>
        <source>That model would need more than 8 GB of memory.</source>
        <translation>このモデルには 8 GB を超えるメモリが必要になります。</translation>
    </message>
    <message>
        <source>The family: its norm, positions (learned or RoPE), MLP and biases</source>
        <translation>モデルファミリー：正規化、位置（学習済みまたは RoPE）、MLP、バイアス</translation>
    </message>
    <message>
        <source>one per head</source>
        <translation>ヘッドごとに 1 つ</translation>
    </message>
    <message>
        <source>Key/value heads shared by groups of query heads (grouped-query attention, as in Llama 3 and Mistral); it must divide the number of heads</source>
        <translation>クエリヘッドのグループが共有するキー/バリューヘッド（Llama 3 や Mistral のような grouped-query attention）。ヘッド数を割り切る数にしてください</translation>
    </message>
    <message>
        <source>&amp;Architecture:</source>
        <translation>アーキテクチャ(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;Key/value heads:</source>
        <translation>キー/バリューヘッド数(&amp;K)：</translation>
    </message>
    <message>
        <source>The key/value heads must divide the number of heads.</source>
        <translation>キー/バリューヘッド数はヘッド数を割り切る必要があります。</translation>
    </message>
</context>
<context>
    <name>NoticeLabel</name>
    <message>
        <source>Details</source>
        <translation>詳細</translation>
    </message>
    <message>
        <source>Less</source>
        <translation>閉じる</translation>
    </message>
</context>
<context>
    <name>PredictionsModel</name>
    <message>
        <source>Probability without the knockouts, and the change the knockouts make</source>
        <translation>ノックアウトなしの確率と、ノックアウトによる変化</translation>
    </message>
    <message>
        <source>token id %1</source>
        <translation>トークン ID %1</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>順位</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>トークン</translation>
    </message>
    <message>
        <source>Probability</source>
        <translation>確率</translation>
    </message>
    <message>
        <source>Logit</source>
        <translation>ロジット</translation>
    </message>
    <message>
        <source>Without</source>
        <translation>ノックアウトなし</translation>
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
        <translation>予測</translation>
    </message>
    <message>
        <source>top </source>
        <translation>上位 </translation>
    </message>
    <message>
        <source>How many of the most probable next tokens to list</source>
        <translation>一覧に表示する、確率の高い次トークンの数</translation>
    </message>
    <message>
        <source>Number of next tokens</source>
        <translation>次トークンの数</translation>
    </message>
    <message>
        <source>Most probable next tokens</source>
        <translation>確率の高い次トークン</translation>
    </message>
    <message>
        <source>Surprise of each token</source>
        <translation>各トークンの驚き度</translation>
    </message>
    <message>
        <source>Each token coloured by its loss -ln p, how surprised the model was to see it. Click a token to see what the model expected in its place.</source>
        <translation>各トークンを損失 -ln p、つまりそのトークンを見たときのモデルの驚きの大きさで色付けしています。トークンをクリックすると、モデルがその位置に何を予想していたかが表示されます。</translation>
    </message>
    <message>
        <source>Predictions need the model: a trace file holds attention weights only.</source>
        <translation>予測にはモデルが必要です：トレースファイルにはアテンションの重みしか入っていません。</translation>
    </message>
    <message>
        <source>No prediction: no model has run yet.</source>
        <translation>予測なし：まだモデルが実行されていません。</translation>
    </message>
    <message>
        <source>Bidirectional run: every position sees the tokens after it, so these are not next-token predictions. After position %1 “%2”, the output is:</source>
        <translation>双方向の実行：各位置はその後のトークンを見ているので、これは次トークン予測ではありません。位置 %1「%2」の後の出力：</translation>
    </message>
    <message>
        <source>After position %1 “%2”, the model predicts:</source>
        <translation>位置 %1「%2」の後のモデルの予測：</translation>
    </message>
    <message numerus="yes">
        <source>(%n attention edge(s) knocked out; “Without” is the model without them, Δ the change)</source>
        <translation>
            <numerusform>（%n 本のアテンションエッジをブロック中。「ノックアウトなし」はブロックしない場合のモデル、Δ はその変化）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n attention edge(s) knocked out; computing the prediction without them…)</source>
        <translation>
            <numerusform>（%n 本のアテンションエッジをブロック中。ブロックしない場合の予測を計算中…）</numerusform>
        </translation>
    </message>
    <message>
        <source>Actual next token “%1”: probability %2 (%3 without the knockouts, Δ %4), rank %5 (%6 without)</source>
        <translation>実際の次トークン「%1」：確率 %2（ノックアウトなしでは %3、Δ %4）、順位 %5（ノックアウトなしでは %6）</translation>
    </message>
    <message>
        <source>Actual next token “%1”: probability %2, rank %3</source>
        <translation>実際の次トークン「%1」：確率 %2、順位 %3</translation>
    </message>
    <message>
        <source>The text ends here: there is no next token to compare.</source>
        <translation>テキストはここで終わりです：比較する次トークンはありません。</translation>
    </message>
    <message>
        <source>The first token: nothing predicts it.</source>
        <translation>先頭のトークン：これを予測する位置はありません。</translation>
    </message>
    <message>
        <source>-ln p = %1 nats (p = %2), predicted at position %3</source>
        <translation>-ln p = %1 nat（p = %2）、位置 %3 で予測</translation>
    </message>
    <message>
        <source>The loss of each token needs the model.</source>
        <translation>各トークンの損失にはモデルが必要です。</translation>
    </message>
    <message>
        <source>Bidirectional run: each token was visible to the position that predicts it, so this is no measure of surprise (mean -ln p %1 nats).</source>
        <translation>双方向の実行：各トークンはそれを予測する位置から見えていたため、これは驚き度の尺度になりません（平均 -ln p %1 nat）。</translation>
    </message>
    <message>
        <source>Computing the loss of every token…</source>
        <translation>各トークンの損失を計算中…</translation>
    </message>
    <message numerus="yes">
        <source>Surprise: mean next-token loss %1 nats over %n token(s)</source>
        <translation>
            <numerusform>驚き度：%n トークンにわたる次トークン損失の平均 %1 nat</numerusform>
        </translation>
    </message>
    <message>
        <source>Click a token (or press Enter on it) to explain its logit in the Attribution view</source>
        <translation>トークンをクリック（または選択して Enter）すると、そのロジットを寄与度ビューで説明</translation>
    </message>
    <message>
        <source>Step %1: greedy, after position %2 the model put first:</source>
        <translation>ステップ %1：貪欲法。位置 %2 の後にモデルが上位に置いたトークン：</translation>
    </message>
    <message>
        <source>Step %1: what the sampler saw after position %2 (temperature %3):</source>
        <translation>ステップ %1：位置 %2 の後にサンプラーが見た分布（温度 %3）：</translation>
    </message>
    <message numerus="yes">
        <source>It took “%1”: probability %2, rank %3, from the %n most probable token(s) kept.</source>
        <translation>
            <numerusform>「%1」を選択：確率 %2、順位 %3。確率の高い %n トークンを残した中から選びました。</numerusform>
        </translation>
    </message>
    <message>
        <source>The loss of each new token comes when the generation ends.</source>
        <translation>新しいトークンそれぞれの損失は、生成が終わると表示されます。</translation>
    </message>
</context>
<context>
    <name>QueryBarsView</name>
    <message>
        <source>Attention of the selected query</source>
        <translation>選択したクエリのアテンション</translation>
    </message>
    <message>
        <source>The selected query&apos;s attention over every key. Click a bar to select its key; right-click (or View ▸ Query bars from 0 to 1) to switch between an axis fitted to the tallest bar and a fixed 0 to 1 axis.</source>
        <translation>選択したクエリの各キーへのアテンション。バーをクリックするとそのキーを選択します。右クリック（または 表示 ▸ クエリバーの軸を 0〜1 に固定）で、最も高いバーに合わせた軸と 0〜1 の固定軸を切り替えます。</translation>
    </message>
    <message>
        <source>Fixed 0 to 1 axis</source>
        <translation>0〜1 の固定軸</translation>
    </message>
    <message>
        <source>Fixed axis, up to the head&apos;s largest possible norm</source>
        <translation>固定軸（このヘッドで取りうる最大のノルムまで）</translation>
    </message>
</context>
<context>
    <name>SelectionText</name>
    <message>
        <source>Layer %1 · Head %2</source>
        <translation>層 %1 · ヘッド %2</translation>
    </message>
    <message>
        <source>KV head %1, shared by H%2–H%3</source>
        <translation>KV ヘッド %1（H%2–H%3 で共有）</translation>
    </message>
    <message>
        <source>%1 “%2” %3</source>
        <translation>%1「%2」 %3</translation>
    </message>
    <message>
        <source>query %1 “%2” → top keys: %3</source>
        <translation>クエリ %1「%2」→ 上位のキー：%3</translation>
    </message>
    <message>
        <source>query %1 “%2” → largest norms: %3</source>
        <translation>クエリ %1「%2」→ ノルムの大きいキー：%3</translation>
    </message>
    <message>
        <source>query %1 “%2” → highest raw scores: %3</source>
        <translation>クエリ %1「%2」→ 生スコアの高いキー：%3</translation>
    </message>
</context>
<context>
    <name>ShapeFlowView</name>
    <message>
        <source>Shape flow diagram</source>
        <translation>形状フロー図</translation>
    </message>
    <message>
        <source>Click a node, or walk them with the arrow keys, to see its tensor.</source>
        <translation>ノードをクリックするか、矢印キーでノードを移動すると、そのテンソルが表示されます。</translation>
    </message>
    <message>
        <source>Heatmap</source>
        <translation>ヒートマップ</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>表</translation>
    </message>
    <message>
        <source>Show tensor as</source>
        <translation>テンソルの表示形式</translation>
    </message>
    <message>
        <source>Show the clicked node&apos;s tensor as a heatmap or as a table of its numbers.</source>
        <translation>クリックしたノードのテンソルを、ヒートマップまたは数値の表で表示します。</translation>
    </message>
    <message>
        <source>Tensor values</source>
        <translation>テンソルの値</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 · not kept in the trace; the next step with a tensor shows its result</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2 · トレースには保存されません。テンソルを持つ次のステップにその結果が表示されます</translation>
    </message>
    <message>
        <source>id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source> (head %1)</source>
        <translation>（ヘッド %1）</translation>
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
        <translation>トークン ID</translation>
    </message>
</context>
<context>
    <name>ShowBox</name>
    <message>
        <source>Value-weighted norms</source>
        <translation>値重み付きノルム</translation>
    </message>
    <message>
        <source>Value-weighted norms ‖α·v W_O‖ (Kobayashi et al., 2020): each weight times the size of what its key&apos;s value sends through the head&apos;s output projection. A large weight on a key whose value is near zero moves nothing.</source>
        <translation>値重み付きノルム ‖α·v W_O‖（Kobayashi ほか、2020）：各重みに、そのキーの値がヘッドの出力射影を通して送るものの大きさを掛けたもの。値がほぼゼロのキーへの大きな重みは何も動かしません。</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>表示(&amp;S)：</translation>
    </message>
    <message>
        <source>Attention weights</source>
        <translation>アテンションの重み</translation>
    </message>
    <message>
        <source>Softmax weights, or the value-weighted norms ‖α·v W_O‖</source>
        <translation>softmax の重み、または値重み付きノルム ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>表示</translation>
    </message>
</context>
<context>
    <name>TextAutosaver</name>
    <message>
        <source>The text cannot be saved to “%1”: %2</source>
        <translation>テキストを「%1」に保存できません：%2</translation>
    </message>
</context>
<context>
    <name>TokenLinesView</name>
    <message>
        <source>Overla&amp;y every head of the layer</source>
        <translation>この層のすべてのヘッドを重ねる(&amp;Y)</translation>
    </message>
    <message>
        <source>Draw every head of the selected layer at once, each in its own colour.</source>
        <translation>選択した層のすべてのヘッドを、それぞれ別の色で一度に描きます。</translation>
    </message>
    <message>
        <source>Token lines</source>
        <translation>トークン線</translation>
    </message>
    <message>
        <source>Queries on the left, keys on the right, joined by lines as strong as the attention. Click a query to show its lines alone; hover a token to pick out its lines; scroll a long text with the wheel.</source>
        <translation>左がクエリ、右がキーで、アテンションの強さに応じた線で結ばれます。クエリをクリックするとその線だけを表示し、トークンにマウスを重ねるとその線を強調します。長いテキストはホイールでスクロールできます。</translation>
    </message>
</context>
<context>
    <name>TokenStrip</name>
    <message>
        <source>Tokens</source>
        <translation>トークン</translation>
    </message>
    <message>
        <source>Bytes that are not valid UTF-8: left out of the run</source>
        <translation>有効な UTF-8 ではないバイト：実行から除外</translation>
    </message>
    <message>
        <source>“%1” is not in the model&apos;s vocabulary: left out of the run</source>
        <translation>「%1」はモデルの語彙にありません：実行から除外</translation>
    </message>
    <message>
        <source>Token %1 · id %2
“%3”</source>
        <translation>トークン %1 · ID %2
「%3」</translation>
    </message>
</context>
<context>
    <name>TraceView</name>
    <message>
        <source>bidirectional</source>
        <translation>双方向</translation>
    </message>
    <message numerus="yes">
        <source>%n head(s) ablated</source>
        <translation>
            <numerusform>%n ヘッドをアブレーション</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n knockout(s)</source>
        <translation>
            <numerusform>ノックアウト %n 件</numerusform>
        </translation>
    </message>
    <message>
        <source>stale: the last run was cancelled or refused</source>
        <translation>古い結果：前回の実行はキャンセルまたは拒否されました</translation>
    </message>
</context>
<context>
    <name>Workspace</name>
    <message>
        <source>This run holds about %1: its activations and its keys and values (%2) pass their budgets and are computed again when needed, for every edit too.</source>
        <translation>この実行は約 %1 を使用します：活性化値とキー・バリュー（%2）がそれぞれの上限を超えるため、必要になったときに再計算されます。編集のたびにも再計算されます。</translation>
    </message>
    <message>
        <source>This run holds about %1: its attention maps (%2) and activations (%3) pass their budgets and are computed again when shown.</source>
        <translation>この実行は約 %1 を使用します：アテンションマップ（%2）と活性化値（%3）がそれぞれの上限を超えるため、表示するときに再計算されます。</translation>
    </message>
    <message>
        <source>This run holds about %1: its attention maps (%2) pass the %3 budget and are rebuilt when shown.</source>
        <translation>この実行は約 %1 を使用します：アテンションマップ（%2）が上限の %3 を超えるため、表示するときに再構築されます。</translation>
    </message>
    <message>
        <source>This run holds about %1: its activations (%2) pass the %3 budget and are computed again when shown.</source>
        <translation>この実行は約 %1 を使用します：活性化値（%2）が上限の %3 を超えるため、表示するときに再計算されます。</translation>
    </message>
    <message>
        <source>This run holds about %1.</source>
        <translation>この実行は約 %1 を使用します。</translation>
    </message>
    <message>
        <source>Its attention maps (%1) pass the %2 budget: each head is rebuilt from q and k when a view shows it.</source>
        <translation>アテンションマップ（%1）が上限の %2 を超えています：各ヘッドは、ビューに表示するときに q と k から再構築されます。</translation>
    </message>
    <message>
        <source>Its activations (%1) pass the %2 budget: a layer&apos;s are computed again from its input when a view shows them.</source>
        <translation>活性化値（%1）が上限の %2 を超えています：各層の活性化値は、ビューに表示するときにその層の入力から再計算されます。</translation>
    </message>
    <message>
        <source>Its keys and values (%1) pass the %2 budget too: they are computed again from each layer&apos;s input for every edit and every head shown.</source>
        <translation>キーとバリュー（%1）も上限の %2 を超えています：編集のたび、またヘッドを表示するたびに、各層の入力から再計算されます。</translation>
    </message>
    <message>
        <source>The text is longer than the model&apos;s context: only the last %1 tokens are shown (%2 dropped).</source>
        <translation>テキストがモデルのコンテキスト長を超えています：末尾の %1 トークンのみを表示します（%2 トークンを破棄）。</translation>
    </message>
    <message numerus="yes">
        <source>Left out of this run: %n knockout(s) naming positions past the text&apos;s %1 tokens.</source>
        <translation>
            <numerusform>この実行では、テキストの %1 トークンを超える位置を指定したノックアウト %n 件を除外しました。</numerusform>
        </translation>
    </message>
    <message>
        <source>The text held characters that are not valid Unicode; they were replaced.</source>
        <translation>テキストに有効な Unicode ではない文字が含まれていたため、置き換えました。</translation>
    </message>
    <message numerus="yes">
        <source>Left out of the run: %n character(s) the model&apos;s vocabulary lacks (%1), marked in the token strip.</source>
        <translation>
            <numerusform>モデルの語彙にない %n 文字（%1）を実行から除外しました。トークン列に印を付けています。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>attnscope::TraceTensors</name>
    <message>
        <source>Tokens</source>
        <translation>トークン</translation>
    </message>
    <message>
        <source>Token embedding</source>
        <translation>トークン埋め込み</translation>
    </message>
    <message>
        <source>Position embedding</source>
        <translation>位置埋め込み</translation>
    </message>
    <message>
        <source>Sum</source>
        <translation>和</translation>
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
        <translation>クエリ</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>キー</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>バリュー</translation>
    </message>
    <message>
        <source>RMSNorm of q, k per head</source>
        <translation>ヘッドごとの q、k の RMSNorm</translation>
    </message>
    <message>
        <source>RoPE on q, k</source>
        <translation>q、k に RoPE を適用</translation>
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
        <translation>スコア q·kᵀ/√hs</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>マスク</translation>
    </message>
    <message>
        <source>Softmax</source>
        <translation>Softmax</translation>
    </message>
    <message>
        <source>Weights · v</source>
        <translation>重み · v</translation>
    </message>
    <message>
        <source>Concatenate heads</source>
        <translation>ヘッドを連結</translation>
    </message>
    <message>
        <source>Output projection</source>
        <translation>出力射影</translation>
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
        <translation>MLP 隠れ層</translation>
    </message>
    <message>
        <source>Gate projection</source>
        <translation>gate 射影</translation>
    </message>
    <message>
        <source>Up projection</source>
        <translation>up 射影</translation>
    </message>
    <message>
        <source>Activation</source>
        <translation>活性化</translation>
    </message>
    <message>
        <source>act(gate) · up</source>
        <translation>act(gate) · up</translation>
    </message>
    <message>
        <source>MLP projection</source>
        <translation>MLP 射影</translation>
    </message>
    <message>
        <source>Down projection</source>
        <translation>down 射影</translation>
    </message>
    <message>
        <source>Parallel residual +</source>
        <translation>並列残差 +</translation>
    </message>
    <message>
        <source>Final LayerNorm</source>
        <translation>最終 LayerNorm</translation>
    </message>
    <message>
        <source>Final RMSNorm</source>
        <translation>最終 RMSNorm</translation>
    </message>
    <message>
        <source>Logits</source>
        <translation>ロジット</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>See inside transformer attention.</source>
        <translation>Transformer のアテンションの内側を見る。</translation>
    </message>
    <message>
        <source>Model file or folder, or AttnScope trace file, to open (default: the last one, or the demo).</source>
        <translation>開くモデルファイルまたはフォルダー、または AttnScope トレースファイル（既定：前回開いたもの、またはデモ）。</translation>
    </message>
    <message>
        <source>Save a PNG of every view into &lt;dir&gt; and quit.</source>
        <translation>すべてのビューの PNG を &lt;dir&gt; に保存して終了します。</translation>
    </message>
    <message>
        <source>Start with this text.</source>
        <translation>このテキストで起動します。</translation>
    </message>
    <message>
        <source>Start with head &lt;layer.head&gt; selected.</source>
        <translation>ヘッド &lt;layer.head&gt; を選択した状態で起動します。</translation>
    </message>
    <message>
        <source>Start with a random model, e.g. n_layer=12,n_head=12,n_embed=768,context=1024,vocab=96,seed=1.</source>
        <translation>ランダムモデルで起動します。例：n_layer=12,n_head=12,n_embed=768,context=1024,vocab=96,seed=1。</translation>
    </message>
    <message>
        <source>Window size, e.g. 1600x1000.</source>
        <translation>ウィンドウサイズ。例：1600x1000。</translation>
    </message>
    <message>
        <source>Compare with this text B on the same model.</source>
        <translation>同じモデルでこのテキスト B と比較します。</translation>
    </message>
    <message>
        <source>Compare with this model B of the same shape (give it several times for a checkpoint timeline).</source>
        <translation>同じ形状のこのモデル B と比較します（複数回指定するとチェックポイントのタイムラインになります）。</translation>
    </message>
    <message>
        <source>Show checkpoint &lt;n&gt; (from 0) of the timeline.</source>
        <translation>タイムラインのチェックポイント &lt;n&gt;（0 から数える）を表示します。</translation>
    </message>
    <message>
        <source>Compare side-by-side or difference.</source>
        <translation>比較の方法：side-by-side（並べる）または difference（差分）。</translation>
    </message>
    <message>
        <source>Start with these attention edges blocked, e.g. 2.*:9&gt;4 or *.*:*&gt;5 (layer.head:query&gt;key, * for every one).</source>
        <translation>これらのアテンションエッジをブロックした状態で起動します。例：2.*:9&gt;4 や *.*:*&gt;5（layer.head:query&gt;key、* はすべて）。</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>%1 を開けません：%2</translation>
    </message>
    <message>
        <source>the demo model</source>
        <translation>デモモデル</translation>
    </message>
</context>
<context>
    <name>render::AblationFigure</name>
    <message>
        <source>Loss change per ablated head · base loss %1</source>
        <translation>ヘッドごとのアブレーションによる損失の変化 · 基準損失 %1</translation>
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
        <translation>ヘッドごとのアブレーションによる損失の変化の推定（attribution patching）· 基準損失 %1</translation>
    </message>
    <message>
        <source>Direct logit attribution of each head to %1</source>
        <translation>%1 に対する各ヘッドの直接ロジット寄与</translation>
    </message>
</context>
<context>
    <name>render::AttributionFigure</name>
    <message>
        <source>%1 for %2 at position %3 · logit %4</source>
        <translation>%1：位置 %3 の %2 · ロジット %4</translation>
    </message>
    <message numerus="yes">
        <source>… %n more token(s) past the figure&apos;s room</source>
        <translation>
            <numerusform>… さらに %n トークンが図に収まりません</numerusform>
        </translation>
    </message>
    <message>
        <source>Completeness: f(e) − f(0) = %1, sum of the scores = %2</source>
        <translation>完全性：f(e) − f(0) = %1、スコアの合計 = %2</translation>
    </message>
</context>
<context>
    <name>render::CompareFigure</name>
    <message>
        <source>query</source>
        <translation>クエリ</translation>
    </message>
    <message>
        <source>key</source>
        <translation>キー</translation>
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
        <translation>まだ比較していません。次のコマンドで B を選んでください：テキストと比較… または モデルと比較…</translation>
    </message>
    <message>
        <source>L%1 H%2 · A: %3 · B: %4</source>
        <translation>L%1 H%2 · A: %3 · B: %4</translation>
    </message>
    <message>
        <source> · largest |B − A| of %1 × %1 tokens a cell</source>
        <translation> · 1 セルは %1 × %1 トークン中の |B − A| の最大値</translation>
    </message>
    <message>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <source>B − A, first %1 positions (A has %2, B %3)</source>
        <translation>B − A、先頭の %1 位置（A は %2、B は %3）</translation>
    </message>
</context>
<context>
    <name>render::HeadFigure</name>
    <message numerus="yes">
        <source>%n edge(s) knocked out (×)</source>
        <translation>
            <numerusform>%n 本のエッジをブロック (×)</numerusform>
        </translation>
    </message>
    <message>
        <source>Mask (bidirectional)</source>
        <translation>マスク（双方向）</translation>
    </message>
    <message>
        <source>Mask (causal, sliding window of %1)</source>
        <translation>マスク（因果、スライディングウィンドウ %1）</translation>
    </message>
    <message>
        <source>Mask (causal)</source>
        <translation>マスク（因果）</translation>
    </message>
    <message>
        <source>attention weights</source>
        <translation>アテンションの重み</translation>
    </message>
    <message>
        <source>raw scores</source>
        <translation>生スコア</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 (KV head %3) · %4</source>
        <translation>層 %1 · ヘッド %2（KV ヘッド %3）· %4</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 · %3</source>
        <translation>層 %1 · ヘッド %2 · %3</translation>
    </message>
    <message>
        <source> · max of %1 × %1 tokens a cell</source>
        <translation> · 1 セルは %1 × %1 トークン中の最大値</translation>
    </message>
    <message>
        <source> · Layer %1 · Head %2</source>
        <translation> · 層 %1 · ヘッド %2</translation>
    </message>
    <message>
        <source>query</source>
        <translation>クエリ</translation>
    </message>
    <message>
        <source>key</source>
        <translation>キー</translation>
    </message>
    <message>
        <source>value-weighted norms ‖α·v W_O‖</source>
        <translation>値重み付きノルム ‖α·v W_O‖</translation>
    </message>
</context>
<context>
    <name>render::HeadsGridFigure</name>
    <message>
        <source>Attention weights of every head</source>
        <translation>全ヘッドのアテンションの重み</translation>
    </message>
    <message>
        <source>each row scaled to its own max</source>
        <translation>各行をそれぞれの最大値でスケーリング</translation>
    </message>
    <message>
        <source>log scale</source>
        <translation>対数スケール</translation>
    </message>
    <message>
        <source>each tile scaled to its own max</source>
        <translation>各タイルをそれぞれの最大値でスケーリング</translation>
    </message>
    <message>
        <source>one scale for all tiles</source>
        <translation>全タイル共通のスケール</translation>
    </message>
    <message>
        <source>columns grouped by the KV head they share</source>
        <translation>列は共有する KV ヘッドごとにグループ化</translation>
    </message>
    <message>
        <source>each pixel: the max of its tokens</source>
        <translation>各ピクセル：含まれるトークンの最大値</translation>
    </message>
    <message>
        <source>each pixel: the mean of its tokens</source>
        <translation>各ピクセル：含まれるトークンの平均値</translation>
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
        <translation>全ヘッドの値重み付きノルム</translation>
    </message>
    <message>
        <source>value-weighted norms ‖α·v W_O‖</source>
        <translation>値重み付きノルム ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>one scale for all tiles, up to the largest norm of any head</source>
        <translation>全タイル共通のスケール（全ヘッドの最大ノルムまで）</translation>
    </message>
</context>
<context>
    <name>render::Heatmap</name>
    <message>
        <source>per row:
row max = 1</source>
        <translation>行ごと：
行の最大値 = 1</translation>
    </message>
    <message>
        <source>log; top = 10ⁿ
≥ largest</source>
        <translation>対数；上端 = 10ⁿ
≥ 最大値</translation>
    </message>
    <message>
        <source>top = largest
value shown</source>
        <translation>上端 = 表示中の
最大値</translation>
    </message>
</context>
<context>
    <name>render::MatrixFigure</name>
    <message>
        <source>attended (allowed)</source>
        <translation>参照可能（許可）</translation>
    </message>
    <message>
        <source>masked (−∞ before softmax)</source>
        <translation>マスク（softmax 前に −∞）</translation>
    </message>
</context>
<context>
    <name>render::NotedFigure</name>
    <message>
        <source>bidirectional attention (no causal mask)</source>
        <translation>双方向アテンション（因果マスクなし）</translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translation>L%1 H%2</translation>
    </message>
    <message>
        <source>ablated: %1</source>
        <translation>アブレーション：%1</translation>
    </message>
    <message>
        <source>knocked out: %1</source>
        <translation>ブロック：%1</translation>
    </message>
</context>
<context>
    <name>render::QueryBarsFigure</name>
    <message>
        <source>Select a query token to see its attention over the keys.</source>
        <translation>クエリのトークンを選択すると、各キーへのアテンションが表示されます。</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 · query %3 “%4” · value-weighted norms ‖α·v W_O‖</source>
        <translation>層 %1 · ヘッド %2 · クエリ %3「%4」 · 値重み付きノルム ‖α·v W_O‖</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 · query %3 “%4” · attention weights</source>
        <translation>層 %1 · ヘッド %2 · クエリ %3「%4」 · アテンションの重み</translation>
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
        <translation>入力トークン</translation>
    </message>
    <message>
        <source>Rollout of position %1 “%2” over the input</source>
        <translation>位置 %1「%2」の入力に対するロールアウト</translation>
    </message>
    <message>
        <source>log scale</source>
        <translation>対数スケール</translation>
    </message>
</context>
<context>
    <name>render::Session</name>
    <message>
        <source>GPT-2 BPE bundled with AttnScope, chosen for a vocabulary of %1 rows</source>
        <translation>AttnScope 同梱の GPT-2 BPE（語彙が %1 行のため選択）</translation>
    </message>
    <message>
        <source>Random model (seed %1)</source>
        <translation>ランダムモデル（シード %1）</translation>
    </message>
</context>
<context>
    <name>render::ShapeFlowFigure</name>
    <message>
        <source>Forward pass · block %1 of %2 shown · head %3 for per-head tensors</source>
        <translation>順伝播 · ブロック %1/%2 を表示 · ヘッドごとのテンソルはヘッド %3</translation>
    </message>
    <message>
        <source>× %2 blocks · block %1 shown · pre-RMSNorm, attention and MLP in parallel</source>
        <translation>× %2 ブロック · ブロック %1 を表示 · pre-RMSNorm、アテンションと MLP は並列</translation>
    </message>
    <message>
        <source>× %2 blocks · block %1 shown · pre-LayerNorm, attention and MLP in parallel</source>
        <translation>× %2 ブロック · ブロック %1 を表示 · pre-LayerNorm、アテンションと MLP は並列</translation>
    </message>
    <message>
        <source>× %2 blocks · block %1 shown · pre-RMSNorm</source>
        <translation>× %2 ブロック · ブロック %1 を表示 · pre-RMSNorm</translation>
    </message>
    <message>
        <source>× %2 blocks · block %1 shown · pre-LayerNorm</source>
        <translation>× %2 ブロック · ブロック %1 を表示 · pre-LayerNorm</translation>
    </message>
    <message>
        <source>T tokens</source>
        <translation>T トークン数</translation>
    </message>
    <message>
        <source>C model width</source>
        <translation>C モデル幅</translation>
    </message>
    <message>
        <source>H heads</source>
        <translation>H ヘッド数</translation>
    </message>
    <message>
        <source>KV key/value heads</source>
        <translation>KV キー/バリューヘッド数</translation>
    </message>
    <message>
        <source>hs head size</source>
        <translation>hs ヘッド幅</translation>
    </message>
    <message>
        <source>4C the MLP&apos;s width</source>
        <translation>4C MLP の幅</translation>
    </message>
    <message>
        <source>F the MLP&apos;s width</source>
        <translation>F MLP の幅</translation>
    </message>
    <message>
        <source>R positions whose logits are kept</source>
        <translation>R ロジットを保持する位置</translation>
    </message>
    <message>
        <source>V vocabulary</source>
        <translation>V 語彙</translation>
    </message>
</context>
<context>
    <name>render::TokenLinesFigure</name>
    <message>
        <source>Layer %1 · Head %2 · token lines</source>
        <translation>層 %1 · ヘッド %2 · トークン線</translation>
    </message>
    <message>
        <source>Layer %1 · %2 heads overlaid · token lines</source>
        <translation>層 %1 · %2 ヘッドを重ね表示 · トークン線</translation>
    </message>
    <message>
        <source>query</source>
        <translation>クエリ</translation>
    </message>
    <message>
        <source>key (↑ %1 earlier)</source>
        <translation>キー（↑ 前に %1 個）</translation>
    </message>
    <message>
        <source>key</source>
        <translation>キー</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>ヘッド %1</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 · token lines · value-weighted norms</source>
        <translation>層 %1 · ヘッド %2 · トークンライン · 値重み付きノルム</translation>
    </message>
    <message>
        <source>Layer %1 · %2 heads overlaid · token lines · value-weighted norms</source>
        <translation>層 %1 · %2 ヘッドを重ねて表示 · トークンライン · 値重み付きノルム</translation>
    </message>
</context>
<context>
    <name>session::Attribution</name>
    <message>
        <source>Gradient norm</source>
        <translation>勾配ノルム</translation>
    </message>
    <message>
        <source>Gradient × input</source>
        <translation>勾配 × 入力</translation>
    </message>
    <message>
        <source>Integrated gradients (%1 steps)</source>
        <translation>統合勾配（%1 ステップ）</translation>
    </message>
    <message>
        <source>Relevance</source>
        <translation>関連度</translation>
    </message>
</context>
<context>
    <name>session::Views</name>
    <message>
        <source>H&amp;eads</source>
        <translation>ヘッド(&amp;E)</translation>
    </message>
    <message>
        <source>Heads grid</source>
        <translation>ヘッドグリッド</translation>
    </message>
    <message>
        <source>every head of every layer as a small heatmap</source>
        <translation>すべての層のすべてのヘッドを小さなヒートマップで表示</translation>
    </message>
    <message>
        <source>Head &amp;detail</source>
        <translation>ヘッド詳細(&amp;D)</translation>
    </message>
    <message>
        <source>Head detail</source>
        <translation>ヘッド詳細</translation>
    </message>
    <message>
        <source>&amp;Mask</source>
        <translation>マスク(&amp;M)</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>マスク</translation>
    </message>
    <message>
        <source>which keys each query may attend to</source>
        <translation>各クエリが参照できるキー</translation>
    </message>
    <message>
        <source>Sh&amp;ape flow</source>
        <translation>形状フロー(&amp;A)</translation>
    </message>
    <message>
        <source>Shape flow</source>
        <translation>形状フロー</translation>
    </message>
    <message>
        <source>the tensors of one block&apos;s forward pass with their shapes</source>
        <translation>1 ブロックの順伝播のテンソルとその形状</translation>
    </message>
    <message>
        <source>Token &amp;lines</source>
        <translation>トークン線(&amp;L)</translation>
    </message>
    <message>
        <source>Token lines</source>
        <translation>トークン線</translation>
    </message>
    <message>
        <source>BertViz-style lines from each query to the keys it attends to</source>
        <translation>BertViz 風の線で、各クエリから参照先のキーへ結ぶ</translation>
    </message>
    <message>
        <source>Rollou&amp;t</source>
        <translation>ロールアウト(&amp;T)</translation>
    </message>
    <message>
        <source>Attention rollout</source>
        <translation>アテンション・ロールアウト</translation>
    </message>
    <message>
        <source>attention rolled out through every layer (Abnar &amp; Zuidema, 2020)</source>
        <translation>すべての層を通して展開したアテンション（Abnar &amp; Zuidema, 2020）</translation>
    </message>
    <message>
        <source>A&amp;blation</source>
        <translation>アブレーション(&amp;B)</translation>
    </message>
    <message>
        <source>Ablation scan</source>
        <translation>アブレーションスキャン</translation>
    </message>
    <message>
        <source>the change in the text&apos;s loss when each head alone is ablated</source>
        <translation>各ヘッドを単独でアブレーションしたときのテキストの損失の変化</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>比較(&amp;C)</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比較</translation>
    </message>
    <message>
        <source>one head of two texts, or of two models of one shape, and B − A</source>
        <translation>2 つのテキスト、または同じ形状の 2 つのモデルでの同じヘッドと、B − A</translation>
    </message>
    <message>
        <source>Attributio&amp;n</source>
        <translation>寄与度(&amp;J)</translation>
    </message>
    <message>
        <source>Attribution</source>
        <translation>寄与度</translation>
    </message>
    <message>
        <source>which tokens mattered for a prediction: gradients, integrated gradients, relevance; each head&apos;s direct logit attribution; the logit lens</source>
        <translation>予測にどのトークンが効いたか：勾配、統合勾配、関連度。各ヘッドの直接ロジット寄与。ロジットレンズ</translation>
    </message>
    <message>
        <source>one head&apos;s full T x T weights (or raw scores or value-weighted norms) with tokens on both axes</source>
        <translation>1 ヘッドの T × T の重み全体（または生スコアや値重み付きノルム）、両軸にトークン</translation>
    </message>
</context>
</TS>
