"""Game.legal_actions() on records of the corpus, pushed line by line: the
record's next action, when legal, is listed at every position (the same player, verb,
reference and cards), every listed line is legal to try_line, and by_rank
lists one of each multiset of ranks, each also in the full list."""
import os
import unittest

import canasta_referee as cr

SOURCE = os.environ.get("SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
RECORDS = ["corpus/classic/illegal-wild-overflow.cgr", "corpus/bolivia/legal-generated-game.cgr",
           "corpus/modern-american/legal-aces-opening-wild.cgr",
           "corpus/modern-american/legal-special-blast-off.cgr",
           "corpus/hand-and-foot/legal-foot-walking.cgr"]
VERBS = {"draw", "take", "meld", "add", "red3", "foot", "talon", "show", "ask", "yes", "no",
         "discard", "end", "merge"}


def key(player, verb, ref, cards):
    return (player, verb, ref or "", tuple(sorted(cards)))


def key_of_line(line):
    words = []
    for w in line.split():
        if w.startswith("#") and not w[1:].isdigit():
            break                       # a comment
        words.append(w)
    player, verb, rest = words[0], words[1], words[2:]
    nref = 2 if verb == "merge" else 1 if verb == "add" else 0
    return key(player, verb, " ".join(rest[:nref]), rest[nref:])


class LegalActions(unittest.TestCase):
    def walk(self, path):
        with open(os.path.join(SOURCE, path), encoding="utf-8") as f:
            lines = f.read().split("\n")
        game = cr.Game()
        positions = 0
        for line in lines:
            words = line.split()
            if len(words) > 1 and words[1] in VERBS and not words[0].startswith("#") \
                    and game.verdict.legal:
                actions = game.legal_actions()
                keys = {key(a.player, a.verb, a.ref, a.cards) for a in actions}
                if game.is_legal(line) and (words[1] != "add" or words[2].startswith("#")):
                    self.assertIn(key_of_line(line), keys, f"{path}: {line}")
                for a in actions:
                    self.assertTrue(game.is_legal(a.line), f"{path}: {a.line}")
                    self.assertTrue(all(w in ("turn_end", "not_out", "last_discard") for w in a.owes))
                full = {a.line for a in actions}
                one_each = game.legal_actions(by_rank=True)
                self.assertLessEqual(len(one_each), len(actions))
                self.assertTrue({a.line for a in one_each} <= full)
                positions += 1
            try:
                game.push(line)
            except cr.RefereeError:
                break
        return positions

    def test_corpus_records(self):
        for path in RECORDS:
            if os.path.exists(os.path.join(SOURCE, path)):
                with self.subTest(path=path):
                    self.assertGreater(self.walk(path), 0)

    def test_nothing_outside_a_hand(self):
        game = cr.Game("classic")
        self.assertEqual(game.legal_actions(), [])
        game.push("cgr 1")
        self.assertEqual(game.legal_actions(), [])


if __name__ == "__main__":
    unittest.main()
