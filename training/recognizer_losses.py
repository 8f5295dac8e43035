"""The recognizer's training losses, shared by the line recognizer, its draft block and the formula
recognizer: next-token cross-entropy, CTC on the memory, cross-attention alignment and the recursive
FastMTP draft (weights 0.51/0.31/0.18) on labels or on the decoder's own argmax (self-distillation)."""
import torch
import torch.nn.functional as F

from . import charset
from .model import causal_mask

DRAFT_WEIGHTS = [0.51, 0.31, 0.18]
GUIDED_LAYERS = 2  # decoder layers whose cross-attention is taught where the next character is


def ctc_spans(ctc_logits, steps, tgt, lens):
    """Memory steps of each label character from the CTC head's greedy path, for lines where that
    path reads exactly the label: [B,T,S] with 1 on each character's frames (±1), and a row mask."""
    best = ctc_logits.argmax(-1).cpu().numpy()
    steps, lens, tgt_cpu = steps.tolist(), lens.tolist(), tgt.cpu()
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
        if chars != tgt_cpu[i, :n].tolist():
            continue
        for j, (a, e) in enumerate(spans):
            guide[i, j, max(0, a - 1): e + 2] = 1.0
        valid[i, :n] = 1.0
    return guide.to(tgt.device), valid.to(tgt.device)


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
    """All four losses on one batch (feats, memory_mask, steps, inp, tgt, lens): ce, ctc, draft, align."""
    feats, memory_mask, steps, inp, tgt, lens = batch
    b, t = inp.shape
    dev = inp.device
    mem = model.memory(feats, memory_mask)
    cross_kv, draft_kv = model.memory_kv(mem)
    positions = torch.arange(t, device=dev).unsqueeze(0).expand(b, t)
    empty = torch.zeros(2 * model.cfg.layers, b, model.cfg.heads, 0, model.cfg.head_dim, device=dev)
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
    flat = torch.cat([tgt[i, : int(tl[i])] for i in range(b)])
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
def greedy_ids(model, feats, memory_mask, bos, eos, max_len):
    """Greedy decoding with the KV cache, as the engine reads: token ids per row, without bos/eos."""
    dev = feats.device
    b = feats.shape[0]
    cross_kv, _ = model.memory_kv(model.memory(feats, memory_mask))
    L, H, dh = model.cfg.layers, model.cfg.heads, model.cfg.head_dim
    past = torch.zeros(2 * L, b, H, 0, dh, device=dev)
    tok = torch.full((b, 1), bos, dtype=torch.long, device=dev)
    out, done = [[] for _ in range(b)], [False] * b
    for pos in range(max_len):
        mask = torch.zeros(b, 1, 1, pos + 1, device=dev)
        logits, _, past = model.decode(tok, torch.full((b, 1), pos, device=dev), mask, past, cross_kv, memory_mask)
        tok = logits[:, -1].argmax(-1, keepdim=True)
        for i, v in enumerate(tok[:, 0].tolist()):
            if not done[i]:
                if v == eos:
                    done[i] = True
                else:
                    out[i].append(v)
        if all(done):
            break
    return out
