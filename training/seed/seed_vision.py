"""DeepEncoder: SAM-style windowed ViT -> 16x conv compressor -> CLIP-style global ViT, (CLIP || SAM) -> projector.

Parameter names follow the published checkpoints (model.sam_model.*, model.vision_model.*,
model.projector.layers.*) so a state dict loads without renaming. Position tables are resized to a
view's grid once, outside the traced graph (`for_grid`), because bicubic antialiased resizing has no
ONNX export; each exported view graph (global 1024, tile 640) carries its own resized tables.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def resize_grid_table(table, grid):
    """[1, S, S, C] absolute position table -> [1, grid, grid, C] (bicubic, antialiased)."""
    if table.shape[1] == grid:
        return table
    t = F.interpolate(table.permute(0, 3, 1, 2).float(), size=(grid, grid), mode="bicubic",
                      antialias=True, align_corners=False)
    return t.permute(0, 2, 3, 1)


class LayerNorm2d(nn.Module):
    def __init__(self, channels, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(channels))
        self.bias = nn.Parameter(torch.zeros(channels))
        self.eps = eps

    def forward(self, x):
        mean = x.mean(1, keepdim=True)
        var = (x - mean).pow(2).mean(1, keepdim=True)
        x = (x - mean) / torch.sqrt(var + self.eps)
        return self.weight[:, None, None] * x + self.bias[:, None, None]


def _rel_table(q_size, k_size, table):
    """Relative position rows for every (query, key) pair along one axis: [q_size, k_size, C]."""
    span = 2 * max(q_size, k_size) - 1
    if table.shape[0] != span:
        table = F.interpolate(table.t().unsqueeze(0), size=span, mode="linear").squeeze(0).t()
    q = torch.arange(q_size)[:, None] * max(k_size / q_size, 1.0)
    k = torch.arange(k_size)[None, :] * max(q_size / k_size, 1.0)
    idx = (q - k) + (k_size - 1) * max(q_size / k_size, 1.0)
    return table[idx.long()]


class SamAttention(nn.Module):
    def __init__(self, dim, heads, rel_pos, size):
        super().__init__()
        self.heads = heads
        self.scale = (dim // heads) ** -0.5
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)
        self.rel_pos = rel_pos
        if rel_pos:
            self.rel_pos_h = nn.Parameter(torch.zeros(2 * size - 1, dim // heads))
            self.rel_pos_w = nn.Parameter(torch.zeros(2 * size - 1, dim // heads))

    def forward(self, x):
        B, H, W, C = x.shape
        c = C // self.heads
        qkv = self.qkv(x).reshape(B, H * W, 3, self.heads, c).permute(2, 0, 3, 1, 4)
        q, k, v = qkv.unbind(0)  # [B, heads, N, c]
        if self.rel_pos:
            rh = _rel_table(H, H, self.rel_pos_h)  # [H, H, c]
            rw = _rel_table(W, W, self.rel_pos_w)  # [W, W, c]
        # Global blocks of a 1024 view hold 4096 tokens: one head's scores are 64 MiB at SAM-base
        # sizes, all twelve 768 MiB. Heads run one at a time there so no buffer nears WebGPU's limits.
        groups = [slice(h, h + 1) for h in range(self.heads)] if H * W > 1024 else [slice(0, self.heads)]
        outs = []
        for g in groups:
            qh, kh, vh = q[:, g], k[:, g], v[:, g]
            n = qh.shape[1]
            attn = (qh * self.scale) @ kh.transpose(-2, -1)  # [B, n, N, N]
            if self.rel_pos:
                # Decomposed relative positions: a row term and a column term added to every logit.
                rq = qh.reshape(-1, H, W, c)
                bias_h = torch.matmul(rq, rh.transpose(1, 2))  # [b, H, W, H]
                bias_w = torch.matmul(rq.transpose(1, 2), rw.transpose(1, 2)).transpose(1, 2)  # [b, H, W, W]
                attn = attn.reshape(-1, H, W, H, W) + bias_h[:, :, :, :, None] + bias_w[:, :, :, None, :]
                attn = attn.reshape(B, n, H * W, H * W)
            outs.append(attn.softmax(dim=-1) @ vh)
        x = torch.cat(outs, dim=1) if len(outs) > 1 else outs[0]
        x = x.view(B, self.heads, H, W, c).permute(0, 2, 3, 1, 4).reshape(B, H, W, C)
        return self.proj(x)


class SamMlp(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.lin1 = nn.Linear(dim, hidden)
        self.lin2 = nn.Linear(hidden, dim)

    def forward(self, x):
        return self.lin2(F.gelu(self.lin1(x)))


class SamBlock(nn.Module):
    def __init__(self, dim, heads, window, rel_pos, grid):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim, eps=1e-6)
        self.attn = SamAttention(dim, heads, rel_pos, window if window > 0 else grid)
        self.norm2 = nn.LayerNorm(dim, eps=1e-6)
        self.mlp = SamMlp(dim, dim * 4)
        self.window = window

    def forward(self, x):
        shortcut = x
        x = self.norm1(x)
        if self.window > 0:
            B, H, W, C = x.shape
            w = self.window
            ph, pw = (w - H % w) % w, (w - W % w) % w
            x = F.pad(x, (0, 0, 0, pw, 0, ph))
            Hp, Wp = H + ph, W + pw
            x = x.view(B, Hp // w, w, Wp // w, w, C).permute(0, 1, 3, 2, 4, 5).reshape(-1, w, w, C)
            x = self.attn(x)
            x = x.view(B, Hp // w, Wp // w, w, w, C).permute(0, 1, 3, 2, 4, 5).reshape(B, Hp, Wp, C)
            x = x[:, :H, :W, :]
        else:
            x = self.attn(x)
        x = shortcut + x
        return x + self.mlp(self.norm2(x))


class PatchEmbed(nn.Module):
    def __init__(self, patch, dim):
        super().__init__()
        self.proj = nn.Conv2d(3, dim, kernel_size=patch, stride=patch)

    def forward(self, x):
        return self.proj(x).permute(0, 2, 3, 1)


class SamStage(nn.Module):
    def __init__(self, c):
        super().__init__()
        grid = c["img_size"] // c["patch"]
        self.patch_embed = PatchEmbed(c["patch"], c["width"])
        self.pos_embed = nn.Parameter(torch.zeros(1, grid, grid, c["width"]))
        self.blocks = nn.ModuleList(
            SamBlock(c["width"], c["heads"], 0 if i in c["global_layers"] else c["window"], c["rel_pos"], grid)
            for i in range(c["depth"]))
        out = c["out_chans"]
        self.neck = nn.Sequential(
            nn.Conv2d(c["width"], out, 1, bias=False), LayerNorm2d(out),
            nn.Conv2d(out, out, 3, padding=1, bias=False), LayerNorm2d(out))
        a, b = c["down_chans"]
        # The 16x token compressor: two stride-2 convs (4x fewer rows and columns).
        self.net_2 = nn.Conv2d(out, a, 3, stride=2, padding=1, bias=False)
        self.net_3 = nn.Conv2d(a, b, 3, stride=2, padding=1, bias=False)

    def forward(self, x, pos):
        x = self.patch_embed(x) + pos
        for blk in self.blocks:
            x = blk(x)
        x = self.neck(x.permute(0, 3, 1, 2))
        return self.net_3(self.net_2(x))


class ClipEmbeddings(nn.Module):
    def __init__(self, c):
        super().__init__()
        grid = c["image_size"] // c["patch"]
        self.class_embedding = nn.Parameter(torch.zeros(c["width"]))
        # Unused (SAM features replace patchified pixels) but present in checkpoints.
        self.patch_embedding = nn.Conv2d(3, c["width"], c["patch"], c["patch"], bias=False)
        self.position_embedding = nn.Embedding(grid * grid + 1, c["width"])

    def table_for(self, grid):
        """Class row + grid x grid rows, resized from the pretraining grid."""
        t = self.position_embedding.weight
        src = int(math.isqrt(t.shape[0] - 1))
        cells = resize_grid_table(t[1:].view(1, src, src, -1), grid).reshape(grid * grid, -1)
        return torch.cat([t[:1], cells], dim=0)[None]


class ClipLayer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.heads = c["heads"]
        self.layer_norm1 = nn.LayerNorm(c["width"], eps=1e-5)
        self.self_attn = nn.Module()
        self.self_attn.qkv_proj = nn.Linear(c["width"], 3 * c["width"])
        self.self_attn.out_proj = nn.Linear(c["width"], c["width"])
        self.layer_norm2 = nn.LayerNorm(c["width"], eps=1e-5)
        self.mlp = nn.Module()
        self.mlp.fc1 = nn.Linear(c["width"], c["ffn"])
        self.mlp.fc2 = nn.Linear(c["ffn"], c["width"])

    def forward(self, x):
        B, N, C = x.shape
        h = self.self_attn.qkv_proj(self.layer_norm1(x)).view(B, N, 3, self.heads, C // self.heads)
        q, k, v = h.permute(2, 0, 3, 1, 4).unbind(0)
        a = torch.softmax((q @ k.transpose(-2, -1)) * (C // self.heads) ** -0.5, dim=-1) @ v
        x = x + self.self_attn.out_proj(a.transpose(1, 2).reshape(B, N, C))
        h = self.mlp.fc1(self.layer_norm2(x))
        return x + self.mlp.fc2(h * torch.sigmoid(1.702 * h))  # quick GELU


class ClipStage(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.embeddings = ClipEmbeddings(c)
        self.pre_layrnorm = nn.LayerNorm(c["width"], eps=1e-5)
        self.transformer = nn.Module()
        self.transformer.layers = nn.ModuleList(ClipLayer(c) for _ in range(c["layers"]))

    def forward(self, sam_feats, pos):
        B = sam_feats.shape[0]
        x = sam_feats.flatten(2).transpose(1, 2)
        cls = self.embeddings.class_embedding.view(1, 1, -1).expand(B, 1, -1)
        x = self.pre_layrnorm(torch.cat([cls, x], dim=1) + pos)
        for layer in self.transformer.layers:
            x = layer(x)
        return x[:, 1:]


class Projector(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.layers = nn.Linear(d_in, d_out)

    def forward(self, x):
        return self.layers(x)


def view_tables(model, size):
    """Position tables of one view size (1024 global, 640 tile), computed once per exported graph."""
    sam = model.sam_model
    grid = size // sam.patch_embed.proj.stride[0]
    with torch.no_grad():
        sam_pos = resize_grid_table(sam.pos_embed, grid).detach().clone()
        clip_pos = model.vision_model.embeddings.table_for(grid // 4).detach().clone()
    return sam_pos, clip_pos


def encode_view(model, pixels, sam_pos, clip_pos):
    """[B,3,S,S] normalized pixels -> [B, (S/64)^2, D] decoder-width visual tokens (row-major)."""
    sam = model.sam_model(pixels, sam_pos)
    clip = model.vision_model(sam, clip_pos)
    feats = torch.cat([clip, sam.flatten(2).transpose(1, 2)], dim=-1)
    return model.projector(feats)
