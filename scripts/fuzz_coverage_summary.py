#!/usr/bin/env python3
"""Summarise scripts/fuzz-coverage: line and branch coverage of compiler/ and runtime/, per target and for their
union, by folder. Reads OUT/TARGET.jsonl.gz (gcov --json-format --stdout) and OUT/TARGET.log (the driver's summary).

Counted: the sources under compiler/ and runtime/ linked into the fuzz driver (headers included). A line of a header
is covered if any translation unit ran it. Branches are gcov's, less the exception edges (every call that may throw
has one; they would measure C++ mechanics, not our code)."""
import argparse
import gzip
import json
import os
import re
import sys


def folder(rel):
    # compiler/sema/x.cpp -> compiler/sema; runtime/src/x.cpp -> runtime/src
    parts = rel.split("/")
    return "/".join(parts[:2]) if len(parts) > 2 else parts[0]


def load(path, root):
    """(file, line) -> executed?, and (file, line, branch) -> taken?, for our sources."""
    lines, branches = {}, {}
    with gzip.open(path, "rt") as f:
        for doc in f:
            if not doc.strip():
                continue
            data = json.loads(doc)
            for src in data["files"]:
                name = os.path.normpath(os.path.join(data.get("current_working_directory", ""), src["file"]))
                rel = os.path.relpath(name, root)
                if not rel.startswith(("compiler/", "runtime/")):
                    continue
                for ln in src["lines"]:
                    key = (rel, ln["line_number"])
                    lines[key] = lines.get(key, False) or ln["count"] > 0
                    real = [b for b in ln.get("branches", []) if not b.get("throw")]
                    for i, b in enumerate(real):
                        bkey = key + (i,)
                        branches[bkey] = branches.get(bkey, False) or b["count"] > 0
    return lines, branches


def tally(marks):
    """folder -> [covered, total]"""
    out = {}
    for key, hit in marks.items():
        c = out.setdefault(folder(key[0]), [0, 0])
        c[0] += hit
        c[1] += 1
    return out


def pct(c):
    return f"{100.0 * c[0] / c[1]:5.1f}%" if c[1] else "    -"


def total(t):
    return [sum(c[0] for c in t.values()), sum(c[1] for c in t.values())]


def executions(log):
    try:
        m = re.search(r": (\d+) executions", open(log).read())
        return int(m.group(1)) if m else 0
    except OSError:
        return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", required=True, help="the repository")
    ap.add_argument("--files", action="store_true", help="also list every file of the union, least covered first")
    ap.add_argument("out", help="folder with TARGET.jsonl.gz and TARGET.log")
    ap.add_argument("targets", nargs="+")
    a = ap.parse_args()
    root = os.path.realpath(a.root)

    union_l, union_b, per = {}, {}, {}
    for t in a.targets:
        lines, branches = load(os.path.join(a.out, t + ".jsonl.gz"), root)
        if not lines:
            sys.exit(f"fuzz-coverage: no coverage data for target {t}")
        per[t] = (tally(lines), tally(branches))
        for k, v in lines.items():
            union_l[k] = union_l.get(k, False) or v
        for k, v in branches.items():
            union_b[k] = union_b.get(k, False) or v
    per["union"] = (tally(union_l), tally(union_b))

    print("\nCoverage of compiler/ and runtime/ (lines, branches without exception edges)\n")
    print(f"{'target':22} {'executions':>10} {'lines':>16} {'branches':>16}")
    for t in a.targets + ["union"]:
        lt, bt = total(per[t][0]), total(per[t][1])
        ex = f"{executions(os.path.join(a.out, t + '.log')):,}" if t != "union" else ""
        print(f"{t:22} {ex:>10} {pct(lt)} {lt[0]:>5}/{lt[1]:<5} {pct(bt)} {bt[0]:>5}/{bt[1]:<5}")

    folders = sorted(per["union"][0])
    cols = a.targets + ["union"]
    for title, i in (("Lines", 0), ("Branches", 1)):
        print(f"\n{title} by folder\n")
        print(f"{'folder':20}" + "".join(f"{c[:9]:>10}" for c in cols) + f"{'of':>8}")
        for d in folders:
            size = per["union"][i].get(d, [0, 0])[1]
            print(f"{d:20}" + "".join(f"{pct(per[c][i].get(d, [0, 0])):>10}" for c in cols) + f"{size:>8}")

    if a.files:
        files = {}
        for (rel, _), hit in union_l.items():
            c = files.setdefault(rel, [0, 0])
            c[0] += hit
            c[1] += 1
        print("\nFiles of the union, least covered first (lines)\n")
        for rel, c in sorted(files.items(), key=lambda kv: (kv[1][0] / kv[1][1], kv[0])):
            print(f"{pct(c)} {c[0]:>5}/{c[1]:<5} {rel}")


if __name__ == "__main__":
    main()
