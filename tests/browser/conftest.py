"""The browser tests' one headless Chromium per test file (Debian's ``chromium``; ``sh scripts/test`` installs it)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from cdp_pipe import Browser, chromium_path


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    executable = chromium_path()
    assert executable, "chromium is missing: apt-get install -y chromium (sh scripts/test does it)"
    chrome = Browser(executable)
    yield chrome
    chrome.close()
