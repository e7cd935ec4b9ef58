#!/usr/bin/env python3
"""The reader as a person meets it, timed in a real terminal (tmux).

  bench/reader.py NEWSCTL [ROUNDS]

Serves the project's fixtures over loopback HTTP (python's http.server), runs `NEWSCTL read` in a
tmux pane of its own at 80x24, and measures, over ROUNDS rounds (default 15), medians of:
  - Enter to a drawn story, uncached: a fresh archive, Enter on the first story as soon as the
    list shows (the story's text is fetched then);
  - Enter to a drawn story, cached: back, and Enter on the same story again;
  - the CPU the reader uses while idle on the home screen, over 10 s (must be < 1% of a core).
"Drawn" is when capture-pane first shows the story's text; capture-pane is polled every 2 ms, so
each figure includes tmux's own latency (the same for both).
"""
import http.server, os, shutil, socketserver, statistics, subprocess, sys, tempfile, threading, time

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


def main():
    newsctl = os.path.abspath(sys.argv[1])
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 15
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
