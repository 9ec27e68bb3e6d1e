"""Static files compressed and cached (#31.5): WhiteNoise serves ``web/static/`` before Flask
sees the request, each file gzip'd and brotli'd once at start, at a fingerprinted address that
browsers keep for a year.

At start, :func:`prepare` copies every static file into a cache folder outside the package
(which may be read-only: the service also runs from ``pip install .``) under its own name and
under a name carrying its content's hash (``style.css`` and ``style.1a2b3c4d.css``), and
WhiteNoise's own :class:`whitenoise.compress.Compressor` writes the ``.gz`` and ``.br``
variants beside them (``.br`` needs the ``brotli`` package, a dependency). WhiteNoise then
answers from that folder: the variant the browser accepts, ``Vary: Accept-Encoding``, ETag
and ``Last-Modified`` with 304s; a fingerprinted name ``max-age`` of a year and
``immutable``, the plain name a day. ``url_for('static', filename=...)`` gives the
fingerprinted name (a ``url_defaults`` hook), so a changed file has a new address and no page
ever reads a stale one. Short aliases at the site's root (the card sprite at ``/c.svg``) get
the same treatment.

The cache folder is ``STATIC_CACHE`` (``TAROCCO_STATIC_CACHE``) if set; otherwise a private
temporary folder, made once per process and content (so the many apps of a test run share
it, and gunicorn's workers, forked after the app is built, share the master's) and removed
when the process that made it exits. If no folder can be written, the pages keep working as
before: Flask serves the plain files, uncompressed and revalidated.
"""

from __future__ import annotations

import atexit
import hashlib
import logging
import os
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from wsgiref.headers import Headers

from flask import Flask
from whitenoise import WhiteNoise
from whitenoise.compress import Compressor

__all__ = ["DAY", "HASH_LENGTH", "digest_of", "hashed_name", "prepare", "serve_static"]

log = logging.getLogger(__name__)

DAY = 24 * 60 * 60  #: the plain names' max-age: links from elsewhere see a change within a day
HASH_LENGTH = 8  #: hex digits of SHA-256 in a fingerprinted name (the sprite's is on every card)
_PLAIN, _TOP = "static", "top"  # the cache folder's two parts: /static/... and the root's aliases


def hashed_name(name: str, digest: str) -> str:
    """The name with a content's hash before its suffix: ``style.1a2b3c4d.css``."""
    stem, dot, suffix = name.rpartition(".")
    return f"{stem}.{digest}.{suffix}" if dot else f"{name}.{digest}"


def prepare(source: Path, target: Path, aliases: Mapping[str, str]) -> dict[str, str]:
    """Copy each file of ``source`` into ``target/static`` (and each of ``aliases``, a short
    name -> a file of ``source``, into ``target/top``) under its name and its fingerprinted
    name, each with its compressed variants; return each name's hash (the first
    :data:`HASH_LENGTH` hex digits of its SHA-256), for the files and the aliases alike."""
    compressor = Compressor(quiet=True)
    digests = {}
    jobs = [(path.name, path, target / _PLAIN) for path in sorted(source.iterdir())]
    jobs += [(alias, source / name, target / _TOP) for alias, name in aliases.items()]
    for name, path, folder in jobs:
        if not path.is_file():
            continue
        folder.mkdir(parents=True, exist_ok=True)
        plain = folder / name
        _copy(path, plain)
        digests[name] = hashlib.sha256(plain.read_bytes()).hexdigest()[:HASH_LENGTH]
        hashed = hashed_name(name, digests[name])
        _copy(plain, folder / hashed)
        for older in (folder / f"{name}.gz", folder / f"{name}.br"):
            older.unlink(missing_ok=True)  # a variant of an earlier release of the file
        if compressor.should_compress(name):
            for variant in compressor.compress(str(plain)):  # name.br, name.gz
                _copy(Path(variant), folder / (hashed + variant[len(str(plain)) :]))
    return digests


def _copy(source: Path, target: Path) -> None:
    """A copy with the source's modification time, which WhiteNoise's ETag and
    ``Last-Modified`` are made of: they stay the same across restarts while the file does."""
    shutil.copyfile(source, target)
    stat = source.stat()
    os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns))


_prepared: dict[tuple[Path, str], tuple[Path, dict[str, str]]] = {}


def _contents(source: Path, aliases: Mapping[str, str]) -> str:
    """One hash of every file's name and bytes, and of the aliases."""
    digest = hashlib.sha256(repr(sorted(aliases.items())).encode())
    for path in sorted(source.iterdir()):
        if path.is_file():
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _private_folder(source: Path, aliases: Mapping[str, str]) -> tuple[Path, dict[str, str]]:
    """A temporary folder prepared once per process and content of ``source``, removed when
    the process that made it exits (not when a forked worker does: they share it)."""
    key = (source, _contents(source, aliases))
    if key not in _prepared:
        folder = Path(tempfile.mkdtemp(prefix="tarocco-static-"))
        atexit.register(_remove, folder, os.getpid())
        _prepared[key] = (folder, prepare(source, folder, aliases))
    return _prepared[key]


def _remove(folder: Path, owner: int) -> None:
    if os.getpid() == owner:
        shutil.rmtree(folder, ignore_errors=True)


def serve_static(app: Flask, aliases: Mapping[str, str], headers: Mapping[str, str]) -> bool:
    """Put WhiteNoise in front of ``app`` for its static folder and ``aliases`` (an address at
    the site's root -> a static file), every file also sent with ``headers``, and make
    ``url_for`` give fingerprinted addresses. False (and a warning) if no cache folder could
    be written: Flask then serves the plain files itself."""
    assert app.static_folder is not None and app.static_url_path is not None
    source = Path(app.static_folder)
    try:
        if app.config.get("STATIC_CACHE"):
            folder = Path(app.config["STATIC_CACHE"])
            digests = prepare(source, folder, aliases)
        else:
            folder, digests = _private_folder(source, aliases)
    except OSError as error:
        log.warning("static files served uncompressed and uncached: %s", error)
        return False
    names = {name: hashed_name(name, digests[name]) for name in digests if name not in aliases}
    lasting = {f"{app.static_url_path}/{name}" for name in names.values()}
    lasting |= {f"/{hashed_name(alias, digests[alias])}" for alias in aliases if alias in digests}

    def add_headers(sent: Headers, path: str, url: str) -> None:
        for key, value in headers.items():
            sent[key] = value

    server = WhiteNoise(
        app.wsgi_app,
        max_age=DAY,
        allow_all_origins=False,
        add_headers_function=add_headers,
        immutable_file_test=lambda path, url: url in lasting,
    )
    server.add_files(folder / _PLAIN, prefix=app.static_url_path)
    if (folder / _TOP).is_dir():
        server.add_files(folder / _TOP, prefix="/")
    app.wsgi_app = server  # type: ignore[method-assign]

    def fingerprinted(endpoint: str | None, values: dict[str, Any]) -> None:
        if endpoint == "static" and values.get("filename") in names:
            values["filename"] = names[values["filename"]]

    app.url_defaults(fingerprinted)
    app.extensions["static_digests"] = digests
    app.extensions["static_cache"] = folder
    return True


def digest_of(app: Flask, name: str) -> str | None:
    """The hash in the fingerprinted address of a static file or alias; None if WhiteNoise
    does not serve it (no cache folder)."""
    return app.extensions.get("static_digests", {}).get(name)
