#pragma once
// The ablation scan of a trace's text, shared by the GUI (which runs it on a
// worker with progress and remembers it here) and the view registry's
// figure and data (which reuse it, or run it when it is not remembered, as
// the CLI does). The scan is of the model as trained on the trace's tokens and
// mask: heads the trace itself ablated are not ablated in it.
#include <cstdint>
#include <optional>

#include "attnscope/explain/ablation.h"
#include "attnscope/run/trace.h"

namespace session {

// The remembered scan for `trace`'s weights, tokens and mask, if any.
std::optional<attnscope::AblationScan> cachedAblationScan(const attnscope::Trace& trace);
// Remembers `scan` as the one of `trace` (one scan is kept).
void rememberAblationScan(const attnscope::Trace& trace, attnscope::AblationScan scan);
// The remembered scan, or a new one (remembered). Throws Error(InvalidArgument)
// when the trace's weights are gone or it has fewer than two tokens, or when
// no scan is remembered and the scan is larger than the on-demand limit (and
// `anySize` is false); and what ablation_scan throws (Error(Cancelled) when
// `progress` stops it).
attnscope::AblationScan ablationScanFor(const attnscope::Trace& trace, const attnscope::Progress& progress = {},
                                        bool anySize = false);

// The largest scan, in n_layer · n_head · T · n_embed, that ablationScanFor
// runs unasked. Unlimited by default (the CLI waits for it); the app sets a
// limit so that drawing the view for Export or the clipboard never runs a
// scan of minutes (GPT-2 small at 1,000 tokens) on the GUI thread: past it,
// the user runs the scan, with progress and cancel, from the Ablation view.
void setOnDemandScanLimit(int64_t work);

}  // namespace session
