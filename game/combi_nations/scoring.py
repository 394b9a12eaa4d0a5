"""Combi-Nations scoring: a country's score sheet, line by line, as the rulebook's "Victory Points" and
DECISIONS.md's "Facility details" fix it.

A sheet has one line per area (its size through the area table), one line for the LAND type that scores
fewest (it counts again), one line per facility hex (its rule, or a flat 2 under the simple option, or a
flat 2 for the seven comparing ones in the solo game) and one line for the empty SAND spaces (the -1
penalty, or Bird Conservation's +1). Every line carries its reason in plain words, so the end screen can
show the sheet and a player can check it.

Pure functions, no I/O. A bot values every candidate placement by `score_total`, the sheet's total
without its lines' words, so the work per country is a flood fill per area over its content masks; what
the seven comparing facilities need from the other players (`Standing`) can be computed once and
passed instead of the other countries. What a country holds is surveyed in survey.py, and each
facility's rule is in facility_rules.py.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .country import Country
from .facility_rules import AREA_WORD, SPACE_WORD, FacilityRules, plural
from .hexgrid import Hex
from .survey import Standing, Survey, best_of, standing
from .tables import FACILITY_BY_KEY, LAND_NAMES, LANDS, area_points

# -- the lines -----------------------------------------------------------------------------------

AREA, DOUBLED, FACILITY, PENALTY, SAND_BONUS = "area", "doubled", "facility", "penalty", "sand_bonus"
KINDS: tuple[str, ...] = (AREA, DOUBLED, FACILITY, PENALTY, SAND_BONUS)

_FACILITY_ORDER = {key: i for i, key in enumerate(FACILITY_BY_KEY)}


@dataclass(frozen=True)
class ScoreLine:
    kind: str                           # one of KINDS
    label: str                          # the sheet's words: "Forest of 6", "Mall", "3 SAND spaces"
    points: int
    reason: str                         # why, in plain words
    land: str | None = None             # the LAND type of an area or doubled line
    facility: str | None = None         # the facility key of a facility line
    hexes: tuple[Hex, ...] = ()         # the hexes the line is about (sorted), for highlighting


_new = object.__new__


def _line(kind: str, label: str, points: int, reason: str, land: str | None = None,
          facility: str | None = None, hexes: tuple[Hex, ...] = ()) -> ScoreLine:
    """ScoreLine(...) without the frozen dataclass's per-field setattr: a sheet has a line per area
    and per facility and the engine scores every country at the end of every playout."""
    line: ScoreLine = _new(ScoreLine)
    line.__dict__.update(kind=kind, label=label, points=points, reason=reason, land=land, facility=facility,
                         hexes=hexes)
    return line


@dataclass(frozen=True)
class ScoreSheet:
    seat: int | None
    lines: tuple[ScoreLine, ...]

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    def by_kind(self, kind: str) -> tuple[ScoreLine, ...]:
        return tuple(line for line in self.lines if line.kind == kind)

    def kind_total(self, kind: str) -> int:
        return sum(line.points for line in self.lines if line.kind == kind)

    def land_totals(self) -> dict[str, int]:
        """Each LAND type's area points (before doubling), every type present, 0 without areas."""
        out = dict.fromkeys(LANDS, 0)
        for line in self.lines:
            if line.kind == AREA and line.land is not None:
                out[line.land] += line.points
        return out

    @property
    def doubled(self) -> str | None:
        """The LAND type that counted double (None only on a sheet built without areas' lines)."""
        return next((line.land for line in self.lines if line.kind == DOUBLED), None)

    def facility_lines(self, key: str) -> tuple[ScoreLine, ...]:
        return tuple(line for line in self.lines if line.facility == key)


# -- the sheet -----------------------------------------------------------------------------------

BIRDS = "bird_conservation"     # its empty SAND spaces score +1 each, not -1 (not under the flat option)


def score_all(countries: Sequence[Country], *, solo: bool = False, flat: bool = False) -> list[ScoreSheet]:
    """Every country's sheet, seat i for countries[i], each compared with all the others."""
    surveys = [Survey(c) for c in countries]
    return [_sheet(survey, rivals, seat=i, solo=solo, flat=flat)
            for i, (survey, rivals) in enumerate(zip(surveys, _each_ones_rivals(surveys)))]


def totals_all(countries: Sequence[Country], *, solo: bool = False, flat: bool = False) -> list[int]:
    """Every country's total, as `score_all` would add them up."""
    surveys = [Survey(c) for c in countries]
    return [total_of(survey, rivals, solo=solo, flat=flat)
            for survey, rivals in zip(surveys, _each_ones_rivals(surveys))]


def _each_ones_rivals(surveys: Sequence[Survey]) -> list[Standing | None]:
    return [best_of([s.standing for j, s in enumerate(surveys) if j != i]) for i in range(len(surveys))]


def score_country(country: Country, others: Sequence[Country] | Standing | None = (), *,
                  solo: bool = False, flat: bool = False, seat: int | None = None) -> ScoreSheet:
    """One country's sheet. `others` are the other players' countries, or their `best_of` standing
    computed once (a bot trying many placements of its own country need not survey the others each
    time); with none, every comparing facility is "best"."""
    return _sheet(Survey(country), _rivals(others), seat=seat, solo=solo, flat=flat)


def score_total(country: Country, others: Sequence[Country] | Standing | None = (), *,
                solo: bool = False, flat: bool = False) -> int:
    """`score_country(...).total`, without the lines: the same rules, none of their words."""
    return total_of(Survey(country), _rivals(others), solo=solo, flat=flat)


def total_of(survey: Survey, rivals: Standing | None, *, solo: bool, flat: bool) -> int:
    """`score_total` of a surveyed country, against its rivals' best standing."""
    land_total = _land_points(survey)
    total = sum(land_total.values()) + min(land_total.values())
    rules = FacilityRules(survey, rivals, solo=solo, flat=flat)
    birds = False
    for h, key in survey.facilities:
        total += rules.score(h, key)[0]
        birds = birds or key == BIRDS
    n = survey.standing.sand
    return total + (n if _sand_scores_plus(birds, flat) else -n)


def _rivals(others: Sequence[Country] | Standing | None) -> Standing | None:
    if others is None or isinstance(others, Standing):
        return others
    return best_of([standing(c) for c in others])


def _land_points(survey: Survey) -> dict[str, int]:
    """Each LAND type's area points, every type present (0 without areas)."""
    out = dict.fromkeys(LANDS, 0)
    for land, mask in survey.area_masks:
        out[land] += area_points(mask.bit_count())
    return out


def _sand_scores_plus(birds: bool, flat: bool) -> bool:
    """Empty SAND spaces score -1 each, or +1 each with a Bird Conservation (not under the flat option)."""
    return birds and not flat


def _area_text(land: str, size: int) -> tuple[str, int, str]:
    """An area line's label, points and reason."""
    pts = area_points(size)
    return (f"{LAND_NAMES[land]} of {size}", pts,
            f"{plural(size, SPACE_WORD[land] + ' space')}: {pts} VP by the area table")


# every area line a country of 42 hexes can have, written once (immutable, from the tables alone)
_AREA_TEXT: dict[tuple[str, int], tuple[str, int, str]] = {
    (land, size): _area_text(land, size) for land in LANDS for size in range(1, 43)}


def _sheet(survey: Survey, rivals: Standing | None, *, seat: int | None, solo: bool, flat: bool) -> ScoreSheet:
    lines: list[ScoreLine] = []

    # areas, and the type that scores fewest counted again
    for a in survey.areas:
        size = len(a.hexes)
        text = _AREA_TEXT.get((a.land, size))
        if text is None:
            text = _area_text(a.land, size)
        label, pts, why = text
        lines.append(_line(AREA, label, pts, why, land=a.land, hexes=a.hexes))
    land_total = _land_points(survey)
    low = min(land_total.values())
    tied = [land for land in LANDS if land_total[land] == low]
    doubled = tied[0]           # ties: the first in LANDS order (Forest, Grassland, City, Lake)
    if len(tied) == 1:
        why = f"{AREA_WORD[doubled]} scores fewest of the four LAND types ({low}), so it counts double"
    else:
        names = ", ".join(AREA_WORD[t] for t in tied)
        why = (f"{names} tie for fewest ({low}); the first in the order FOREST, GRASSLAND, CITY, LAKE "
               f"counts double")
    if not any(a.land == doubled for a in survey.areas):
        why += f" (there is no {AREA_WORD[doubled]} at all: it scores 0)"
    lines.append(ScoreLine(DOUBLED, f"{LAND_NAMES[doubled]} doubled", low, why, land=doubled))

    # facilities, in the order of the rules' list, then by hex
    facilities = sorted(survey.facilities, key=lambda f: (_FACILITY_ORDER[f[1]], f[0]))
    birds = sum(1 for _, key in facilities if key == BIRDS)
    rules = FacilityRules(survey, rivals, solo=solo, flat=flat)
    for h, key in facilities:
        pts, reason = rules.score(h, key)
        lines.append(_line(FACILITY, FACILITY_BY_KEY[key].name, pts, reason(), facility=key, hexes=(h,)))

    n = len(survey.sand)
    label = plural(n, "SAND space")
    if _sand_scores_plus(birds > 0, flat):
        why = f"Bird Conservation: each of the {label} gives +1 instead of -1"
        if birds > 1:
            why += f" (with {birds} Bird Conservations still +1 per SAND space, not more)"
        lines.append(ScoreLine(SAND_BONUS, label, n, why, hexes=survey.sand))
    else:
        lines.append(ScoreLine(PENALTY, label, -n, f"{label} left empty: -1 VP each", hexes=survey.sand))
    return ScoreSheet(seat, tuple(lines))
