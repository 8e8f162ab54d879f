#!/usr/bin/env python3
"""A 10,000-card set binds into one module: every card's registration shares the register function's locals, so the
module stays within the effect IR's limit on locals (compiler/ir/verify.h kMaxLocals). Usage: big_set_test.py CARDC PROFILES"""
import subprocess
import sys
import tempfile
from pathlib import Path


def main() -> int:
    cardc, profiles = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        lines = ['game legends', 'set "Ten thousand retainers"']
        for i in range(10000):
            lines += [f'card "Retainer {i}"', '  type Personality',
                      '  stats Force 2 · Chi 2 · Honor Requirement 0 · Personal Honor 1 · Gold Cost 4',
                      '  keywords Lion Clan • Samurai • Human', '  text',
                      '    **Battle:** Bow this Personality: Target an opposing Personality. '
                      'He has -1F until the end of the turn.',
                      '    **Open:** Gain 1 Honor.', 'end', '']
        src = Path(tmp) / 'big.cards'
        src.write_text('\n'.join(lines), encoding='utf-8')
        out = Path(tmp) / 'big.ir'
        r = subprocess.run([cardc, 'compile', str(src), '--profile-path', profiles, '--emit=ir', '-o', str(out)],
                           capture_output=True, text=True)
        if r.returncode != 0:
            print(r.stdout[-2000:], r.stderr[-2000:], sep='\n')
            return 1
        text = out.read_text(encoding='utf-8')
        if text.count('cardrt_def_card(') != 10000:
            print(f'expected 10000 registered cards, found {text.count("cardrt_def_card(")}')
            return 1
        # the register function's locals do not grow with the set (ir::verify allows 65,536; the JIT and cardc
        # compile -o verify before lowering)
        head = next(line for line in text.splitlines() if '@cardrt_library_register' in line and 'locals' in line)
        locals_ = int(head.split('locals ')[1].split(')')[0])
        if locals_ > 1000:
            print(f'the register function has {locals_} locals')
            return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
