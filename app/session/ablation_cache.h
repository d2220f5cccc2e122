#pragma once
// The ablation scan of a trace's text, shared by the GUI (which runs it on a
// worker with progress and remembers it here) and the view registry's
// figure and data (which reuse it, or run it when it is not remembered, as
// the CLI does). The scan is of the model as trained on the trace's tokens and
// mask: heads the trace itself ablated are not ablated in it.
#include <optional>

#include "attnscope/ablation.h"
#include "attnscope/trace.h"

namespace session {

// The remembered scan for `trace`'s weights, tokens and mask, if any.
std::optional<attnscope::AblationScan> cachedAblationScan(const attnscope::Trace& trace);
// Remembers `scan` as the one of `trace` (one scan is kept).
void rememberAblationScan(const attnscope::Trace& trace, attnscope::AblationScan scan);
// The remembered scan, or a new one (remembered). Throws Error(InvalidArgument)
// when the trace's weights are gone or it has fewer than two tokens, and what
// ablation_scan throws (Error(Cancelled) when `progress` stops it).
attnscope::AblationScan ablationScanFor(const attnscope::Trace& trace, const attnscope::Progress& progress = {});

}  // namespace session
