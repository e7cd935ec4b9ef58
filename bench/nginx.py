#!/usr/bin/env python3
"""Serves a static API copy with Debian's nginx on 127.0.0.1 and a free port, for benchmarks.

  bench/nginx.py ROOT [--port-file F]   serves ROOT until SIGTERM/SIGINT, prints the base URL
                                        (http://127.0.0.1:PORT/api/4), also written to F
  from nginx import Nginx               with Nginx(root) as server: server.base_url ...

nginx rather than python's http.server: the reference must not be the bottleneck. A standalone
nginx.conf and prefix in a temporary folder, never /etc/nginx; every file is application/json
(no mime.types), no access log, keep-alive on. Installs nginx with apt-get when it is missing.
"""
import argparse, os, shutil, signal, socket, subprocess, sys, tempfile, time, urllib.request

CONF = """\
worker_processes auto;
{user}
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    default_type application/json;
    access_log off;
    etag off;                # the real API sends no caching headers: never answer 304
    if_modified_since off;
    sendfile on;
    tcp_nopush on;
    keepalive_timeout 65;
    keepalive_requests 1000000;
    client_body_temp_path {prefix}/client_body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    server {{
        listen 127.0.0.1:{port};
        root {root};
        location / {{ try_files $uri =404; }}
    }}
}}
"""


def nginx_binary():
    found = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if os.path.exists(p)), None)
    if found:
        return found
    print("nginx missing: apt-get install -y nginx", file=sys.stderr)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq", "nginx"], check=True, env=env, stdout=subprocess.DEVNULL)
    return shutil.which("nginx") or "/usr/sbin/nginx"


def free_port():
    # Bound then released: nginx cannot report an ephemeral port, so a rare race is retried.
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Nginx:
    def __init__(self, root):
        self.root = os.path.abspath(root)
        self.process = None

    def __enter__(self):
        binary = nginx_binary()
        self.prefix = tempfile.mkdtemp(prefix="bench-nginx-")
        # As root the workers would run as nobody, who cannot enter 0700 temp folders.
        user = "user root;" if os.geteuid() == 0 else ""
        for attempt in range(5):
            self.port = free_port()
            conf = os.path.join(self.prefix, "nginx.conf")
            with open(conf, "w") as f:
                f.write(CONF.format(user=user, prefix=self.prefix, port=self.port, root=self.root))
            self.process = subprocess.Popen([binary, "-c", conf, "-p", self.prefix, "-g", "daemon off;"],
                                            stderr=subprocess.DEVNULL)
            if self._wait_ready():
                self.base_url = "http://127.0.0.1:%d/api/4" % self.port
                return self
            self._stop()
        raise RuntimeError("nginx did not start; see %s/error.log" % self.prefix)

    def _wait_ready(self):
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False  # port taken meanwhile, or a bad config
            try:
                urllib.request.urlopen("http://127.0.0.1:%d/" % self.port, timeout=1)
                return True
            except urllib.error.HTTPError:
                return True  # 404 on / is an answer: it is up
            except OSError:
                time.sleep(0.05)
        return False

    def _stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)  # graceful: workers finish, then exit
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def __exit__(self, *exc):
        self._stop()
        shutil.rmtree(self.prefix, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description="serve ROOT with nginx until SIGTERM")
    parser.add_argument("root")
    parser.add_argument("--port-file")
    args = parser.parse_args()
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(1))
    signal.signal(signal.SIGINT, lambda *_: stop.append(1))
    with Nginx(args.root) as server:
        print(server.base_url, flush=True)
        if args.port_file:
            with open(args.port_file + ".tmp", "w") as f:
                f.write(server.base_url + "\n")
            os.replace(args.port_file + ".tmp", args.port_file)  # readers never see half a line
        while not stop and server.process.poll() is None:
            time.sleep(0.2)
        if server.process.poll() is not None:
            sys.stderr.write(open(os.path.join(server.prefix, "error.log")).read())
            sys.exit("nginx exited on its own")


if __name__ == "__main__":
    main()
