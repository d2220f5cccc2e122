#include "gui/workspace/text_file.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <string_view>

#include "attnscope/common/error.h"
#include "attnscope/common/file_io.h"
#include "attnscope/tokenizers/tokenizer.h"
#include "session/textbytes.h"

namespace {

// The editor holds line ends as line feeds: a file's carriage returns (CR LF
// or CR alone) are not in the text the model runs on, which is said.
TextFile withLineEndNotice(TextFile r, const QString& name) {
    if (!r.text.contains(QLatin1Char('\r'))) return r;
    const QString note = QCoreApplication::translate(
                             "MainWindow", "“%1” has carriage-return line ends (CR LF or CR); the editor holds them as line feeds.")
                             .arg(name);
    r.notice = r.notice.isEmpty() ? note : r.notice + QLatin1Char(' ') + note;
    return r;
}

}  // namespace

TextFile readTextFile(const QString& path) {
    constexpr qint64 kMaxTextBytes = attnscope::kMaxTextFileBytes;
    TextFile r;
    // Only a regular file: opening a FIFO would block the window forever.
    std::string data;
    try {
        data = attnscope::read_regular_file(QFile::encodeName(path).toStdString(), kMaxTextBytes, "text file");
    } catch (const attnscope::Error& e) {
        if (e.code() == attnscope::ErrorCode::TooLarge && e.args().size() >= 2) {
            r.problem = QCoreApplication::translate("MainWindow",
                                                    "“%1” is %2 MB; AttnScope opens texts up to 16 MB (a model sees at most its "
                                                    "context anyway).")
                            .arg(path)
                            .arg(std::stoll(e.args()[1]) >> 20);
        } else {
            r.problem = QCoreApplication::translate("MainWindow", "“%1” cannot be read: %2").arg(path, QString::fromUtf8(e.what()));
        }
        return r;
    }
    const QByteArray bytes = QByteArray::fromStdString(data);
    const QString name = QFileInfo(path).fileName();
    if (const auto marked = session::decodeByByteOrderMark(bytes)) {
        r.text = marked->text;
        if (marked->invalid)
            r.notice = QCoreApplication::translate("MainWindow", "“%1” is not valid %2; invalid characters were replaced by �.")
                           .arg(name, marked->encoding);
        return withLineEndNotice(r, name);
    }
    const std::string_view view(bytes.constData(), size_t(bytes.size()));
    const size_t bad = attnscope::find_invalid_utf8(view);
    if (bad == std::string_view::npos) {
        r.text = QString::fromUtf8(bytes);
    } else {
        r.text = QString::fromStdString(attnscope::sanitize_utf8(view));
        r.notice = QCoreApplication::translate(
                       "MainWindow", "“%1” is not valid UTF-8 (first bad byte at offset %2); invalid bytes were replaced by �.")
                       .arg(name)
                       .arg(qulonglong(bad));
    }
    return withLineEndNotice(r, name);
}
