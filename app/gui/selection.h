#pragma once
// The one selection all views share.
#include <QMetaType>

struct Selection {
    int layer = 0;
    int head = 0;
    int query = -1;  // token index, -1: none
    int key = -1;
    bool operator==(const Selection&) const = default;
};
Q_DECLARE_METATYPE(Selection)
