"""A small Gyre engine for the protocol tests, in plain Python (it does not use hexarena).

It knows the board of a regular hexhex of side n (cell names: column letter from the smallest
q, row number from the smallest r), keeps the stones of ``position`` and answers ``go`` with a
random empty cell. ``--mode crash`` exits at its first ``go``; ``--mode illegal`` answers an
occupied cell (or ``zz99`` before any stone is down); ``--mode slow`` never answers ``go``;
``--mode ponder`` answers as UCI engines often do, ``bestmove CELL ponder CELL``; ``--mode
slowready`` takes 2 s before its ``readyok``, as an engine loading or compiling does; ``--mode
badbytes`` writes a line that is not UTF-8 before each ``bestmove``; ``--mode incremental``
offers the option ``incremental`` and so is sent ``position continue N moves ...`` (the turns
after the N it holds), and ``--mode badcontinue`` offers it but refuses those lines.
``--mode hangchild`` starts a child process at its first ``go`` (saying its process id in an
``info`` line) and waits for it, never answering, as a wrapper script around a hung engine does;
``--mode early`` writes ``bestmove zz99`` after its first ``readyok``, before any ``go``, and
``--mode twice`` answers each ``go`` a second time with ``bestmove zz99``; ``--mode spam``
writes 300 lines of junk after each ``readyok``; ``--mode deaf`` stops reading its input after
its second ``readyok``. ``--mode stubborn`` ignores SIGINT (Ctrl-C) and hangs at its first ``go``
as ``hangchild`` does, after adding a line with its process id and its child's to the file named
by ``--pids FILE`` (one write, so that engines sharing the file do not mix their lines).
"""

import os
import random
import signal
import subprocess
import sys
import time


def cells(n):
    """Names of the cells of a hexhex board of side n."""
    out = []
    for r in range(-(n - 1), n):
        for q in range(-(n - 1), n):
            if abs(q + r) <= n - 1:
                out.append(f"{chr(ord('a') + q + n - 1)}{r + n}")
    return out


def main():
    mode = sys.argv[sys.argv.index("--mode") + 1] if "--mode" in sys.argv else "random"
    if mode == "stubborn":
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # and so does its child
    size = 7
    taken = []
    rng = random.Random(1)
    readied = False
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "ugi":
            print("id name test-gyre")
            print("option name size type spin default 7 min 3 max 12")
            if mode in ("incremental", "badcontinue"):
                print("option name incremental type check default false")
            print("ugiok")
        elif cmd == "isready":
            if mode == "slowready":
                time.sleep(2)
            print("readyok")
            if mode == "early" and not readied:  # an answer no one asked for
                print("bestmove zz99")
            if mode == "deaf" and readied:  # reads nothing more
                sys.stdout.flush()
                time.sleep(3600)
            if mode == "spam":  # more lines than the host reads ahead
                for i in range(300):
                    print(f"junk {i}")
            readied = True
        elif cmd == "setoption" and len(words) >= 5 and words[2] == "size":
            size = int(words[4])
        elif cmd == "position" and len(words) > 1 and words[1] == "continue":
            if mode != "incremental" or int(words[2]) != len(taken):
                print(f"info string error position: I hold {len(taken)} turns")
            else:
                taken = taken + words[4:]
        elif cmd == "position":
            taken = words[3:] if len(words) > 2 and words[2] == "moves" else []
        elif cmd == "go":
            if mode == "crash":
                sys.exit(3)
            if mode in ("hangchild", "stubborn"):
                child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
                print(f"info string child {child.pid}", flush=True)
                if mode == "stubborn":
                    pids = sys.argv[sys.argv.index("--pids") + 1]
                    fd = os.open(pids, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
                    os.write(fd, b"%d %d\n" % (os.getpid(), child.pid))
                    os.close(fd)
                child.wait()
            if mode == "slow":
                continue
            print(f"info string {len(taken)} moves so far")
            if mode == "badbytes":
                sys.stdout.flush()
                sys.stdout.buffer.write(b"info string \xff\xfe latin-1 \xe9\n")
                sys.stdout.buffer.flush()
            if mode == "illegal":
                print("bestmove " + (taken[0] if taken else "zz99"))
            else:
                free = [c for c in cells(size) if c not in taken]
                ponder = f" ponder {free[0]}" if mode == "ponder" else ""
                print("bestmove " + rng.choice(free) + ponder)
                if mode == "twice":  # a second answer to the same go
                    print("bestmove zz99")
        elif cmd == "quit":
            return
        sys.stdout.flush()


if __name__ == "__main__":
    main()
