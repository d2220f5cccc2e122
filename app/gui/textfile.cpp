#include "textfile.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <string_view>

#include "attnscope/tokenizer.h"

TextFile readTextFile(const QString& path) {
    constexpr qint64 kMaxTextBytes = qint64(16) << 20;
    TextFile r;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        r.problem = QCoreApplication::translate("MainWindow", "“%1” cannot be read: %2").arg(path, f.errorString());
        return r;
    }
    if (f.size() > kMaxTextBytes) {
        r.problem = QCoreApplication::translate("MainWindow",
                                                "“%1” is %2 MB; AttnScope opens texts up to 16 MB (a model sees at most its "
                                                "context anyway).")
                        .arg(path)
                        .arg(f.size() >> 20);
        return r;
    }
    const QByteArray bytes = f.readAll();
    const std::string_view view(bytes.constData(), size_t(bytes.size()));
    const size_t bad = attnscope::find_invalid_utf8(view);
    if (bad == std::string_view::npos) {
        r.text = QString::fromUtf8(bytes);
    } else {
        r.text = QString::fromStdString(attnscope::sanitize_utf8(view));
        r.notice = QCoreApplication::translate(
                       "MainWindow", "“%1” is not valid UTF-8 (first bad byte at offset %2); invalid bytes were replaced by �.")
                       .arg(QFileInfo(path).fileName())
                       .arg(qulonglong(bad));
    }
    return r;
}
