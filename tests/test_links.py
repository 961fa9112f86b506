"""Share links as outside input: bounded length, bounded unpacking, refusals in words.

A 194,535-character fragment once inflated to a 150 MB ``layout`` and the
tab died; the same bomb is refused here after unpacking no more than the
largest legal record.
"""

from __future__ import annotations

import base64
import json
import tracemalloc
import zlib

import pytest

import ui.store.links
from engine.bounded import MAX_LINK_CHARS, MAX_RECORD_CHARS
from engine.records import GameRecord, RecordError, Seat
from ui.app.session import Session, decode_link, encode_link

pytestmark = pytest.mark.unit


def bomb(megabytes: int) -> str:
    """A Trice record whose layout is ``megabytes`` MB of one letter, packed as a link (built in pieces)."""
    packer = zlib.compressobj(9)
    head = b'{"game":"trice","format":1,"seats":[{"name":"A"},{"name":"B"},{"name":"C"}],"options":{"layout":"'
    parts = [packer.compress(head)]
    chunk = b"x" * 1_000_000
    parts += [packer.compress(chunk) for _ in range(megabytes)]
    parts.append(packer.compress(b'"},"actions":[]}') + packer.flush())
    return "g1." + base64.urlsafe_b64encode(b"".join(parts)).decode().rstrip("=")


class CountingInflater:
    """zlib's inflater, counting the bytes it hands out (the work of unpacking, on any machine)."""

    inflated = 0
    real = staticmethod(zlib.decompressobj)  # kept before the test puts this class in its place

    def __init__(self) -> None:
        self._inflater = CountingInflater.real()

    def decompress(self, data: bytes, max_length: int = 0) -> bytes:
        raw = self._inflater.decompress(data, max_length)
        CountingInflater.inflated += len(raw)
        return raw

    def __getattr__(self, name: str) -> object:
        return getattr(self._inflater, name)


def test_a_link_bomb_is_refused_after_unpacking_no_more_than_a_record(monkeypatch: pytest.MonkeyPatch) -> None:
    fragment = bomb(40)
    assert len(fragment) < 60_000  # 40 MB of game data in a short link
    monkeypatch.setattr(ui.store.links.zlib, "decompressobj", CountingInflater)
    CountingInflater.inflated = 0
    tracemalloc.start()
    try:
        with pytest.raises(RecordError) as refused:
            decode_link("#" + fragment)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert CountingInflater.inflated <= MAX_RECORD_CHARS + 1  # not the 40 MB: it stopped one byte past a record
    assert peak < 4 * MAX_RECORD_CHARS, f"{peak:,} bytes at the peak"
    assert str(refused.value) == ("this link's game is too large: it unpacks to more than 612,800 characters, "
                                  "and the largest game takes fewer")
    session = Session()
    screen = session.handle_text(json.dumps({"op": "open_link", "fragment": fragment}))
    assert screen["ok"] is False and "too large" in screen["error"] and len(screen["error"]) < 200


def test_a_link_longer_than_any_game_is_refused_before_decoding() -> None:
    with pytest.raises(RecordError, match="this link is too long: 817,342 characters"):
        decode_link("g1." + "A" * (MAX_LINK_CHARS - 2))
    screen = Session().handle_text(json.dumps({"op": "open_link", "fragment": "g1." + "A" * MAX_LINK_CHARS}))
    assert screen["ok"] is False and "at most 817341 characters" in screen["error"]


def test_links_live_in_their_own_module_and_round_trip() -> None:
    import ui.app.session
    import ui.store.links

    assert ui.app.session.decode_link is ui.store.links.decode_link and ui.app.session.encode_link is ui.store.links.encode_link
    record = GameRecord(game="trice", format=1, seats=[Seat(name="Zoé"), Seat(name="B"), Seat(name="C")],
                        options={"layout": "peace-b2"}, seed=2**53 - 1, actions=["first red", "roll 1 2 3"])
    assert decode_link("#game=" + encode_link(record)) == record
    with pytest.raises(RecordError, match="cut short"):
        decode_link(encode_link(record)[:-8])
