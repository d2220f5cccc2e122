#include "exportdialog.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QMessageBox>
#include <QPainter>
#include <QVBoxLayout>

#include "traceview.h"
#include "viewsettings.h"
#include "workspace.h"

ExportDialog::ExportDialog(Workspace* ws, ViewSettings* settings, TraceView* view, QWidget* parent)
    : QDialog(parent), ws_(ws), settings_(settings), view_(view) {
    setWindowTitle(tr("Export"));
    auto* lay = new QVBoxLayout(this);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    lay->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export figure"), {}, tr("PNG image (*.png)"));
        if (path.isEmpty()) return;
        render::Style style = settings_->style();
        style.background = Qt::white;
        style.text = QColor(20, 20, 20);
        const auto fig = view_->makeFigure(style);
        const double scale = 300.0 / 96.0;
        QImage img((fig->naturalSize() * scale).toSize(), QImage::Format_RGB32);
        img.fill(Qt::white);
        QPainter p(&img);
        p.scale(scale, scale);
        fig->paint(p, QRectF(QPointF(), fig->naturalSize()));
        p.end();
        if (!img.save(path)) QMessageBox::warning(this, tr("Export"), tr("Cannot write “%1”.").arg(path));
        accept();
    });
}
