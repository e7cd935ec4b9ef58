#!/usr/bin/env python3
"""Helpers for scripts/stress (stdlib only: python3 >= 3.9, sqlite3).

  generate ROOT            a synthetic static API under ROOT/api/4 and ROOT/days ("date count" lines)
  serve ROOT PORTFILE      serves ROOT on 127.0.0.1, a free port written to PORTFILE
  check DB                 integrity of the archive; exit 1 (and why, on stdout) when anything is wrong
  killloop NEWSCTL DB BASE ROOT SECONDS REPORT
                           starts writers and SIGKILLs them at random moments; see kill_loop()

Every day D of the synthetic API has story_count(D) stories with ids D*10000 + position, so the
checker can tell a whole day from a half-written one without the API at hand.
"""
import datetime
import functools
import http.server
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time

LAST_DAY = datetime.date(2024, 3, 2)   # the window crosses Jan 31 -> Feb 1 and a leap day
DAY_COUNT = 60
TOP_STORIES = 5


def story_count(key):
    """How many stories the day yyyyMMdd has: 1500-3000, a fixed function of the date."""
    return 1500 + (key * 7919 + 13) % 1501


def key_of(day):
    return int(day.strftime("%Y%m%d"))


def days():
    return [LAST_DAY - datetime.timedelta(days=n) for n in range(DAY_COUNT - 1, -1, -1)]


def story(key, position):
    sid = key * 10000 + position
    mmdd = str(key)[4:]
    item = {
        "image_hue": "0x%06x" % (sid % 0xFFFFFF) if position % 13 else "",
        "title": "第 %d 天的第 %d 个问题：为什么春天的风总是特别大？" % (key, position),
        "url": "https://daily.zhihu.com/story/%d" % sid,
        "hint": ("作者%d · %d 分钟阅读" % (position % 97, 1 + position % 9)) if position % 17 else " · 25 分钟阅读",
        "ga_prefix": "%s%02d" % (mmdd, 6 + position % 16),
        "images": ["https://picx.zhimg.com/v2-%016x.jpg?source=8673f162" % sid],
        "type": 0,
        "id": sid,
    }
    if position % 101 == 7:
        item["title"] += "\r\n（下）"
    if position % 89 == 5:
        del item["images"]            # seen in real responses
    return item


def top_story(key, position):
    sid = key * 10000 + position
    return {
        "image_hue": "0x3955b3",
        "hint": "作者 / 编辑%d" % position,
        "url": "https://daily.zhihu.com/story/%d" % sid,
        "image": "https://pic1.zhimg.com/v2-%016x.jpg?source=8673f162" % sid,
        "title": "热门 %d：宇宙中有哪些超出常人想象的现象？" % position,
        "ga_prefix": "%s07" % str(key)[4:],
        "type": 0,
        "id": sid,
    }


def dump(value):
    # Compact, UTF-8, with the `\/` escapes of the real API.
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("/", "\\/").encode()


def generate(root):
    news = os.path.join(root, "api", "4", "news")
    os.makedirs(os.path.join(news, "before"), exist_ok=True)
    lines = []
    for day in days():
        key = key_of(day)
        page = {"date": str(key), "stories": [story(key, p) for p in range(story_count(key))]}
        after = key_of(day + datetime.timedelta(days=1))     # before/(D+1) answers D
        with open(os.path.join(news, "before", str(after)), "wb") as f:
            f.write(dump(page))
        if day == LAST_DAY:
            earlier = key_of(day - datetime.timedelta(days=1))
            page["top_stories"] = [top_story(earlier, p) for p in range(TOP_STORIES)]
            with open(os.path.join(news, "latest"), "wb") as f:
                f.write(dump(page))
        lines.append("%d %d %d" % (key, after, story_count(key)))
    with open(os.path.join(root, "days"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("%d days %d..%d, %d stories" % (DAY_COUNT, key_of(days()[0]), key_of(LAST_DAY),
                                          sum(story_count(key_of(d)) for d in days())))


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 64

    def handle_error(self, request, client_address):
        pass    # killed clients reset their connections; that is the point


def serve(root, portfile):
    handler = functools.partial(QuietHandler, directory=root)
    server = Server(("127.0.0.1", 0), handler)
    with open(portfile + ".tmp", "w") as f:
        f.write(str(server.server_address[1]))
    os.replace(portfile + ".tmp", portfile)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    server.serve_forever()


# MARK: checking

def open_db(path):
    """Opens the archive as another client would: WAL, the -wal file included."""
    conn = sqlite3.connect("file:%s?mode=ro" % path, uri=True, timeout=10, isolation_level=None)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return conn
    except sqlite3.OperationalError:
        # An old SQLite cannot open a WAL database read-only without its -shm file.
        conn.close()
        return sqlite3.connect(path, timeout=10, isolation_level=None)


def check(path):
    """Returns (integrity problems, half-written days, days checked)."""
    valid = {key_of(d) for d in days()}
    integrity, half = [], []
    conn = open_db(path)
    try:
        result = [r[0] for r in conn.execute("PRAGMA integrity_check")]
        if result != ["ok"]:
            integrity.append("integrity_check: " + "; ".join(result[:5]))
        conn.execute("BEGIN")    # one snapshot for everything below
        fk = conn.execute("PRAGMA foreign_key_check").fetchall()
        if fk:
            integrity.append("foreign_key_check: %d rows, e.g. %r" % (len(fk), fk[:3]))
        rows = conn.execute("""
            SELECT d.date, count(ds.position), coalesce(sum(ds.story_id = d.date * 10000 + ds.position), 0),
                   coalesce(sum(ds.story_id IS NOT NULL AND s.id IS NULL), 0)
            FROM day d LEFT JOIN day_story ds ON ds.date = d.date LEFT JOIN story s ON s.id = ds.story_id
            GROUP BY d.date""").fetchall()
        for date, count, in_order, missing in rows:
            if date not in valid:
                half.append("day %d is not in the API" % date)
            elif count != story_count(date) or in_order != count or missing:
                half.append("day %d: %d of %d stories, %d in place, %d missing from story"
                            % (date, count, story_count(date), in_order, missing))
        orphans = conn.execute(
            "SELECT count(*) FROM day_story WHERE date NOT IN (SELECT date FROM day)").fetchone()[0]
        if orphans:
            half.append("%d day_story rows without their day" % orphans)
        tops = conn.execute("SELECT count(*) FROM top_story").fetchone()[0]
        latest = conn.execute("SELECT value FROM sync_meta WHERE key = 'latest_date'").fetchone()
        if tops not in (0, TOP_STORIES) or (latest is not None) != (tops == TOP_STORIES):
            half.append("latest page half-written: %d top stories, latest_date %r" % (tops, latest))
        conn.execute("COMMIT")
        return integrity, half, len(rows)
    finally:
        conn.close()


def check_command(path):
    integrity, half, checked = check(path)
    for line in integrity + half:
        print(line)
    if not integrity and not half:
        print("ok: %d days, each whole" % checked)
    return 0 if not integrity and not half else 1


# MARK: the kill loop

class LockProbe:
    """Asks SQLite, without waiting, whether some process holds the archive's write lock."""

    def __init__(self, path):
        self.conn = sqlite3.connect(path, timeout=0, isolation_level=None)

    def writer_active(self):
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as error:
            if "locked" in str(error) or "busy" in str(error):
                return True
            raise
        self.conn.execute("ROLLBACK")
        return False

    def fetched_at(self, key):
        row = self.conn.execute("SELECT fetched_at FROM day WHERE date = ?", (key,)).fetchone()
        return row[0] if row else None


def kill_loop(binary, db, base_url, root, seconds, report):
    """Starts `before D --refresh` writers on big days and SIGKILLs each after a random delay.

    A few whole runs first find the write window (when the write lock is held, relative to the
    start); delays then fall half inside that window and half anywhere in a run. Each kill is
    classed by what the archive shows: the write had committed (fetched_at moved), the write
    lock was held just before the kill (during the write), or neither (before the write).
    After every 10 kills and at the end, check() must find nothing wrong. Writes a summary to
    `report`; returns 1 when anything was wrong.
    """
    began_loop = time.monotonic()
    deadline = began_loop + float(seconds)
    entries = [line.split() for line in open(os.path.join(root, "days"))]
    last = int(entries[-1][0])
    # The biggest days that are not the latest: a refresh of them is one writeDay transaction.
    big = sorted((e for e in entries if int(e[0]) != last), key=lambda e: -int(e[2]))[:12]
    probe = LockProbe(db)
    kills = during = before_write = after_commit = finished = checks = integrity_ok = whole_ok = 0
    integrity, half_days, half_lines, run_failures = [], set(), [], []

    def command(entry):
        return [binary, "before", entry[1], "--db", db, "--base-url", base_url, "--refresh", "--json",
                "--timeout", "10"]

    def run_checks():
        nonlocal checks, integrity_ok, whole_ok
        problems, half, _ = check(db)
        checks += 1
        integrity_ok += not problems
        whole_ok += not half
        integrity.extend("after kill %d: %s" % (kills, p) for p in problems)
        for line in half:
            half_days.add(line.split(":")[0])
            half_lines.append("after kill %d: %s" % (kills, line))

    # Calibration: whole runs, asking about the write lock every millisecond or so.
    runtimes, starts, ends = [], [], []
    for entry in big[:3]:
        if time.monotonic() > deadline - 5:
            break
        began = time.monotonic()
        proc = subprocess.Popen(command(entry), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        seen = []
        while proc.poll() is None and time.monotonic() - began < 20:
            if probe.writer_active():
                seen.append(time.monotonic() - began)
            time.sleep(0.001)
        if proc.poll() is None:
            proc.kill()
        _, err = proc.communicate()
        runtimes.append(time.monotonic() - began)
        if proc.returncode != 0:
            run_failures.append("calibration run before %s: exit %d: %s"
                                % (entry[1], proc.returncode, err.decode(errors="replace").strip()))
        if seen:
            starts.append(min(seen))
            ends.append(max(seen))
    runtime = sorted(runtimes)[len(runtimes) // 2] if runtimes else 0.3
    window = (min(starts), max(ends)) if starts else None

    def delay():
        if window and random.random() < 0.5:
            return random.uniform(max(0.0, window[0] - 0.01), window[1])
        return random.uniform(0.0, runtime * 1.1)

    while time.monotonic() < deadline:
        entry = random.choice(big)
        key = int(entry[0])
        fetched_before = probe.fetched_at(key)
        proc = subprocess.Popen(command(entry), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(delay())
        if proc.poll() is not None:        # it finished first: a whole run, which must succeed
            finished += 1
            _, err = proc.communicate()
            if proc.returncode != 0:
                run_failures.append("before %s: exit %d: %s"
                                    % (entry[1], proc.returncode, err.decode(errors="replace").strip()))
            continue
        active = probe.writer_active()
        proc.send_signal(signal.SIGKILL)
        proc.communicate()
        kills += 1
        if probe.fetched_at(key) != fetched_before:
            after_commit += 1
        elif active:
            during += 1
        else:
            before_write += 1
        if kills % 10 == 0:
            run_checks()
    probe.conn.close()
    run_checks()

    lines = []
    if window:
        lines.append("kill loop: a whole run takes %d ms, its write transaction from %d to %d ms"
                     % (runtime * 1000, window[0] * 1000, window[1] * 1000))
    else:
        lines.append("kill loop: a whole run takes %d ms; no write lock was seen (kills spread over the run)"
                     % (runtime * 1000))
    lines.append("kill loop: %d kills in %d s (%d during a write, %d before it, %d after it committed;"
                 " %d runs finished first, %d failed), integrity ok %d/%d checks,"
                 " half-written days %d (in %d of %d checks)"
                 % (kills, time.monotonic() - began_loop, during, before_write, after_commit, finished,
                    len(run_failures), integrity_ok, checks, len(half_days), checks - whole_ok, checks))
    shown = run_failures[:10] + integrity[:10] + half_lines[:20]
    lines += ["  " + line for line in shown]
    with open(report, "w") as f:
        f.write("\n".join(lines) + "\n")
    return 1 if run_failures or integrity or half_lines or kills == 0 else 0


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 64
    command, args = argv[1], argv[2:]
    if command == "generate":
        generate(*args)
    elif command == "serve":
        serve(*args)
    elif command == "check":
        return check_command(*args)
    elif command == "killloop":
        return kill_loop(*args)
    else:
        print(__doc__, file=sys.stderr)
        return 64
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
