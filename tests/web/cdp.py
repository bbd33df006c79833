"""A small client of the Chrome DevTools Protocol over aiohttp's websocket client, enough to
open a page in headless Chromium, read its DOM and take screenshots (for the browser tests)."""

from __future__ import annotations

import asyncio
import base64
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
    """One headless Chromium with a fresh profile, driven through one page (tab)."""

    def __init__(self) -> None:
        self.profile = tempfile.mkdtemp(prefix="referee-chromium-")
        self.process: subprocess.Popen[bytes] | None = None
        self.http: aiohttp.ClientSession | None = None
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.session_id = ""
        self._next = 0

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
        target = await self.send("Target.createTarget", url="about:blank")
        target_id = target["targetId"]
        attached = await self.send("Target.attachToTarget", targetId=target_id, flatten=True)
        self.session_id = attached["sessionId"]
        await self.send("Page.enable")
        await self.size(width, height)

    def _devtools_url(self) -> str:
        assert self.process is not None and self.process.stderr is not None
        for raw in self.process.stderr:
            match = re.search(rb"DevTools listening on (ws://\S+)", raw)
            if match:
                return match.group(1).decode()
        raise AssertionError("Chromium did not start its DevTools endpoint")

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        assert self.ws is not None
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params}
        if self.session_id and not method.startswith("Target."):
            message["sessionId"] = self.session_id
        await self.ws.send_str(json.dumps(message))
        while True:
            reply = json.loads((await asyncio.wait_for(self.ws.receive(), 30)).data)
            if reply.get("id") == self._next:
                if "error" in reply:
                    raise AssertionError(f"{method}: {reply['error']}")
                return reply.get("result", {})

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
        shot = await self.send("Page.captureScreenshot", format="png")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(shot["data"]))

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
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
