"""A record's verdict depends on its own lines only (docs/format.md, Several
records in one file), in every path: the command plain, `check`, `--json`,
`--jobs 2` and `--keep-going`, and the embedding API.

Usage: isolation.py REFEREE SOURCE_DIR ISOLATION_API

1. Regressions, independent of the corpus: a record cut or spoilt at its
   last line (a bad verb, a bad card, an extra word, a bad `deal` line), then
   a legal record, directly or after a blank or comment line; a malformed line
   then a second expectation inside one record.
2. The property, over the corpus: each record R is judged alone; then in one
   file R X1 R X2 R ... Xk R, where each X is another corpus record, whole, cut
   short after one of its lines, or with one line spoilt. Every copy of R
   (after one X, before the next) must get R's verdict, its positions moved
   by the lines before it; every X must get the verdict the API gives it fed
   alone. The X variants are dealt out to the records R in turn, so that each
   variant is judged once, after one R and before another; ISOLATION_SCALE=N
   deals each variant to N records (N at least the number of records: the
   whole product).

A verdict found at the end of a record (an unfinished hand, a record without
a hand) is given alone at the line after its last, and in a file at the next
record's `cgr` line, which closes it: that position alone is compared so.
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile

REF, SRC, API = sys.argv[1], sys.argv[2], sys.argv[3]
SCALE = os.environ.get("ISOLATION_SCALE", "")  # "" or N or "all"
SAMPLE = int(os.environ.get("ISOLATION_SAMPLE", "12"))
LOG = os.environ.get("ISOLATION_LOG")
FAILS = []
EXPECT = re.compile(r"^(\s*#\s*expect:\s*(?:illegal\s+\S+|malformed)\s+)(\d+):(\d+)")


def fail(msg):
    FAILS.append(msg)
    if LOG:
        with open(LOG, "a") as f:
            f.write(msg + "\n")
    if len(FAILS) <= 30:
        print("FAIL: " + msg)


def is_blank(line):
    return line.strip(" \t\r") == ""


def is_comment(line):
    s = line.lstrip(" \t")
    return s.startswith("#") and not s[1:2].isdigit()


def is_expect(line):
    return re.match(r"\s*#\s*expect:", line) is not None


def starts_record(line):
    return line.startswith("cgr") and (len(line) == 3 or line[3] in " \t\r")


def run(args, stdin=None):
    p = subprocess.run([REF] + args, input=stdin, capture_output=True)
    return p.stdout.decode("utf-8", "replace")


# ---- records: what each one's own lines are ---------------------------------

def split_records(lines):
    """The records of a file's lines, as the contract parts them: each from
    the blank and comment lines just before its `cgr` line. None when the
    file holds anything else before its first `cgr` line, or two expectations
    in such a run (whose first belongs to the record before)."""
    starts = [i for i, line in enumerate(lines) if starts_record(line)]
    if not starts:
        return None
    firsts = []
    for s in starts:
        i = s
        while i > 0 and (is_blank(lines[i - 1]) or is_comment(lines[i - 1])):
            i -= 1
        if sum(is_expect(line) for line in lines[i:s]) > 1:
            return None
        firsts.append(i)
    if firsts[0] != 0:
        return None
    return [lines[a:b] for a, b in zip(firsts, firsts[1:] + [len(lines)])], firsts


def shift_expectations(rec, by):
    out = []
    for line in rec:
        m = EXPECT.match(line)
        if m:
            line = "%s%d:%s%s" % (m.group(1), int(m.group(2)) + by, m.group(3), line[m.end():])
        out.append(line)
    return out


def own_record(rec, first, directory):
    """A record as lines of its own: expectations counted from its first line,
    a relative ruleset path made absolute (the record moves)."""
    out = []
    for line in shift_expectations(rec, -first):
        m = re.match(r"^(variant\s+)(\S*[/.]\S*)(.*)$", line)
        if m and not m.group(2).startswith("/"):
            line = m.group(1) + os.path.join(directory, m.group(2)) + m.group(3)
        out.append(line)
    return out


def corpus_records():
    recs = []
    skipped = 0
    for root, _, files in sorted(os.walk(os.path.join(SRC, "corpus"))):
        for name in sorted(files):
            if not name.endswith(".cgr"):
                continue
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                text = f.read().decode("utf-8", "surrogateescape")
            lines = text.split("\n")
            if lines and lines[-1] == "":
                lines.pop()
            parted = split_records(lines)
            if parted is None:
                skipped += 1
                continue
            for rec, first in zip(*parted):
                recs.append((path, own_record(rec, first, root)))
    return recs, skipped


# ---- the variants of a record X -----------------------------------------------

def ends_in_expectation(rec):
    """The trailing blank and comment lines hold an expectation: in a file,
    it would belong to the next record."""
    i = len(rec)
    while i > 0 and (is_blank(rec[i - 1]) or is_comment(rec[i - 1])):
        i -= 1
        if is_expect(rec[i]):
            return True
    return False


def spoil(line, how):
    if starts_record(line):
        return line.rstrip("\r") + " x"
    if how == 0:
        return line[: max(1, len(line.rstrip("\r")) // 2)]  # a log cut mid-line
    if how == 1:
        return line.rstrip("\r") + " extra"
    words = line.split()
    return " ".join(words[:-1] + ["ZZ"]) if len(words) > 1 else line + " ZZ"


def variants(rec):
    cgr = next(i for i, line in enumerate(rec) if starts_record(line))
    out = []
    for k in range(cgr + 1, len(rec) + 1):
        if not ends_in_expectation(rec[:k]):
            out.append(rec[:k])
    for i, line in enumerate(rec):
        if is_expect(line) and i < cgr:
            out.append(rec[:i] + ["# expect: legl"] + rec[i + 1:])
        elif is_blank(line) or is_comment(line):
            continue
        else:
            out.append(rec[:i] + [spoil(line, 0)])
            for how in (1, 2):
                v = rec[:i] + [spoil(line, how)] + rec[i + 1:]
                if not ends_in_expectation(v):
                    out.append(v)
    return out


# ---- verdicts -----------------------------------------------------------------

def api_verdicts(recs):
    feed = "\n\f\n".join("\n".join(r) for r in recs) + "\n"
    p = subprocess.run([API], input=feed.encode("utf-8", "surrogateescape"),
                       capture_output=True, check=True)
    out = []
    for line in p.stdout.decode().splitlines():
        status, code, ln, col = line.split()
        out.append((status, None if code == "-" else code, int(ln), int(col)))
    return out


def from_json(text):
    out = []
    for line in text.splitlines():
        d = json.loads(line)
        e = d.get("ruleset_error")
        if e:  # where the ruleset failed: the `variant` line, or its YAML file
            out.append(("ruleset", "@" + e["file"], e["line"], e["col"]))
            continue
        out.append((d["verdict"], d.get("code"), d.get("line", 0), d.get("col", 0)))
    return out


PLAIN = re.compile(r"^(\S.*?):(\d+)(?::(\d+))?: (legal|illegal|malformed|ruleset): (?:([A-Z0-9-]+): )?")


def from_plain(text):
    out = []
    for line in text.splitlines():
        m = PLAIN.match(line)
        if m:
            status = m.group(4)
            code = m.group(5) if status == "illegal" else None
            if status == "legal":
                out.append((status, None, 0, 0))
            elif status == "ruleset":
                out.append((status, "@" + m.group(1), int(m.group(2)), int(m.group(3))))
            else:
                out.append((status, code, int(m.group(2)), int(m.group(3))))
    return out


def from_tap(text):
    return [line.startswith("ok") for line in text.splitlines()
            if line.startswith("ok ") or line.startswith("not ok ")]


def modes(paths):
    """The verdicts of the records of the files, in each mode (check: passed
    or not), each mode in one run over them all."""
    def each(args):
        return run(args + paths)

    def cut(args):  # up to 256 files a run, each measured and cut into parts
        return "".join(run(args + ["--jobs", "2", "--part-size", "1000"] + paths[i:i + 200])
                       for i in range(0, len(paths), 200))
    return {"plain": from_plain(each(["--color", "never"])),
            "keep-going": from_plain(each(["--color", "never", "--keep-going"])),
            "json": from_json(each(["--json"])),
            "jobs": from_json(each(["--json", "--jobs", "2"])),
            "plain-jobs": from_plain(each(["--color", "never", "--jobs", "2"])),
            "json-parts": from_json(cut(["--json"])),
            "check": from_tap(each(["check", "--tap"])),
            "check-jobs": from_tap(each(["check", "--tap", "--jobs", "2"])),
            "check-parts": from_tap(cut(["check", "--tap"]))}


def in_record(v, path):
    """A ruleset error's place: in the record's file (a `variant` line),
    as any other verdict's, or in its YAML file, which does not move."""
    if v[0] == "ruleset" and v[1] is not None and v[1].startswith("@"):
        return (v[0], None if v[1][1:] == path else v[1], v[2], v[3])
    return v


def same(alone, got, first, nlines, closer):
    """got (in a file, the record from line first + 1) is alone's verdict
    (alone, the record was nlines long) moved by first; closer: the line of
    the next record's `cgr` line, or None at the end of the file."""
    status, code, line, col = alone
    if status == "ruleset" and code is not None:
        return got == alone
    if status == "legal" or line == 0:
        return got == alone
    return got == (status, code, line + first, col)


def write(directory, name, recs):
    path = os.path.join(directory, name)
    with open(path, "wb") as f:
        f.write(("\n".join("\n".join(r) for r in recs) + "\n").encode("utf-8", "surrogateescape"))
    return path


# ---- 1. regressions -----------------------------------------------------------

HEAD = ["cgr 1", "variant classic", "player Anne", "player Bruno", "hand 1", "dealer Bruno"]
DEAL_A = "deal Anne KH KH KS KS KD KD KC AH AS AD 9H 9S 9D 5C 6C"
DEAL_B = "deal Bruno QH QS QD JH JS JD TH TS TD 8H 8S 7H 7S 6S 4S"
CUT = HEAD + [DEAL_A, DEAL_B, "pile 8D", "Anne draw 5H"]
LEGAL = ["# Anne goes out (concealed) by melding four black threes as her last cards.",
         "# expect: legal"] + HEAD + [
    "deal Anne KH KH KS KS KD KD KC KC AH AS AD 3S 3S 3C 3C", DEAL_B, "pile 8D",
    "Anne draw AC", "Anne meld KH KH KS KS KD KD KC KC", "Anne meld AH AS AD AC",
    "Anne meld 3S 3S 3C 3C", "score Anne 880 Bruno -130"]


def regression(tmp, name, records, wants):
    """records: each record's lines; wants: each record's (status, code,
    line, col), lines counted in the file."""
    path = write(tmp, name, records)
    firsts = [sum(len(r) for r in records[:i]) for i in range(len(records))]
    for mode, got in modes([path]).items():
        if mode.startswith("check"):
            continue  # the records say nothing of what they expect
        got = [in_record(v, path) for v in got]
        if got != wants:
            fail("%s: %s: %s, expected %s" % (name, mode, got, wants))
    api = api_verdicts(records)
    for i, (want, first) in enumerate(zip(wants, firsts)):
        moved = want if want[2] == 0 else (want[0], want[1], want[2] - first, want[3])
        if api[i] != moved:
            fail("%s: record %d through the API: %s, expected %s" % (name, i + 1, api[i], moved))


def regressions(tmp):
    legal = ("legal", None, 0, 0)
    n = len(CUT)
    endings = [("verb", "Anne discar 5H", 6), ("card", "Anne discard 5X", 14),
               ("word", "Anne discard 5H now", 17)]
    for what, last, col in endings:
        for between, gap in (("", []), ("blank", [""]), ("comment", ["# next"])):
            recs = [CUT + [last] + gap, LEGAL]
            regression(tmp, "last-%s%s.cgr" % (what, "-" + between if between else ""), recs,
                       [("malformed", None, n + 1, col), legal])
    bad_deal = HEAD + [DEAL_A, DEAL_B[:-1]]  # "4": a card cut short
    regression(tmp, "last-deal.cgr", [bad_deal, LEGAL],
               [("malformed", None, len(bad_deal), len(DEAL_B) - 1), legal])
    # a malformed line, then a second expectation: the malformed line stands
    one = ["# expect: legal"] + CUT + ["Anne discar 5H", "# expect: legal", "Anne discard 5H"]
    regression(tmp, "second-expectation.cgr", [one, LEGAL],
               [("malformed", None, len(CUT) + 2, 6), legal])
    # a comment line that cannot be read is like a comment: just before a
    # record, it is that record's
    regression(tmp, "bad-expectation.cgr", [CUT + ["Anne discard 5H"], ["# expect: legl"] + LEGAL[1:]],
               [("illegal", "HAND-UNFINISHED", len(CUT) + 2, 1), ("malformed", None, len(CUT) + 2, 1)])
    # and in check, the record before is charged, never the legal one after
    path = write(tmp, "check.cgr", [["# expect: malformed %d:6" % (len(CUT) + 2)] + CUT +
                                    ["Anne discar 5H"], LEGAL])
    for jobs in ([], ["--jobs", "2"]):
        got = run(["check"] + jobs + [path])
        if "2 passed, 0 failed" not in got:
            fail("check %s: %s" % (" ".join(jobs), got.strip()))


# ---- 2. the property over the corpus ----------------------------------------

def judge_alone(tmp, recs):
    directory = os.path.join(tmp, "alone")
    os.mkdir(directory)
    paths = [write(directory, "r%04d.cgr" % i, [r]) for i, (_, r) in enumerate(recs)]
    js = from_json(run(["--json"] + paths))
    kg = from_json(run(["--json", "--keep-going"] + paths))
    tap = from_tap(run(["check", "--tap"] + paths))
    return ([in_record(v, p) for v, p in zip(js, paths)],
            [in_record(v, p) for v, p in zip(kg, paths)], tap)


def build(tmp, i, r, xs):
    """The file R X1 R X2 ... R: its path, and each record's kind, lines,
    variant number, first line (less one) and closing `cgr` line."""
    pieces = []
    for vid, x in xs:
        pieces += [("R", r, i), ("X", x, vid)]
    pieces.append(("R", r, i))
    placed, firsts, at = [], [], 0
    for _, rec, _ in pieces:
        placed.append(shift_expectations(rec, at))
        firsts.append(at)
        at += len(rec)
    meta = []
    for j, (kind, rec, num) in enumerate(pieces):
        closer = None
        if j + 1 < len(pieces):
            closer = firsts[j + 1] + 1 + next(k for k, line in enumerate(pieces[j + 1][1])
                                              if starts_record(line))
        meta.append((kind, rec, num, firsts[j], closer))
    return write(tmp, "p%04d.cgr" % i, placed), meta


def check_all(files, alone, kg, tap, api):
    """Every R as alone, every X as the API says, in every mode."""
    records = [m for _, meta in files for m in meta]
    paths = [path for path, meta in files for _ in meta]
    where = ["%s record %d" % (path, j + 1) for path, meta in files for j in range(len(meta))]
    for mode, got in modes([path for path, _ in files]).items():
        if len(got) != len(records):
            fail("%s: %d verdicts for %d records" % (mode, len(got), len(records)))
            continue
        for (kind, rec, num, first, closer), g, w, path in zip(records, got, where, paths):
            name = NAMES[num] if kind == "R" else "variant %d" % num
            if mode.startswith("check"):
                if kind == "R" and g != tap[num]:
                    fail("%s: %s (%s): %s, alone %s" % (mode, w, name, g, tap[num]))
                continue
            if mode == "keep-going" and kind == "X":
                continue  # the API stops at the first error
            want = (kg if mode == "keep-going" else alone)[num] if kind == "R" else api[num]
            g = in_record(g, path)
            if not same(want, g, first, len(rec), closer):
                fail("%s: %s (%s): %s, alone %s" % (mode, w, name, g, want))


NAMES = []


def r_name(i):
    return NAMES[i]


def prop(tmp):
    recs, skipped = corpus_records()
    NAMES.extend("%s#%d" % (os.path.relpath(p, SRC), i) for i, (p, _) in enumerate(recs))
    alone, kg, tap = judge_alone(tmp, recs)
    api_alone = api_verdicts([r for _, r in recs])
    for i, (a, b) in enumerate(zip(alone, api_alone)):
        if not same(a, b, 0, len(recs[i][1]), None):
            fail("%s: the command %s, the API %s" % (NAMES[i], a, b))
    pool = [v for _, r in recs for v in variants(r)]
    rng = random.Random(35)
    deal = [[] for _ in recs]
    rounds = len(recs) if SCALE == "all" else int(SCALE or 0)
    order = list(range(len(pool)))
    for k in range(min(rounds, len(recs))):
        rng.shuffle(order)
        for n, vid in enumerate(order):
            deal[(n + k * 7919) % len(recs)].append(vid)
    if not rounds:
        deal = [rng.sample(order, min(SAMPLE, len(pool))) for _ in recs]
    directory = os.path.join(tmp, "files")
    os.mkdir(directory)
    files = [build(directory, i, r, [(v, pool[v]) for v in deal[i]]) for i, (_, r) in enumerate(recs)]
    used = sorted({v for d in deal for v in d})
    api = dict(zip(used, api_verdicts([pool[v] for v in used])))
    check_all(files, alone, kg, tap, api)
    print("isolation: %d records (%d files not parted: anything but comments before the first "
          "cgr line), %d variants of them, %s: %d records judged in 9 modes"
          % (len(recs), skipped, len(pool),
             "each after and before %d record(s)" % rounds if rounds else
             "%d of them after and before each record" % SAMPLE,
                          len(recs) * (1 + 1) + sum(2 * len(d) for d in deal)))


def main():
    with tempfile.TemporaryDirectory() as tmp:
        regressions(tmp)
        prop(tmp)
    print("%d failure(s)" % len(FAILS))
    print("%d passed, %d failed" % (0 if FAILS else 1, 1 if FAILS else 0))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
