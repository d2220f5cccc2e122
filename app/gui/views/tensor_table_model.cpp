#include "gui/views/tensor_table_model.h"

#include <QLocale>
#include <cmath>

TensorTableModel::TensorTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void TensorTableModel::setMatrix(attnscope::MatrixRM values, QStringList rowLabels, QStringList colLabels) {
    beginResetModel();
    values_ = std::move(values);
    rowLabels_ = std::move(rowLabels);
    colLabels_ = std::move(colLabels);
    endResetModel();
}

int TensorTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(values_.rows());
}

int TensorTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(values_.cols());
}

QVariant TensorTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= values_.rows() || index.column() >= values_.cols()) return {};
    const float v = values_(index.row(), index.column());
    switch (role) {
    case Qt::DisplayRole:
        if (std::isinf(v)) return v < 0 ? QStringLiteral("−∞") : QStringLiteral("∞");
        return QLocale().toString(double(v), 'f', 4);
    case Qt::ToolTipRole: return QLocale().toString(double(v), 'g', 9);
    case Qt::TextAlignmentRole: return int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::UserRole: return double(v);
    default: return {};
    }
}

QVariant TensorTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole || section < 0) return {};
    if (orientation == Qt::Horizontal) {
        if (section >= values_.cols()) return {};
        return section < colLabels_.size() ? QStringLiteral("%1 %2").arg(section).arg(colLabels_[section]) : QVariant(section);
    }
    if (section >= values_.rows()) return {};
    return section < rowLabels_.size() ? QStringLiteral("%1 %2").arg(section).arg(rowLabels_[section])
                                       : QVariant(section);
}
