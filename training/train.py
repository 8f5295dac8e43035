"""Trains memory + decoder + FastMTP draft on cached PP-OCRv4 backbone features.

Losses: next-token cross-entropy (teacher forcing); CTC on the memory (alignment comes much faster
with it); the draft block applied recursively for K steps with weights 0.51/0.31/0.18, on the labels and
on the decoder's own teacher-forced argmax (self-distillation). The learning-rate schedule follows
elapsed training time, so a run fits its budget on any machine; checkpoints make it resumable.
Run: /usr/bin/python3 training/train.py --minutes 60
"""
import argparse
import json
import os
import random
import time

import torch
import torch.nn.functional as F

import charset
from dataset import Features, cer, collate, make_batches
from model import NECK_DIM, Config, Recognizer, causal_mask
from timed_run import save_checkpoint, timed_lr

DRAFT_WEIGHTS = [0.51, 0.31, 0.18]
GUIDED_LAYERS = 2  # decoder layers whose cross-attention is taught where the next character is


def ctc_spans(ctc_logits, steps, tgt, lens):
    """Memory steps of each label character from the CTC head's greedy path, for lines where that
    path reads exactly the label: [B,T,S] with 1 on each character's frames (±1), and a row mask."""
    best = ctc_logits.argmax(-1).numpy()
    b, t = tgt.shape
    s = best.shape[1]
    guide = torch.zeros(b, t, s)
    valid = torch.zeros(b, t)
    for i in range(b):
        chars, spans, prev = [], [], charset.PAD
        for k in range(int(steps[i])):
            c = int(best[i, k])
            if c != charset.PAD and c != prev:
                chars.append(c)
                spans.append([k, k])
            elif c != charset.PAD and c == prev:
                spans[-1][1] = k
            prev = c
        n = int(lens[i]) - 1
        if chars != tgt[i, :n].tolist():
            continue
        for j, (a, e) in enumerate(spans):
            guide[i, j, max(0, a - 1): e + 2] = 1.0
        valid[i, :n] = 1.0
    return guide, valid


def draft_losses(model, hidden, tokens, targets, draft_kv, memory_mask, positions):
    """Recursive draft over all positions at once (the block is position-wise).
    hidden [B,T,D]: decoder hidden at position j; tokens/positions [B,T+1]: the token at position j;
    targets [B,T]: targets[j] is the token at position j+1 (-100 = none).
    Step k at j reads the token at j+k+1 and predicts the one at j+k+2 = targets[j+k+1]."""
    losses = []
    h = hidden.detach()  # the draft must not pull the decoder away from its own task
    t = targets.shape[1]
    for k, w in enumerate(DRAFT_WEIGHTS):
        n = t - 1 - k
        if n <= 0:
            break
        logits, h = model.draft(h[:, :n], tokens[:, k + 1: k + 1 + n], positions[:, k + 1: k + 1 + n], draft_kv, memory_mask)
        tgt = targets[:, k + 1: k + 1 + n]
        losses.append(w * F.cross_entropy(logits.reshape(-1, logits.shape[-1]), tgt.reshape(-1), ignore_index=-100))
    return sum(losses)


def forward(model, batch, self_distill):
    feats, memory_mask, steps, inp, tgt, lens = batch
    b, t = inp.shape
    mem = model.memory(feats, memory_mask)
    cross_kv, draft_kv = model.memory_kv(mem)
    positions = torch.arange(t).unsqueeze(0).expand(b, t)
    empty = torch.zeros(2 * model.cfg.layers, b, model.cfg.heads, 0, model.cfg.head_dim)
    for layer in model.layers[:GUIDED_LAYERS]:
        layer.cross.capture = True
    logits, hidden, _ = model.decode(inp, positions, causal_mask(lens, t), empty, cross_kv, memory_mask)
    ce = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), tgt.reshape(-1), ignore_index=-100, label_smoothing=0.05)

    # CTC on the memory: targets are the label ids (no bos/eos), blank = <pad>
    ctc_logits = model.ctc_head(mem)
    # Alignment loss: decoder position j (predicting label character j) should look at that character's frames.
    guide, valid = ctc_spans(ctc_logits.detach(), steps, tgt, lens)
    align = 0.0
    for layer in model.layers[:GUIDED_LAYERS]:
        mass = (layer.cross.weights.mean(1) * guide).sum(-1)  # [B,T]
        align = align + (-(mass + 1e-4).log() * valid).sum() / valid.sum().clamp(min=1)
        layer.cross.capture, layer.cross.weights = False, None
    logp = F.log_softmax(ctc_logits, dim=-1).transpose(0, 1)
    tl = lens - 1
    flat = torch.cat([tgt[i, : tl[i]] for i in range(b)])
    ctc = F.ctc_loss(logp, flat, steps, tl, blank=charset.PAD, zero_infinity=True)

    # Draft, on alternate batches (CPU budget): on the labels, or on the decoder's own teacher-forced
    # argmax as both input and target (self-distillation: at inference it must predict what the decoder will say).
    positions1 = torch.cat([positions, positions[:, -1:] + 1], 1)
    target = own_argmax(tgt, logits) if self_distill else tgt
    return ce, ctc, draft_losses(model, hidden, draft_tokens(inp, target), target, draft_kv, memory_mask, positions1), align


@torch.no_grad()
def own_argmax(tgt, logits):
    """The decoder's teacher-forced argmax where there is a label (-100 elsewhere): self-distillation targets."""
    return torch.where(tgt < 0, torch.full_like(tgt, -100), logits.argmax(-1))


def draft_tokens(inp, target):
    """The token at each position for the draft's inputs: bos, then `target` (<pad> where it has none)."""
    return torch.cat([inp[:, :1], torch.where(target < 0, torch.full_like(target, charset.PAD), target)], 1)


@torch.no_grad()
def greedy(model, batch, max_len=260):
    feats, memory_mask, steps, inp, tgt, lens = batch
    b = feats.shape[0]
    mem = model.memory(feats, memory_mask)
    cross_kv, _ = model.memory_kv(mem)
    L, H, dh = model.cfg.layers, model.cfg.heads, model.cfg.head_dim
    past = torch.zeros(2 * L, b, H, 0, dh)
    tok = torch.full((b, 1), charset.BOS, dtype=torch.long)
    out = [[] for _ in range(b)]
    done = torch.zeros(b, dtype=torch.bool)
    for pos in range(max_len):
        mask = torch.zeros(b, 1, 1, pos + 1)
        logits, _, past = model.decode(tok, torch.full((b, 1), pos), mask, past, cross_kv, memory_mask)
        tok = logits[:, -1].argmax(-1, keepdim=True)
        for i in range(b):
            if not done[i]:
                if tok[i, 0] == charset.EOS:
                    done[i] = True
                else:
                    out[i].append(int(tok[i, 0]))
        if done.all():
            break
    return [charset.decode(o) for o in out]


def evaluate(model, ds, rows, n=96):
    model.eval()
    rows = sorted(rows, key=lambda r: r["steps"])[:: max(1, len(rows) // n)][:n]
    errs = chars = 0
    for i in range(0, len(rows), 16):
        chunk = rows[i: i + 16]
        hyps = greedy(model, collate(ds, chunk))
        for r, hyp in zip(chunk, hyps):
            errs += cer(r["label"], hyp) * len(r["label"])
            chars += len(r["label"])
    model.train()
    return errs / max(1, chars)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "work"))
    ap.add_argument("--minutes", type=float, default=60)
    ap.add_argument("--dim", type=int, default=192)
    ap.add_argument("--layers", type=int, default=3)
    ap.add_argument("--heads", type=int, default=4)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--batch-steps", type=int, default=1500)
    ap.add_argument("--neck", type=int, default=NECK_DIM, help="SVTR neck channels read besides the backbone (0: backbone only)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--init", default="", help="weights to start from when there is no checkpoint "
                    "(e.g. checkpoints/pocket-v1.pt, the weights behind the shipped pack)")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)  # with OMP_WAIT_POLICY=PASSIVE on a shared machine
    torch.manual_seed(0)
    ckpt_path = os.path.join(args.work, "checkpoint.pt")

    ds = Features(args.work, neck=args.neck > 0)
    train_rows = ds.split("train")
    eval_rows = ds.split("eval")
    print(f"train lines {len(train_rows)} (of {sum(r['split'] == 'train' for r in ds.rows)}), eval lines {len(eval_rows)}", flush=True)

    cfg = Config(vocab=len(charset.PIECES), dim=args.dim, layers=args.layers, heads=args.heads, neck_dim=args.neck)
    model = Recognizer(cfg)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01, betas=(0.9, 0.98))
    state = {"step": 0, "seconds": 0.0, "epoch": 0}
    if os.path.exists(ckpt_path):
        ck = torch.load(ckpt_path)
        model.load_state_dict(ck["model"])
        opt.load_state_dict(ck["opt"])
        state = ck["state"]
        print(f"resumed at step {state['step']}, {state['seconds'] / 60:.1f} min", flush=True)
    elif args.init:
        # Fine-tune from committed weights: fresh optimizer and schedule, same architecture.
        init = torch.load(args.init)
        # strict=False: weights trained before the neck was read have no neck_* tensors (those start at zero)
        missing, unexpected = model.load_state_dict({k: v.float() for k, v in init["model"].items()}, strict=False)
        if unexpected or any(not k.startswith("neck_") for k in missing):
            raise SystemExit(f"{args.init} does not fit this model: missing {missing}, unexpected {unexpected}")
        print(f"initialized from {args.init} (trained {init['state']['step']} steps)", flush=True)
    print(f"parameters {sum(p.numel() for p in model.parameters()) / 1e6:.2f} M", flush=True)
    budget = args.minutes * 60
    model.train()

    def save():
        save_checkpoint(ckpt_path, model, opt, state, cfg)

    last_save = last_eval = time.time()
    avg = None
    while state["seconds"] < budget:
        if state["epoch"] > 0 or state.get("batch", 0) == 0:
            # feature extraction may still be adding lines: each epoch takes what is there
            ds = Features(args.work, neck=args.neck > 0)
            train_rows, eval_rows = ds.split("train"), ds.split("eval")
            print(f"epoch {state['epoch']}: {len(train_rows)} training lines", flush=True)
        rng = random.Random(state["epoch"])
        batches = make_batches(train_rows, args.batch_steps, rng)
        skip = state.get("batch", 0)
        for bi, rows in enumerate(batches):
            if bi < skip:
                continue
            t0 = time.time()
            lr = timed_lr(args.lr, state, budget, warmup_steps=100)
            for g in opt.param_groups:
                g["lr"] = lr
            self_distill = state["step"] % 2 == 1
            ce, ctc, d, align = forward(model, collate(ds, rows), self_distill)
            loss = ce + 0.3 * ctc + 0.5 * d + 0.5 * align
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            state["step"] += 1
            state["batch"] = bi + 1
            state["seconds"] += time.time() - t0
            vals = [ce.item(), ctc.item(), d.item()]
            al = float(align)
            state["align"] = al if "align" not in state else 0.95 * state["align"] + 0.05 * al
            if avg is None:
                avg = vals + [vals[2]]
            avg = [0.95 * a + 0.05 * v for a, v in zip(avg, vals[:2] + ([avg[2], vals[2]] if self_distill else [vals[2], avg[3]]))]
            if state["step"] % 20 == 0:
                print(f"step {state['step']} ep {state['epoch']} {state['seconds'] / 60:.1f}/{args.minutes:.0f} min lr {lr:.2e} "
                      f"ce {avg[0]:.3f} ctc {avg[1]:.3f} draft {avg[2]:.3f} self {avg[3]:.3f} align {state['align']:.3f} "
                      f"({len(rows)} lines, {time.time() - t0:.2f} s)", flush=True)
            if time.time() - last_save > 180:
                save()
                last_save = time.time()
            if time.time() - last_eval > 1200 and eval_rows:
                print(f"eval greedy CER {evaluate(model, ds, eval_rows, n=40):.4f} at step {state['step']}", flush=True)
                last_eval = time.time()
            if state["seconds"] >= budget:
                break
        else:
            state["epoch"] += 1
            state["batch"] = 0
    save()
    if eval_rows:
        print(f"final eval greedy CER {evaluate(model, ds, eval_rows, n=400):.4f}", flush=True)
    print("training done", flush=True)


if __name__ == "__main__":
    main()
