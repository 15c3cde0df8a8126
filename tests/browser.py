"""Headless Chromium driven over the DevTools protocol, for tests of pages in a real browser.

Chromium's ``--remote-debugging-pipe`` reads protocol commands from file descriptor 3 and
writes answers and events to 4, each a JSON message ending in a NUL byte: no websocket, no
driver, only Debian's ``chromium`` (found as ``tests/test_report.py`` finds it).
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

from tests.test_report import CHROMIUM_FLAGS, chromium


class DevToolsError(RuntimeError):
    """The browser answered a command with an error, or a script threw."""


class Browser:
    """One headless Chromium with one page, at ``width`` x ``height`` CSS pixels (a phone's
    screen with ``mobile=True``)."""

    def __init__(self, profile: Path, width: int, height: int, *, mobile: bool = False) -> None:
        commands_read, self._commands = os.pipe()
        self._answers, answers_write = os.pipe()
        # Above 4, so that moving them to 3 and 4 in the child cannot overwrite each other.
        high = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in (commands_read, answers_write)]

        def onto_3_and_4() -> None:
            os.dup2(high[0], 3)
            os.dup2(high[1], 4)

        self.process = subprocess.Popen(
            [
                chromium(),
                *CHROMIUM_FLAGS,
                "--remote-debugging-pipe",
                f"--user-data-dir={profile}",
                f"--window-size={width},{height}",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            pass_fds=(3, 4),
            preexec_fn=onto_3_and_4,
        )
        for fd in (commands_read, answers_write, *high):
            os.close(fd)
        self._next_id = 0
        self._replies: dict[int, dict[str, Any]] = {}
        self._arrived = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        page = next(t for t in self.send("Target.getTargets")["targetInfos"] if t["type"] == "page")
        attached = self.send(
            "Target.attachToTarget", {"targetId": page["targetId"], "flatten": True}
        )
        self.session = attached["sessionId"]
        self.call("Page.enable")
        self.call("Runtime.enable")
        metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}
        self.call("Emulation.setDeviceMetricsOverride", metrics)

    def _read(self) -> None:
        buffer = b""
        while chunk := os.read(self._answers, 1 << 16):
            buffer += chunk
            *messages, buffer = buffer.split(b"\0")
            with self._arrived:
                for message in messages:
                    reply = json.loads(message)
                    if "id" in reply:
                        self._replies[reply["id"]] = reply
                self._arrived.notify_all()

    def send(
        self, method: str, params: dict[str, Any] | None = None, session: str | None = None
    ) -> dict[str, Any]:
        """One protocol command; its result (``DevToolsError`` if the browser refused it)."""
        self._next_id += 1
        number = self._next_id
        message: dict[str, Any] = {"id": number, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        with self._arrived:
            if not self._arrived.wait_for(lambda: number in self._replies, timeout=30):
                raise DevToolsError(f"{method}: no answer in 30 s")
            reply = self._replies.pop(number)
        if "error" in reply:
            raise DevToolsError(f"{method}: {reply['error']}")
        result: dict[str, Any] = reply["result"]
        return result

    def call(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """A command to the page."""
        return self.send(method, params, self.session)

    def evaluate(self, expression: str) -> Any:
        """The value of a script in the page (awaited if it is a promise)."""
        params = {"expression": expression, "awaitPromise": True, "returnByValue": True}
        result = self.call("Runtime.evaluate", params)
        if "exceptionDetails" in result:
            raise DevToolsError(result["exceptionDetails"].get("exception", {}).get("description"))
        return result["result"].get("value")

    def open(self, url: str) -> None:
        """Load ``url`` and wait until its document is ready."""
        self.call("Page.navigate", {"url": url})
        deadline = time.monotonic() + 20
        while self.evaluate("document.readyState") != "complete":
            if time.monotonic() > deadline:
                raise DevToolsError(f"{url} did not load in 20 s")
            time.sleep(0.05)

    def type_into(self, selector: str, text: str) -> None:
        """Focus a field, select what it holds, and type ``text`` over it as a keyboard would
        (one ``input`` event for the text inserted)."""
        self.evaluate(
            f"(() => {{ const f = document.querySelector({json.dumps(selector)}); "
            "f.focus(); f.select(); })()"
        )
        self.call("Input.insertText", {"text": text})

    def screenshot(self) -> bytes:
        """The viewport as PNG bytes."""
        return base64.b64decode(self.call("Page.captureScreenshot", {"format": "png"})["data"])

    def close(self) -> None:
        with contextlib.suppress(DevToolsError, OSError):
            self.send("Browser.close")
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._reader.join(timeout=5)
        os.close(self._commands)
        os.close(self._answers)
