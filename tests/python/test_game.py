"""canasta_referee's Game, Ruleset and exceptions, on records of the corpus."""
import os
import tempfile
import unittest

import canasta_referee as cr

SOURCE = os.environ.get("SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
CORPUS = os.path.join(SOURCE, "corpus")


def lines_of(relative):
    with open(os.path.join(CORPUS, relative), encoding="utf-8") as f:
        return f.read().split("\n")


def push_all(game, lines):
    for line in lines:
        game.push(line)


class Rulesets(unittest.TestCase):
    def test_a_builtin_ruleset_by_name(self):
        self.assertEqual(cr.Ruleset("modern-american").name, "modern-american")

    def test_an_unknown_name_says_the_nearest(self):
        with self.assertRaises(cr.RulesetError) as e:
            cr.Ruleset("clasic")
        self.assertIn("classic", str(e.exception))

    def test_a_broken_file_says_where(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "broken.yaml")
            with open(path, "w", encoding="utf-8") as f:
                f.write("extends: classic\nmeld:\n  max_wild: lots\n")
            with self.assertRaises(cr.RulesetError) as e:
                cr.Ruleset(path)
        self.assertRegex(str(e.exception), r"broken\.yaml:3:\d+: ")


class Push(unittest.TestCase):
    def test_a_legal_record_scores(self):
        game = cr.Game(cr.Ruleset("classic"))
        push_all(game, lines_of("classic/legal-2p-black-threes-out.cgr"))
        self.assertTrue(game.finish().legal)
        self.assertEqual(game.verdict.status, cr.LEGAL)
        self.assertEqual(len(game.hand_scores), 1)
        self.assertEqual(game.totals, game.hand_scores[0])
        self.assertEqual(set(game.teams), {"Anne", "Bruno"})

    def test_an_illegal_action_raises_with_its_position_and_rule(self):
        game = cr.Game("classic")
        with self.assertRaises(cr.IllegalAction) as e:
            push_all(game, lines_of("classic/illegal-wild-overflow.cgr"))
        err = e.exception
        self.assertEqual((err.code, err.line, err.column, err.rule),
                         ("WILD-OVERFLOW", 13, 6, "meld.max_wild"))
        self.assertIn("4 wild cards", err.message)
        self.assertIsInstance(err, ValueError)
        # the game keeps its verdict: a later push raises it again
        with self.assertRaises(cr.IllegalAction):
            game.push("Bruno draw 5H")

    def test_a_malformed_line_raises_at_its_column(self):
        game = cr.Game("classic")
        push_all(game, lines_of("classic/legal-2p-black-threes-out.cgr")[:12])
        with self.assertRaises(cr.MalformedLine) as e:
            game.push("Anne discar 5H")
        self.assertEqual((e.exception.code, e.exception.line, e.exception.column), (None, 13, 6))

    def test_the_variant_line_chooses_the_rules_without_a_ruleset(self):
        game = cr.Game()
        push_all(game, lines_of("classic/legal-2p-black-threes-out.cgr"))
        self.assertTrue(game.finish().legal)

    def test_an_unfinished_hand_is_charged_at_finish(self):
        game = cr.Game("classic")
        push_all(game, [l for l in lines_of("classic/legal-2p-black-threes-out.cgr")[:14] if l])
        with self.assertRaises(cr.IllegalAction) as e:
            game.finish()
        self.assertEqual(e.exception.code, "HAND-UNFINISHED")


class TryCopyReset(unittest.TestCase):
    def setUp(self):
        self.lines = lines_of("classic/illegal-wild-overflow.cgr")
        self.game = cr.Game("classic")
        push_all(self.game, self.lines[:12])  # up to the refused meld (line 13)

    def snapshot(self, game):
        return (game.verdict, game.turn, game.pending, game.hand_size("Anne"), game.totals)

    def test_try_tells_the_verdict_and_changes_nothing(self):
        before = self.snapshot(self.game)
        tried = self.game.try_line(self.lines[12])
        self.assertEqual((tried.status, tried.code, tried.line), (cr.ILLEGAL, "WILD-OVERFLOW", 13))
        self.assertEqual(self.snapshot(self.game), before)
        self.assertTrue(self.game.is_legal("Anne meld KH KS KD 2C"))
        self.assertFalse(self.game.is_legal("Anne meld KH KS"))
        self.assertEqual(self.snapshot(self.game), before)
        with self.assertRaises(cr.IllegalAction) as e:
            self.game.push(self.lines[12])
        self.assertEqual(e.exception.verdict, tried)

    def test_a_copy_goes_its_own_way(self):
        copy = self.game.copy()
        copy.push("Anne meld KH KS KD 2C")
        self.assertEqual(copy.hand_size("Anne"), self.game.hand_size("Anne") - 4)
        with self.assertRaises(cr.IllegalAction):
            self.game.push(self.lines[12])
        self.assertTrue(copy.verdict.legal)

    def test_reset_judges_the_next_record(self):
        with self.assertRaises(cr.IllegalAction):
            self.game.push(self.lines[12])
        self.game.reset()
        self.assertTrue(self.game.verdict.legal)
        push_all(self.game, lines_of("classic/legal-2p-black-threes-out.cgr"))
        self.assertTrue(self.game.finish().legal)

    def test_judge_takes_a_whole_record(self):
        text = "\n".join(self.lines)
        verdict = self.game.judge(text)
        self.assertEqual((verdict.code, verdict.line, verdict.column), ("WILD-OVERFLOW", 13, 6))


class GameState(unittest.TestCase):
    def test_the_dealt_hands_and_the_table(self):
        lines = lines_of("classic/legal-2p-black-threes-out.cgr")
        game = cr.Game("classic")
        deals = {}
        for line in lines:
            game.push(line)
            words = line.split()
            if words[:1] == ["deal"]:
                deals[words[1]] = sorted(words[2:])
            if words[:1] == ["pile"]:
                break
        state = game.state
        self.assertTrue(state.in_hand and not state.drawn)
        self.assertEqual({p.name: sorted(p.hand) for p in state.players}, deals)
        self.assertEqual(state.top, words[-1])
        game.push(lines[lines.index(line) + 1])  # the first draw: the setup was complete
        state = game.state
        self.assertTrue(state.dealt and state.drawn)
        self.assertEqual(state.to_act, game.turn)
        self.assertEqual(state.melds, [])
        self.assertEqual([t.total for t in state.teams], [0, 0])

    def test_melds_as_they_are_laid(self):
        game = cr.Game("classic")
        push_all(game, lines_of("classic/illegal-wild-overflow.cgr")[:12])
        game.push("Anne meld KH KS KD 2C")
        (meld,) = game.state.melds
        self.assertEqual((meld.team, meld.number, meld.kind, meld.rank, meld.naturals, meld.wilds,
                          meld.canasta), ("Anne", 1, "set", 11, 3, 1, False))
        self.assertEqual(sorted(meld.cards), ["2C", "KD", "KH", "KS"])
        anne = game.state.players[0]
        self.assertTrue(anne.melded)
        game.push("Anne discard " + anne.hand[0])  # the opening, judged as the turn ends
        self.assertTrue(game.state.teams[0].opened)
        self.assertEqual(game.state.top, anne.hand[0])

    def test_between_hands_only_the_totals(self):
        game = cr.Game("classic")
        push_all(game, lines_of("classic/legal-2p-black-threes-out.cgr"))
        state = game.state
        self.assertFalse(state.in_hand)
        self.assertEqual(state.hands_scored, 1)
        self.assertEqual({t.name: t.total for t in state.teams}, game.totals)

    def test_a_pile_taken_with_a_black_three_sets_it_aside(self):
        # Cuban canasta (set_aside.classes [black3]): a hand `referee gen` wrote
        game = cr.Game(os.path.join(CORPUS, "custom", "cuban.yaml"))
        push_all(game, CUBAN_HAND)
        self.assertEqual(game.state.aside_due, [])
        self.assertEqual([t.set_aside for t in game.state.teams], [0, 0])
        game.push("Denis take KS KH")
        state = game.state
        self.assertEqual(state.to_act, "Denis")
        self.assertEqual(state.aside_due, ["3S"])
        self.assertNotIn("3S", state.players[3].hand)
        game.push("Denis aside 3S")
        state = game.state
        self.assertEqual(state.aside_due, [])
        self.assertEqual({t.name: t.set_aside for t in state.teams}, {"NS": 0, "EW": 1})


CUBAN_HAND = """cgr 1
variant cuban
player Anne team NS
player Bruno team EW
player Chloe team NS
player Denis team EW
hand 1
dealer Anne
deal Anne 4C 8S 9C 2C 8D TS 9C 5C AC 2D 5S TC 8H
deal Bruno 4H JC 6S TH JD JK 8C 7S 2H 9H 3S KD 6C
deal Chloe 5H 5D 7H 6H TD 2D 7D 7D TS KS 7S 3C AS
deal Denis KH 4D 4S 2S 9H QC KD 4H JD KS 5C QC AH
stock 6C JK JK 7C 6S 9D 8D 9S 8C QS TH KH 2H TD JK 3S QD 4S JS 3C 6D 7H AH QS 5D AD \
AS KC QD JS 3H 2C JH 8S 6D JH 4C TC 6H 3D QH 8H 5H KC QH AC JC 9S 7C 5S 9D 3D AD 3H 4D
pile 2S
Bruno draw 6C
Bruno meld 2H JD JC JK
Bruno meld 6S 6C 6C
Bruno discard 9H
Chloe draw JK
Chloe meld 2D 7S 7H 7D 7D JK
Chloe discard AS
Denis draw JK
Denis discard 5C
Anne take 5S 5C
Anne meld 2S 2D 2C 9H 9C 9C
Anne meld 8S 8H 8D
Anne discard AS
Bruno draw 7C
Bruno discard 3S
Chloe draw 6S
Chloe add #2 5H 5D
Chloe discard KS""".split("\n")


if __name__ == "__main__":
    unittest.main()
