"""Runs one training config (training/configs/NAME.toml) with the one loop (loop.py).

    /usr/bin/python3 -m training.run --config training/configs/pocket-v1.toml [--set steps=3] [--until N]
        [--device auto|cpu|cuda] [--threads N] [--max-minutes M] [--work DIR] [--runs DIR] [--init PATH]

The run's checkpoint and per-step log live in <runs>/NAME/ (default training/work/runs/NAME/); the same
command resumes it, and does nothing once it is done. `init` and `continue` in a config name another
config (its finished run) or a .pt file relative to training/. Exit status 75: stopped by --max-minutes.
"""
import argparse
import dataclasses
import os
import random
import sys
import tomllib

import torch

from .loop import TIME_CAP_EXIT, pick_device, train

HERE = os.path.dirname(os.path.abspath(__file__))
# what may differ between a run's start and its resume (they do not change what is learned: paths differ between
# machines, and a resumed run takes the rows its start froze, whatever `work` and `mix` now hold)
RESUMABLE_CHANGES = {"steps", "threads", "save_every", "eval_every", "log_every", "eval_n", "final_eval_n", "work", "mix"}


@dataclasses.dataclass
class RunConfig:
    name: str
    task: str  # lines | draft | formula
    steps: int
    lr: float
    init: str = ""  # weights to start from: a config name or a .pt path (fresh optimizer, step 0)
    continue_run: str = ""  # a config whose run this one goes on with: weights, optimizer and step count
    warmup: int = 100
    batch_steps: int = 1500  # memory steps per batch (lines of similar width together)
    seed: int = 0
    threads: int = 2
    save_every: int = 200
    eval_every: int = 1000
    log_every: int = 20
    eval_n: int = 40
    final_eval_n: int = 400
    work: str = "work"  # the task's data folder, relative to training/
    mix: list = dataclasses.field(default_factory=list)  # lines/draft: more data folders whose training lines are added
    scans: bool = True  # lines/draft: include the old-scan pages' lines (data/scan_lines.py)
    old_faces: bool = False  # lines/draft: include the old documents' lines (data/old_docs.py)
    formulas: int = 0  # formula: only the first N training formulas (0 = all)
    grid: bool = False  # formula: the 2-D features (extract.ts --grid)
    dim: int = 192
    layers: int = 3
    heads: int = 4
    neck: int = 120  # lines: SVTR neck channels read besides the backbone (0: backbone only)
    draft_mlp: int = 4  # the draft block's MLP width as a multiple of dim (0 = none: the shipped draft shape)

    def to_dict(self):
        return dataclasses.asdict(self)


def load_config(path, overrides=()):
    with open(path, "rb") as f:
        raw = tomllib.load(f)
    if "continue" in raw:
        raw["continue_run"] = raw.pop("continue")
    raw.setdefault("name", os.path.splitext(os.path.basename(path))[0])
    types = {f.name: f.type for f in dataclasses.fields(RunConfig)}
    for item in overrides:
        key, value = item.split("=", 1)
        if key not in types:
            raise SystemExit(f"--set {key}: no such config key")
        kind = types[key]
        raw[key] = value.lower() in ("1", "true", "yes") if kind is bool else value.split(",") if kind is list else kind(value)
    unknown = set(raw) - set(types)
    if unknown:
        raise SystemExit(f"{path}: unknown keys {sorted(unknown)}")
    cfg = RunConfig(**raw)
    if not os.path.isabs(cfg.work):
        cfg.work = os.path.join(HERE, cfg.work)
    cfg.mix = [m if os.path.isabs(m) else os.path.join(HERE, m) for m in cfg.mix]
    return cfg


def checkpoint_of(ref, runs):
    """A config name → its finished run's checkpoint; a .pt path → that file (relative to training/)."""
    if ref.endswith(".pt"):
        path = ref if os.path.isabs(ref) else os.path.join(HERE, ref)
        if not os.path.exists(path):
            raise SystemExit(f"{ref}: no such checkpoint")
        return torch.load(path, map_location="cpu"), path
    path = os.path.join(runs, ref, "checkpoint.pt")
    ck = torch.load(path, map_location="cpu") if os.path.exists(path) else None
    if not ck or not ck["state"].get("done"):
        raise SystemExit(f"{ref} has not finished ({path}): run training/configs/{ref}.toml first")
    return ck, path


def build_task(cfg, device, model_cfg, init):
    if cfg.task == "lines":
        from .train import LinesTask
        return LinesTask(cfg, device, model_cfg)
    if cfg.task == "draft":
        from .train_draft import DraftTask
        return DraftTask(cfg, device, model_cfg, init)
    if cfg.task == "formula":
        from .formula.train_formula import FormulaTask
        return FormulaTask(cfg, device, model_cfg)
    raise SystemExit(f"unknown task {cfg.task!r}")


def check_same_run(saved, cfg, log):
    changed = {k for k in set(saved) | set(cfg.to_dict()) if saved.get(k) != cfg.to_dict().get(k)}
    if changed - RESUMABLE_CHANGES:
        raise SystemExit(f"the checkpoint of {cfg.name} was made with other settings ({sorted(changed - RESUMABLE_CHANGES)}): "
                         "move its run folder aside to start over")
    if "steps" in changed:
        log(f"steps {saved['steps']} → {cfg.steps}: the schedule stretches from here on")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--config", required=True)
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="override a config key")
    ap.add_argument("--work", help="the task's data folder (overrides the config's)")
    ap.add_argument("--runs", default=os.path.join(HERE, "work", "runs"))
    ap.add_argument("--init", help="start from these weights instead of the config's init (a fine-tune)")
    ap.add_argument("--device", default="auto", help="auto: cuda when torch sees one, else cpu")
    ap.add_argument("--threads", type=int, help="CPU threads (overrides the config's)")
    ap.add_argument("--until", type=int, default=0, help="stop after this step (a chunk; the schedule is unchanged)")
    ap.add_argument("--max-minutes", type=float, default=0, help="safety cap on wall time; logged, resumable")
    args = ap.parse_args(argv)
    sets = args.set + ([f"work={os.path.abspath(args.work)}"] if args.work else []) + \
        ([f"threads={args.threads}"] if args.threads else []) + ([f"init={os.path.abspath(args.init)}"] if args.init else [])
    cfg = load_config(args.config, sets)

    def log(msg):
        print(f"[{cfg.name}] {msg}", flush=True)

    run_dir = os.path.join(args.runs, cfg.name)
    os.makedirs(run_dir, exist_ok=True)
    own_path = os.path.join(run_dir, "checkpoint.pt")
    own = torch.load(own_path, map_location="cpu") if os.path.exists(own_path) else None
    if own:
        check_same_run(own["run"], cfg, log)
        if own["state"].get("done") and own["state"]["step"] >= cfg.steps:
            log(f"done at step {own['state']['step']} ({own_path}): nothing to do")
            return
    device = pick_device(args.device, cfg.threads)
    random.seed(cfg.seed)
    torch.manual_seed(cfg.seed)
    base = own or (checkpoint_of(cfg.continue_run, args.runs)[0] if cfg.continue_run else None)
    init = None
    if base is None and cfg.init:
        init, init_path = checkpoint_of(cfg.init, args.runs)
    task = build_task(cfg, device, base["cfg"] if base else None, init)
    if init is not None:
        log(f"initialized from {init_path}: {task.start_from(init)}")
    log(f"{cfg.task} task, {sum(p.numel() for p in task.params) / 1e6:.2f} M trained parameters")
    outcome = train(task, cfg, run_dir, base=base, own=own is not None, until=args.until, max_minutes=args.max_minutes, log=log)
    if outcome == "capped":
        sys.exit(TIME_CAP_EXIT)


if __name__ == "__main__":
    main()
