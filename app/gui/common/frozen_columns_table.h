#pragma once
// A table whose first columns stay in place while the others scroll
// sideways: the head statistics keep their Layer and Head in view when a
// narrow dock scrolls to Induction or Labels. A second, borderless view of
// the same model and selection shows the frozen columns over the table's
// left edge; its column widths and row heights follow the table's, and the
// two scroll together.
#include <QTableView>

class FrozenColumnsTable : public QTableView {
    Q_OBJECT
public:
    FrozenColumnsTable(int frozenColumns, QWidget* parent = nullptr);
    void setModel(QAbstractItemModel* model) override;
    QTableView* frozenView() const { return frozen_; }
    int frozenColumns() const { return n_; }

protected:
    void resizeEvent(QResizeEvent* e) override;
    QModelIndex moveCursor(CursorAction action, Qt::KeyboardModifiers modifiers) override;
    void scrollTo(const QModelIndex& index, ScrollHint hint = EnsureVisible) override;

private:
    void placeFrozen();
    void showOnlyFrozenColumns();
    int frozenWidth() const;
    QTableView* frozen_;
    int n_;
};
