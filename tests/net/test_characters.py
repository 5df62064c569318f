"""Online computers are characters (issue 44): each computer seat is named after a
character of the room's level, distinct, never a person's name; the lobby and every
seat's snapshot show the same names; a new level brings characters of it."""

from __future__ import annotations

from big2.net.client import connect
from big2.room import personas

from .conftest import FAST, run, serving


def test_computer_seats_are_characters_of_the_rooms_level() -> None:
    async def go() -> None:
        async with serving(limits=FAST) as server:
            ann = await connect(server.url)
            await ann.send("create_room", name="Siti", players=4, computers=3, level="normal")
            await ann.expect("joined")
            room = (await ann.expect("room"))["room"]
            names = [s["name"] for s in room["seats"]]
            assert names[0] == "Siti"
            # characters of the level first (Ah Keung; Siti is the person's name), then the nearest
            assert names[1:] == [p.name for p in personas.pick(["normal"] * 3, taken={"Siti"})]
            assert names[1] == "Ah Keung" and len(set(names)) == 4
            assert all(personas.named(n) is not None for n in names[1:])
            await ann.send("configure", level="master")
            while True:
                room = (await ann.expect("room"))["room"]
                if room["level"] == "master":
                    break
            assert [s["name"] for s in room["seats"]][1] == "Madam Wong"
            # a seat opened and made a computer again is named alike
            await ann.send("seat", seat=3, computer=False)
            room = (await ann.expect("room"))["room"]
            assert room["seats"][3]["kind"] == "open"
            await ann.send("seat", seat=3, computer=True)
            room = (await ann.expect("room"))["room"]
            assert [s["name"] for s in room["seats"]][1:] == [p.name for p in personas.pick(["master"] * 3, taken={"Siti"})]
            await ann.send("start")
            while True:
                frame = await ann.expect("state", "room", "event")
                if frame.type == "state":
                    break
            assert list(frame["state"]["names"]) == [s["name"] for s in room["seats"]]
            await ann.close()
    run(go(), timeout=60)
