"""The words a student reads: every family's name for people and rules in
words, and the glossary, the same as the command line gives."""

import json
import os
import subprocess

import pytest

import grundy


def test_every_family_has_a_title_and_rules_in_words():
    for f in grundy.families():
        assert f["title"].strip(), f["name"]
        assert "cannot move" in f["rules"], f["name"]
        for syntax in ("grundy ", "--", "`"):
            assert syntax not in f["rules"], (f["name"], syntax)


def test_the_glossary_defines_the_terms_of_a_report():
    terms = {t["term"]: t for t in grundy.glossary()}
    for want in ("*n", "N-position", "P-position", "nim-sum", "nimber", "mex"):
        assert terms[want]["definition"], want
    assert "Grundy value" in terms["nimber"]["aliases"]


@pytest.mark.skipif("GRUNDY_CLI" not in os.environ, reason="the command line to compare with")
def test_the_glossary_and_rules_are_the_command_lines():
    cli = os.environ["GRUNDY_CLI"]
    out = subprocess.run([cli, "glossary", "--json"], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == grundy.glossary()
    out = subprocess.run([cli, "families", "--json"], capture_output=True, text=True, check=True)
    assert [(f["title"], f["rules"]) for f in json.loads(out.stdout)] == [
        (f["title"], f["rules"]) for f in grundy.families()
    ]
