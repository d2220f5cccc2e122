// attnscope-bench-ui: how long one keystroke costs on the demo model at T=64:
// re-running the model and redrawing every view (heads grid, head detail,
// row bars, mask, shape flow, token lines) into offscreen images the size
// they have in a 1280x860 window. A benchmark, not a test: it prints numbers
// and the 16 ms frame budget they are compared with.
//
//   QT_QPA_PLATFORM=offscreen build/release/tests/attnscope-bench-ui [--iterations N]
#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QStandardPaths>
#include <algorithm>
#include <cstdio>
#include <vector>

#include "mainwindow.h"
#include "render/flow_figure.h"
#include "render/grid_figure.h"
#include "render/head_figure.h"
#include "render/lines_figure.h"
#include "render/row_figure.h"
#include "session/tokenize.h"
#include "viewsettings.h"
#include "workspace.h"

namespace {

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    int iterations = 200;
    const QStringList args = app.arguments();
    if (const int i = int(args.indexOf("--iterations")); i >= 0 && i + 1 < args.size()) iterations = args[i + 1].toInt();

    const session::Document doc = session::openDocument(QString());
    // 64 tokens of the demo's character vocabulary.
    const QString text = QStringLiteral("ROMEO:\nWhat light is this that breaks upon the night?\nSpeak once again, "
                                        "and let me hear thy voice.\n");
    session::Tokenized tok = session::tokenize(doc, text, session::CropPolicy::KeepLast);
    tok.ids.resize(64);
    tok.labels = tok.labels.mid(0, 64);
    const attnscope::Model model(doc.model.weights);
    ViewSettings settings;
    const render::Style style = settings.style();
    const auto& cfg = doc.model.weights->config;

    // Image sizes of the views in a 1280x860 window (device pixel ratio 1).
    QImage grid(980, 470, QImage::Format_ARGB32_Premultiplied), detail(980, 330, QImage::Format_ARGB32_Premultiplied),
        row(980, 150, QImage::Format_ARGB32_Premultiplied), mask(980, 470, QImage::Format_ARGB32_Premultiplied),
        flow(680, 470, QImage::Format_ARGB32_Premultiplied), lines(980, 470, QImage::Format_ARGB32_Premultiplied);
    auto draw = [](QImage& img, const render::Figure& f) {
        QPainter p(&img);
        f.paint(p, QRectF(img.rect()));
    };

    std::vector<double> runMs, drawMs, totalMs;
    std::vector<std::vector<double>> perView(6);
    attnscope::Trace reuse;
    attnscope::RunOptions opt;
    for (int it = 0; it < iterations + 5; ++it) {
        QElapsedTimer t;
        t.start();
        model.run(tok.ids, opt, reuse);
        const double run = double(t.nsecsElapsed()) / 1e6;
        // A shared_ptr view of the reused trace, as the Workspace hands out.
        const std::shared_ptr<const attnscope::Trace> trace(&reuse, [](const attnscope::Trace*) {});
        const render::FigureData data = session::figureData(doc, trace, tok.labels);
        // Each view: build its figure from the trace, then paint it.
        auto timed = [&](int i, auto&& make, QImage& img) {
            const qint64 t0 = t.nsecsElapsed();
            draw(img, make());
            if (it >= 5) perView[size_t(i)].push_back(double(t.nsecsElapsed() - t0) / 1e6);
        };
        timed(0, [&] { return render::GridFigure(data, style); }, grid);
        timed(1, [&] { return render::HeadFigure(data, 1, 2, render::MatrixKind::Weights, style); }, detail);
        timed(2, [&] { return render::RowFigure(data, 1, 2, trace->T() - 1, style); }, row);
        timed(3, [&] { return render::HeadFigure(data, 0, 0, render::MatrixKind::Mask, style); }, mask);
        timed(4, [&] { return render::FlowFigure(data, 1, 2, style); }, flow);
        timed(5, [&] { return render::LinesFigure(data, 1, {2}, style); }, lines);
        const double total = double(t.nsecsElapsed()) / 1e6;
        if (it < 5) continue;  // warm-up
        runMs.push_back(run);
        drawMs.push_back(total - run);
        totalMs.push_back(total);
    }
    std::printf("AttnScope UI benchmark: demo model (%d layers x %d heads, C=%d), T=%zu, %d iterations, %d threads\n",
                cfg.n_layer, cfg.n_head, cfg.n_embed, tok.ids.size(), iterations, attnscope::default_thread_count());
    std::printf("  model run (full trace)          median %7.2f ms\n", median(runMs));
    std::printf("  redraw all views (6 figures)    median %7.2f ms\n", median(drawMs));
    std::printf("  keystroke total                 median %7.2f ms   (one frame at 60 Hz = 16.7 ms: %s)\n",
                median(totalMs), median(totalMs) < 16.0 ? "within" : "OVER");
    const char* names[] = {"heads grid", "head detail", "row bars", "mask", "shape flow", "token lines"};
    for (int i = 0; i < 6; ++i) std::printf("    %-28s median %7.2f ms\n", names[i], median(perView[size_t(i)]));
    std::sort(totalMs.begin(), totalMs.end());
    std::printf("  keystroke total                 p90    %7.2f ms\n", totalMs[totalMs.size() * 9 / 10]);
    return 0;
}
