#include "errors.h"

#include <QCoreApplication>

namespace {

QString tr(const char* s) { return QCoreApplication::translate("Errors", s); }

QString headline(attnscope::ErrorCode code) {
    using attnscope::ErrorCode;
    switch (code) {
    case ErrorCode::InvalidArgument: return tr("The input is not valid.");
    case ErrorCode::Io: return tr("The file could not be read or written.");
    case ErrorCode::UnknownFormat: return tr("This is not a model format AttnScope can read.");
    case ErrorCode::BadFormat: return tr("The file is damaged or inconsistent.");
    case ErrorCode::Truncated: return tr("The file is truncated.");
    case ErrorCode::UnsupportedDType: return tr("The file stores numbers in a type AttnScope cannot read.");
    case ErrorCode::ShapeMismatch: return tr("A tensor in the file has the wrong shape for this model.");
    case ErrorCode::MissingTensor: return tr("A tensor the model needs is missing from the file.");
    case ErrorCode::UnexpectedTensor: return tr("The file holds a tensor this model does not use.");
    case ErrorCode::DuplicateTensor: return tr("The file names the same tensor twice.");
    case ErrorCode::TooLarge: return tr("The file asks for more memory than any model needs; it was not loaded.");
    case ErrorCode::Forbidden: return tr("The checkpoint tries to run code; AttnScope never runs code from files.");
    case ErrorCode::ContextOverflow: return tr("The text is longer than the model's context.");
    case ErrorCode::EmptyInput: return tr("There is nothing to run: type some text.");
    case ErrorCode::InvalidUtf8: return tr("The text is not valid UTF-8.");
    case ErrorCode::TokenizerMissing: return tr("No tokenizer was found for this model.");
    case ErrorCode::Cancelled: return tr("The run was cancelled.");
    }
    return tr("Something went wrong.");
}

}  // namespace

QString describeError(const attnscope::Error& e) {
    return headline(e.code()) + QLatin1Char('\n') + QString::fromUtf8(e.what());
}

QString describeError(const std::exception& e) {
    if (const auto* ae = dynamic_cast<const attnscope::Error*>(&e)) return describeError(*ae);
    return tr("Something went wrong.") + QLatin1Char('\n') + QString::fromUtf8(e.what());
}
