"""A training checkpoint → committed weights: float16 tensors, config and step state, no optimizer.
`--cfg key=value` sets a config field the training run did not record (an integer).
Run: /usr/bin/python3 -m training.release training/work/runs/pocket-v3/checkpoint.pt training/checkpoints/pocket-v3.pt
     (--cfg mem_rows=3 was for formula runs made before the config recorded it)
"""
import argparse

import torch


def release(src, dst, cfg_set=None):
    ck = torch.load(src)
    weights = {k: v.half() if v.is_floating_point() else v for k, v in ck["model"].items()}
    cfg = {**ck["cfg"], **(cfg_set or {})}
    torch.save({"model": weights, "cfg": cfg, "state": ck.get("state", {})}, dst)
    print(f"{dst}: {len(weights)} tensors, cfg {cfg}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    ap.add_argument("dst")
    ap.add_argument("--cfg", action="append", default=[], metavar="KEY=VALUE")
    args = ap.parse_args()
    release(args.src, args.dst, {k: int(v) for k, v in (a.split("=", 1) for a in args.cfg)})
