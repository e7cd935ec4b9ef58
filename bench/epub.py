#!/usr/bin/env python3
"""`newsctl export --epub` of a year with pictures: its wall time and peak memory, against `zip`
writing the same files.

The bench makes real pictures with ImageMagick (sync-images.py's: JPEG, PNG, WebP and GIF of
20-250 KB, cached in /tmp/newsbench-cache), and an API of DAYS days of STORIES stories each, every
story with its text, a list thumbnail, a headline picture and a body picture, each at an address of its own (year_api.py) (so the
archive keeps thousands of pictures); nginx serves it on loopback and one
`newsctl sync --days DAYS --details --images` makes the archive. Then, rounds interleaved after a
warm-up round, medians:

- newsctl: `newsctl export --epub BOOK --days DAYS --offline` (reads the archive, builds every
  page, writes the book through libzip); wall time and peak RSS (the process's maxrss);
- reference: `zip` writing the book's own files, unpacked once, into a new ZIP with the same
  methods (pictures stored, the rest deflated): the bytes and the container alone.

Targets: wall time <= 3x the reference; peak RSS <= 64 MB, whatever the book's size (it is
written from a spool, a story at a time).

Usage: bench/epub.py --newsctl BIN [--days 365] [--stories 4] [--runs 5] [--results FILE]
  --newsctl  a built release newsctl with newsctl-site beside it
Needs nginx, ImageMagick and zip (Debian's packages).
"""
import argparse, json, os, shutil, statistics, subprocess, sys, tempfile, time, zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results
from nginx import Nginx
from year_api import measured, pictures, write_year_api

HERE = os.path.dirname(os.path.abspath(__file__))
RATIO_TARGET = 3.0
RSS_TARGET_MB = 64
PICTURES = 200


def main():
    parser = argparse.ArgumentParser(description="newsctl export --epub of a year with pictures against zip")
    parser.add_argument("--newsctl", required=True)
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--stories", type=int, default=4)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--results")
    args = parser.parse_args()
    for tool in ("convert", "zip"):
        if not shutil.which(tool):
            sys.exit("needs %s (Debian: imagemagick, zip)" % tool)
    cache, names = pictures(PICTURES)
    scratch = tempfile.mkdtemp(prefix="bench-epub-")
    try:
        root = os.path.join(scratch, "www")
        os.makedirs(root)
        db = os.path.join(scratch, "news.sqlite")
        env = dict(os.environ, NEWSCTL_DB=db, NO_COLOR="1")
        with Nginx(root) as server:
            count = len(write_year_api(root, cache, "http://127.0.0.1:%d" % server.port, names, args.days, args.stories))
            start = time.perf_counter()
            subprocess.run([args.newsctl, "sync", "--days", str(args.days), "--details", "--images", "--concurrency", "8",
                            "--base-url", server.base_url], env=env, check=True, stdout=subprocess.DEVNULL)
            print("archive: %d days, %d stories with text, %d pictures; synced in %.1f s, %.0f MB"
                  % (args.days, args.days * args.stories, count, time.perf_counter() - start, os.path.getsize(db) / 2**20),
                  file=sys.stderr)
        book = os.path.join(scratch, "year.epub")
        command = [args.newsctl, "export", "--epub", book, "--days", str(args.days), "--offline", "--json"]
        _, _, out = measured(command, env=env)
        outcome = json.loads(out)
        unpacked = os.path.join(scratch, "unpacked")
        with zipfile.ZipFile(book) as archive:
            archive.extractall(unpacked)
            entries = [info.filename for info in archive.infolist()]
        stored = [name for name in entries if name.startswith("EPUB/picture/") or name == "mimetype"]
        deflated = [name for name in entries if name not in stored]
        book_mb = os.path.getsize(book) / 2**20
        times, peaks, reference = [], [], []
        for round in range(args.runs + 1):
            t, rss, _ = measured(command, env=env)
            copy = os.path.join(scratch, "copy.zip")
            if os.path.exists(copy):
                os.remove(copy)
            zip_time = 0.0
            for names_now, level in ((stored, "-0"), (deflated, "-9")):
                elapsed, _, _ = measured(["zip", "-q", "-X", level, copy] + names_now, cwd=unpacked)
                zip_time += elapsed
            print("  round %d%s: newsctl %.2f s, %.1f MB peak; zip %.2f s"
                  % (round, " (warm-up)" if not round else "", t, rss, zip_time), file=sys.stderr)
            if round:
                times.append(t)
                peaks.append(rss)
                reference.append(zip_time)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    mine, ref, peak = statistics.median(times), statistics.median(reference), max(peaks)
    ratio = mine / ref
    print("export --epub: %d days, %d stories, %d pictures in the book (%d captioned), a %.0f MB book; medians of %d runs"
          % (args.days, outcome["stories"], outcome["pictures"], outcome["missingPictures"], book_mb, args.runs))
    print("zip of the same files (reference) : %7.2f s" % ref)
    print("newsctl export --epub             : %7.2f s   ratio %.2fx (target <= %.1fx)" % (mine, ratio, RATIO_TARGET))
    print("newsctl peak RSS (largest)        : %7.1f MB  (target <= %d MB)" % (peak, RSS_TARGET_MB))
    label = "export --epub %d days with pictures (%.0f MB book)" % (args.days, book_mb)
    results.add(args.results, label + ": zip of the same files", "%.2f s" % ref)
    results.add(args.results, label + ": wall time", "%.2f s" % mine, "%.2f s" % ref, ratio, "<= %.1fx" % RATIO_TARGET,
                ratio <= RATIO_TARGET)
    results.add(args.results, label + ": peak RSS", "%.1f MB" % peak, None, None, "<= %d MB" % RSS_TARGET_MB,
                peak <= RSS_TARGET_MB)
    return 0 if ratio <= RATIO_TARGET and peak <= RSS_TARGET_MB else 3


if __name__ == "__main__":
    sys.exit(main())
