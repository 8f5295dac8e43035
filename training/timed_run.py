"""What the training scripts share: a learning rate that follows elapsed step time (so a run fits its
budget on any machine) and an atomic checkpoint write (so a stopped run resumes from the last one)."""
import math
import os

import torch


def timed_lr(peak, state, budget_s, warmup_steps):
    """Linear warm-up over `warmup_steps`, then cosine from `peak` down to 5 % of it at the end of the budget."""
    frac = min(1.0, state["seconds"] / budget_s)
    warm = min(1.0, (state["step"] + 1) / warmup_steps)
    return peak * warm * (0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * frac)))


def save_checkpoint(path, model, opt, state, cfg):
    tmp = path + ".tmp"
    torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "state": state, "cfg": cfg.to_dict()}, tmp)
    os.replace(tmp, path)
