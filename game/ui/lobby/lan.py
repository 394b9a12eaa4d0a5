"""LAN play in the menus: the main menu's two entries, and the ways into a LAN game's screens.

The scenes reach the network only through a LanBackend: the real one is net.lan (hosting, joining)
and net.discovery (finding games); tests give the App a fake one as `app.lan_backend`.
"""
from __future__ import annotations

import functools
import ipaddress
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.ui.toolkit.settings import Settings

if TYPE_CHECKING:
    from game.definition import GameDef
    from game.ui.toolkit.app import App

log = logging.getLogger(__name__)

DEFAULT_HOST_NAME = "Host"
MAX_NAME = 24
DEFAULT_DEVICES = ("kb1", "kb2", "kb3", "kb4")   # when nobody said which device plays a seat


class LanUnavailable(Exception):
    """This build (or machine) cannot do LAN play; str() says why, for a toast."""


@dataclass(frozen=True)
class LanBackend:
    host: Callable[..., Any]       # LanHost(info, players, options, plans, *, name, port, ...)
    client: Callable[..., Any]     # LanClient(address, *, name, want, game, prefer)
    browser: Callable[[], Any]     # net.discovery.Browser(): entries(), close()
    ping: Callable[[tuple[str, int]], float | None] | None = None   # round trip in ms, blocking


def backend(app: App) -> LanBackend:
    custom = getattr(app, "lan_backend", None)
    if isinstance(custom, LanBackend):
        return custom
    try:
        from net.discovery import Browser
        from net.lan import LanClient, LanHost
        from net.ping import measure_ping
    except ImportError as exc:
        raise LanUnavailable(f"LAN play is not available in this build ({exc})") from exc
    interface = getattr(app.settings, "lan_interface", "all")
    if interface == "all":
        return LanBackend(LanHost, LanClient, Browser, measure_ping)
    # One interface chosen in Settings: host and advertise only there, and browse only there.
    return LanBackend(functools.partial(LanHost, bind=interface), LanClient,
                      functools.partial(Browser, interfaces=[interface]), measure_ping)


def lan_games(app: App) -> list[GameDef]:
    """The games one can host or join: those that are ready."""
    return [info for info in app.games if info.available and info.lan]


def game_for_key(app: App, key: str) -> GameDef | None:
    return next((info for info in app.games if info.key == key), None)


def default_name(app: App, fallback: str = DEFAULT_HOST_NAME) -> str:
    """The player's name from the settings; the untouched default reads better as `fallback`."""
    name = (app.settings.player_name or "").strip()
    return fallback if not name or name == Settings().player_name else name


def remember_name(app: App, name: str) -> None:
    """Keep the name for next time (the caller saves the settings)."""
    name = name.strip()[:MAX_NAME]
    if name and name not in (DEFAULT_HOST_NAME, Settings().player_name):   # defaults stay unset
        app.settings.player_name = name


def shareable_address(address: tuple[str, int]) -> str:
    """What another player types to join: a wildcard bind becomes this machine's LAN address."""
    host, port = address[0], address[1]
    if host in ("", "0.0.0.0", "::"):
        host = _lan_ip() or host
    text = f"[{host}]" if ":" in host else host
    return f"{text}:{port}"


def _lan_ip() -> str | None:
    """The first non-loopback IPv4 address of this machine (read locally: no traffic)."""
    try:
        from net.discovery import list_interfaces
        options = list_interfaces()
    except Exception:  # no interface list: the caller shows the bind address
        log.warning("cannot list the network interfaces", exc_info=True)
        return None
    for option in options:
        try:
            if not option.is_loopback and not ipaddress.ip_address(option.address).is_link_local:
                return option.address
        except ValueError:
            continue
    return None


def back_to_menu(app: App, message: str = "", kind: str = "error") -> None:
    """Leave whatever LAN screen is up for the main menu, saying why."""
    if message:
        # the reason alone: notices that led up to it ("the host closed the connection") repeat it
        app.toasts.items.clear()
    app.nav.main_menu(app, message, kind)
