"""Two released checkpoints of one model shape → their weighted mean (a weight-space ensemble: a fine-tune
averaged with the weights it started from keeps much of what it learned and forgets less of the rest).

    /usr/bin/python3 -m training.soup A.pt B.pt OUT.pt [--b-share 0.5]
"""
import argparse

import torch


def soup(a_path, b_path, dst, b_share=0.5):
    a, b = torch.load(a_path), torch.load(b_path)
    if a["cfg"] != b["cfg"] or a["model"].keys() != b["model"].keys():
        raise SystemExit(f"{a_path} and {b_path} are not the same model: {a['cfg']} / {b['cfg']}")
    mean = {k: ((1 - b_share) * v.float() + b_share * b["model"][k].float()).half() if v.is_floating_point() else v
            for k, v in a["model"].items()}
    torch.save({"model": mean, "cfg": a["cfg"], "state": {"soup": [[a_path, 1 - b_share], [b_path, b_share]]}}, dst)
    print(f"{dst}: {len(mean)} tensors, {1 - b_share:g} × {a_path} + {b_share:g} × {b_path}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("dst")
    ap.add_argument("--b-share", type=float, default=0.5)
    args = ap.parse_args()
    soup(args.a, args.b, args.dst, args.b_share)
