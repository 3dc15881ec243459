#!/usr/bin/env python3
"""Feeds the built binary damaged input and checks that every subcommand answers it alike:

    python3 tools/cli_consistency.py [--binary target/release/sudoku] [--seed S] [--runs N]

Each run joins a few records (one-line puzzles of several sizes, 9-line grids, in ASCII or
box-drawing lines or as spreadsheet rows, candidate lines, grids of pencil marks, puzzles with no or many solutions; all
made by the binary itself), damages them (a character dropped, added or changed, lines split,
joined, doubled or dropped, comments and borders put in) and runs solve, count, check, candidates, hint, explain, fill and rate on them,
with or without --box or --alphabet. It reports a run where:

- a command panics, exits with a status outside 0-3, or prints a line of JSON that does not read
  or whose `status` is not in the shared vocabulary;
- the commands' JSON objects are not for the same records (their `line`s differ), or count
  calls a puzzle without solution that solve solved, or the other way round, or solve -u
  refuses as not unique another set of puzzles than count finds more than one solution for;
- a CSV row, a line of a line format, or a block of a block format is missing or extra (with
  or without --show puzzle and --timer);
- a line format's answers or messages with -j 1 and -j 2 are not the same, byte for byte.

A fifth of the runs give the records as CSV rows (`--csv`, fields split at `,`, `;` or a tab),
some others as JSON Lines (`{"puzzle": ...}`), and lines end in LF, CRLF or CR.

A failing run's input is kept as find_SEED_RUN.in in the working directory. Nothing here is part
of `cargo test`; the binary's own tests cover each rule on fixed input.
"""
import argparse
import csv
import io
import json
import random
import subprocess

COMMANDS = ["solve", "count", "check", "candidates", "hint", "explain", "fill", "rate"]
STATUSES = {"ok", "invalid", "no_solution", "multiple", "stuck", "failed", "timeout"}
LINE_FORMATS = [("solve", []), ("count", []), ("check", []), ("hint", []), ("fill", []),
                ("rate", []), ("candidates", ["-f", "candidates"])]
BLOCK_FORMATS = [("explain", []), ("candidates", []), ("solve", ["-f", "grid"]),
                 ("fill", ["-f", "grid"])]
EXTRA_ARGS = [[], [], [], ["--box", "2x3"], ["--box", "2x2"], ["--box", "4x4"],
              ["--alphabet", "letters"]]


def run(binary, args, data):
    return subprocess.run([binary, *args], input=data, capture_output=True, timeout=300)


def timeout_args(command):
    """candidates does no search, and takes no --timeout."""
    return [] if command == "candidates" else ["--timeout", "3s"]


def samples(binary):
    """Records of every kind, made by the binary, a list of lines per kind."""
    out = lambda *args: run(binary, list(args), b"").stdout
    made = {
        "nine": out("generate", "--seed", "5", "-n", "20"),
        "four": out("generate", "--seed", "5", "-n", "5", "--box", "2x2"),
        "six": out("generate", "--seed", "5", "-n", "5", "--box", "2x3"),
        "eight": out("generate", "--seed", "7", "-n", "3", "--box", "2x4"),
        "sixteen": out("generate", "--seed", "5", "-n", "2", "--box", "4x4", "--difficulty", "easy"),
        "letters": out("generate", "--seed", "7", "-n", "3", "--alphabet", "letters"),
        "many": b"1" + b"." * 80 + b"\n" + b"." * 81 + b"\n",
        "none": b"12345678.........9" + b"." * 63 + b"\n",
    }
    made["grids"] = run(binary, ["solve", "-f", "grid"], made["nine"]).stdout
    # Grids as a spreadsheet saves them: a row a line, cells split by commas, blanks empty.
    made["sheet"] = b"".join(
        b"".join(b",".join(b"" if c in b".0" else bytes([c]) for c in line[r * 9:r * 9 + 9]) + b"\n"
                 for r in range(9))
        for line in made["nine"].split(b"\n") if len(line) == 81)
    made["drawn"] = (made["grids"].replace(b"|", "│".encode()).replace(b"-", "─".encode())
                     .replace(b"+", "┼".encode()))
    made["candidate_lines"] = run(binary, ["candidates", "-f", "candidates"], made["nine"]).stdout
    made["marks_six"] = run(binary, ["candidates"], made["six"]).stdout
    made["marks_nine"] = run(binary, ["candidates"], made["nine"]).stdout
    return {kind: text.split(b"\n") for kind, text in made.items()}


def pick(rng, kinds):
    lines = []
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice(list(kinds))
        source = kinds[kind]
        if kind in ("grids", "drawn", "sheet", "marks_six", "marks_nine"):
            start = rng.randrange(len(source))
            lines += source[start:start + rng.randint(1, 14)]
        else:
            filled = [line for line in source if line]
            lines += rng.sample(filled, min(2, len(filled)))
    return lines


def damage(rng, lines):
    for _ in range(rng.randint(0, 4)):
        if not lines:
            lines = [b""]
        i = rng.randrange(len(lines))
        line = bytearray(lines[i])
        kind = rng.randrange(9)
        if kind == 0 and line:
            del line[rng.randrange(len(line))]
        elif kind == 1 and rng.random() < 0.1:
            at = rng.randint(0, len(line))
            line[at:at] = rng.choice(["│", "─", "╬", "é"]).encode()
        elif kind == 1:
            line.insert(rng.randint(0, len(line)), rng.choice(b"123456789.0ABCGZaz |-+*#\t\r\x00\xff,;"))
        elif kind == 2 and line:
            line[rng.randrange(len(line))] = rng.choice(b"123456789.0ABGZ |")
        elif kind == 3:
            lines.insert(i, b"")
        elif kind == 4 and len(lines) > 1:
            del lines[i]
            continue
        elif kind == 5:
            lines.insert(i, lines[i])
        elif kind == 6 and i + 1 < len(lines):
            lines[i:i + 2] = [lines[i] + rng.choice([b"", b" "]) + lines[i + 1]]
            continue
        elif kind == 7 and line:
            cut = rng.randrange(len(line))
            lines[i:i + 1] = [bytes(line[:cut]), bytes(line[cut:])]
            continue
        elif kind == 8:
            lines.insert(i, rng.choice([b"# a comment", b"[Puzzle]", b"  ", b"---+---+---", b"\r"]))
        lines[i] = bytes(line)
    return lines


def check(binary, rng, data, extra):
    """What is wrong with the answers to `data`, or None."""
    lines_of = {}
    for command in COMMANDS:
        answer = run(binary, [command, "-f", "json", *timeout_args(command), *extra], data)
        if answer.returncode not in (0, 1, 2, 3) or b"panicked" in answer.stderr:
            return f"{command}: status {answer.returncode}: {answer.stderr[-300:]!r}"
        objects = []
        for text in answer.stdout.split(b"\n"):
            if not text:
                continue
            try:
                objects.append(json.loads(text))
            except ValueError:
                return f"{command}: not JSON: {text[:200]!r}"
            if objects[-1].get("status") not in STATUSES:
                return f"{command}: status {objects[-1].get('status')!r}"
        lines_of[command] = [o.get("line") for o in objects]
        if command == "solve":
            solved = [o["status"] for o in objects]
        if command == "count":
            counts = [o["status"] for o in objects]
            for counted, status in zip(counts, solved):
                if (status == "no_solution") != (counted == "no_solution") \
                        and "timeout" not in (status, counted):
                    return f"solve says {status}, count {counted}"
            if rng.random() < 0.3:
                # solve -u refuses exactly the puzzles count finds more than one solution for.
                unique = run(binary, ["solve", "-u", "-f", "json", "--timeout", "3s", *extra], data)
                unique = [json.loads(text)["status"] for text in unique.stdout.split(b"\n") if text]
                for alone, counted in zip(unique, counts):
                    if (alone == "multiple") != (counted == "multiple") \
                            and "timeout" not in (alone, counted):
                        return f"solve -u says {alone}, count {counted}"
                if len(unique) != len(counts):
                    return f"solve -u: {len(unique)} objects, count {len(counts)}"
        if rng.random() < 0.3:
            rows = run(binary, [command, "-f", "csv", *timeout_args(command), *extra], data)
            rows = list(csv.reader(io.StringIO(rows.stdout.decode("utf-8", "replace"))))[1:]
            if [row[1] for row in rows] != [str(line) for line in lines_of[command]]:
                return f"{command}: CSV rows for lines {[row[1] for row in rows]}"
    records = lines_of["solve"]
    for command, lines in lines_of.items():
        if lines != records:
            return f"{command} answers lines {lines}, solve {records}"
    for command, form in LINE_FORMATS:
        if rng.random() < 0.5:
            show = rng.choice([[], ["--show", "puzzle"]])
            timer = rng.choice([[], [], ["--timer"]])
            args = [command, *form, *timeout_args(command), *extra, *show, *timer]
            answers = [run(binary, [*args, "-j", jobs], data) for jobs in ("1", "2")]
            lines = answers[0].stdout.count(b"\n")
            if lines != len(records):
                return f"{command} {form} {timer}: {lines} lines, {len(records)} records"
            timed_out = timer or any(b"timeout" in answer.stdout for answer in answers)
            if answers[0].stdout != answers[1].stdout and not timed_out:
                return f"{command} {form}: -j 1 and -j 2 print different answers"
            if answers[0].stderr != answers[1].stderr and not timed_out:
                return f"{command} {form}: -j 1 and -j 2 print different messages"
    for command, form in BLOCK_FORMATS:
        if rng.random() < 0.5:
            show = rng.choice([[], ["--show", "puzzle"]])
            timer = rng.choice([[], [], ["--timer"]])
            args = [command, *form, *timeout_args(command), *extra, *show, *timer]
            answer = run(binary, args, data).stdout
            blocks = [b for b in answer.rstrip(b"\n").split(b"\n\n") if b] if answer.strip() else []
            if len(blocks) != len(records):
                return f"{command} {form}: {len(blocks)} blocks, {len(records)} records"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default="target/release/sudoku")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=100)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    kinds = samples(args.binary)
    found = 0
    for number in range(args.runs):
        lines = damage(rng, pick(rng, kinds))
        extra = rng.choice(EXTRA_ARGS)
        end = rng.choice([b"\n", b"\r\n", b"\r"])
        if rng.random() < 0.2:
            # The same records as CSV rows: an id, the record (quoted when it needs it), a note,
            # split at a comma, a semicolon or a tab.
            sep = rng.choice([b",", b";", b"\t"])
            special = sep + b'"\r\n'
            quote = lambda text: b'"' + text.replace(b'"', b'""') + b'"' if any(c in text for c in special) else text
            rows = [sep.join([b"id", b"puzzle", b"note"])] + [
                sep.join([b"%d" % i, quote(line), b"x"]) for i, line in enumerate(lines)]
            lines, extra = rows, extra + ["--csv"]
        elif rng.random() < 0.15:
            # The same records as JSON Lines, as -f json prints them; now and then a line that
            # is no such object.
            objects = [json.dumps({"puzzle": line.decode("utf-8", "replace")}).encode() for line in lines]
            if objects and rng.random() < 0.3:
                objects.insert(rng.randrange(len(objects)), rng.choice([b"[1]", b"{}", b"{", b"x"]))
            lines = objects
        data = end.join(lines) + rng.choice([end, b""])
        fault = check(args.binary, rng, data, extra)
        if fault:
            found += 1
            kept = f"find_{args.seed}_{number}.in"
            with open(kept, "wb") as file:
                file.write(data)
            print(f"run {number} {extra}: {fault} (input in {kept})", flush=True)
    print(f"{args.runs} runs, {found} with a fault")


if __name__ == "__main__":
    main()
