"""docs/python.md runs as written: its ```python blocks in order, in one
namespace, from the repository's top; each block followed by a ```text block
must print exactly that."""
import contextlib
import io
import os
import re
import unittest

SOURCE = os.environ.get("SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))


class Docs(unittest.TestCase):
    def test_python_md_runs_as_written(self):
        with open(os.path.join(SOURCE, "docs", "python.md"), encoding="utf-8") as f:
            page = f.read()
        blocks = re.findall(r"```(\w+)\n(.*?)```", page, re.S)
        namespace = {}
        here = os.getcwd()
        os.chdir(SOURCE)
        ran = 0
        try:
            for i, (lang, code) in enumerate(blocks):
                if lang != "python":
                    continue
                out = io.StringIO()
                with contextlib.redirect_stdout(out):
                    exec(compile(code, f"docs/python.md block {i}", "exec"), namespace)
                ran += 1
                if i + 1 < len(blocks) and blocks[i + 1][0] == "text":
                    self.assertEqual(out.getvalue(), blocks[i + 1][1], f"block {i}")
        finally:
            os.chdir(here)
        self.assertGreaterEqual(ran, 4)


if __name__ == "__main__":
    unittest.main()
