"""A peer's side of LAN play, without I/O: it joins, keeps the latest view of each seat it holds,
assembles steps for the session, and turns actions into intents.

The peer never runs the rules: it cannot, since the host keeps the secrets (and the seed). What it
checks is the stream itself:

- Each seat it holds, and the public view (seat None), arrive as numbered streams. The host sends a
  connection its seats' StepMsgs for step n and then the public one, which closes step n.
- Gap: a StepMsg numbered past the next one means something was lost. The peer asks for a snapshot
  and drops steps until it arrives, so the session never shows events out of order.
- Hash: every StepMsg carries the engine's public hash. The peer recomputes view_hash over the
  public view it received and checks its seats' messages carry the same hash; a mismatch (a bug, a
  codec skew) also asks for a snapshot. The hash is over the public view because that is what every
  peer has and can check; equal hashes across peers mean they all show the same table.
- A step's seat messages wait until the public message closes the step, and then all of its views
  change at once: a reader in another thread never sees seat and table views of different steps.
- Step 0 (the start) sets the first views and is not a Step for the session: steps count actions.
- Rejoin: the Hello names the step this peer holds (0 for a client started again with its token,
  which holds none); the host answers with the steps missed since (MissedStep: events and our action,
  no views) and then the snapshot. They become Steps for the session when the snapshot arrives, so
  the log of moves has every step and ends where the views are. A long absence gets only the last
  steps (net.replicator.MISSED_AT_MOST): a restarted client's log then starts later, and a notice says
  how many moves it does not show.
- A press of a race (a step-free action: KOMBIO's slap) on its way when the connection went may have
  been lost with it, or with the host (killed, then resumed from its autosave: it never heard of it).
  Once the rejoin is complete, one that is not among the steps missed did not count, and a notice
  says so: the player is never left waiting for a ruling that will not come.
- Rematch: NewGame (or a Welcome of another game, after a rejoin) takes the peer back to the lobby
  of game number `game_no`: views, hashes, steps not yet taken and intents on their way are all of
  the old game and are dropped; steps and snapshots of another game than `game_no` are ignored, and
  intents carry `game_no` so that the host refuses one of an earlier game.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from game.core.engine import Action, Engine, Event, GameConfig, Outcome, view_hash
from game.core.errors import KomboError, WireFormatError
from game.core.seats import seat_name
from game.core.session import Step

from . import delta
from . import messages as m
from .clock import ClockSync, answer
from .protocol import PROTOCOL_VERSION, SchemaError


class NotJoinedError(KomboError):
    """An intent before the host welcomed this peer (or after it left)."""


@dataclass(frozen=True)
class Notice:
    code: str
    text: str


@dataclass(frozen=True)
class SeatView:
    """The latest of one stream (a seat's, or None's: public): its view as it came (the wire form,
    which the next step's patch applies to) and as the engine's view type (`typed`)."""

    number: int
    view: Any
    hash: bytes
    to_act: frozenset[int]
    legal: tuple[Action, ...]
    outcome: Outcome | None
    typed: Any = None


@dataclass(frozen=True)
class _Part:
    events: tuple[Event, ...]
    action: Action | None
    default_in: float | None = None


class PeerCore:
    def __init__(self, engine: Engine, name: str, want: int = 1, prefer: tuple[int, ...] = (),
                 token: bytes | None = None, clock: ClockSync | None = None, bot: str = "",
                 keep_hashes: int = 100_000) -> None:
        self.engine = engine            # for its codecs only
        self.name = name
        self.want = want
        self.prefer = prefer
        self.token = token
        self.bot = bot                  # the level this peer's bots play at ("" for a person)
        self.clock = clock if clock is not None else ClockSync()
        self.phase = "new"              # new, joining, joined, lost, refused, closed
        self.started = False            # the host said the game has started (or sent views)
        self.ready = False
        self.game_no = 0                # which game of the table (0, then +1 per rematch)
        self.replay: bytes | None = None   # the finished game's replay, as the host sent it
        self._announce = False          # a new game to announce with the next seat table
        # step number -> public hash, for finding where two peers parted ways (bounded)
        self.hashes: dict[int, bytes] = {}
        self._keep_hashes = keep_hashes
        self.refusal: m.Refused | None = None
        self.seats: tuple[int, ...] = ()
        self.players = 0
        self.config: GameConfig | None = None
        self.views: dict[int | None, SeatView] = {}
        self.seat_table: tuple[m.SeatEntry, ...] = ()
        self.refusals: list[m.IntentRefused] = []
        self.snapshot_requests = 0
        self.snapshots = 0               # snapshots taken in: views replaced without their events
        self._awaiting_snapshot = False
        self._parts: dict[int, dict[int, tuple[SeatView, _Part]]] = {}
        # a rejoin's missed steps (MissedStep), held until its snapshot brings the views they lead to
        self._missed: list[tuple[Step, bytes | None]] = []   # and each one's public hash
        self._missed_parts: dict[int, _Part] = {}
        self._steps: list[Step] = []
        self.deadlines: dict[int, float] = {}   # seat -> when the host makes its owed choice (our clock)
        self._notices: list[Notice] = []
        self._next_ref = 0              # intents count from 0 on each connection (net.host_core)
        self._in_flight: dict[int, tuple[int, int]] = {}   # ref -> (seat, step)
        self._presses: dict[int, Action] = {}    # ref -> a race's press (step-free) among them
        self._unjudged: list[Action] = []        # presses on their way when the connection went
        self._rejoin: int | None = None          # the step a rejoin's Hello named, until its snapshot
        self.udp_key: bytes | None = None   # this connection's key for UdpIntent (its Welcome's)

    # -- reading ---------------------------------------------------------------------------------

    @property
    def step(self) -> int:
        public = self.views.get(None)
        return public.number if public is not None else 0

    @property
    def awaiting_snapshot(self) -> bool:
        return self._awaiting_snapshot

    def pending_seats(self) -> frozenset[int]:
        """Seats with an intent on its way for the present step: not to be asked again."""
        return frozenset(seat for seat, step in self._in_flight.values() if step == self.step)

    def take_steps(self) -> list[Step]:
        steps, self._steps = self._steps, []
        return steps

    def take_notices(self) -> list[Notice]:
        notices, self._notices = self._notices, []
        return notices

    # -- output ----------------------------------------------------------------------------------

    def hello(self) -> m.Hello:
        """The first message of every connection, the first one or a reconnect."""
        self.phase = "joining"
        # what was on its way on the old connection is applied (and will show) or lost; a race's
        # press lost is told once the rejoin is complete (_snapshot)
        self._keep_unjudged()
        self._next_ref = 0
        self.udp_key = None
        self._parts.clear()
        self._awaiting_snapshot = False
        self._missed, self._missed_parts = [], {}
        # the step this peer holds, so that a rejoin gets the ones it missed (net.messages): 0 for
        # a client started again with its token (no views), which holds none, so it gets the game's
        # steps so far; None only for a first join
        held = self.step if self.token is not None else None
        self._rejoin = held
        return m.Hello(PROTOCOL_VERSION, self.name[:m.MAX_NAME], self.engine.key, self.token,
                       self.want, self.prefer, self.bot[:m.MAX_NAME], held, self.game_no)

    def lost(self) -> None:
        """The connection went; a reconnect will say hello again."""
        if self.phase in ("joining", "joined"):
            self.phase = "lost"
        self._keep_unjudged()

    def _keep_unjudged(self) -> None:
        """The connection went: what was on its way on it is forgotten, but a race's press is kept
        aside until the rejoin shows whether it counted (_snapshot)."""
        self._unjudged += [a for r, a in self._presses.items() if r in self._in_flight]
        self._presses.clear()
        self._in_flight.clear()

    def set_ready(self, ready: bool) -> m.Ready:
        self.ready = ready
        return m.Ready(ready)

    def intent(self, action: Action, pressed: float | None = None) -> m.Intent:
        if self.phase != "joined":
            raise NotJoinedError("not at a table")
        ref = self._next_ref
        self._next_ref += 1
        self._in_flight[ref] = (action.seat, self.step)
        if type(action).STEP_FREE:
            self._presses = {r: a for r, a in self._presses.items() if r in self._in_flight}
            self._presses[ref] = action
        return m.Intent(ref, self.step, self.engine.actions.encode(action), pressed, self.game_no)

    def ping(self, now: float) -> m.Ping:
        return self.clock.ping(now)

    def bye(self, reason: str = "") -> m.Bye:
        self.phase = "closed"
        return m.Bye(reason[:m.MAX_TEXT])

    # -- input -----------------------------------------------------------------------------------

    def receive_raw(self, data: Any, now: float, framed: bool = False) -> list[m.Message]:
        """Plain data from a frame (`framed`: straight from net.protocol's decoder)."""
        try:
            msg = m.decode(data, framed)
        except SchemaError as exc:
            self._notice("bad_message", f"the host sent something unreadable: {exc.text}")
            return self._unreadable(data)
        return self.receive(msg, now)

    def _unreadable(self, data: Any) -> list[m.Message]:
        """A message from the host that did not decode. A step of our game (its tag says so): the
        views have moved on past what we hold, so a snapshot catches up (dropping it alone would
        leave us a step behind for good, every intent then made against a step gone by). Anything
        else: nothing to do but the notice."""
        if not isinstance(data, dict) or data.get("t") != m.StepMsg.TAG or self.phase != "joined":
            return []
        game_no = data.get("game_no", 0)
        if type(game_no) is not int or game_no != self.game_no:
            return []       # another game's (or no telling whose): a snapshot could be refused
        return self._request_snapshot()

    def receive(self, msg: m.Message, now: float) -> list[m.Message]:
        """Take one message from the host; returns the messages to send back."""
        if isinstance(msg, m.StepMsg):
            return self._step(msg, now)
        if isinstance(msg, m.Snapshot):
            self._snapshot(msg)
        elif isinstance(msg, m.Welcome):
            self._welcome(msg)
        elif isinstance(msg, m.MissedStep):
            self._missed_step(msg)
        elif isinstance(msg, m.ReplayFile):
            if msg.game_no == self.game_no:
                self.replay = msg.data        # the adapter keeps it with this machine's replays
        elif isinstance(msg, m.NewGame):
            if self.phase == "joined" and msg.game_no != self.game_no:
                self._new_game(msg.game_no)
        elif isinstance(msg, m.SeatUpdate):
            self._seats_update(msg)
        elif isinstance(msg, m.IntentRefused):
            self._in_flight.pop(msg.ref, None)
            self.refusals.append(msg)
            self._notice(msg.code, f"move refused: {msg.text}")
        elif isinstance(msg, m.Refused):
            self.phase = "refused"
            self.refusal = msg
            self._notice(msg.code, f"could not join: {msg.text}")
        elif isinstance(msg, m.Ping):
            return [answer(msg, now, now)]
        elif isinstance(msg, m.Pong):
            self.clock.on_pong(msg, now)
        elif isinstance(msg, m.Bye):
            self.phase = "closed"
            self._notice("bye", f"the host closed the connection: {msg.reason}" if msg.reason
                         else "the host closed the connection")
        elif isinstance(msg, m.ErrorMsg):
            self._notice(msg.code, msg.text)
        else:
            self._notice("unexpected", f"the host sent a {msg.TAG!r} message")
        return []

    def _notice(self, code: str, text: str) -> None:
        self._notices.append(Notice(code, text))

    def _new_game(self, game_no: int) -> None:
        """The host plays again at the same table: back to its lobby, nothing of the old game kept
        (the seats, the seat table, the token and the intent refs stay)."""
        self.game_no = game_no
        self.replay = None
        self.started = False
        self.ready = False
        self.views = {}
        self.hashes = {}
        self._parts.clear()
        self._steps = []
        self.deadlines = {}
        self._missed, self._missed_parts = [], {}
        self._in_flight.clear()
        self._presses.clear()
        self._unjudged = []              # of the old game: nothing of it counts any more
        self._awaiting_snapshot = False
        # said once the new seat table (which follows) shows this client's people unready
        self._announce = not self.bot

    def _seats_update(self, msg: m.SeatUpdate) -> None:
        self.seat_table = msg.seats
        self.started = self.started or msg.started
        if self._announce:
            self._announce = False
            # the people of this client say Ready again; a bot client's seats and the host's own
            # are ready already, so they have nothing to do and are told nothing
            table = msg.seats
            if not msg.started and any(s < len(table) and table[s].kind == "human"
                                       and not table[s].ready for s in self.seats):
                self._notice("new_game", "The host started a new game: press Ready")

    def _welcome(self, msg: m.Welcome) -> None:
        if msg.game != self.engine.key:
            self._notice("wrong_game", f"the host plays {msg.game!r}")
            return
        try:
            config = self.engine.configs.decode(msg.config)
        except WireFormatError as exc:
            self._notice("bad_message", f"the host's game options are unreadable: {exc}")
            return
        self.phase = "joined"
        if msg.game_no != self.game_no:
            self._new_game(msg.game_no)    # a rejoin that missed NewGame
            if self._rejoin is not None:
                self._rejoin = 0           # it holds nothing of this game: the host sends it all
        if msg.step == 0:
            self._rejoin = None            # no step made yet (a lobby): nothing missed, no snapshot
        self.token = msg.token
        self.udp_key = msg.udp_key
        self.config = config
        self.players = msg.players
        self.seats = tuple(s for s in msg.seats if s < msg.players)
        for seat in [s for s in self.views if s is not None and s not in self.seats]:
            del self.views[seat]
        for parts in self._parts.values():
            for seat in [s for s in parts if s not in self.seats]:
                del parts[seat]

    def _request_snapshot(self) -> list[m.Message]:
        if self._awaiting_snapshot:
            return []
        self._awaiting_snapshot = True
        self.snapshot_requests += 1
        self._parts.clear()
        return [m.SnapshotRequest(self.step)]

    def _decode_common(self, legal: tuple, outcome: list | None) -> tuple[tuple[Action, ...],
                                                                          Outcome | None]:
        actions = tuple(self.engine.actions.decode(w) for w in legal)
        return actions, (Outcome.from_wire(outcome) if outcome is not None else None)

    def _step(self, msg: m.StepMsg, now: float) -> list[m.Message]:
        if self.phase != "joined" or self._awaiting_snapshot or msg.game_no != self.game_no:
            return []
        if msg.seat is not None and msg.seat not in self.seats:
            self._notice("unexpected", f"the host sent seat {msg.seat + 1}'s view, not ours")
            return []
        last = self.views.get(msg.seat)
        if last is not None and msg.number <= last.number:
            return []                       # a copy of what we have
        if last is not None and msg.number != last.number + 1:
            return self._request_snapshot()
        view = msg.view
        if msg.seat is None:
            if view is None:
                # a patch of the previous step's public view, which the gap check above has
                # made sure is the one we hold
                if msg.patch is None or last is None:
                    return self._request_snapshot()
                try:
                    view = delta.apply(last.view, msg.patch)
                except delta.PatchError:
                    return self._request_snapshot()
            if view_hash(view) != msg.hash:
                return self._request_snapshot()
        try:
            legal, outcome = self._decode_common(msg.legal, msg.outcome)
            events = tuple(self.engine.events.decode(w) for w in msg.events)
            action = self.engine.actions.decode(msg.action) if msg.action is not None else None
            typed = self.engine.decode_view(view) if view is not None else None
        except WireFormatError as exc:
            self._notice("bad_message", f"the host sent a step this client cannot read: {exc}")
            return self._request_snapshot()
        latest = SeatView(msg.number, view, msg.hash, frozenset(msg.to_act), legal, outcome, typed)
        if msg.seat is not None:
            # held back until the public message closes the step (see the module's docstring)
            self._parts.setdefault(msg.number, {})[msg.seat] = (latest, _Part(events, action, msg.default_in))
            return []
        parts = self._parts.pop(msg.number, {})
        if any(seat_view.hash != msg.hash for seat_view, _ in parts.values()):
            return self._request_snapshot()
        for seat, (seat_view, part) in parts.items():
            if part.default_in is None:
                self.deadlines.pop(seat, None)
            else:                           # its one-way delay late: a countdown errs on the short side
                self.deadlines[seat] = now + part.default_in
            if seat_view.view is None:      # the same as the public view: not sent twice
                seat_view = dataclasses.replace(seat_view, view=view, typed=latest.typed)
            self.views[seat] = seat_view
        self.views[None] = latest
        self.started = True
        self._parts = {n: p for n, p in self._parts.items() if n > msg.number}
        self.hashes[msg.number] = msg.hash
        if len(self.hashes) > self._keep_hashes:
            del self.hashes[min(self.hashes)]
        self._in_flight = {r: v for r, v in self._in_flight.items() if v[1] >= msg.number}
        if msg.number == 0:
            return []                       # the start: views, but no action, so no Step
        mine = next((p.action for _, p in parts.values() if p.action is not None), None)
        private = {s: p.events for s, (_, p) in sorted(parts.items()) if p.events != events}
        race = tuple(zip(msg.race_seats, msg.race_ms, strict=False))
        self._steps.append(Step(msg.number, mine, events, private, race, msg.defaulted))
        return []

    def _missed_step(self, msg: m.MissedStep) -> None:
        """One seat's part, or the public close, of a step missed while away (a rejoin)."""
        if self.phase != "joined" or msg.game_no != self.game_no:
            return
        if msg.seat is not None and msg.seat not in self.seats:
            self._notice("unexpected", f"the host sent seat {msg.seat + 1}'s events, not ours")
            return
        held = self._missed[-1][0].number if self._missed else self.step
        # a client started again holds no view and no log: its log starts where the host's missed
        # steps do (the last ones of a long game only: net.replicator); one with a log takes the
        # next step only
        starts = not self._missed and None not in self.views and msg.number > held
        if msg.number != held + 1 and not starts:
            return                  # a copy, or out of order: the snapshot that follows still holds
        try:
            events = tuple(self.engine.events.decode(w) for w in msg.events)
            action = self.engine.actions.decode(msg.action) if msg.action is not None else None
        except WireFormatError as exc:
            self._notice("bad_message", f"the host sent a missed step this client cannot read: {exc}")
            return
        if msg.seat is not None:
            self._missed_parts[msg.seat] = _Part(events, action)
            return
        parts, self._missed_parts = self._missed_parts, {}
        mine = next((p.action for p in parts.values() if p.action is not None), None)
        private = {s: p.events for s, p in sorted(parts.items()) if p.events != events}
        self._missed.append((Step(msg.number, mine, events, private), msg.hash))

    def _rejoined(self, had: int, taken: list[Step], number: int) -> None:
        """A resync is complete at step `number`: the log held steps up to `had` and has been given
        `taken`. After a rejoin, say what the log lacks (a long absence's first steps, net.replicator)
        and which presses on their way when the connection went did not count."""
        if self._rejoin is not None:
            first = taken[0].number if taken else number + 1
            if first > had + 1:
                if had == 0 and taken:
                    self._notice("missed_cut", f"The move log starts at move {first}: the {first - 1} "
                                               f"moves before it are not shown")
                else:
                    self._notice("missed_cut", f"{first - had - 1} moves made while you were away are "
                                               f"not in the move log")
        self._rejoin = None
        made = [step.action for step in taken if step.action is not None]
        for press in self._unjudged:
            if press not in made:
                # the host never judged it (it restarted from its autosave, which cannot hold a
                # press still waiting in its race window), or its ruling went with the old
                # connection: either way it did not count
                self._notice("press_lost", f"{seat_name(press.seat)}'s {type(press).TAG} did not count: "
                                           f"the host restarted or the connection broke before it was judged")
        self._unjudged = []

    def _snapshot(self, msg: m.Snapshot) -> None:
        if self.phase != "joined" or msg.game_no != self.game_no:
            return
        if msg.seat is not None and msg.seat not in self.seats:
            return
        if msg.seat is not None:
            self.deadlines.pop(msg.seat, None)     # not known again until the next step
        last = self.views.get(msg.seat)
        if last is not None and msg.number < last.number:
            return
        try:
            legal, outcome = self._decode_common(msg.legal, msg.outcome)
            typed = self.engine.decode_view(msg.view)
        except WireFormatError as exc:
            self._notice("bad_message", f"the host sent a snapshot this client cannot read: {exc}")
            return
        self.views[msg.seat] = SeatView(msg.number, msg.view, msg.hash, frozenset(msg.to_act),
                                        legal, outcome, typed)
        if msg.seat is None:
            # the public snapshot comes last: the resync is complete, and the steps missed before
            # it go to the session now, with the views they lead to
            self.started = True
            taken = []
            for step, public_hash in self._missed:
                if step.number <= msg.number:
                    taken.append(step)
                    if public_hash is not None:
                        self.hashes[step.number] = public_hash
            self._steps += taken
            self._missed, self._missed_parts = [], {}
            self._rejoined(last.number if last is not None else 0, taken, msg.number)
            self.hashes[msg.number] = msg.hash
            self.snapshots += 1
            self._awaiting_snapshot = False
            self._parts.clear()
            self._in_flight = {r: v for r, v in self._in_flight.items() if v[1] >= msg.number}
