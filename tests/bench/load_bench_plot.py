#!/usr/bin/env python3
"""Turns the output of load_bench (lines `cards=N name=value unit`) into docs/compile-time.svg: load time against
set size, one line per loading path, log-log axes. Plain SVG written by hand (no plotting library needed).

usage: load_bench_plot.py OUTPUT.svg BENCH_OUTPUT.txt...
    python3 tests/bench/load_bench_plot.py docs/compile-time.svg tests/bench/load_bench_results.txt
scripts/bench runs load_bench, keeps its output in tests/bench/load_bench_results.txt and redraws the plot from it.
"""
import math
import re
import sys

SERIES = [  # (measurement, label, colour, dashed). CPU time (all threads): the development machine is shared.
    ('eager_O2_jobs2_cpu_s', 'full compile: eager JIT -O2, 2 threads', '#b2182b', False),
    ('eager_O0_jobs1_cpu_s', 'eager JIT -O0, 1 thread', '#2166ac', False),
    ('lazy_time_to_first_effect_cpu_s', 'time to first effect (front end + lazy JIT)', '#1b7837', False),
    ('parse_check_bind_cpu_s', 'front end: parse + check + bind', '#999999', True),
    ('cache_reload_jit_cpu_s', 'reload from the object cache', '#000000', False),
    ('so_load_cpu_s', 'load the .so', '#e08214', True),
    ('so_write_O2_s', 'write the .so -O2 (wall clock)', '#762a83', True),
]


def read(paths):
    data = {}
    for p in paths:
        with open(p, encoding='utf-8') as f:
            for line in f:
                m = re.match(r'cards=(\d+) (\w+)=([0-9.e+-]+)', line)
                if m:
                    data.setdefault(m.group(2), {})[int(m.group(1))] = float(m.group(3))
    return data


def main():
    out, inputs = sys.argv[1], sys.argv[2:]
    data = read(inputs)
    W, H, L, R, T, B = 940, 460, 70, 380, 40, 60
    sizes = sorted({n for s in SERIES for n in data.get(s[0], {})})
    values = [v for s in SERIES for v in data.get(s[0], {}).values() if v > 0]
    if not sizes or not values:
        sys.exit('no figures in the input')
    xmin, xmax = math.log10(min(sizes)) - 0.1, math.log10(max(sizes)) + 0.1
    ymin, ymax = math.floor(math.log10(min(values))), math.ceil(math.log10(max(values)))

    def x(n):
        return L + (math.log10(n) - xmin) / (xmax - xmin) * (W - L - R)

    def y(v):
        return T + (ymax - math.log10(v)) / (ymax - ymin) * (H - T - B)

    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
           'font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<text x="{L}" y="22" font-size="14">cardc: loading a synthetic legends set, CPU time against set size '
           '(log-log)</text>']
    for e in range(ymin, ymax + 1):
        v = 10 ** e
        label = f'{v:g} s' if v >= 1 else f'{v * 1000:g} ms'
        svg.append(f'<line x1="{L}" x2="{W - R}" y1="{y(v):.1f}" y2="{y(v):.1f}" stroke="#ddd"/>')
        svg.append(f'<text x="{L - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{label}</text>')
    for n in sizes:
        svg.append(f'<line x1="{x(n):.1f}" x2="{x(n):.1f}" y1="{T}" y2="{H - B}" stroke="#ddd"/>')
        svg.append(f'<text x="{x(n):.1f}" y="{H - B + 16}" text-anchor="middle">{n:,} cards</text>')
    svg.append(f'<rect x="{L}" y="{T}" width="{W - L - R}" height="{H - T - B}" fill="none" stroke="#444"/>')
    svg.append(f'<text x="{(L + W - R) / 2:.0f}" y="{H - 18}" text-anchor="middle">set size (cards)</text>')
    legend_y = T + 10
    for key, label, colour, dashed in SERIES:
        pts = sorted(data.get(key, {}).items())
        pts = [(n, v) for n, v in pts if v > 0]
        if not pts:
            continue
        dash = ' stroke-dasharray="6 4"' if dashed else ''
        path = ' '.join(f'{x(n):.1f},{y(v):.1f}' for n, v in pts)
        svg.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>')
        for n, v in pts:
            svg.append(f'<circle cx="{x(n):.1f}" cy="{y(v):.1f}" r="3" fill="{colour}"/>')
        svg.append(f'<line x1="{W - R + 12}" x2="{W - R + 36}" y1="{legend_y}" y2="{legend_y}" stroke="{colour}" '
                   f'stroke-width="2"{dash}/>')
        svg.append(f'<text x="{W - R + 42}" y="{legend_y + 4}">{label}</text>')
        legend_y += 20
    svg.append('</svg>')
    with open(out, 'w', encoding='utf-8') as f:
        f.write('\n'.join(svg) + '\n')


if __name__ == '__main__':
    main()
