"""China Grove: the rules page and the guided first game."""

from __future__ import annotations

from .base import Lesson, turns

#: The guided game: the scoring game above with Black's swap, then (from random play) its end
#: after White takes c13.
_GUIDED = turns(
    "g1,i6,f17,d2,d6,e11 swap d13,e4,c14 e9,f6,g11 g15,d15,b16,g16 i12,e14 e15,c10,c12 "
    "a16,a12,a17,h15,i9 g3,h12,b13 i11,d12,e13 b10,b14,h13,j11 c15,g7 d9,f12,i10,h10 f4,f13 "
    "f3,f14 d5,g8,h6,f7,f9 g13,b12,b11 c13 e2 g4,c9 j12 f5,f15,g2,e3"
)

CHINA_GROVE: Lesson = {
    "options": {"mode": "pattern", "penalty": 2, "islands": 1, "board_seed": 1},
    "summary": "Fill a labyrinth of 63 cells with checkers, several a turn on cells shaped "
    "alike; each checker scores a point and each separate group costs points.",
    "sections": [
        {
            "id": "board",
            "title": "The board and its exits",
            "text": [
                "The board is a labyrinth: every cell is joined to some of its neighbours by "
                "exits (the lines between cells) and no two cells have the same layout of "
                "exits. Cells are neighbours, for groups and for everything else, only "
                "through an exit. White starts, and Black may swap after White's first turn.",
            ],
            "diagrams": [
                {
                    "moves": [],
                    "caption": "The labyrinth of seed 1, empty. The lines are the exits: a "
                    "cell at the end of a single line has one exit, and one cell, where six "
                    "lines meet, has six.",
                }
            ],
        },
        {
            "id": "turn",
            "title": "A turn of several checkers",
            "text": [
                "Put a first checker on any empty cell. If that cell has k exits, you then "
                "place 7 - k checkers in all: the others go on empty cells of the same kind as "
                "the first (the page marks them), until the number is reached or no such cell "
                "is left. A cell with one exit means six checkers; the cell with six exits "
                "means one.",
                "In pattern mode cells are of the same kind when their exit layouts match once "
                "turned or mirrored; in number mode it is enough that they have as many exits.",
            ],
            "diagrams": [
                {
                    "moves": ["i6,f17,d2,d6,e11,g1"],
                    "show": ["last"],
                    "caption": "White's first turn began on a cell with one exit, so White "
                    "placed six checkers (numbered), on all six one-exit cells.",
                },
                {
                    "moves": ["i6,f17,d2,d6,e11,g1", "d13"],
                    "show": ["legal"],
                    "caption": "Black started a turn on d13 (a cell with four exits): the "
                    "marked cells share its exit layout, and Black places two more there.",
                },
            ],
        },
        {
            "id": "number",
            "title": "Number mode",
            "text": [
                "In number mode only the count of a cell's exits matters, not their layout. "
                "The pictures here write that count on every cell. The count of the turn's "
                "first cell settles the whole turn: how many checkers (7 minus the count) and "
                "where the others may go (any empty cell with the same count).",
            ],
            "diagrams": [
                {
                    "options": {"mode": "number"},
                    "moves": ["e9"],
                    "show": ["legal", "exits"],
                    "caption": "Number mode: White's first checker went on e9, a 2. The turn is "
                    "7 - 2 = 5 checkers, and the other four may go on any empty cell marked 2: "
                    "the dots, 14 of them.",
                },
                {
                    "options": {"mode": "number"},
                    "moves": ["e9,f6,d5,h6,a16"],
                    "show": ["last", "exits"],
                    "caption": "White's whole turn, numbered in order: five checkers, all on "
                    "cells marked 2, though their exits lie three different ways (straight "
                    "across on e9 and f6, one apart on d5 and h6, side by side on a16).",
                },
                {
                    "moves": ["e9"],
                    "show": ["legal", "exits"],
                    "caption": "The same first checker in pattern mode: only f6 and g11 have "
                    "e9's layout (exits straight across), so that turn stops at three checkers.",
                },
            ],
        },
        {
            "id": "score",
            "title": "Scoring",
            "text": [
                "When every cell is filled, each player scores one point per checker and loses "
                "the penalty (2 or 4) for every separate group. With 63 cells the two scores "
                "can never be equal. Keeping your checkers together matters as much as having "
                "many of them.",
            ],
            "diagrams": [
                {
                    "moves": turns(
                        "i6,f17,d2,d6,e11,g1 d13,e4,c14 e9,f6,g11 g15,d15,b16,g16 i12,e14 "
                        "e15,c10,c12 a16,a12,a17,h15,i9 g3,h12,b13 i11,d12,e13 b10,b14,h13,j11 "
                        "c15,g7 d9,f12,i10,h10 f4,f13 f3,f14 d5,g8,h6,f7,f9 g13,b12,b11 "
                        "f15,e3,f5,g2 c13 g4,c9 e2 j12"
                    ),
                    "show": ["outcome"],
                    "caption": "Pattern mode, a finished game: White has 35 checkers in 17 "
                    "groups (35 - 34 = 1), Black 28 in 9 groups (28 - 18 = 10). Black wins.",
                },
                {
                    "options": {"mode": "number"},
                    "moves": turns(
                        "i6,f17,d2,d6,e11,g1 d13,g3,h12 e9,g11,h6,f7,j12 h13,b16,f15,b14 "
                        "g15,d15,g4,g7 a17,f6,h15,a12,e2 f4,i12 f3,e14 e3,b10,f12,j11 "
                        "c14,d12,b13 a16,i9,d5,f9,g8 e4,i11,c12 i10,c9,g16,h10 e15,b12,g13 "
                        "f14,f13 c13 b11,e13,c10 d9,c15,g2,f5"
                    ),
                    "show": ["outcome"],
                    "caption": "Number mode, on the same board: White 35 checkers in 13 groups "
                    "(9), Black 28 in 8 groups (12). Black wins again.",
                },
            ],
        },
    ],
    "option_notes": {
        "mode": "pattern (the main game): later checkers of a turn go on cells whose exits "
        "match the first cell's once turned or mirrored; number: on cells with as many exits.",
        "penalty": "Points lost for each separate group at the end: 2 or 4. A higher penalty "
        "rewards keeping checkers connected.",
        "islands": "1: the usual board, all 63 cells connected; 2: a board in two separate parts.",
        "board_seed": "Which labyrinth to play on: every seed gives another board of 63 cells.",
        "board": "A board written out cell by cell, as a game record stores it; leave it empty "
        "to use the seed.",
    },
    "guide": [
        {
            "moves": [],
            "ask": "You are White, and White moves first. Start on g1, a cell with a single exit: "
            "a turn places 7 minus the first cell's exits, so you will place six checkers, all on "
            "cells of that kind (six clicks on marked cells).",
            "expect": ["g1"],
            "answer": "g1,i6,f17,d2,d6,e11",
            "done": "A one-exit cell gives the most checkers, but scattered: six separate groups "
            "will cost twelve points at the end unless you join them.",
        },
        {
            "moves": _GUIDED[:1],
            "ask": "Now you are Black. On this first turn only, Black may swap: take White's six "
            "checkers as its own instead of placing. Press swap.",
            "expect": ["swap"],
            "answer": "swap",
            "done": "You swapped: the six checkers are yours and you play White from now on; the "
            "other player plays Black and places the next checkers.",
        },
        {
            "moves": _GUIDED[:3],
            "ask": "Black began on d13 (four exits) and placed three checkers. Your turn: start "
            "on e9. It has two exits, so you may place five, on cells whose exits look the same "
            "once turned or mirrored. Try d5 next: it has two exits too, but set differently, so "
            "it is refused. Then place the rest on the marked cells.",
            "refuse": ["e9", "d5"],
            "expect": ["e9", "f6", "g11"],
            "answer": "e9,f6,g11",
            "done": "Only three cells share e9's layout of exits, so your turn ended after three "
            "checkers instead of five: a turn stops when its kind of cell runs out.",
        },
        {
            "moves": _GUIDED[:17],
            "ask": "Later in the same game. c13 is the one cell with six exits: a turn that "
            "starts there places a single checker. Play it.",
            "expect": ["c13"],
            "answer": "c13",
            "done": "Seven minus six: one checker. Cells with few exits give big but scattered "
            "turns; cells with many exits give small ones.",
        },
        {
            "moves": _GUIDED[:-1],
            "ask": "Some turns later comes the last turn: four cells are left, all of one kind "
            "(three exits). Fill them.",
            "expect": [],
            "answer": "f5,f15,g2,e3",
            "done": "The board is full, so the game is scored: one point per checker, minus 2 "
            "for every separate group. White has 35 checkers in 17 groups (35 - 34 = 1), Black "
            "28 in 9 groups (28 - 18 = 10). Black wins with seven checkers fewer: White's many "
            "small groups cost 34 points. Keep your checkers together!",
        },
    ],
}
