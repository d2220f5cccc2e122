"""Minimal safetensors writer and reader (numpy only), so that no extra Python
package is needed to make fixtures. Format: u64 little-endian header length,
a JSON header {name: {dtype, shape, data_offsets}, "__metadata__": {str: str}},
then the raw little-endian tensor bytes."""
import json
import struct

import numpy as np

_DTYPES = {np.dtype("float32"): "F32", np.dtype("float16"): "F16", np.dtype("int32"): "I32",
           np.dtype("int64"): "I64"}
_NP = {v: k for k, v in _DTYPES.items()}


def save(path, tensors, metadata=None, bf16=()):
    """tensors: {name: np.ndarray or torch.Tensor}. Names listed in `bf16` are
    stored as BF16 (the top half of each float32, round to nearest even)."""
    header = {}
    blobs = []
    offset = 0
    for name in sorted(tensors):
        a = tensors[name]
        if hasattr(a, "detach"):
            a = a.detach().cpu().numpy()
        a = np.ascontiguousarray(a)
        if name in bf16:
            u = a.astype(np.float32).view(np.uint32).astype(np.uint64)
            u = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
            raw, dtype = u.tobytes(), "BF16"
        else:
            raw, dtype = a.tobytes(), _DTYPES[a.dtype]
        header[name] = {"dtype": dtype, "shape": list(a.shape),
                        "data_offsets": [offset, offset + len(raw)]}
        blobs.append(raw)
        offset += len(raw)
    if metadata:
        header["__metadata__"] = {k: (v if isinstance(v, str) else json.dumps(v))
                                  for k, v in metadata.items()}
    hdr = json.dumps(header, separators=(",", ":")).encode()
    hdr += b" " * ((8 - len(hdr) % 8) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(hdr)))
        f.write(hdr)
        for raw in blobs:
            f.write(raw)


def load(path):
    """Returns ({name: np.ndarray}, metadata dict)."""
    with open(path, "rb") as f:
        data = f.read()
    n = struct.unpack("<Q", data[:8])[0]
    header = json.loads(data[8:8 + n])
    meta = header.pop("__metadata__", {})
    base = 8 + n
    out = {}
    for name, info in header.items():
        b, e = info["data_offsets"]
        raw = data[base + b:base + e]
        if info["dtype"] == "BF16":
            u = np.frombuffer(raw, dtype=np.uint16).astype(np.uint32) << 16
            arr = u.view(np.float32)
        else:
            arr = np.frombuffer(raw, dtype=_NP[info["dtype"]])
        out[name] = arr.reshape(info["shape"])
    return out, meta
