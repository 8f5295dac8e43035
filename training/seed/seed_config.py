"""Sizes of a seed (DeepSeek-OCR / jina-ocr-v1 style) checkpoint, read from its config.json.

The published config.json nests the decoder under `language_config` and names only the widths of the
vision towers; every vision size it does not name defaults to the published SAM-base / CLIP-L values.
A replica (tests) writes the full `pagemark_vision` block so its towers can be tiny.
"""


def _sam_defaults(width=768, layers=12, heads=12):
    # SAM-base: window 14 with global attention every 3rd block, 256-channel neck, 16x conv compressor.
    glob = [i for i in range(layers) if i % 3 == 2]
    return {"img_size": 1024, "patch": 16, "width": width, "depth": layers, "heads": heads, "window": 14,
            "global_layers": glob, "out_chans": 256, "down_chans": [512, 1024], "rel_pos": True}


def _clip_defaults(width=1024, layers=24, heads=16):
    return {"width": width, "layers": layers, "heads": heads, "ffn": 4 * width, "image_size": 224, "patch": 14}


def read_config(raw):
    lang = dict(raw.get("language_config") or {})
    for k, v in raw.items():
        if k not in ("language_config", "vision_config", "projector_config"):
            lang.setdefault(k, v)
    hidden = lang["hidden_size"]
    heads = lang["num_attention_heads"]
    decoder = {
        "hidden": hidden,
        "layers": lang["num_hidden_layers"],
        "heads": heads,
        "kv_heads": lang.get("num_key_value_heads", heads),
        "head_dim": lang.get("head_dim") or hidden // heads,
        "intermediate": lang["intermediate_size"],
        "moe_intermediate": lang["moe_intermediate_size"],
        "routed": lang["n_routed_experts"],
        "shared": lang.get("n_shared_experts", 0) or 0,
        "top_k": lang["num_experts_per_tok"],
        "first_dense": lang.get("first_k_dense_replace", 0),
        "vocab": lang["vocab_size"],
        "rope_theta": float(lang.get("rope_theta", 10000.0)),
        "eps": float(lang.get("rms_norm_eps", 1e-6)),
        "norm_topk": bool(lang.get("norm_topk_prob", False)),
        "routed_scale": float(lang.get("routed_scaling_factor", 1.0)),
        "max_positions": lang.get("max_position_embeddings", 8192),
    }
    if lang.get("use_mla"):
        raise ValueError("config.json: use_mla=true (multi-head latent attention) is not supported; "
                         "DeepSeek-OCR's decoder uses plain multi-head attention")
    if lang.get("topk_method", "greedy") != "greedy" or lang.get("scoring_func", "softmax") != "softmax":
        raise ValueError("config.json: only greedy top-k routing over softmax scores is supported")
    if decoder["kv_heads"] != heads:
        raise ValueError("config.json: grouped-query attention (num_key_value_heads != num_attention_heads) "
                         "is not supported")

    vis = raw.get("pagemark_vision")
    if vis is None:
        widths = (raw.get("vision_config") or {}).get("width", {})
        sam_w = widths.get("sam_vit_b", {})
        clip_w = widths.get("clip-l-14-224", {})
        vis = {
            "sam": _sam_defaults(sam_w.get("width", 768), sam_w.get("layers", 12), sam_w.get("heads", 12)),
            "clip": _clip_defaults(clip_w.get("width", 1024), clip_w.get("layers", 24), clip_w.get("heads", 16)),
            "base_size": 1024, "tile_size": 640, "min_tiles": 2, "max_tiles": 9,
        }
    proj = raw.get("projector_config") or {}
    vis = dict(vis)
    vis["projector_in"] = proj.get("input_dim", vis["clip"]["width"] + vis["sam"]["down_chans"][-1])
    if vis["projector_in"] != vis["clip"]["width"] + vis["sam"]["down_chans"][-1]:
        raise ValueError("projector input_dim must be CLIP width + SAM compressor channels")
    if vis["sam"]["down_chans"][-1] != vis["clip"]["width"]:
        raise ValueError("the SAM compressor output feeds CLIP as patch embeddings: channels must equal CLIP width")

    mtp = raw.get("pagemark_mtp") or {"intermediate": decoder["intermediate"]}
    tokens = raw.get("pagemark_tokens") or {}
    tokens = {
        "bos": tokens.get("bos", lang.get("bos_token_id", 0)),
        "eos": tokens.get("eos", lang.get("eos_token_id", 1)),
        "pad": tokens.get("pad", 2),
        "image": tokens.get("image", 128815),
    }
    return {"decoder": decoder, "vision": vis, "mtp": mtp, "tokens": tokens}
