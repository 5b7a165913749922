#!/usr/bin/env python3
"""Writes the seed inputs of the fuzz corpora (fuzz/corpus/<target>/seed-*), from the field
registry (modules/fields.cmake and the modules' degrees and moduli) and the recorded OpenSSL
points (tests/data/binary_curves_ecdh.txt). Inputs that once found a bug are kept beside them
under other names (crash-*, by libFuzzer) and are never rewritten. Run from anywhere:
    python3 fuzz/make_seeds.py"""
import pathlib
import re

root = pathlib.Path(__file__).resolve().parent.parent
corpus = root / "fuzz" / "corpus"
fields = re.findall(r"^\s*(binary|prime)/(\w+)", (root / "modules" / "fields.cmake").read_text(), re.M)
binary = [name for family, name in fields if family == "binary"]
prime = [name for family, name in fields if family == "prime"]
curves = ["sect163k1", "sect163r2", "sect233k1", "sect233r1", "sect283k1", "sect283r1", "sect409k1", "sect409r1",
          "sect571k1", "sect571r1"]  # ff::binary_curves, in order


def write(target, name, data):
    d = corpus / target
    d.mkdir(parents=True, exist_ok=True)
    (d / f"seed-{name}").write_bytes(data)


def degree(name):
    m = re.search(r"degree\s*=\s*(\d+)", (root / "modules" / "binary" / f"{name}.cppm").read_text())
    return int(m.group(1))


def modulus(name):
    text = re.search(r'_field<\w+,\s*"([0-9a-fA-Fx]+)"', (root / "modules" / "prime" / f"{name}.cppm").read_text()).group(1)
    return int(text, 16) if text.startswith("0x") else int(text)


for i, name in enumerate(binary):
    m = degree(name)
    top = (1 << m) - 1
    for tag, text in {"zero": "0", "one": "0x1", "upper": "0XABCDEF", "max": f"{top:x}", "over": f"{1 << m:x}",
                      "padded": "0" * 200 + "1", "prefix-only": "0x", "bad-digit": "12g4", "space": " 1"}.items():
        write("binary_parse", f"{name}-{tag}", bytes([i]) + text.encode())

for i, name in enumerate(prime):
    p = modulus(name)
    for tag, text in {"zero": "0", "p-1": str(p - 1), "p": str(p), "hex-p-1": f"0x{p - 1:x}", "hex-p": f"0X{p:X}",
                      "huge": "9" * 400, "sign": "-1", "prefix-only": "0x", "hex-in-decimal": "12ab"}.items():
        write("prime_parse", f"{name}-{tag}", bytes([i]) + text.encode())

for line in (root / "tests" / "data" / "binary_curves_ecdh.txt").read_text().splitlines():
    if not line or line.startswith("#"):
        continue
    curve, _, a_pub, _, b_pub, _ = line.split()
    i = curves.index(curve)
    for who, pub in (("a", a_pub), ("b", b_pub)):
        point = bytes.fromhex(pub)
        x = point[1:1 + (len(point) - 1) // 2]
        write("binary_point_decode", f"{curve}-{who}-uncompressed", bytes([i]) + point)
        write("binary_point_decode", f"{curve}-{who}-compressed-02", bytes([i, 2]) + x)
        write("binary_point_decode", f"{curve}-{who}-compressed-03", bytes([i, 3]) + x)
        write("binary_point_decode", f"{curve}-{who}-hybrid", bytes([i, 6]) + point[1:])
        write("binary_point_decode", f"{curve}-{who}-truncated", bytes([i]) + point[:-1])
        write("binary_point_decode", f"{curve}-{who}-y-flipped", bytes([i]) + point[:-1] + bytes([point[-1] ^ 1]))
    write("binary_point_decode", f"{curve}-infinity", bytes([i, 0]))
    write("binary_point_decode", f"{curve}-x-zero", bytes([i, 2]) + bytes(len(x)))
