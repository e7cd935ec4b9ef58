#!/usr/bin/env python3
"""Writes the query set that proves a change to the index or to search answers the same.

    make-queries.py API-COPY > bench/queries-same.txt

From make-api.py's copy (titles of the day lists, words of the bodies), seeded, so the same copy
gives the same set: bench/queries.txt's 20, pieces of titles of 1-4 characters, Latin words,
mixed Latin and Chinese, phrases of two terms, whole short titles, and queries that look like FTS5
syntax. `newsbench hits ARCHIVE QUERIES` answers them; diff two archives' answers.
"""
import json
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    api = os.path.join(sys.argv[1], "api", "4", "news")
    rng = random.Random(33)
    titles = []
    for name in sorted(os.listdir(os.path.join(api, "before"))):
        with open(os.path.join(api, "before", name), encoding="utf-8") as file:
            titles += [story["title"] for story in json.load(file)["stories"]]
    words = set()
    bodies = sorted(name for name in os.listdir(api) if name.isdigit())
    for name in rng.sample(bodies, min(300, len(bodies))):
        with open(os.path.join(api, name), encoding="utf-8") as file:
            body = json.load(file).get("body") or ""
        words.update(re.findall(r"(?<![A-Za-z])[A-Za-z]{2,12}(?![A-Za-z])", re.sub(r"<[^>]*>", " ", body)))
    for title in titles:
        words.update(re.findall(r"[A-Za-z]{2,12}", title))
    words = sorted(words)

    def piece(length):
        while True:
            title = rng.choice(titles)
            if len(title) < length:
                continue
            start = rng.randrange(len(title) - length + 1)
            text = title[start:start + length].strip()
            if any(c.isalnum() for c in text) and not any(c.isspace() for c in text):
                return text

    queries = [line.strip() for line in open(os.path.join(HERE, "queries.txt"), encoding="utf-8") if line.strip()]
    queries += [piece(1 + index % 4) for index in range(160)]
    queries += rng.sample(words, min(40, len(words)))
    queries += [word.upper() for word in rng.sample(words, 5)] + [word.lower() for word in rng.sample(words, 5)]
    queries += [rng.choice(words) + " " + piece(2) for _ in range(15)]
    queries += [piece(2) + rng.choice(words) for _ in range(5)]
    queries += [piece(rng.randrange(1, 4)) + " " + piece(rng.randrange(1, 4)) for _ in range(30)]
    queries += [title for title in rng.sample(titles, 40) if len(title) <= 16][:15]
    queries += ["10 亿", "3 分钟", "的 的", "AND", "NEAR(的 是)", "的*", "title:的", '"为什么"', "为什么？", "、",
                "ナ", "の", "DNA 研究", "iPhone", "C++", "Wi-Fi", "3D", "2018", "知乎日报", "瞎扯 · 如何正确地吐槽"]
    seen = set()
    for query in queries:
        if query not in seen:
            seen.add(query)
            print(query)


if __name__ == "__main__":
    main()
