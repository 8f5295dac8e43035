"""Line recognizer parts behind the encoder: memory, decoder and FastMTP draft block.

The same modules run in training (teacher forcing, P = 0) and in the exported graphs
(docs/pack-format.md), so what is trained is exactly what ships.
"""
import math
from dataclasses import dataclass, asdict

import torch
import torch.nn as nn
import torch.nn.functional as F

FEAT_DIM = 480  # PP-OCRv4 rec backbone output channels
NECK_DIM = 120  # PP-OCRv4 SVTR neck output channels (what its CTC head reads)
GRID_ROWS = 3  # the formula encoder's rows per 8 px column (cut_encoder.py cut_grid; Config.mem_rows)


@dataclass
class Config:
    vocab: int
    dim: int = 256
    layers: int = 3
    heads: int = 4
    mem_layers: int = 1
    max_pos: int = 512
    max_mem: int = 512
    mlp: int = 4
    # > 0: the encoder output also carries the SVTR neck features after the backbone's ([B,480+neck,1,S])
    neck_dim: int = 0
    # memory steps per encoder column: 1 for pooled line features, 3 for the formula recognizer's
    # 2-D features (training/cut_encoder.py cut_grid: three rows per 8 px column, column by column)
    mem_rows: int = 1
    # the draft block's MLP width as a multiple of dim; 0 = no MLP (a draft step is then its input
    # projection, one cross-attention and the shared head: far fewer weights to stream per step)
    draft_mlp: int = 4

    @property
    def head_dim(self):
        return self.dim // self.heads

    @property
    def feat_dim(self):
        return FEAT_DIM + self.neck_dim

    def to_dict(self):
        return asdict(self)


class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps = eps

    def forward(self, x):
        return x * torch.rsqrt((x * x).mean(-1, keepdim=True) + self.eps) * self.weight


class _StaticReshape(torch.autograd.Function):
    """x.reshape to `shape` (0 = keep that dim of x, -1 = infer). Exported as one Reshape by a constant, so a
    graph carries no Shape/Gather/Unsqueeze/Concat chain per reshape: at batch 1 the decoder's time per call
    was mostly the dispatch of those small nodes (about 800 of its 1,050), not arithmetic."""

    @staticmethod
    def forward(ctx, x, shape):
        return x.reshape([x.shape[i] if n == 0 else n for i, n in enumerate(shape)])

    @staticmethod
    def symbolic(g, x, shape):
        return g.op("Reshape", x, g.op("Constant", value_t=torch.tensor(shape, dtype=torch.int64)))


def exporting():
    return torch.onnx.is_in_onnx_export()


def split_heads(x, heads):
    if exporting():
        return _StaticReshape.apply(x, (0, 0, heads, -1)).transpose(1, 2)
    b, t, d = x.shape[0], x.shape[1], x.shape[2]
    return x.reshape(b, t, heads, d // heads).transpose(1, 2)


def merge_heads(x):
    if exporting():
        return _StaticReshape.apply(x.transpose(1, 2), (0, 0, -1))
    b, h, t, dh = x.shape[0], x.shape[1], x.shape[2], x.shape[3]
    return x.transpose(1, 2).reshape(b, t, h * dh)


def attend(q, k, v, mask, weights=False):
    """q [B,H,T,dh], k/v [B,H,S,dh], additive mask broadcastable to [B,H,T,S].
    3-D bmm on contiguous tensors: Debian's torch runs broadcast 4-D matmul ~30× slower. The exported graph
    uses the 4-D MatMul (onnxruntime runs it well) and needs no reshapes."""
    if exporting():
        scores = torch.matmul(q * (1.0 / math.sqrt(q.shape[3])), k.transpose(2, 3)) + mask
        probs = torch.softmax(scores, dim=-1)
        return torch.matmul(probs, v)
    b, h, t, d = q.shape[0], q.shape[1], q.shape[2], q.shape[3]
    s = k.shape[2]
    q3 = q.reshape(b * h, t, d) * (1.0 / math.sqrt(d))
    k3 = k.reshape(b * h, s, d).transpose(1, 2).contiguous()
    scores = torch.bmm(q3, k3).reshape(b, h, t, s) + mask
    probs = torch.softmax(scores, dim=-1)
    out = torch.bmm(probs.reshape(b * h, t, s), v.reshape(b * h, s, d)).reshape(b, h, t, d)
    return (out, probs) if weights else out


class MLP(nn.Module):
    def __init__(self, dim, mult):
        super().__init__()
        self.fc1 = nn.Linear(dim, dim * mult)
        self.fc2 = nn.Linear(dim * mult, dim)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x)))


class CrossAttention(nn.Module):
    """Queries from the sequence; keys/values come precomputed from the memory graph."""

    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.norm = nn.LayerNorm(dim)
        self.q = nn.Linear(dim, dim)
        self.kv = nn.Linear(dim, 2 * dim)  # applied to memory, once per line
        self.out = nn.Linear(dim, dim)
        self.capture = False  # training only: keep attention weights for the alignment loss
        self.weights = None

    def memory_kv(self, mem):
        k, v = self.kv(mem).chunk(2, dim=-1)
        return split_heads(k, self.heads), split_heads(v, self.heads)

    def forward(self, x, k, v, memory_mask):
        q = split_heads(self.q(self.norm(x)), self.heads)
        if self.capture:
            out, self.weights = attend(q, k, v, memory_mask, weights=True)
            return self.out(merge_heads(out))
        return self.out(merge_heads(attend(q, k, v, memory_mask)))


class MemoryLayer(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.heads = cfg.heads
        self.norm1 = nn.LayerNorm(cfg.dim)
        self.qkv = nn.Linear(cfg.dim, 3 * cfg.dim)
        self.out = nn.Linear(cfg.dim, cfg.dim)
        self.norm2 = nn.LayerNorm(cfg.dim)
        self.mlp = MLP(cfg.dim, cfg.mlp)

    def forward(self, x, memory_mask):
        q, k, v = self.qkv(self.norm1(x)).chunk(3, dim=-1)
        q, k, v = (split_heads(t, self.heads) for t in (q, k, v))
        x = x + self.out(merge_heads(attend(q, k, v, memory_mask)))
        return x + self.mlp(self.norm2(x))


class DecoderLayer(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.heads = cfg.heads
        self.norm1 = nn.LayerNorm(cfg.dim)
        self.qkv = nn.Linear(cfg.dim, 3 * cfg.dim)
        self.out = nn.Linear(cfg.dim, cfg.dim)
        self.cross = CrossAttention(cfg.dim, cfg.heads)
        self.norm3 = nn.LayerNorm(cfg.dim)
        self.mlp = MLP(cfg.dim, cfg.mlp)

    def forward(self, x, attn_mask, past_k, past_v, cross_k, cross_v, memory_mask):
        q, k, v = self.qkv(self.norm1(x)).chunk(3, dim=-1)
        q, k, v = (split_heads(t, self.heads) for t in (q, k, v))
        k = torch.cat([past_k, k], dim=2)
        v = torch.cat([past_v, v], dim=2)
        x = x + self.out(merge_heads(attend(q, k, v, attn_mask)))
        x = x + self.cross(x, cross_k, cross_v, memory_mask)
        return x + self.mlp(self.norm3(x)), k, v


class Recognizer(nn.Module):
    def __init__(self, cfg: Config):
        super().__init__()
        self.cfg = cfg
        d = cfg.dim
        # memory
        self.feat_norm = nn.LayerNorm(FEAT_DIM)
        self.feat_proj = nn.Linear(FEAT_DIM, d)
        if cfg.neck_dim:
            self.neck_norm = nn.LayerNorm(cfg.neck_dim)
            self.neck_proj = nn.Linear(cfg.neck_dim, d)
        self.mem_pos = nn.Embedding(cfg.max_mem, d)
        self.mem_layers = nn.ModuleList(MemoryLayer(cfg) for _ in range(cfg.mem_layers))
        self.mem_norm = nn.LayerNorm(d)
        self.ctc_head = nn.Linear(d, cfg.vocab)  # training only: CTC (blank = <pad>) to speed alignment
        # decoder
        self.tok = nn.Embedding(cfg.vocab, d)
        self.pos = nn.Embedding(cfg.max_pos, d)
        self.layers = nn.ModuleList(DecoderLayer(cfg) for _ in range(cfg.layers))
        self.norm = nn.LayerNorm(d)
        # FastMTP draft block
        self.draft_tok_norm = RMSNorm(d)
        self.draft_hid_norm = RMSNorm(d)
        self.draft_in = nn.Linear(2 * d, d)
        self.draft_cross = CrossAttention(d, cfg.heads)
        if cfg.draft_mlp:
            self.draft_norm2 = nn.LayerNorm(d)
            self.draft_mlp = MLP(d, cfg.draft_mlp)
        self.draft_norm = nn.LayerNorm(d)
        self.apply(self._init)
        if cfg.neck_dim:
            # starts as the backbone-only model, so weights trained without the neck carry over unchanged
            nn.init.zeros_(self.neck_proj.weight)

    @staticmethod
    def _init(m):
        if isinstance(m, nn.Linear):
            nn.init.normal_(m.weight, std=0.02)
            nn.init.zeros_(m.bias)
        elif isinstance(m, nn.Embedding):
            nn.init.normal_(m.weight, std=0.02)

    def head(self, h):
        return torch.matmul(h, self.tok.weight.t())

    # --- memory graph -------------------------------------------------------------------------
    def memory(self, feats, memory_mask):
        """feats [B,480(+neck),1,S], memory_mask [B,1,1,S] → mem [B,S,D]."""
        x = feats.squeeze(2).transpose(1, 2)
        s = x.shape[1]
        if self.cfg.neck_dim:
            x = self.feat_proj(self.feat_norm(x[:, :, :FEAT_DIM])) + self.neck_proj(self.neck_norm(x[:, :, FEAT_DIM:]))
        else:
            x = self.feat_proj(self.feat_norm(x))
        x = x + self.mem_pos(torch.arange(s, device=x.device)).unsqueeze(0)
        for layer in self.mem_layers:
            x = layer(x, memory_mask)
        return self.mem_norm(x)

    def memory_kv(self, mem):
        cross = []
        for layer in self.layers:
            k, v = layer.cross.memory_kv(mem)
            cross += [k, v]
        dk, dv = self.draft_cross.memory_kv(mem)
        return torch.stack(cross, 0), torch.stack([dk, dv], 0)

    def draft_memory_kv(self, mem):
        """The draft block's part of memory_kv alone (draft training, where the decoder's part is frozen).
        memory_kv keeps its own two lines: the exported memory graph's node order depends on them."""
        return torch.stack(list(self.draft_cross.memory_kv(mem)), 0)

    # --- decoder graph ------------------------------------------------------------------------
    def decode(self, input_ids, position_ids, attn_mask, past_kv, cross_kv, memory_mask):
        x = self.tok(input_ids) + self.pos(position_ids)
        present = []
        for i, layer in enumerate(self.layers):
            x, k, v = layer(x, attn_mask, past_kv[2 * i], past_kv[2 * i + 1],
                            cross_kv[2 * i], cross_kv[2 * i + 1], memory_mask)
            present += [k, v]
        hidden = self.norm(x)
        return self.head(hidden), hidden, torch.stack(present, 0)

    # --- draft graph --------------------------------------------------------------------------
    def draft(self, hidden, input_ids, position_ids, draft_kv, memory_mask):
        """hidden at t [B,T,D] and token at t+1 → logits for t+2; positionwise, so T may be > 1 in training."""
        e = self.tok(input_ids) + self.pos(position_ids)
        x = self.draft_in(torch.cat([self.draft_tok_norm(e), self.draft_hid_norm(hidden)], dim=-1))
        x = x + self.draft_cross(x, draft_kv[0], draft_kv[1], memory_mask)
        if self.cfg.draft_mlp:
            x = x + self.draft_mlp(self.draft_norm2(x))
        h = self.draft_norm(x)
        return self.head(h), h


def padding_mask(lengths, size):
    """Additive mask [B,1,1,size]: 0 for the first `lengths[b]` slots, -1e9 after."""
    keep = torch.arange(size, device=lengths.device)[None, :] < lengths[:, None]
    return torch.where(keep, 0.0, -1e9)[:, None, None, :]


def causal_mask(lengths, size):
    """Additive [B,1,T,T]: causal and blind to right padding."""
    causal = torch.ones(size, size, dtype=torch.bool, device=lengths.device).tril()
    keep = causal[None] & (torch.arange(size, device=lengths.device)[None, None, :] < lengths[:, None, None])
    return torch.where(keep, 0.0, -1e9)[:, None]
