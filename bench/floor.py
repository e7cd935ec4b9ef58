#!/usr/bin/env python3
"""The floor of `sync --days N --details`: what it takes with its three per-story pieces off.

Usage: bench/floor.py --base-url URL --newsctl BIN [--days 365] [--runs 5] [--masks 0,1,2,3,4,7]

BIN is newsctl built with bench/floor.patch (bench/floor builds it), whose FLOOR environment
variable is a mask of what each detail skips:
  1  the readable text: a tag-stripped stand-in is indexed and stored (about as many tokens)
  2  compression: the HTML is stored as it came, without its text
  4  the search index: the detail is not indexed

Rounds interleave curl --parallel over the same URLs (sync.py's reference) and one newsctl run
per mask, after one untimed warm-up round; it prints each one's median wall and CPU seconds and
its ratio to curl. Not a test: it says how much of the ratio each piece is, and what is left
when they are all free.
"""
import argparse, os, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sync

NAMES = {0: "everything", 1: "no readable text", 2: "no compression", 3: "no text, no compression",
         4: "no index", 7: "none of the three"}


def timed(command, env=None):
    """Wall and CPU (user + system) seconds of one run; exits on a failed run."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    err = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("failed: %s\n%s" % (" ".join(command), err.decode()[-2000:]))
    return elapsed, usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--newsctl", required=True)
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--masks", default="0,1,2,3,4,7")
    args = parser.parse_args()
    masks = [int(mask) for mask in args.masks.split(",")]

    days = sync.sync_urls(args.base_url, args.days)
    ids = sync.story_ids(days)
    urls = days + ["%s/news/%d" % (args.base_url, i) for i in ids] + \
        ["%s/story-extra/%d" % (args.base_url, i) for i in ids]
    with tempfile.TemporaryDirectory() as scratch:
        config = os.path.join(scratch, "urls.curlrc")
        with open(config, "w") as f:
            f.writelines('url = "%s"\noutput = "/dev/null"\n' % url for url in urls)
        curl = ["curl", "--silent", "--parallel", "--parallel-max", "8", "--config", config]
        figures = {"curl": []}
        for round in range(args.runs + 1):
            runs = {"curl": timed(curl)}
            for mask in masks:
                db = os.path.join(tempfile.mkdtemp(dir=scratch), "news.sqlite")
                runs[mask] = timed([args.newsctl, "sync", "--days", str(args.days), "--details", "--concurrency", "8",
                                    "--json", "--db", db, "--base-url", args.base_url],
                                   env=dict(os.environ, FLOOR=str(mask)))
            print("round %d%s: %s" % (round, " (warm-up)" if not round else "",
                                     ", ".join("%s %.3f s" % (key, wall) for key, (wall, _) in runs.items())),
                  file=sys.stderr)
            if round:
                for key, run in runs.items():
                    figures.setdefault(key, []).append(run)

    reference = statistics.median(wall for wall, _ in figures["curl"])
    print("sync --days %d --details (%d stories, %d URLs), medians of %d interleaved runs"
          % (args.days, len(ids), len(urls), args.runs))
    print("%-28s %8s %8s %7s" % ("", "wall", "cpu", "ratio"))
    for key, runs in figures.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        label = "curl --parallel" if key == "curl" else "FLOOR=%d %s" % (key, NAMES.get(key, ""))
        print("%-28s %6.3f s %6.3f s %6.2fx" % (label, wall, cpu, wall / reference))


if __name__ == "__main__":
    main()
