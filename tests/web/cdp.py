"""A small client of the Chrome DevTools Protocol over aiohttp's websocket client, enough to
open pages (tabs) in headless Chromium, read their DOM and take screenshots (for the browser
tests). One reader hands each reply to the call that waits for it, so that several tabs of one
Chromium can be driven at once."""

from __future__ import annotations

import asyncio
import base64
import copy
import itertools
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import aiohttp

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--remote-debugging-port=0",
)


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        raise AssertionError("headless Chromium is needed: apt-get install -y chromium")
    return found


class Browser:
    """One headless Chromium with a fresh profile, driven through one page (tab); `tab()` opens
    another page of the same Chromium, driven the same way."""

    def __init__(self) -> None:
        self.profile = tempfile.mkdtemp(prefix="referee-chromium-")
        self.process: subprocess.Popen[bytes] | None = None
        self.http: aiohttp.ClientSession | None = None
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.session_id = ""
        self.target_id = ""
        self.owner = True  # the first page: closing it closes Chromium
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._reader: asyncio.Task[None] | None = None

    async def start(self, width: int = 412, height: int = 900) -> None:
        self.process = subprocess.Popen(
            [chromium(), *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        url = await asyncio.to_thread(self._devtools_url)
        self.http = aiohttp.ClientSession()
        self.ws = await self.http.ws_connect(url, max_msg_size=64 * 2**20)
        self._reader = asyncio.create_task(self._read())
        await self._attach(width, height)

    async def _attach(self, width: int, height: int) -> None:
        target = await self.send("Target.createTarget", url="about:blank")
        self.target_id = target["targetId"]
        attached = await self.send("Target.attachToTarget", targetId=self.target_id, flatten=True)
        self.session_id = attached["sessionId"]
        await self.send("Page.enable")
        await self.size(width, height)

    async def tab(self, width: int = 412, height: int = 900) -> Browser:
        """Another page of this Chromium (sharing its connection), blank, `width` px wide."""
        other = copy.copy(self)
        other.owner, other.session_id = False, ""
        await other._attach(width, height)
        return other

    def _devtools_url(self) -> str:
        assert self.process is not None and self.process.stderr is not None
        for raw in self.process.stderr:
            match = re.search(rb"DevTools listening on (ws://\S+)", raw)
            if match:
                return match.group(1).decode()
        raise AssertionError("Chromium did not start its DevTools endpoint")

    async def _read(self) -> None:
        """Hand each reply to its waiting call; events (no id) are not needed."""
        assert self.ws is not None
        async for message in self.ws:
            if message.type != aiohttp.WSMsgType.TEXT:
                continue
            reply = json.loads(message.data)
            waiting = self._waiting.pop(reply.get("id", 0), None)
            if waiting is not None and not waiting.done():
                waiting.set_result(reply)
        for waiting in self._waiting.values():
            if not waiting.done():
                waiting.set_exception(AssertionError("Chromium closed its connection"))

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        assert self.ws is not None
        number = next(self._ids)
        message: dict[str, Any] = {"id": number, "method": method, "params": params}
        if self.session_id and not method.startswith("Target."):
            message["sessionId"] = self.session_id
        waiting = asyncio.get_running_loop().create_future()
        self._waiting[number] = waiting
        await self.ws.send_str(json.dumps(message))
        try:
            reply = await asyncio.wait_for(waiting, 30)
        finally:
            self._waiting.pop(number, None)
        if "error" in reply:
            raise AssertionError(f"{method}: {reply['error']}")
        result: dict[str, Any] = reply.get("result", {})
        return result

    async def size(self, width: int, height: int) -> None:
        await self.send(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=width < 800,
        )

    async def dark(self, on: bool) -> None:
        features = [{"name": "prefers-color-scheme", "value": "dark" if on else "light"}]
        await self.send("Emulation.setEmulatedMedia", features=features)

    async def open(self, url: str) -> None:
        await self.send("Page.navigate", url=url)

    async def js(self, expression: str) -> Any:
        result = await self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    async def wait_for(self, expression: str, timeout: float) -> float:
        """Poll a JavaScript condition until it holds; the seconds it took."""
        loop = asyncio.get_running_loop()
        start = loop.time()
        while not await self.js(expression):
            if loop.time() - start > timeout:
                raise AssertionError(f"not within {timeout} s: {expression}")
            await asyncio.sleep(0.01)
        return loop.time() - start

    async def screenshot(self, path: Path, width: int, max_height: int = 5000) -> None:
        height = min(int(await self.js("document.documentElement.scrollHeight")), max_height)
        await self.size(width, height)
        await self.send("Page.bringToFront")  # a page in the background draws no frames
        shot = await self.send("Page.captureScreenshot", format="png")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(shot["data"]))

    async def close(self) -> None:
        if not self.owner:  # a tab: only the page goes
            await self.send("Target.closeTarget", targetId=self.target_id)
            return
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)
        if self.http is not None:
            await self.http.close()
        if self.process is not None:
            self.process.terminate()
            try:
                await asyncio.to_thread(self.process.wait, 10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def screenshot_dir() -> Path:
    """Where the screenshots go (git-ignored; CI keeps the folder for people to look at)."""
    root = Path(os.environ.get("REFEREE_SCREENSHOTS", Path(__file__).parents[2] / "artifacts"))
    return root / "screenshots"
