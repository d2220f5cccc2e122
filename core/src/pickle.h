#pragma once
// A restricted unpickler for the data.pkl that torch.save writes. It builds
// plain data (None, bool, int, float, str, bytes, list, tuple, dict, set) and
// the few objects a checkpoint needs: OrderedDict, torch.Size, storages (by
// persistent id) and tensors (torch._utils._rebuild_tensor_v2). Any other
// global, and any call on anything else, is refused with Error(Forbidden)
// naming it; nothing from the file is ever executed. Storages are only
// referenced (key, dtype, element count); their bytes stay in the archive.
//
// Hostile input is bounded: stack size, mark depth, nesting depth, memo size,
// object and element counts are capped, every length is checked against the
// bytes that remain, and every tensor's size, stride and offset must lie
// inside its storage.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "pickle_objects.h"

namespace attnscope {

// Unpickles `bytes`; `origin` ("model.pt: pickle 'archive/data.pkl'") opens every
// error message. Throws Error(Forbidden) for any global or call outside the
// whitelist, Error(Truncated) when the bytes end early, Error(TooLarge) past a
// limit and Error(BadFormat) for anything else inconsistent.
Pickle unpickle(std::span<const std::byte> bytes, const std::string& origin,
                const PickleLimits& limits = {});

}  // namespace attnscope
