#pragma once
// The one selection all views share.
#include <QMetaType>

struct Selection {
    int layer = 0;
    int head = 0;
    int query = -1;  // token index, -1: none
    int key = -1;
    bool operator==(const Selection&) const = default;
    // The layer and head exist in a trace (or model) of this shape.
    bool headIn(int n_layer, int n_head) const { return layer >= 0 && head >= 0 && layer < n_layer && head < n_head; }
};
Q_DECLARE_METATYPE(Selection)
