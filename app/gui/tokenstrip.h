#pragma once
// One chip per token, whitespace made visible; hover shows the id, a click
// selects the token as the query.
#include <QWidget>
#include <vector>

#include "workspace.h"

class TokenStrip : public QWidget {
    Q_OBJECT
public:
    explicit TokenStrip(Workspace* ws, QWidget* parent = nullptr);

    int chipCount() const { return int(chips_.size()); }
    QRect chipRect(int i) const { return chips_.at(size_t(i)); }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int w) const override;
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent* e) override;
    void resizeEvent(QResizeEvent*) override;
    bool event(QEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;

private:
    int layoutChips(int width, std::vector<QRect>* out) const;
    void relayout();
    int chipAt(const QPoint& pos) const;
    Workspace* ws_;
    std::vector<QRect> chips_;
};
