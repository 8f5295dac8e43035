#!/usr/bin/env bash
# The line recognizer's fine-tune on rendered lines, in one call on a lent GPU machine: the lines are rendered
# and encoded on its CPUs (training/data/rendered_lines.py build, from the folder `prepare` made here and
# carried), then the config trains on its GPU; the released weights, the run's log and the data's count come
# back in OUT. Every bound is a count except two safety caps, which are logged: BUILD_SECONDS stops the build
# early (the texts kept are the first N, so `--texts N` repeats it) and TRAIN_MINUTES saves and stops the run.
#   bash training/device_lines.sh            (carry training/work/device)
set -euo pipefail
out=${OUT:-/tmp/pagemark-device-out}
config=${CONFIG:-pocket-v5-decoder}
work=${WORK:-/tmp/pagemark-rendered}
mkdir -p "$out"
export PYTHONUNBUFFERED=1 OMP_WAIT_POLICY=PASSIVE
py=${PYTHON:-python3}
$py -c 'import torch, onnxruntime; print("torch", torch.__version__, "cuda", torch.cuda.is_available(), "onnxruntime", onnxruntime.__version__)'
$py -m training.data.rendered_lines build training/work/device "$work" --texts "${TEXTS:-40000}" \
  ${BUILD_SECONDS:+--max-seconds "$BUILD_SECONDS"} 2>&1 | tee "$out/build.log"
rc=0
$py -m training.run --config "training/configs/$config.toml" --work "$work" --runs /tmp/pagemark-runs \
  --device "${DEVICE:-cuda}" ${TRAIN_MINUTES:+--max-minutes "$TRAIN_MINUTES"} 2>&1 | tee "$out/train.log" || rc=$?
cp "/tmp/pagemark-runs/$config/log.jsonl" "$out/$config.log.jsonl" || true
$py -m training.release "/tmp/pagemark-runs/$config/checkpoint.pt" "$out/$config.pt"
exit $rc
