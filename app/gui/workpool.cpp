#include "workpool.h"

#include <QCoreApplication>
#include <QThreadPool>

QThreadPool* workPool() {
    // As many threads as Qt's global pool has (one per logical core). Like
    // that pool, it is waited for when the application object goes, so no
    // job outlives it.
    static QThreadPool* pool = [] {
        static QThreadPool p;
        qAddPostRoutine([] { p.waitForDone(); });
        return &p;
    }();
    return pool;
}
