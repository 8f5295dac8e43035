"""The line recognizer's vocabulary: single-character pieces (docs/pack-format.md, "Tokenizer").

Fixed, not derived from the training labels, so a pack's ids never shift when the data changes.
"""
import json
import unicodedata

SPECIALS = ["<pad>", "<bos>", "<eos>", "<unk>"]
PAD, BOS, EOS, UNK = 0, 1, 2, 3

_RANGES = [
    (0x20, 0x7E),  # ASCII printable
    (0xA1, 0xFF),  # Latin-1 letters and signs (0xA0 nbsp is normalized to a space)
    (0x100, 0x17F),  # Latin Extended-A (Polish, Czech, Turkish, ...)
    (0x391, 0x3A9),  # Greek capitals
    (0x3B1, 0x3C9),  # Greek small letters
]
_EXTRA = (
    "–—‘’‚“”„†‡•…‰′″‹›€™№←↑→↓↔⇒⇔∀∂∃∅∇∈∉∏∑−∓∗∘√∝∞∠∧∨∩∪∫≈≠≡≤≥⊂⊃⊆⊇⊕⊗⊥⋅⌈⌉⌊⌋"
    "□■▪▫▲►▼◄○●★☆✓✔✗ƒˆˇ˘˙˚˛˜˝ϑϕϖ"
)

# Characters that PDF text layers and typesetters produce but the recognizer should read as plain text.
_NORMALIZE = {
    "\u00a0": " ", "\u2002": " ", "\u2003": " ", "\u2009": " ", "\u200a": " ", "\u202f": " ",
    "\u00ad": "", "\u200b": "", "\ufeff": "",
    "\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl", "\ufb05": "st", "\ufb06": "st",
    "\u2010": "-", "\u2011": "-", "\u2012": "–", "\u2212": "−",
    "\u2032": "′", "\u2044": "/", "\u2215": "/", "\u2024": ".", "\u00b7": "·",
}


def pieces():
    chars = []
    for a, b in _RANGES:
        chars.extend(chr(c) for c in range(a, b + 1))
    chars.extend(_EXTRA)
    seen, out = set(), []
    for c in chars:
        if c not in seen and unicodedata.category(c) not in ("Cc", "Cf", "Mn"):
            seen.add(c)
            out.append(c)
    return SPECIALS + out


PIECES = pieces()
INDEX = {p: i for i, p in enumerate(PIECES)}


def normalize(text):
    text = unicodedata.normalize("NFC", text)
    text = "".join(_NORMALIZE.get(c, c) for c in text)
    return " ".join(text.split())


def encode(text):
    """Ids of a normalized line, or None when it holds a character outside the vocabulary."""
    ids = []
    for c in text:
        i = INDEX.get(c)
        if i is None:
            return None
        ids.append(i)
    return ids


def decode(ids):
    return "".join(PIECES[i] for i in ids if i >= len(SPECIALS))


def tokenizer_json():
    return json.dumps({"type": "pieces", "pieces": PIECES}, ensure_ascii=False, separators=(",", ":"))


if __name__ == "__main__":
    print(len(PIECES))
