#!/usr/bin/env python3
"""Whole-process time of `newsctl latest --offline` on a warm archive, beside references
measured in the same run: `sqlite3` reading the same page from the same file, and a minimal
Swift program loading the same libraries (bench/reference/minimal-read.swift: SQLite and
FoundationEssentials; an offline newsctl never loads libcurl), also built with libcurl linked to
show what mapping libcurl costs. Prints medians and ratios; the figure is newsctl against the
minimal program with the Swift libraries linked in, both static (issue 43's budget: at most 3x
and at most 15 ms); the other references are shown for what they explain.

Usage: bench/latest-offline.py [runs] [--db PATH] [--newsctl BIN] [--results FILE]
  runs       default 20
  --db       an existing archive (e.g. the 10-year one bench/run syncs) instead of a tiny one
             filled from Tests/Fixtures; it is only read
  --newsctl  a built binary instead of building release here
  --results  append the figures to this file (bench/results.py)
"""
import argparse, atexit, os, shutil, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results

RATIO_TARGET = 3.0
MILLISECONDS_TARGET = 15.0
# Against the reference that maps libcurl too, as newsctl did before it loaded libcurl lazily.
CURL_RATIO_TARGET = 1.0
parser = argparse.ArgumentParser(description="newsctl latest --offline against the same read in sqlite3 and minimal Swift")
parser.add_argument("runs", nargs="?", type=int, default=20)
parser.add_argument("--db")
parser.add_argument("--newsctl")
parser.add_argument("--results")
args = parser.parse_args()
runs = args.runs
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = args.newsctl
if not binary:
    subprocess.run(["swift", "build", "-c", "release", "--product", "newsctl"], cwd=root, check=True,
                   stdout=subprocess.DEVNULL)
    binary = os.path.join(root, ".build", "release", "newsctl")
scratch = tempfile.mkdtemp(prefix="newsctl-bench-")
atexit.register(shutil.rmtree, scratch, ignore_errors=True)
reference = os.path.join(scratch, "minimal-read")
reference_curl = os.path.join(scratch, "minimal-read-curl")
source = os.path.join(root, "bench", "reference", "minimal-read.swift")
subprocess.run(["swiftc", "-O", source, "-D", "NO_CURL", "-I", os.path.join(root, "Sources", "CSQLite"),
                "-lsqlite3", "-o", reference], check=True)
# The reference with the Swift libraries linked in, as bench/run builds newsctl: issue 33's figure
# ("both built with --static-swift-stdlib"; issue 43's budget, RATIO_TARGET and MILLISECONDS_TARGET).
reference_static = os.path.join(scratch, "minimal-read-static")
subprocess.run(["swiftc", "-O", "-static-stdlib", source, "-D", "NO_CURL", "-I", os.path.join(root, "Sources", "CSQLite"),
                "-lsqlite3", "-o", reference_static], check=True)
subprocess.run(["swiftc", "-O", source, "-I", os.path.join(root, "Sources", "CSQLite"),
                "-I", os.path.join(root, "Sources", "CCurl"), "-lsqlite3", "-lcurl", "-o", reference_curl], check=True)
db = args.db or os.path.join(scratch, "news.sqlite")
env = dict(os.environ, NEWSCTL_DB=db, NO_COLOR="1")
if not args.db:
    api = "file://" + os.path.join(root, "Tests", "Fixtures", "api", "4")
    subprocess.run([binary, "latest", "--base-url", api], env=env, check=True, stdout=subprocess.DEVNULL)
elif not os.path.exists(db):
    sys.exit("no archive at " + db)

# The same page as newsctl shows it: the latest day's stories in order, and the banner.
query = """
SELECT s.id, s.title, s.hint, s.image, s.url FROM day_story d JOIN story s ON s.id = d.story_id
WHERE d.date = (SELECT value FROM sync_meta WHERE key = 'latest_date') ORDER BY d.position;
SELECT id, title, hint, image, url FROM top_story ORDER BY position;
"""
# An archive without the latest page would make every reader trivially fast: refuse it.
rows = subprocess.run([reference, db], env=env, check=True, capture_output=True, text=True).stdout
if not rows.strip():
    sys.exit("the archive %s has no latest page (sync_meta latest_date, day_story)" % db)


def timed(commands):
    """Median seconds of each command; rounds interleave them, so load on a shared machine
    falls on all of them alike."""
    samples = [[] for _ in commands]
    for round in range(runs + 2):  # two warm-up rounds, not counted
        for index, command in enumerate(commands):
            start = time.perf_counter()
            subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
            if round >= 2:
                samples[index].append(time.perf_counter() - start)
    return [statistics.median(s) for s in samples]

newsctl, sqlite, minimal, minimal_curl, minimal_static = timed(
    [[binary, "latest", "--offline"], ["sqlite3", db, query], [reference, db], [reference_curl, db], [reference_static, db]])
ratio = newsctl / minimal
print(f"runs: {runs} each, medians; archive {db} ({os.path.getsize(db) / 2**20:.1f} MB, {len(rows.splitlines())} stories today)")
print(f"newsctl latest --offline        : {newsctl * 1000:7.2f} ms")
print(f"sqlite3, same page              : {sqlite * 1000:7.2f} ms   ratio {newsctl / sqlite:5.2f}x")
print(f"minimal Swift, same libraries   : {minimal * 1000:7.2f} ms   ratio {ratio:5.2f}x")
print(f"minimal Swift, libcurl linked too: {minimal_curl * 1000:6.2f} ms   ratio {newsctl / minimal_curl:5.2f}x (target <= {CURL_RATIO_TARGET}x)")
label = "latest --offline" + (" (given archive)" if args.db else " (fixture archive)")
static_ratio = newsctl / minimal_static
print(f"minimal Swift, libraries linked in: {minimal_static * 1000:5.2f} ms   ratio {static_ratio:5.2f}x "
      f"(target <= {RATIO_TARGET}x and newsctl <= {MILLISECONDS_TARGET:.0f} ms)")
results.add(args.results, label + ": sqlite3 same page", "%.2f ms" % (sqlite * 1000))
results.add(args.results, label + ": newsctl vs minimal Swift with the Swift libraries linked in, both static",
            "%.2f ms" % (newsctl * 1000), "%.2f ms" % (minimal_static * 1000), static_ratio,
            "<= %.1fx, <= %.0f ms" % (RATIO_TARGET, MILLISECONDS_TARGET),
            static_ratio <= RATIO_TARGET and newsctl * 1000 <= MILLISECONDS_TARGET)
results.add(args.results, label + ": newsctl vs minimal Swift (SQLite + FoundationEssentials)", "%.2f ms" % (newsctl * 1000),
            "%.2f ms" % (minimal * 1000), ratio)
curl_ratio = newsctl / minimal_curl
results.add(args.results, label + ": newsctl vs minimal Swift with libcurl linked", "%.2f ms" % (newsctl * 1000),
            "%.2f ms" % (minimal_curl * 1000), curl_ratio, "<= %.1fx" % CURL_RATIO_TARGET, curl_ratio <= CURL_RATIO_TARGET)
