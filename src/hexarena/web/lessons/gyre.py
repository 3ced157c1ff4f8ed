"""Gyre: the rules page and the guided first game."""

from __future__ import annotations

from .base import Lesson, turns

_GYRE_GAME = [
    "d7",
    "f1",
    "a6",
    "e6",
    "d1",
    "a4",
    "c4",
    "d6",
    "e4",
    "b7",
    "c3",
    "e5",
    "f2",
    "g1",
    "c5",
    "b5",
    "b4",
    "d2",
    "f3",
    "a5",
    "c2",
    "c6",
    "a7",
    "g2",
    "d5",
    "g3",
    "f4",
    "g4",
    "e3",
    "d4",
    "d3",
    "e2",
    "f5",
]

#: A game on side 4 that fills the whole board before anyone wins (from random play).
_GYRE_FULL = turns(
    "g1 e2 f2 e5 f3 b5 d3 d5 b3 a6 e1 b6 a7 c3 g4 c7 f4 d6 e4 d7 c6 b4 b7 d1 f1 a4 a5 c4 c5 f5 "
    "g3 d2 e6 g2 c2 e3 d4"
)

#: Red's straight chain from a4 through the centre, one stone short of the edge at g4.
_ACROSS = turns("a4 b6 b4 d6 c4 d2 d4 f2 e4 c7 f4 e1")

#: A game on side 4 built for the guided steps: Blue's chain closes a loop round the centre that
#: does not win (a4), and Red's chain round it wins (b3).
_NESTED = turns("f5 e6 f4 e5 f3 e4 f2 e3 e2 d3 d2 c3 c2 b4 b6 a4 b3")

GYRE: Lesson = {
    "options": {"size": 4},
    "summary": "Place stones anywhere; win with a chain that walls off the centre cell so "
    "that your opponent can never go round it.",
    "highlight_words": {
        "group": "the winning group (its stones marked @)",
        "owned": "the edge cells its loop owns (stones there marked +)",
    },
    "sections": [
        {
            "id": "aim",
            "title": "Aim and turns",
            "text": [
                "Red and Blue take turns putting one stone on any empty cell, Red first. "
                "Nothing is ever captured and stones never move. Red's first stone may be "
                "taken over by Blue with the swap, as in Churn.",
                "The outermost ring of cells is the perimeter; the middle cell is the centre.",
            ],
        },
        {
            "id": "loop",
            "title": "Loops",
            "text": [
                "A loop is a chain of your stones that reaches the perimeter in two places, "
                "closed by the shorter stretch of perimeter between those two places (either "
                "one when they are equally long). The chain may run through the centre itself.",
                "You win as soon as one of your groups forms a loop around the centre that "
                "the opponent can never enclose with a loop of their own.",
            ],
            "diagrams": [
                {
                    "moves": _GYRE_GAME[:-1],
                    "show": ["legal"],
                    "caption": "Red to play. Red's chain already cuts the centre off from most "
                    "of the perimeter; f5 joins it to the edge on the right.",
                },
                {
                    "moves": _GYRE_GAME,
                    "show": ["outcome", "last"],
                    "caption": "After f5 Red wins: the outlined group and the short stretch of "
                    "perimeter from c2 round to f5 enclose the centre.",
                },
            ],
        },
        {
            "id": "ownership",
            "title": "Perimeter cells a loop owns",
            "text": [
                "The stretch of perimeter that closes a loop belongs to its owner, even where "
                "enemy stones stand on it: in the picture above, Blue's stones on f1, g1, g2, "
                "g3 and g4 lie on perimeter cells that Red's loop owns. When two loops compete for "
                "the same perimeter cells, the outer loop gets them, so an inner loop that can "
                "still be surrounded has not won yet.",
            ],
        },
        {
            "id": "nodraw",
            "title": "Why there are no draws",
            "text": [
                "A loop wins only if no loop of the other colour can ever surround it, so the "
                "two players cannot both hold a winning loop. And once the board is full, one "
                "of the colours always has one: every cell is someone's, so the stones cut "
                "the board into regions, and the region holding the centre is walled off by "
                "one colour on the shorter side. The game always ends with a winner, usually "
                "long before the board is full.",
            ],
            "diagrams": [
                {
                    "moves": _GYRE_FULL[:-1],
                    "show": ["legal"],
                    "caption": "A game in which nobody has a winning loop after 36 stones: the "
                    "centre is the last empty cell. Filling it cannot leave the board without "
                    "a winner.",
                },
                {
                    "moves": _GYRE_FULL,
                    "show": ["outcome", "last"],
                    "caption": "Red fills the centre, and the full board has its winner: Red's "
                    "outlined group and the stretch of perimeter it owns enclose the centre.",
                },
            ],
        },
    ],
    "option_notes": {
        "size": "Cells along each side, 3 to 12. The designer recommends at least 7 (127 "
        "cells); 4 or 5 make quick games for learning.",
    },
    "guide": [
        {
            "moves": [],
            "ask": "You are Red, and Red moves first. Place your first stone on any cell.",
            "expect": [],
            "answer": "c3",
            "done": "Blue may now swap and take your stone over: a first stone in the middle is "
            "strong, so it invites a swap.",
        },
        {
            "moves": ["d4"],
            "ask": "A new game: you are Blue, and Red opened on the centre. Press swap: the stone "
            "stays, and you play Red from now on.",
            "expect": ["swap"],
            "answer": "swap",
            "done": "You swapped: the centre stone is yours, and the other player now places the "
            "next stone, in Blue. The swap is offered only once, on that first turn.",
        },
        {
            "moves": _ACROSS,
            "ask": "Another game. You are Red: your stones run in a straight line from a4, on "
            "the edge, through the centre d4 to f4. Play g4: your chain then joins two edge "
            "cells, a4 and g4.",
            "expect": ["g4"],
            "answer": "g4",
            "done": "Red wins. A loop is a chain of your stones between two edge cells, closed "
            "by the shorter stretch of edge between them; here both stretches are equally long, "
            "so either closes it. A loop may run through the centre itself, as yours does, and "
            "Blue can never build a loop round it.",
        },
        {
            "moves": _NESTED[:-2],
            "ask": "Another game. You are Blue: your chain runs from e6 on the edge, round below "
            "the centre, to b4. First try f5: it is taken, and stones are never moved or "
            "captured, so it is refused. Then play a4, which joins your chain to the edge.",
            "refuse": "f5",
            "expect": ["a4"],
            "answer": "a4",
            "done": "Your chain now reaches the edge at a4 and at e6, and with the short stretch "
            "of edge between them it goes round the centre: a loop. But nobody has won: outside "
            "your loop Red still has room to build a bigger loop round yours.",
        },
        {
            "moves": _NESTED[:-1],
            "ask": "You are Red. Your chain runs along the bottom from c2 to f5. Play b3: your "
            "chain then reaches the edge there too, and goes round Blue's loop.",
            "expect": ["b3"],
            "answer": "b3",
            "done": "Red wins: Blue can never build a loop round Red's. Red's group (@) and the "
            "edge it owns (outlined) make the loop. A loop owns the edge cells that close it even "
            "where enemy stones stand, so Blue's stones on a4 and e6 (+) now stand on Red's "
            "edge, and Blue's loop no longer counts: when two loops compete, the outer one wins. "
            "(Had Blue played b3 a turn earlier, Blue would have won.)",
        },
        {
            "moves": _GYRE_FULL[:-1],
            "ask": "One last board: 36 stones, and nobody has won. Only the centre is empty. You "
            "are Red: fill it.",
            "expect": ["d4"],
            "answer": "d4",
            "done": "Red wins. On a full board one colour always walls off the centre, so Gyre "
            "never ends in a draw; most games end long before the board fills up.",
        },
    ],
}
