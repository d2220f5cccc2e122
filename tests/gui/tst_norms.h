#pragma once
// tst_norms' test class and what its files share. Value-weighted norms
// N_ij = A_ij · ‖v_j W_O^h‖₂ as a "Show" kind, checked against the core's
// attnscope::value_norm_factors on the demo model: tst_norms.cpp holds the
// window (the head detail's painted cells, the grid, the token lines, the
// fallback on a trace file), tst_norms_views.cpp the query bars and the text
// by attention, which follow the head detail's Show box, tst_norms_cli.cpp
// the figures' numbers, the factors' cache, and attnscope-cli export --kind
// norms (data, recipes, refusals).
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <memory>

#include "attnscope/explain/attribution.h"
#include "attnscope/run/model.h"
#include "attnscope/run/trace_file.h"
#include "gui/dialogs/export_dialog.h"
#include "gui/panels/attention_text_panel.h"
#include "gui/panels/value_strip.h"
#include "gui/views/query_bars_view.h"
#include "gui/views/head_detail_view.h"
#include "gui/views/heads_grid_view.h"
#include "gui/views/token_lines_view.h"
#include "gui/window/main_window.h"
#include "gui/workspace/text_autosaver.h"
#include "gui/workspace/workspace.h"
#include "render/figures/heads_grid_figure.h"
#include "render/norms.h"
#include "session/document.h"
#include "session/recipe.h"
#include "session/tokenize.h"
#include "testutil.h"

namespace norms_test {

// Layer 2 · head 3 of the demo model on this text weighs key 0 more than key
// 12 from query 13, but sends less through key 0 (README's "newline" head).
inline const QString kText = QStringLiteral("ROMEO:\nWhat light is this");

inline QString traceFixture() { return QStringLiteral(ATTNSCOPE_FIXTURES "/trace/demo.trace.safetensors"); }

// N = A · diag(f) of one head, from the core alone.
inline attnscope::MatrixRM coreNorms(const attnscope::Weights& w, const attnscope::Trace& tr, int layer, int head) {
    const std::vector<float> f = attnscope::value_norm_factors(w, tr, layer, head);
    attnscope::MatrixRM n = tr.head_weights(layer, head);
    for (Eigen::Index i = 0; i < n.rows(); ++i)
        for (Eigen::Index j = 0; j < n.cols(); ++j) n(i, j) *= f[size_t(j)];
    return n;
}

// The t in [0, 1] whose colour in `cmap` is nearest `c`.
inline double colorValue(const render::ColorMap& cmap, const QColor& c) {
    double best = -1, bestD = 1e18;
    for (int i = 0; i <= 1000; ++i) {
        const QColor m(cmap.at(i / 1000.0));
        const double d = std::pow(m.red() - c.red(), 2) + std::pow(m.green() - c.green(), 2) +
                         std::pow(m.blue() - c.blue(), 2);
        if (d < bestD) bestD = d, best = i / 1000.0;
    }
    return best;
}

// Picks `kind` in a Show box.
inline bool choose(QComboBox* box, render::MatrixKind kind) {
    const int i = box ? box->findData(int(kind)) : -1;
    if (i < 0) return false;
    box->setCurrentIndex(i);
    return true;
}

}  // namespace norms_test

class tst_Norms : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    // tst_norms.cpp
    void headDetailPaintsTheNormsNotTheWeights();
    void gridAndLinesDrawTheNorms();
    void traceFileFallsBackToTheWeights();
    // tst_norms_views.cpp
    void queryBarsAndTextFollowTheHeadsShowKind();
    // tst_norms_cli.cpp
    void figuresHoldTheCoreNorms();
    void factorsAreKeptPerRunNotPerTraceObject();
    void cliExportsTheNorms_data();
    void cliExportsTheNorms();
    void cliNormsRecipesReplay_data();
    void cliNormsRecipesReplay();
    void cliRefusesNormsWhereTheyMeanNothing();

private:
    std::shared_ptr<const attnscope::Weights> weights() const { return ws_->document().model.weights; }
    std::unique_ptr<Workspace> ws_;
    std::unique_ptr<MainWindow> win_;
    QTemporaryDir tmp_;
};
