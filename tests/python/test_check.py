"""canasta_referee.check() against the command line: every corpus file judged
by both, the same verdicts, codes, lines, columns, sentences and totals; and
records() on a file of several records."""
import json
import os
import subprocess
import tempfile
import unittest

import canasta_referee as cr

SOURCE = os.environ.get("SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
REFEREE = os.environ.get("REFEREE", os.path.join(SOURCE, "build", "referee"))
CORPUS = os.path.join(SOURCE, "corpus")


def cli_verdicts(path):
    out = subprocess.run([REFEREE, "--json", os.path.basename(path)], capture_output=True,
                         text=True, cwd=os.path.dirname(path), check=False).stdout
    return [json.loads(l) for l in out.splitlines() if l.startswith("{")]


def as_cli(rv):
    v = rv.verdict
    return (v.status, v.code, v.line, v.column, v.message, v.rule, rv.totals)


def of_cli(j):
    return (j["verdict"], j.get("code"), j.get("line", 0), j.get("col", 0), j.get("message", ""),
            j.get("rule"), j.get("totals", {}))


class Check(unittest.TestCase):
    def test_every_corpus_file_as_the_command_judges_it(self):
        files = sorted(os.path.join(d, f) for d, _, fs in os.walk(CORPUS) for f in fs
                       if f.endswith(".cgr"))
        self.assertGreater(len(files), 500)
        here = os.getcwd()
        records = 0
        try:
            for path in files:
                os.chdir(os.path.dirname(path))  # relative `variant` paths
                mine = [as_cli(rv) for rv in cr.check(os.path.basename(path))]
                theirs = [of_cli(j) for j in cli_verdicts(path)]
                self.assertEqual(mine, theirs, path)
                records += len(mine)
        finally:
            os.chdir(here)
        self.assertGreater(records, len(files))

    def test_records_of_a_file(self):
        text = ("# one\ncgr 1\nvariant classic\n\n# expect: legal\ncgr 1\nvariant classic\n"
                "player Anne\n")
        with tempfile.NamedTemporaryFile("w", suffix=".cgr", delete=False) as f:
            f.write(text)
        try:
            recs = list(cr.records(f.name))
        finally:
            os.remove(f.name)
        self.assertEqual([(r.index, r.first_line, r.end_line) for r in recs], [(1, 1, 6), (2, 4, 9)])
        self.assertEqual("".join(r.text for r in recs), text)


if __name__ == "__main__":
    unittest.main()
