"""The one training loop behind every run (line recognizer, draft block, formula recognizer).

A task supplies the model, its training rows, batches, `loss(step, batch)` and `evaluate(final)`; the loop
does the rest the same way for all of them: a step-counted schedule (so a run repeats on any machine),
a training set frozen at the start (its ids and hash go into the checkpoint), resume with optimizer, RNG
and batch position, periodic save and eval by steps, and CUDA when present. A time cap only stops a run
early, logged, and resuming finishes it exactly as an uncapped run would have.
"""
import hashlib
import json
import math
import os
import random
import time

import torch

TIME_CAP_EXIT = 75  # EX_TEMPFAIL: stopped by the time cap, resume to finish


def pick_device(name="auto", threads=2):
    if name == "auto":
        name = "cuda" if torch.cuda.is_available() else "cpu"
    if name == "cpu":
        torch.set_num_threads(threads)  # with OMP_WAIT_POLICY=PASSIVE on a shared machine
    return torch.device(name)


def learning_rate(cfg, step):
    """Linear warm-up over `warmup` steps, then cosine from `lr` down to 5 % of it at step `steps`
    (the shape the time-budgeted runs had, counted in steps instead of seconds)."""
    frac = min(1.0, step / max(1, cfg.steps))
    warm = min(1.0, (step + 1) / max(1, cfg.warmup))
    return cfg.lr * warm * (0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * frac)))


def data_fingerprint(rows):
    """Ids and a hash of what each row points at: a resumed run trains on exactly these rows."""
    ids = [str(r["id"]) for r in rows]
    h = hashlib.sha256()
    for r in rows:
        h.update(json.dumps([str(r["id"]), r.get("shard"), r.get("offset"), r.get("steps"), r.get("label")]).encode())
    return ids, h.hexdigest()


def to_cpu(obj):
    if torch.is_tensor(obj):
        return obj.detach().cpu()
    if isinstance(obj, dict):
        return {k: to_cpu(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return type(obj)(to_cpu(v) for v in obj)
    return obj


def save_checkpoint(path, task, opt, state, run_cfg, data_ids):
    """Atomic write, every tensor on the CPU so a checkpoint made on a GPU loads anywhere. The keys
    model/opt/state/cfg are what release.py and the export scripts read."""
    rng = {"python": random.getstate(), "torch": torch.get_rng_state()}
    if torch.cuda.is_available():
        rng["cuda"] = torch.cuda.get_rng_state_all()
    tmp = path + ".tmp"
    torch.save({"model": to_cpu(task.model.state_dict()), "opt": to_cpu(opt.state_dict()), "state": state,
                "cfg": task.model.cfg.to_dict(), "run": run_cfg.to_dict(), "data_ids": data_ids, "rng": rng}, tmp)
    os.replace(tmp, path)


def restore_rng(rng):
    random.setstate(rng["python"])
    torch.set_rng_state(rng["torch"])
    if "cuda" in rng and torch.cuda.is_available():
        torch.cuda.set_rng_state_all(rng["cuda"])


def freeze_rows(task, data_ids=None):
    """The training rows: all of them at a run's start, the recorded ones on resume."""
    rows = task.train_rows()
    if data_ids is None:
        return rows
    by_id = {str(r["id"]): r for r in rows}
    missing = [i for i in data_ids if i not in by_id]
    if missing:
        raise SystemExit(f"{len(missing)} training rows of this run are gone from the index (e.g. {missing[0]}): start it over")
    return [by_id[i] for i in data_ids]


def train(task, cfg, run_dir, base=None, own=False, until=0, max_minutes=0.0, log=print):
    """Runs `task` to step cfg.steps (or `until`, or the time cap), checkpointing into run_dir.
    `base`: a checkpoint to go on from, this run's own (`own`) or the run it continues; None = a fresh start.
    Returns "done", "paused" (until reached) or "capped" (time cap)."""
    ckpt_path = os.path.join(run_dir, "checkpoint.pt")
    log_path = os.path.join(run_dir, "log.jsonl")
    opt = torch.optim.AdamW(task.params, lr=cfg.lr, weight_decay=0.01, betas=(0.9, 0.98))
    if base is not None:
        task.model.load_state_dict(base["model"])
        opt.load_state_dict(base["opt"])
        state = dict(base["state"])
        if own:
            restore_rng(base["rng"])
            rows = freeze_rows(task, base["data_ids"])
            log(f"resumed at step {state['step']} of {cfg.steps} (epoch {state['epoch']}, batch {state['batch']})")
        else:  # continuing an earlier run: its weights, optimizer and step count, this run's data from a new epoch
            rows = freeze_rows(task)
            state.update(epoch=state.get("epoch", 0) + 1, batch=0, done=False)
            log(f"continuing {base['run']['name']} from step {state['step']} to {cfg.steps}")
    else:
        rows = freeze_rows(task)
        state = {"step": 0, "epoch": 0, "batch": 0, "seconds": 0.0, "done": False}
    if not rows:
        raise SystemExit("no training rows: build the data first (training/train.sh)")
    data_ids, data_hash = data_fingerprint(rows)
    if own and state.get("data_hash") not in (None, data_hash):
        raise SystemExit("the frozen training set does not hash to the recorded value: start the run over")
    state["data_hash"] = data_hash
    log(f"training rows {len(rows)} (sha256 {data_hash[:16]}), steps {cfg.steps}, device {task.device}")
    # the log holds one line per step; steps after the last checkpoint are run again
    lines = [l for l in open(log_path, encoding="utf-8")] if own and os.path.exists(log_path) else []
    with open(log_path, "w", encoding="utf-8") as f:
        f.writelines(l for l in lines if json.loads(l)["step"] <= state["step"])

    def save():
        save_checkpoint(ckpt_path, task, opt, state, cfg, data_ids)

    stop_at = min(cfg.steps, until) if until else cfg.steps
    started, avg = time.time(), state.get("avg", {})
    task.model.train()
    outcome = "done"
    with open(log_path, "a", encoding="utf-8") as steplog:
        while state["step"] < stop_at and outcome == "done":
            batches = task.make_batches(rows, random.Random(cfg.seed * 100_003 + state["epoch"]))
            for bi, batch_rows in enumerate(batches):
                if bi < state["batch"]:
                    continue
                t0 = time.time()
                lr = learning_rate(cfg, state["step"])
                for g in opt.param_groups:
                    g["lr"] = lr
                batch = tuple(t.to(task.device) for t in task.collate(batch_rows))
                loss, values = task.loss(state["step"], batch)
                opt.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(task.params, 1.0)
                opt.step()
                state["step"] += 1
                state["batch"] = bi + 1
                state["seconds"] += time.time() - t0
                values = {k: float(v.detach()) if torch.is_tensor(v) else float(v) for k, v in values.items()}
                steplog.write(json.dumps({"step": state["step"], "lr": lr, "loss": loss.item(), **values}) + "\n")
                steplog.flush()
                avg = {k: v if k not in avg else 0.95 * avg[k] + 0.05 * v for k, v in {**avg, **values}.items()}
                state["avg"] = avg
                if state["step"] % cfg.log_every == 0:
                    shown = " ".join(f"{k} {v:.3f}" for k, v in avg.items())
                    log(f"step {state['step']}/{cfg.steps} ep {state['epoch']} lr {lr:.2e} {shown} "
                        f"({len(batch_rows)} rows, {time.time() - t0:.2f} s)")
                if cfg.save_every and state["step"] % cfg.save_every == 0:
                    save()
                if cfg.eval_every and state["step"] % cfg.eval_every == 0:
                    log(f"eval at step {state['step']}: {task.evaluate(final=False)}")
                if state["step"] >= stop_at:
                    break
                if max_minutes and time.time() - started > max_minutes * 60:
                    log(f"time cap of {max_minutes} min reached at step {state['step']} of {cfg.steps}: "
                        "stopping early; run the same command again to finish")
                    outcome = "capped"
                    break
            else:
                state["epoch"] += 1
                state["batch"] = 0
    if outcome == "done" and state["step"] < cfg.steps:
        outcome = "paused"
        log(f"stopped at step {state['step']} of {cfg.steps} (--until): run again to go on")
    state["done"] = outcome == "done"
    save()
    if outcome == "done":
        log(f"final eval: {task.evaluate(final=True)}")
        log("training done")
    return outcome
