#pragma once
// An inert unpickler for the data.pkl that torch.save writes. It builds plain
// data (None, bool, int, float, str, bytes, list, tuple, dict, set) and the
// objects a checkpoint needs: OrderedDict, torch.Size, storages (by persistent
// id) and tensors (torch._utils._rebuild_tensor_v2, nn.Parameter). Any other
// call, whatever it names (os.system as much as argparse.Namespace), becomes an
// Inert placeholder that records the name, the arguments and the state, and is
// never run: nothing from the file is ever executed, and a file is never
// refused for holding objects AttnScope does not know. Pickle::not_run lists
// them. Storages are only referenced (key, dtype, element count); their bytes
// stay in the archive.
//
// Hostile input is bounded: stack size, mark depth, nesting depth, memo size,
// object and element counts are capped, every length is checked against the
// bytes that remain, and every tensor's size, stride and offset must lie
// inside its storage.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "formats/pickle_objects.h"

namespace attnscope {

// Unpickles `bytes`; `origin` ("model.pt: pickle 'archive/data.pkl'") opens every
// error message. Throws Error(Truncated) when the bytes end early,
// Error(TooLarge) past a limit and Error(BadFormat) for anything inconsistent.
Pickle unpickle(std::span<const std::byte> bytes, const std::string& origin,
                const PickleLimits& limits = {});

}  // namespace attnscope
