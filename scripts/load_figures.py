#!/usr/bin/env python3
"""Turns load_bench's output (lines `cards=N name=value unit`) into the load table of docs/performance.md
(scripts/bench). Writes only between its markers, so the prose around them stays as it is:
  <!-- scripts/bench: load -->  ...  <!-- /scripts/bench: load -->

  load_figures.py RESULTS.txt --facts "machine facts" [--doc docs/performance.md]
Without --doc the table is printed. docs/compile-time.svg is drawn from the same file by
tests/bench/load_bench_plot.py.
"""
import argparse
import re
import sys
import textwrap

from bench_doc import replace_block

# (label, CPU measurement, wall-clock measurement or None, issue 7 target at 10,000 cards or None). A target is
# (words, seconds) judged on CPU time when there is one, or (words, seconds, "wall") judged on the wall clock: "on 2
# cores" is the elapsed time of a compile on two threads (CPU time adds both threads up), which needs an idle
# machine (the table's first line gives the load average).
ROWS = [
    ("parse + check (one core)", "parse_check_cpu_s", "parse_check_s", None),
    ("parse + check + bind, to effect IR", "parse_check_bind_cpu_s", "parse_check_bind_s", None),
    ("lazy JIT: `add` (verify, plan, stubs)", "lazy_add_cpu_s", "lazy_add_s", None),
    ("lazy JIT: `register_cards`", "lazy_register_cpu_s", "lazy_register_s", None),
    ("lazy JIT: first effect call (compiles its partition)", "lazy_first_call_cpu_s", "lazy_first_call_s", None),
    ("**time to first effect** (front end + lazy JIT)", "lazy_time_to_first_effect_cpu_s",
     "lazy_time_to_first_effect_s", ("under 1 s", 1.0)),
    ("eager JIT -O0, 1 thread", "eager_O0_jobs1_cpu_s", "eager_O0_jobs1_s", None),
    ("eager JIT -O0, 2 threads", "eager_O0_jobs2_cpu_s", "eager_O0_jobs2_s", None),
    ("eager JIT -O2, 1 thread", "eager_O2_jobs1_cpu_s", "eager_O2_jobs1_s", None),
    ("**eager JIT -O2, 2 threads** (full compile)", "eager_O2_jobs2_cpu_s", "eager_O2_jobs2_s",
     ("under 10 s on 2 cores", 10.0, "wall")),
    ("**eager JIT -O2 that fills the object cache** (`cardc run`'s first load; compiles the register function, in "
     "pieces), 2 threads", "cache_fill_cpu_s", "cache_fill_s", ("under 10 s on 2 cores", 10.0, "wall")),
    ("**reload from the object cache**", "cache_reload_jit_cpu_s", "cache_reload_jit_s", ("under 0.1 s", 0.1)),
    ("write `.so` at -O2 (2 threads, `cc -shared`, seal)", None, "so_write_O2_s", None),
    ("**load the `.so`**", "so_load_cpu_s", "so_load_s", ("under 0.1 s", 0.1)),
]


def read(path):
    data = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"cards=(\d+) (\w+)=([0-9.e+-]+)", line)
            if m:
                data.setdefault(int(m.group(1)), {})[m.group(2)] = float(m.group(3))
    return data


def secs(v):
    if v is None:
        return None
    return f"{v * 1000:.1f} ms" if v < 0.01 else f"{v:.3f} s" if v < 1 else f"{v:.2f} s" if v < 10 else f"{v:.1f} s"


def cell(d, cpu, wall):
    c = secs(d.get(cpu)) if cpu else None
    w = secs(d.get(wall)) if wall else None
    if c and w:
        return f"{c} [{w}]"
    if w:
        return f"[{w}]"
    return c or ""


def table(data, facts):
    sizes = sorted(data)
    lines = [textwrap.fill(
        f"{facts}. `load_bench --cards {','.join(str(n) for n in sizes)} --repeat 3 --jobs 2` (medians of 3; "
        "the eager compiles of 50,000 cards once): **CPU time** of the process, all threads, wall clock in "
        "[brackets]. The synthetic legends sets of the front-end figures (seed 42); the raw output is "
        "tests/bench/load_bench_results.txt.", 118), ""]
    head = ["CPU time [wall]"] + [f"{n:,} cards" for n in sizes] + ["issue target (10,000 cards)"]
    lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    info = [("functions (effects, filters, costs... and the register function)", "functions", "{:,.0f}"),
            ("heap held by the AST, per card", "ast_bytes_per_card", "{:,.0f} B"),
            ("`cardc check`'s peak RSS (forked child)", "check_peak_rss_mb", "{:,.0f} MB"),
            ("object cache on disk", "cache_bytes", None), ("`.so` size", "so_bytes", None)]
    for label, key, fmt in info[:2]:
        lines.append("| " + " | ".join([label] + [fmt.format(data[n][key]) if key in data[n] else "" for n in sizes]
                                       + [""]) + " |")
    for label, cpu, wall, target in ROWS:
        cells = [label] + [cell(data[n], cpu, wall) for n in sizes]
        if target:
            want, limit = target[0], target[1]
            d = data.get(10000, {})
            v = d.get(wall) if (len(target) > 2 and target[2] == "wall") or not cpu else d.get(cpu)
            cells.append(want + (": **met**" if v is not None and v < limit else
                                 f": missed, {v / limit:.1f}x" if v is not None else ": not measured"))
        else:
            cells.append("")
        lines.append("| " + " | ".join(cells) + " |")
    for label, key, fmt in info[2:]:
        vals = []
        for n in sizes:
            v = data[n].get(key)
            vals.append("" if v is None else fmt.format(v) if fmt else f"{v / 1e6:,.1f} MB")
        lines.append("| " + " | ".join([label] + vals + [""]) + " |")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("results")
    ap.add_argument("--facts", required=True)
    ap.add_argument("--doc")
    a = ap.parse_args()
    data = read(a.results)
    if not data:
        sys.exit("load_figures: no figures in " + a.results)
    body = table(data, a.facts)
    if not a.doc:
        print(body)
        return
    with open(a.doc, encoding="utf-8") as f:
        text = f.read()
    with open(a.doc, "w", encoding="utf-8") as f:
        f.write(replace_block(text, "load", body, "load_figures"))
    print(f"wrote the load table into {a.doc}")


if __name__ == "__main__":
    main()
