"""The words of the Kombo Klash! screen: the line over the board, the prompt panel's title and detail,
and the keys of the device that acts. All from the shown view (so the header and the panel always
agree about whose turn it is) and the acting player's choice in progress (controls.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.kombo_klash.tables import KICK, OVER, REDRAW, REVIVE, SWAMP, square_name
from game.ui.toolkit.input import device_name

from .choices import ability, trigger_prompt
from .controls import TURN, WAIT
from .panels import PromptBox

if TYPE_CHECKING:
    from .screen import KomboKlashScene

Hints = tuple[tuple[str, str], ...]


def acting(scene: KomboKlashScene) -> int | None:
    """The local player whose prompt the screen shows: the actor, once the shown turn is theirs."""
    actor = scene.actor()
    return actor if actor is not None and scene.shown.turn == actor else None


def caption(scene: KomboKlashScene) -> tuple[int, str]:
    """The line over the board: whose turn, and what they do now."""
    turn = scene.shown.turn
    if turn < 0:
        return -1, ""
    if scene.is_bot(turn):
        return turn, " (Bot) is playing"
    seat = acting(scene)
    if seat is None:
        return turn, "'s turn"
    controls = scene.controls
    mode = controls.mode(seat)
    words = {REDRAW: ": keep or redraw?", KICK: ": Kick!", SWAMP: ": Swamp!", REVIVE: ": Revive!"}
    if mode in words:
        return turn, words[mode]
    creature = controls.picked_creature(seat)
    if creature is not None and seat in controls.asking:
        return turn, f": trigger {ability(creature)}?"
    if creature is not None:
        return turn, f": place the {creature}"
    return turn, ": your turn"


def prompt_box(scene: KomboKlashScene) -> PromptBox:
    """The panel at the top right: what to do now, and the buttons of the player who does it."""
    view = scene.shown
    turn = view.turn
    if view.phase == OVER or turn < 0:
        return PromptBox(-1, "Game over", (scene.winner_text(),), (), False)
    name = scene.seat_name(turn)
    seat = acting(scene)
    if seat is None:
        if scene.is_bot(turn):
            return PromptBox(turn, f"{name} (Bot) is playing", ("Watch the board: its tiles", "fly in shortly."),
                             (), False)
        if turn == scene.viewer:
            return PromptBox(turn, f"{name}'s turn", (), (), False)
        if scene.is_human(turn):
            return PromptBox(turn, f"{name} to play", (f"{name} takes the screen next.",), (), False)
        return PromptBox(turn, f"{name} to play", ("Waiting for their move.",), (), False)
    title, detail, urgent = _actor_words(scene, seat)
    buttons = tuple(b.button for b in scene.controls.buttons(seat))
    return PromptBox(seat, title, detail, buttons, urgent)


def _actor_words(scene: KomboKlashScene, seat: int) -> tuple[str, tuple[str, ...], bool]:
    controls = scene.controls
    view = scene.view
    mode = controls.mode(seat)
    if mode == REDRAW:
        return "Your starting hand", ("Keep these five tiles, or", "discard them and draw five new",
                                      "ones (only now, only once)."), True
    if mode == KICK:
        src = controls.kick_from.get(seat)
        if src is None:
            return "Kick: pick a tile", ("Any other tile (ringed) that", "has an empty space beside it."), False
        return "Kick: where to?", (f"Move the tile on {square_name(src)} one", "space into a marked empty space."), False
    if mode == SWAMP:
        return "Swamp: pick 1 or 2 tiles", ("Face-up tiles flip face down:", "+1 point each. A second pick",
                                            "swamps both at once."), False
    if mode == REVIVE:
        return "Revive: pick a tile", ("Flip one face-down tile face up", "(its power does not trigger)."), False
    creature = controls.picked_creature(seat)
    if creature is not None and seat in controls.asking:
        words = trigger_prompt(creature, len(view.hand) - 1)
        return words.question, (words.detail,), True
    if creature is not None:
        detail = ("Put it on a marked space.", "A Snake may also go onto a", "face-up tile (spiral ring).") \
            if creature == "Snake" else ("Put it on a marked space", "beside a tile or the draw pile.")
        return f"Place your {creature}", detail, False
    if not view.hand:
        return "Your turn", ("Your hand is empty and there is", "nothing to draw: end your turn."), False
    if view.played == 0:
        return "Your turn", ("Play a tile from your hand:", "pick it, then a marked space."), False
    if view.scored:            # one Kombo a turn: the others on the board wait for the next player
        return "Your turn", ("Kombo scored. Play another tile", "or end your turn."), False
    return "Your turn", ("Play another tile, score a", "Kombo, or end your turn."), False


def hints(scene: KomboKlashScene) -> tuple[int, str, Hints]:
    """The seat whose keys the hint box shows (-1: none), its title and the keys: the acting player's
    only once the shown turn is theirs, as the header and the prompt say (`acting`)."""
    actor = acting(scene)
    seat = actor if actor is not None else scene.viewer
    if seat is None:
        return -1, "", ()
    device = scene.match.plans[seat].device
    if not device:                   # a seat nobody plays here (a replay's eyes): no keys to name
        return -1, "", ()
    title = f"{scene.seat_name(seat)}: {device_name(device)}"
    controls = scene.controls
    mode = controls.mode(seat) if actor is not None else WAIT
    asking = seat in controls.asking
    if device == "mouse":
        if mode == TURN and not asking:
            return seat, title, (("Click", "a tile in your hand"), ("Click", "a marked space"),
                                 ("Click", "a Kombo twice: score"), ("Right-click", "put the tile back"),
                                 ("End turn", "the button, twice"), ("Esc", "pause"))
        return seat, title, (("Click", "a button or a ringed tile"), ("Right-click", "back"), ("Esc", "pause"))
    k = scene.key_labels(device)
    move = scene.move_label(device)
    if mode == TURN and asking:
        return seat, title, ((move, "choose"), (k["select"], "answer"), (k["back"], "choose again"),
                             (k["pause"], "pause"))
    if mode == TURN and controls.picked_creature(seat) is not None:
        return seat, title, ((move, "choose a space"), (k["select"], "place it there"), (k["back"], "put it back"),
                             (k["slap"], "end turn (twice)"), (k["pause"], "pause"))
    if mode == TURN:
        return seat, title, ((move, "a tile, space or button"), (k["select"], "pick it / press"),
                             (k["slap"], "end turn (twice)"), (k["pause"], "pause"))
    if mode == REDRAW:
        return seat, title, ((move, "choose"), (k["select"], "keep / redraw (twice)"), (k["pause"], "pause"))
    if mode == SWAMP:
        return seat, title, ((move, "choose a tile"), (k["select"], "mark / swamp"), (k["slap"], "swamp the one marked"),
                             (k["back"], "unmark"))
    if mode in (KICK, REVIVE):
        return seat, title, ((move, "choose a ringed tile"), (k["select"], "pick it" if mode == KICK else "revive (twice)"),
                             (k["back"], "back"), (k["pause"], "pause"))
    return seat, title, ((k["pause"], "pause"),)
