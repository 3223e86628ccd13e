"""The Python package's CPU per record (tests/bench.sh): FILE's records judged
by check(FILE) (the file cut into records, each judged with the command's
positions, its scores kept) and by one Game's judge() on each record's text,
the rules loaded once; CPU (user + sys) of this process around each loop.
Prints "python check US judge US" (microseconds a record) and the count."""
import sys
import os

import canasta_referee as cr


def cpu():
    t = os.times()
    return t.user + t.system


def main(path, variant):
    ruleset = cr.Ruleset(variant)
    t0 = cpu()
    verdicts = cr.check(path, ruleset)
    t1 = cpu()
    game = cr.Game(ruleset)
    texts = [r.record.text for r in verdicts]
    t2 = cpu()
    legal = sum(game.judge(text).legal for text in texts)
    t3 = cpu()
    n = len(verdicts)
    if legal != n or not all(v.verdict.legal for v in verdicts):
        print(f"python: {n - legal} of {n} records not legal", file=sys.stderr)
        return 1
    print(f"python check {(t1 - t0) * 1e6 / n:.1f} judge {(t3 - t2) * 1e6 / n:.1f} records {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
