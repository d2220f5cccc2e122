#include "gui/dialogs/export_preview.h"

#include <QPainter>
#include <algorithm>

#include "gui/dialogs/export_dialog.h"
#include "render/export.h"

ExportPreview::ExportPreview(QWidget* parent) : QWidget(parent) {
    setMinimumSize(360, 300);
    setAccessibleName(ExportDialog::tr("Export preview"));
}

void ExportPreview::setFigure(const render::Figure* fig, QSizeF inches) {
    fig_ = fig;
    inches_ = inches;
    update();
}

void ExportPreview::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Window));
    if (!fig_ || inches_.isEmpty()) {
        p.drawText(rect(), Qt::AlignCenter, ExportDialog::tr("No figure yet."));
        return;
    }
    const QSizeF logical = inches_ * render::kLogicalDpi;
    const double s = std::min((width() - 16) / logical.width(), (height() - 16) / logical.height());
    const QSizeF shown = logical * s;
    const QPointF origin((width() - shown.width()) / 2, (height() - shown.height()) / 2);
    p.fillRect(QRectF(origin + QPointF(3, 3), shown), QColor(0, 0, 0, 40));  // a shadow: this is a page
    p.save();
    p.translate(origin);
    p.scale(s, s);
    p.setClipRect(QRectF(QPointF(), logical));
    fig_->paint(p, QRectF(QPointF(), logical));
    p.restore();
}
