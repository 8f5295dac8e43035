"""Retraining only the FastMTP draft block of a trained line recognizer, as a training task (loop.py).

The memory and decoder are frozen (so greedy text and the decoder graph stay byte for byte what they
were); the draft learns, recursively for K = 3 steps, to predict the decoder's own teacher-forced argmax
(self-distillation: what verification will accept). Draft weights present in both shapes start from the
init checkpoint's. Configs: training/configs/pocket-v2.toml, pocket-v3.toml.
"""
import torch

from .dataset import Features, collate, make_batches, training_rows
from .model import Config, Recognizer, causal_mask
from .recognizer_losses import draft_losses, draft_tokens, own_argmax

DRAFT_PREFIX = "draft_"


@torch.no_grad()
def decoder_pass(model, batch):
    """Frozen part: hidden states and the decoder's own argmax at every teacher-forced position."""
    feats, memory_mask, steps, inp, tgt, lens = batch
    b, t = inp.shape
    mem = model.memory(feats, memory_mask)
    cross_kv, _ = model.memory_kv(mem)
    positions = torch.arange(t, device=inp.device).unsqueeze(0).expand(b, t)
    empty = torch.zeros(2 * model.cfg.layers, b, model.cfg.heads, 0, model.cfg.head_dim, device=inp.device)
    logits, hidden, _ = model.decode(inp, positions, causal_mask(lens, t), empty, cross_kv, memory_mask)
    target = own_argmax(tgt, logits)
    positions1 = torch.cat([positions, positions[:, -1:] + 1], 1)
    return mem, hidden, draft_tokens(inp, target), target, positions1, memory_mask


@torch.no_grad()
def acceptance(model, ds, rows, device):
    """Per draft step: share of positions where the recursive draft matches the decoder's argmax."""
    model.eval()
    hits, total = [0, 0, 0], [0, 0, 0]
    for i in range(0, len(rows), 16):
        batch = tuple(x.to(device) for x in collate(ds, rows[i: i + 16]))
        mem, hidden, tokens, target, positions, memory_mask = decoder_pass(model, batch)
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
    return [round(h / max(1, n), 4) for h, n in zip(hits, total)]


class DraftTask:
    def __init__(self, cfg, device, model_cfg=None, init=None):
        self.cfg, self.device = cfg, device
        if model_cfg is None:  # a fresh run: the recognizer's shape, with this run's draft shape
            if init is None:
                raise SystemExit("a draft run needs `init`: the recognizer whose memory and decoder it keeps")
            model_cfg = {**init["cfg"], "draft_mlp": cfg.draft_mlp}
        self.model = Recognizer(Config(**model_cfg)).to(device)
        for name, p in self.model.named_parameters():
            p.requires_grad = name.startswith(DRAFT_PREFIX)
        self.params = [p for p in self.model.parameters() if p.requires_grad]
        self.ds = Features(cfg.work, neck=self.model.cfg.neck_dim > 0, mix=cfg.mix)
        held = self.ds.split("eval")
        self.probe = sorted(held, key=lambda r: r["steps"])[:: max(1, len(held) // cfg.eval_n)][: cfg.eval_n]

    def start_from(self, init):
        weights = {k: v.float() for k, v in init["model"].items()}
        mine = self.model.state_dict()
        missing, _ = self.model.load_state_dict({k: v for k, v in weights.items() if k in mine and v.shape == mine[k].shape}, strict=False)
        if any(not k.startswith(DRAFT_PREFIX) for k in missing):
            raise SystemExit(f"the init weights do not fit: missing {missing}")
        return (f"draft weights started fresh: {missing or 'none'}; {sum(p.numel() for p in self.params) / 1e6:.3f} M "
                f"draft parameters; acceptance at start {self.evaluate(final=False)}")

    def train_rows(self):
        return training_rows(self.ds, self.cfg)

    def make_batches(self, rows, rng):
        return make_batches(rows, self.cfg.batch_steps, rng)

    def collate(self, rows):
        return collate(self.ds, rows)

    def loss(self, step, batch):
        mem, hidden, tokens, target, positions, memory_mask = decoder_pass(self.model, batch)
        d = draft_losses(self.model, hidden, tokens, target, self.model.draft_memory_kv(mem), memory_mask, positions)
        return d, {"draft": d}

    def evaluate(self, final):
        return f"acceptance per draft step {acceptance(self.model, self.ds, self.probe, self.device)}" if self.probe else "no held-out lines"


if __name__ == "__main__":
    from .run import main
    main()
