"""Reading the command line's inputs: files or standard input, and ``-o name=value`` flags."""

from __future__ import annotations

import sys

import click

__all__ = ["MAX_INPUT_BYTES", "InputError", "parse_option_flags", "read_input"]

MAX_INPUT_BYTES = 16 * 1024 * 1024


class InputError(click.ClickException):
    """Input that cannot be read at all: exit status 2, like a malformed record."""

    exit_code = 2


def parse_option_flags(values: tuple[str, ...]) -> dict[str, str]:
    options = {}
    for value in values:
        name, sep, setting = value.partition("=")
        if not sep or not name or not setting:
            raise click.BadParameter(f"{value!r}: write name=value", param_hint="--option")
        options[name.strip().lower()] = setting.strip().lower()
    return options


def read_input(path: str) -> str:
    """A file's text (or standard input for ``-``), refusing huge or undecodable input."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:
            with open(path, "rb") as handle:
                data = handle.read(MAX_INPUT_BYTES + 1)
    except OSError as exc:
        raise InputError(f"{path}: {exc.strerror}") from exc
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(f"{path}: larger than {MAX_INPUT_BYTES // 2**20} MiB")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text (byte {exc.start})") from exc
