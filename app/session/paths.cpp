#include "session/paths.h"

#include <QDir>
#include <QFileInfo>

namespace session {

QString executableDir() {
    const QFileInfo exe(QStringLiteral("/proc/self/exe"));
    return QFileInfo(exe.canonicalFilePath()).absolutePath();
}

QString resourcePath(const QString& relative) {
    const QDir bin(executableDir());
    for (const char* up : {"..", "../.."}) {
        const QString candidate =
            QDir::cleanPath(bin.filePath(QString::fromLatin1(up) + QStringLiteral("/share/attnscope/") + relative));
        if (QFileInfo::exists(candidate)) return QFileInfo(candidate).absoluteFilePath();
    }
    return {};
}

}  // namespace session
