#!/usr/bin/env python3
"""Scale figures of docs/performance.md ("Scale"): time and peak RSS of whole `cardc` processes as a profile or a set
grows. Everything is generated in a temporary folder; nothing in the tree is written.

  scale_figures.py profile [--sizes 5000,10000,20000,100000]   # a profile with N extra stats
  scale_figures.py cards [--sizes 1000,10000,100000]            # N small synthetic cards

`profile`: the legends profile plus N stats (each with an abbreviation), its 27-card starter set checked, compiled
to a library and the library opened (`cardc run --library` on a one-line scenario).
`cards`: `load_bench --write-set N` (tests/bench/synthetic_set.cpp, seed 42) in files of 25,000 cards, checked,
checked with --compile and compiled to one library.
Each is one run of `/usr/bin/time -v`: user+system CPU seconds, wall seconds, peak RSS in MB.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def word(i):
    """A name word for i made of letters only (profile names are words): 0 -> Baa, 1 -> Bab ..."""
    letters = ""
    i += 26 * 26  # at least three letters
    while i:
        i, r = divmod(i, 26)
        letters = chr(ord("a") + r) + letters
    return letters.capitalize()


def timed(cmd, env=None):
    """(cpu seconds, wall seconds, peak RSS MB, exit code) of one run."""
    r = subprocess.run(["/usr/bin/time", "-v"] + cmd, capture_output=True, text=True, env=env)
    def field(name):
        m = re.search(r"^\s*" + re.escape(name) + r": (.*)$", r.stderr, re.M)
        return m.group(1) if m else "0"
    wall = field("Elapsed (wall clock) time (h:mm:ss or m:ss)")
    secs = 0.0
    for part in wall.split(":"):
        secs = secs * 60 + float(part)
    cpu = float(field("User time (seconds)")) + float(field("System time (seconds)"))
    rss = int(field("Maximum resident set size (kbytes)")) / 1024
    if r.returncode != 0:
        sys.stderr.write(" ".join(cmd) + " exited " + str(r.returncode) + "\n" + r.stderr[-2000:] + r.stdout[-2000:])
    return cpu, secs, rss, r.returncode


def report(label, n, fig):
    cpu, wall, rss, rc = fig
    print(f"{label:28} n={n:>7}  cpu {cpu:8.2f} s  wall {wall:8.2f} s  peak RSS {rss:8.1f} MB"
          + ("" if rc == 0 else f"  (exit {rc})"), flush=True)


def profile_figures(cardc, sizes, tmp, env):
    base = open(os.path.join(ROOT, "cards/legends/legends.game")).read()
    cards = os.path.join(ROOT, "cards/legends/emerald_dawn.cards")
    for n in sizes:
        d = os.path.join(tmp, f"profile{n}")
        os.makedirs(d)
        with open(os.path.join(d, "legends.game"), "w") as f:
            f.write(base)
            f.write("\n# generated: many stats\n")
            for i in range(n):
                w = word(i)
                f.write(f"stat Extra {w} (X{w}) [floor = zero]\n")
        set_path = os.path.join(d, "emerald_dawn.cards")
        shutil.copy(cards, set_path)
        lib = os.path.join(d, "lib.so")
        report("profile: check", n, timed([cardc, "check", "--profile-path", d, set_path], env))
        report("profile: compile", n, timed([cardc, "compile", "--profile-path", d, "-o", lib, set_path], env))
        scenario = os.path.join(d, "open.scenario")
        with open(scenario, "w") as f:
            f.write("set emerald_dawn.cards\nseed 1\n")
        report("profile: open the library", n,
               timed([cardc, "run", "--quiet", "--no-cache", "--allow-unsigned", "--profile-path", d, "--library", lib,
                      scenario], env))


def card_figures(cardc, load_bench, sizes, tmp, env, skip_compile=0):
    profiles = os.path.join(ROOT, "cards/legends")
    for n in sizes:
        d = os.path.join(tmp, f"cards{n}")
        os.makedirs(d)
        whole = os.path.join(tmp, f"synthetic{n}.cards")
        subprocess.run([load_bench, "--write-set", str(n), whole], check=True, capture_output=True)
        split_set(whole, d, CARDS_PER_FILE)
        os.remove(whole)
        report("cards: check", n, timed([cardc, "check", "--profile-path", profiles, d], env))
        report("cards: check --compile", n, timed([cardc, "check", "--compile", "--profile-path", profiles, d], env))
        if not skip_compile or n < skip_compile:
            report("cards: compile to a library", n,
                   timed([cardc, "compile", "--profile-path", profiles, "-o", os.path.join(tmp, f"lib{n}.so"), d], env))


# A file holds at most 16 MiB (docs/robustness.md "Limits"): 100,000 synthetic cards (31 MB) are four sets.
CARDS_PER_FILE = 25000


def split_set(path, folder, per_file):
    """Splits a set into files of `per_file` cards (each with the set's header and its own set name)."""
    text = open(path).read()
    first = text.index("\ncard ") + 1
    header, body = text[:first], text[first:]
    cards = [body.split("\ncard ")[0]] + ["card " + c for c in body.split("\ncard ")[1:]]
    for k in range(0, len(cards), per_file):
        name = f"part{k // per_file + 1}"
        with open(os.path.join(folder, name + ".cards"), "w") as f:
            f.write(header.replace('set "Synthetic"', f'set "Synthetic {name}"'))
            f.write("\n".join(c.rstrip("\n") + "\n" for c in cards[k:k + per_file]))


def main():
    a = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    a.add_argument("what", choices=["profile", "cards"])
    a.add_argument("--sizes")
    a.add_argument("--build", default=os.path.join(ROOT, "build"))
    a.add_argument("--keep", action="store_true", help="keep the temporary folder (its path is printed)")
    a.add_argument("--skip-compile-from", type=int, default=0, help="cards: no library for sets this large or larger")
    args = a.parse_args()
    cardc = os.path.join(args.build, "compiler/cardc")
    env = dict(os.environ, CARDC_NO_PROGRESS="1")
    tmp = tempfile.mkdtemp(prefix="cardc-scale-")
    try:
        if args.what == "profile":
            sizes = [int(s) for s in (args.sizes or "5000,10000,20000,100000").split(",")]
            profile_figures(cardc, sizes, tmp, env)
        else:
            sizes = [int(s) for s in (args.sizes or "1000,10000,100000").split(",")]
            card_figures(cardc, os.path.join(args.build, "tests/bench/load_bench"), sizes, tmp, env,
                         args.skip_compile_from)
    finally:
        if args.keep:
            print("kept " + tmp)
        else:
            shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
