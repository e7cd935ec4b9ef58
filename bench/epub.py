#!/usr/bin/env python3
"""`newsctl export --epub` of a year with pictures: its wall time and peak memory, against `zip`
writing the same files.

The bench makes real pictures with ImageMagick (sync-images.py's: JPEG, PNG, WebP and GIF of
20-250 KB, cached in /tmp/newsbench-cache), and an API of DAYS days of STORIES stories each, every
story with its text, a headline picture and a body picture, each at an address of its own (so the
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
import argparse, importlib.util, json, os, shutil, statistics, subprocess, sys, tempfile, time, zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results
from nginx import Nginx

HERE = os.path.dirname(os.path.abspath(__file__))
RATIO_TARGET = 3.0
RSS_TARGET_MB = 64
PICTURES = 200
LATEST = "20230601"


def sync_images_module():
    spec = importlib.util.spec_from_file_location("sync_images", os.path.join(HERE, "sync-images.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def day_string(offset):
    """LATEST minus offset days, yyyyMMdd."""
    import datetime
    day = datetime.date(2023, 6, 1) - datetime.timedelta(days=offset)
    return day.strftime("%Y%m%d")


def write_api(root, origin, names, days, stories):
    """days days of stories each under root/api/4, each story with its own two picture addresses
    (symlinks in root/p to the cached pictures)."""
    api = os.path.join(root, "api", "4", "news")
    os.makedirs(os.path.join(api, "before"), exist_ok=True)
    os.makedirs(os.path.join(root, "p"), exist_ok=True)
    cache = os.path.join(root, "pic")
    used = 0

    def picture():
        nonlocal used
        name = names[used % len(names)]
        link = "%d-%s" % (used, name)
        os.symlink(os.path.join(cache, name), os.path.join(root, "p", link))
        used += 1
        return "%s/p/%s" % (origin, link)

    for offset in range(days):
        day = day_string(offset)
        listed = []
        for n in range(stories):
            story_id = 9_000_000 + offset * 100 + n
            headline, body_picture = picture(), picture()
            paragraphs = "".join("<p>第 %d 段：知乎日报的一段正文，有中文也有 English words 和数字 2023。</p>" % i for i in range(12))
            body = '<div class="content">%s<figure><img src="%s"><figcaption>图 1</figcaption></figure>%s</div>' % (
                paragraphs[:len(paragraphs) // 2], body_picture, paragraphs[len(paragraphs) // 2:])
            detail = {"id": story_id, "title": "%s 的第 %d 篇" % (day, n), "type": 0, "image": headline,
                      "image_source": "Yestone.com 版权图片库", "body": body,
                      "url": "https://daily.zhihu.com/story/%d" % story_id, "publish_time": 1685577600 - offset * 86400 + n * 60}
            with open(os.path.join(api, str(story_id)), "w") as f:
                json.dump(detail, f, ensure_ascii=False)
            listed.append({"id": story_id, "title": detail["title"], "hint": "作者 · 3 分钟阅读", "type": 0,
                           "ga_prefix": "060107", "url": detail["url"], "images": [headline]})
        page = {"date": day, "stories": listed}
        if offset == 0:
            page["top_stories"] = []
            with open(os.path.join(api, "latest"), "w") as f:
                json.dump(page, f, ensure_ascii=False)
        with open(os.path.join(api, "before", day_string(offset - 1)), "w") as f:
            json.dump(page, f, ensure_ascii=False)
    return used


def timed(command, env=None, cwd=None):
    """Wall seconds and the child's peak RSS in MB."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    out, err = process.stdout.read(), process.stderr.read()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("%s failed: %s" % (command[0], err.decode()[-2000:]))
    return elapsed, usage.ru_maxrss / 1024, out


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
    module = sync_images_module()
    cache = os.path.join(os.environ.get("BENCH_CACHE", "/tmp/newsbench-cache"), "pictures-%d-v%d" % (PICTURES, module.PICTURES_VERSION))
    names = module.make_pictures(cache, PICTURES)
    scratch = tempfile.mkdtemp(prefix="bench-epub-")
    try:
        root = os.path.join(scratch, "www")
        os.makedirs(root)
        os.symlink(cache, os.path.join(root, "pic"))
        db = os.path.join(scratch, "news.sqlite")
        env = dict(os.environ, NEWSCTL_DB=db, NO_COLOR="1")
        with Nginx(root) as server:
            count = write_api(root, "http://127.0.0.1:%d" % server.port, names, args.days, args.stories)
            start = time.perf_counter()
            subprocess.run([args.newsctl, "sync", "--days", str(args.days), "--details", "--images", "--concurrency", "8",
                            "--base-url", server.base_url], env=env, check=True, stdout=subprocess.DEVNULL)
            print("archive: %d days, %d stories with text, %d pictures; synced in %.1f s, %.0f MB"
                  % (args.days, args.days * args.stories, count, time.perf_counter() - start, os.path.getsize(db) / 2**20),
                  file=sys.stderr)
        book = os.path.join(scratch, "year.epub")
        command = [args.newsctl, "export", "--epub", book, "--days", str(args.days), "--offline", "--json"]
        _, _, out = timed(command, env=env)
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
            t, rss, _ = timed(command, env=env)
            copy = os.path.join(scratch, "copy.zip")
            if os.path.exists(copy):
                os.remove(copy)
            zip_time = 0.0
            for names_now, level in ((stored, "-0"), (deflated, "-9")):
                elapsed, _, _ = timed(["zip", "-q", "-X", level, copy] + names_now, cwd=unpacked)
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
