"""A small Hugging Face tokenizer.json in the format DeepSeek-OCR ships: byte-level BPE (GPT-2 byte
alphabet, ByteLevel decoder) with the control tokens as added tokens. seed-tiny uses it so the app and the
tests decode the converted pack the way they decode a real checkpoint's tokenizer.

Some merged tokens end inside a multi-byte UTF-8 character ("â\u0122" is E2 80, the start of "—", "“",
"”"), as in the real vocabulary, so decoding must join bytes across tokens.
"""

WORDS = [
    " the", " and", " of", " to", " in", " is", " for", " with", "the", "The", "\n\n", "## ", "# ", "- ",
    "<table>", "</table>", "<tr>", "</tr>", "<td>", "</td>", "\\(", "\\)", "\\[", "\\]", "\\frac", "$$",
    "é", "ü", "ö", "ß", "—", "–", "“", "”", "→", "≤", "∑", "α", "β", "π", "中", "文", "日本", "😀",
    " page", " text", " table", " figure", " formula", " model", " document", " Markdown", " reading",
    " order", " column", " section", " result", " value", " number", " data", " line", " width",
    " however", " between", " which", " these", " their", " using", " shown", " equation", " method",
    " training", " between", " images", " tokens", " decoder", " encoder", " layout", " heading",
    " paragraph", " footnote", " caption", " content", " example", " results", " accuracy", " speed",
    " a", " b", " c", " x", " y", " 1", " 2", " 0", "**", "|", " |", "...", "1.", "2.", " A", " I",
]


def bytes_to_unicode():
    keep = list(range(0x21, 0x7F)) + list(range(0xA1, 0xAD)) + list(range(0xAE, 0x100))
    table, extra = {}, 0
    for b in range(256):
        if b in keep:
            table[b] = chr(b)
        else:
            table[b] = chr(256 + extra)
            extra += 1
    return table


def byte_level_tokenizer(specials, size):
    b2u = bytes_to_unicode()
    vocab = {}
    merges = []
    for b in range(256):
        vocab[b2u[b]] = len(specials) + b

    def add(tok):
        if tok in vocab:
            return
        add(tok[:-1])
        merges.append(f"{tok[:-1]} {tok[-1]}")
        vocab[tok] = len(specials) + len(vocab)

    for w in WORDS:
        spelled = "".join(b2u[b] for b in w.encode("utf-8"))
        new = sum(spelled[:i] not in vocab for i in range(2, len(spelled) + 1))
        if len(specials) + len(vocab) + new > size:
            continue
        add(spelled)
    if len(specials) + len(vocab) > size:
        raise SystemExit("tokenizer larger than the vocabulary")
    added = [{"id": i, "content": s, "single_word": False, "lstrip": False, "rstrip": False,
              "normalized": False, "special": True} for i, s in enumerate(specials)]
    byte_level = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True}
    return {
        "version": "1.0", "truncation": None, "padding": None, "added_tokens": added, "normalizer": None,
        "pre_tokenizer": byte_level, "post_processor": None, "decoder": byte_level,
        "model": {"type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": None,
                  "end_of_word_suffix": None, "fuse_unk": False, "byte_fallback": False, "vocab": vocab,
                  "merges": merges},
    }
