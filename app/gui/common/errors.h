#pragma once
// Core errors in the user's language: a translated sentence for the kind of
// problem, then the core's precise detail (file, tensor, shapes, offsets).
#include <QString>

#include "attnscope/common/error.h"

QString describeError(const attnscope::Error& e);
QString describeError(const std::exception& e);
