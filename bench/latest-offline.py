#!/usr/bin/env python3
"""Whole-process time of `newsctl latest --offline` on a warm archive, beside two references
measured in the same run: `sqlite3` reading the same page from the same file, and a minimal
Swift program loading the same libraries (bench/reference/minimal-read.swift). Prints medians
and ratios.

Usage: bench/latest-offline.py [runs]   (builds release first; default 20 runs)
"""
import os, statistics, subprocess, sys, tempfile, time

runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
subprocess.run(["swift", "build", "-c", "release", "--product", "newsctl"], cwd=root, check=True,
               stdout=subprocess.DEVNULL)
binary = os.path.join(root, ".build", "release", "newsctl")
reference = os.path.join(tempfile.mkdtemp(prefix="newsctl-bench-"), "minimal-read")
subprocess.run(["swiftc", "-O", os.path.join(root, "bench", "reference", "minimal-read.swift"),
                "-I", os.path.join(root, "Sources", "CSQLite"), "-I", os.path.join(root, "Sources", "CCurl"),
                "-lsqlite3", "-lcurl", "-o", reference], check=True)
db = os.path.join(tempfile.mkdtemp(prefix="newsctl-bench-"), "news.sqlite")
env = dict(os.environ, NEWSCTL_DB=db, NO_COLOR="1")
api = "file://" + os.path.join(root, "Tests", "Fixtures", "api", "4")
subprocess.run([binary, "latest", "--base-url", api], env=env, check=True, stdout=subprocess.DEVNULL)

# The same page as newsctl shows it: the latest day's stories in order, and the banner.
query = """
SELECT s.id, s.title, s.hint, s.image, s.url FROM day_story d JOIN story s ON s.id = d.story_id
WHERE d.date = (SELECT value FROM sync_meta WHERE key = 'latest_date') ORDER BY d.position;
SELECT id, title, hint, image, url FROM top_story ORDER BY position;
"""

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

newsctl, sqlite, minimal = timed([[binary, "latest", "--offline"], ["sqlite3", db, query], [reference, db]])
print(f"runs: {runs} each, medians")
print(f"newsctl latest --offline        : {newsctl * 1000:7.2f} ms")
print(f"sqlite3, same page              : {sqlite * 1000:7.2f} ms   ratio {newsctl / sqlite:5.2f}x")
print(f"minimal Swift, same libraries   : {minimal * 1000:7.2f} ms   ratio {newsctl / minimal:5.2f}x")
