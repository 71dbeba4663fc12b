"""One road, shown: the command line, Python and the page (the WebAssembly
build, run under Node) give the same JSON for every family of the registry.

For every family, each of its examples and positions reached from them by
random moves, in normal and in misère play, the script asks the three
front-ends for the analysis and compares, field by field:

- the report (the command line's ``--json``: game, position, convention,
  value, outcome, winning moves) of all three;
- every legal move with its value and outcome, and the drawing as data, of
  Python and the page (the command line prints neither as JSON);
- refusals: a position one front-end refuses, the others refuse with the
  same message;
- the misère quotients (``grundy misere --json``) and genera (``grundy seq
  --genus --json``) of a few rules, and their refusals, from all three (all
  but the time taken, ``seconds``);
- the families each lists, and every command of the command line: Python
  and the page must reach each capability (a family of the registry, or a
  function), except those left out on purpose, each with its reason, in
  ``CAPABILITIES``.

Integers past 2^53 reach the page as strings of digits (a JavaScript number
would round them); they are read back as integers before comparing.

Usage (the package installed, the page built by web/build.sh):

    python scripts/parity.py --cli target/release/grundy --dist web/dist

``--self-test`` also changes one field of one front-end's answers at a time
and fails unless the comparison catches each change: the check can fail.
Exit status 0 when every answer agrees, 1 otherwise.
"""

import argparse
import copy
import json
import random
import subprocess
import sys
from pathlib import Path

import grundy

FRONT_ENDS = ("cli", "python", "wasm")


def walk(p, rng, steps):
    """The position p and positions reached from it by random moves."""
    seen = [p]
    for _ in range(steps):
        if p.is_over:
            break
        try:
            moves = p.moves()
        except grundy.GrundyError:
            break
        rng.shuffle(moves)
        for m in moves:
            try:
                p = p.play(m["move"])
                break
            except grundy.GrundyError:
                continue
        else:
            break
        seen.append(p)
    return seen


def cases(per_example):
    """(family, variant, position text, convention) for every example and
    the positions reached from it."""
    out = []
    for f in grundy.families():
        rng = random.Random("parity " + f["name"])
        for variant, position in f["examples"]:
            start = grundy.Position(grundy._grundy.Position(f["name"], variant, position, False))
            texts = []
            for p in walk(start, rng, per_example):
                if p.text not in texts:
                    texts.append(p.text)
            for text in texts:
                for convention in ("normal", "misere"):
                    out.append((f["name"], variant, text, convention))
    return out


def exact(x):
    """x with strings of digits (the page's integers past 2^53) as integers."""
    if isinstance(x, str) and x.isdigit() and len(x) > 15:
        return int(x)
    if isinstance(x, list):
        return [exact(v) for v in x]
    if isinstance(x, dict):
        return {k: exact(v) for k, v in x.items()}
    return x


def from_python(family, variant, text, convention):
    try:
        p = grundy.Position(grundy._grundy.Position(family, variant, text, convention == "misere"))
        out = {"report": p.report(), "drawing": p.drawing()}
    except grundy.GrundyError as e:
        return {"error": str(e)}
    try:
        out["moves"] = p.moves()
    except grundy.GrundyError as e:
        out["moves_error"] = str(e)
    return out


def from_cli(cli, family, variant, text, convention):
    args = [cli, f"{family}:{variant}", "--json"]
    if convention == "misere":
        args.append("--misere")
    args += ["--", text]
    r = subprocess.run(args, capture_output=True, text=True, timeout=120)
    if r.returncode == 0:
        return {"report": json.loads(r.stdout)}
    if r.returncode == 2 and not r.stdout:
        message = r.stderr.strip()
        return {"error": message.removeprefix("grundy: error: ")}
    return {"failure": f"exit status {r.returncode}: {r.stderr.strip()}"}


def from_wasm(dist, requests, calls):
    """The page's families, exports, analyses of `requests`, and answers to
    the other `calls` ({"call", "request"})."""
    script = Path(__file__).with_name("parity_wasm.mjs")
    r = subprocess.run(["node", str(script), str(dist)], input=json.dumps(requests + calls),
                       capture_output=True, text=True, timeout=1200)
    if r.returncode != 0:
        sys.exit(f"parity: the WebAssembly build failed: {r.stderr.strip()}")
    got = json.loads(r.stdout)
    out = []
    called = []
    for a in got["answers"][len(requests):]:
        called.append({"error": a["error"]} if "error" in a else {"report": untimed(exact(a))})
    for a in got["answers"][:len(requests)]:
        if "error" in a:
            out.append({"error": a["error"]})
            continue
        b = {"report": a["report"], "drawing": a["drawing"]}
        if "moves" in a:
            b["moves"] = a["moves"]
        else:
            b["moves_error"] = a["moves_error"]
        out.append(exact(b))
    return got["families"], got["exports"], out, called


# Misère quotients and genera compared: (what, rule, last heap or None,
# until proven / first heap). The last two are refused, alike everywhere.
REPORT_CASES = [
    ("misere", "0.75", 12, False),
    ("misere", "0.31", 6, False),
    ("misere", "kayles", 30, False),
    ("misere", "sub:1,3,4", 20, False),
    ("misere", "0.75", None, True),
    ("genus", "kayles", 20, 0),
    ("genus", "4!.0", 13, 13),
    ("genus", "0.75", 15, 3),
    ("misere", "4!.0", None, True),
    ("genus", "0.77", 400, 0),
]


def untimed(report):
    return {k: v for k, v in report.items() if k != "seconds"}


def report_from_cli(cli, what, rule, to, extra):
    if what == "misere":
        args = [cli, "misere", rule] + (["--to", str(to)] if to is not None else [])
        args += ["--until-proven"] if extra else []
    else:
        args = [cli, "seq", rule, "--from", str(extra), "--to", str(to), "--genus"]
    r = subprocess.run(args + ["--json"], capture_output=True, text=True, timeout=300)
    if r.returncode == 0:
        return {"report": untimed(json.loads(r.stdout))}
    if r.returncode == 2 and not r.stdout:
        return {"error": r.stderr.strip().removeprefix("grundy: error: ")}
    return {"failure": f"exit status {r.returncode}: {r.stderr.strip()}"}


def report_from_python(what, rule, to, extra):
    try:
        if what == "misere":
            return {"report": untimed(grundy.rule(rule).misere_quotient(to, until_proven=extra))}
        return {"report": dict(grundy.rule(rule).genus(to, start=extra))}
    except grundy.GrundyError as e:
        return {"error": str(e)}


def report_request(what, rule, to, extra):
    """The page's call and request for a report case."""
    if what == "misere":
        request = {"rule": rule, "until_proven": extra}
        if to is not None:
            request["to"] = to
        return {"call": "misere_quotient", "request": request}
    return {"call": "genus", "request": {"rule": rule, "from": extra, "to": to}}


def report_differences(answers):
    """What the front-ends disagree on for one report case, as lines."""
    lines = [f"{name} failed: {a['failure']}" for name, a in answers.items() if "failure" in a]
    if lines:
        return lines
    errors = {name: a.get("error") for name, a in answers.items()}
    if len(set(errors.values())) > 1:
        return [f"refusals differ: {errors}"]
    if errors["cli"] is not None:
        return []
    first = answers["cli"]["report"]
    for name, a in answers.items():
        for field in sorted(set(first) | set(a["report"])):
            if first.get(field) != a["report"].get(field):
                lines.append(f"{field}: cli {first.get(field)!r:.200} != {name} {a['report'].get(field)!r:.200}")
    return lines


def compare_reports(answers):
    failed = 0
    for i, case in enumerate(REPORT_CASES):
        lines = report_differences({name: answers[name][i] for name in FRONT_ENDS})
        if lines:
            failed += 1
            print(f"{case[0]} {case[1]!r}:")
            for line in lines:
                print("  " + line)
    return failed


def tamper_report(answers, name):
    """A copy of the report answers with the first report of one
    front-end's changed: a list's first entry dropped."""
    changed = copy.deepcopy(answers)
    for a in changed[name]:
        if "report" in a:
            key = "phi" if "phi" in a["report"] else "genus"
            a["report"][key] = a["report"][key][1:]
            return changed
    raise SystemExit(f"parity: {name} gave no misère report to change")


def differences(case, answers):
    """What the front-ends disagree on for one case, as lines."""
    lines = []
    for k in ("failure",):
        for name, a in answers.items():
            if k in a:
                lines.append(f"{name} failed: {a[k]}")
    if lines:
        return lines
    errors = {name: a.get("error") for name, a in answers.items()}
    if len(set(errors.values())) > 1:
        return [f"refusals differ: {errors}"]
    if errors["python"] is not None:
        return []
    reports = {name: a["report"] for name, a in answers.items()}
    first = reports["python"]
    for name, r in reports.items():
        for field in sorted(set(first) | set(r)):
            if first.get(field) != r.get(field):
                lines.append(f"report.{field}: python {first.get(field)!r:.200} != {name} {r.get(field)!r:.200}")
    for field in ("moves", "moves_error", "drawing"):
        p, w = answers["python"].get(field), answers["wasm"].get(field)
        if p != w:
            lines.append(f"{field}: python {p!r:.200} != wasm {w!r:.200}")
    return lines


def compare(all_cases, answers):
    failed = 0
    for i, case in enumerate(all_cases):
        lines = differences(case, {name: answers[name][i] for name in FRONT_ENDS})
        if lines:
            failed += 1
            family, variant, text, convention = case
            print(f"{family}:{variant!r} {text!r} ({convention}):")
            for line in lines:
                print("  " + line)
    return failed


# Every command of the command line, and how Python and the page reach the
# same capability: a family of the registry (by name), or the function
# that answers it. None, with the reason, where one is left out on purpose.
FAMILY = "family"
CAPABILITIES = {
    "nim": (FAMILY, "nim"), "cards": (FAMILY, "cards"), "heap": (FAMILY, "heap"),
    "moore": (FAMILY, "moore"), "staircase": (FAMILY, "staircase"), "nimble": (FAMILY, "nimble"),
    "nimble2": (FAMILY, "nimble2"), "turtles": (FAMILY, "turtles"), "twins": (FAMILY, "twins"),
    "turning": (FAMILY, "turning"), "northcott": (FAMILY, "northcott"), "chips": (FAMILY, "chips"),
    "corners": (FAMILY, "corners"), "product": (FAMILY, "product"), "wythoff": (FAMILY, "wythoff"),
    "twoheap": (FAMILY, "r-wythoff"), "windup": (FAMILY, "wind-up"), "game": (FAMILY, "script"),
    "play": ("Position.session", "computer"),
    "families": ("families", "families"),
    "glossary": ("glossary", "glossary"),
    "nimber": ("nimber", "nimber"),
    "seq": ("rule", "sequence"),
    "pattern": ("Sequence.pattern", "pattern"),
    "check": ("check", "check"),
    "table": ("nim_mul", "table"),
    "survey": None,   # a batch job over many codes, files and every core
    "frontier": None,  # a run of hours to days with a values file on disk and checkpoints
    "verify": None,   # checks a sequence file: files are the command line's
    "rules": None,    # the heap-rule notation in words: the command line's help
    "misere": ("Rule.misere_quotient", "misere_quotient"),
    "help": None,
}


def missing_capabilities(cli, lists, wasm_exports):
    """What Python or the page lacks of what the command line does."""
    help_text = subprocess.run([cli, "--help"], capture_output=True, text=True, check=True).stdout
    commands = []
    listing = False
    for line in help_text.splitlines():
        if line.startswith("Commands:"):
            listing = True
        elif listing and not line.strip():
            break
        elif listing:
            commands.append(line.split()[0])
    lines = []
    for command in commands:
        if command not in CAPABILITIES:
            lines.append(f"the command '{command}' is not in the capability list of scripts/parity.py")
            continue
        if CAPABILITIES[command] is None:
            continue
        python, page = CAPABILITIES[command]
        if python == FAMILY:
            for name, fams in lists.items():
                if page not in {f["name"] for f in fams}:
                    lines.append(f"'{command}': {name} has no family '{page}'")
            continue
        obj = grundy
        for part in python.split("."):
            obj = getattr(obj, part, None)
        if obj is None:
            lines.append(f"'{command}': Python has no grundy.{python}")
        if page not in wasm_exports:
            lines.append(f"'{command}': the page has no function '{page}'")
    return lines


def tamper(answers, name):
    """A copy of the answers with one field of one front-end's changed: the
    outcome of the first report it gave."""
    changed = copy.deepcopy(answers)
    for a in changed[name]:
        if "report" in a:
            a["report"]["outcome"] = "P" if a["report"]["outcome"] == "N" else "N"
            return changed
    raise SystemExit(f"parity: {name} gave no report to change")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli", required=True, help="the grundy command")
    ap.add_argument("--dist", required=True, help="the folder web/build.sh wrote")
    ap.add_argument("--steps", type=int, default=3, help="random moves from each example")
    ap.add_argument("--self-test", action="store_true",
                    help="also show that a change to one front-end's answers is caught")
    args = ap.parse_args()

    all_cases = cases(args.steps)
    wasm_families, wasm_exports, wasm_answers, wasm_reports = from_wasm(args.dist, [
        {"family": f, "variant": v, "position": t, "convention": c, "moves": []}
        for f, v, t, c in all_cases
    ], [report_request(*c) for c in REPORT_CASES])
    answers = {
        "python": [exact(from_python(*c)) for c in all_cases],
        "cli": [exact(from_cli(args.cli, *c)) for c in all_cases],
        "wasm": wasm_answers,
    }
    # The same families, with the same syntax and examples, everywhere.
    cli_families = json.loads(subprocess.run([args.cli, "families", "--json"], capture_output=True,
                                             text=True, check=True).stdout)
    lists = {"python": grundy.families(), "cli": cli_families, "wasm": wasm_families}
    for name, fams in lists.items():
        # The page's list also says which families take misère play.
        fams = [{k: v for k, v in f.items() if k != "misere"} for f in fams]
        ref = [{k: v for k, v in f.items() if k != "misere"} for f in lists["python"]]
        if [f["name"] for f in fams] != [f["name"] for f in ref]:
            print(f"parity: the families listed differ: python {[f['name'] for f in ref]} "
                  f"!= {name} {[f['name'] for f in fams]}")
            return 1
        if [json.dumps(f, sort_keys=True) for f in fams] != [json.dumps(f, sort_keys=True) for f in ref]:
            print(f"parity: the families' syntax or examples differ between python and {name}")
            return 1
    gaps = missing_capabilities(args.cli, lists, wasm_exports)
    for line in gaps:
        print("parity: " + line)
    if gaps:
        return 1
    families = len({c[0] for c in all_cases})
    refused = sum(1 for a in answers["python"] if "error" in a)
    failed = compare(all_cases, answers)
    print(f"parity: {len(all_cases)} positions of {families} families "
          f"({refused} refused by all three alike), {failed} with differences")
    if failed:
        return 1
    reports = {
        "cli": [report_from_cli(args.cli, *c) for c in REPORT_CASES],
        "python": [report_from_python(*c) for c in REPORT_CASES],
        "wasm": wasm_reports,
    }
    failed = compare_reports(reports)
    refused = sum(1 for a in reports["cli"] if "error" in a)
    print(f"parity: {len(REPORT_CASES)} misère quotients and genera ({refused} refused by all "
          f"three alike), {failed} with differences")
    if failed:
        return 1
    if args.self_test:
        for name in FRONT_ENDS:
            caught = compare(all_cases, tamper(answers, name))
            if caught != 1:
                print(f"parity: a changed outcome in {name}'s answers was not caught")
                return 1
            print(f"parity: a changed outcome in {name}'s answers is caught")
            if compare_reports(tamper_report(reports, name)) != 1:
                print(f"parity: a changed misère report in {name}'s answers was not caught")
                return 1
            print(f"parity: a changed misère report in {name}'s answers is caught")
    return 0


if __name__ == "__main__":
    sys.exit(main())
