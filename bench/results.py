#!/usr/bin/env python3
"""The figures of one bench run: scripts append one JSON line each to a results file, and
`bench/results.py FILE` prints them as a table and exits 1 when a figure misses its target.

`bench/results.py FILE --newsbench [EXPECTED]` copies newsbench's output from stdin to stdout and
appends its "RESULT name value" lines as figures, with the targets newsbench states. With
EXPECTED (make-api.py's queries.tsv) it also checks `newsbench search`'s result count of each
query: min(stories containing it, 20), a search page.

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


# newsbench's RESULT names: figure, display format, target, pass test.
NEWSBENCH = {
    "search_median_ms": ("search: median over bench/queries.txt", "%.2f ms", "<= 2.5 ms", lambda v: v <= 2.5),
    "read_day_ratio": ("read one day: large vs small archive", None, "<= 1.1x", lambda v: v <= 1.1),
}


PAGE = 20


def from_newsbench(path, expected_path=None):
    expected = {}
    if expected_path:
        for line in open(expected_path, encoding="utf-8"):
            query, count = line.rstrip("\n").split("\t")
            expected[query] = int(count)
    seen, counted, wrong = 0, 0, []
    for line in sys.stdin:
        sys.stdout.write(line)
        parts = line.split()
        if len(parts) >= 2 and parts[0] in expected and parts[1].isdigit():  # a row of the search table
            counted += 1
            want = min(expected[parts[0]], PAGE)
            if int(parts[1]) != want:
                wrong.append("%s: %s results, want %d (%d stories contain it)" % (parts[0], parts[1], want, expected[parts[0]]))
        if len(parts) == 3 and parts[0] == "RESULT" and parts[1] in NEWSBENCH:
            figure, shown, target, test = NEWSBENCH[parts[1]]
            value = float(parts[2])
            if shown:
                add(path, figure, shown % value, None, None, target, test(value))
            else:
                add(path, figure, "%.2fx" % value, None, value, target, test(value))
            seen += 1
    if counted:
        for line in wrong:
            print("search count mismatch: " + line, file=sys.stderr)
        add(path, "search: result counts as queries.tsv says", "%d/%d right" % (counted - len(wrong), counted),
            None, None, "all", not wrong)
    return 0 if seen else 1  # no RESULT line: newsbench changed or failed


def main():
    if sys.argv[2:3] == ["--newsbench"]:
        return from_newsbench(sys.argv[1], *sys.argv[3:4])
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
