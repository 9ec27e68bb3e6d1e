"""Coverage-guided fuzzing of the reader and the whole pipeline with atheris (libFuzzer).

Run it for as long as you like: ``python tests/fuzz_reader.py -max_total_time=600
examples/*/`` (the example records seed the corpus); ``tests/test_atheris.py`` runs it briefly
in the suite. Any exception other than the notation's own :class:`NotationError` in strict
mode, or an error without a location, is a crash that libFuzzer reports with its input.
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    from records.notation import NotationError, read
    from records.pipeline import check_text


def one_input(data: bytes) -> None:
    text = data.decode("utf-8", "replace")
    for parsed in read(text):
        for error in parsed.errors:
            if error.loc.line < 1 or error.loc.column < 1:
                raise AssertionError(f"an error without a location: {error!r}")
    try:
        read(text, strict=True)
    except NotationError as error:
        if error.loc.line < 1:
            raise AssertionError(f"a strict error without a location: {error!r}") from None
    check_text(text)


def main() -> None:
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
