"""A training checkpoint → committed weights: float16 tensors, config and step state, no optimizer.
Run: /usr/bin/python3 training/release.py work/draft-slim.pt checkpoints/pocket-v2.pt
"""
import sys

import torch


def release(src, dst):
    ck = torch.load(src)
    weights = {k: v.half() if v.is_floating_point() else v for k, v in ck["model"].items()}
    torch.save({"model": weights, "cfg": ck["cfg"], "state": ck.get("state", {})}, dst)
    print(f"{dst}: {len(weights)} tensors, cfg {ck['cfg']}")


if __name__ == "__main__":
    release(sys.argv[1], sys.argv[2])
