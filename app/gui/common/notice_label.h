#pragma once
// The notice under the text (a cropped text, a run past its memory budgets,
// characters left out): one line, ending in "…" and a Details link when the
// whole does not fit; Details shows it all, wrapped, and Less folds it again.
// A notice of three wrapped lines took most of the text area at 1,000 tokens.
#include <QLabel>

class NoticeLabel : public QLabel {
    Q_OBJECT
public:
    explicit NoticeLabel(QWidget* parent = nullptr);
    void setFullText(const QString& text);
    const QString& fullText() const { return full_; }
    bool isExpanded() const { return expanded_; }
    // True when the one line shows less than the whole (and a Details link).
    bool isCut() const { return cut_; }
    void setExpanded(bool on);

protected:
    void resizeEvent(QResizeEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    void relayout();
    QString full_;
    bool expanded_ = false, cut_ = false;
};
