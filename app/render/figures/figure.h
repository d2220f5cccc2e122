#pragma once
// What every figure shares: the trace it draws, token labels, and a style.
// A figure paints itself into any rectangle of any QPainter: a widget, a
// QImage (PNG), a QSvgGenerator or a QPdfWriter.
#include <QColor>
#include <QFont>
#include <QPainter>
#include <QSizeF>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>

#include "attnscope/run/trace.h"
#include "render/colormap.h"
#include "render/heatmap.h"

namespace render {

// The width of the small colour bars beside the layers x heads maps
// (ablation, compare), in points.
inline constexpr double kColorBarWidth = 14;

struct Style {
    ColorMapId colormap = ColorMapId::Viridis;
    Scale scale = Scale::Linear;
    CellMode cells = CellMode::Image;
    QFont font;                      // base font of labels (titles are 1.2x)
    bool showTitle = true;
    bool showColorBar = true;
    QColor background = Qt::white;
    QColor text = QColor(20, 20, 20);
    // A heatmap's token labels shrink with its cells down to this size; past
    // it, every k-th label is shown. Print can go small; a screen can't.
    double minLabelPoints = 5;

    const ColorMap& cmap() const { return ColorMap::get(colormap); }
};

struct FigureData {
    std::shared_ptr<const attnscope::Trace> trace;
    QStringList tokens;  // one display label per token, whitespace made visible
    QString modelName;
    int threads = 0;     // for what a figure computes again from the trace; 0: every core
    // The text of any token id (the tokenizer's), for ids not in the text
    // (a predicted token); may be empty.
    std::function<QString(int)> tokenText = {};

    int T() const { return trace ? trace->T() : 0; }
};

// Token text for display: space as "␣", newline as "↵", tab as "⇥", other
// control characters as \xNN; U+FFFD for bytes that are not whole characters.
QString visibleToken(const QString& text);
// `text` with control characters (other than space) written as \xNN, as a
// token label shows them: for titles and captions built from typed text.
QString withoutControls(const QString& text);

class Figure {
public:
    virtual ~Figure() = default;
    // The size the figure looks best at, in pixels at 96 dpi (points * 4/3).
    virtual QSizeF naturalSize() const = 0;
    virtual void paint(QPainter& p, const QRectF& area) const = 0;
    virtual QString title() const = 0;
    // Shows another selected query in place, when the figure can do that
    // without being built again (true); false: build a new figure.
    virtual bool followQuery(int query) {
        (void)query;
        return false;
    }
};

// Helpers shared by the figures.
void fillBackground(QPainter& p, const QRectF& area, const Style& style);
// Draws the title centred at the top of `area`; returns the area below it.
QRectF drawTitle(QPainter& p, const QRectF& area, const QString& title, const Style& style);
QFont scaledFont(const QFont& base, double factor);
// `v` with `decimals` digits after the point, never "-0.000" (a value that
// rounds to zero is written without a sign); "" for NaN.
QString fixedNumber(double v, int decimals);
// A position ruler's spacing: the smallest 1, 2 or 5 times a power of ten
// whose marks, `cell` apart each, leave `labelWidth` for a number, or
// `count` (one mark) when even that is too close.
int rulerStep(double cell, double labelWidth, int count);

}  // namespace render
