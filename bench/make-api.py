#!/usr/bin/env python3
"""A static copy of the Zhihu Daily v4 API, in its exact shapes, for benchmarks.

Usage: bench/make-api.py OUT [--days 3650] [--latest 20230601] [--captures DIR] [--seed 1]

Writes under OUT/api/4 (serve OUT with any static server, or read it through file://OUT/api/4):
  news/latest             day L (--latest) with 5 top_stories
  news/before/X           the stories of day X-1 dated X-1, for X = L+1 back to L-(days-2),
                          so the archive is `days` days, L included
  news/<id>               every story's detail (HTML body built from the real captured bodies)
  story-extra/<id>        every story's counters
and beside api/: manifest.json (what was generated, and response_bytes: the bytes of every
response a `sync --days N --details` fetches) and queries.tsv (each query of
bench/queries.txt with the number of stories whose title or plain body text contains it: what
a search should find. Chinese: as a substring; Latin: as a whole word, case-insensitive, also
when Chinese touches it, as in "关于Voyager的").

Everything is a fixed function of (seed, day): a day's stories do not depend on --days, ids
grow with the date. Texts are recombined from the real responses in the captures, so lengths,
scripts and HTML look like the real thing; a few rare terms are planted for search benchmarks.
"""
import argparse, datetime, glob, hashlib, html, json, os, random, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
CAPTURES = os.path.join(HERE, "..", "..", "shared", "zhihu-daily", "captures")

# Rare terms that no capture contains, planted in a share of the bodies so searches have
# rare hits to find (per-story probability). queries.txt uses them.
# Some stay under 20 hits, a search page, so a check of result counts can see a miss.
PLANTED = [("鲸", 0.01), ("琥珀", 0.002), ("鸭嘴兽", 0.0004), ("敦煌莫高窟壁画", 0.0002), ("Voyager", 0.001),
           ("Rosetta", 0.0005)]
PLANT_SENTENCES = ["<p>这让我想起{}，很多人第一次听说时也是同样的反应。</p>",
                   "<p>顺便说一句，关于{}的问题，我们以后可以单独聊。</p>",
                   "<p>如果你对{}感兴趣，不妨自己去查一查资料。</p>"]
PIVOTS = "的是有为在，：·"
HOSTS = ["picx", "pic1", "pic2", "pic3", "pic4", "pica"]
FIRST_ISSUE = datetime.date(2013, 5, 19)  # nothing earlier exists
CSS = ["http://news-at.zhihu.com/css/news_qa.auto.css?v=4b3e3"]


def load_corpus(captures):
    """Titles, authors, bios, image sources and body blocks of the real responses."""
    titles, authors, bios, sources, bodies, body_sizes = set(), set(), set(), set(), [], []
    for path in sorted(glob.glob(os.path.join(captures, "*.json"))):
        data = json.load(open(path, encoding="utf-8"))
        if not isinstance(data, dict):
            continue
        for story in data.get("stories", []) + data.get("top_stories", []):
            titles.add(story["title"])
            hint = story.get("hint") or ""
            name = hint.split(" · ")[0] if " · " in hint else hint.split(" / ")[-1] if " / " in hint else ""
            if name and name != "作者":
                authors.add(name)
        if "body" in data:
            titles.add(data["title"])
            sources.add(data["image_source"])
            body = data["body"]
            authors.update(re.findall(r'<span class="author">(.*?)，</span>', body))
            bios.update(re.findall(r'<span class="bio">(.*?)</span>', body))
            bodies.append(re.findall(r"<p>.*?</p>|<figure>.*?</figure>|<hr />", body, re.S))
            body_sizes.append(len(body.encode()))
    titles = sorted(t for t in titles if "\r\n" not in t)
    # Heads and tails of real titles cut after a pivot character, to splice into new titles.
    cuts = {}
    for title in titles:
        for i, ch in enumerate(title[:-2]):
            if ch in PIVOTS and i > 1:
                cuts.setdefault(ch, ([], []))
                cuts[ch][0].append(title[: i + 1])
                cuts[ch][1].append(title[i + 1:])
    return dict(titles=titles, cuts=sorted(cuts.items()), authors=sorted(authors), bios=sorted(bios),
                sources=sorted(sources), bodies=bodies, body_sizes=sorted(body_sizes))


def day_key(day):
    return day.strftime("%Y%m%d")


def hexid(rng, n=32):
    return "%0*x" % (n, rng.getrandbits(4 * n))


def image(rng):
    return "https://%s.zhimg.com/v2-%s.jpg?source=8673f162" % (rng.choice(HOSTS), hexid(rng))


def title(rng, corpus):
    if rng.random() < 0.3:
        return rng.choice(corpus["titles"])
    _, (heads, tails) = rng.choice(corpus["cuts"])
    text = rng.choice(heads) + rng.choice(tails)
    if rng.random() < 0.005:  # real titles sometimes carry a line break
        text = text.replace("，", "\r\n", 1) if "，" in text else "- " + text + "\r\n- 嗯"
    return text


def day_stories(day, seed, corpus):
    """The stories of one day: a fixed function of (seed, day), ids below the next day's."""
    rng = random.Random("%s-%s" % (seed, day_key(day)))
    count = rng.randint(6, 10)
    # Ids grow with the date: 100 ids a day above a base, gaps inside the day.
    base = 9_000_000 + (day - FIRST_ISSUE).days * 100
    ids = sorted(rng.sample(range(base, base + 100), count))
    mmdd = day.strftime("%m%d")
    xiache = rng.random() < 0.7  # most days end with the daily 瞎扯
    stories = []
    for position, sid in enumerate(ids):
        last = xiache and position == count - 1
        author = rng.choice(corpus["authors"]) if rng.random() > 0.01 else ""
        story = {
            "image_hue": "0x%06x" % rng.getrandbits(24) if rng.random() > 0.03 else "",
            "title": "瞎扯 · 如何正确地吐槽" if last else title(rng, corpus),
            "url": "https://daily.zhihu.com/story/%d" % sid,
            "hint": "VOL.%d" % (day - FIRST_ISSUE).days if last
                    else "%s · %d 分钟阅读" % (author, rng.choice([1, 1, 2, 3, 5, 7, 9, 11, 17, 25, 29])),
            "ga_prefix": mmdd + rng.choice(["07", "07", "07", "07", "08", "12", "18", "21"]),
            "images": [image(rng)],
            "type": 0,
            "id": sid,
        }
        if rng.random() < 0.005:  # seen: stories without images
            del story["images"]
        stories.append(story)
    return stories, rng


def answer(rng, corpus, qid, blocks):
    author = rng.choice(corpus["authors"])
    bio = rng.choice(corpus["bios"]) if rng.random() < 0.8 else ""
    return ('<div class="answer">\n\n<div class="meta">\n'
            '<img class="avatar" src="https://%s.zhimg.com/v2-%s_l.jpg?source=8673f162">\n'
            '<span class="author">%s，</span><span class="bio">%s</span>\n'
            '<a href="https://www.zhihu.com/question/%d/answer/%d" class="originUrl" hidden>查看知乎原文</a>\n'
            '</div>\n\n<div class="content">\n%s\n</div>\n</div>\n'
            % (rng.choice(HOSTS), hexid(rng), author, bio, qid, rng.randint(10**9, 3 * 10**9),
               "\r\n".join(blocks)))


def body(rng, corpus, story, day):
    """5.5-17 KB of HTML, sized like a real captured body picked at random (5.8, 5.9, 8.4, 8.5
    and 15.6 KB) give or take 10%: one question, one or two answers, each a run of consecutive
    real blocks."""
    real = rng.choice(corpus["body_sizes"])
    target = int(real * rng.uniform(0.95, 1.1)) - 900  # plus ~900 bytes of markup
    answers = 1 if rng.random() < 0.8 else 2
    qid = rng.randint(2 * 10**7, 6 * 10**8)
    parts, size = [], 0
    for n in range(answers):
        source = rng.choice(corpus["bodies"])
        start = rng.randrange(len(source))
        blocks = []
        while size < target * (n + 1) / answers:
            block = source[(start + len(blocks)) % len(source)]
            blocks.append(block)
            size += len(block.encode())
        for term, p in PLANTED:
            if rng.random() < p:
                blocks.insert(rng.randrange(len(blocks) + 1), rng.choice(PLANT_SENTENCES).format(term))
        parts.append(answer(rng, corpus, qid, blocks))
    question = story["title"].replace("\r\n", " ") if rng.random() < 0.2 else ""
    script = "<script type=“text/javascript”>window.daily=true</script>" if day.year >= 2020 else ""
    return ('<div class="main-wrap content-wrap">\n<div class="headline">\n\n'
            '<div class="img-place-holder"></div>\n\n\n\n</div>\n\n<div class="content-inner">\n\n\n\n\n'
            '<div class="question">\n<h2 class="question-title">%s</h2>\n\n%s\n\n'
            '<div class="view-more"><a href="https://www.zhihu.com/question/%d">查看知乎讨论'
            '<span class="js-question-holder"></span></a></div>\n\n</div>\n\n\n</div>\n</div>%s'
            % (html.escape(question, quote=False), "\n\n".join(parts), qid, script))


def detail(rng, corpus, story, day):
    out = {"body": body(rng, corpus, story, day), "image_hue": story["image_hue"],
           "image_source": rng.choice(corpus["sources"]), "title": story["title"], "url": story["url"],
           "image": image(rng), "share_url": "http://daily.zhihu.com/story/%d" % story["id"], "js": [],
           "ga_prefix": story["ga_prefix"], "images": story.get("images"), "type": 0,
           "id": story["id"], "css": CSS}
    if out["images"] is None:
        del out["images"]
    return out


def extra(rng):
    long, short = rng.choice([0, 0, 0, 1, 2, 5]), int(rng.paretovariate(1.2) * 10)
    return {"long_comments": long, "popularity": int(rng.paretovariate(1.1) * 100),
            "short_comments": short, "comments": long + short}


def dumps(value):
    """Compact JSON with `\\/` escapes and raw UTF-8, as the API sends it ('/' occurs only in strings)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("/", "\\/")


def write(path, value):
    """Writes one response; returns its size in bytes."""
    data = dumps(value).encode("utf-8")
    with open(path, "wb") as f:
        f.write(data)
    return len(data)


def plain(html_text):
    return html.unescape(re.sub(r"<[^>]*>", " ", html_text))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out")
    parser.add_argument("--days", type=int, default=3650)
    parser.add_argument("--latest", default="20230601")  # 3650 days back: 20130604
    parser.add_argument("--captures", default=CAPTURES)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--queries", default=os.path.join(HERE, "queries.txt"))
    args = parser.parse_args()
    latest = datetime.datetime.strptime(args.latest, "%Y%m%d").date()
    if latest - datetime.timedelta(days=args.days - 1) < FIRST_ISSUE:
        parser.error("the source starts on 20130519: --days %d before %s reaches earlier" % (args.days, args.latest))
    corpus = load_corpus(args.captures)
    api = os.path.join(args.out, "api", "4")
    os.makedirs(os.path.join(api, "news", "before"), exist_ok=True)
    os.makedirs(os.path.join(api, "story-extra"), exist_ok=True)
    queries = [q for q in open(args.queries, encoding="utf-8").read().splitlines() if q.strip()]
    hits = {q: 0 for q in queries}
    # A Latin word ends at any non-alphanumeric ASCII, Chinese included; Chinese matches anywhere.
    finders = [(q, re.compile(r"(?<![a-z0-9])%s(?![a-z0-9])" % re.escape(q.lower())).search if q.isascii()
                else (lambda text, q=q: q in text)) for q in queries]
    days = [latest - datetime.timedelta(days=n) for n in range(args.days)]
    pages, story_count = {}, 0
    # Bytes of the responses a `sync --days N --details` fetches: news/latest, the before/ pages
    # of every earlier day, and each story's detail and counters (what the archive is built from).
    response_bytes = 0
    for day in days:
        stories, rng = day_stories(day, args.seed, corpus)
        pages[day] = stories
        # before/X answers X-1: the page of `day` is before/(day+1).
        size = write(os.path.join(api, "news", "before", day_key(day + datetime.timedelta(days=1))),
                     {"date": day_key(day), "stories": stories})
        response_bytes += size if day != latest else 0
        for story in stories:
            d = detail(rng, corpus, story, day)
            response_bytes += write(os.path.join(api, "news", str(story["id"])), d)
            response_bytes += write(os.path.join(api, "story-extra", str(story["id"])), extra(rng))
            text = (story["title"] + "\n" + plain(d["body"])).lower()
            for q, found in finders:
                if found(text):
                    hits[q] += 1
        story_count += len(stories)
    # Banner: today's first story and one from each of a few earlier days, as the real ones are.
    rng = random.Random("%s-top-%s" % (args.seed, args.latest))
    top = []
    for day in days[:: 2][:5]:
        story = pages[day][0]
        top.append({"image_hue": story["image_hue"], "hint": "作者 / " + (rng.choice(corpus["authors"])),
                    "url": story["url"], "image": image(rng), "title": story["title"],
                    "ga_prefix": story["ga_prefix"], "type": 0, "id": story["id"]})
    response_bytes += write(os.path.join(api, "news", "latest"),
                            {"date": day_key(latest), "stories": pages[latest], "top_stories": top})
    with open(os.path.join(args.out, "queries.tsv"), "w", encoding="utf-8") as f:
        f.writelines("%s\t%d\n" % (q, hits[q]) for q in queries)
    generator = hashlib.sha256(open(os.path.abspath(__file__), "rb").read()).hexdigest()[:16]
    with open(os.path.join(args.out, "manifest.json"), "w") as f:
        json.dump({"latest": day_key(latest), "first": day_key(days[-1]), "days": args.days,
                   "stories": story_count, "response_bytes": response_bytes, "seed": args.seed,
                   "generator": generator}, f)
    print("%s: %d days %s..%s, %d stories" % (api, args.days, day_key(days[-1]), day_key(latest), story_count))


if __name__ == "__main__":
    sys.exit(main())
