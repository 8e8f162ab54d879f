#!/usr/bin/env python3
"""A set large enough to be compiled in slices (docs/codegen.md "Large libraries: bound and compiled in slices") gives
the same library bytes on 1 and 2 threads, and the library loads and registers every card.
Usage: library_slices_cli_test.py CARDC PROFILES"""
import subprocess
import sys
import tempfile
from pathlib import Path

CARDS = 2500  # 4 functions a card: more than two slices of 4,096 functions


def main() -> int:
    cardc, profiles = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        lines = ['game legends', 'set "Slices"']
        for i in range(CARDS):
            lines += [f'card "Retainer {i}"', '  type Personality',
                      f'  stats Force {i % 5} · Chi 2 · Honor Requirement 0 · Personal Honor 1 · Gold Cost 4',
                      '  keywords Lion Clan • Samurai', '  text',
                      '    **Battle:** Bow this Personality: Target an opposing Personality. '
                      'He has -1F until the end of the turn.',
                      '    **Open:** Gain 1 Honor.', 'end', '']
        src = Path(tmp) / 'slices.cards'
        src.write_text('\n'.join(lines), encoding='utf-8')
        ir = subprocess.run([cardc, 'compile', str(src), '--profile-path', profiles, '--emit=ir'],
                            capture_output=True, text=True)
        functions = sum(1 for line in ir.stdout.splitlines() if line.split(' ', 1)[0] in
                        ('effect', 'filter', 'amount', 'base') and ' @' in line)
        if ir.returncode != 0 or functions <= 2 * 4096:
            print(f'expected a set of more than two slices, found {functions} functions', ir.stderr[-2000:])
            return 1
        libs = []
        for jobs in ('1', '2'):
            lib = Path(tmp) / f'slices{jobs}.so'
            r = subprocess.run([cardc, 'compile', str(src), '--profile-path', profiles, '-j', jobs, '-o', str(lib)],
                               capture_output=True, text=True)
            if r.returncode != 0:
                print(r.stdout[-2000:], r.stderr[-2000:], sep='\n')
                return 1
            libs.append(lib.read_bytes())
        if libs[0] != libs[1]:
            print('the library depends on the number of threads')
            return 1
        scenario = Path(tmp) / 'open.scenario'
        scenario.write_text('set slices.cards\nseed 1\n', encoding='utf-8')
        r = subprocess.run([cardc, 'run', '--quiet', '--no-cache', '--allow-unsigned', '--profile-path', profiles,
                            '--library', str(Path(tmp) / 'slices2.so'), str(scenario)], capture_output=True, text=True)
        if r.returncode != 0:
            print('the library does not load:', r.stdout[-2000:], r.stderr[-2000:], sep='\n')
            return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
