#!/usr/bin/env python3
"""A year of the API with real pictures, for the benchmarks that need an archive of pictures at
scale (bench/epub.py, bench/pictures-year.py).

  from year_api import pictures, write_year_api, measured, copy_archive
  names = pictures(200)                        # real pictures made once with ImageMagick, cached
  urls = write_year_api(root, origin, names, days=365, stories=6)

Each story has its text and three pictures at addresses of their own (the list's thumbnail, the
headline, one in the body): symlinks in ROOT/p to the cached pictures in ROOT/pic, so the archive
keeps thousands of distinct pictures made from a few hundred files.
"""
import datetime, importlib.util, json, os, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
LATEST = datetime.date(2023, 6, 1)


def _sync_images():
    spec = importlib.util.spec_from_file_location("sync_images", os.path.join(HERE, "sync-images.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pictures(count):
    """The cache folder and the names of count real pictures (sync-images.py's: JPEG, PNG, WebP, GIF
    of 20-250 KB), made once."""
    module = _sync_images()
    cache = os.path.join(os.environ.get("BENCH_CACHE", "/tmp/newsbench-cache"), "pictures-%d-v%d" % (count, module.PICTURES_VERSION))
    return cache, module.make_pictures(cache, count)


def day(offset):
    """LATEST minus offset days, yyyyMMdd."""
    return (LATEST - datetime.timedelta(days=offset)).strftime("%Y%m%d")


def write_year_api(root, cache, origin, names, days, stories):
    """days days of stories each under ROOT/api/4 (news/latest, news/before/X, news/<id>); returns
    every picture address it uses, in order."""
    api = os.path.join(root, "api", "4", "news")
    os.makedirs(os.path.join(api, "before"), exist_ok=True)
    os.makedirs(os.path.join(root, "p"), exist_ok=True)
    if not os.path.exists(os.path.join(root, "pic")):
        os.symlink(cache, os.path.join(root, "pic"))
    urls = []

    def picture():
        name = names[len(urls) % len(names)]
        link = "%d-%s" % (len(urls), name)
        os.symlink(os.path.join(root, "pic", name), os.path.join(root, "p", link))
        urls.append("%s/p/%s" % (origin, link))
        return urls[-1]

    paragraphs = ["<p>第 %d 段：知乎日报的一段正文，有中文也有 English words 和数字 2023。</p>" % i for i in range(12)]
    for offset in range(days):
        listed = []
        for n in range(stories):
            story_id = 9_000_000 + offset * 100 + n
            thumbnail, headline, body_picture = picture(), picture(), picture()
            body = '<div class="content">%s<figure><img src="%s"><figcaption>图 1</figcaption></figure>%s</div>' % (
                "".join(paragraphs[:6]), body_picture, "".join(paragraphs[6:]))
            title = "%s 的第 %d 篇" % (day(offset), n)
            detail = {"id": story_id, "title": title, "type": 0, "image": headline, "image_source": "Yestone.com 版权图片库",
                      "body": body, "url": "https://daily.zhihu.com/story/%d" % story_id,
                      "publish_time": 1685577600 - offset * 86400 + n * 60}
            with open(os.path.join(api, str(story_id)), "w") as f:
                json.dump(detail, f, ensure_ascii=False)
            listed.append({"id": story_id, "title": title, "hint": "作者 · 3 分钟阅读", "type": 0, "ga_prefix": "060107",
                           "url": detail["url"], "images": [thumbnail]})
        page = {"date": day(offset), "stories": listed}
        if offset == 0:
            with open(os.path.join(api, "latest"), "w") as f:
                json.dump(dict(page, top_stories=[]), f, ensure_ascii=False)
        with open(os.path.join(api, "before", day(offset - 1)), "w") as f:
            json.dump(page, f, ensure_ascii=False)
    return urls


def measured(command, env=None, cwd=None):
    """Runs a command that must succeed: its wall seconds, peak RSS in MB (wait4's ru_maxrss) and
    stdout. Its output goes to files, so the process is reaped by wait4 itself, with its usage."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        process = subprocess.Popen(command, env=env, cwd=cwd, stdout=out, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit("%s failed: %s" % (command[0], err.read().decode()[-2000:]))
        return elapsed, usage.ru_maxrss / 1024, out.read()


copy_archive = _sync_images().copy_archive
