"""Minimal safetensors reader/writer on numpy (the `safetensors` package is not installed here).

Format: u64 little-endian header length, a JSON header {name: {dtype, shape, data_offsets}}, raw bytes.
BF16 is widened to float32 by shifting its 16 bits into the high half of a float32.
"""
import json
import struct

import numpy as np

_DTYPES = {"F32": np.float32, "F16": np.float16, "I64": np.int64, "I32": np.int32, "U8": np.uint8,
           "I8": np.int8, "BOOL": np.bool_, "F64": np.float64}


def read_safetensors(path):
    with open(path, "rb") as f:
        (n,) = struct.unpack("<Q", f.read(8))
        header = json.loads(f.read(n))
        base = 8 + n
        out = {}
        for name, info in header.items():
            if name == "__metadata__":
                continue
            start, end = info["data_offsets"]
            f.seek(base + start)
            raw = f.read(end - start)
            dt = info["dtype"]
            if dt == "BF16":
                arr = (np.frombuffer(raw, dtype="<u2").astype(np.uint32) << 16).view(np.float32)
            elif dt in _DTYPES:
                arr = np.frombuffer(raw, dtype=np.dtype(_DTYPES[dt]).newbyteorder("<")).astype(_DTYPES[dt])
            else:
                raise ValueError(f"{path}: tensor {name} has unsupported dtype {dt}")
            out[name] = arr.reshape(info["shape"])
    return out


def write_safetensors(path, tensors, dtypes=None):
    """`dtypes` names a stored dtype per tensor where numpy has none (BF16 given as uint16 bits)."""
    names = {np.dtype(v): k for k, v in _DTYPES.items()}
    header, blobs, offset = {}, [], 0
    for name in sorted(tensors):
        a = np.ascontiguousarray(tensors[name])
        raw = a.astype(a.dtype.newbyteorder("<")).tobytes()
        header[name] = {"dtype": (dtypes or {}).get(name) or names[a.dtype], "shape": list(a.shape), "data_offsets": [offset, offset + len(raw)]}
        blobs.append(raw)
        offset += len(raw)
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * ((8 - len(text) % 8) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for b in blobs:
            f.write(b)
