#!/usr/bin/env python3
"""The progress line of `cardc check` / `cardc compile` (compiler/driver/progress.h): shown on a terminal for a
large set, erased at the end; never in a pipe, never with JSON output.

usage: progress_line_test.py CARDC SOURCE_DIR
"""
import os
import pty
import select
import subprocess
import sys
import tempfile

CARDS = 15000  # enough for the line to be drawn at least once (it is redrawn every 100 ms; checking 10,000 cards takes
#                about 0.3 s of CPU since the fast card reader, so 3,000 could finish before the first draw)


def big_set(path):
    lines = ['game legends', 'set "Progress"', '']
    texts = ['Lose 2 Honor.', 'After this Personality enters play: Gain 2 Honor.',
             'Your Samurai Personalities have +1F.', 'This Personality cannot be destroyed.']
    for i in range(CARDS):
        lines += [f'card "Progress Personality {i}"', '  type Personality',
                  f'  stats Force {i % 6} · Chi {1 + i % 5} · Honor Requirement {i % 8} · Personal Honor {i % 4}'
                  f' · Gold Cost {2 + i % 10}',
                  '  keywords Samurai', '  text', '    ' + texts[i % len(texts)], 'end', '']
    with open(path, 'w', encoding='utf-8') as f:
        f.write('\n'.join(lines))


def run_in_pipe(argv):
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)
    return p.returncode, p.stdout, p.stderr


def run_on_terminal(argv):
    """stderr (and stdin) on a pseudo-terminal, stdout in a pipe: what the user's terminal would show."""
    master, slave = pty.openpty()
    p = subprocess.Popen(argv, stdin=slave, stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    seen = b''
    while True:
        r, _, _ = select.select([master], [], [], 0.05)
        if r:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                chunk = b''
            if not chunk and p.poll() is not None:
                break
            seen += chunk
        elif p.poll() is not None:
            # drain what is left
            try:
                while select.select([master], [], [], 0.05)[0]:
                    chunk = os.read(master, 65536)
                    if not chunk:
                        break
                    seen += chunk
            except OSError:
                pass
            break
    out = p.stdout.read()
    p.wait()
    os.close(master)
    return p.returncode, out, seen


def main():
    cardc, source = sys.argv[1], sys.argv[2]
    failures = []
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, 'big.cards')
        big_set(path)
        env_args = ['--profile-path', os.path.join(source, 'cards', 'legends')]
        check = [cardc, 'check', path] + env_args
        json = [cardc, 'check', '--diagnostics-format=json', path] + env_args
        compile_ir = [cardc, 'compile', '--emit=ir', '-o', os.path.join(d, 'big.ir'), path] + env_args

        for argv in (check, json, compile_ir):
            rc, out, err = run_in_pipe(argv)
            if rc not in (0, 1):
                failures.append(f'{argv[1:3]} in a pipe: exit {rc}: {err[-500:]!r}')
            if b'\r' in err or b'cardc: parsing' in err or b'cardc: checking' in err:
                failures.append(f'{argv[1:3]} in a pipe: progress characters on stderr: {err[:200]!r}')
            if b'\r' in out:
                failures.append(f'{argv[1:3]} in a pipe: progress characters on stdout')

        rc, out, seen = run_on_terminal(check)
        if b'\rcardc: ' not in seen:
            failures.append(f'check on a terminal: no progress line was drawn ({seen[:200]!r})')
        elif not seen.rstrip(b'\n').endswith(b'\r') and b'\r' + b' ' * 10 not in seen:
            failures.append(f'check on a terminal: the progress line was not erased ({seen[-200:]!r})')
        if b'\r' in out:
            failures.append('check on a terminal: progress characters on stdout')

        rc, out, seen = run_on_terminal(json)
        if b'\r' in seen or b'cardc: ' in seen:
            failures.append(f'check --diagnostics-format=json on a terminal: progress shown ({seen[:200]!r})')

        rc, out, seen = run_on_terminal(compile_ir)
        if b'\rcardc: ' not in seen:
            failures.append(f'compile on a terminal: no progress line was drawn ({seen[:200]!r})')

    for f in failures:
        print('FAIL:', f)
    print('progress line:', 'ok' if not failures else f'{len(failures)} failures')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
