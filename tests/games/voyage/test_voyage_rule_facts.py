"""Voyage's rulebook states every rule fact of its source (shared seed 000, "Voyage In Progress: Game Rules"): the
rules editor's 48 facts, each kept here as what the source says (our summary) and the words of ours that state it
in the built rulebook. A fact the book leaves out, or states another way (a number changed), fails here by name."""

from __future__ import annotations

import pytest

from pdfcheck import text_of

# (the source's fact, in short) -> what the built rulebook says for it (every phrase must be printed)
FACTS: dict[str, tuple[str, ...]] = {
    # what the game is
    "the crew plays together: one team wins or loses": ("Play together: you win or lose as one crew",),
    "the goal: survive 10 rounds": ("Survive 10 Rounds",),
    # contents
    "16 room cards": ("Room 16",),
    "9 empty room cards": ("Empty Room 9",),
    "44 ability cards, 2 of each": ("Ability 44", "22 different cards, 2 copies of each"),
    "20 event cards": ("Event 20",),
    "6 character (Captain) cards": ("Captain 6", "Each player steers one of the 6 Captains"),
    "a ship board": ("Ship Board 1",),
    "25 action cubes, and what they count": ("Action Cube 25", "The 25 Action Cubes count the crew's Actions"),
    "27 damage tokens": ("Damage Token 27",),
    "4 player location markers, one per player": ("Location Marker 4", "The 4 Location Markers, one per player, show "
                                                  "the Room each Captain stands in"),
    "a ten-sided coloured die": ("Peril Die 1", "It has 10 faces"),
    "the Sanitation and Happiness meters and the round tracker": (
        "The 3 Tracks are the Happiness meter, the Sanitation meter and the Round tracker (Rounds 1 to 10)",
        "each of the 3 Markers sits on one of them"),
    # setup
    "shuffle the Event, Ability and Room decks": ("Shuffle each deck: Event, Ability, Room",),
    "every player draws 3 Ability cards": ("Each player draws 3 Ability Cards",),
    "each player is dealt one Captain at random": ("Deal each player 1 Captain at random",),
    "or the Captains may be chosen": ("the table may agree to let each player choose one",),
    "an Empty Room goes on each square of the board": ("Lay one Empty Room on each square of the ship board",),
    "each player's Peril Die roll places their Captain; the many-coloured face lets them choose": (
        "Each player rolls the Peril Die and stands their location marker in the Room whose square has the colour "
        "rolled; on the wild face, they choose the Room",),
    "Happiness starts at 50 %, Sanitation at 100 %": ("Set the Happiness track to 50%", "Set the Sanitation track to "
                                                       "100%"),
    # a round
    "from the second round on, Happiness falls by 10 % and Sanitation by 20 % at the start of a round": (
        "From Round 2 on, first lower Happiness by 10% and Sanitation by 20%",),
    "then an Event card is drawn and resolved": ("then draw an Event Card and carry it out",),
    "the crew gains 10 Actions a round": ("The crew gets 10 Actions to share",),
    "Actions left unspent are lost at the end of the round": ("Actions not spent by the end of the Round are lost",),
    "at the end of a round every damaged Room gains a Damage Token; 3 tokens destroy it": (
        "When the Round ends, every Damaged Room gains one more Damage Token. A Room that holds 3 of them is "
        "Destroyed",),
    # victory and loss
    "the crew loses at a round's end with Happiness or Sanitation at 0 %": (
        "The crew loses at the end of a Round in which Happiness or Sanitation has reached 0%",),
    "or with 4 Rooms destroyed": ("or in which 4 Rooms are Destroyed",),
    "the crew wins after surviving 10 rounds": ("The crew wins when it has come through Round 10",),
    # basic tasks
    "a basic task is an Activated ability, usable at any time from the very start": (
        "Every Captain can perform these at any moment, from the very first Round on. Each is an Activated ability",),
    "Move, 1 Action: to a connected room": ("Move 1 Move your Captain to a connected Room",),
    "Search, 1 Action: draw an Ability card": ("Search 1 Draw 1 Ability Card",),
    "Clean, 3 Actions: Sanitation +20 %": ("Clean 3 Increase Sanitation by 20%",),
    "Entertain, 3 Actions: Happiness +10 %": ("Entertain 3 Increase Happiness by 10%",),
    "Repair, 5 Actions: remove 1 Damage Token from your room": ("Repair 5 Take 1 Damage Token off the Room your "
                                                                "Captain stands in",),
    "Craft, 6 Actions: a new Room card replaces your current room": ("Craft 6 Draw 1 Room Card and put it in place of "
                                                                     "your current Room",),
    # happiness, sanitation, the die
    "a meter at 0 % damages a random room": ("Each time Happiness or Sanitation hits 0%, roll for a Room at random: "
                                             "it takes a Damage Token",),
    "the Peril Die picks a random room: 9 colours of the room borders and 1 many-coloured face to choose": (
        "When a random Room is needed, roll the Peril Die", "9 of them match the coloured borders of the Room squares",
        "the last is wild: when it comes up, the crew picks the Room"),
    "some Events and Captains' abilities roll the die too": ("Some Events and Captains roll it too",),
    # rooms
    "9 rooms that change; a room taken away never comes back": (
        "The ship has 9 Room squares", "A Room taken away is out of the game for good: it never goes back to the "
        "deck or the board"),
    "the game starts with 9 empty rooms that Craft fills": ("At the start each holds an Empty Room; the Craft task "
                                                            "swaps a Room Card in",),
    "a room grants a Passive or Activated ability; an Activated one needs a crew member in it": (
        "A Room helps the crew with a Passive or an Activated ability. To use an Activated one, your Captain must "
        "stand in that Room",),
    # damage
    "Events, ability cards and abilities add Damage Tokens; a room with one cannot be swapped": (
        "Events, Ability Cards and some abilities put Damage Tokens on Rooms",
        "A Room with even one token cannot be swapped, with Craft or otherwise"),
    "a room never holds more than 3 tokens: a roll that would damage a full or destroyed room is rolled again": (
        "No Room ever holds more than 3: when the die or an Event would damage a full or Destroyed Room, roll again",),
    "a destroyed room is cleared and flipped; it is never swapped, repaired or damaged again": (
        "A Destroyed Room loses all its tokens and is turned face down",
        "It can no longer be swapped or repaired, and it takes no more Damage Tokens"),
    # abilities
    "a Passive ability is always on, costs no Actions and is set off by something else": (
        "A Passive ability is always on and costs nothing; it comes into play when something else happens",),
    "an Activated ability costs Actions, as often as the crew can pay; it lasts until the round ends": (
        "An Activated ability costs Actions each time it is used, as often as the crew can pay",
        "Unless it says otherwise, what it does lasts until the end of the Round"),
    "Ability cards are all Activated, of differing costs; a used one is discarded, and the discards reshuffled": (
        "All 44 Ability Cards are Activated", "Once played, a card goes to the discard pile",
        "When the draw pile runs out, shuffle the discard pile to make a new one"),
    "Events are drawn from round 2, one a round: immediate, or lasting until time passes or the crew resolves them": (
        "The first Event is drawn in Round 2, then one at the start of each Round",
        "some act the moment they are drawn, others stay until a number of Rounds has passed or the crew resolves "
        "them"),
}


def test_the_table_holds_the_48_facts_of_the_source():
    assert len(FACTS) == 48


@pytest.fixture
def book(shared_build) -> str:
    out, _ = shared_build("voyage")
    return " ".join(text_of(out / "voyage-rulebook.pdf").split())


def test_every_fact_of_the_source_is_in_the_built_rulebook(book: str):
    missing = {fact: [p for p in said if p not in book] for fact, said in FACTS.items()}
    assert not {f: m for f, m in missing.items() if m}, {f: m for f, m in missing.items() if m}
