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

# kernels: per field (index in the registry), operands at the edges of the representation.
for i, (family, name) in enumerate(fields):
    if family == "binary":
        m = degree(name)
        width = 8 * ((m + 63) // 64)
        values = {"zero-one": [0, 1], "top-bits": [1 << (m - 1), (1 << m) - 1], "all-ones": [(1 << (8 * width)) - 1] * 3,
                  "x-and-top": [2, 1 << (m - 1), 3, (1 << m) - 2]}
    else:
        p = modulus(name)
        width = 8 * ((p.bit_length() + 63) // 64)
        values = {"zero-one": [0, 1], "near-p": [p - 1, p - 2, p - 1], "at-p": [p, p + 1, (1 << p.bit_length()) - 1],
                  "all-ones": [(1 << (8 * width)) - 1] * 3}
    for tag, operands in values.items():
        write("kernels", f"{name}-{tag}", bytes([i]) + b"".join(v.to_bytes(width, "little") for v in operands))

# rfc7748: the RFC's scalar multiplications, and peers of small order or non-canonical.
for line in (root / "tests" / "data" / "rfc7748_vectors.txt").read_text().splitlines():
    words = line.split()
    if len(words) > 4 and words[1] == "scalarmult":
        write("rfc7748", f"{words[0]}-rfc-{words[2][:8]}", bytes([words[0] == "x448"]) + bytes.fromhex(words[2] + words[3]))
for c, (size, p) in enumerate([(32, 2**255 - 19), (56, 2**448 - 2**224 - 1)]):
    key = bytes([0x55] * size)
    for tag, u in {"u-0": 0, "u-1": 1, "u-p-1": p - 1, "u-p": p, "u-p+1": p + 1, "u-max": 2 ** (8 * size) - 1}.items():
        write("rfc7748", f"{['x25519', 'x448'][c]}-{tag}", bytes([c]) + key + u.to_bytes(size, "little"))

# bn254_precompiles: go-ethereum's precompile vectors (tests/data/bn254, with their licence),
# and coordinates at p.
import json
for entry, source in enumerate(["bn256Add", "bn256ScalarMul", "bn256Pairing"]):
    for case in json.loads((root / "tests" / "data" / "bn254" / f"{source}.json").read_text()):
        write("bn254_precompiles", f"{source}-{case['Name']}", bytes([entry]) + bytes.fromhex(case["Input"]))
bn254_p = modulus("bn254_fp")
write("bn254_precompiles", "ecadd-x-p", bytes([0]) + bn254_p.to_bytes(32, "big") + bytes(96))
write("bn254_precompiles", "ecmul-y-p", bytes([1]) + bytes(32) + bn254_p.to_bytes(32, "big") + bytes(32))
write("bn254_precompiles", "pairing-short", bytes([2]) + bytes(191))

# ffcalc_line: one request per line, over every kind of calculator and some junk.
requests = [f"{name} mul {modulus(name) - 1} {modulus(name) - 1}" for name in prime] + [
    f"{name} add 0x{modulus(name) - 1:x} 1" for name in prime] + [
    f"{name} inv 0x{(1 << (degree(name) - 1)):x}" for name in binary] + [
    "b163 pow 2 0xffffffffffffffffffff", "b233 solve 1", "ghash2 to-b256 1", "b256 half-trace 1", "p25519 sqrt 2",
    "bn254_fp legendre 5", "x25519 pubkey " + "09" * 32, "x448 ecdh " + "05" * 56 + " " + "00" * 56,
    "sect163k1 pubkey 1", "bn254 g1-add 0x", "bn254 pairing-check 0x", "bls12_381 g1-decompress c0" + "00" * 47,
    "# a comment", "", "   ", "b127", "nosuchfield add 1 1", "b127 add 1", "b127 nosuchop 1", "mers256 sub 1 -1"]
for n, request in enumerate(requests):
    write("ffcalc_line", f"{n:03d}", bytes([n % 2]) + request.encode())
write("ffcalc_line", "many-lines", bytes([0]) + "\n".join(requests[:8]).encode())
# Tabs and a carriage return separate words too (the planted ffcalc_line bug forgot the tab).
write("ffcalc_line", "tabs", bytes([0]) + b"b163\tadd\t1 \t2\r")

# rfc7748: Wycheproof's edge cases (tests/data/*_wycheproof.txt, Apache 2.0: low-order and
# non-canonical public keys, twist points, edge-case private keys), the first of each flag set.
for c, curve in enumerate(["x25519", "x448"]):
    seen = set()
    for line in (root / "tests" / "data" / f"{curve}_wycheproof.txt").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        tc, _, flags, private, public = line.split()[:5]
        size = 32 if curve == "x25519" else 56
        if flags in seen or len(private) != 2 * size or len(public) != 2 * size:
            continue
        seen.add(flags)
        write("rfc7748", f"{curve}-wycheproof-{tc}", bytes([c]) + bytes.fromhex(private + public))

# proofs_exponents: the lists the proofs use, and the refusals parse_exponent_list names.
for tag, text in {"b191": "191,9,0", "b571": "571,10,5,2,0", "x-plus-1": "1,0", "max": "100000,1,0",
                  "over-max": "100001,1,0", "ten-digits": "0000000191,0", "leading-zeros": "0191,09,0",
                  "no-constant": "191,9", "duplicate": "9,9,0", "increasing": "0,9", "empty": "", "comma": "191,,0",
                  "trailing-comma": "191,0,", "constant": "0", "space": "191, 9, 0", "sign": "+191,0"}.items():
    write("proofs_exponents", tag, text.encode())

# bls12_381_g1_decode: the deserialization cases of ethereum/bls12-381-tests (tests/data,
# CC0), each as a decompress input, and the generator in both encodings.
for line in (root / "tests" / "data" / "bls12_381" / "g1_deserialization.txt").read_text().splitlines():
    if line.startswith("#") or not line.strip():
        continue
    name, _, data = line.split()
    write("bls12_381_g1_decode", name, bytes([1]) + bytes.fromhex(data))
g1_x = 0x17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb
g1_y = 0x08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1
write("bls12_381_g1_decode", "generator-compressed", bytes([1]) + bytes([0x80 | (g1_x >> 376)]) + (g1_x % (1 << 376)).to_bytes(47, "big"))
write("bls12_381_g1_decode", "generator-uncompressed", bytes([0]) + g1_x.to_bytes(48, "big") + g1_y.to_bytes(48, "big"))
write("bls12_381_g1_decode", "infinity-uncompressed", bytes([0, 0x40]) + bytes(95))
write("bls12_381_g1_decode", "infinity-compressed-with-sort", bytes([1, 0xe0]) + bytes(47))
