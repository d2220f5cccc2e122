#pragma once
// Shared helpers for AttnScope's Qt Test executables.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>
#include <QString>

#include <cmath>
#include <functional>
#include <optional>
#include <string>

#include "attnscope/common/error.h"
#include "attnscope/formats/json.h"
#include "attnscope/common/tensor.h"

namespace testutil {

inline QString fixtures(const QString& sub = {}) {
    return QDir(QStringLiteral(ATTNSCOPE_FIXTURES)).filePath(sub);
}

inline QString sharedData(const QString& sub = {}) {
    const QByteArray env = qgetenv("ATTNSCOPE_SHARED_DATA");
    const QString root = env.isEmpty() ? QStringLiteral(ATTNSCOPE_SHARED_DATA) : QString::fromLocal8Bit(env);
    return QDir(root).filePath(sub);
}

inline std::string str(const QString& s) { return s.toStdString(); }

// The attnscope::Error that f() throws, or nothing.
inline std::optional<attnscope::Error> errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const attnscope::Error& e) {
        return e;
    }
    return std::nullopt;
}

// Writes `data` to `path`, making its folder first.
inline bool writeFile(const QString& path, const QByteArray& data) {
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

// One run of attnscope-cli: exit status (-1 on a crash or timeout) and output.
struct Run {
    int status = -1;
    QString out, err;
};

inline Run cli(const QStringList& args, const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment()) {
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(ATTNSCOPE_CLI), args);
    Run r;
    if (!p.waitForFinished(180000)) return r;
    r.status = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

// Largest |a - b| over n floats, treating equal infinities as equal and an
// infinity against a finite value as a mismatch. `report` lists the first few
// mismatches above `tol` as "[index] got vs expected".
inline double maxAbsDiff(const float* got, const float* want, int64_t n, double tol,
                         QString* report = nullptr) {
    double worst = 0;
    int shown = 0;
    for (int64_t i = 0; i < n; ++i) {
        double d;
        if (std::isinf(got[i]) || std::isinf(want[i]))
            d = (got[i] == want[i]) ? 0.0 : INFINITY;
        else
            d = std::fabs(double(got[i]) - double(want[i]));
        if (std::isnan(got[i]) || std::isnan(want[i])) d = INFINITY;
        if (d > worst) worst = d;
        if (d > tol && report && shown < 5) {
            *report += QStringLiteral("[%1] %2 vs %3; ").arg(i).arg(got[i]).arg(want[i]);
            ++shown;
        }
    }
    return worst;
}

}  // namespace testutil
