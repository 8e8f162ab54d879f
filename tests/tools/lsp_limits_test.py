#!/usr/bin/env python3
"""The language server's limits on hostile input (docs/robustness.md "Limits"): a message nested 100,000 levels deep
is refused with an error (it crashed the server), a document of junk gets the first 20 errors and a note that
more are not shown, not one diagnostic per line, and messages missing members get errors, not a crash.

usage: lsp_limits_test.py CARDC SOURCE_DIR
"""
import json
import os
import subprocess
import sys

cardc, src = sys.argv[1], os.path.abspath(sys.argv[2])


def frame(msg):
    body = msg if isinstance(msg, bytes) else json.dumps(msg).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read(out):
    length = None
    while True:
        line = out.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        k, _, v = line.decode().partition(":")
        if k.lower() == "content-length":
            length = int(v)
    return json.loads(out.read(length))


def fail(what):
    raise SystemExit("FAIL: " + what)


p = subprocess.Popen([cardc, "lsp", "--profile-path", os.path.join(src, "cards")], stdin=subprocess.PIPE,
                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
p.stdin.write(frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}))
deep = b'{"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": ' + b"[" * 100000 + b"]" * 100000 + b"}"
p.stdin.write(frame(deep))
junk_uri = "file:///tmp/cardc-lsp-limits/junk.cards"
junk = "game legends\n" + "".join('card "C%d"\n  type Nonsense%d\n  stats Bogus %d\n' % (i, i, i) for i in range(3000))
p.stdin.write(frame({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                     "params": {"textDocument": {"uri": junk_uri, "languageId": "cards", "version": 1, "text": junk}}}))
# Found by the lsp fuzz target: a change whose range lacks "start" (it crashed the server: operator[] on a const
# JSON object), and a hover without a position.
p.stdin.write(frame({"jsonrpc": "2.0", "method": "textDocument/didChange",
                     "params": {"textDocument": {"uri": junk_uri, "version": 2},
                                "contentChanges": [{"range": {"sta(t": {"line": 3, "character": 8},
                                                              "end": {"line": 3, "character": 13}}, "text": "x"}]}}))
p.stdin.write(frame({"jsonrpc": "2.0", "id": 4, "method": "textDocument/hover",
                     "params": {"textDocument": {"uri": junk_uri}}}))
p.stdin.write(frame({"jsonrpc": "2.0", "id": 3, "method": "shutdown"}))
p.stdin.write(frame({"jsonrpc": "2.0", "method": "exit"}))
p.stdin.flush()
p.stdin.close()

seen = {}
while True:
    m = read(p.stdout)
    if m is None:
        break
    if "id" in m and "method" not in m:
        seen[m["id"]] = m
    elif m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == junk_uri:
        seen["diagnostics"] = m["params"]["diagnostics"]
code = p.wait(timeout=120)
if code < 0:
    fail("the server died of signal %d" % -code)
errors = [r for r in seen.values() if isinstance(r, dict) and r.get("id") is None and "error" in r]
if not any("nested more than 64 levels" in r["error"]["message"] for r in errors):
    fail("no error for the deeply nested message: %r" % errors)
if 3 not in seen or "result" not in seen[3]:
    fail("the server did not answer shutdown after the deep message and the malformed change")
if 4 not in seen or "error" not in seen[4]:
    fail("a hover without a position got no error: %r" % seen.get(4))
diags = seen.get("diagnostics")
if diags is None:
    fail("no diagnostics for the junk document")
n_errors = sum(1 for d in diags if d["severity"] == 1)
if n_errors != 20:
    fail("%d errors published for the junk document, expected the first 20" % n_errors)
if not any("more errors not shown" in d["message"] for d in diags):
    fail("no note that more errors were not shown")
print("PASS")
