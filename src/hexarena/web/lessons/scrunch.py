"""Scrunch: the rules page and the guided first game."""

from __future__ import annotations

from .base import Lesson, turns

_SCRUNCH_GAME = turns(
    "c5 f5 f1 c4 d7 c7 f3 b7:c7-c6 e3:f3-f2 f4:f5-g4 d6:d7-e6 b4:c4-c3 b5:c5-c4 e5:g4-f5 "
    "c5:b5-b6 a7:c6-c7 d5:c4-d3 a5:c3-c4 d2:f1-g1 d7:a7-a6 c3:d2-c2 g3:f4-g4 xc5"
)

#: Scrunch's guided mutant: White's snake b3, b4, c4, about to grow at a4.
_MUTANT = turns("g2 c2 d4 b3:c2-c3 b7 c4:c3-b4 g1:g2-f2")

#: How _SCRUNCH_GAME went on to its end (from random play): every White growth in the position
#: before the last two turns leaves Black's one snake unable to move.
_SCRUNCH_END = [*_SCRUNCH_GAME, *turns("e6:e5-e4 d2:c3-b3 d5:e4-f3 a4:g1-g2 d4:a6-b6 xc2")]

SCRUNCH: Lesson = {
    "options": {"size": 4},
    "summary": "Lay eggs, then make your smallest snakes grow and wriggle; a player who must "
    "remove their last snake loses.",
    "sections": [
        {
            "id": "words",
            "title": "Eggs and snakes",
            "text": [
                "Black starts. A snake is a chain of same-coloured stones that touch each "
                "other; a single stone with no friendly neighbour is an egg, the smallest "
                "snake of all. A snake is a mutant when one of its stones touches more than "
                "two stones of its colour: snakes must stay thin lines or rings.",
            ],
        },
        {
            "id": "eggs",
            "title": "Laying eggs",
            "text": [
                "At the start each player lays eggs: a stone on an empty cell that touches "
                "none of their own stones. Each player's egg-laying ends for good with their "
                "first growth (below), whenever they choose to make it.",
            ],
            "diagrams": [
                {
                    "moves": ["c5", "f5", "f1", "c4", "d7", "c7", "f3"],
                    "show": ["legal"],
                    "caption": "White to play: lay another egg on any marked cell away from "
                    "White's stones, or grow one of its eggs.",
                }
            ],
        },
        {
            "id": "growth",
            "title": "Growth and a wriggle",
            "text": [
                "A growth turn has three clicks: a new stone next to one of your smallest "
                "snakes; then another stone of the snake it joined; then an empty neighbour "
                "for that stone to step to. The new stone may join snakes together, and the "
                "step may split them again.",
                "The turn is allowed only if afterwards none of your snakes is a mutant and you "
                "have no more snakes than before. The board marks only the choices that can be "
                "finished that way.",
            ],
            "diagrams": [
                {
                    "moves": ["c5", "f5", "f1", "c4", "d7", "c7", "f3", "b7:c7-c6"],
                    "show": ["last"],
                    "caption": "White grew b7 next to its egg on c7, then stepped c7 to c6 "
                    "(arrow): a snake of two, no mutant, no extra snake.",
                }
            ],
        },
        {
            "id": "mutants",
            "title": "Mutants",
            "text": [
                "The new stone may touch three stones of its snake for a moment, making a "
                "mutant. Then the step must cure it: only stones whose move leaves every snake "
                "thin again can be picked, and the page marks just those.",
            ],
            "diagrams": [
                {
                    "moves": turns("g2 c2 d4 b3:c2-c3 b7 c4:c3-b4 g1:g2-f2 a4"),
                    "show": ["legal"],
                    "caption": "White placed a4 (marked +): b4 now touches three white stones. "
                    "The only stone White may pick is b4 itself (dot).",
                },
                {
                    "moves": turns("g2 c2 d4 b3:c2-c3 b7 c4:c3-b4 g1:g2-f2 a4:b4-c3"),
                    "show": ["last"],
                    "caption": "White moved b4 to c3 (arrow): a thin snake of four again.",
                },
            ],
        },
        {
            "id": "removal",
            "title": "Dead snakes",
            "text": [
                "When none of your smallest snakes can grow and wriggle, your turn is a "
                "removal: you take one of your smallest snakes off the board, and go on "
                "removing while snakes remain and none of the smallest can move. Removing "
                "your last snake loses the game.",
            ],
            "diagrams": [
                {
                    "moves": _SCRUNCH_GAME,
                    "show": ["last"],
                    "caption": "Black's smallest snake could neither grow nor move, so Black "
                    "removed it (crosses). Black has one snake left.",
                }
            ],
        },
    ],
    "option_notes": {
        "size": "Cells along each side, 3 to 10; 5 or more is recommended, 4 is quick.",
    },
    "guide": [
        {
            "moves": [],
            "ask": "You are Black, and Black moves first. Your first egg may go on any empty "
            "cell; to follow this guided game, lay it on c5.",
            "expect": ["c5"],
            "answer": "c5",
            "done": "An egg is a stone with no stone of its colour next to it: the smallest "
            "snake. While you are laying eggs, each new one must touch none of your stones.",
        },
        {
            "moves": _SCRUNCH_GAME[:7],
            "ask": "A few turns later: you are White, with eggs on f5, c4 and c7. Grow instead of "
            "laying an egg: click b7, next to your egg on c7. Then another stone of that snake "
            "must step to an empty neighbour. Try the new stone b7 itself: refused. Then click c7 "
            "and move it to c6.",
            "refuse": ["b7", "b7"],
            "expect": ["b7"],
            "answer": "b7:c7-c6",
            "done": "That was a growth and a wriggle: one stone added next to a smallest snake, "
            "then a different stone of that snake stepped one cell. Your egg-laying is over for "
            "good; Black lays eggs until its own first growth.",
        },
        {
            "moves": _SCRUNCH_GAME[:9],
            "ask": "Black has grown too; White again. Your smallest snakes are the eggs on f5 and "
            "c4 (the pair b7, c6 is bigger). Try an egg on a4: refused, since your egg laying has "
            "ended. Then grow one of your eggs: click a marked cell, then the stone to move and "
            "where to.",
            "refuse": "a4",
            "expect": [],
            "answer": "f4:f5-g4",
            "done": "Every turn now grows one of your smallest snakes. After the step you may not "
            "have more snakes than before the turn, and no snake may be a mutant.",
        },
        {
            "moves": _MUTANT,
            "ask": "Another game. You are White; your snake is b3, b4, c4. Grow at a4 (the new "
            "stone is marked +): it touches b3 and b4, so b4 now touches three white stones and "
            "the snake is a mutant. The step must cure it: try b3 (refused), then move b4 to "
            "c3.",
            "refuse": ["a4", "b3"],
            "expect": ["a4"],
            "answer": "a4:b4-c3",
            "done": "A snake must stay a thin line or ring: no stone may touch more than two of "
            "its colour. A growth may make a mutant for a moment, but only a step that cures it "
            "is allowed, and a growth that no step can cure is refused at once.",
        },
        {
            "moves": _SCRUNCH_GAME[:-1],
            "ask": "Back to the first game, much later. You are Black, and none of your smallest "
            "snakes can grow and then step. Click a stone of a snake marked with squares: that "
            "snake is removed.",
            "expect": [],
            "answer": "xc5",
            "done": "A snake that cannot grow and wriggle is dead, and removing it is your whole "
            "turn. Had your next smallest snake been stuck too, you would have gone on removing.",
        },
        {
            "moves": _SCRUNCH_END[:-2],
            "ask": "Some turns later. You are White; Black has one snake left, hemmed in. Grow "
            "one of your smallest snakes: click a marked cell, then the stone to move and where "
            "to.",
            "expect": [],
            "answer": "d4:a6-b6",
            "done": "Black's only snake now has no growth that can be followed by a step, so on "
            "its turn Black must remove it, and a player who removes their last snake loses.",
        },
        {
            "moves": _SCRUNCH_END[:-1],
            "ask": "You are Black, and your last snake cannot grow and wriggle: remove it (click "
            "one of its stones).",
            "expect": [],
            "answer": "xc2",
            "done": "Black removed its last snake, so Black loses and White wins. In Scrunch you "
            "win by leaving your opponent no snake that can move.",
        },
    ],
}
