#!/usr/bin/env python3
"""`newsctl export --site DIR --days 365` of a year with details, against copying what it wrote.

make-api.py writes 365 days of the API in the real shapes (cached in /tmp/newsbench-cache, like
bench/run's copy), nginx serves it on loopback, and one `newsctl sync --days 365 --details` makes
the archive. Then, rounds interleaved, medians:

- cold: `newsctl export --site DIR --days 365 --offline` into an empty DIR;
- again: the same command on the DIR it wrote, nothing changed: it must write no file (every
  file's inode and mtime are compared; export writes by rename, so a written file has a new inode);
- reference: `cp -r` of the written site into an empty folder (the bytes and files alone).

Usage: bench/export.py [--newsctl BIN] [--runs 5] [--days 365] [--results FILE]
  --newsctl  a built release newsctl with newsctl-site beside it, instead of building here
Needs nginx (Debian's package).
"""
import argparse, atexit, hashlib, os, shutil, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results
from nginx import Nginx

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
parser = argparse.ArgumentParser(description="newsctl export --site of a year against cp -r")
parser.add_argument("--newsctl")
parser.add_argument("--runs", type=int, default=5)
parser.add_argument("--days", type=int, default=365)
parser.add_argument("--results")
args = parser.parse_args()

newsctl = args.newsctl
if not newsctl:
    for product in ("newsctl", "newsctl-site"):
        subprocess.run(["swift", "build", "-c", "release", "--product", product], cwd=root, check=True, stdout=subprocess.DEVNULL)
    newsctl = os.path.join(root, ".build", "release", "newsctl")

cache = os.environ.get("BENCH_CACHE", "/tmp/newsbench-cache")
key = hashlib.sha256(open(os.path.join(here, "make-api.py"), "rb").read() + open(os.path.join(here, "queries.txt"), "rb").read())
api = os.path.join(cache, "api-%s-%d" % (key.hexdigest()[:12], args.days))
if not os.path.exists(os.path.join(api, "manifest.json")):
    os.makedirs(cache, exist_ok=True)
    partial = "%s.tmp.%d" % (api, os.getpid())
    subprocess.run([sys.executable, os.path.join(here, "make-api.py"), partial, "--days", str(args.days)], check=True,
                   stdout=subprocess.DEVNULL)
    os.rename(partial, api)

scratch = tempfile.mkdtemp(prefix="export-bench-")
atexit.register(shutil.rmtree, scratch, ignore_errors=True)
db = os.path.join(scratch, "news.sqlite")
env = dict(os.environ, NEWSCTL_DB=db, NO_COLOR="1")
with Nginx(api) as nginx:
    start = time.perf_counter()
    subprocess.run([newsctl, "sync", "--days", str(args.days), "--details", "--concurrency", "8", "--base-url", nginx.base_url],
                   env=env, check=True, stdout=subprocess.DEVNULL)
    print("archive: %d days with details, synced in %.1f s, %.1f MB"
          % (args.days, time.perf_counter() - start, os.path.getsize(db) / 2**20))


def timed(command):
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def files(folder):
    """path -> (inode, mtime) of every file under folder."""
    found = {}
    for parent, _, names in os.walk(folder):
        for name in names:
            info = os.stat(os.path.join(parent, name))
            found[os.path.relpath(os.path.join(parent, name), folder)] = (info.st_ino, info.st_mtime_ns)
    return found


export = [newsctl, "export", "--site", None, "--days", str(args.days), "--offline"]
cold, again, copy, rewritten = [], [], [], []
for round in range(args.runs):
    site, copied = os.path.join(scratch, "site"), os.path.join(scratch, "copy")
    shutil.rmtree(site, ignore_errors=True)
    shutil.rmtree(copied, ignore_errors=True)
    export[3] = site
    cold.append(timed(export))
    before = files(site)
    again.append(timed(export))
    after = files(site)
    changed = sorted(path for path in set(before) | set(after) if before.get(path) != after.get(path))
    rewritten.append(len(changed))
    if changed:
        print("round %d: written again: %s" % (round + 1, ", ".join(changed[:10])))
    subprocess.run(["sync"], check=True)  # the copy starts from the same state of the page cache
    copy.append(timed(["cp", "-r", site, copied]))

count = len(files(site))
size = sum(os.path.getsize(os.path.join(p, n)) for p, _, names in os.walk(site) for n in names)
cold_s, again_s, copy_s = statistics.median(cold), statistics.median(again), statistics.median(copy)
print(f"export --site of {args.days} days: {count} files, {size / 2**20:.1f} MB; medians of {args.runs} rounds")
print(f"cold (empty folder)     : {cold_s:7.3f} s   {cold_s / copy_s:5.1f}x cp -r")
print(f"again (nothing changed) : {again_s:7.3f} s   {again_s / copy_s:5.1f}x cp -r   files written: {max(rewritten)}")
print(f"cp -r of the site       : {copy_s:7.3f} s")
label = "export --site %d days" % args.days
results.add(args.results, label + ": cold", "%.2f s" % cold_s, "cp -r: %.2f s" % copy_s, cold_s / copy_s)
results.add(args.results, label + ": again, nothing changed", "%.2f s" % again_s, "cp -r: %.2f s" % copy_s, again_s / copy_s)
results.add(args.results, label + ": files written again", str(max(rewritten)), target="0", passed=max(rewritten) == 0)
sys.exit(0 if max(rewritten) == 0 else 3)
