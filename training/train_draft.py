"""Retrains only the FastMTP draft block of a trained line recognizer, with a different draft shape.

The memory and decoder are frozen (so greedy text and the decoder graph stay byte for byte what they
were); the draft learns, recursively for K = 3 steps, to predict the decoder's own teacher-forced argmax
(self-distillation: what verification will accept). Draft weights present in both shapes start from the
checkpoint's. The learning rate follows elapsed time, so a run fits its budget; resumable.
Run: /usr/bin/python3 training/train_draft.py --init checkpoints/pocket-v1.pt --draft-mlp 0 --minutes 35
"""
import argparse
import os
import random
import time

import torch

from dataset import Features, collate, make_batches
from model import Config, Recognizer, causal_mask
from timed_run import save_checkpoint, timed_lr
from train import draft_losses, draft_tokens, own_argmax

DRAFT_PREFIX = "draft_"


@torch.no_grad()
def decoder_pass(model, batch):
    """Frozen part: hidden states and the decoder's own argmax at every teacher-forced position."""
    feats, memory_mask, steps, inp, tgt, lens = batch
    b, t = inp.shape
    mem = model.memory(feats, memory_mask)
    cross_kv, _ = model.memory_kv(mem)
    positions = torch.arange(t).unsqueeze(0).expand(b, t)
    empty = torch.zeros(2 * model.cfg.layers, b, model.cfg.heads, 0, model.cfg.head_dim)
    logits, hidden, _ = model.decode(inp, positions, causal_mask(lens, t), empty, cross_kv, memory_mask)
    target = own_argmax(tgt, logits)
    positions1 = torch.cat([positions, positions[:, -1:] + 1], 1)
    return mem, hidden, draft_tokens(inp, target), target, positions1, memory_mask


@torch.no_grad()
def acceptance(model, ds, rows):
    """Per draft step: share of positions where the recursive draft matches the decoder's argmax."""
    model.eval()
    hits, total = [0, 0, 0], [0, 0, 0]
    for i in range(0, len(rows), 16):
        mem, hidden, tokens, target, positions, memory_mask = decoder_pass(model, collate(ds, rows[i: i + 16]))
        kv = model.draft_memory_kv(mem)
        h, t = hidden, target.shape[1]
        ok = None
        for k in range(3):
            n = t - 1 - k
            if n <= 0:
                break
            logits, h = model.draft(h[:, :n], tokens[:, k + 1: k + 1 + n], positions[:, k + 1: k + 1 + n], kv, memory_mask)
            tgt = target[:, k + 1: k + 1 + n]
            right = logits.argmax(-1) == tgt
            ok = right if ok is None else ok[:, :n] & right  # step k counts only where steps < k were right
            valid = tgt >= 0
            hits[k] += int((ok & valid).sum())
            total[k] += int(valid.sum())
    model.train()
    return [h / max(1, n) for h, n in zip(hits, total)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "work"))
    ap.add_argument("--init", required=True, help="trained recognizer (its memory and decoder are kept)")
    ap.add_argument("--draft-mlp", type=int, default=0, help="draft MLP width as a multiple of dim (0 = none)")
    ap.add_argument("--minutes", type=float, default=35)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--batch-steps", type=int, default=1500)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--out", default="draft-checkpoint.pt", help="checkpoint in --work (resumed when present)")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    ckpt_path = os.path.join(args.work, args.out)

    init = torch.load(args.init)
    cfg = Config(**{**init["cfg"], "draft_mlp": args.draft_mlp})
    model = Recognizer(cfg)
    weights = {k: v.float() for k, v in init["model"].items()}
    mine = model.state_dict()
    missing, unexpected = model.load_state_dict({k: v for k, v in weights.items() if k in mine and v.shape == mine[k].shape}, strict=False)
    if any(not k.startswith(DRAFT_PREFIX) for k in missing):
        raise SystemExit(f"{args.init} does not fit: missing {missing}")
    print(f"draft weights started fresh: {missing or 'none'}", flush=True)
    for name, p in model.named_parameters():
        p.requires_grad = name.startswith(DRAFT_PREFIX)
    params = [p for p in model.parameters() if p.requires_grad]
    print(f"draft parameters {sum(p.numel() for p in params) / 1e6:.3f} M (draft_mlp {args.draft_mlp})", flush=True)
    opt = torch.optim.AdamW(params, lr=args.lr, weight_decay=0.01, betas=(0.9, 0.98))
    # the frozen weights this draft is trained for: a checkpoint of other weights is not resumed
    source = {"init": os.path.abspath(args.init), "step": init.get("state", {}).get("step")}
    state = {"step": 0, "seconds": 0.0, "epoch": 0, "batch": 0, "source": source}
    ck = torch.load(ckpt_path) if os.path.exists(ckpt_path) else None
    if ck and ck["state"].get("source") != source:
        print(f"{ckpt_path} was trained on other weights: starting over", flush=True)
    elif ck:
        model.load_state_dict(ck["model"])
        opt.load_state_dict(ck["opt"])
        state = ck["state"]
        print(f"resumed at step {state['step']}, {state['seconds'] / 60:.1f} min", flush=True)

    ds = Features(args.work, neck=cfg.neck_dim > 0)
    train_rows, eval_rows = ds.split("train"), ds.split("eval")
    probe = sorted(eval_rows, key=lambda r: r["steps"])[:: max(1, len(eval_rows) // 96)][:96]
    print(f"train lines {len(train_rows)}; acceptance at start {acceptance(model, ds, probe)}", flush=True)

    def save():
        save_checkpoint(ckpt_path, model, opt, state, cfg)

    budget = args.minutes * 60
    last_save = time.time()
    avg = None
    model.train()
    while state["seconds"] < budget:
        batches = make_batches(train_rows, args.batch_steps, random.Random(state["epoch"]))
        for bi, rows in enumerate(batches):
            if bi < state["batch"]:
                continue
            t0 = time.time()
            lr = timed_lr(args.lr, state, budget, warmup_steps=50)
            for g in opt.param_groups:
                g["lr"] = lr
            mem, hidden, tokens, target, positions, memory_mask = decoder_pass(model, collate(ds, rows))
            loss = draft_losses(model, hidden, tokens, target, model.draft_memory_kv(mem), memory_mask, positions)
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(params, 1.0)
            opt.step()
            state["step"] += 1
            state["batch"] = bi + 1
            state["seconds"] += time.time() - t0
            avg = loss.item() if avg is None else 0.95 * avg + 0.05 * loss.item()
            if state["step"] % 20 == 0:
                print(f"step {state['step']} {state['seconds'] / 60:.1f}/{args.minutes:.0f} min lr {lr:.2e} draft {avg:.4f} "
                      f"({len(rows)} lines, {time.time() - t0:.2f} s)", flush=True)
            if time.time() - last_save > 180:
                save()
                last_save = time.time()
            if state["seconds"] >= budget:
                break
        else:
            state["epoch"] += 1
            state["batch"] = 0
    save()
    print(f"acceptance at end {acceptance(model, ds, probe)}", flush=True)
    print("training done", flush=True)


if __name__ == "__main__":
    main()
