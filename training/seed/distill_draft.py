"""Self-distillation of the FastMTP block: teach the draft to predict the main decoder's own greedy tokens.

For the tiny replica this gives the speculative tests real accepted drafts (a random draft is never
right, so only the rejection path would be exercised). The same recipe is how a draft block is fitted
to a converted checkpoint that ships without one: hidden states and greedy tokens of the main model
are the only training signal, so no labelled data is needed.
"""
import torch
import torch.nn.functional as F

from seed_model import DecoderGraph, DraftGraph


def _causal(T, P):
    m = torch.zeros(1, 1, T, P + T)
    for t in range(T):
        m[0, 0, t, P + t + 1:] = -1e9
    return m


@torch.no_grad()
def greedy_traces(model, sequences=48, steps=32, seed=0):
    """(hidden_t, token_{t+1}, position_{t+1}, token_{t+2}, token_{t+3}) from greedy runs on random visual tokens."""
    g = torch.Generator().manual_seed(seed)
    cfg = model.cfg
    d, image = cfg["decoder"], cfg["tokens"]["image"]
    dec = DecoderGraph(model)
    rows = []
    for _ in range(sequences):
        n = int(torch.randint(8, 64, (1,), generator=g))
        ids = [cfg["tokens"]["bos"]] + [image] * n + [4, 9, 10]
        T = len(ids)
        img = torch.zeros(1, T, d["hidden"])
        img[0, 1:1 + n] = torch.randn(n, d["hidden"], generator=g) * 4
        past = torch.zeros(2 * d["layers"], 1, d["heads"], 0, d["head_dim"])
        logits, hidden, past = dec(torch.tensor([ids]), img, torch.arange(T)[None], _causal(T, 0), past)
        hs, toks = [hidden[0, -1]], [int(logits[0, -1].argmax())]
        pos = T
        for _ in range(steps):
            logits, hidden, past = dec(torch.tensor([[toks[-1]]]), torch.zeros(1, 1, d["hidden"]),
                                       torch.tensor([[pos]]), _causal(1, pos), past)
            hs.append(hidden[0, -1])
            toks.append(int(logits[0, -1].argmax()))
            pos += 1
        for t in range(len(toks) - 2):
            rows.append((hs[t], toks[t], T + t, toks[t + 1], toks[t + 2]))
    h = torch.stack([r[0] for r in rows])[:, None]
    col = lambda i: torch.tensor([r[i] for r in rows])[:, None]  # noqa: E731
    return h, col(1), col(2), col(3), col(4)


def distill(model, steps=300, lr=3e-3):
    """Trains model.mtp (only) on two recursive draft steps; returns step-1 accuracy before and after."""
    h, t1, _, t2, t3 = greedy_traces(model)
    draft = DraftGraph(model)
    params = list(model.mtp.parameters())
    opt = torch.optim.Adam(params, lr=lr)

    def run():
        l1, dh = draft(h, t1)
        l2, _ = draft(dh, t2)
        return l1[:, 0], l2[:, 0]

    with torch.no_grad():
        before = (run()[0].argmax(-1) == t2[:, 0]).float().mean().item()
    for _ in range(steps):
        l1, l2 = run()
        loss = F.cross_entropy(l1, t2[:, 0]) + 0.5 * F.cross_entropy(l2, t3[:, 0])
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        a1, a2 = run()
        after = ((a1.argmax(-1) == t2[:, 0]).float().mean().item(), (a2.argmax(-1) == t3[:, 0]).float().mean().item())
    return before, after
