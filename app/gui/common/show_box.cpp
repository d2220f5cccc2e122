#include "gui/common/show_box.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QLabel>
#include <QStandardItemModel>

namespace showbox {

QString normsText() { return QCoreApplication::translate("ShowBox", "Value-weighted norms"); }

QString normsToolTip() {
    return QCoreApplication::translate(
        "ShowBox",
        "Value-weighted norms ‖α·v W_O‖ (Kobayashi et al., 2020): each weight times the size of what its key's "
        "value sends through the head's output projection. A large weight on a key whose value is near zero "
        "moves nothing.");
}

Labelled weightsOrNorms(QWidget* parent) {
    auto* label = new QLabel(QCoreApplication::translate("ShowBox", "&Show:"), parent);
    auto* box = new QComboBox(parent);
    label->setBuddy(box);
    box->addItem(QCoreApplication::translate("ShowBox", "Attention weights"),
                 int(render::MatrixKind::Weights));
    addNorms(box);
    box->setToolTip(QCoreApplication::translate("ShowBox", "Softmax weights, or the value-weighted norms ‖α·v W_O‖"));
    box->setAccessibleName(QCoreApplication::translate("ShowBox", "Show"));
    box->setAccessibleDescription(box->toolTip());
    return {label, box};
}

void addNorms(QComboBox* box) {
    box->addItem(normsText(), int(render::MatrixKind::Norms));
    box->setItemData(box->count() - 1, normsToolTip(), Qt::ToolTipRole);
}

render::MatrixKind drawable(render::MatrixKind kind, bool imported) {
    return imported && (kind == render::MatrixKind::Scores || kind == render::MatrixKind::Norms)
               ? render::MatrixKind::Weights
               : kind;
}

render::MatrixKind drawable(const QComboBox* box, const attnscope::Trace* trace) {
    return drawable(render::MatrixKind(box->currentData().toInt()), trace && trace->imported);
}

bool allowModelKinds(QComboBox* box, bool allowed, const QString& whyNot) {
    auto* items = qobject_cast<QStandardItemModel*>(box->model());
    if (!items) return false;
    for (const render::MatrixKind k : {render::MatrixKind::Scores, render::MatrixKind::Norms}) {
        QStandardItem* it = items->item(box->findData(int(k)));
        if (!it) continue;
        it->setEnabled(allowed);
        it->setToolTip(!allowed ? whyNot : k == render::MatrixKind::Norms ? normsToolTip() : QString());
    }
    const render::MatrixKind shown = render::MatrixKind(box->currentData().toInt());
    if (allowed || drawable(shown, true) == shown) return false;
    box->setCurrentIndex(box->findData(int(render::MatrixKind::Weights)));
    return true;
}

}  // namespace showbox
