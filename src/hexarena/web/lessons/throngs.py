"""Throngs: the rules page and the guided first game."""

from __future__ import annotations

from .base import Lesson, turns

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

#: A game from random play in which Black's deploy on e2 leaves no second move.
_ONE_MOVE = [
    *_THRONGS_SETUP,
    *turns(
        "d1,d1-e2 b4,d3-c3 d2,c2-c1 d4,b3-c2 e2-e3,e1 b5-stop,d4-d3 e1-e2,d1 b3-b2,d4 "
        "d1-b3,d1 c5-a5,b5-c5 e1,e2-b5 a5-a4,a5"
    ),
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
            "ask": "A game begins with a set-up, made by the first player: that is you. Any "
            "three empty sites would do; to follow this guided game, click c2 for the one Black "
            "stone, then d3 and c4 for the two White stones.",
            "expect": ["c2"],
            "strict": True,
            "answer": "c2,d3,c4",
            "done": "Now the other player picks a colour, knowing where the stones stand: a fair "
            "set-up is one you would be happy to play from either side.",
        },
        {
            "moves": _THRONGS_SETUP[:1],
            "ask": "Now you are the second player: choose a colour with the black button.",
            "expect": ["black"],
            "answer": "black",
            "done": "You play Black, and Black moves first.",
        },
        {
            "moves": _THRONGS_SETUP,
            "ask": "Your first turn as Black: two moves. The numbers are your action potentials: "
            "your stones minus White's, counted on a site and its neighbours. First click White's "
            "stone on d3: its potential is -2, and a capture needs 2 or more, so it is refused. "
            "Then click your stone on c2 (potential 1) and its destination d2 (diamond); for your "
            "second move, deploy a new stone on d1.",
            "refuse": "d3",
            "expect": ["c2"],
            "answer": "c2-d2,d1",
            "done": "Two moves make a turn. Selecting your own stone dispatches it: it must "
            "leave, and each step costs one point of the potential. Selecting an empty site with "
            "potential 1 or more deploys a new stone there.",
        },
        {
            "moves": _THRONGS_GAME[:4],
            "ask": "White has moved; Black again. Click the empty site c2 (potential 2) to deploy "
            "a stone there. Since the potential was 2, the new stone may travel on with 2 - 1 = 1 "
            "point. Try a3, two steps away: refused. Then click b3, and for your second move "
            "dispatch b3 to a3.",
            "refuse": ["c2", "-a3"],
            "expect": ["c2"],
            "answer": "c2-b3,b3-a3",
            "done": "A deploy with potential 2 or more lets the new stone travel on with one "
            "point less, or stay where it was deployed if you press stop. Each step costs one "
            "point, and no path may cost more than you have.",
        },
        {
            "moves": _THRONGS_GAME[:8],
            "ask": "A few turns later, Black to play. Deploy on e1 (potential 3): the new stone "
            "has 2 to spend. The stone on d2 is in the way, but a jump goes in a straight line "
            "over a row of stones to the empty site just beyond. Click e1, then c3 (over d2, cost "
            "2); then dispatch your stone on d1 to c1.",
            "expect": ["e1"],
            "answer": "e1-c3,d1-c1",
            "done": "A jump costs one more than the number of sites it crosses. A stone may turn "
            "after each step or jump, but never pass the same site twice; only where it ends "
            "matters.",
        },
        {
            "moves": _THRONGS_GAME[:-1],
            "ask": "Later in the game; you are White now. Black's stone on c4 is crowded by "
            "yours: its potential for you is 3. Click it to capture it, then dispatch your stone "
            "on d4 to c3.",
            "expect": ["c4"],
            "answer": "c4,d4-c3",
            "done": "Captured: the Black stone became a White one. A capture needs potential 2 or "
            "more, because the enemy stone itself counts against you, and it ends that move.",
        },
        {
            "moves": _ONE_MOVE,
            "ask": "Another game, with the board nearly full. You are Black: deploy on e2 "
            "(potential 2), and see what becomes of your second move.",
            "expect": ["e2"],
            "answer": "e2",
            "done": "The new stone had no empty site next to it to travel to, and no second "
            "move was left: the only empty site, a3, has potential -1 for you, and none of "
            "your stones can reach it. Both moves must be made when they can be; when the "
            "second cannot, the turn ends after the first.",
        },
        {
            "moves": [*_THRONGS_SETUP, "c2-b3,b3-c3"],
            "ask": "Another game. Black's only stone is on c3, among White's. You are White: "
            "deploy on d4 (potential 2) and press stop to leave it there; then dispatch d3 to c2.",
            "expect": ["d4"],
            "strict": True,
            "answer": "d4-stop,d3-c2",
            "done": "Now Black has no site with potential 1 or more: no legal move, so the game "
            "ends. White deploys on every empty site, then captures every Black stone whose "
            "potential for White is 2 or more, until none is left (crosses): 19 to 0. The most "
            "stones wins. A position that comes back a third time at the start of a turn ends "
            "the game the same way.",
        },
    ],
}
