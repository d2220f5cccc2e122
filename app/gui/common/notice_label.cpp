#include "gui/common/notice_label.h"

#include <QEvent>
#include <QResizeEvent>

NoticeLabel::NoticeLabel(QWidget* parent) : QLabel(parent) {
    setTextFormat(Qt::RichText);
    setMinimumWidth(0);  // one line of any length must not widen the dock
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    connect(this, &QLabel::linkActivated, this, [this](const QString& link) { setExpanded(link == QLatin1String("more")); });
}

void NoticeLabel::setFullText(const QString& text) {
    if (text == full_) return;  // the same notice after every key: nothing moves
    full_ = text;
    expanded_ = false;
    setToolTip(text);
    setAccessibleDescription(text);
    relayout();
}

void NoticeLabel::setExpanded(bool on) {
    expanded_ = on;
    relayout();
}

void NoticeLabel::resizeEvent(QResizeEvent* e) {
    QLabel::resizeEvent(e);
    if (!expanded_) relayout();
}

void NoticeLabel::changeEvent(QEvent* e) {
    QLabel::changeEvent(e);
    if (e->type() == QEvent::FontChange || e->type() == QEvent::LanguageChange) relayout();
}

void NoticeLabel::relayout() {
    const QString more = tr("Details"), less = tr("Less");
    const auto link = [](const QString& href, const QString& text) {
        return QStringLiteral(" <a href=\"%1\">%2</a>").arg(href, text.toHtmlEscaped());
    };
    if (expanded_) {
        cut_ = false;
        setWordWrap(true);
        setText(full_.toHtmlEscaped() + link(QStringLiteral("less"), less));
        return;
    }
    setWordWrap(false);
    const QFontMetrics fm(font());
    const int room = std::max(0, contentsRect().width());
    cut_ = fm.horizontalAdvance(full_) > room;
    if (!cut_) {
        setText(full_.toHtmlEscaped());
        return;
    }
    const int linkW = fm.horizontalAdvance(QLatin1Char(' ') + more) + 2;
    setText(fm.elidedText(full_, Qt::ElideRight, std::max(0, room - linkW)).toHtmlEscaped() + link(QStringLiteral("more"), more));
}
