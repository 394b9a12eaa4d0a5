"""A restarted client gets its LAN seat back: the token is kept on disk per table."""
from __future__ import annotations

from game.ui.lobby.seat_memory import KEEP_FOR, SeatMemory
from game.ui.lobby.waiting_room import SeatRejoin

TABLE = ("192.0.2.4", 47800)


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def test_a_remembered_token_comes_back_for_the_same_table_only(tmp_path):
    memory = SeatMemory(tmp_path / "seats.json")
    memory.remember(TABLE, "kabooom", b"\x01" * 16)
    assert memory.recall(TABLE, "kabooom") == b"\x01" * 16
    assert memory.recall(("192.0.2.4", 47801), "kabooom") is None
    assert memory.recall(TABLE, "kombio") is None
    memory.forget(TABLE, "kabooom")
    assert memory.recall(TABLE, "kabooom") is None


def test_old_seats_expire_and_a_damaged_file_forgets_nothing_else(tmp_path):
    clock = Clock()
    memory = SeatMemory(tmp_path / "seats.json", clock)
    memory.remember(TABLE, "kabooom", b"\x02" * 16)
    clock.t += KEEP_FOR + 1
    assert memory.recall(TABLE, "kabooom") is None
    (tmp_path / "seats.json").write_text("{not json")
    assert memory.recall(TABLE, "kabooom") is None
    memory.remember(TABLE, "kabooom", b"\x03" * 16)      # and it recovers by writing afresh
    assert memory.recall(TABLE, "kabooom") == b"\x03" * 16


class Client:
    def __init__(self, state: str, token: bytes | None = None, code: str = "") -> None:
        self.state, self.token, self.refusal_code = state, token, code
        self.closed = False

    def close(self) -> None:
        self.closed = True


def test_the_waiting_room_keeps_the_token_and_retries_afresh_when_the_host_forgot_it(tmp_path):
    memory = SeatMemory(tmp_path / "seats.json")
    made: list[bytes | None] = []

    def connect(token=None):
        made.append(token)
        return Client("connecting")

    rejoin = SeatRejoin(memory, TABLE, "kabooom", used_token=False, connect=connect)
    assert rejoin.follow(Client("lobby", b"\x07" * 16)) is None
    assert memory.recall(TABLE, "kabooom") == b"\x07" * 16

    stale = SeatRejoin(memory, TABLE, "kabooom", used_token=True, connect=connect)
    refused = Client("refused", code="bad_token")
    fresh = stale.follow(refused)
    assert fresh is not None and refused.closed and made == [None]
    assert memory.recall(TABLE, "kabooom") is None
    assert stale.follow(Client("refused", code="bad_token")) is None   # only one fresh try


def test_the_seat_is_forgotten_when_the_game_is_over(tmp_path):
    memory = SeatMemory(tmp_path / "seats.json")
    memory.remember(TABLE, "kabooom", b"\x09" * 16)
    rejoin = SeatRejoin(memory, TABLE, "kabooom", used_token=True, connect=lambda token=None: None)
    rejoin.follow(Client("over", b"\x09" * 16))
    assert memory.recall(TABLE, "kabooom") is None


def test_the_seat_is_remembered_again_when_the_host_plays_again(tmp_path):
    memory = SeatMemory(tmp_path / "seats.json")
    rejoin = SeatRejoin(memory, TABLE, "kabooom", used_token=False, connect=lambda token=None: None)
    client = Client("playing", b"\x0a" * 16)
    rejoin.follow(client)
    assert memory.recall(TABLE, "kabooom") == b"\x0a" * 16
    client.state = "over"
    rejoin.follow(client)
    rejoin.follow(client)
    assert memory.recall(TABLE, "kabooom") is None
    client.state = "lobby"                       # the host reopened the table
    rejoin.follow(client)
    assert memory.recall(TABLE, "kabooom") == b"\x0a" * 16
    client.state = "over"                        # and the next game's end forgets it again
    rejoin.follow(client)
    assert memory.recall(TABLE, "kabooom") is None
