#!/usr/bin/env python3
"""Pictures over loopback HTTP: `newsctl sync --images` against curl fetching the same pictures.

Usage: bench/sync-images.py --newsctl BIN [--pictures 100] [--runs 7] [--concurrency 8] [--results FILE]

  pictures   made once with ImageMagick (cached in /tmp/newsbench-cache/pictures-N): real JPEG,
             PNG, WebP and GIF files of 20-250 KB (photos, charts, a few small GIFs), as Zhihu
             Daily's are; served by nginx (bench/nginx.py) with one day of the API that uses them:
             10 stories a day, each with a list thumbnail, a headline picture and body pictures
  archive    a template archive with that day and every story's detail (`sync --days 1 --details`),
             copied afresh before each newsctl run, so what is timed is the picture phase
  reference  curl --parallel --parallel-max K: news/latest and every picture URL, bodies discarded
  newsctl    newsctl sync --days 1 --images --concurrency K --json on a copy of the template: it
             fetches news/latest and every picture, checks each (PictureCheck) and keeps it; its
             JSON must say every picture was fetched and none failed

Informative, beside them (no target): curl keeping each picture in a file of its own (what
newsctl does is keep them, durably, in SQLite), and `newsctl sync --days 1` on the template
without --images (the fixed cost of a sync: start, open, news/latest, write it).

Rounds interleave the two, after one untimed warm-up round, so load on a shared machine falls
on both alike; figures are medians, whole-process wall time on both sides.
"""
import argparse, json, os, shutil, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results
from nginx import Nginx

# Issue 30: pictures are bytes, little CPU.
RATIO_TARGET = 1.5
# Bump when make_pictures changes: the cached pictures are made again.
PICTURES_VERSION = 1
LATEST = "20230601"
STORIES = 10


def make_pictures(folder, count):
    """count real pictures, made with ImageMagick, named 0.jpg, 1.png, …; deterministic per index."""
    os.makedirs(folder, exist_ok=True)
    names = []
    for index in range(count):
        kind = index % 10
        # Mostly photos (JPEG), some charts (PNG), WebP, and an occasional small GIF.
        ext = "jpg" if kind < 6 else "png" if kind < 8 else "webp" if kind < 9 else "gif"
        name = "%d.%s" % (index, ext)
        path = os.path.join(folder, name)
        names.append(name)
        if os.path.exists(path):
            continue
        width, height = [(690, 400), (1080, 720), (600, 900), (440, 300)][index % 4]
        if ext == "gif":
            width, height = 320, 240
        source = "plasma:fractal" if ext in ("jpg", "webp") else "gradient:#%02x6090-#f0%02x30" % (index * 7 % 256, index * 13 % 256)
        command = ["convert", "-seed", str(index + 1), "-size", "%dx%d" % (width, height), source]
        if ext == "png":
            command += ["-fill", "black", "-draw", "line 0,%d %d,%d" % (height // 2, width, height // 3)]
        command += ["-quality", "82"] if ext in ("jpg", "webp") else []
        subprocess.run(command + [path + ".tmp." + ext], check=True)
        os.replace(path + ".tmp." + ext, path)
    return names


def write_api(root, origin, names):
    """One day of the API under root/api/4 whose stories use every picture in names once."""
    api = os.path.join(root, "api", "4")
    os.makedirs(os.path.join(api, "news"), exist_ok=True)
    os.makedirs(os.path.join(api, "story-extra"), exist_ok=True)
    per_story = len(names) // STORIES
    stories = []
    for n in range(STORIES):
        story_id = 9_900_000 + n
        own = names[n * per_story:(n + 1) * per_story] if n < STORIES - 1 else names[n * per_story:]
        url = lambda name: "%s/pic/%s" % (origin, name)
        stories.append({"id": story_id, "title": "第 %d 篇" % n, "hint": "作者 · 3 分钟阅读", "type": 0,
                        "ga_prefix": "060107", "image_hue": "0x7f6a55", "url": "https://daily.zhihu.com/story/%d" % story_id,
                        "images": [url(own[0])]})
        figures = "".join('<p>第 %d 段。</p><figure><img src="%s"><figcaption>图 %d</figcaption></figure>' % (i, url(name), i)
                          for i, name in enumerate(own[2:], 1))
        detail = {"id": story_id, "title": "第 %d 篇" % n, "type": 0, "image": url(own[1]),
                  "body": '<div class="content">%s</div>' % figures, "share_url": "http://daily.zhihu.com/story/%d" % story_id}
        with open(os.path.join(api, "news", str(story_id)), "w") as f:
            json.dump(detail, f, ensure_ascii=False)
        with open(os.path.join(api, "story-extra", str(story_id)), "w") as f:
            json.dump({"long_comments": 0, "popularity": 1, "short_comments": 0, "comments": 0}, f)
    with open(os.path.join(api, "news", "latest"), "w") as f:
        json.dump({"date": LATEST, "stories": stories, "top_stories": []}, f, ensure_ascii=False)


def run_reference(config, count, concurrency):
    start = time.perf_counter()
    out = subprocess.run(["curl", "--silent", "--parallel", "--parallel-max", str(concurrency),
                          "--write-out", "%{http_code}\n", "--config", config],
                         check=True, capture_output=True, text=True).stdout
    elapsed = time.perf_counter() - start
    if out.split().count("200") != count:
        sys.exit("reference: not every URL answered 200:\n" + out[:2000])
    return elapsed


def run_newsctl(binary, base, db, concurrency, pictures):
    """pictures: how many the sync must fetch; None: a sync without --images."""
    command = [binary, "sync", "--days", "1", "--concurrency", str(concurrency), "--json", "--db", db,
               "--base-url", base] + (["--images"] if pictures is not None else [])
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, env=dict(os.environ, NO_COLOR="1"))
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit("newsctl sync --images failed (exit %d): %s" % (done.returncode, done.stderr.decode()[-2000:]))
    report = json.loads(done.stdout)
    if pictures is None:
        return elapsed
    fetched = (report.get("pictures") or {}).get("fetched")
    if fetched != pictures or report["failures"] != 0:
        sys.exit("newsctl sync --images: %r pictures fetched (want %d), failures %r" % (fetched, pictures, report["failures"]))
    return elapsed


def copy_archive(template, scratch):
    folder = tempfile.mkdtemp(dir=scratch)
    for suffix in ("", "-wal"):
        if os.path.exists(template + suffix):
            shutil.copyfile(template + suffix, os.path.join(folder, "news.sqlite" + suffix))
    return os.path.join(folder, "news.sqlite")


def main():
    parser = argparse.ArgumentParser(description="newsctl sync --images against curl --parallel")
    parser.add_argument("--newsctl", required=True)
    parser.add_argument("--pictures", type=int, default=100)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--results")
    args = parser.parse_args()
    if not shutil.which("convert"):
        sys.exit("needs ImageMagick's convert (apt-get install imagemagick)")

    cache = os.path.join(os.environ.get("BENCH_CACHE", "/tmp/newsbench-cache"), "pictures-%d-v%d" % (args.pictures, PICTURES_VERSION))
    names = make_pictures(cache, args.pictures)
    picture_bytes = sum(os.path.getsize(os.path.join(cache, name)) for name in names)
    scratch = tempfile.mkdtemp(prefix="bench-sync-images-")
    try:
        root = os.path.join(scratch, "www")
        os.makedirs(root)
        os.symlink(cache, os.path.join(root, "pic"))
        with Nginx(root) as server:
            origin = "http://127.0.0.1:%d" % server.port
            write_api(root, origin, names)
            template = os.path.join(scratch, "template.sqlite")
            prepared = subprocess.run([args.newsctl, "sync", "--days", "1", "--details", "--json", "--db", template,
                                       "--base-url", server.base_url], capture_output=True)
            if prepared.returncode != 0:
                sys.exit("could not prepare the template archive: " + prepared.stderr.decode()[-2000:])
            urls = [server.base_url + "/news/latest"] + ["%s/pic/%s" % (origin, name) for name in names]
            config = os.path.join(scratch, "urls.curlrc")
            with open(config, "w") as f:
                f.writelines('url = "%s"\noutput = "/dev/null"\n' % url for url in urls)
            keeping = os.path.join(scratch, "keep.curlrc")
            with open(keeping, "w") as f:
                f.writelines('url = "%s"\noutput = "KEEP/%d"\n' % (url, i) for i, url in enumerate(urls))
            reference, newsctl, kept, fixed = [], [], [], []
            for round in range(args.runs + 1):  # round 0 warms the page cache and nginx: not counted
                r = run_reference(config, len(urls), args.concurrency)
                db = copy_archive(template, scratch)
                n = run_newsctl(args.newsctl, server.base_url, db, args.concurrency, len(names))
                shutil.rmtree(os.path.dirname(db))
                folder = tempfile.mkdtemp(dir=scratch)
                with open(keeping) as f, open(keeping + ".now", "w") as out:
                    out.write(f.read().replace("KEEP", folder))
                k = run_reference(keeping + ".now", len(urls), args.concurrency)
                shutil.rmtree(folder)
                db = copy_archive(template, scratch)
                z = run_newsctl(args.newsctl, server.base_url, db, args.concurrency, None)
                shutil.rmtree(os.path.dirname(db))
                if round:
                    reference.append(r)
                    newsctl.append(n)
                    kept.append(k)
                    fixed.append(z)
                print("  round %d%s: curl %.3f s, newsctl %.3f s, curl keeping files %.3f s, newsctl without --images %.3f s"
                      % (round, " (warm-up)" if not round else "", r, n, k, z), file=sys.stderr)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    ref, mine = statistics.median(reference), statistics.median(newsctl)
    ratio = mine / ref
    print("sync --images: %d pictures (%.1f MB) and news/latest, concurrency %d, medians of %d runs"
          % (len(names), picture_bytes / 2**20, args.concurrency, args.runs))
    print("curl --parallel (reference) : %8.3f s" % ref)
    print("newsctl sync --images       : %8.3f s   ratio %.2fx (target <= %.1fx)" % (mine, ratio, RATIO_TARGET))
    keep, base = statistics.median(kept), statistics.median(fixed)
    print("curl keeping each in a file : %8.3f s   (informative: newsctl %.2fx)" % (keep, mine / keep))
    print("newsctl sync, no --images   : %8.3f s   (informative: the sync's fixed cost)" % base)
    label = "sync --images %d pictures" % len(names)
    results.add(args.results, label + ": curl keeping each picture in a file", "%.3f s" % keep, ratio=mine / keep)
    results.add(args.results, label + ": newsctl sync without --images", "%.3f s" % base)
    results.add(args.results, label + ": curl --parallel", "%.3f s" % ref)
    results.add(args.results, label + ": newsctl sync --images", "%.3f s" % mine, "%.3f s" % ref, ratio,
                "<= %.1fx" % RATIO_TARGET, ratio <= RATIO_TARGET)
    return 0 if ratio <= RATIO_TARGET else 3  # 3: measured, missed the target


if __name__ == "__main__":
    sys.exit(main())
