#!/usr/bin/env python3
"""Turns the effect benchmarks' Google Benchmark JSON into the tables of docs/performance.md (scripts/bench).

Writes only between its own markers, so the prose around them and every other section stay as they are:
  <!-- scripts/bench: effect peers -->        ... <!-- /scripts/bench: effect peers -->
  <!-- scripts/bench: effect settle -->       ... <!-- /scripts/bench: effect settle -->

  effect_figures.py --peers PEERS.json --settle SETTLE.json --facts "machine facts" [--doc docs/performance.md]
Without --doc the tables are printed.
"""
import argparse
import json
import re
import sys
import textwrap

from bench_doc import replace_block

# issue 7: effect execution targets, as (peer the JIT is compared with, the factor the JIT must reach).
HANDWRITTEN, JIT_O2, INTERP, LUA54, LUAJIT = "hand-written C++", "JIT -O2", "reference interpreter", "Lua 5.4", "LuaJIT"


def medians(path):
    """{benchmark name: (median CPU time in us, counters, label)} and {name: error} for skipped benchmarks."""
    with open(path) as f:
        data = json.load(f)
    times, errors = {}, {}
    for b in data["benchmarks"]:
        name = b.get("run_name", b["name"])
        if b.get("error_occurred"):
            errors[name] = b.get("error_message", "skipped")
            continue
        if b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
            continue
        scale = {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6}[b.get("time_unit", "ns")]
        times[name] = (b["cpu_time"] * scale, b, b.get("label", ""))
    return data, times, errors


def us(t):
    return f"{t:,.2f} us" if t < 10 else f"{t:,.1f} us" if t < 100 else f"{t:,.0f} us"


def ratio(a, b):
    return f"{a / b:.2f}"


def peers_table(path, facts):
    data, times, errors = medians(path)
    peer = {name.split("/", 1)[1]: v for name, v in times.items() if name.startswith("BM_Skirmish/")}
    reps = data["context"].get("benchmark_repetitions") or next(
        (b.get("repetitions") for b in data["benchmarks"] if b.get("repetitions")), 1)
    if HANDWRITTEN not in peer:
        sys.exit("effect_figures: the hand-written C++ peer did not run")
    hand = peer[HANDWRITTEN][0]
    lines = [
        textwrap.fill(f"{facts}. CPU time, median of {reps} repetitions interleaved at random across the peers "
                      "(`--benchmark_enable_random_interleaving`), all in one run of `effect_peers_bench`; one game is "
                      f"20 turns and resolves {int(peer[HANDWRITTEN][1].get('effects', 0))} effects.", 118),
        "",
        "| peer | per game | per effect | card code per effect (time - hand-written) | time / hand-written C++ "
        "| time / Lua 5.4 | time / LuaJIT |",
        "|---|---|---|---|---|---|---|",
    ]
    order = [HANDWRITTEN, JIT_O2, "JIT -O0", "card library .so (-O2)", INTERP, LUA54, LUAJIT]
    for name, (t, b, _label) in sorted(peer.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else 99):
        effects = b.get("effects", 0) or 1
        cells = [name, us(t), us(t / effects), us((t - hand) / effects) if name != HANDWRITTEN else "", ratio(t, hand)]
        for ref in (LUA54, LUAJIT):
            cells.append(ratio(t, peer[ref][0]) if ref in peer else "(not built)")
        lines.append("| " + " | ".join(cells) + " |")
    for name, why in errors.items():
        lines.append(f"| {name.split('/', 1)[-1]} | not run: {why} | | | | | |")

    def verdict(ref, want, faster_by):
        if JIT_O2 not in peer or ref not in peer:
            return f"| {want} | not measured ({ref} or the JIT did not run) | |"
        jit, other = peer[JIT_O2][0], peer[ref][0]
        if faster_by is None:  # "within 1.2x of": JIT time / reference time <= 1.2
            r = jit / other
            return f"| {want} | JIT time / {ref} = {r:.2f} | {'met' if r <= 1.2 else f'missed by {r / 1.2:.2f}x'} |"
        r = other / jit
        if r >= faster_by:
            return f"| {want} | the JIT is {r:.2f}x faster | met |"
        # The JIT's time is the runtime's part R of a game and its own card code J, the peer's R and its own P: the
        # ratio (R + P) / (R + J) reaches the target when the JIT alone loses jit - other / target, or when runtime
        # work both do (R) shrinks by (target * jit - other) / (target - 1).
        effects = peer[HANDWRITTEN][1].get("effects", 0) or 1
        shared = (faster_by * jit - other) / (faster_by - 1) / effects
        return (f"| {want} | the JIT is {r:.2f}x faster | missed, {faster_by / r:.1f}x short: the JIT's time per "
                f"effect ({us(jit / effects)}) would have to fall to {us(other / faster_by / effects)} by work only "
                f"the JIT does, or lose {us(shared)} of the runtime work both do |")

    lines += [
        "",
        "| target (issue 7) | measured | |",
        "|---|---|---|",
        verdict(HANDWRITTEN, "JIT within 1.2x of hand-written C++", None),
        verdict(INTERP, "JIT at least 10x faster than the interpreter", 10),
        verdict(LUA54, "JIT at least 5x faster than Lua 5.4", 5),
        verdict(LUAJIT, "JIT faster than LuaJIT", 1),
    ]
    return "\n".join(lines)


def settle_table(path, facts):
    data, times, errors = medians(path)
    names = {"BM_SettleVanillaRuntime": "runtime alone (the same cards without their traits)",
             "BM_SettleInterpreter": "reference interpreter", "BM_SettleJitO0": "JIT -O0", "BM_SettleJitO2": "JIT -O2"}
    jit = times.get("BM_SettleJitO2", (None,))[0]
    lines = [textwrap.fill(f"{facts}. CPU time, median, same run of `effect_bench`:", 118), "",
             "| engine | per operation | time / JIT -O2 |", "|---|---|---|"]
    for key, label in names.items():
        if key in times:
            t = times[key][0]
            lines.append(f"| {label} | {us(t)} | {ratio(t, jit) if jit and key != 'BM_SettleVanillaRuntime' else ''} |")
        elif key in errors:
            lines.append(f"| {label} | not run: {errors[key]} | |")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--peers", required=True)
    ap.add_argument("--settle", required=True)
    ap.add_argument("--facts", required=True, help="when and where, e.g. 'Measured 2026-11-22 on ...'")
    ap.add_argument("--doc")
    a = ap.parse_args()
    peers, settle = peers_table(a.peers, a.facts), settle_table(a.settle, a.facts)
    if not a.doc:
        print(peers + "\n\n" + settle)
        return
    with open(a.doc) as f:
        text = f.read()
    text = replace_block(text, "effect peers", peers, "effect_figures")
    text = replace_block(text, "effect settle", settle, "effect_figures")
    with open(a.doc, "w") as f:
        f.write(text)
    print(peers + "\n\n" + settle)


if __name__ == "__main__":
    main()
