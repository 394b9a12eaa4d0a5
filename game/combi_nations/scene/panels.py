"""The words and panels round the table: the caption (whose turn), the prompt (what to do now, the
tile in hand or the SAND tile to lay, the facility under the focus with its rule, the SAND kinds
left, the buttons) and the hints (the keys of the player to act, and the last moves).

Buttons and SAND kinds are drawn plain: the player's focus frame is what shows which one Select
presses; the SAND kind chosen for the next tile is underlined (a state, not a focus).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.toolkit import theme
from game.ui.toolkit.input import device_name
from game.ui.toolkit.seat_marks import draw_seat_symbol
from game.ui.toolkit.text import text_fitting

from ..country import Country
from ..narration import ordinal
from ..tables import FACILITY_BY_KEY, LAND_TILES, SAND_SET
from ..view import BUILD, MOVE, OVER, PLACE
from .controls import key_hex, key_space
from .hex_draw import blit_hex, draw_tile, tile_cells

if TYPE_CHECKING:
    from .screen import CombiNationsScene

Hints = tuple[str, tuple[tuple[str, str], ...]]


class Panels:
    def __init__(self, scene: CombiNationsScene) -> None:
        self.scene = scene

    # -- words -----------------------------------------------------------------------------------

    def caption(self) -> tuple[int, str]:
        scene = self.scene
        turn = scene.shown.turn
        if scene.shown.phase == OVER or turn < 0:
            return -1, ""
        if scene.actor() == turn:
            return turn, ": your turn"
        return turn, " to play" + (" (Bot)" if scene.is_bot(turn) else "")

    def prompt_text(self) -> tuple[str, tuple[str, ...]]:
        scene = self.scene
        view = scene.shown            # the truth itself once caught up: the actor's words need that
        if view.phase == OVER:
            return "Game over", (scene.winner_text(),)
        if view.turn < 0:
            return "", ()
        seat = scene.actor()
        name = scene.seat_name(view.turn)
        if seat is None or scene.busy():
            if scene.is_bot(view.turn):
                return f"{name} (Bot) is playing", ("Watch the market ring.",)
            return f"{name} to play", ("",)
        controls = scene.controls
        if view.phase == MOVE:
            option = controls.focused_option(seat)
            if option is None:
                return "Choose a tile", ("Focus a numbered tile on the ring.", "")
            how = "after the U-turn (once a game!)" if option.uturn else "ahead of your arrow"
            return "Choose a tile", (f"The {ordinal(option.k)} tile that fits, {how}.",
                                     f"It fits where outlined; the marker moves {option.k}.")
        if view.phase == PLACE:
            ghost, gain = controls.ghost(seat), controls.preview(seat)
            if ghost is not None and ghost.fits and gain is not None:
                first = f"Here it adds {gain:+d} VP."
            else:
                first = "Crossed out: it does not fit here; move or turn it."
            return "Place your tile", (first, "On SAND, touching a LAND or FACILITY space.")
        if view.phase == BUILD:
            left = f"Lay your SAND tiles side to side ({view.building[seat]} left)."
            ghost = controls.ghost(seat)
            if ghost is not None and not ghost.fits:
                return "Build your country", (f"{ghost.why}.", left)
            return "Build your country", (left, "A compact shape is best.")
        return "", ()

    def looked_at(self) -> tuple[int | None, str | None]:
        """The ring tile (its id) and the content under the focus (a ring tile, a hex) or, with the
        focus elsewhere, under the pointer."""
        scene = self.scene
        shown = scene.shown
        seat = scene.focus_seat()
        key = scene.input.of(seat).key if seat is not None else None
        space, at = key_space(key), key_hex(key)
        pointer = scene.pointer
        if space is None and at is None and pointer is not None:    # the mouse reads what it is over
            space = scene.layout.ring_space_at(pointer, len(shown.ring))
            if space is None and scene.layout.country_rect.collidepoint(pointer):
                at = scene.country_view(scene.big_seat(shown), shown).hex_at(pointer)
        if space is not None and 0 <= space < len(shown.ring) and shown.ring[space] >= 0:
            tile = shown.ring[space]
            return tile, LAND_TILES[tile].facility
        if at is not None:
            big = shown.countries[scene.big_seat(shown)]
            return None, next((c for q, r, c, _t in big if (q, r) == at), None)
        return None, None

    def facility_info(self) -> str:
        """The facility under the focus or the pointer, by name, with its rule."""
        facility = FACILITY_BY_KEY.get(self.looked_at()[1] or "")
        return f"{facility.name}: {facility.rule}" if facility is not None else ""

    def hints(self) -> Hints:
        scene = self.scene
        seat = scene.actor()
        if seat is None:
            seat = scene.viewer
        if seat is None:        # nobody to name: the table's keys, unless a replay's viewer has them
            return "", () if scene.match.watched else (("Tab", "score sheet"), ("Esc", "pause"))
        device = scene.device_of(seat)
        if not device:               # a seat nobody plays here (a replay's eyes): no keys to name
            return "", ()
        title = f"{scene.seat_name(seat)}: {device_name(device)}"
        phase = scene.view.phase if scene.actor() == seat and not scene.busy() else ""
        if device == "mouse":
            if phase == MOVE:
                return title, (("Click twice", "a numbered tile"), ("Tab", "score sheet"), ("Esc", "pause"))
            if phase in (PLACE, BUILD):
                right = "next SAND tile" if phase == BUILD else "turn it"
                return title, (("Click twice", "lay the tile"), ("Wheel", "turn it"), ("Right-click", right),
                               ("Tab", "score sheet"))
            return title, (("Tab", "score sheet"), ("Esc", "pause"))
        k = scene.key_labels(device)
        move = scene.move_label(device)
        if phase == MOVE:
            return title, ((move, "choose a tile"), (k["select"], "twice: take it"), (k["back"], "cancel"),
                           ("Tab", "score sheet"))
        if phase == PLACE:
            return title, ((move, "move the tile"), (k["slap"], "turn it"), (k["select"], "twice: lay it"),
                           ("Tab", "score sheet"))
        if phase == BUILD:
            return title, ((move, "move the tile"), (k["slap"], "turn it"), (k["back"], "next SAND tile"),
                           (k["select"], "twice: lay it"))
        return title, (("Tab", "score sheet"), (k["pause"], "pause"))

    # -- drawing ---------------------------------------------------------------------------------

    def draw_caption(self, surface: pygame.Surface) -> None:
        scene, text = self.scene, self.scene.text
        centre = scene.layout.caption_centre
        who, rest = self.caption()
        if who < 0:
            title = text.get("Combi-Nations", 40, theme.TEXT, True)
            surface.blit(title, title.get_rect(center=centre))
            return
        colour = theme.seat_colour(who)
        name = text.get(scene.seat_name(who), 40, theme.seat_text(who), True)
        tail = text.get(rest, 32, theme.TEXT)
        x = centre[0] - (34 + name.get_width() + tail.get_width()) // 2
        cy = centre[1]
        draw_seat_symbol(surface, who, (x + 12, cy), 24, colour, theme.BG)
        surface.blit(name, (x + 34, cy - name.get_height() // 2))
        surface.blit(tail, (x + 34 + name.get_width(), cy - tail.get_height() // 2 + 3))

    def draw_prompt(self, surface: pygame.Surface) -> None:
        scene, layout, text = self.scene, self.scene.layout, self.scene.text
        rect = layout.prompt_rect
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=theme.RADIUS)
        title, lines = self.prompt_text()
        x = rect.x + 14
        shown = scene.shown
        seat = scene.actor()
        turns = scene.controls.turns_of(seat) if seat is not None else 0     # as the ghost is turned
        if shown.held >= 0 and ("held",) not in scene.hidden():
            x = layout.text_left
            draw_tile(surface, shown.held, layout.held_point, 18, turns)
        elif seat is not None and shown.phase == BUILD and not scene.busy():
            kind = scene.controls.kind_for(seat)
            if kind is not None:
                x = layout.text_left
                self._sand_tile(surface, kind, layout.held_point, 12, turns)
        elif shown.phase == MOVE:
            tile = self.looked_at()[0]
            if tile is not None:      # the tile looked at on the ring, large enough to read
                x = layout.text_left
                draw_tile(surface, tile, layout.held_point, 18)
        surface.blit(text.get(title, 28, theme.TEXT, True), (x, rect.y + 10))
        for i, line in enumerate(lines):
            if line:
                surface.blit(text.get(line, 20, theme.TEXT_DIM), (x, rect.y + 42 + 22 * i))
        info = self.facility_info()
        if info:
            surface.blit(text_fitting(text, info, 20, rect.right - 12 - x, theme.ACCENT), (x, rect.y + 90))
        watched = scene.match.watched          # a replay: the viewer's bar has the keys and the clicks
        buttons = [] if watched else ["Scores (Tab)"]
        if seat is not None and not watched and scene.controls.holds_tile(seat) and not scene.busy():
            buttons.append("Turn tile")
            if shown.phase == BUILD:
                self._kinds(surface, seat)
        for i, label in enumerate(buttons):
            box = layout.button_rect(i)
            pygame.draw.rect(surface, theme.PANEL_EDGE, box, border_radius=8)
            lab = text.get(label, 20, theme.TEXT, True)
            surface.blit(lab, lab.get_rect(center=box.center))

    def _sand_tile(self, surface: pygame.Surface, kind: int, centre: tuple[float, float], size: int,
                   turns: int = 0) -> None:
        sand = Country()              # the SAND tile laid alone, turned as it would be laid
        sand.add_sand_tile(SAND_SET[kind], turns, (0, 0))
        cells = list(sand.cells)
        for (dx, dy), content in tile_cells(cells, [sand.cells[h].content for h in cells], size * 0.98):
            blit_hex(surface, content, (centre[0] + dx, centre[1] + dy), size)

    def _kinds(self, surface: pygame.Surface, seat: int) -> None:
        scene = self.scene
        chosen = scene.controls.kind_for(seat)
        for i, kind in enumerate(scene.controls.kinds(seat)):
            box = scene.layout.kind_rect(i)
            pygame.draw.rect(surface, theme.PANEL_EDGE, box, border_radius=6)
            self._sand_tile(surface, kind, box.center, 6)
            if kind == chosen:
                pygame.draw.line(surface, theme.HIGHLIGHT, (box.x + 6, box.bottom + 3), (box.right - 6, box.bottom + 3), 3)

    def draw_hints(self, surface: pygame.Surface) -> None:
        scene, text = self.scene, self.scene.text
        rect = scene.layout.hint_rect
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=theme.RADIUS)
        title, rows = self.hints()
        y = rect.y + 8
        if title:
            surface.blit(text.get(title, 20, theme.TEXT, True), (rect.x + 12, y))
            y += 26
        for i, (key, what) in enumerate(rows[:8]):
            kx, ky = rect.x + 12 + (i % 2) * 222, y + (i // 2) * 26
            k = text.get(key, 18, theme.ACCENT, True)
            surface.blit(k, (kx, ky))
            surface.blit(text.get(what, 18, theme.TEXT_DIM), (kx + k.get_width() + 8, ky))
        lines = scene.moves.window(2)
        ly = rect.bottom - 8 - 22 * len(lines)
        for line, seat in lines:
            colour = theme.seat_text(seat) if seat >= 0 else theme.TEXT_FAINT
            surface.blit(text_fitting(text, line, 18, rect.w - 24, colour),
                         (rect.x + 12, ly))
            ly += 22

