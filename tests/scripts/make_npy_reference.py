#!/usr/bin/python3
"""Reference .npy files for tests/tst_export.cpp: what numpy itself writes, so
AttnScope's NPY writer can be checked byte for byte (magic, version 1.0, the
header dict with its padding to 64 bytes, little-endian float32 values).

Run from the repository root with Debian's python3-numpy (1.24):
    /usr/bin/python3 tests/scripts/make_npy_reference.py

Writes tests/fixtures/export/:
  ref_1d.npy   shape (5,)          float32: 0, 1/3, -2.5, 1e-8, -inf
  ref_2d.npy   shape (3, 4)        float32: i / 7 - 0.5 (row-major i)
  ref_4d.npy   shape (2, 3, 4, 4)  float32: sin(i) (row-major i)
The values are chosen so that they are not exactly representable in decimal
(1/3, i/7, sin) and include a negative infinity (masked raw scores).
"""
import os

import numpy as np

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "export")


def main():
    os.makedirs(OUT, exist_ok=True)
    arrays = {
        "ref_1d": np.array([0.0, 1.0 / 3.0, -2.5, 1e-8, -np.inf], dtype=np.float32),
        "ref_2d": (np.arange(12, dtype=np.float64) / 7.0 - 0.5).astype(np.float32).reshape(3, 4),
        "ref_4d": np.sin(np.arange(96, dtype=np.float64)).astype(np.float32).reshape(2, 3, 4, 4),
    }
    for name, a in arrays.items():
        path = os.path.join(OUT, name + ".npy")
        np.save(path, a)
        back = np.load(path)
        assert back.dtype == np.dtype("<f4") and back.shape == a.shape
        assert np.array_equal(back, a)
        print(f"{path}: numpy {np.__version__}, shape {a.shape}, {os.path.getsize(path)} bytes")


if __name__ == "__main__":
    main()
