#pragma once
// `attnscope-cli bench --model PATH (--text-file F | --tokens N) [--edit append|middle]
// [--threads N] [--repeat R] --json`: full and after-edit run times on any model.
#include "cli/args.h"

namespace cli {

int bench_model(const Args& args);

}  // namespace cli
