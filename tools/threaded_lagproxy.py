"""The lag proxy (tools/lagproxy.py) on its own event loop thread, for synchronous code and tests:
``ThreadedLagProxy(cfg)`` with ``start()``/``stop()``, or as a context manager."""
from __future__ import annotations

import asyncio
import contextlib
import threading

from lag_config import LagConfig, LagProxyError, LagStats
from lagproxy import LagProxy

from net.address import Address


class ThreadedLagProxy:
    """The proxy on its own event loop thread, for synchronous code and tests."""

    def __init__(self, config: LagConfig) -> None:
        self.config = config
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._proxy: LagProxy | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None

    @property
    def address(self) -> Address:
        if self._proxy is None:
            raise LagProxyError("the proxy is not started")
        return self._proxy.address

    @property
    def stats(self) -> LagStats:
        if self._proxy is None:
            return LagStats()
        return self._proxy.stats  # plain ints; a torn read is harmless here

    def start(self, timeout: float = 5.0) -> Address:
        if self._thread is not None:
            raise LagProxyError("already started")
        # Daemon: a test that forgets stop() cannot keep the interpreter alive.
        self._thread = threading.Thread(target=self._run, name="lagproxy", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise LagProxyError("the proxy did not start in time")
        if self._error is not None:
            raise LagProxyError(str(self._error)) from self._error
        return self.address

    def stop(self, timeout: float = 5.0) -> None:
        loop, thread = self._loop, self._thread
        if loop is not None and self._proxy is not None:
            with contextlib.suppress(RuntimeError):  # loop already gone: it stopped by itself
                loop.call_soon_threadsafe(self._proxy.stop_soon)
        if thread is not None:
            thread.join(timeout)

    def __enter__(self) -> ThreadedLagProxy:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        proxy = LagProxy(self.config)
        try:
            await proxy.start()
        except BaseException as exc:  # noqa: BLE001  handed to the starting thread, which raises it
            self._error = exc
            self._ready.set()
            return
        self._proxy = proxy
        self._ready.set()
        await proxy.wait_stopped()


__all__ = ["ThreadedLagProxy"]
