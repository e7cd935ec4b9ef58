#!/usr/bin/env python3
"""The figures of one bench run: scripts append one JSON line each to a results file, and
`bench/results.py FILE` prints them as a table and exits 1 when a figure misses its target.

A line: {"figure", "value", "reference", "ratio", "target", "pass"}; value and reference are
display strings, ratio a number or null, target a display string or null, pass true/false/null
(null: informative, no target).
"""
import json, sys


def add(path, figure, value, reference=None, ratio=None, target=None, passed=None):
    if path:
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps({"figure": figure, "value": value, "reference": reference, "ratio": ratio,
                                "target": target, "pass": passed}, ensure_ascii=False) + "\n")


def main():
    rows = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8") if line.strip()]
    table = [("figure", "value", "reference", "ratio", "target", "pass")]
    for r in rows:
        table.append((r["figure"], r["value"], r["reference"] or "-",
                      "-" if r["ratio"] is None else "%.2fx" % r["ratio"], r["target"] or "-",
                      {True: "PASS", False: "FAIL", None: "-"}[r["pass"]]))
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    for n, row in enumerate(table):
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())
        if n == 0:
            print("  ".join("-" * w for w in widths))
    return 1 if any(r["pass"] is False for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
