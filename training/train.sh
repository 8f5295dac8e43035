#!/usr/bin/env bash
# Rebuilds the pocket pack from nothing: synthetic PDFs → labelled line crops → cached encoder features →
# training → int8 export → evaluation. Every step is resumable (finished outputs are kept, training resumes
# from training/work/checkpoint.pt). Runs in the background; log in training/work/train.log.
#   npm run train                 # background
#   TRAIN_MINUTES=60 bash training/train.sh --foreground
#   TRAIN_INIT=checkpoints/pocket-v1.pt TRAIN_LR=8e-4 npm run train   # fine-tune committed weights (v1: same decoder as the shipped v2)
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=training/work
mkdir -p "$WORK"
if [ "${1:-}" != "--foreground" ]; then
  nohup bash training/train.sh --foreground >> "$WORK/train.log" 2>&1 &
  echo "training in the background (pid $!); log: $WORK/train.log"
  exit 0
fi
PY=/usr/bin/python3 # Debian's torch and onnx live there, not in the first python3 on PATH
export ONNXRUNTIME_NODE_INSTALL=skip
step() { echo "== $(date +%H:%M:%S) $*"; }

step "encoder cut and feature graph"
$PY training/cut_encoder.py
[ -f "$WORK/rec-features.onnx" ] || $PY training/cut_encoder.py --features "$WORK/rec-features.onnx"
[ -f "$WORK/neck.onnx" ] || $PY training/cut_encoder.py --neck "$WORK/neck.onnx"

step "synthetic documents (Chromium)"
$PY training/data/html_docs.py "$WORK/synth" "${SYNTH_DOCS:-90}"

step "line boxes and labels"
[ -f "$WORK/lines.jsonl" ] || $PY training/data/pdf_lines.py
(cd training/data && $PY scan_lines.py)  # old-scan versions of the clean training pages (once)

step "encoder features"
[ -f "$WORK/features/DONE" ] || npx tsx training/extract-features.ts "$WORK"
npx tsx training/extract-neck.ts "$WORK"

step "tesseract baseline on the eval crops"
$PY training/eval_tesseract.py

step "training"
(cd training && OMP_WAIT_POLICY=PASSIVE $PY train.py --minutes "${TRAIN_MINUTES:-60}" --threads "${TRAIN_THREADS:-2}" ${TRAIN_INIT:+--init "$TRAIN_INIT"} ${TRAIN_LR:+--lr "$TRAIN_LR"})

step "draft block (slim, retrained on the frozen decoder)"
(cd training && OMP_WAIT_POLICY=PASSIVE $PY train_draft.py --init work/checkpoint.pt --draft-mlp 0 --minutes "${DRAFT_MINUTES:-35}" --threads "${TRAIN_THREADS:-2}")

step "export"
(cd training && $PY export_pocket.py work/draft-checkpoint.pt)
# export_pocket.py rewrites pack.json: put the formula recognizer (committed weights) back in
[ -f training/checkpoints/formula-v7.pt ] && $PY training/formula/export_formula.py
npx tsx training/check-graphs.ts models/pocket

step "evaluation"
npx tsx training/eval-pack.ts "$WORK/pocket-float" | tee "$WORK/eval-float.txt"
npx tsx training/eval-pack.ts models/pocket | tee "$WORK/eval-int8.txt"
step "done"
