"""What the release binary holds, by module (issue 32): `nm -S --size-sort` over an
unstripped binary, each symbol's size added to its module's total, code (t/T/w/W) and
data (everything else) apart. Swift symbols are grouped by the module in their mangled
name, C++ by their outer namespace, C by a known prefix.

    python3 bench/binary_size.py .build/release/routine [--top 25]
"""
import argparse
import collections
import re
import subprocess

C_PREFIXES = [
    ("sqlite3", "SQLite"), ("icudt", "ICU data"), ("u_", "ICU (C API)"), ("ucol_", "ICU (C API)"),
    ("ubrk_", "ICU (C API)"), ("uloc_", "ICU (C API)"), ("ures_", "ICU (C API)"), ("udat_", "ICU (C API)"),
    ("unum_", "ICU (C API)"), ("ucnv_", "ICU (C API)"), ("utrans_", "ICU (C API)"), ("uregex_", "ICU (C API)"),
    ("CCryptoBoringSSL", "BoringSSL (swift-crypto)"), ("CFURL", "CoreFoundation"), ("CF", "CoreFoundation"),
    ("__CF", "CoreFoundation"), ("_CF", "CoreFoundation"), ("xml", "libxml2"), ("ZSTD", "zstd"), ("el_", "libedit"),
    ("swift_", "Swift runtime"), ("_swift", "Swift runtime"),
]
SWIFT = re.compile(r"^_?\$s(\d+)([A-Za-z_][A-Za-z0-9_]*)")


def module(name, demangled):
    if name.startswith(("$sS", "_$sS")) or name.startswith(("$ss", "_$ss")):
        return "Swift (stdlib)"
    match = SWIFT.match(name)
    if match:
        length = int(match.group(1))
        return match.group(2)[:length]
    if name.startswith("_Z"):
        head = demangled.split("::")[0].split("(")[0].split("<")[0]
        head = re.sub(r"^(non-virtual thunk to |typeinfo for |vtable for |typeinfo name for |guard variable for )", "", head)
        if head.startswith("icu_"):
            return "ICU (C++)"
        return "C++ " + head.split(" ")[-1]
    for prefix, owner in C_PREFIXES:
        if name.startswith(prefix):
            return owner
    return "other C"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    raw = subprocess.run(["nm", "-S", "--size-sort", args.binary], capture_output=True, text=True, check=True)
    lines = [line.split(" ", 3) for line in raw.stdout.splitlines()]
    lines = [parts for parts in lines if len(parts) == 4]
    names = [parts[3] for parts in lines]
    demangled = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True).stdout
    demangled = demangled.splitlines()
    code, data = collections.Counter(), collections.Counter()
    for (_, size, kind, name), plain in zip(lines, demangled):
        owner = module(name, plain)
        (code if kind in "tTwW" else data)[owner] += int(size, 16)
    total_code, total_data = sum(code.values()), sum(data.values())
    print(f"symbols: code {total_code / 1e6:.1f} MB, data {total_data / 1e6:.1f} MB")
    print(f"{'module':40} {'code MB':>8} {'data MB':>8}")
    for owner, _ in (code + data).most_common(args.top):
        print(f"{owner:40} {code[owner] / 1e6:8.2f} {data[owner] / 1e6:8.2f}")


if __name__ == "__main__":
    main()
