"""Ctrl-C during every long step raises KeyboardInterrupt at once: the
period filling the array, a file read, a drawing; and never changes what
a step returns."""

import os
import signal
import struct
import threading
import time

import numpy as np
import pytest

import grundy


def interrupted(step, after=0.3):
    """Runs `step` with a SIGINT sent `after` seconds in; the seconds from
    the signal to the KeyboardInterrupt."""
    sent = []

    def send():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(after, send)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            step()
        return time.monotonic() - sent[0]
    finally:
        timer.cancel()


def test_ctrl_c_stops_the_period_filling_the_array():
    # A billion values from Kayles' period: seconds of filling, uninterrupted.
    s = grundy.rule("0.77").sequence(10**9)
    assert interrupted(lambda: s.values) < 1
    # Nothing half-made was kept, and the values are still numpy's.
    t = grundy.rule("0.77").sequence(1000)
    assert isinstance(t.values, np.ndarray) and isinstance(s[10**9], int)


def sparse_file(path, count):
    """A sequence file of `count` zeros (of 0.77) that takes no disk: its
    values are a hole, read as zeros."""
    header = b"GRUNDYSQ" + struct.pack("<II", 1, 4) + b"0.77" + struct.pack("<QBI", count, 2, 0)
    with open(path, "wb") as f:
        f.write(header)
        f.truncate(len(header) + 2 * count)


def test_ctrl_c_stops_a_file_read(tmp_path):
    path = tmp_path / "zeros.gsq"
    sparse_file(path, 10**8)  # seconds to read and check
    assert interrupted(lambda: grundy.load_sequence(path)) < 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["zeros.gsq"]
    small = tmp_path / "small.gsq"
    sparse_file(small, 100)
    assert grundy.load_sequence(small).values.tolist() == [0] * 100


def test_ctrl_c_stops_a_drawing():
    # Cram on 5x8: its components' values take seconds of search (and as
    # long again to start the position).
    p = grundy.game("cram", "5x8")
    assert interrupted(p.drawing, after=0.2) < 1
    assert grundy.game("cram", "2x3").drawing()["value"] == grundy.game("cram", "2x3").value


def test_ctrl_c_stops_a_position_being_solved():
    assert interrupted(lambda: grundy.game("cram", "5x8"), after=0.2) < 1
