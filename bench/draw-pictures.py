#!/usr/bin/env python3
"""Drawing a story with 10 pictures: whole-process `newsctl show <id> --offline --graphics MODE`
against `--graphics none` of the same story, rounds interleaved, medians. The difference is what
drawing costs (reading the 10 kept pictures, decoding them with the Debian decoders, drawing them
with chafa at 72 columns); the figure is that difference for symbols (target <= 50 ms), with
kitty and sixels beside it.

The pictures are made here with ImageMagick, sized like Zhihu Daily's body pictures (690 px
wide): 7 JPEGs, 2 PNGs and a GIF, served over loopback and kept by one online `show`.

Usage: bench/draw-pictures.py [runs] [--newsctl BIN] [--old BIN]
  runs       default 15
  --newsctl  a built binary instead of building release here
  --old      another binary (an earlier build) timed in the same rounds, for a before and after

Beside each wall time it prints the CPU time the drawing took (user + system, every thread):
on a shared machine the wall time moves with the load, the CPU time much less.
"""
import argparse, atexit, resource, http.server, json, os, shutil, statistics, subprocess, sys, tempfile, threading, time

TARGET_MS = 50.0
parser = argparse.ArgumentParser(description="newsctl show with 10 pictures drawn against the same story as text")
parser.add_argument("runs", nargs="?", type=int, default=15)
parser.add_argument("--newsctl")
parser.add_argument("--old", help="another built binary, timed in the same rounds (its figures printed apart)")
args = parser.parse_args()
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = args.newsctl
if not binary:
    subprocess.run(["swift", "build", "-c", "release", "--product", "newsctl"], cwd=root, check=True,
                   stdout=subprocess.DEVNULL)
    binary = os.path.join(root, ".build", "release", "newsctl")
convert = shutil.which("convert")
if not convert:
    sys.exit("draw-pictures: needs ImageMagick's convert (apt-get install imagemagick)")

scratch = tempfile.mkdtemp(prefix="newsctl-draw-")
atexit.register(shutil.rmtree, scratch, ignore_errors=True)
site = os.path.join(scratch, "site")
os.makedirs(os.path.join(site, "api", "4", "news"))
os.makedirs(os.path.join(site, "pictures"))
names = [f"p{n}.jpg" for n in range(7)] + ["p7.png", "p8.png", "p9.gif"]
for index, name in enumerate(names):
    height = [460, 388, 920, 518, 690, 300, 460, 400, 560, 388][index]
    subprocess.run([convert, "-seed", str(index), "-size", f"690x{height}", "plasma:fractal", "-quality", "85",
                    os.path.join(site, "pictures", name)], check=True)


class Quiet(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *a, **k):
        super().__init__(*a, directory=site, **k)

    def log_message(self, *a):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
threading.Thread(target=server.serve_forever, daemon=True).start()
origin = f"http://127.0.0.1:{server.server_address[1]}"
figures = "".join(f'<p>第 {n + 1} 段文字。</p><figure><img src="{origin}/pictures/{name}"><figcaption>图 {n + 1}</figcaption></figure>'
                  for n, name in enumerate(names))
story = {"id": 1, "title": "十张图的故事", "type": 0, "body": f'<div class="content">{figures}</div>',
         "share_url": "http://daily.zhihu.com/story/1", "url": "https://daily.zhihu.com/story/1"}
with open(os.path.join(site, "api", "4", "news", "1"), "w") as f:
    json.dump(story, f, ensure_ascii=False)

env = dict(os.environ, NEWSCTL_DB=os.path.join(scratch, "news.sqlite"), COLUMNS="80")
env.pop("NEWSCTL_OFFLINE", None)
kept = subprocess.run([binary, "show", "1", "--base-url", origin + "/api/4", "--graphics", "symbols"], env=env,
                      capture_output=True, text=True)
if kept.returncode != 0 or "未保存" in kept.stdout or "获取失败" in kept.stdout or kept.stdout.count("图 ") < 10:
    sys.exit("draw-pictures: the pictures were not kept: " + kept.stderr + "".join(l + "\n" for l in kept.stdout.splitlines() if "（" in l))


def timed(program, mode):
    """Wall time and CPU time (user + system, every thread) of one show, in ms."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run([program, "show", "1", "--offline", "--graphics", mode], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0 or result.stderr:
        sys.exit(f"draw-pictures: {program} show --graphics {mode} failed: {result.stderr.decode()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed * 1000, cpu * 1000


modes = ["none", "symbols", "kitty", "sixel"]
programs = [binary] + ([args.old] if args.old else [])
for program in programs:
    for mode in modes:
        timed(program, mode)  # Warm the page cache and the libraries.
samples = {(program, mode): [] for program in programs for mode in modes}
cpu = {(program, mode): [] for program in programs for mode in modes}
for _ in range(args.runs):
    for program in programs:
        for mode in modes:
            wall, used = timed(program, mode)
            samples[(program, mode)].append(wall)
            cpu[(program, mode)].append(used)
server.shutdown()

failed = False
for program in programs:
    if args.old:
        print("old (--old):" if program == args.old else "new:")
    text = statistics.median(samples[(program, "none")])
    text_cpu = statistics.median(cpu[(program, "none")])
    print(f"show --offline --graphics none (reference): {text:.1f} ms, CPU {text_cpu:.1f} ms (medians of {args.runs})")
    for mode in modes[1:]:
        drawn = statistics.median(samples[(program, mode)])
        cost = drawn - text
        verdict = ""
        if mode == "symbols" and program == binary:
            failed = cost > TARGET_MS
            verdict = f"  target <= {TARGET_MS:.0f} ms: {'FAIL' if failed else 'PASS'}"
        used = statistics.median(cpu[(program, mode)]) - text_cpu
        print(f"--graphics {mode}: {drawn:.1f} ms, {drawn / text:.2f}x; drawing 10 pictures costs {cost:.1f} ms"
              f" (CPU {used:.1f} ms){verdict}")
sys.exit(1 if failed else 0)
