"""The whole seed model under its checkpoint names, and the graph wrappers the converter exports."""
import torch
import torch.nn as nn

from seed_decoder import MtpBlock, SeedDecoder
from seed_vision import ClipStage, Projector, SamStage, encode_view, view_tables


class SeedModel(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        dec, vis = cfg["decoder"], cfg["vision"]
        self.cfg = cfg
        self.model = SeedDecoder(dec, cfg["mtp"], cfg["tokens"]["image"])
        self.model.sam_model = SamStage(vis["sam"])
        self.model.vision_model = ClipStage(vis["clip"])
        self.model.projector = Projector(vis["projector_in"], dec["hidden"])
        self.model.image_newline = nn.Parameter(torch.zeros(dec["hidden"]))
        self.model.view_seperator = nn.Parameter(torch.zeros(dec["hidden"]))
        self.lm_head = nn.Linear(dec["hidden"], dec["vocab"], bias=False)
        self.mtp = MtpBlock(dec, cfg["mtp"])


class GlobalViewGraph(nn.Module):
    """pixels [B,3,S,S] -> tokens [B, g*(g+1)+1, D]: rows each ended by image_newline, then view_separator."""

    def __init__(self, m, size):
        super().__init__()
        self.m = m
        self.grid = size // m.model.sam_model.patch_embed.proj.stride[0] // 4
        sam_pos, clip_pos = view_tables(m.model, size)
        self.register_buffer("sam_pos", sam_pos)
        self.register_buffer("clip_pos", clip_pos)

    def forward(self, pixels):
        core = self.m.model
        t = encode_view(core, pixels, self.sam_pos, self.clip_pos)
        B, D, g = t.shape[0], t.shape[2], self.grid
        rows = torch.cat([t.view(B, g, g, D), core.image_newline.view(1, 1, 1, D).expand(B, g, 1, D)], dim=2)
        return torch.cat([rows.reshape(B, g * (g + 1), D), core.view_seperator.view(1, 1, D).expand(B, 1, D)], dim=1)


class TileGraph(nn.Module):
    """tiles [N,3,s,s] -> tile_tokens [N, h*w, D] (row-major) and image_newline [D] for the assembly plan."""

    def __init__(self, m, size):
        super().__init__()
        self.m = m
        sam_pos, clip_pos = view_tables(m.model, size)
        self.register_buffer("sam_pos", sam_pos)
        self.register_buffer("clip_pos", clip_pos)

    def forward(self, tiles):
        core = self.m.model
        return encode_view(core, tiles, self.sam_pos, self.clip_pos), core.image_newline * 1.0


class DecoderGraph(nn.Module):
    def __init__(self, m):
        super().__init__()
        self.m = m

    def forward(self, input_ids, image_embeds, position_ids, attn_mask, past_kv):
        return self.m.model.decode(self.m.lm_head, input_ids, image_embeds, position_ids, attn_mask, past_kv)


class DraftGraph(nn.Module):
    def __init__(self, m):
        super().__init__()
        self.m = m

    def forward(self, hidden, input_ids):
        return self.m.model.draft(self.m.lm_head, self.m.mtp, hidden, input_ids)
