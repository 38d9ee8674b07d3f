#!/usr/bin/env python3
"""Checks the sample executables of entitlements-samples/apps with LIEF, a reader independent of
aasa-check (PyPI `lief`, test-only: scripts/make-sample-apps.sh installs it into .build/tools).

For every Mach-O file under DIR (thin or universal, inside bundles too), LIEF parses the headers
and load commands and locates LC_CODE_SIGNATURE; this script then walks the signature LIEF hands
over (xnu cs_blobs.h layout) with Python's hashlib and plistlib, and checks every hash each
CodeDirectory seals: the code pages, the requirements, and the XML and DER entitlements blobs.
It prints one line per slice and exits 1 when LIEF cannot read a file or a hash differs where the
file's name does not say it should (`wrong-xml-hash`, `wrong-der-hash`).

    PYTHONPATH=.build/tools/lief python3 scripts/check-samples-lief.py entitlements-samples/apps
"""
import hashlib
import os
import plistlib
import struct
import sys

import lief

HASHES = {1: ("SHA-1", hashlib.sha1, 20), 2: ("SHA-256", hashlib.sha256, 32),
          3: ("SHA-256/20", hashlib.sha256, 20), 4: ("SHA-384", hashlib.sha384, 48)}


def der_value(b, i):
    """Decodes one DER element of the entitlements encoding; returns (value, next index)."""
    tag, n = b[i], b[i + 1]
    i += 2
    if n & 0x80:
        k = n & 0x7F
        n = int.from_bytes(b[i:i + k], "big")
        i += k
    body, end = b[i:i + n], i + n
    if tag == 0x01:
        return body != b"\x00", end
    if tag == 0x02:
        return int.from_bytes(body, "big", signed=True), end
    if tag == 0x0C:
        return body.decode("utf-8"), end
    if tag == 0x30:
        out, j = [], 0
        while j < len(body):
            v, j = der_value(body, j)
            out.append(v)
        return out, end
    if tag == 0xB0:
        out, j = {}, 0
        while j < len(body):
            pair, j = der_value(body, j)
            out[pair[0]] = pair[1]
        return out, end
    raise ValueError(f"tag {tag:#x}")


def der_entitlements(payload):
    assert payload[0] == 0x70, "not [APPLICATION 16]"
    outer, _ = 0, 0
    n = payload[1]
    i = 2
    if n & 0x80:
        i += n & 0x7F
    version, i = der_value(payload, i)
    assert version == 1, "DER version"
    value, _ = der_value(payload, i)
    return value


def check_slice(data, offset, binary, expect_bad):
    """Checks one slice; returns (line, ok)."""
    sig = binary.code_signature
    raw = bytes(sig.content)
    magic, length, count = struct.unpack(">III", raw[:12])
    assert magic == 0xFADE0CC0, f"SuperBlob magic {magic:#x}"
    blobs = {}
    for k in range(count):
        slot, off = struct.unpack(">II", raw[12 + 8 * k:20 + 8 * k])
        bm, bl = struct.unpack(">II", raw[off:off + 8])
        blobs[slot] = (bm, raw[off:off + bl])
    xml = blobs.get(5)
    der = blobs.get(7)
    ents_xml = plistlib.loads(xml[1][8:]) if xml else None
    ents_der = der_entitlements(der[1][8:]) if der else None
    same = ents_xml is None or ents_der is None or ents_xml == ents_der
    problems, described = [], []
    for slot in [0] + [s for s in sorted(blobs) if 0x1000 <= s < 0x1005]:
        cd = blobs[slot][1]
        (_, _, version, _, hash_offset, _, n_special, n_code, code_limit) = struct.unpack(">9I", cd[:36])
        hash_size, hash_type = cd[36], cd[37]
        page = 1 << cd[39]
        name, fn, size = HASHES[hash_type]
        described.append(f"{name} v{version:#x} {n_code} pages")
        def sealed(n):
            return cd[hash_offset - n * hash_size:hash_offset - (n - 1) * hash_size]
        for p in range(n_code):
            start = offset + p * page
            end = offset + min((p + 1) * page, code_limit)
            if fn(data[start:end]).digest()[:size] != cd[hash_offset + p * hash_size:hash_offset + (p + 1) * hash_size]:
                problems.append(f"{name} code page {p}")
        if fn(blobs[2][1]).digest()[:size] != sealed(2):
            problems.append(f"{name} requirements")
        for n, blob, what in [(5, xml, "XML"), (7, der, "DER")]:
            if blob and n <= n_special and fn(blob[1]).digest()[:size] != sealed(n):
                problems.append(f"{name} {what} entitlements")
    bad_expected = {"xml": [p for p in problems if "XML" in p], "der": [p for p in problems if "DER" in p]}
    others = [p for p in problems if "entitlements" not in p]
    ok = not others and same
    if expect_bad:
        ok = ok and bool(bad_expected[expect_bad]) and not bad_expected["der" if expect_bad == "xml" else "xml"]
    else:
        ok = ok and not problems
    domains = (ents_xml or ents_der or {}).get("com.apple.developer.associated-domains", [])
    line = (f"{binary.header.cpu_type.__name__ if hasattr(binary.header.cpu_type, '__name__') else str(binary.header.cpu_type).split('.')[-1]:<7}"
            f" sig@{sig.data_offset}+{sig.data_size} cds[{', '.join(described)}] blobs{sorted(hex(s) for s in blobs)}"
            f" domains={len(domains)} xml==der={same} mismatches={problems or 'none'}")
    return line, ok


def main(root):
    failures = 0
    checked = 0
    for dirpath, _, files in os.walk(root):
        for f in sorted(files):
            path = os.path.join(dirpath, f)
            with open(path, "rb") as fh:
                data = fh.read()
            if data[:4] not in (b"\xcf\xfa\xed\xfe", b"\xca\xfe\xba\xbe", b"\xca\xfe\xba\xbf"):
                continue
            offsets, sizes = [0], [len(data)]
            if data[:4] != b"\xcf\xfa\xed\xfe":
                wide = data[3] == 0xBF
                n = struct.unpack(">I", data[4:8])[0]
                rec = 32 if wide else 20
                fields = [struct.unpack(">IIQQ" if wide else ">IIII", data[8 + k * rec:8 + k * rec + (24 if wide else 16)])
                          for k in range(n)]
                offsets, sizes = [r[2] for r in fields], [r[3] for r in fields]
            binaries = []
            fat = lief.MachO.parse(path)
            if fat is not None and fat.size == len(offsets):
                binaries = [(offsets[k], data, fat.at(k)) for k in range(fat.size)]
            elif data[:4] == b"\xca\xfe\xba\xbf":
                # LIEF 1.0 reads no 64-bit universal header (0xcafebabf): each slice, cut out by
                # the offsets above, is given to it as a thin file.
                for start, size in zip(offsets, sizes):
                    thin = data[start:start + size]
                    parsed = lief.MachO.parse(list(thin))
                    if parsed is not None:
                        binaries.append((0, thin, parsed.at(0)))
            if not binaries:
                print(f"FAIL {path}: LIEF cannot parse it")
                failures += 1
                continue
            expect = "xml" if "wrong-xml-hash" in f else "der" if "wrong-der-hash" in f else None
            for k, (start, whole, binary) in enumerate(binaries):
                line, ok = check_slice(whole, start, binary, expect)
                checked += 1
                failures += 0 if ok else 1
                print(f"{'ok  ' if ok else 'FAIL'} {os.path.relpath(path, root)} [{k}] {line}")
    print(f"LIEF {lief.__version__}: {checked} slices checked, {failures} unexpected")
    return 1 if failures or not checked else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "entitlements-samples/apps"))
