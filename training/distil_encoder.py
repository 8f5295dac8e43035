"""Fine-tunes a pruned line encoder (prune_encoder.py) to give the full encoder's backbone output on real line pieces
(encoder-pieces.ts pieces), so the pack's decoders read it as they read the full one.

  /usr/bin/python3 -m training.distil_encoder --student PRUNED.onnx --pieces PIECES --out TUNED.onnx [--steps N]

The loss is the squared error of the backbone output relative to its mean square ([B, 480, 1, S], what the SVTR neck
and the decoders read), teacher and student run by onnx_torch.py on the same batch: pieces of alike widths, padded
with white as the engine pads. Every 20th piece is held out; its error is printed every 250 steps. Step-counted:
Adam, cosine from --lr to 5 % at --steps, a checkpoint (OUT.ckpt) every --save-every steps that a rerun of the same
command resumes from, and OUT written with the weights at each checkpoint.
"""
import argparse
import json
import math
import os
import time

import numpy as np
import torch

from .onnx_torch import OnnxPrefix

BACKBONE = 'p2o.AveragePool.1'
ap = argparse.ArgumentParser()
ap.add_argument('--teacher', default='models/pocket/encoder.onnx')
ap.add_argument('--student', required=True)
ap.add_argument('--pieces', required=True)
ap.add_argument('--out', required=True)
ap.add_argument('--steps', type=int, default=1500)
ap.add_argument('--lr', type=float, default=2e-4)
ap.add_argument('--batch-cols', type=int, default=16 * 360)
ap.add_argument('--threads', type=int, default=2)
ap.add_argument('--device', default='auto', choices=['auto', 'cpu', 'cuda'])
ap.add_argument('--seed', type=int, default=0)
ap.add_argument('--save-every', type=int, default=100)
args = ap.parse_args()
torch.set_num_threads(args.threads)
device = torch.device('cuda' if args.device == 'cuda' or (args.device == 'auto' and torch.cuda.is_available()) else 'cpu')
torch.manual_seed(args.seed)
rng = np.random.default_rng(args.seed)

index = json.load(open(args.pieces + '.json'))
raw = np.fromfile(args.pieces + '.u8', dtype=np.uint8)
order = np.arange(len(index))
held = set(order[order % 20 == 0].tolist())
train = [i for i in order if i not in held]
val = sorted(held)[:200]

def batch(ids):
    W = max(index[i]['w'] for i in ids)
    x = np.full((len(ids), 3, 48, W), 1.0, np.float32)
    for b, i in enumerate(ids):
        w = index[i]['w']
        a = raw[index[i]['off']: index[i]['off'] + 3 * 48 * w].reshape(3, 48, w)
        x[b, :, :, :w] = a.astype(np.float32) / 127.5 - 1
    return torch.from_numpy(x).to(device)

def batches(ids, shuffle):
    ids = sorted(ids, key=lambda i: index[i]['w'])
    out, cur = [], []
    for i in ids:
        # Sorted by width: the piece added is the batch's widest.
        if cur and (len(cur) + 1) * index[i]['w'] > args.batch_cols:
            out.append(cur); cur = []
        cur.append(i)
    if cur: out.append(cur)
    if shuffle: rng.shuffle(out)
    return out

teacher = OnnxPrefix(args.teacher, BACKBONE, trainable=False).to(device).eval()
student = OnnxPrefix(args.student, BACKBONE).to(device)
opt = torch.optim.Adam([p for p in student.parameters() if p.requires_grad], lr=args.lr)
ck = args.out + '.ckpt'
step = 0
if os.path.exists(ck):
    s = torch.load(ck, map_location=device)
    student.load_state_dict(s['model']); opt.load_state_dict(s['opt']); step = s['step']
    rng = np.random.default_rng(args.seed + step)
    print('resumed at', step)

def relative_error(s, t):
    return ((s - t) ** 2).mean() / (t ** 2).mean()

# The held-out batches and the teacher's output on them, computed once.
with torch.no_grad():
    held_out = [(x, teacher(x), len(ids)) for ids in batches(val, False) for x in [batch(ids)]]

def val_loss():
    with torch.no_grad():
        return sum(float(relative_error(student(x), t)) * n for x, t, n in held_out) / len(val)

print(f'{len(train)} train / {len(val)} val pieces; val rel. error at start {val_loss():.5f}', flush=True)
t0 = time.time()
while step < args.steps:
    for ids in batches(train, True):
        if step >= args.steps: break
        lr = args.lr * (0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * step / args.steps)))
        for g in opt.param_groups: g['lr'] = lr
        x = batch(ids)
        with torch.no_grad(): t = teacher(x)
        s = student(x)
        loss = relative_error(s, t)
        opt.zero_grad(); loss.backward()
        torch.nn.utils.clip_grad_norm_(student.parameters(), 1.0)
        opt.step()
        step += 1
        if step % 20 == 0:
            print(f'step {step} loss {float(loss):.5f} lr {lr:.2e} {time.time() - t0:.0f}s', flush=True)
        if step % args.save_every == 0 or step == args.steps:
            torch.save({'model': student.state_dict(), 'opt': opt.state_dict(), 'step': step}, ck + '.tmp')
            os.replace(ck + '.tmp', ck)
            student.save(args.out)
        if step % 250 == 0:
            print(f'step {step} val rel. error {val_loss():.5f}', flush=True)
print('val rel. error at end', val_loss())
