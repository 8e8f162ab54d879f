#!/usr/bin/env python3
"""Signed card libraries through the command line (docs/robustness.md "Signed card libraries"): `cardc keygen`,
`cardc compile --sign`, and `cardc run --library` with `--trust` / `--allow-unsigned`. A library no trusted key
signed is refused before any of its code runs: a hostile shared object whose constructor creates a file, given a
valid seal, never creates it.

usage: signed_library_cli_test.py CARDC SOURCE_DIR
"""
import hashlib
import os
import shutil
import stat
import struct
import subprocess
import sys
import tempfile

cardc, source_dir = sys.argv[1], sys.argv[2]
scenario = os.path.join(source_dir, 'tests/scenarios/legends/additional_actions.scenario')
card_set = os.path.join(source_dir, 'tests/scenarios/legends/additional_actions.cards')
failures = []


def run(*argv, timeout=120, env=None):
    p = subprocess.run([cardc, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout, env=env)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def expect(cond, what, detail=''):
    if not cond:
        failures.append(f'{what}\n{detail}')


with tempfile.TemporaryDirectory() as work:
    key, other = os.path.join(work, 'key'), os.path.join(work, 'other')
    code, out, err = run('keygen', key)
    expect(code == 0, 'cardc keygen failed', err)
    expect(stat.S_IMODE(os.stat(key).st_mode) == 0o600, 'the secret key is readable by others')
    expect(open(key + '.pub').read().startswith('cardrt-public-key-1 '), 'the public key file has no header')
    before = open(key).read()
    code, out, err = run('keygen', key)
    expect(code == 2 and 'exists' in err and open(key).read() == before, 'cardc keygen replaced a key', err)
    run('keygen', other)

    signed, unsigned = os.path.join(work, 'signed.so'), os.path.join(work, 'unsigned.so')
    code, out, err = run('compile', card_set, '--sign', key, '-o', signed)
    expect(code == 0, 'cardc compile --sign failed', err)
    code, out, err = run('compile', card_set, '-o', unsigned)
    expect(code == 0, 'cardc compile failed', err)
    # A public key is not a secret key; a FIFO is refused at once.
    code, out, err = run('compile', card_set, '--sign', key + '.pub', '-o', os.path.join(work, 'x.so'))
    expect(code == 2 and 'not a secret key file' in err, '--sign with a public key was not refused', err)
    fifo = os.path.join(work, 'fifo')
    os.mkfifo(fifo)
    code, out, err = run('compile', card_set, '--sign', fifo, '-o', os.path.join(work, 'x.so'), timeout=30)
    expect(code == 2 and 'not a regular file' in err, '--sign with a FIFO was not refused', err)
    expect(not os.path.exists(os.path.join(work, 'x.so')), 'a library was written despite a bad key')

    code, out, err = run('run', '--quiet', '--library', signed, '--trust', key + '.pub', scenario)
    expect(code == 0, 'a signed library with its key trusted did not play', out + err)
    code, out, err = run('run', '--quiet', '--library', signed, '--trust', other + '.pub', scenario)
    expect(code != 0 and 'does not trust' in err, 'a library signed by an untrusted key played', out + err)
    code, out, err = run('run', '--quiet', '--library', unsigned, '--trust', key + '.pub', scenario)
    expect(code != 0 and 'is not signed' in err, 'an unsigned library played', out + err)
    code, out, err = run('run', '--quiet', '--library', unsigned, '--allow-unsigned', scenario)
    expect(code == 0, '--allow-unsigned did not load an unsigned library', out + err)
    code, out, err = run('run', '--quiet', '--library', fifo, '--trust', key + '.pub', scenario, timeout=30)
    expect(code != 0 and 'not a regular file' in err, 'run --library on a FIFO', out + err)
    code, out, err = run('run', '--quiet', '--library', signed, '--trust', fifo, scenario, timeout=30)
    expect(code == 2 and 'not a regular file' in err, 'run --trust on a FIFO', out + err)

    # The attack: a shared object with a constructor, resealed (the seal is a SHA-256 anyone can compute).
    cc = shutil.which('cc')
    if cc:
        marker = os.path.join(work, 'constructor-ran')
        src, hostile = os.path.join(work, 'hostile.c'), os.path.join(work, 'hostile.so')
        with open(src, 'w') as f:
            f.write('#include <fcntl.h>\n#include <unistd.h>\n'
                    '__attribute__((constructor)) static void hostile(void) {\n'
                    f'  int fd = open("{marker}", O_WRONLY | O_CREAT, 0644);\n'
                    '  if (fd >= 0) close(fd);\n}\n'
                    'int cardrt_library_register(void* pool) { (void)pool; return 0; }\n')
        subprocess.run([cc, '-shared', '-fPIC', '-o', hostile, src], check=True)
        data = open(hostile, 'rb').read()
        with open(hostile, 'ab') as f:
            f.write(hashlib.sha256(data).digest() + struct.pack('<Q', len(data)) + b'CARDLIB1')
        code, out, err = run('run', '--quiet', '--library', hostile, '--trust', key + '.pub', scenario)
        expect(code != 0 and 'is not signed' in err, 'the resealed hostile library was not refused', out + err)
        expect(not os.path.exists(marker), 'cardc run --library ran the constructor of an unsigned library')
        code, out, err = run('run', '--quiet', '--library', hostile, '--allow-unsigned', scenario)
        expect(os.path.exists(marker), 'the control failed: with --allow-unsigned the constructor should run')

if failures:
    print('\n\n'.join('FAIL: ' + f for f in failures))
    sys.exit(1)
print('PASS')
