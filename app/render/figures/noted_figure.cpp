#include "render/figures/noted_figure.h"

#include <QCoreApplication>
#include <QFontMetricsF>

namespace render {

QString runNote(const attnscope::Trace& trace) {
    QStringList parts;
    if (!trace.causal)
        parts << QCoreApplication::translate("render::NotedFigure", "bidirectional attention (no causal mask)");
    if (!trace.ablated.empty()) {
        QStringList heads;
        for (const attnscope::HeadRef& h : trace.ablated)
            heads << QCoreApplication::translate("render::NotedFigure", "L%1 H%2").arg(h.layer).arg(h.head);
        parts << QCoreApplication::translate("render::NotedFigure", "ablated: %1").arg(heads.join(QStringLiteral(", ")));
    }
    if (!trace.knockout.empty()) {
        // In the --knockout syntax: layer.head:query>key, * for every one.
        QStringList edges;
        for (const attnscope::Knockout& k : trace.knockout) edges << QString::fromStdString(attnscope::format_knockout(k));
        parts << QCoreApplication::translate("render::NotedFigure", "knocked out: %1").arg(edges.join(QStringLiteral(", ")));
    }
    return parts.join(QStringLiteral(" · "));
}

NotedFigure::NotedFigure(std::unique_ptr<Figure> inner, QString note, Style style)
    : inner_(std::move(inner)), note_(std::move(note)), style_(std::move(style)) {}

double NotedFigure::noteHeight() const { return QFontMetricsF(scaledFont(style_.font, 0.9)).height() * 1.6; }

QSizeF NotedFigure::naturalSize() const {
    const QSizeF s = inner_->naturalSize();
    return {s.width(), s.height() + noteHeight()};
}

void NotedFigure::paint(QPainter& p, const QRectF& area) const {
    const double h = std::min(noteHeight(), area.height() / 4);
    inner_->paint(p, QRectF(area.left(), area.top(), area.width(), area.height() - h));
    const QRectF band(area.left(), area.bottom() - h, area.width(), h);
    p.fillRect(band, style_.background);
    p.save();
    QFont f = scaledFont(style_.font, 0.9);
    f.setItalic(true);
    p.setFont(f);
    p.setPen(style_.text);
    const QString text = QFontMetricsF(f).elidedText(note_, Qt::ElideRight, band.width() - 12);
    p.drawText(band.adjusted(6, 0, -6, 0), Qt::AlignLeft | Qt::AlignVCenter, text);
    p.restore();
}

std::unique_ptr<Figure> withRunNote(std::unique_ptr<Figure> fig, const attnscope::Trace& trace, const Style& style) {
    const QString note = runNote(trace);
    if (note.isEmpty()) return fig;
    return std::make_unique<NotedFigure>(std::move(fig), note, style);
}

}  // namespace render
