"""Intents, on the host (net.host_core): each checked before anything about it is recorded (joined,
game, step, seat, legality), so that a refused one never changes what the host expects next, then
given to the referee; and what the referee rules, told: a step to every connection (net.replicator),
a refusal to the connection whose intent it was, an engine fault halting the game.

Hostile input (tokens travel in the clear on a LAN, so a sniffer may hold one):
- refs count a connection's intents from 0. An intent is validated (joined, game, step, seat,
  legality) before anything about it is recorded; only one the referee takes moves `last_ref`, below
  which later copies and overtaken intents are dropped. A refused one is only remembered (a few per
  connection) so that its second copy is not answered twice. A ref more than MAX_REF_JUMP past the
  refs the connection has sent by TCP is refused (TCP) or dropped (UDP).
- UDP copies (udp_intent): each joined connection gets a random pairing key in its Welcome, by TCP
  only; a UdpIntent must carry it and come from the IP address the connection came from
  (`HostCore.connect`), else it is dropped unanswered. The reconnect token is never good over UDP.
- presses of a race (KOMBIO's slaps), a flood of them included: the referee holds at most one per
  seat for each thing raced for (a second is dropped unanswered, `tell`), so a ruling step names at
  most one press per player (messages.MAX_RACE). A press time must be a sane number (never NaN nor
  infinite: the decoder refuses those, and so does `intent` for one made in memory), and a press for
  something not raced for yet (a discard to come) is refused before the referee, whose open window
  it would otherwise close early.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from game.core.engine import Action
from game.core.errors import WireFormatError
from game.core.referee import Ruling, Verdict

from . import messages as m
from .outbox import ConnId, Outbox

if TYPE_CHECKING:
    from .host_core import HostCore, _Conn

log = logging.getLogger("net.host_core")     # the host's log: this is part of its core

MAX_REF_JUMP = 1024     # how far an intent's ref may run ahead of the refs its connection has sent
HALTED = "The host's game stopped on an internal error ({}); details are in the host's log"
CODES = {Verdict.ILLEGAL: "illegal", Verdict.STALE: "stale", Verdict.TOO_LATE: "too_late", Verdict.FAULT: "error"}


def udp_intent(host: HostCore, msg: m.UdpIntent, source: tuple, now: float) -> Outbox | str:
    """A UdpIntent from `source` ((host, port)), taken as the Intent of the connection whose
    pairing key it carries if it comes from that connection's host. Returns what to send (an
    answer goes to that connection, never to the datagram's source, which is easily forged;
    nothing for the copy of an intent already handled), or why it was dropped: no connection
    has that key, it comes from another host, or its ref jumps too far."""
    conn = host._by_key.get(msg.key)
    c = host._conns.get(conn) if conn is not None else None
    if c is None or c.token is None:
        return "no connection has that key"
    if c.address is None or not source or c.address[0] != source[0]:
        return f"not from the host of the connection with that key ({source[0] if source else '?'})"
    if msg.ref > max(c.last_ref, c.sent_ref) + MAX_REF_JUMP:
        return f"ref {msg.ref} jumps too far"
    return intent(host, conn, m.Intent(msg.ref, msg.step, msg.action, msg.pressed, msg.game_no), now, by_udp=True)


def intent(host: HostCore, conn: ConnId, msg: m.Intent, now: float, by_udp: bool = False) -> Outbox:
    """Validate, then act: nothing about the intent is recorded before it is known to be
    valid, so a refused one never changes what the host expects next; only its ref is kept
    among the refused, so that its second copy (TCP and UDP) is not answered again."""
    out = Outbox()
    c = host._conns[conn]

    def refuse(code: str, text: str) -> Outbox:
        if code != "not_joined":
            c.refused.append(msg.ref)
        out.send(conn, m.IntentRefused(msg.ref, msg.step, code, text[:m.MAX_TEXT]))
        return out

    if c.token is None:
        return refuse("not_joined", "say hello first")
    if msg.ref <= c.last_ref or msg.ref in c.refused or holds(host, conn, msg.ref):
        return out   # a second copy (TCP and UDP), or an old one overtaken: already handled
    if msg.ref > max(c.last_ref, c.sent_ref) + MAX_REF_JUMP:
        out.send(conn, m.IntentRefused(
            msg.ref, msg.step, "bad_ref",
            f"move number {msg.ref} jumps too far past the moves this connection sent"))
        return out
    if not by_udp:
        # what the connection itself has sent (TCP cannot be forged from elsewhere): it only
        # widens how far a later ref may jump, never what counts as a copy
        c.sent_ref = max(c.sent_ref, msg.ref)
    if msg.game_no != host.game_no:
        return refuse("stale", "too late: that move was made in an earlier game")
    if not host.started:
        return refuse("not_started", "the game has not started yet")
    if host.halted:
        return refuse("halted", host.halted)
    try:
        action = host.engine.actions.decode(msg.action)
    except WireFormatError as exc:
        return refuse("malformed", str(exc))
    if not _sane_time(msg.pressed):
        # decoded intents cannot carry one (messages.Time); one made in memory must not either:
        # a NaN press time would put the race window's deadline and order out of reach
        return refuse("malformed", f"a press time of {msg.pressed!r} is no time")
    if action.seat not in host.seats_of(c.token):
        return refuse("not_your_seat", f"seat {action.seat + 1} is not yours")
    race = host.realtime.race if host.realtime is not None else None
    if race is not None and race.races(action) and race.answers(action) > race.latest(host.state):
        # a press for something not there yet cannot count; held, it would close the race window
        # open now (a newer thing to race for), before the presses still on their way came in
        return refuse("illegal", f"that answers number {race.answers(action)}, which has not come yet")
    # a step-free action (a slap) answers what it names (a discard), not the step it was made
    # against: others may have moved the game on meanwhile, and the referee judges it
    if msg.step != host.step and not (type(action).STEP_FREE and msg.step < host.step):
        return refuse("stale", f"too late: the move was made at step {msg.step}, "
                               f"the game has moved on to step {host.step}")
    if host.over:
        return refuse("game_over", "the game is over")
    waiting = host.paused_on()
    if waiting:
        return refuse("paused", f"waiting for {', '.join(f'seat {i + 1}' for i in sorted(waiting))} to join")
    host._referee(lambda: host.referee.submit(action, msg.pressed, now, (conn, msg.ref)), out)
    return out


def _sane_time(pressed: object) -> bool:
    """None, or a number within messages.Time's range (never NaN, never infinite)."""
    if pressed is None:
        return True
    if isinstance(pressed, bool) or not isinstance(pressed, (int, float)):
        return False
    return m.TIME_RANGE.lo <= pressed <= m.TIME_RANGE.hi      # False for NaN too


def holds(host: HostCore, conn: ConnId, ref: int) -> bool:
    """Is this (a copy of) a press the referee holds? TCP and UDP both carry every press."""
    window = host.referee.window
    return window is not None and any(h.ticket == (conn, ref) for h in window.presses)


def tell(host: HostCore, rulings: list[Ruling], out: Outbox) -> None:
    """Tell what the referee ruled: a refusal to the connection whose intent it was; an engine
    fault halts the game."""
    for ruling in rulings:
        conn, ref = ruling.ticket if isinstance(ruling.ticket, tuple) else (None, -1)
        c = host._conns.get(conn) if conn is not None else None
        if ruling.verdict is Verdict.APPLIED:        # its step was shown as it was made (HostCore._show)
            if c is not None:
                c.last_ref = max(c.last_ref, ref)
        elif ruling.verdict is Verdict.FAULT:
            fault(host, ruling.error or RuntimeError(ruling.reason), ruling.action, out, c, ref)
            return
        elif ruling.verdict.refused and c is not None:
            c.refused.append(ref)
            out.send(conn, m.IntentRefused(ref, host.step, CODES[ruling.verdict], ruling.reason[:m.MAX_TEXT]))
        elif ruling.verdict is Verdict.DUPLICATE and c is not None:
            c.refused.append(ref)         # dropped: one press per seat for each thing raced for


def fault(host: HostCore, exc: BaseException, action: Action, out: Outbox, conn: _Conn | None, ref: int) -> None:
    fault = f"step {host.step + 1}: {action}: {type(exc).__name__}: {exc}"
    host.faults.append(fault)
    log.error("engine fault in %s at %s; the game stops here", host.engine.key, fault, exc_info=exc)
    host.halted = HALTED.format(type(exc).__name__)[:m.MAX_TEXT]
    if conn is not None:
        conn.refused.append(ref)
        sender = next((k for k, v in host._conns.items() if v is conn), None)
        if sender is not None:
            out.send(sender, m.IntentRefused(ref, host.step, "error", host.halted))
    notice = m.ErrorMsg("host_error", host.halted)
    for joined in host.joined():
        out.send(joined, notice)
        try:
            host.replicator.snapshots(out, joined)
        except Exception:   # the engine cannot even show its state: the notice must do
            log.warning("no snapshot after the engine fault", exc_info=True)


__all__ = ["CODES", "HALTED", "MAX_REF_JUMP", "fault", "holds", "intent", "tell", "udp_intent"]
