#!/usr/bin/env python3
"""The reader as a person meets it, timed in a real terminal (tmux).

  bench/reader.py NEWSCTL [ROUNDS]
  bench/reader.py NEWSCTL [ROUNDS] --pictures [--old OLD]

Serves the project's fixtures over loopback HTTP (python's http.server), runs `NEWSCTL read` in a
tmux pane of its own at 80x24, and measures, over ROUNDS rounds (default 15), medians of:
  - Enter to a drawn story, uncached: a fresh archive, Enter on the first story as soon as the
    list shows (the story's text is fetched then);
  - Enter to a drawn story, cached: back, and Enter on the same story again;
  - the CPU the reader uses while idle on the home screen, over 10 s (must be < 1% of a core).
"Drawn" is when capture-pane first shows the story's text; capture-pane is polled every 2 ms, so
each figure includes tmux's own latency (the same for both).

With --pictures (issue 46), the first story of the fixtures becomes one of 12 paragraphs, each
followed by a picture made with ImageMagick (9 JPEGs, 2 PNGs, a GIF, 690 px wide), all kept in
the archive by one online `show`; then, at 100x40, `read --offline --graphics symbols` against
`--graphics none` of the same story, rounds interleaved, medians of:
  - Enter to the first screen drawn (its text, and every picture on it drawn: no placeholder
    "[图片 N" left on screen), the first time the story is opened in the session;
  - the same, opened again in the same session (back, Enter);
  - the reader's CPU (user + system) scrolling the story from top to bottom with Space a second
    time (the first time drew its pictures), each screen waited for (beside the median, the
    mean: /proc counts in 10 ms ticks).
The first two are timed through a tmux control-mode client (`Control`), which looks at the pane a
millisecond apart at a fraction of a millisecond a look. Beside them, the reader's CPU over them
(/proc's 10 ms ticks). --old OLD times another build (an earlier one) in the same rounds.
Targets: the first screen at most the text's own time plus one screen of chafa's work; opened
again at most 2x `none`; scrolling again the CPU of text alone.
"""
import http.server, json, os, queue, re, shutil, socketserver, statistics, subprocess, sys, tempfile, threading, time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures")
STORY_TEXT = "春天风大，主要有三个原因。"


class Quiet(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=ROOT, **kwargs)

    def log_message(self, *args):
        pass


def tmux(socket, *args):
    return subprocess.run(["tmux", "-S", socket, *args], capture_output=True, text=True).stdout


def wait_for(socket, text, timeout=20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if text in tmux(socket, "capture-pane", "-p"):
            return time.monotonic()
        time.sleep(0.002)
    raise SystemExit(f"reader.py: '{text}' never appeared:\n" + tmux(socket, "capture-pane", "-p"))


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


PICTURE_STORY = 9759301
PARAGRAPH = "这一段是文字，写的是气压、温度和风的关系，读者在图片之间读到的就是这样的段落。" * 3


def make_picture_site(folder):
    """A copy of the fixtures' API in which the first story has 12 pictures, served from `folder`."""
    convert = shutil.which("convert")
    if not convert:
        raise SystemExit("reader.py --pictures: needs ImageMagick's convert (apt-get install imagemagick)")
    site = os.path.join(folder, "site")
    shutil.copytree(os.path.join(ROOT, "api"), os.path.join(site, "api"))
    os.makedirs(os.path.join(site, "pictures"))
    names = [f"p{n}.jpg" for n in range(9)] + ["p9.png", "p10.png", "p11.gif"]
    heights = [460, 388, 920, 518, 690, 300, 460, 400, 560, 388, 460, 300]
    for index, name in enumerate(names):
        subprocess.run([convert, "-seed", str(index), "-size", f"690x{heights[index]}", "plasma:fractal", "-quality", "85",
                        os.path.join(site, "pictures", name)], check=True)
    return site, names


def write_picture_story(site, origin, names):
    path = os.path.join(site, "api", "4", "news", str(PICTURE_STORY))
    with open(path) as f:
        story = json.load(f)
    figures = "".join(f'<p>第 {n + 1} 段。{PARAGRAPH}</p><figure><img src="{origin}/pictures/{name}">'
                      f'<figcaption>图 {n + 1}</figcaption></figure>' for n, name in enumerate(names))
    story["body"] = f'<div class="content">{figures}<p>最后一段。</p></div>'
    story.pop("image", None)  # No headline picture from a host the bench does not serve.
    with open(path, "w") as f:
        json.dump(story, f, ensure_ascii=False)


PLACEHOLDER = re.compile(r"\[图片 \d+：")


def pictures_drawn(mode, screen):
    """No picture's placeholder ("[图片 3：图 3]") left on screen; without pictures, always."""
    return mode == "none" or not PLACEHOLDER.search(screen)


def screen_drawn(mode):
    """The story's first paragraph on screen, with every picture on screen drawn."""
    return lambda screen: "第 1 段。" in screen and pictures_drawn(mode, screen)


def position(screen):
    """The status line's "22/63": the last row shown and the rows in all."""
    found = re.findall(r"(\d+)/(\d+)\s*$", screen.rstrip().splitlines()[-1]) if screen.strip() else []
    return (int(found[-1][0]), int(found[-1][1])) if found else None


def wait_until(socket, condition, timeout=20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        screen = tmux(socket, "capture-pane", "-p")
        if condition(screen):
            return time.monotonic(), screen
        time.sleep(0.002)
    raise SystemExit("reader.py: the screen never came:\n" + tmux(socket, "capture-pane", "-p"))


class Control:
    """A tmux control-mode client on the session, to time a key to the screen it brings: it asks
    for the pane's text over and over through the one client (a look costs tmux a fraction of a
    millisecond), where `capture-pane` run as a process a look times it to a few milliseconds, as
    much as an opened-again story takes. The pane's output is not sent to it (`no-output`): tmux
    would spend as long escaping a screen of pictures for it as the reader spends drawing it."""

    def __init__(self, socket):
        self.process = subprocess.Popen(["tmux", "-S", socket, "-C", "attach", "-f", "no-output"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put((time.monotonic(), line))

    GUARD = re.compile(rb"%(begin|end|error) \d+ (\d+) (\d+)\n")

    def command(self, command, timeout=20.0):
        """Sends `command`; its answer's text, and when the answer came (its %end line)."""
        self.process.stdin.write(command.encode() + b"\n")
        self.process.stdin.flush()
        deadline = time.monotonic() + timeout
        block, number = None, None
        while True:
            try:
                arrived, line = self.lines.get(timeout=max(0.001, deadline - time.monotonic()))
            except queue.Empty:
                raise SystemExit("reader.py: tmux did not answer " + command)
            guard = self.GUARD.fullmatch(line)
            if block is None:
                # Flag 1: a command of this client (the attach's own block has 0); notices between.
                if guard and guard.group(1) == b"begin" and guard.group(3) == b"1":
                    block, number = [], guard.group(2)
            elif guard and guard.group(1) != b"begin" and guard.group(2) == number:
                if guard.group(1) == b"error":
                    raise SystemExit("reader.py: tmux refused %s: %s" % (command, b"".join(block).decode(errors="replace")))
                return b"".join(block).decode(errors="replace"), arrived
            else:
                block.append(line)

    def time_key(self, key, condition, timeout=20.0):
        """Seconds from sending `key` to the first look at the pane that meets `condition` (looks a
        millisecond apart)."""
        start = time.monotonic()
        self.command("send-keys " + key)
        while time.monotonic() < start + timeout:
            screen, arrived = self.command("capture-pane -p")
            if condition(screen):
                return arrived - start
            time.sleep(0.001)  # a core left to the reader: looking without a pause would take one
        raise SystemExit("reader.py: the screen never came:\n" + screen)

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=5)


def scroll_to_end(socket, mode):
    """Space until the last row is on screen, each screen waited for (and its pictures drawn)."""
    _, screen = wait_until(socket, lambda s: position(s) is not None and pictures_drawn(mode, s))
    while position(screen)[0] < position(screen)[1]:
        before = position(screen)
        tmux(socket, "send-keys", "Space")
        _, screen = wait_until(socket, lambda s: position(s) not in (None, before) and pictures_drawn(mode, s))


def pictures(programs, rounds):
    newsctl = programs[0]
    folder = tempfile.mkdtemp(prefix="reader-pictures-bench-")
    site, names = make_picture_site(folder)

    class Site(Quiet):
        def __init__(self, *args, **kwargs):
            http.server.SimpleHTTPRequestHandler.__init__(self, *args, directory=site, **kwargs)

    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    write_picture_story(site, origin, names)
    database = os.path.join(folder, "news.sqlite")
    env = dict(os.environ, NEWSCTL_DB=database, COLUMNS="100")
    env.pop("NEWSCTL_OFFLINE", None)
    for command in (["latest"], ["show", str(PICTURE_STORY), "--graphics", "symbols"]):
        kept = subprocess.run([newsctl, *command, "--base-url", origin + "/api/4"], env=env, capture_output=True, text=True)
        if kept.returncode != 0 or "未保存" in kept.stdout or "获取失败" in kept.stdout:
            raise SystemExit(f"reader.py --pictures: {' '.join(command)} failed: {kept.stderr}")
    socket = os.path.join(folder, "tmux.sock")
    pidfile = os.path.join(folder, "pid")
    modes = ["none", "symbols"]
    runs = [(program, mode) for program in programs for mode in modes]
    first, again, scrolling, first_cpu, again_cpu = ({run: [] for run in runs} for _ in range(5))
    try:
        for _ in range(rounds):
            for program, mode in runs:
                run = (program, mode)
                command = (f"sh -c 'echo $$ > {pidfile}; exec {program} read --offline --db {database} --graphics {mode}'")
                tmux(socket, "-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "40", command)
                wait_for(socket, "今日热闻")
                pid = int(open(pidfile).read())
                control = Control(socket)
                time.sleep(0.05)
                used = cpu_seconds(pid)
                first[run].append(control.time_key("Enter", screen_drawn(mode)))
                first_cpu[run].append(cpu_seconds(pid) - used)
                scroll_to_end(socket, mode)  # The first time: the pictures are drawn.
                tmux(socket, "send-keys", "g")
                wait_until(socket, screen_drawn(mode))
                before = cpu_seconds(pid)
                scroll_to_end(socket, mode)
                scrolling[run].append(cpu_seconds(pid) - before)
                tmux(socket, "send-keys", "q")
                wait_for(socket, "今日热闻")
                time.sleep(0.05)
                used = cpu_seconds(pid)
                again[run].append(control.time_key("Enter", screen_drawn(mode)))
                again_cpu[run].append(cpu_seconds(pid) - used)
                tmux(socket, "kill-server")
                control.close()
                time.sleep(0.1)
    finally:
        tmux(socket, "kill-server")
        server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)
    ms = lambda values: f"{statistics.median(values) * 1000:.1f} ms (min {min(values) * 1000:.1f}, max {max(values) * 1000:.1f})"
    median = lambda values: statistics.median(values) * 1000
    print(f"rounds: {rounds}, 100x40, a story of 12 kept pictures")
    for program in programs:
        if len(programs) > 1:
            print("old (--old):" if program != newsctl else "new:")
        for mode in modes:
            run = (program, mode)
            print(f"  --graphics {mode}: Enter to the first screen drawn: {ms(first[run])}, CPU {median(first_cpu[run]):.0f} ms")
            print(f"  --graphics {mode}: opened again:                    {ms(again[run])}, CPU {median(again_cpu[run]):.0f} ms")
            print(f"  --graphics {mode}: CPU scrolling it a second time:  {ms(scrolling[run])}, "
                  f"mean {statistics.mean(scrolling[run]) * 1000:.1f} ms (ticks of 10 ms: the mean says more)")
        none, symbols = (program, "none"), (program, "symbols")
        print(f"  first screen, symbols minus none: {median(first[symbols]) - median(first[none]):.1f} ms")
        print(f"  opened again, symbols / none: {median(again[symbols]) / median(again[none]):.2f}x (target <= 2x)")
        mean = lambda values: statistics.mean(values) * 1000
        print(f"  scrolling again, CPU symbols minus none: {median(scrolling[symbols]) - median(scrolling[none]):.1f} ms "
              f"(means: {mean(scrolling[symbols]) - mean(scrolling[none]):.1f} ms)")
    return 0 if median(again[(newsctl, "symbols")]) <= 2 * median(again[(newsctl, "none")]) else 1


def main():
    newsctl = os.path.abspath(sys.argv[1])
    arguments = sys.argv[2:]
    old = None
    if "--old" in arguments:
        at = arguments.index("--old")
        old = os.path.abspath(arguments[at + 1])
        del arguments[at:at + 2]
    rounds = int(arguments[0]) if arguments and arguments[0] != "--pictures" else 15
    if "--pictures" in arguments:
        return pictures([newsctl] + ([old] if old else []), rounds)
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/api/4"
    folder = tempfile.mkdtemp(prefix="reader-bench-")
    socket = os.path.join(folder, "tmux.sock")
    uncached, cached, idle = [], [], []
    try:
        for index in range(rounds):
            database = os.path.join(folder, f"news-{index}.sqlite")
            pidfile = os.path.join(folder, "pid")
            command = (f"sh -c 'echo $$ > {pidfile}; exec {newsctl} read --db {database} --base-url {base}'")
            tmux(socket, "-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", command)
            wait_for(socket, "今日热闻")
            start = time.monotonic()
            tmux(socket, "send-keys", "Enter")
            uncached.append(wait_for(socket, STORY_TEXT) - start)
            tmux(socket, "send-keys", "q")
            wait_for(socket, "今日热闻")
            start = time.monotonic()
            tmux(socket, "send-keys", "Enter")
            cached.append(wait_for(socket, STORY_TEXT) - start)
            if index < 3:  # Idle CPU: back on the list, untouched for 10 s.
                tmux(socket, "send-keys", "q")
                wait_for(socket, "今日热闻")
                pid = int(open(pidfile).read())
                time.sleep(1)
                before = cpu_seconds(pid)
                time.sleep(10)
                idle.append((cpu_seconds(pid) - before) / 10 * 100)
            tmux(socket, "kill-server")
            time.sleep(0.1)
    finally:
        tmux(socket, "kill-server")
        server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)
    ms = lambda values: f"{statistics.median(values) * 1000:.1f} ms (min {min(values) * 1000:.1f}, max {max(values) * 1000:.1f})"
    print(f"rounds: {rounds}")
    print(f"Enter to a drawn story, uncached (loopback HTTP): median {ms(uncached)}")
    print(f"Enter to a drawn story, cached:                   median {ms(cached)}")
    print(f"idle CPU on the home screen: {', '.join(f'{v:.2f}%' for v in idle)} of a core (target < 1%)")
    return 0 if max(idle) < 1.0 else 1


if __name__ == "__main__":
    sys.exit(main())
