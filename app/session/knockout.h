#pragma once
// Attention knockouts as text, the one syntax of the CLI's --knockout, the
// app's --knockout and the status bar: `L.H:Q>K`, where L, H and Q are numbers
// or `*` (every layer, head, query) and K is a key position. `*.*:*>5` blocks
// every edge into key 5; `2.*:9>4` the edge 9 -> 4 in every head of layer 2.
// Several are joined by commas. attnscope::format_knockout (the core's
// run/trace.h, which the figures' run note uses too) writes one.
#include <stdexcept>
#include <string>
#include <vector>

#include "attnscope/run/trace.h"

namespace session {

// A spec that does not parse or is out of range; what() names it.
struct KnockoutSpecError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

// "L.H:Q>K[,L.H:Q>K...]" -> knockouts, in order; throws KnockoutSpecError
// naming the first bad spec.
std::vector<attnscope::Knockout> parseKnockouts(const std::string& text);
// Throws KnockoutSpecError naming the first knockout outside a run of
// `tokens` tokens on `config` (attnscope::knockout_out_of_range, the check
// Model::run makes, worded as a spec).
void checkKnockouts(const std::vector<attnscope::Knockout>& knockouts, const attnscope::ModelConfig& config,
                    int tokens);

}  // namespace session
