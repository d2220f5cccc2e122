#include "workpool.h"

#include <QThreadPool>

QThreadPool* workPool() {
    // As many threads as Qt's global pool has (one per logical core).
    static QThreadPool pool;
    return &pool;
}
