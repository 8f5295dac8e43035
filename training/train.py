"""The line recognizer as a training task: memory + decoder + FastMTP draft on cached PP-OCRv4 backbone
(and SVTR neck) features, with all four losses of recognizer_losses.py. The loop is loop.py; a run is a
config in training/configs/ (pocket-v0, pocket-v1, pocket-v3-decoder).
Run: /usr/bin/python3 -m training.run --config training/configs/pocket-v1.toml
"""
from . import charset
from .dataset import Features, cer, collate, make_batches, training_rows
from .model import Config, Recognizer
from .recognizer_losses import forward, greedy_ids


def evaluate(model, ds, rows, device, n=96):
    """Greedy CER on `n` held-out lines spread over all widths."""
    model.eval()
    rows = sorted(rows, key=lambda r: r["steps"])[:: max(1, len(rows) // n)][:n]
    errs = chars = 0
    for i in range(0, len(rows), 16):
        chunk = rows[i: i + 16]
        feats, memory_mask = (t.to(device) for t in collate(ds, chunk)[:2])
        for r, ids in zip(chunk, greedy_ids(model, feats, memory_mask, charset.BOS, charset.EOS, 260)):
            errs += cer(r["label"], charset.decode(ids)) * len(r["label"])
            chars += len(r["label"])
    model.train()
    return errs / max(1, chars)


class LinesTask:
    def __init__(self, cfg, device, model_cfg=None):
        self.cfg, self.device = cfg, device
        mc = model_cfg or dict(vocab=len(charset.PIECES), dim=cfg.dim, layers=cfg.layers, heads=cfg.heads, neck_dim=cfg.neck,
                        draft_mlp=cfg.draft_mlp)
        self.model = Recognizer(Config(**mc)).to(device)
        self.params = list(self.model.parameters())
        self.ds = Features(cfg.work, neck=self.model.cfg.neck_dim > 0, mix=cfg.mix)
        self.eval_rows = self.ds.split("eval")

    def start_from(self, init):
        """Fine-tune from released weights; strict=False: weights trained before the neck was read have no
        neck_* tensors (those start at zero)."""
        missing, unexpected = self.model.load_state_dict({k: v.float() for k, v in init["model"].items()}, strict=False)
        if unexpected or any(not k.startswith("neck_") for k in missing):
            raise SystemExit(f"the init weights do not fit this model: missing {missing}, unexpected {unexpected}")
        return f"trained {init.get('state', {}).get('step')} steps"

    def train_rows(self):
        return training_rows(self.ds, self.cfg)

    def make_batches(self, rows, rng):
        return make_batches(rows, self.cfg.batch_steps, rng)

    def collate(self, rows):
        return collate(self.ds, rows)

    def loss(self, step, batch):
        self_distill = step % 2 == 1
        ce, ctc, d, align = forward(self.model, batch, self_distill)
        loss = ce + 0.3 * ctc + 0.5 * d + 0.5 * align
        return loss, {"ce": ce, "ctc": ctc, "self" if self_distill else "draft": d, "align": align}

    def evaluate(self, final):
        if not self.eval_rows:
            return "no held-out lines"
        n = self.cfg.final_eval_n if final else self.cfg.eval_n
        return f"greedy CER {evaluate(self.model, self.ds, self.eval_rows, self.device, n):.4f} on {n} held-out lines"


if __name__ == "__main__":
    from .run import main
    main()
