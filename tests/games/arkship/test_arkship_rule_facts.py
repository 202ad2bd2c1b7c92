"""Ark Ship's rulebook states every rule fact of its source (shared seed 003, the design's rulebook in progress): the
rules editor's 72 facts, each kept here as what the source says (our summary) and the words of ours that state it in
the built rulebook. A fact the book leaves out, or states another way (a number changed), fails here by name."""

from __future__ import annotations

import pytest

from pdfcheck import text_of

# (the source's fact, in short) -> what the built rulebook says for it (every phrase must be printed)
FACTS: dict[str, tuple[str, ...]] = {
    # components
    "12 six-sided dice": ("D6 (ordinary six-sided dice; a paper d6 net is included) 12",),
    "crew sheets and ship sheets, pads to write on": ("The crew sheets and ship sheets are pads: tear off a fresh "
                                                      "sheet when one is needed",),
    "pencils": ("Pencil (one for each player)", "Each player takes a pencil"),
    "40 crew portrait cards": ("Crew Portrait 40",),
    "30 life goal cards": ("Life Goal 30",),
    "30 crisis cards": ("Crisis 30", "30 crisis cards threaten the ship"),
    "8 planet crisis cards": ("Planet Crisis 8", "The 8 planet crises"),
    "30 waveform cards": ("Waveform 30",),
    "10 signal cards": ("Signal 10", "Each of the 10 signal cards"),
    "20 stress tokens": ("Stress Token 20", "Make a shared pool of the 20 stress tokens"),
    "10 signal tokens": ("Signal Token 10",),
    "1 progress token and 1 knowledge token": ("Progress Token 1", "Knowledge Token 1"),
    "crew meeples in 8 colours": ("Crew Meeple 8", "Each crew colour has a meeple"),
    "crew paper clips in 8 colours": ("Crew clip (paper clips, one in each crew colour) 8", "and a paper clip"),
    "the ship board, made of 8 poker-size cards": ("it is 8 cards laid side by side",),
    # setup
    "the ship board in the middle, the shuffled portraits on its cargo space": (
        "Lay the 8 Ship Board cards out as their map shows, and the crew portrait deck on the Cargo card",),
    "the life goal, crisis and waveform decks shuffled face down": (
        "Shuffle each deck: Crew Portrait, Life Goal, Crisis, Waveform, Planet Crisis, Signal",
        "Put the life goal, crisis and waveform decks face down beside the board"),
    "a planet crisis dealt to each pending location, the rest back in the box": (
        "Deal the planet crisis cards drawn above face down, one to each [NAME PENDING] location",
        "The remaining planet crises and signals go back in the box unseen"),
    "a signal card dealt on each planet crisis, the rest back in the box": ("and lay a signal card face up on each",),
    "the 10 signal tokens on the 0 line of the 2 signal cards": ("Set 5 signal tokens on the 0 space of each signal "
                                                                "card's columns: all 10 of them",),
    "the progress and knowledge tokens on the first spaces of their tracks": (
        "put the progress token on box 1 of its progress track", "Put the knowledge token on box 1 of its knowledge "
        "track"),
    "the stress tokens in a shared pool": ("Make a shared pool of the 20 stress tokens",),
    "each player takes something to write with, and dice": ("Each player takes a pencil and a few of the 12 dice",),
    # the goal
    "reach the exoplanet with as many crew alive as possible, awake or frozen": (
        "reach the exoplanet with as many people still alive as you can, whether they are awake crew or still frozen "
        "in the cargo hold",),
    # skill tests
    "a skill test decides an outcome by a crew's abilities; it has one or more skills": (
        "Whenever a crew member's abilities decide how something turns out, they take a skill test",
        "A test names one or more skills"),
    "the pool: a d6 per crew taking part, and one more per checked box of the test's skills": (
        "For each crew member taking part, put 1 die in the pool, plus one more die for every box checked on its "
        "crew sheet in any of the skills the test names",),
    "each 4, 5 or 6 is a success": ("Every die showing 4 or more is a success",),
    "count the successes and carry out the matching row of the table": (
        "Add up the successes, find the row of the success table that holds that total, and carry it out",),
    "the example: two boxes in one skill and one in another make 4 dice, a crew with neither 1": (
        "The pool is 4 dice for Ines and 1 for Tomas",),
    "a green row is a success, a red row a failure": ("A green row is a success, a red row a failure",),
    "on a failure each crew involved gains 1 stress token and 1 rank in one of the test's skills": (
        "every crew member who took part gains 1 stress token and 1 rank in one of the skills the test named",),
    "the rank is mandatory unless the skills are already at 2 ranks each": (
        "The rank is not optional: it is skipped only when the crew member already holds 2 ranks in each of those "
        "skills",),
    # rolling a skill, a trait
    "a random skill: roll a d6; 1-5 gains that skill, the second box if the first is checked, a 6 if both": (
        "A random skill rank comes from one d6 roll", "1 to 5: the crew member gains the skill with that number",
        "Check its first box, or its second if the first is already checked. If both are checked, read the roll as "
        "a 6"),
    "a 6 gains a trait": ("6: no skill this time: roll for a trait",),
    "a random trait: a d6 on the trait chart; check it, or if checked choose another or a skill rank": (
        "One d6 picks the trait from the table. An empty box gets its check",
        "If it is already checked, choose any other trait from the list, or a rank in any skill"),
    # crew
    "a crew member is a crew sheet: picture, name, notes, skills 1-5, traits 6.1-6.6, age": (
        "Each crew member is a crew sheet", "The crew member's name", "The skills, numbered for the d6",
        "The traits, numbered for a second d6", "The age track", "Notes: anything worth remembering",
        "6.1 Stoic", "6.6 Empath"),
    "creating crew: tear off a new crew sheet": ("Tear a fresh sheet off the crew sheet pad",),
    "roll 3 times for starting skills, once more per full life goal row (none at the start)": (
        "Roll for starting skills: 3 times, plus once more for every full row of the life goal track on the ship "
        "sheet (none at the start of the game)",),
    "roll a d6 and check that many age boxes": ("Age: one d6 says how many boxes of the age track to check",),
    "draw a portrait and clip it to the sheet with a coloured paper clip": (
        "Draw a crew portrait from the deck on the Cargo card and clip it to the sheet with a paper clip of a free "
        "colour",),
    "the meeple of the clip's colour goes on the Bridge": ("Put the meeple of the same colour on the Bridge",),
    "draw a life goal, clip it behind the sheet; only its player reads it": (
        "Draw a life goal and clip it, unseen by the others, behind the sheet. Only you read it",),
    "name the crew": ("Name your crew member",),
    "ageing onto a light bulb box gains a chosen skill or a random trait, however the box was checked": (
        "When a crew member's age reaches a box marked with a light bulb", "it either gains a skill of its choice or "
        "rolls a random trait", "This happens however the box came to be checked"),
    "stress tokens come from skill tests and crises, sit on the sheet and make sickness likelier; Recreation "
    "removes them": ("Failed skill tests and crisis cards hand out stress tokens",
                     "They sit on the crew sheet, and each one makes sickness more likely",
                     "The Recreation location is the usual way to be rid of them"),
    "a life goal is a crew's one purpose, with when it is revealed and when it scores": (
        "Every crew member has one purpose in life", "Its card says when it is revealed and when it scores"),
    "a goal that does not say when it is revealed is revealed at death": (
        "A life goal that does not say when it is revealed is revealed when its crew member dies",),
    "a goal that does not say when it scores scores when revealed": (
        "A life goal that does not say when it scores scores as soon as it is revealed",),
    "a scored goal checks a box of the ship sheet's life goal track": (
        "When a goal scores, check one box of the life goal track on the ship sheet",),
    "gaining sickness checks a sickness box; with both checked the crew dies": (
        "When a crew member gains sickness", "check one of its 2 sickness boxes",
        "If they are all checked already, the crew member dies instead"),
    "crew die of sickness or by a card; their life goal is checked and may still score": (
        "A crew member dies of sickness or when a card kills it outright",
        "the goal may have been met by this very death, and it still scores if it was"),
    "the dead crew's meeple, paper clip and stress tokens go back to the supply": (
        "Return its meeple, its paper clip and its stress tokens to the supply",),
    "the portrait goes to the memorial, the sheet to the archives": (
        "Put its portrait face up beside the board: the memorial", "Put its crew sheet on the archive pile"),
    # the ship board
    "the board's locations give an action unless a crisis blocks it: Bridge, Comms, Archives, Medical, Recreation, "
    "Training": ("Each has an action the crew there can use, unless a crisis blocks it", "1 Bridge", "2 Comms",
                 "3 Archives", "4 Medical", "5 Recreation", "6 Training"),
    # the turn
    "a turn has 8 steps in order": ("Each turn has 8 steps, always in this order", "# Step What is done 1 Ship "
                                    "progress", " 2 New crisis Draw", " 3 New waveform Draw", " 4 Thaw crew A player",
                                    " 5 Assign crew Put", " 6 Evaluate locations In number order", " 7 Roll for "
                                    "sickness For each crew", " 8 Age crew Check", "1. Ship progress", "2. New crisis",
                                    "3. New waveform", "4. Thaw crew", "5. Assign crew", "6. Evaluate each location",
                                    "7. Roll for sickness", "8. Age crew"),
    "ship progress: check a box; its number is how many crises are drawn": (
        "The number printed in the box you checked is how many crisis cards arrive in step 2",),
    "no box left to check: the ship arrives and the game ends": (
        "If every box is already checked when this step comes round, the ark has arrived: the game ends at once",),
    "a new crisis goes to an empty one of the 2 crisis locations, else to the ship location a d6 rolls, blocking it": (
        "Each one goes to a crisis location that is still empty",
        "When both are taken, roll a d6 and put the crisis on the ship location with that number: its action cannot "
        "be used while the crisis sits there"),
    "a crisis already there is discarded": ("A crisis already on that location is discarded to make way",),
    "new waveform: 2 cards on top of the 2 before": ("Draw a waveform card for each of the 2 waveform piles below the "
                                                     "board and lay it face up on top of that pile",),
    "thaw crew: a player without crew creates one; with 2 players, until they have 2": (
        "Every player without a crew member creates one",
        "In a game of 2 players, a player keeps creating crew until they have 2"),
    "assign crew: every crew goes to a location, in the order the table likes": (
        "Put every crew member on a location of the ship. Talk it over as a table; place them in any order",),
    "evaluate each location with crew or a crisis in number order; crew there take the test together; a crisis "
    "alone counts 0 successes": (
        "Go through the locations in number order, taking each one that holds a crew member or a crisis",
        "Everyone standing where a crisis sits joins in its skill test, as one team",
        "A crisis with nobody at its location is resolved as if the test had scored 0 successes"),
    "roll for sickness: checked sickness boxes plus stress tokens; a d6 at or under it makes the crew sick": (
        "add up its checked sickness boxes and the stress tokens it holds: that is its sickness number",
        "On a roll equal to or under the sickness number, the crew member gains sickness"),
    "age crew: check an age box on each sheet; none left, nothing happens: crew die of sickness, not age": (
        "Check the next age box on every crew sheet", "in this game people die of sickness, never of age alone"),
    # the signal
    "the signal: the crew moves signal tokens to match its targets; a token stays within 0 and 3": (
        "The crew moves the signal tokens along the columns to match those targets",
        "A token never goes below 0 or above 3: a move that would take it past either end leaves it where it is"),
    "a waveform moves each column's token as its matching column says": (
        "A waveform moves every column at once", "move the token of each column as its lane shows"),
    "decoded when every column matches: tokens set aside, the signal back in the box, the planet crisis revealed": (
        "A signal is decoded when every one of its columns shows its target",
        "set its signal tokens aside, put the signal card back in the box and turn over the planet crisis beneath "
        "it"),
    "a planet crisis is met like a crisis, its successes add signal tokens; it needs a number of them by the end": (
        "A planet crisis is met like any crisis, by a skill test, but its success rows add signal tokens",
        "By the end of the game it needs a certain number of them, its threshold"),
    # the end
    "the game ends when a progress box must be checked and none is left": (
        "The game ends when the Ship progress step finds every box of the track already checked",),
    "every planet crisis is checked against its threshold": (
        "Check every planet crisis: each one holding fewer signal tokens than its threshold applies its "
        "consequence",),
    "the players win if anyone is still frozen once the planet crises are checked": (
        "You win together if at least one person is still frozen in the cargo hold once every planet crisis has "
        "been checked",),
}


def test_the_table_holds_the_72_facts_of_the_source():
    assert len(FACTS) == 72


@pytest.fixture
def book(shared_build) -> str:
    out, _ = shared_build("arkship")
    return " ".join(text_of(out / "arkship-rulebook.pdf").split())


def test_every_fact_of_the_source_is_in_the_built_rulebook(book: str):
    missing = {fact: [p for p in said if p not in book] for fact, said in FACTS.items()}
    assert not {f: m for f, m in missing.items() if m}, {f: m for f, m in missing.items() if m}
