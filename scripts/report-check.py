#!/usr/bin/env python3
"""Reads what the HTML report test produces, with the standard library only.

    report-check.py outline REPORT.html   the page's structure as JSON (html.parser)
    report-check.py ink SCREENSHOT.png    how much of a screenshot is not white, as JSON
    report-check.py requests NETLOG.json  the requests a page loaded from file:// made, as JSON

`outline` lists the banners (verdict and title), the sections, the tables with their header
cells, the tags seen, scripts and external references (there must be none), tags left open
or closed out of order, and the page's text. `ink` decodes an 8-bit, non-interlaced PNG
(what headless Chromium writes) and counts the pixels with a channel under 240. `requests`
reads the net log Chromium writes with --log-net-log and lists the URL requests whose network
isolation key is the page's (file://): what the page itself asked for, as opposed to Chromium's
own background requests (component updates, time queries), whose key is null.
"""
import json
import struct
import sys
import zlib
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Outline(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags = {}
        self.stack = []
        self.problems = []
        self.banners = []
        self.sections = []
        self.tables = []
        self.external = []
        self.text = []
        self._banner = None
        self._th = None
        self._in_style = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags[tag] = self.tags.get(tag, 0) + 1
        for name in ("src", "href", "action", "srcset", "poster", "data"):
            value = a.get(name)
            if value is not None and not value.startswith("#"):
                self.external.append(f"{tag} {name}={value}")
        if tag == "link":
            self.external.append(f"link {a}")
        if "style" in a and "url(" in (a.get("style") or ""):
            self.external.append(f"{tag} style url()")
        classes = (a.get("class") or "").split()
        if "banner" in classes:
            self._banner = {"verdict": a.get("data-verdict"), "title": "", "classes": classes}
            self.banners.append(self._banner)
        if tag == "section":
            self.sections.append({"id": a.get("id"), "class": a.get("class")})
        if tag == "table":
            self.tables.append({"class": a.get("class"), "headers": [], "rows": 0})
        if tag == "tr" and self.tables:
            self.tables[-1]["rows"] += 1
        if tag == "th":
            self._th = ""
        if tag == "style":
            self._in_style = True
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if tag == "th" and self._th is not None and self.tables:
            self.tables[-1]["headers"].append(self._th.strip())
            self._th = None
        if tag == "style":
            self._in_style = False
        if tag == "div" and self._banner is not None:
            self._banner = None
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1] if self.stack else 'nothing'}")
            if tag in self.stack:
                while self.stack and self.stack.pop() != tag:
                    pass
            return
        self.stack.pop()

    def handle_data(self, data):
        if self._in_style:
            if "url(" in data or "@import" in data:
                self.external.append("style url()/@import")
            return
        if self._th is not None:
            self._th += data
        if self._banner is not None and self.stack and self.stack[-1] in ("h1", "h2", "h3", "h4"):
            self._banner["title"] += data
        self.text.append(data)


def outline(path):
    parser = Outline()
    with open(path, encoding="utf-8") as f:
        parser.feed(f.read())
    parser.close()
    if parser.stack:
        parser.problems.append("left open: " + " ".join(parser.stack))
    return {
        "tags": parser.tags,
        "problems": parser.problems,
        "banners": [{"verdict": b["verdict"], "title": b["title"].strip()} for b in parser.banners],
        "sections": parser.sections,
        "tables": parser.tables,
        "external": parser.external,
        "text": "".join(parser.text),
    }


def ink(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit("not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    width, height, depth, color, _, _, interlace = header
    channels = {2: 3, 6: 4, 0: 1, 4: 2}.get(color)
    if depth != 8 or interlace != 0 or channels is None:
        raise SystemExit(f"unsupported PNG: depth {depth}, colour type {color}, interlace {interlace}")
    raw = zlib.decompress(idat)
    stride = width * channels
    low7 = int.from_bytes(b"\x7f" * stride, "big")
    high = int.from_bytes(b"\x80" * stride, "big")
    light = bytes(0 if b >= 240 else 1 for b in range(256))

    def add(a, b):
        # Bytewise (a + b) mod 256 on whole rows at once: add the low 7 bits, then the top bit
        # without carry (SWAR), so the common filters cost no Python loop per byte.
        x, y = int.from_bytes(a, "big"), int.from_bytes(b, "big")
        return bytearray((((x & low7) + (y & low7)) ^ ((x ^ y) & high)).to_bytes(stride, "big"))

    previous = bytearray(stride)
    inked = 0
    i = 0
    colour = min(channels, 3)
    for _ in range(height):
        kind = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        if kind == 2:
            line = add(line, previous)
        elif kind in (1, 3, 4):
            for x in range(stride):
                left = line[x - channels] if x >= channels else 0
                up = previous[x]
                if kind == 1:
                    line[x] = (line[x] + left) & 0xFF
                elif kind == 3:
                    line[x] = (line[x] + ((left + up) >> 1)) & 0xFF
                else:
                    upleft = previous[x - channels] if x >= channels else 0
                    p = left + up - upleft
                    pa, pb, pc = abs(p - left), abs(p - up), abs(p - upleft)
                    line[x] = (line[x] + (left if pa <= pb and pa <= pc else (up if pb <= pc else upleft))) & 0xFF
        # A pixel is ink when one of its colour channels is under 240.
        marks = line.translate(light)
        any_channel = 0
        for c in range(colour):
            any_channel |= int.from_bytes(marks[c::channels], "big")
        inked += bin(any_channel).count("1")
        previous = line
    return {"width": width, "height": height, "ink": inked / float(width * height)}


def requests(path):
    with open(path, encoding="utf-8") as f:
        log = json.load(f)
    types = {number: name for name, number in log["constants"]["logEventTypes"].items()}
    page, background = [], 0
    for event in log["events"]:
        if types.get(event.get("type")) != "URL_REQUEST_START_JOB":
            continue
        params = event.get("params", {})
        if params.get("network_isolation_key", "").startswith("file://"):
            page.append(params.get("url", ""))
        else:
            background += 1
    return {"page": page, "background": background}


if __name__ == "__main__":
    commands = {"outline": outline, "ink": ink, "requests": requests}
    if len(sys.argv) != 3 or sys.argv[1] not in commands:
        raise SystemExit(__doc__)
    result = commands[sys.argv[1]](sys.argv[2])
    print(json.dumps(result))
