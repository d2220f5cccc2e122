#pragma once
// `attnscope-cli bench --model PATH (--text-file F | --tokens N) [--edit append|middle]
// [--threads N] [--repeat R] --json`: full and after-edit run times on any model.
#include <vector>

#include "attnscope/run/model.h"
#include "cli/args.h"

namespace cli {

int bench_model(const Args& args);

// bench --attribution (bench_attribution.cpp): the attribution methods
// against the forward pass, on `ids`.
int bench_attribution(const Args& args, const attnscope::Model& model, const std::vector<int>& ids, int threads,
                      int reps);

// bench --generate N (bench_generate.cpp): greedy generation after `prompt`.
int bench_generate(const Args& args, const attnscope::Model& model, const std::vector<int>& prompt, int threads);

}  // namespace cli
