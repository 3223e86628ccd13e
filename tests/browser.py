#!/usr/bin/env python3
"""One headless Chromium for all the pages of a test (tests/browser.sh).

Starting Chromium costs about a second (two on a busy machine); html.sh opened
it some forty times. This keeps one browser and drives it over the DevTools
protocol on a pipe (--remote-debugging-pipe: commands on fd 3, replies on
fd 4, each a JSON object ended by a NUL byte), opening every page in a tab of
its own that is closed after, as a fresh `chromium --headless` would.

Reads one command a line on stdin and answers each with a line on stdout,
"ok" or "error: WHY":
    dump HF W,H OUT URL   the document once loaded (what --dump-dom prints) into OUT
    pdf  HF W,H OUT URL   the page printed to PDF (--print-to-pdf=OUT), with the
                          browser's header and footer when HF is 1 (the default
                          of --print-to-pdf; 0: --no-pdf-header-footer)
    shot HF W,H OUT URL   a PNG of the viewport (--screenshot=OUT)
W,H is the viewport (--window-size). Uncaught script errors are written to
stderr as CONSOLE lines, as Chromium's own log writes them.
Usage: python3 tests/browser.py CHROMIUM_ARGS... <commands >answers
"""
import base64
import fcntl
import json
import os
import select
import subprocess
import sys
import time

TIMEOUT = 120  # seconds a page may take (`timeout 60 chromium` allowed 60 with the
# browser's start; a loaded machine needed more for the 2.3 MB corpus page)
# what --dump-dom prints: the doctype, then the document as it stands
DUMP = ('(document.doctype ? new XMLSerializer().serializeToString(document.doctype) + "\\n" : "")'
        ' + document.documentElement.outerHTML')


class Browser:
    def __init__(self, args):
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()

        def fds():  # in the child: fd 3 reads our commands, fd 4 writes its replies
            a = fcntl.fcntl(to_chrome_r, fcntl.F_DUPFD, 10)
            b = fcntl.fcntl(from_chrome_w, fcntl.F_DUPFD, 10)
            os.dup2(a, 3)
            os.dup2(b, 4)
            os.closerange(5, os.sysconf("SC_OPEN_MAX"))

        self.proc = subprocess.Popen(["chromium", "--remote-debugging-pipe"] + args,
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     preexec_fn=fds, close_fds=False)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buf = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self.to_chrome, json.dumps(msg).encode() + b"\0")
        return self.next_id

    def read(self, deadline):
        while b"\0" not in self.buf:
            if time.monotonic() > deadline:
                raise TimeoutError("no answer from Chromium")
            ready, _, _ = select.select([self.from_chrome], [], [], 1)
            if ready:
                chunk = os.read(self.from_chrome, 1 << 20)
                if not chunk:
                    raise EOFError("Chromium exited")
                self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, params=None, session=None, deadline=None):
        deadline = deadline or time.monotonic() + TIMEOUT
        want = self.send(method, params, session)
        while True:
            msg = self.read(deadline)
            if msg.get("id") == want:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error'].get('message')}")
                return msg.get("result", {})
            self.events.append(msg)

    def wait_event(self, method, session, deadline):
        while True:
            for i, ev in enumerate(self.events):
                if ev.get("method") == method and ev.get("sessionId") == session:
                    del self.events[i]
                    return ev
            self.events.append(self.read(deadline))

    def report_errors(self, session):
        keep = []
        for ev in self.events:
            if ev.get("method") == "Runtime.exceptionThrown" and ev.get("sessionId") == session:
                d = ev["params"]["exceptionDetails"]
                text = d.get("exception", {}).get("description") or d.get("text", "")
                print(f'CONSOLE({d.get("lineNumber", 0) + 1}) "Uncaught {text}", source: {d.get("url", "")}',
                      file=sys.stderr, flush=True)
            elif ev.get("sessionId") != session:
                keep.append(ev)
        self.events = keep

    def page(self, kind, header_footer, size, out, url):
        deadline = time.monotonic() + TIMEOUT
        w, h = (int(x) for x in size.split(","))
        target = self.call("Target.createTarget", {"url": "about:blank"}, deadline=deadline)["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True},
                            deadline=deadline)["sessionId"]
        try:
            self.call("Page.enable", session=session, deadline=deadline)
            self.call("Runtime.enable", session=session, deadline=deadline)
            self.call("Emulation.setDeviceMetricsOverride",
                      {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": False},
                      session=session, deadline=deadline)
            self.call("Page.navigate", {"url": url}, session=session, deadline=deadline)
            self.wait_event("Page.loadEventFired", session, deadline)
            if kind == "dump":
                r = self.call("Runtime.evaluate", {"expression": DUMP, "returnByValue": True},
                              session=session, deadline=deadline)
                data = (r["result"]["value"] + "\n").encode()
            elif kind == "pdf":
                r = self.call("Page.printToPDF", {"displayHeaderFooter": header_footer == "1",
                                                  "printBackground": True, "preferCSSPageSize": True},
                              session=session, deadline=deadline)
                data = base64.b64decode(r["data"])
            else:
                r = self.call("Page.captureScreenshot", {"format": "png"}, session=session,
                              deadline=deadline)
                data = base64.b64decode(r["data"])
            with open(out, "wb") as f:
                f.write(data)
        finally:
            self.report_errors(session)
            self.call("Target.closeTarget", {"targetId": target}, deadline=time.monotonic() + TIMEOUT)
            self.report_errors(session)


def main():
    b = Browser(sys.argv[1:])
    try:
        for line in sys.stdin:
            parts = line.rstrip("\n").split(" ", 4)
            try:
                if len(parts) != 5 or parts[0] not in ("dump", "pdf", "shot"):
                    raise ValueError(f"not a command: {line.strip()}")
                b.page(*parts)
                print("ok", flush=True)
            except (OSError, ValueError, RuntimeError, TimeoutError, EOFError) as e:
                print(f"error: {e}", flush=True)
    finally:
        try:
            b.call("Browser.close", deadline=time.monotonic() + 10)
        except (OSError, RuntimeError, TimeoutError, EOFError):
            pass
        try:
            b.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            b.proc.kill()


if __name__ == "__main__":
    main()
