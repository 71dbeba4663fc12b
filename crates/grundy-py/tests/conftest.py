import os
import pathlib
import shutil
import signal

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


def _cli():
    given = os.environ.get("GRUNDY_CLI")
    if given:
        return given
    for profile in ("release", "debug"):
        p = ROOT / "target" / profile / "grundy"
        if p.exists():
            return str(p)
    return shutil.which("grundy")


@pytest.fixture(scope="session")
def cli():
    """The command line, built by cargo (CI builds it before pytest)."""
    path = _cli()
    if path is None:
        pytest.fail("the grundy command is not built: run cargo build --release -p grundy-cli")
    return path


@pytest.fixture(autouse=True)
def ctrl_c_raises():
    """Ctrl-C raises KeyboardInterrupt in every test, as at an interactive
    prompt, even when the runner was started with SIGINT ignored (a
    background job inherits that, and Python then installs no handler)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)
