#include "gui/common/frozen_columns_table.h"

#include <QHeaderView>
#include <QScrollBar>

FrozenColumnsTable::FrozenColumnsTable(int frozenColumns, QWidget* parent) : QTableView(parent), n_(frozenColumns) {
    frozen_ = new QTableView(this);
    frozen_->setObjectName(QStringLiteral("frozenColumns"));
    frozen_->setFocusPolicy(Qt::NoFocus);  // the keys go to the table, which moves the shared selection
    frozen_->verticalHeader()->hide();
    frozen_->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    frozen_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    frozen_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    frozen_->setFrameShape(QFrame::NoFrame);
    frozen_->setVerticalScrollMode(ScrollPerPixel);
    setVerticalScrollMode(ScrollPerPixel);
    setHorizontalScrollMode(ScrollPerPixel);
    viewport()->stackUnder(frozen_);
    // Widths and heights follow the table's; the two scroll as one.
    connect(horizontalHeader(), &QHeaderView::sectionResized, this, [this](int column, int, int size) {
        if (column < n_) {
            frozen_->setColumnWidth(column, size);
            placeFrozen();
        }
    });
    connect(verticalHeader(), &QHeaderView::sectionResized, this,
            [this](int row, int, int size) { frozen_->setRowHeight(row, size); });
    connect(frozen_->verticalScrollBar(), &QAbstractSlider::valueChanged, verticalScrollBar(), &QAbstractSlider::setValue);
    connect(verticalScrollBar(), &QAbstractSlider::valueChanged, frozen_->verticalScrollBar(), &QAbstractSlider::setValue);
    // A click on a frozen header sorts the table (and shows its indicator there).
    frozen_->horizontalHeader()->setSectionsClickable(true);
    connect(frozen_->horizontalHeader(), &QHeaderView::sectionClicked, this, [this](int column) {
        if (!isSortingEnabled()) return;
        const bool same = horizontalHeader()->sortIndicatorSection() == column;
        const Qt::SortOrder order =
            same && horizontalHeader()->sortIndicatorOrder() == Qt::AscendingOrder ? Qt::DescendingOrder : Qt::AscendingOrder;
        sortByColumn(column, order);
    });
    connect(horizontalHeader(), &QHeaderView::sortIndicatorChanged, this, [this](int column, Qt::SortOrder order) {
        frozen_->horizontalHeader()->setSortIndicatorShown(column < n_ && column >= 0);
        frozen_->horizontalHeader()->setSortIndicator(column, order);
    });
}

void FrozenColumnsTable::setModel(QAbstractItemModel* model) {
    QTableView::setModel(model);
    frozen_->setModel(model);
    frozen_->setSelectionModel(selectionModel());
    showOnlyFrozenColumns();
    if (model) {
        connect(model, &QAbstractItemModel::modelReset, this, &FrozenColumnsTable::showOnlyFrozenColumns);
        connect(model, &QAbstractItemModel::columnsInserted, this, &FrozenColumnsTable::showOnlyFrozenColumns);
        connect(model, &QAbstractItemModel::layoutChanged, this, &FrozenColumnsTable::showOnlyFrozenColumns);
    }
}

void FrozenColumnsTable::showOnlyFrozenColumns() {
    if (!model()) return;
    frozen_->setSelectionBehavior(selectionBehavior());
    frozen_->setAlternatingRowColors(alternatingRowColors());
    for (int c = 0; c < model()->columnCount(); ++c) {
        frozen_->setColumnHidden(c, c >= n_);
        if (c < n_) frozen_->setColumnWidth(c, columnWidth(c));
    }
    for (int r = 0; r < model()->rowCount(); ++r) frozen_->setRowHeight(r, rowHeight(r));
    frozen_->setVisible(model()->columnCount() > n_);
    placeFrozen();
}

int FrozenColumnsTable::frozenWidth() const {
    int w = 0;
    for (int c = 0; c < n_; ++c) w += columnWidth(c);
    return w;
}

void FrozenColumnsTable::placeFrozen() {
    const int left = verticalHeader()->isVisible() ? verticalHeader()->width() : 0;
    frozen_->setGeometry(frameWidth() + left, frameWidth(), frozenWidth(),
                         viewport()->height() + horizontalHeader()->height());
}

void FrozenColumnsTable::resizeEvent(QResizeEvent* e) {
    QTableView::resizeEvent(e);
    placeFrozen();
}

// Moving left onto a cell hidden under the frozen columns scrolls it out.
QModelIndex FrozenColumnsTable::moveCursor(CursorAction action, Qt::KeyboardModifiers modifiers) {
    const QModelIndex current = QTableView::moveCursor(action, modifiers);
    if (action == MoveLeft && current.column() >= n_ && visualRect(current).topLeft().x() < frozenWidth()) {
        const int by = visualRect(current).topLeft().x() - frozenWidth();
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() + by);
    }
    return current;
}

void FrozenColumnsTable::scrollTo(const QModelIndex& index, ScrollHint hint) {
    if (index.column() >= n_) {
        QTableView::scrollTo(index, hint);
        return;
    }
    // A frozen cell is always in view sideways: only its row needs scrolling to.
    const int x = horizontalScrollBar()->value();
    QTableView::scrollTo(index, hint);
    horizontalScrollBar()->setValue(x);
}
