#!/usr/bin/env bash
# Training on a CUDA machine, checked before a real run is sized for it: each task's smoke run (stopped and
# resumed against a straight one, as test/training-loop.test.ts does on the CPU), then training steps timed
# at the real batch shapes on document-length synthetic lines, on the GPU and on the machine's CPU.
#   bash training/gpu_check.sh [OUT_DIR]    (python3 with torch; runs from the repository root)
set -uo pipefail
out=${1:-/tmp/pagemark-gpu-check}
py=${PYTHON:-python3}
dev=${DEVICE:-cuda}  # DEVICE=cpu tries the script on a machine without one
lines=${LINES:-6000}
mkdir -p "$out"
export PYTHONUNBUFFERED=1 OMP_WAIT_POLICY=PASSIVE
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT

$py -c 'import torch; print("torch", torch.__version__, "cuda", torch.cuda.is_available(),
  torch.cuda.get_device_name(0) if torch.cuda.is_available() else "")'
$py -m training.smoke_data "$d/smoke" >/dev/null || exit 1

train() {  # config work init runs [extra ...]
  local config=$1 work=$2 init=$3 runs=$4; shift 4
  $py -m training.run --config "training/configs/$config.toml" --work "$d/smoke/$work" --runs "$d/$runs" \
    --init "training/checkpoints/$init.pt" --set eval_n=2 --set final_eval_n=2 "$@"
}

# resume: same step count and losses as the straight run (on CUDA up to its kernels' nondeterminism)
for spec in "pocket-v1 lines pocket-v0 120" "pocket-v3 lines pocket-v1 120" "formula-v7 formula formula-v6 600"; do
  set -- $spec
  opts=(--device "$dev" --set steps=6 --set "batch_steps=$4")
  train "$1" "$2" "$3" a "${opts[@]}" >"$out/$1-a.log" 2>&1
  train "$1" "$2" "$3" b "${opts[@]}" --until 3 >"$out/$1-b.log" 2>&1
  train "$1" "$2" "$3" b "${opts[@]}" >>"$out/$1-b.log" 2>&1
  $py - "$d/a/$1/log.jsonl" "$d/b/$1/log.jsonl" "$1" <<'EOF'
import json, sys
a, b = ([json.loads(l) for l in open(p)] for p in sys.argv[1:3])
gap = max((abs(x["loss"] - y["loss"]) for x, y in zip(a, b)), default=float("nan"))
print(f"{sys.argv[3]}: steps {[r['step'] for r in b]}, straight vs resumed loss gap {gap:.2e}")
EOF
  tail -n 3 "$out/$1-b.log"
done

# throughput: $lines document-length lines, pocket-v1's model, batches of 1500 and 12000 memory steps
$py -m training.smoke_data "$d/big" --lines "$lines" >/dev/null
for on in $(printf "%s\n" "$dev" cpu | uniq); do
  for bs in 1500 12000; do
    steps=$([ "$on" = cuda ] && echo 200 || echo 20)
    $py -m training.run --config training/configs/pocket-v1.toml --work "$d/big/lines" --runs "$d/t-$on-$bs" \
      --init training/checkpoints/pocket-v0.pt --device "$on" --threads "$(nproc)" --set "steps=$steps" \
      --set "batch_steps=$bs" --set eval_every=0 --set save_every=0 --set final_eval_n=2 --set log_every=10 \
      >"$out/speed-$on-$bs.log" 2>&1
    $py - "$d/t-$on-$bs/pocket-v1/checkpoint.pt" "$on" "$bs" "$steps" <<'EOF'
import sys, torch
ck = torch.load(sys.argv[1], map_location="cpu", weights_only=False)
s = ck["state"]
print(f"{sys.argv[2]} batch_steps {sys.argv[3]}: {s['step']} steps in {s['seconds']:.1f} s, "
      f"{s['step'] / s['seconds']:.2f} steps/s")
EOF
  done
done
