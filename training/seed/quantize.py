"""Weight-only quantization that keeps a T=K+1 verify call equal to K+1 single steps.

- Linear projections and experts -> 4-bit MatMulNBits (com.microsoft, symmetric, block 32 along K,
  implicit zero point 8). The PyTorch weights are replaced by their dequantized values first, so the
  reference model and the ONNX graph compute the same function and parity is checked at 1e-4.
- Token embeddings -> optionally int8 rows with one float scale per row (Gather, Cast, Mul).
"""
import hashlib

import numpy as np
import torch
from onnx import TensorProto, helper, numpy_helper

BLOCK = 32
PROJECTIONS = ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj", "eh_proj")
VISION = ("model.sam_model.", "model.vision_model.", "model.projector.")


def quantize_4bit(w):
    """w [N, K] float32 -> (packed uint8 [N, blocks, BLOCK/2], scales float32 [N*blocks], dequantized [N, K])."""
    N, K = w.shape
    blocks = -(-K // BLOCK)
    padded = np.zeros((N, blocks * BLOCK), np.float32)
    padded[:, :K] = w
    b = padded.reshape(N, blocks, BLOCK)
    scale = np.abs(b).max(-1) / 7.0
    scale[scale == 0] = 1.0
    scale = scale.astype(np.float32)
    q = np.clip(np.round(b / scale[..., None]), -8, 7).astype(np.int32) + 8
    deq = ((q - 8).astype(np.float32) * scale[..., None]).reshape(N, -1)[:, :K]
    packed = (q[..., 0::2] | (q[..., 1::2] << 4)).astype(np.uint8)
    return packed, scale.reshape(-1), deq


def _key(a):
    return hashlib.sha1(np.ascontiguousarray(a, np.float32).tobytes()).hexdigest()


def _quantized(name, vision):
    if name.startswith(VISION):
        # Every linear layer of the vision towers (qkv, proj, lin1/2, qkv_proj, out_proj, fc1/2, projector).
        return vision
    return name.split(".")[-1] in PROJECTIONS or name == "lm_head"


def fake_quantize(model, int8_embeddings=False, vision=False):
    """Replace projection / expert / head weights by their 4-bit dequantized values, and (optionally)
    the token embeddings by int8 rows; with `vision`, the vision towers' linear layers too. Returns {sha1 of W^T as ONNX stores it: (packed, scales, N, K)}
    and the embedding codes for the graph rewrite (None when embeddings stay float32).

    int8 embeddings are off by default: onnxruntime-web 1.30's WebGPU EP returned wrong embeddings from
    the int8 Gather -> Cast -> Mul chain inside the draft graph (the same chain alone was right)."""
    table = {}
    with torch.no_grad():
        for name, mod in model.named_modules():
            if not isinstance(mod, torch.nn.Linear):
                continue
            if not _quantized(name, vision):
                continue
            w = mod.weight.detach().numpy().astype(np.float32)
            packed, scales, deq = quantize_4bit(w)
            mod.weight.copy_(torch.from_numpy(deq))
            table[_key(deq.T)] = (packed, scales, deq.shape[0], deq.shape[1])
        if not int8_embeddings:
            return table, None
        emb = model.model.embed_tokens.weight
        e = emb.detach().numpy().astype(np.float32)
        escale = (np.abs(e).max(1) / 127.0).astype(np.float32)
        escale[escale == 0] = 1.0
        codes = np.clip(np.round(e / escale[:, None]), -127, 127).astype(np.int8)
        deq = codes.astype(np.float32) * escale[:, None]
        emb.copy_(torch.from_numpy(deq))
    return table, {"key": _key(deq), "codes": codes, "scales": escale}


def rewrite_graph(model_proto, table, embedding):
    """MatMul(x, W^T initializer) -> MatMulNBits; Gather(embedding, ids) -> int8 Gather * row scale."""
    g = model_proto.graph
    inits = {i.name: i for i in g.initializer}
    new_nodes, used, replaced = [], set(), 0
    for node in g.node:
        if node.op_type == "MatMul" and node.input[1] in inits:
            arr = numpy_helper.to_array(inits[node.input[1]])
            hit = table.get(_key(arr)) if arr.ndim == 2 else None
            if hit is not None:
                packed, scales, N, K = hit
                base = node.input[1]
                extra = [numpy_helper.from_array(packed, base + "_q4"), numpy_helper.from_array(scales, base + "_scales")]
                g.initializer.extend(extra)
                new_nodes.append(helper.make_node(
                    "MatMulNBits", [node.input[0], base + "_q4", base + "_scales"], list(node.output),
                    name=(node.name or base) + "_q4", domain="com.microsoft", K=K, N=N, bits=4, block_size=BLOCK))
                used.add(base)
                replaced += 1
                continue
        if node.op_type == "Gather" and node.input[0] in inits and embedding is not None:
            arr = numpy_helper.to_array(inits[node.input[0]])
            if arr.ndim == 2 and _key(arr) == embedding["key"]:
                base, ids, out = node.input[0], node.input[1], node.output[0]
                g.initializer.extend([numpy_helper.from_array(embedding["codes"], base + "_i8"),
                                      numpy_helper.from_array(embedding["scales"][:, None].copy(), base + "_row_scale")])
                new_nodes += [
                    helper.make_node("Gather", [base + "_i8", ids], [out + "_i8"], axis=0),
                    helper.make_node("Cast", [out + "_i8"], [out + "_f"], to=TensorProto.FLOAT),
                    helper.make_node("Gather", [base + "_row_scale", ids], [out + "_s"], axis=0),
                    helper.make_node("Mul", [out + "_f", out + "_s"], [out]),
                ]
                used.add(base)
                replaced += 1
                continue
        new_nodes.append(node)
    still = {i for n in new_nodes for i in n.input}
    keep = [i for i in g.initializer if not (i.name in used and i.name not in still)]
    del g.initializer[:]
    g.initializer.extend(keep)
    del g.node[:]
    g.node.extend(new_nodes)
    if not any(o.domain == "com.microsoft" for o in model_proto.opset_import):
        model_proto.opset_import.append(helper.make_opsetid("com.microsoft", 1))
    return replaced
