#include "gui/common/errors.h"

#include <QCoreApplication>

namespace {


QString headline(attnscope::ErrorCode code) {
    using attnscope::ErrorCode;
    switch (code) {
    case ErrorCode::InvalidArgument: return QCoreApplication::translate("Errors", "The input is not valid.");
    case ErrorCode::Io: return QCoreApplication::translate("Errors", "The file could not be read or written.");
    case ErrorCode::UnknownFormat: return QCoreApplication::translate("Errors", "This is not a model format AttnScope can read.");
    case ErrorCode::BadFormat: return QCoreApplication::translate("Errors", "The file is damaged or inconsistent.");
    case ErrorCode::Truncated: return QCoreApplication::translate("Errors", "The file is truncated.");
    case ErrorCode::UnsupportedDType: return QCoreApplication::translate("Errors", "The file stores numbers in a type AttnScope cannot read.");
    case ErrorCode::ShapeMismatch: return QCoreApplication::translate("Errors", "A tensor in the file has the wrong shape for this model.");
    case ErrorCode::MissingTensor: return QCoreApplication::translate("Errors", "A tensor the model needs is missing from the file.");
    case ErrorCode::UnexpectedTensor: return QCoreApplication::translate("Errors", "The file holds a tensor this model does not use.");
    case ErrorCode::DuplicateTensor: return QCoreApplication::translate("Errors", "The file names the same tensor twice.");
    case ErrorCode::TooLarge: return QCoreApplication::translate("Errors", "The file asks for more memory than any model needs; it was not loaded.");
    case ErrorCode::Forbidden: return QCoreApplication::translate("Errors", "The checkpoint tries to run code; AttnScope never runs code from files.");
    case ErrorCode::ContextOverflow: return QCoreApplication::translate("Errors", "The text is longer than the model's context.");
    case ErrorCode::EmptyInput: return QCoreApplication::translate("Errors", "There is nothing to run: type some text.");
    case ErrorCode::InvalidUtf8: return QCoreApplication::translate("Errors", "The text is not valid UTF-8.");
    case ErrorCode::TokenizerMissing: return QCoreApplication::translate("Errors", "No tokenizer was found for this model.");
    case ErrorCode::BadTokenizer: return QCoreApplication::translate("Errors", "The tokenizer file could not be read; the model itself is fine.");
    case ErrorCode::Cancelled: return QCoreApplication::translate("Errors", "The run was cancelled.");
    case ErrorCode::TooMuchWork: return QCoreApplication::translate("Errors", "This would take far too long to compute for a text this long.");
    }
    return QCoreApplication::translate("Errors", "Something went wrong.");
}

}  // namespace

QString describeError(const attnscope::Error& e) {
    return headline(e.code()) + QLatin1Char('\n') + QString::fromUtf8(e.what());
}

QString describeError(const std::exception& e) {
    if (const auto* ae = dynamic_cast<const attnscope::Error*>(&e)) return describeError(*ae);
    return QCoreApplication::translate("Errors", "Something went wrong.") + QLatin1Char('\n') + QString::fromUtf8(e.what());
}
