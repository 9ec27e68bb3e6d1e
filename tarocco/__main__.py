"""``python -m tarocco``: the same as the ``tarocco`` command."""

from .cli import main

if __name__ == "__main__":
    main(prog_name="tarocco")
