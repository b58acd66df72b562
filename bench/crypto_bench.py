#!/usr/bin/env python3
"""Sync's own scrypt and ChaCha20-Poly1305 (Sources/RoutineSync/Crypto/Primitives) in a
release build, against OpenSSL's through Python in the same run (hashlib.scrypt and
python3-cryptography's ChaCha20Poly1305), alternating, medians.

Usage: python3 bench/crypto_bench.py [--runs N]

The primitives are compiled on their own with bench/crypto/main.swift (`swiftc -O
-wmo`, as the release build compiles RoutineSync); nothing else of the package is built.
swift-crypto (BoringSSL), which sync used before, was measured against them once, in one
process, before it was removed: docs/PERFORMANCE.md, "Sync crypto without swift-crypto".
"""
import argparse
import glob
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Debian's Python: its hashlib has scrypt and python3-cryptography is installed for it.
PYTHON = "/usr/bin/python3"

PYTHON_SCRYPT = """
import hashlib, sys, time
log2n, r, p = map(int, sys.argv[1:4])
start = time.perf_counter()
hashlib.scrypt(b"correct horse battery staple", salt=bytes(range(16)), n=1 << log2n, r=r, p=p, dklen=32,
               maxmem=1 << 30)
print(time.perf_counter() - start)
"""

PYTHON_SEAL = """
import sys, time
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
size, count = map(int, sys.argv[1:3])
aead, plaintext, aad = ChaCha20Poly1305(bytes(range(32))), b"a" * size, b"\\x01" * 60
nonces = [i.to_bytes(12, "little") for i in range(count)]
start = time.perf_counter()
boxes = [aead.encrypt(n, plaintext, aad) for n in nonces]
print(time.perf_counter() - start)
start = time.perf_counter()
for n, box in zip(nonces, boxes):
    aead.decrypt(n, box, aad)
print(time.perf_counter() - start)
"""


def lines(cmd):
    return [float(x) for x in subprocess.run(cmd, check=True, capture_output=True, text=True).stdout.split()]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="crypto-bench-")
    binary = os.path.join(work, "crypto-bench")
    sources = sorted(glob.glob(os.path.join(ROOT, "Sources/RoutineSync/Crypto/Primitives/*.swift")))
    subprocess.run(["swiftc", "-O", "-wmo", "-module-name", "CryptoBench", "-o", binary, *sources,
                    os.path.join(ROOT, "bench/crypto/main.swift")], check=True)
    print(f"load: {os.getloadavg()[0]:.1f} {os.getloadavg()[1]:.1f} {os.getloadavg()[2]:.1f}")
    print("| scenario | own (Swift) | OpenSSL (Python) | time, own ÷ OpenSSL |")
    print("| --- | ---: | ---: | ---: |")
    for log2n, r, p in [(17, 8, 1), (14, 8, 1)]:
        ours, anchor = [], []
        for _ in range(args.runs):
            ours += lines([binary, "scrypt", str(log2n), str(r), str(p)])
            anchor += lines([PYTHON, "-c", PYTHON_SCRYPT, str(log2n), str(r), str(p)])
        o, a = statistics.median(ours), statistics.median(anchor)
        print(f"| scrypt:{log2n}:{r}:{p} | {o * 1000:.0f} ms | {a * 1000:.0f} ms | {o / a:.2f}× |")
    for size, count in [(1 << 20, 32), (200, 20000)]:
        seal, open_, anchor_seal, anchor_open = [], [], [], []
        for _ in range(args.runs):
            s, o = lines([binary, "seal", str(size), str(count)])
            seal.append(s)
            open_.append(o)
            s, o = lines([PYTHON, "-c", PYTHON_SEAL, str(size), str(count)])
            anchor_seal.append(s)
            anchor_open.append(o)
        mb = size * count / 1e6
        for what, ours, anchor in [("seal", seal, anchor_seal), ("open", open_, anchor_open)]:
            o, a = statistics.median(ours), statistics.median(anchor)
            print(f"| {what} {count} × {size:,} B | {mb / o:.0f} MB/s | {mb / a:.0f} MB/s | {o / a:.2f}× |")


if __name__ == "__main__":
    main()
