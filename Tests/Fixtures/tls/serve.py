"""An HTTPS server on 127.0.0.1 and a port the system picks, for the tests: it prints the port,
then answers every GET with an empty latest page. Its certificate (other-host.pem, signed by
ca.pem) names *.cdn.example.net and cdn.example.net only, like the certificate news-at.zhihu.com
has shown many networks since 2022: a client that trusts ca.pem and asks for localhost must
refuse it for its names. Ends when its standard input closes."""
import http.server
import os
import ssl
import sys
import threading


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = b'{"date":"20260925","stories":[],"top_stories":[]}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


folder = os.path.dirname(os.path.abspath(__file__))
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(os.path.join(folder, "other-host.pem"), os.path.join(folder, "other-host.key"))
server.socket = context.wrap_socket(server.socket, server_side=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
print(server.server_address[1], flush=True)
sys.stdin.read()
