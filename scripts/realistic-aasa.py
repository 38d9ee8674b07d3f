#!/usr/bin/env python3
"""Writes a deterministic, realistic apple-app-site-association file of many rules.

The rule analysis (AASA402/404, issue 11) must decide every pair of such a file: rules as a
large site writes them, grouped by section, mixing literal segments, `*`, `?*`, fixed-length
ids (`????????`), a `*` between segments, query objects, fragments, excludes placed before the
broader rule they carve out, case-insensitive rules, a locale variable, and a few rules an
earlier one already covers (dead rules, as real files have). Nothing adversarial: the point is
the shape of real files at Apple's 128 KB limit.

Usage: scripts/realistic-aasa.py [--rules N] [--seed S] [--apps K] > FILE
The same arguments always give the same bytes. Prints the rule count and size on stderr.
"""
import argparse
import json
import random
import sys

SECTIONS = ["shop", "store", "p", "c", "blog", "news", "help", "support", "account", "orders",
            "events", "tickets", "stores", "search", "u", "profile", "deals", "gift-cards",
            "recipes", "watch", "listen", "learn", "jobs", "press", "community", "docs", "trips",
            "hotels", "rentals", "offers", "library", "collections", "brands", "catalog"]
WORDS = ["shoes", "running", "women", "men", "kids", "sale", "new", "outlet", "summer", "winter",
         "bags", "watches", "jackets", "boots", "sneakers", "home", "kitchen", "garden", "tools",
         "toys", "books", "music", "video", "games", "beauty", "health", "sports", "outdoor",
         "camping", "cycling", "fitness", "yoga", "travel", "food", "coffee", "tea", "wine",
         "electronics", "phones", "laptops", "audio", "cameras", "tv", "lighting", "furniture",
         "decor", "bedding", "bath", "pets", "baby", "office", "school", "art", "crafts", "party",
         "gifts", "jewelry", "eyewear", "hats", "socks", "denim", "shirts", "dresses", "suits",
         "reviews", "questions", "compare", "size-guide", "returns", "shipping", "track",
         "settings", "billing", "security", "notifications", "wishlist", "cart", "checkout",
         "invoice", "receipt", "edit", "share", "invite", "redeem", "claim", "confirm", "verify"]
INTERNAL = ["admin", "internal", "preview", "draft", "print", "amp", "embed", "legacy", "debug", "staff"]
QUERY_KEYS = ["ref", "utm_source", "id", "sku", "color", "size", "page", "q", "lang", "src", "campaign"]


def rule_path(rng, section):
    """One `/` pattern of a section, in one of the shapes real files use."""
    w = lambda: rng.choice(WORDS)
    shape = rng.choices(
        ["prefix", "literal", "two-prefix", "middle-star", "nonempty", "fixed-id", "id-suffix",
         "dash", "ext", "deep"],
        weights=[22, 18, 12, 10, 8, 8, 6, 6, 4, 6])[0]
    if shape == "prefix":
        return "/%s/%s/*" % (section, w())
    if shape == "literal":
        return "/%s/%s/%s" % (section, w(), w())
    if shape == "two-prefix":
        return "/%s/%s/%s/*" % (section, w(), w())
    if shape == "middle-star":
        return "/%s/*/%s" % (section, w())
    if shape == "nonempty":
        return "/%s/%s/?*" % (section, w())
    if shape == "fixed-id":
        return "/%s/%s" % (section, "?" * rng.choice([6, 8, 10, 12]))
    if shape == "id-suffix":
        return "/%s/*/%s/*" % (section, w())
    if shape == "dash":
        return "/%s/%s-*" % (section, w())
    if shape == "ext":
        return "/%s/*.%s" % (section, rng.choice(["pdf", "html", "json"]))
    return "/%s/%s/*/%s/*" % (section, w(), w())


def rule(rng, section, exclude=False):
    r = {"/": rule_path(rng, section)}
    roll = rng.random()
    if roll < 0.18:
        keys = rng.sample(QUERY_KEYS, rng.choice([1, 1, 2]))
        r["?"] = {k: rng.choice(["*", "?*", "???", rng.choice(WORDS)]) for k in keys}
    elif roll < 0.21:
        r["#"] = rng.choice(["*", "reviews", "?*"])
    if exclude:
        r["exclude"] = True
    if rng.random() < 0.04:
        r["caseSensitive"] = False
    if rng.random() < 0.25:
        r["comment"] = "%s %s" % (rng.choice(["Opens", "Keeps", "Routes", "Handles"]), section)
    return r


def components(rng, count):
    out = []
    while len(out) < count:
        section = rng.choice(SECTIONS)
        group = []
        # Excludes first, each carving out a part of the section the group then opens.
        for _ in range(rng.choice([0, 0, 1, 1, 2])):
            group.append({"/": "/%s/%s/*" % (section, rng.choice(INTERNAL)), "exclude": True})
        for _ in range(rng.randint(2, 8)):
            group.append(rule(rng, section, exclude=rng.random() < 0.08))
        # Now and then a rule the group's broad rule already covers (a dead rule).
        if rng.random() < 0.15:
            word = rng.choice(WORDS)
            group.append({"/": "/%s/%s/*" % (section, word)})
            group.append({"/": "/%s/%s/%s/*" % (section, word, rng.choice(WORDS))})
        # Localised copies of a rule through the built-in variables.
        if rng.random() < 0.05:
            group.append({"/": "/$(lang)-$(region)/%s/*" % section})
        out.extend(group)
    return out[:count]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", type=int, default=1600)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--apps", type=int, default=1, help="app IDs in the details entry")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    apps = ["K7Q2M9XW3P.com.example.shop%s" % ("" if i == 0 else str(i)) for i in range(args.apps)]
    comps = components(rng, args.rules)
    comps.append({"#": "no_universal_links", "exclude": True})
    # Laid out as people write these files: one rule per line.
    dump = lambda v: json.dumps(v, ensure_ascii=False)
    lines = ['{', '  "applinks": {', '    "details": [', '      {',
             '        "appIDs": %s,' % dump(apps), '        "components": [']
    lines += ['          %s%s' % (dump(c), "," if i + 1 < len(comps) else "") for i, c in enumerate(comps)]
    lines += ['        ]', '      }', '    ]', '  },', '  "webcredentials": {"apps": %s}' % dump(apps[:1]), '}']
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    print("realistic-aasa: %d rules, %d bytes" % (len(comps), len(text.encode())), file=sys.stderr)


if __name__ == "__main__":
    main()
