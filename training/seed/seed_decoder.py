"""DeepSeek-MoE decoder (DeepSeek-OCR's language model) and the FastMTP draft block.

Plain multi-head attention with rotary positions (use_mla = false), RMSNorm, the first
`first_k_dense_replace` layers dense, the rest mixture-of-experts: softmax router, greedy top-k,
routed experts + always-on shared experts. Parameter names follow the published checkpoint
(model.layers.N.self_attn.q_proj, model.layers.N.mlp.experts.E.gate_proj, ...).

The KV cache is one tensor [2L, B, H, P, dh] (keys of layer l at 2l, values at 2l+1); the caller passes
the additive mask [B, 1, T, P+T] and position ids, so rolled-back slots are masked, never copied.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class RMSNorm(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps = eps

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps))


def rotary_tables(max_positions, head_dim, theta):
    """cos and sin [max_positions, head_dim/2], computed in float64 once.

    The graph gathers rows by position instead of calling Cos/Sin: GPU sin/cos are only accurate on
    [-pi, pi], and positions reach thousands of radians, so in-graph trigonometry would make WebGPU
    disagree with the CPU more and more along a page."""
    inv = 1.0 / (theta ** (torch.arange(0, head_dim, 2, dtype=torch.float64) / head_dim))
    freqs = torch.arange(max_positions, dtype=torch.float64)[:, None] * inv
    return freqs.cos().float(), freqs.sin().float()


def rotary(position_ids, cos_table, sin_table):
    """cos, sin [B, 1, T, dh] for half-split (rotate_half) rotary embeddings."""
    cos, sin = cos_table[position_ids], sin_table[position_ids]
    return torch.cat([cos, cos], dim=-1)[:, None], torch.cat([sin, sin], dim=-1)[:, None]


def _rotate(x, cos, sin):
    half = x.shape[-1] // 2
    turned = torch.cat([-x[..., half:], x[..., :half]], dim=-1)
    return x * cos + turned * sin


class Attention(nn.Module):
    def __init__(self, c):
        super().__init__()
        D, H, dh = c["hidden"], c["heads"], c["head_dim"]
        self.H, self.dh = H, dh
        self.q_proj = nn.Linear(D, H * dh, bias=False)
        self.k_proj = nn.Linear(D, H * dh, bias=False)
        self.v_proj = nn.Linear(D, H * dh, bias=False)
        self.o_proj = nn.Linear(H * dh, D, bias=False)

    def forward(self, x, cos, sin, mask, past_k, past_v):
        B, T, _ = x.shape
        q = self.q_proj(x).view(B, T, self.H, self.dh).transpose(1, 2)
        k = self.k_proj(x).view(B, T, self.H, self.dh).transpose(1, 2)
        v = self.v_proj(x).view(B, T, self.H, self.dh).transpose(1, 2)
        q, k = _rotate(q, cos, sin), _rotate(k, cos, sin)
        k = torch.cat([past_k, k], dim=2)
        v = torch.cat([past_v, v], dim=2)
        a = torch.softmax((q @ k.transpose(-2, -1)) * self.dh ** -0.5 + mask, dim=-1) @ v
        return self.o_proj(a.transpose(1, 2).reshape(B, T, self.H * self.dh)), k, v


class Mlp(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.gate_proj = nn.Linear(dim, hidden, bias=False)
        self.up_proj = nn.Linear(dim, hidden, bias=False)
        self.down_proj = nn.Linear(hidden, dim, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class MoE(nn.Module):
    def __init__(self, c):
        super().__init__()
        D = c["hidden"]
        self.top_k, self.norm_topk, self.scale = c["top_k"], c["norm_topk"], c["routed_scale"]
        self.gate = nn.Linear(D, c["routed"], bias=False)
        self.experts = nn.ModuleList(Mlp(D, c["moe_intermediate"]) for _ in range(c["routed"]))
        self.shared_experts = Mlp(D, c["moe_intermediate"] * c["shared"]) if c["shared"] else None

    def forward(self, x):
        shape = x.shape
        flat = x.reshape(-1, shape[-1])
        scores = torch.softmax(self.gate(flat), dim=-1)
        weight, idx = torch.topk(scores, self.top_k, dim=-1)
        if self.norm_topk:
            weight = weight / weight.sum(-1, keepdim=True)
        weight = weight * self.scale
        out = torch.zeros_like(flat)
        # Sparse dispatch: each expert runs on the tokens routed to it only (NonZero + Gather in
        # ONNX), so a decode step reads top_k experts' weights, not all of them.
        for e, expert in enumerate(self.experts):
            hit = idx == e
            rows = torch.nonzero(hit.any(-1)).squeeze(1)
            w = (weight * hit.to(weight.dtype)).sum(-1)
            # 3-D input keeps the projection a MatMul (Gemm otherwise), which the 4-bit rewrite expects.
            y = expert(flat.index_select(0, rows).unsqueeze(0)).squeeze(0) * w.index_select(0, rows).unsqueeze(1)
            out = out.index_add(0, rows, y)
        if self.shared_experts is not None:
            out = out + self.shared_experts(x).reshape(flat.shape)
        return out.view(shape)


class DecoderLayer(nn.Module):
    def __init__(self, c, dense_hidden=None, moe=False):
        super().__init__()
        self.self_attn = Attention(c)
        self.mlp = MoE(c) if moe else Mlp(c["hidden"], dense_hidden or c["intermediate"])
        self.input_layernorm = RMSNorm(c["hidden"], c["eps"])
        self.post_attention_layernorm = RMSNorm(c["hidden"], c["eps"])

    def forward(self, x, cos, sin, mask, past_k, past_v):
        a, k, v = self.self_attn(self.input_layernorm(x), cos, sin, mask, past_k, past_v)
        x = x + a
        return x + self.mlp(self.post_attention_layernorm(x)), k, v


class MtpBlock(nn.Module):
    """FastMTP draft block: [enorm(embed(next id)) ; hnorm(hidden)] -> eh_proj -> one dense layer.

    Applied recursively on its own output. Its attention sees only its own position: the decoding
    interface carries no draft cache, and verification keeps the text equal to greedy either way.
    """

    def __init__(self, c, mtp):
        super().__init__()
        D = c["hidden"]
        self.enorm = RMSNorm(D, c["eps"])
        self.hnorm = RMSNorm(D, c["eps"])
        self.eh_proj = nn.Linear(2 * D, D, bias=False)
        self.layer = DecoderLayer(c, dense_hidden=mtp["intermediate"])
        self.norm = RMSNorm(D, c["eps"])


class SeedDecoder(nn.Module):
    """Holds model.embed_tokens / model.layers / model.norm / lm_head / mtp under their checkpoint names."""

    def __init__(self, c, mtp, image_token):
        super().__init__()
        self.c = c
        self.image_token = image_token
        self.embed_tokens = nn.Embedding(c["vocab"], c["hidden"])
        self.layers = nn.ModuleList(DecoderLayer(c, moe=i >= c["first_dense"]) for i in range(c["layers"]))
        self.norm = RMSNorm(c["hidden"], c["eps"])
        cos, sin = rotary_tables(c["max_positions"], c["head_dim"], c["rope_theta"])
        self.register_buffer("rope_cos", cos, persistent=False)
        self.register_buffer("rope_sin", sin, persistent=False)

    def decode(self, lm_head, input_ids, image_embeds, position_ids, attn_mask, past_kv):
        """logits [B,T,V], hidden [B,T,D] (last layer, before the final norm), present_kv [2L,B,H,P+T,dh]."""
        tok = self.embed_tokens(input_ids)
        # Image placeholder positions take the visual token the caller aligned with them.
        x = torch.where((input_ids == self.image_token).unsqueeze(-1), image_embeds, tok)
        cos, sin = rotary(position_ids, self.rope_cos, self.rope_sin)
        present = []
        for i, layer in enumerate(self.layers):
            x, k, v = layer(x, cos, sin, attn_mask, past_kv[2 * i], past_kv[2 * i + 1])
            present += [k, v]
        return lm_head(self.norm(x)), x, torch.stack(present, dim=0)

    def draft(self, lm_head, mtp, hidden, input_ids):
        """logits [B,1,V] and draft_hidden [B,1,D] for the token after `hidden`'s position."""
        h = mtp.eh_proj(torch.cat([mtp.enorm(self.embed_tokens(input_ids)), mtp.hnorm(hidden)], dim=-1))
        layer = mtp.layer
        # One position attending to itself alone: softmax over a single key is 1, so attention is
        # o_proj(v_proj(x)) and rotary positions cancel. Written out, the graph needs no empty cache.
        h = h + layer.self_attn.o_proj(layer.self_attn.v_proj(layer.input_layernorm(h)))
        h = h + layer.mlp(layer.post_attention_layernorm(h))
        return lm_head(mtp.norm(h)), h
