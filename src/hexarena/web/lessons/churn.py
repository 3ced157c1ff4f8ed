"""Churn: the rules page and the guided first game."""

from __future__ import annotations

from .base import Lesson, turns

#: The game of the guided steps that teach the opening rules (stones, isolation, groups).
_FIRST = turns("a4 c4 c1 d2 c5 e3 c3 a5 e2 b3 e1 c1 c2 a3 c4 d2 a5 d4")

#: A game from random play whose next to last turn fills the board and then removes a stone.
_LAST = turns(
    "d1 e3 e2 c5 a4 c2 b2 e1 b5 b4 c3 a3 d4 d3 c1 c5 b5 a5 d4 c2 a4 a3 c3 e1 e2 b4 c5 a3 c3 c2 "
    "e2 e1 a4 d2 a3 b5 e2 b4 c4 c5 c3 a5 e2 d4 b3 e2"
)

CHURN: Lesson = {
    "options": {"size": 3},
    "summary": "Place stones one at a time; a new group wipes out your smaller groups. When the "
    "board fills up, whoever has more stones on it wins.",
    "sections": [
        {
            "id": "aim",
            "title": "Aim and turns",
            "text": [
                "Red and Blue take turns putting one stone of their own colour on an empty "
                "cell, Red first. Stones never move, and your opponent can never remove them: "
                "only your own placements take your stones away.",
                "The game stops when the board is full after a turn is over. The player with "
                "more stones on the board then wins; boards have an odd number of cells, so "
                "there is never a tie.",
            ],
        },
        {
            "id": "isolation",
            "title": "Isolated cells come first",
            "text": [
                "A cell is isolated for you when none of its neighbours holds one of your "
                "stones. While you have such a cell anywhere, you must play on one of them.",
            ],
            "diagrams": [
                {
                    "moves": ["a4", "c4", "c1", "d2"],
                    "show": ["legal"],
                    "caption": "Red to play: the dots are the only cells with no red "
                    "neighbour, so Red must pick one of them.",
                }
            ],
        },
        {
            "id": "smallest",
            "title": "Otherwise, the smallest group",
            "text": [
                "When every empty cell touches one of your stones, count for each empty cell "
                "the group your stone would make there: the stone itself plus every friendly "
                "group it would join. You must play where that count is smallest.",
            ],
            "diagrams": [
                {
                    "moves": ["a4", "c4", "c1", "d2", "c5", "e3", "c3", "a5", "e2", "b3"],
                    "show": ["legal"],
                    "caption": "Red has no isolated cell left. Each dot would make a group of "
                    "two; every other empty cell would make a bigger one.",
                }
            ],
        },
        {
            "id": "removal",
            "title": "Removals",
            "text": [
                "After a stone that joins one or more of your groups, every one of your other "
                "groups that is smaller than the new group leaves the board at once. Groups "
                "as large or larger stay, and your opponent's stones are never touched.",
            ],
            "diagrams": [
                {
                    "moves": ["a4", "c4", "c1", "d2", "c5", "e3", "c3", "a5", "e2", "b3", "e1"],
                    "show": ["last"],
                    "caption": "Red played e1 (ring), making a group of two with e2. Red's four "
                    "single stones (crosses) were smaller, so they are gone.",
                }
            ],
        },
        {
            "id": "pie",
            "title": "The swap",
            "text": [
                "Red's first stone could be a strong one, so Blue, on the first turn only, may "
                "swap instead of placing: the stone stays where it is, the players exchange "
                "colours, and the player who started now plays Blue. A swap button appears "
                "when it is allowed.",
            ],
            "diagrams": [
                {
                    "moves": ["c3"],
                    "show": ["seats"],
                    "circle": ["c3"],
                    "caption": "Player 1 (Red) opened in the centre, on c3. Player 2 (Blue) may "
                    "now place a blue stone, or swap.",
                },
                {
                    "moves": ["c3", "swap"],
                    "show": ["seats"],
                    "circle": ["c3"],
                    "caption": "Player 2 swapped. The stone on c3 is still red, and it is now "
                    "player 2's: player 2 plays Red from here on. Player 1 takes Blue, and it is "
                    "Blue's turn.",
                },
                {
                    "moves": ["c3", "swap", "a4"],
                    "show": ["seats", "legal", "last"],
                    "caption": "Player 1, now Blue, placed on a4. Player 2 plays Red by Red's "
                    "rules: the dots are the cells with no red neighbour, every empty cell but "
                    "the six around c3.",
                },
            ],
        },
    ],
    "option_notes": {
        "size": "Cells along each side of the hexagonal board, 2 to 8. Side 3 (19 cells) is the "
        "designer's suggestion; games grow very long on bigger boards.",
        "sides": "Instead of a size, six side lengths of an uneven hexagon, for example "
        "4,3,4,3,4,3 (a board of 27). Only shapes that close up and have an odd number of "
        "cells are accepted.",
    },
    "guide": [
        {
            "moves": [],
            "ask": "You play Red on the smallest board (19 cells), and Red moves first. On an "
            "empty board every cell is isolated (none of your stones is next to it), so any cell "
            "is allowed; to follow this guided game, place your first stone on a4.",
            "expect": ["a4"],
            "answer": "a4",
            "done": "Good. Blue could now swap and take that stone over instead of answering it "
            "(the swap is offered once, on Blue's first turn), so a very strong first stone is "
            "not always wise. Here Blue answers with a stone of its own.",
        },
        {
            "moves": _FIRST[:1],
            "ask": "Now you are Blue, and Red has just opened on a4. On Blue's first turn "
            "only, you may swap: the stone on a4 becomes yours and you play Red from now on. "
            "You may also decline by placing a blue stone. This small board is solved, and a "
            "first stone on a4 wins with perfect play, so press swap.",
            "expect": ["swap"],
            "answer": "swap",
            "done": "You swapped: a4 is now your stone and you are Red; the other player places "
            "the next stone, in Blue. The swap counts as your turn, and it is never offered "
            "again. A first stone that is too strong gets swapped, so Red should open with a "
            "stone that is neither too strong nor too weak.",
        },
        {
            "moves": _FIRST[:4],
            "ask": "Back to the game where Blue did not swap, a few turns later: Red (you) to "
            "play, with stones on a4 and c1. First try b2, which touches your stone on c1: "
            "the game refuses it. Then play one of the marked cells: none of your stones "
            "touches them.",
            "refuse": "b2",
            "expect": [],
            "answer": "c5",
            "done": "While you have an isolated cell anywhere, you must play on one, so your "
            "stones stay single for a while. Groups begin once every empty cell touches one of "
            "your stones.",
        },
        {
            "moves": _FIRST[:10],
            "ask": "Some turns later, Red has five single stones and no isolated cell is left. "
            "Try d3 first: it touches two of your stones, so it would make a group of three, and "
            "it is refused. Then play a marked cell: each makes a group of two, the smallest you "
            "can make.",
            "refuse": "d3",
            "expect": [],
            "answer": "e1",
            "done": "Your new group of two was bigger than each of your other groups, all single "
            "stones, so those left the board at once (crosses). Only your own placements ever "
            "remove your stones; Blue's stones were not touched.",
        },
        {
            "moves": _FIRST,
            "ask": "Some turns later, Red to play. Red has a group of two (e1 and e2) and three "
            "single stones. Play a marked cell: it makes another group of two. Watch which of "
            "your stones stay.",
            "expect": [],
            "answer": "b2",
            "done": "Only groups smaller than the new one are removed: two single stones went, "
            "but your other group of two was just as large, so it stayed.",
        },
        {
            "moves": _LAST[:-2],
            "ask": "Another game, near its end. Only b3 is empty, and Red (you) must fill it. It "
            "joins several of your stones into one big group.",
            "expect": ["b3"],
            "answer": "b3",
            "done": "The board was full for a moment, but your turn was not over: your new group "
            "was bigger than your single stone on e2, so e2 was removed. A game ends only when "
            "the board is full after the removals, so this one goes on.",
        },
        {
            "moves": _LAST[:-1],
            "ask": "You are Blue now. e2 is the only empty cell: fill it.",
            "expect": ["e2"],
            "answer": "e2",
            "done": "The board is full after your turn, so the game is over and the stones are "
            "counted: Blue 11, Red 8. Blue wins. Every board has an odd number of cells, so there "
            "is never a tie.",
        },
    ],
}
