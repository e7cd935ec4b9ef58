#!/usr/bin/env python3
"""`newsctl sync --images` of a year's pictures against `curl --parallel` fetching the same pictures
into files of their own (issue 46).

year_api.py makes the API of DAYS days of STORIES stories, each with its text and three pictures at
addresses of their own (a list thumbnail, a headline, one in the body): thousands of distinct
pictures made from 200 real ones (JPEG, PNG, WebP, GIF of 20-250 KB); nginx serves it on loopback.
A template archive holds every day and every story's text (`sync --days DAYS --details`); each run
of newsctl starts from a fresh copy of it, so what is timed is the picture phase.

- newsctl: `newsctl sync --days DAYS --images --concurrency K --json` on a copy of the template:
  it fetches news/latest and every picture, checks each and keeps it in the archive; its JSON must
  say every picture was fetched. Wall time and peak RSS (wait4's ru_maxrss).
- reference: `curl --parallel --parallel-max K` fetching news/latest and every picture, each into
  a file of its own in a fresh folder.
- informative: newsctl on a copy of the template without --images (the sync's fixed cost), and
  curl discarding the bodies (the network alone).

Rounds interleave after one warm-up round; medians. Targets: <= 1.5x, peak RSS <= 64 MB.

Usage: bench/pictures-year.py --newsctl BIN [--days 365] [--stories 6] [--runs 5] [--concurrency 8] [--results FILE]
Needs nginx, ImageMagick and curl.
"""
import argparse, json, os, shutil, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results
from nginx import Nginx
from year_api import copy_archive, measured, pictures, write_year_api

RATIO_TARGET = 1.5
RSS_TARGET_MB = 64


def main():
    parser = argparse.ArgumentParser(description="newsctl sync --images of a year against curl --parallel")
    parser.add_argument("--newsctl", required=True)
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--stories", type=int, default=6)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--results")
    args = parser.parse_args()
    cache, names = pictures(200)
    scratch = tempfile.mkdtemp(prefix="bench-pictures-year-")
    try:
        root = os.path.join(scratch, "www")
        os.makedirs(root)
        with Nginx(root) as server:
            urls = write_year_api(root, cache, "http://127.0.0.1:%d" % server.port, names, args.days, args.stories)
            total = sum(os.path.getsize(os.path.join(root, "p", url.rsplit("/", 1)[1])) for url in urls)
            template = os.path.join(scratch, "template.sqlite")
            measured([args.newsctl, "sync", "--days", str(args.days), "--details", "--concurrency", str(args.concurrency),
                   "--json", "--db", template, "--base-url", server.base_url])
            every = [server.base_url + "/news/latest"] + urls
            config = os.path.join(scratch, "keep.curlrc")
            with open(config, "w") as f:
                f.writelines('url = "%s"\noutput = "KEEP/%d"\n' % (url, i) for i, url in enumerate(every))
            discard = os.path.join(scratch, "discard.curlrc")
            with open(discard, "w") as f:
                f.writelines('url = "%s"\noutput = "/dev/null"\n' % url for url in every)
            env = dict(os.environ, NO_COLOR="1")
            mine, peaks, reference, fixed, network = [], [], [], [], []
            for round in range(args.runs + 1):  # round 0 warms the page cache and nginx: not counted
                folder = tempfile.mkdtemp(dir=scratch)
                with open(config) as f, open(config + ".now", "w") as out:
                    out.write(f.read().replace("KEEP", folder))
                r, _, codes = measured(["curl", "--silent", "--parallel", "--parallel-max", str(args.concurrency),
                                  "--write-out", "%{http_code}\n", "--config", config + ".now"])
                if codes.decode().split().count("200") != len(every):
                    sys.exit("reference: not every URL answered 200")
                shutil.rmtree(folder)
                d, _, _ = measured(["curl", "--silent", "--parallel", "--parallel-max", str(args.concurrency), "--config", discard])
                db = copy_archive(template, scratch)
                n, rss, out = measured([args.newsctl, "sync", "--days", str(args.days), "--images", "--concurrency",
                                            str(args.concurrency), "--json", "--db", db, "--base-url", server.base_url], env)
                fetched = (json.loads(out).get("pictures") or {}).get("fetched")
                if fetched != len(urls):
                    sys.exit("newsctl sync --images fetched %r pictures, not %d" % (fetched, len(urls)))
                shutil.rmtree(os.path.dirname(db))
                db = copy_archive(template, scratch)
                z, _, _ = measured([args.newsctl, "sync", "--days", str(args.days), "--concurrency", str(args.concurrency),
                                        "--json", "--db", db, "--base-url", server.base_url], env)
                shutil.rmtree(os.path.dirname(db))
                print("  round %d%s: curl %.2f s (discarding %.2f s), newsctl %.2f s (%.1f MB peak), without --images %.2f s"
                      % (round, " (warm-up)" if not round else "", r, d, n, rss, z), file=sys.stderr)
                if round:
                    reference.append(r)
                    mine.append(n)
                    peaks.append(rss)
                    fixed.append(z)
                    network.append(d)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    ref, value, peak, base = statistics.median(reference), statistics.median(mine), max(peaks), statistics.median(fixed)
    ratio = value / ref
    print("sync --images of %d days: %d pictures (%.0f MB), concurrency %d, medians of %d runs"
          % (args.days, len(urls), total / 2**20, args.concurrency, args.runs))
    print("curl --parallel into files (reference) : %7.2f s" % ref)
    print("newsctl sync --images                  : %7.2f s   ratio %.2fx (target <= %.1fx)" % (value, ratio, RATIO_TARGET))
    print("newsctl peak RSS (largest)             : %7.1f MB  (target <= %d MB)" % (peak, RSS_TARGET_MB))
    print("newsctl sync without --images          : %7.2f s   (informative: the sync's fixed cost)" % base)
    print("curl --parallel discarding the bodies  : %7.2f s   (informative: the network alone)" % statistics.median(network))
    label = "sync --images %d days (%d pictures, %.0f MB)" % (args.days, len(urls), total / 2**20)
    results.add(args.results, label + ": curl --parallel into files", "%.2f s" % ref)
    results.add(args.results, label + ": newsctl without --images", "%.2f s" % base)
    results.add(args.results, label + ": newsctl", "%.2f s" % value, "%.2f s" % ref, ratio, "<= %.1fx" % RATIO_TARGET,
                ratio <= RATIO_TARGET)
    results.add(args.results, label + ": peak RSS", "%.1f MB" % peak, None, None, "<= %d MB" % RSS_TARGET_MB,
                peak <= RSS_TARGET_MB)
    return 0 if ratio <= RATIO_TARGET and peak <= RSS_TARGET_MB else 3


if __name__ == "__main__":
    sys.exit(main())
