"""Memory plan of the full seed model in a browser, computed from its published sizes.

Prints the numbers docs/seed-model.md quotes: bytes per graph and per ≤1 GiB shard as the converter
writes them (4-bit MatMulNBits with a float32 scale per 32 weights, float32 or --int8-embeddings), KV cache per
1,000 tokens, the largest activation buffers, and bandwidth-bound tokens/s.

Run: /usr/bin/python3 training/seed/memory_plan.py [config.json] [--int8-embeddings]
"""
import json
import sys

GIB, MIB = 1 << 30, 1 << 20
Q4 = 0.5 + 4 / 32  # bytes per weight: a nibble + one float32 scale per block of 32
PUBLISHED = {
    "language_config": {
        "hidden_size": 1280, "num_hidden_layers": 12, "num_attention_heads": 10, "num_key_value_heads": 10,
        "intermediate_size": 6848, "moe_intermediate_size": 896, "n_routed_experts": 64, "n_shared_experts": 2,
        "num_experts_per_tok": 6, "first_k_dense_replace": 1, "vocab_size": 129280, "use_mla": False,
    },
}


def plan(raw, int8_embeddings=False):
    sys.path.insert(0, __file__.rsplit("/", 1)[0])
    from seed_config import read_config
    c = read_config(raw)
    d, v = c["decoder"], c["vision"]
    D, L, V, H, dh = d["hidden"], d["layers"], d["vocab"], d["heads"], d["head_dim"]
    attn = 4 * D * H * dh
    expert = 3 * D * d["moe_intermediate"]
    dense = 3 * D * d["intermediate"]
    moe_layers = L - d["first_dense"]
    emb = V * D + V * 4 if int8_embeddings else V * D * 4
    tensors = []  # (name, bytes) in graph order, as the shard writer fills files
    tensors.append(("embed_tokens", emb))
    for i in range(L):
        tensors.append((f"layer {i} attention", attn * Q4))
        if i < d["first_dense"]:
            tensors.append((f"layer {i} dense mlp", dense * Q4))
        else:
            tensors.append((f"layer {i} router fp32", d["routed"] * D * 4))
            tensors += [(f"layer {i} expert {e}", expert * Q4) for e in range(d["routed"])]
            tensors.append((f"layer {i} shared experts", expert * d["shared"] * Q4))
    tensors.append(("lm_head", V * D * Q4))
    shards, cur = [], 0
    for _, b in tensors:
        if cur + b > GIB:
            shards.append(cur)
            cur = 0
        cur += b
    shards.append(cur)
    decoder_bytes = sum(b for _, b in tensors)
    draft_bytes = emb + (attn + 3 * D * c["mtp"]["intermediate"] + 2 * D * D) * Q4 + V * D * Q4

    s, cl = v["sam"], v["clip"]
    sam_params = s["depth"] * (12 * s["width"] ** 2) + s["width"] * s["out_chans"] + 9 * s["out_chans"] ** 2 \
        + 9 * s["out_chans"] * s["down_chans"][0] + 9 * s["down_chans"][0] * s["down_chans"][1] + 768 * s["width"]
    clip_params = cl["layers"] * (4 * cl["width"] ** 2 + 2 * cl["width"] * cl["ffn"])
    proj_params = v["projector_in"] * D
    vision_params = sam_params + clip_params + proj_params

    active = L * attn + d["first_dense"] * dense + moe_layers * (d["top_k"] + d["shared"]) * expert + V * D
    kv_per_token_fp32 = 2 * L * H * dh * 4
    g = v["base_size"] // s["patch"]
    t = v["tile_size"] // s["patch"]
    sam_attn_global = g ** 4 * s["heads"] * 4  # one global block's scores (+ the same again for rel-pos bias)
    sam_attn_tile = t ** 4 * s["heads"] * 4
    max_visual = 3 * 10 * (3 * 10 + 1) + 16 * 17 + 1
    prefill_logits = max_visual * V * 4
    per_token = active * Q4
    return {
        "decoder_params_M": round((L * attn + dense + moe_layers * (d["routed"] + d["shared"]) * expert + 2 * V * D) / 1e6),
        "decoder_MiB": round(decoder_bytes / MIB), "decoder_shards_MiB": [round(x / MIB) for x in shards],
        "draft_MiB": round(draft_bytes / MIB),
        "vision_params_M": round(vision_params / 1e6),
        "vision_fp32_MiB": round(vision_params * 4 / MIB), "vision_q4_MiB": round(vision_params * Q4 / MIB),
        "active_params_per_token_M": round(active / 1e6),
        "weight_bytes_read_per_token_MiB": round(per_token / MIB),
        "kv_cache_per_1000_tokens_MiB_fp32": round(kv_per_token_fp32 * 1000 / MIB, 1),
        "largest_single_tensor_MiB": round(max(b for _, b in tensors) / MIB),
        "sam_global_attention_scores_MiB": round(sam_attn_global / MIB),
        "sam_tile_attention_scores_MiB": round(sam_attn_tile / MIB),
        "max_visual_tokens_3x3": max_visual,
        "prefill_logits_all_positions_MiB": round(prefill_logits / MIB),
        "prefill_logits_chunk256_MiB": round(256 * V * 4 / MIB),
        "tokens_per_s_upper_bound": {
            f"{bw} GB/s": round(bw * 1e9 / (per_token + kv_per_token_fp32 * 1500), 1) for bw in (68, 100, 200, 400)},
    }


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    raw = json.load(open(args[0])) if args else PUBLISHED
    print(json.dumps(plan(raw, "--int8-embeddings" in sys.argv), indent=1))
