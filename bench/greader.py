#!/usr/bin/env python3
"""The reader API (`newsctl serve`'s `/api/greader`, issue 44) on a 10-year archive: the whole
HTTP request of what a reader app asks, timed from a client over one kept connection, beside two
references of the same server measured in the same rounds: `/healthz` (the HTTP floor) and the
site's `/feed.atom` (30 stories rendered with their text the same way, what the site already
serves).

  stream/contents?n=100   the reading list's newest 100 items with their HTML   target <= 300 ms
  the same, page 2        from the first page's `continuation` (c=)             target <= 300 ms
  stream/items/ids        the reading list's newest 10,000 ids (n=10000)        target <= 100 ms
  unread-count            every feed's unread count (asked on every sync)       target <= 150 ms
  subscription/list       the feeds (asked on every sync)                       target <= 150 ms
  stream/contents?n=100 from the ids' continuation (item 10,001 on, stories without text):
                          the engine's page and the JSON without the rendering  informative

The targets (bench/README.md says why): an app's first login on this archive asks the feeds, the
unread counts, the reading list's ids a page of 10,000 at a time and the newest items' contents
before it shows a list; with these budgets that first screen is ready in about a second
(subscription/list + unread-count + 3 id pages + one page of contents <= 0.9 s) and a later sync,
which asks the feeds and counts before anything else, starts within 0.3 s. The engine alone
(bench/RESULTS.md, "the reader items on a 10-year archive") takes about 46 ms for 10,000 keys,
42 ms for a page of 100 items and 68 ms for the feeds on a loaded machine: the budgets leave
about as much again for JSON, and for 100 stories rendered like the site's (~2.5 ms each).

The archive, as `bench/run` makes it: make-api.py's 10-year API copy (cached in
/tmp/newsbench-cache like bench/run's, served by nginx), `newsctl sync --days 3650`, then
`sync --days 30 --details` so the newest ~240 items (both pages measured) have their text, as a
real archive's newest items do. The server is the release newsctl-serve started by `newsctl
serve --offline --port 0` with its response cache off (NEWSCTL_SERVE_CACHE=0: /feed.atom
rendered on every request, as the API always is); an account `bench` is added and logged in once.

Rounds interleave the requests (after warm-up rounds, not counted); figures are medians. After
them, each request is repeated alone and the server's CPU time (user + system, /proc) per request
is shown beside it: it moves less than wall time with other load on a shared machine.

Usage: bench/greader.py [--newsctl BIN] [--archive PATH] [--rounds 30] [--warmup 3] [--results FILE]
  --newsctl  a release newsctl with newsctl-serve beside it (default: build both here, with the
             web server: NEWSCTL_SERVER must not be off)
  --archive  the archive to serve: made there when the file does not exist (and kept), reused
             when it does (only an account is added to it); default a temporary one
Needs nginx (installed with apt-get when missing) to make the archive.
"""
import argparse, atexit, hashlib, http.client, json, os, shutil, signal, statistics, subprocess, sys, tempfile, time, urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results

CONTENTS_TARGET_MS = 300
IDS_TARGET_MS = 100
COUNTS_TARGET_MS = 150
DAYS, DETAIL_DAYS = 3650, 30
ACCOUNT, PASSWORD = "bench", "bench-password"
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
READING_LIST = urllib.parse.quote("user/-/state/com.google/reading-list", safe="")
API = "/api/greader/reader/api/0/"

parser = argparse.ArgumentParser(description="the reader API's requests on a 10-year archive")
parser.add_argument("--newsctl")
parser.add_argument("--archive")
parser.add_argument("--rounds", type=int, default=30)
parser.add_argument("--warmup", type=int, default=3)
parser.add_argument("--results")
args = parser.parse_args()

newsctl = args.newsctl
if not newsctl:
    if os.environ.get("NEWSCTL_SERVER") == "off":
        sys.exit("NEWSCTL_SERVER=off builds no newsctl-serve: unset it or pass --newsctl")
    for product in ("newsctl", "newsctl-serve"):
        subprocess.run(["swift", "build", "-c", "release", "--product", product], cwd=root, check=True,
                       stdout=subprocess.DEVNULL)
    newsctl = os.path.join(root, ".build", "release", "newsctl")
scratch = tempfile.mkdtemp(prefix="greader-bench-")
atexit.register(shutil.rmtree, scratch, ignore_errors=True)
archive = os.path.abspath(args.archive) if args.archive else os.path.join(scratch, "news.sqlite")
env = dict(os.environ, NEWSCTL_DB=archive, NO_COLOR="1")


def sync(base, *extra):
    command = [newsctl, "sync", "--concurrency", "8", "--json", "--base-url", base] + list(extra)
    start = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit("%s: exit %d\n%s" % (" ".join(command), done.returncode, done.stderr[-2000:]))
    return time.perf_counter() - start, json.loads(done.stdout)


def make_archive():
    """bench/run's API copy (made when missing), served by nginx: the days, then the newest days' details."""
    from nginx import Nginx
    cache = os.environ.get("BENCH_CACHE", "/tmp/newsbench-cache")
    sources = b"".join(open(os.path.join(root, "bench", name), "rb").read() for name in ("make-api.py", "queries.txt"))
    api = os.path.join(cache, "api-%s-%d" % (hashlib.sha256(sources).hexdigest()[:12], DAYS))
    if not os.path.exists(os.path.join(api, "manifest.json")):
        print("the API copy (%d days) into %s" % (DAYS, api), file=sys.stderr)
        os.makedirs(cache, exist_ok=True)
        partial = "%s.tmp.%d" % (api, os.getpid())
        subprocess.run([sys.executable, os.path.join(root, "bench", "make-api.py"), partial, "--days", str(DAYS)], check=True,
                       stdout=subprocess.DEVNULL)
        try:
            os.rename(partial, api)
        except OSError:  # another run made it first
            shutil.rmtree(partial, ignore_errors=True)
    with Nginx(api) as server:
        days_time, days = sync(server.base_url, "--days", str(DAYS))
        details_time, details = sync(server.base_url, "--days", str(DETAIL_DAYS), "--details")
    print("archive %s: %d days in %.1f s, then %d days' details (%d stories) in %.1f s" % (
        archive, days["days_fetched"] + days["days_present"], days_time, DETAIL_DAYS,
        details.get("details_fetched", 0) + details.get("details_present", 0), details_time), file=sys.stderr)


if not os.path.exists(archive):
    make_archive()
listed = subprocess.run([newsctl, "account", "list"], env=env, capture_output=True, text=True)
if ACCOUNT not in listed.stdout.split():
    subprocess.run([newsctl, "account", "add", ACCOUNT], env=env, input=PASSWORD + "\n", text=True, check=True,
                   stdout=subprocess.DEVNULL)

log = open(os.path.join(scratch, "requests.log"), "w")
server = subprocess.Popen([newsctl, "serve", "--port", "0", "--offline"], env=dict(env, NEWSCTL_SERVE_CACHE="0"),
                          stdout=subprocess.PIPE, stderr=log, text=True)
atexit.register(lambda: server.poll() is None and server.send_signal(signal.SIGTERM))
base = server.stdout.readline().strip()
if not base.startswith("http://"):
    sys.exit("newsctl serve printed no address: %r" % base)
address = urllib.parse.urlsplit(base)
connection = http.client.HTTPConnection(address.hostname, address.port, timeout=120)


def request(method, path, body=None, headers={}):
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    return response.status, response.read()


status, answer = request("POST", "/api/greader/accounts/ClientLogin",
                         urllib.parse.urlencode({"Email": ACCOUNT, "Passwd": PASSWORD}),
                         {"Content-Type": "application/x-www-form-urlencoded"})
token = next((line[5:] for line in answer.decode().splitlines() if line.startswith("Auth=")), None)
if status != 200 or not token:
    sys.exit("ClientLogin answered %d: %r" % (status, answer[:200]))
auth = {"Authorization": "GoogleLogin auth=" + token}


def get(path, authorized=True):
    status, body = request("GET", path, headers=auth if authorized else {})
    if status != 200:
        sys.exit("GET %s answered %d: %r" % (path, status, body[:300]))
    return body


contents_path = API + "stream/contents/" + READING_LIST + "?n=100"
first_bytes = get(contents_path)
first = json.loads(first_bytes)
if len(first["items"]) != 100 or not first.get("continuation"):
    sys.exit("stream/contents?n=100: %d items, continuation %r" % (len(first["items"]), first.get("continuation")))
second_path = contents_path + "&c=" + urllib.parse.quote(first["continuation"], safe="")
second_bytes = get(second_path)
second = json.loads(second_bytes)
if len(second["items"]) != 100 or {i["id"] for i in first["items"]} & {i["id"] for i in second["items"]}:
    sys.exit("stream/contents page 2: %d items, or items of page 1 again" % len(second["items"]))
ids_path = API + "stream/items/ids?s=" + READING_LIST + "&n=10000"
refs_bytes = get(ids_path)
refs = json.loads(refs_bytes)["itemRefs"]
if len(refs) != 10000:
    sys.exit("stream/items/ids?n=10000: %d ids" % len(refs))
# Deep in the archive the stories have no text: a page there is the engine's read and the JSON
# with next to no rendering (each item its title, hint and a link), to tell the two apart.
deep_path = contents_path + "&c=" + urllib.parse.quote(json.loads(refs_bytes)["continuation"], safe="")
deep = json.loads(get(deep_path))
if len(deep["items"]) != 100 or deep["items"][0]["id"] == first["items"][0]["id"]:
    sys.exit("stream/contents from the ids' continuation: %d items" % len(deep["items"]))
counts = json.loads(get(API + "unread-count"))
feeds = json.loads(get(API + "subscription/list"))["subscriptions"]
feed_atom = get("/feed.atom", authorized=False)
# A story with its text is many KB of HTML; one without is its title, hint and a link.
with_text = [sum(len(item["summary"]["content"]) > 2000 for item in page["items"]) for page in (first, second)]
atom_entries = feed_atom.count(b"<entry>") + feed_atom.count(b"<entry ")
print("archive %s: %.1f MB; %d unread of the reading list, %d feeds; /feed.atom %d entries, %.0f KB" % (
    archive, os.path.getsize(archive) / 2**20, counts["max"], len(feeds), atom_entries, len(feed_atom) / 1024))
print("stream/contents?n=100: %d of 100 items with their text, %.0f KB; page 2: %d, %.0f KB; ids n=10000: %.0f KB" % (
    with_text[0], len(first_bytes) / 1024, with_text[1], len(second_bytes) / 1024, len(refs_bytes) / 1024))
if min(with_text) < 90:
    sys.exit("the newest 200 items should have their text (%d and %d do): sync the newest days with --details" % tuple(with_text))

# name, path, authorized, target in ms (None: a reference)
requests = [
    ("stream/contents?n=100", contents_path, True, CONTENTS_TARGET_MS),
    ("stream/contents?n=100 page 2 (c=)", second_path, True, CONTENTS_TARGET_MS),
    ("stream/items/ids?n=10000", ids_path, True, IDS_TARGET_MS),
    ("unread-count", API + "unread-count", True, COUNTS_TARGET_MS),
    ("subscription/list", API + "subscription/list", True, COUNTS_TARGET_MS),
    ("stream/contents?n=100 at item 10,001, no text", deep_path, True, None),
    ("/feed.atom (30 stories, a reference)", "/feed.atom", False, None),
    ("/healthz (the HTTP floor, a reference)", "/healthz", False, None),
]
samples = [[] for _ in requests]
for round in range(args.warmup + args.rounds):
    for index, (_, path, authorized, _) in enumerate(requests):
        start = time.perf_counter()
        get(path, authorized)
        if round >= args.warmup:
            samples[index].append(time.perf_counter() - start)
medians = [statistics.median(s) * 1000 for s in samples]


def server_cpu():
    with open("/proc/%d/stat" % server_pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


server_pid = server.pid  # newsctl serve execs newsctl-serve in its place
cpu = []
for _, path, authorized, _ in requests:
    repeat = max(args.rounds, 10)
    before = server_cpu()
    for _ in range(repeat):
        get(path, authorized)
    cpu.append((server_cpu() - before) / repeat * 1000)
server.send_signal(signal.SIGTERM)
server.wait(timeout=30)

load = os.getloadavg()  # at the end of the timed rounds
print("medians of %d interleaved rounds (after %d warm-up), whole request over a kept loopback connection;"
      " load average %.2f %.2f %.2f" % (args.rounds, args.warmup, *load))
failed = False
width = max(len(name) for name, *_ in requests)
deep_ms, feed_ms, floor_ms = medians[5], medians[6], medians[7]
per_story = (feed_ms - floor_ms) / 30
for (name, _, _, target), median, used in zip(requests, medians, cpu):
    verdict = ""
    if target is not None:
        passed = median <= target
        failed |= not passed
        verdict = "target <= %d ms: %s" % (target, "PASS" if passed else "FAIL")
    print("%-*s : %8.2f ms   server CPU %7.2f ms   %s" % (width, name, median, used, verdict))
    if target is None:
        results.add(args.results, "greader: " + name + " (informative)", "%.2f ms" % median)
        continue
    # A page of contents beside the feed's 30 stories; the other requests beside the HTTP floor.
    contents = name.startswith("stream/contents")
    reference = "%.2f ms (/feed.atom)" % feed_ms if contents else "%.2f ms (/healthz)" % floor_ms
    results.add(args.results, "greader: " + name, "%.2f ms" % median, reference,
                median / (feed_ms if contents else floor_ms), "<= %d ms" % target, median <= target)
per_item = (medians[0] - floor_ms) / 100
print("stream/contents?n=100: %.2f ms of it the 100 stories' text (the newest page against the page at item 10,001)" % (
    medians[0] - deep_ms))
print("/feed.atom per story over /healthz: %.2f ms; stream/contents?n=100 per item over /healthz: %.2f ms (%.2fx)" % (
    per_story, per_item, per_item / per_story))
results.add(args.results, "greader: stream/contents per item over /healthz (informative)", "%.2f ms" % per_item,
            "%.2f ms (/feed.atom per story)" % per_story, per_item / per_story)
sys.exit(1 if failed else 0)
