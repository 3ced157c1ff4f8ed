"""What the web app says to teach each game: rules pages, option notes and guided first games.

Plain data, in this project's own words. Every board picture is a *diagram*: the game's options
and a list of moves that :mod:`hexarena.web.teaching` plays through the engine, then draws with
what ``show`` asks for (``legal`` cells, the ``last`` turn, Throngs' ``potentials``, the game's
``outcome``). A guided step gives a position the same way, what to ask the player, the turn the
step wants (``expect``: cells the first action may use; empty means any legal turn), an optional
``refuse`` cell that the player is asked to try first so that the engine's refusal is shown, and
what to say afterwards.
"""

from __future__ import annotations

from typing import Any

Lesson = dict[str, Any]


def _turns(text: str) -> list[str]:
    """The turns of a game written one after another, separated by spaces."""
    return text.split()


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
            "ask": "You play Red on the smallest board. Place your first stone anywhere: every "
            "cell is isolated on an empty board.",
            "expect": [],
            "done": "Good. Blue may now swap and take that stone over, so a very strong first "
            "stone is not always wise.",
        },
        {
            "moves": ["a4", "c4", "c1", "d2"],
            "ask": "Red to play. Try b2 first (it touches your stone on c1) and read why it "
            "is refused; then play one of the marked cells, which touch no red stone.",
            "refuse": "b2",
            "expect": [],
            "done": "While you have isolated cells, you must use them.",
        },
        {
            "moves": ["a4", "c4", "c1", "d2", "c5", "e3", "c3", "a5", "e2", "b3"],
            "ask": "No isolated cell is left for Red. Play e1, next to your stone on e2: it "
            "makes a group of two, the smallest possible.",
            "expect": ["e1"],
            "done": "Your group of two was larger than your four single stones, so they were "
            "removed. Count carefully before you join groups!",
        },
    ],
}

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
_GYRE_FULL = _turns(
    "g1 e2 f2 e5 f3 b5 d3 d5 b3 a6 e1 b6 a7 c3 g4 c7 f4 d6 e4 d7 c6 b4 b7 d1 f1 a4 a5 c4 c5 f5 "
    "g3 d2 e6 g2 c2 e3 d4"
)

GYRE: Lesson = {
    "options": {"size": 4},
    "summary": "Place stones anywhere; win with a chain that walls off the centre cell so "
    "that your opponent can never go round it.",
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
            "ask": "You are Red. Place your first stone anywhere.",
            "expect": [],
            "done": "Blue may now swap and take your stone over: a first stone in the middle is "
            "strong, so it invites a swap.",
        },
        {
            "moves": ["d4"],
            "ask": "You are Blue, and Red opened on the centre. Press swap: the stone stays, "
            "and you play Red from now on.",
            "expect": ["swap"],
            "done": "You swapped: the centre stone is yours, and the other player now places the "
            "next stone, in Blue.",
        },
        {
            "moves": _GYRE_GAME[:-1],
            "ask": "You are Red. First try g4, which is taken, to see the engine refuse it; "
            "then win with the stone that joins your chain to the perimeter next to f4.",
            "refuse": "g4",
            "expect": ["f5"],
            "done": "That is a winning loop: Blue can never get round it. The outlined cells "
            "show the group and the perimeter it owns.",
        },
    ],
}

_SCRUNCH_GAME = _turns(
    "c5 f5 f1 c4 d7 c7 f3 b7:c7-c6 e3:f3-f2 f4:f5-g4 d6:d7-e6 b4:c4-c3 b5:c5-c4 e5:g4-f5 "
    "c5:b5-b6 a7:c6-c7 d5:c4-d3 a5:c3-c4 d2:f1-g1 d7:a7-a6 c3:d2-c2 g3:f4-g4 xc5"
)

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
                    "moves": _turns("g2 c2 d4 b3:c2-c3 b7 c4:c3-b4 g1:g2-f2 a4"),
                    "show": ["legal"],
                    "caption": "White placed a4 (marked +): b4 now touches three white stones. "
                    "The only stone White may pick is b4 itself (dot).",
                },
                {
                    "moves": _turns("g2 c2 d4 b3:c2-c3 b7 c4:c3-b4 g1:g2-f2 a4:b4-c3"),
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
            "ask": "You are Black. Lay your first egg on any empty cell.",
            "expect": [],
            "done": "An egg is a snake of one stone.",
        },
        {
            "moves": ["c5", "f5", "f1", "c4", "d7", "c7", "f3"],
            "ask": "You are White. First click c4, your own stone, to see the engine refuse it; "
            "then grow at b7 next to your egg on c7, click c7 and move it to c6.",
            "refuse": "c4",
            "expect": ["b7"],
            "done": "Your egg-laying is over: from now on every turn grows a smallest snake.",
        },
        {
            "moves": _SCRUNCH_GAME[:-1],
            "ask": "You are Black, and none of your smallest snakes can grow and move. Click a "
            "stone of a snake marked with squares: that snake is removed.",
            "expect": [],
            "done": "A dead snake is gone. Had it been your last snake, you would have lost.",
        },
    ],
}

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
                    "moves": _turns(
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
                    "moves": _turns(
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
            "ask": "You are White. Start on g1, a cell with a single exit: you will then place "
            "six checkers, one on each cell of that kind (six clicks).",
            "expect": ["g1"],
            "done": "A one-exit cell gives the most checkers, but scattered: six groups cost "
            "twelve points unless you join them later.",
        },
        {
            "moves": ["i6,f17,d2,d6,e11,g1", "d13"],
            "ask": "You are Black, in the middle of a turn that began on d13. First click i6 "
            "(it is taken) to see the refusal, then place your two checkers on marked cells.",
            "refuse": "i6",
            "expect": [],
            "done": "Each turn's checkers all share the first cell's kind.",
        },
    ],
}

_THRONGS_SETUP = ["c2,d3,c4", "black"]
_THRONGS_GAME = [
    *_THRONGS_SETUP,
    "c2-d2,d1",
    "c4-a5,c4",
    "c2-b3,b3-a3",
    "b4-stop,e3",
    "e1-e2,a3-b2",
    "c5,b4-b5",
    "e1-c3,d1-c1",
    "a5-b4,a4",
    "e1-stop,e1-b3",
    "c4-d4,c5-a5",
    "c2-d1,c3-c2",
    "e3-c5,b5-e1",
    "c3,c3-c4",
    "c4,d4-c3",
]

#: Throngs is shown here on a small regular board (the original board has 93 sites; the rules
#: are the same on every board).
THRONGS: Lesson = {
    "options": {"board": "hex", "size": 3},
    "summary": "Two moves a turn, each powered by how many of your stones surround a site; "
    "deploy, dispatch and capture, and hold the most stones when a player is stuck.",
    "sections": [
        {
            "id": "setup",
            "title": "Set-up and colours",
            "text": [
                "The first player puts three stones on empty sites: one Black, then two White. "
                "The second player looks at them and picks a colour with a button (black or "
                "white). Black then makes the first turn. With the standard set-up (original "
                "board only) the three stones stand on fixed sites and nobody chooses.",
            ],
            "diagrams": [
                {
                    "moves": _THRONGS_SETUP[:1],
                    "caption": "The first player put Black on c2 and White on d3 and c4. The "
                    "second player now chooses which of the two colours to play.",
                }
            ],
        },
        {
            "id": "potential",
            "title": "Action potential",
            "text": [
                "Everything depends on a site's action potential for the player to move: your "
                "stones minus your opponent's stones, counted on the site itself and on its "
                "neighbours, as the board stands when the move begins. The game page shows "
                "these numbers for you on your turn (they can be switched off).",
            ],
            "diagrams": [
                {
                    "moves": _THRONGS_SETUP,
                    "show": ["potentials", "legal"],
                    "caption": "Black to move. Near Black's stone on c2 the potential is +1; "
                    "next to White's two stones it drops to -1 or -2. The dots are the sites "
                    "Black may select.",
                }
            ],
        },
        {
            "id": "deploy",
            "title": "Two moves: deploy",
            "text": [
                "A turn is two moves, and you must make both when you can (if the second is "
                "impossible, the turn ends after the first). Each move starts by selecting a "
                "site. Selecting an empty site with potential at least 1 deploys: a new stone "
                "of yours goes there. If the potential was 2 or more, the new stone may then "
                "travel on at once with one point less to spend, or you press stop.",
            ],
            "diagrams": [
                {
                    "moves": _THRONGS_GAME[:5],
                    "show": ["last"],
                    "caption": "Black deployed on c2 and sent the new stone on to b3 (arrow), "
                    "then dispatched it again from b3 to a3.",
                }
            ],
        },
        {
            "id": "dispatch",
            "title": "Dispatch: steps and jumps",
            "text": [
                "Selecting one of your own stones with potential at least 1 dispatches it: it "
                "must leave its site, spending at most the potential. A step to a neighbouring "
                "empty site costs 1. A jump goes in a straight line over a row of occupied "
                "sites to the empty site just after them, and costs one more than the number "
                "of sites jumped. The stone may turn after each step or jump, but it may never "
                "pass the same site twice. Only where it ends matters, so you click the "
                "destination: the board marks every reachable one with a diamond.",
            ],
            "diagrams": [
                {
                    "moves": _THRONGS_GAME[:3],
                    "show": ["last"],
                    "caption": "Black's first turn: the stone on c2 was dispatched to d2, then "
                    "a new stone was deployed on d1.",
                }
            ],
        },
        {
            "id": "capture",
            "title": "Capture",
            "text": [
                "Selecting an enemy stone whose site has potential 2 or more for you captures "
                "it: it is replaced by one of your stones, and that move is over. The enemy "
                "stone itself counts against you, so you need a crowd around it.",
            ],
            "diagrams": [
                {
                    "moves": _THRONGS_GAME[:-1],
                    "show": ["potentials", "legal"],
                    "caption": "White to move: the Black stone on c4 has potential +3 for "
                    "White, enough to capture it.",
                },
                {
                    "moves": _THRONGS_GAME,
                    "show": ["last"],
                    "caption": "White captured c4 (ring), then dispatched d4 to c3 (arrow).",
                },
            ],
        },
        {
            "id": "end",
            "title": "The end: fill and capture",
            "text": [
                "When the player to move has no legal move at all, the game ends. The other "
                "player then puts stones on every empty site and captures every enemy stone "
                "whose potential for them is 2 or more, again and again until none is left. "
                "Whoever has more stones wins; boards have an odd number of sites, so there is "
                "no tie. A position that comes back a third time at the start of a turn also "
                "ends the game this way, so a game cannot go round in circles for ever.",
            ],
            "diagrams": [
                {
                    "moves": [*_THRONGS_SETUP, "c2-b3,b3-c3", "d4-stop,d3-c2"],
                    "show": ["last", "outcome"],
                    "caption": "After White's turn Black had no move. White filled all 15 empty "
                    "sites and captured Black's last stone (crosses): 19 to 0.",
                }
            ],
        },
    ],
    "option_notes": {
        "board": "original: the designer's board of 93 sites; large: a board of 177 sites built "
        "to the designer's description; hex: a plain hexagon, whose size you choose.",
        "size": "Sites along each side of a hex board (2 to 12); only with board hex.",
        "setup": "choose: the first player puts one Black and two White stones on the board, "
        "then the second player picks a colour. standard (original board only): the stones "
        "stand on fixed sites and the colours are fixed.",
        "no_stalling": "When ticked, a player may not dispatch in three moves of theirs in a "
        "row: at least one move in every three must deploy or capture.",
        "repetition": "third (the usual): when a position comes back for the third time at the "
        "start of a turn, the player to move is stuck and the game ends with the fill and "
        "captures; off: play on as the designer's text has it, for study.",
    },
    "guide": [
        {
            "moves": [],
            "ask": "You set up the game: click a site for the Black stone, then two sites for "
            "the White stones (three clicks).",
            "expect": [],
            "done": "Now the other player chooses a colour, knowing where the stones stand.",
        },
        {
            "moves": _THRONGS_SETUP[:1],
            "ask": "Now you are the second player: choose a colour with the black button.",
            "expect": [],
            "done": "You play Black and move first.",
        },
        {
            "moves": _THRONGS_SETUP,
            "ask": "Your first turn as Black. First try to capture d3 (potential -2): it is "
            "refused. Then click your stone on c2, its destination d2 (diamond), and deploy a "
            "new stone on d1.",
            "refuse": "d3",
            "expect": ["c2"],
            "done": "Two moves make a turn. Your stones now support each other: the sites "
            "around them have higher potentials for your next turn.",
        },
    ],
}

LESSONS: dict[str, Lesson] = {
    "churn": CHURN,
    "gyre": GYRE,
    "throngs": THRONGS,
    "scrunch": SCRUNCH,
    "china-grove": CHINA_GROVE,
}

#: Options that appear on every game's page, explained once.
COMMON_NOTES = {
    "pie": "The swap (pie rule): in Churn, Gyre and China Grove the second player may, on "
    "their first turn only, take over the first player's opening instead of answering it. "
    "It keeps the first player from making the strongest possible opening.",
}
