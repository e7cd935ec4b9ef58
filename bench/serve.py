#!/usr/bin/env python3
"""A story page of `newsctl serve` under load: `wrk -c 32 -d 10s` on loopback against the release
newsctl-serve (started through `newsctl serve --offline`, logging its line per request as usual)
over an archive synced from the real captures (`--details --comments`). Prints requests/s and
p99 (targets >= 2,000 req/s, p99 <= 50 ms; the server's response cache answering) beside the
same page uncached (a second server with NEWSCTL_SERVE_CACHE=0) and two references measured in
the same run:
`/healthz` of the same server (the HTTP layer without the site) and nginx serving the page's
bytes from a file (what a static copy costs).

The story is the first `a.story` of the home page that the archive holds, else a story whose
text the captures hold (kept with `newsctl show`). While the site has no pages (ArchiveSite is
a placeholder answering 404), it says so and loads `/healthz` and a 404 instead.

Usage: bench/serve.py [--seconds 10] [--connections 32] [--newsctl BIN] [--captures DIR] [--results FILE]
  --newsctl   a built release newsctl with newsctl-serve beside it, instead of building here
  --captures  the captured responses (default ../shared/zhihu-daily/captures)
Needs wrk and nginx (Debian's packages; installed with apt-get when missing).
"""
import argparse, atexit, os, re, shutil, signal, subprocess, sys, tempfile, urllib.error, urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results
from nginx import Nginx

RATE_TARGET = 2000
P99_TARGET_MS = 50
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser(description="newsctl serve under wrk against its /healthz and nginx")
parser.add_argument("--seconds", type=int, default=10)
parser.add_argument("--connections", type=int, default=32)
parser.add_argument("--newsctl")
parser.add_argument("--captures", default=os.path.join(root, "..", "shared", "zhihu-daily", "captures"))
parser.add_argument("--results")
args = parser.parse_args()

if not shutil.which("wrk"):
    print("wrk missing: apt-get install -y wrk", file=sys.stderr)
    subprocess.run(["apt-get", "install", "-y", "-qq", "wrk"], check=True, stdout=subprocess.DEVNULL,
                   env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
newsctl = args.newsctl
if not newsctl:
    for product in ("newsctl", "newsctl-serve"):
        subprocess.run(["swift", "build", "-c", "release", "--product", product], cwd=root, check=True,
                       stdout=subprocess.DEVNULL)
    newsctl = os.path.join(root, ".build", "release", "newsctl")
scratch = tempfile.mkdtemp(prefix="serve-bench-")
atexit.register(shutil.rmtree, scratch, ignore_errors=True)
api = os.path.join(scratch, "api")
subprocess.run([os.path.join(root, "scripts", "captures-to-api"), args.captures, api], check=True, stdout=subprocess.DEVNULL)
env = dict(os.environ, NEWSCTL_DB=os.path.join(scratch, "news.sqlite"), NO_COLOR="1")
# Stories the captures lack fail the sync (exit 69) but the rest is kept: judged by the archive.
subprocess.run([newsctl, "sync", "--since", "20230311", "--details", "--comments", "--base-url", "file://" + api + "/api/4"],
               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
if not os.path.exists(env["NEWSCTL_DB"]):
    sys.exit("the sync made no archive")
# The captures hold the text of a few stories of other days: `show` keeps each in the archive.
captured = sorted(name for name in os.listdir(os.path.join(api, "api", "4", "news")) if name.isdigit())
for story in captured:
    subprocess.run([newsctl, "show", story, "--base-url", "file://" + api + "/api/4"], env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

log = open(os.path.join(scratch, "requests.log"), "w")
server = subprocess.Popen([newsctl, "serve", "--port", "0", "--offline"], env=env, stdout=subprocess.PIPE, stderr=log, text=True)
atexit.register(lambda: server.poll() is None and server.send_signal(signal.SIGTERM))
base = server.stdout.readline().strip()
if not base.startswith("http://"):
    sys.exit("newsctl serve printed no address: %r" % base)


def fetch(url):
    try:
        with urllib.request.urlopen(url) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


status, home = fetch(base)
links = [re.search(rb'\bhref="([^"]+)"', tag) for tag in re.findall(rb'<a\b[^>]*\bclass="story"[^>]*>', home)] if status == 200 else []
path, page = None, None
# The first story of home whose page the archive holds (the captures lack most stories' text),
# else the first captured story's page.
candidates = ["/" + link.group(1).decode().lstrip("./").lstrip("/") for link in filter(None, links)]
for candidate in candidates + ["/story/%s.html" % story for story in captured]:
    answer, body = fetch(base.rstrip("/") + candidate)
    if answer == 200:
        path, page = candidate, body
        break
if path:
    targets = [("story page " + path, path)]
else:
    print("no story page: home answered %d with %d a.story, none served; measuring /healthz and a 404" % (status, len(links)))
    targets = [("a 404 (/story/1.html)", "/story/1.html")]


def load(url):
    """requests/s and p99 in ms of wrk on url."""
    out = subprocess.run(["wrk", "-t", "2", "-c", str(args.connections), "-d", "%ds" % args.seconds, "--latency", url],
                         check=True, capture_output=True, text=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    value, unit = re.search(r"^\s+99%\s+([\d.]+)(us|ms|s)\s*$", out, re.M).groups()
    p99 = float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return rate, p99, out, int(errors.group(1)) if errors else 0


measured = []
for label, target in targets:
    rate, p99, out, non2xx = load(base.rstrip("/") + target)
    measured.append((label, rate, p99, non2xx))
healthz = load(base.rstrip("/") + "/healthz")
server.send_signal(signal.SIGTERM)
server.wait(timeout=30)
log.close()
# The same page rendered for every request: a server started with its response cache off
# (NEWSCTL_SERVE_CACHE=0), what a page costs the first time after the archive changes.
uncached = None
if path:
    plain_log = open(os.path.join(scratch, "requests-uncached.log"), "w")
    plain = subprocess.Popen([newsctl, "serve", "--port", "0", "--offline"], env=dict(env, NEWSCTL_SERVE_CACHE="0"),
                             stdout=subprocess.PIPE, stderr=plain_log, text=True)
    plain_base = plain.stdout.readline().strip()
    uncached = load(plain_base.rstrip("/") + path)
    plain.send_signal(signal.SIGTERM)
    plain.wait(timeout=30)
    plain_log.close()
reference = None
if page is not None:
    static = os.path.join(scratch, "static")
    os.makedirs(os.path.dirname(static + path), exist_ok=True)
    with open(static + path, "wb") as f:
        f.write(page)
    with Nginx(static) as nginx:
        reference = load("http://127.0.0.1:%d%s" % (nginx.port, path))

print(f"wrk -t 2 -c {args.connections} -d {args.seconds}s on loopback, release build, request log on")
rows = [("newsctl serve, " + label, rate, p99, f" ({non2xx} answers not 2xx/3xx)" if non2xx and path else "")
        for label, rate, p99, non2xx in measured]
if uncached:
    rows.append(("newsctl serve, the same page uncached (NEWSCTL_SERVE_CACHE=0)", uncached[0], uncached[1],
                 f" ({uncached[3]} answers not 2xx/3xx)" if uncached[3] else ""))
rows.append(("newsctl serve, /healthz (the HTTP layer alone)", healthz[0], healthz[1], ""))
if reference:
    rows.append(("nginx, the same page's bytes from a file", reference[0], reference[1], ""))
width = max(len(row[0]) for row in rows)
for label, rate, p99, note in rows:
    print(f"{label:{width}} : {rate:9.0f} req/s   p99 {p99:6.2f} ms{note}")
label, rate, p99, _ = measured[0]
if path:
    print(f"targets: >= {RATE_TARGET} req/s: {'PASS' if rate >= RATE_TARGET else 'FAIL'};"
          f" p99 <= {P99_TARGET_MS} ms: {'PASS' if p99 <= P99_TARGET_MS else 'FAIL'}")
    results.add(args.results, "serve: story page, requests/s (wrk -c %d)" % args.connections, "%.0f" % rate,
                "%.0f (/healthz)" % healthz[0], rate / healthz[0], ">= %d" % RATE_TARGET, rate >= RATE_TARGET)
    results.add(args.results, "serve: story page, p99", "%.2f ms" % p99, None, None, "<= %d ms" % P99_TARGET_MS,
                p99 <= P99_TARGET_MS)
    if uncached:
        results.add(args.results, "serve: story page uncached, requests/s (informative)", "%.0f" % uncached[0],
                    "%.0f (cached)" % rate, uncached[0] / rate)
        results.add(args.results, "serve: story page uncached, p99 (informative)", "%.2f ms" % uncached[1])
    if reference:
        results.add(args.results, "serve: story page vs nginx from a file (informative)", "%.0f req/s" % rate,
                    "%.0f req/s" % reference[0], rate / reference[0])
