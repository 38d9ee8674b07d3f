#!/usr/bin/env python3
"""Turns Google's Digital Asset Links compatibility suite into a JSON fixture for aasa-check.

    scripts/gen-dal-compat.py GIT_DIR_OR_CHECKOUT [OUT]

Reads compatibility-tests/v1/**/*.pb (protobuf text format, messages of
compatibility-tests/v1/compatibility_test_suite.proto) from a checkout of
github.com/google/digitalassetlinks, or from a bare git directory at the commit below, and
writes OUT (default Fixtures/assetlinks/compat/compatibility-tests-v1.json): every test group
with its hosted web content, its Android content and its check and list test cases, field for
field. Tests/AASACoreTests/AssetLinksCompatibilityTests.swift runs them.

The suite is Copyright Google Inc., Apache License 2.0 (its LICENSE file); the fixture keeps
the groups' own names and test names, and records the repository, commit and license.
The text-format reader below is written for this suite: fields, nested messages, adjacent
string literals (concatenated), enums, booleans, numbers and [ ] lists; # comments.
"""
import json
import os
import subprocess
import sys

REPO = "github.com/google/digitalassetlinks"
COMMIT = "d893749ee3c84b31f72b552a7ed333789c3235d3"
SUITE = "compatibility-tests/v1"


def tokens(text):
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in " \t\r\n":
            i += 1
        elif c == "#":
            while i < n and text[i] != "\n":
                i += 1
        elif c in "{}[]:,;":
            yield ("punct", c)
            i += 1
        elif c in "'\"":
            quote, i, out = c, i + 1, []
            while text[i] != quote:
                if text[i] == "\\":
                    e = text[i + 1]
                    out.append({"n": "\n", "t": "\t", "r": "\r"}.get(e, e))
                    i += 2
                else:
                    out.append(text[i])
                    i += 1
            i += 1
            yield ("string", "".join(out))
        else:
            j = i
            while j < n and (text[j].isalnum() or text[j] in "_.-+"):
                j += 1
            if j == i:
                raise ValueError("unexpected %r at %d" % (c, i))
            yield ("word", text[i:j])
            i = j


class Reader:
    def __init__(self, text):
        self.toks = list(tokens(text))
        self.pos = 0

    def peek(self):
        return self.toks[self.pos] if self.pos < len(self.toks) else (None, None)

    def take(self):
        t = self.toks[self.pos]
        self.pos += 1
        return t

    def message(self, closing=None):
        fields = []
        while True:
            kind, value = self.peek()
            if kind is None or (kind == "punct" and value == closing):
                if closing:
                    self.take()
                return fields
            if kind == "punct" and value in ",;":
                self.take()
                continue
            _, name = self.take()
            if self.peek() == ("punct", ":"):
                self.take()
            fields.append((name, self.value()))

    def value(self):
        kind, v = self.take()
        if kind == "punct" and v == "{":
            return self.message("}")
        if kind == "punct" and v == "[":
            items = []
            while self.peek() != ("punct", "]"):
                if self.peek() == ("punct", ","):
                    self.take()
                    continue
                items.append(self.value())
            self.take()
            return items
        if kind == "string":
            parts = [v]
            while self.peek()[0] == "string":
                parts.append(self.take()[1])
            return "".join(parts)
        if v in ("true", "false"):
            return v == "true"
        return v  # an enum name or a number, as written


def get(fields, name, default=None):
    for k, v in fields:
        if k == name:
            return v
    return default


def get_all(fields, name):
    out = []
    for k, v in fields:
        if k == name:
            out.extend(v if isinstance(v, list) and (not v or not isinstance(v[0], tuple)) else [v])
    return out


def asset(fields):
    if fields is None:
        return None
    web = get(fields, "web")
    if web is not None:
        return {"web": {"site": get(web, "site")}}
    app = get(fields, "android_app")
    if app is not None:
        cert = get(app, "certificate")
        return {"androidApp": {"packageName": get(app, "package_name"),
                               "fingerprint": None if cert is None else get(cert, "sha256_fingerprint")}}
    return {}


def case(kind, fields):
    request = get(fields, "request", [])
    out = {
        "kind": kind,
        "name": get(fields, "name"),
        "source": asset(get(request, "source")),
        "relation": get(request, "relation"),
        "outcome": get(fields, "outcome"),
        "errorMessageRegex": get(fields, "error_message_regex"),
        "errorCodes": get_all(fields, "error_code"),
    }
    if kind == "check":
        out["target"] = asset(get(request, "target"))
        out["linked"] = get(fields, "response", False)
    else:
        out["statements"] = [{"source": asset(get(s, "source")), "relation": get(s, "relation"),
                              "target": asset(get(s, "target"))} for s in get_all(fields, "response")]
    return out


def group(path, fields):
    return {
        "file": path,
        "name": get(fields, "name"),
        "stubEnvironmentOnly": bool(get(fields, "stub_environment_only", False)),
        "webContent": [{"url": get(w, "url"), "body": get(w, "body")} for w in get_all(fields, "web_content")],
        "androidContent": [{"packageName": get(a, "package_name"), "certFingerprint": get(a, "cert_fingerprint"),
                            "assetStatements": get(a, "assets_statements")} for a in get_all(fields, "android_content")],
        "checks": [case("check", c) for c in get_all(fields, "check_statements_tests")]
                  + [case("list", c) for c in get_all(fields, "list_statements_tests")],
    }


def read_files(src):
    if os.path.isdir(os.path.join(src, SUITE)):
        for root, _, names in os.walk(os.path.join(src, SUITE)):
            for name in names:
                if name.endswith(".pb"):
                    full = os.path.join(root, name)
                    yield os.path.relpath(full, os.path.join(src, SUITE)), open(full, encoding="utf-8").read()
        return
    listing = subprocess.run(["git", "--git-dir", src, "ls-tree", "-r", "--name-only", COMMIT, SUITE],
                             check=True, capture_output=True, text=True).stdout.split()
    for path in listing:
        if path.endswith(".pb"):
            text = subprocess.run(["git", "--git-dir", src, "show", "%s:%s" % (COMMIT, path)],
                                  check=True, capture_output=True, text=True).stdout
            yield os.path.relpath(path, SUITE), text


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[2] if len(sys.argv) > 2 else "Fixtures/assetlinks/compat/compatibility-tests-v1.json"
    groups = []
    for path, text in sorted(read_files(sys.argv[1])):
        for name, fields in Reader(text).message():
            if name != "test_group":
                raise ValueError("%s: unexpected top-level field %s" % (path, name))
            groups.append(group(path, fields))
    doc = {
        "source": {"repository": REPO, "commit": COMMIT, "path": SUITE,
                   "license": "Apache License 2.0, Copyright Google Inc. (LICENSE in the repository)",
                   "generatedBy": "scripts/gen-dal-compat.py"},
        "groups": groups,
    }
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")
    checks = sum(len(g["checks"]) for g in groups)
    print("%s: %d groups, %d checks" % (out, len(groups), checks))


if __name__ == "__main__":
    main()
