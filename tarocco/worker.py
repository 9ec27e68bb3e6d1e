"""The gunicorn worker of ``tarocco serve``: gunicorn's threaded worker (``gthread``) with a
front that reads each request whole before a thread takes it (issue #21.6).

gunicorn's own ``gthread`` worker gives a connection to a thread as soon as its first bytes
arrive, and the thread then reads the request head with a blocking socket and no deadline: a
client that sends a request line and then one header byte every few seconds keeps that thread
for as long as it likes, and four of them stalled every other request of a worker. Here the
worker's main loop, which already watches every idle connection with a selector, also reads
the requests: a connection goes to the thread pool only once its head and its body (as long
as its ``Content-Length`` or chunks say) are in memory, so a thread never waits on a client.
A request whose head has not arrived within :data:`HEAD_TIMEOUT` seconds, or whose body has
not within :data:`REQUEST_TIMEOUT`, is answered ``408`` and closed; a head larger than
gunicorn's own limits is answered ``431``.

A body is read only up to its request's own limit, which the app decides from the head
(issue #30.2, ``app.extensions["tarocco_body_limit"]``, :func:`web.bodies.body_limit_hook`):
8 MiB with a valid director token or page login, 256 KiB (API) or 1 MiB (pages) without.
Past it the worker answers ``413`` itself, at once for a ``Content-Length`` over it and as
soon as a chunk's size passes it for a chunked body, without buffering more; it then drops
what the client still sends for :data:`DRAIN_TIMEOUT` seconds and closes. So 48 anonymous
connections announcing 8 MiB each hold a few kilobytes, not 400 MB.

The subclass uses gunicorn's worker internals (``enqueue_req``, ``handle``, the parser's
``unreader``), which is why ``pyproject.toml`` bounds gunicorn's version;
``tests/test_cli_service.py::test_slow_clients_do_not_hold_the_server`` runs the real server
against slow clients.
"""

from __future__ import annotations

import contextlib
import selectors
import socket
import time
from functools import partial
from typing import Any

from gunicorn.http.parser import Parser
from gunicorn.workers.gthread import TConn, ThreadWorker

__all__ = ["HEAD_TIMEOUT", "REQUEST_TIMEOUT", "RequestBuffer", "WholeRequestWorker"]

HEAD_TIMEOUT = 10.0
"""Seconds a connection has, once it is waited on, to send a whole request head."""
REQUEST_TIMEOUT = 30.0
"""Seconds it has for the whole request, body included."""
DEFAULT_MAX_BODY = 16 * 1024 * 1024
"""The largest body read in memory when the app sets no ``MAX_CONTENT_LENGTH``."""
DRAIN_TIMEOUT = 2.0
"""Seconds a refused request's connection is drained (what the client still sends is read
and dropped) before it is closed, so that the client reads the refusal rather than a reset."""

_TIMED_OUT = b"HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
_HEAD_TOO_LARGE = (
    b"HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n"
    b"Content-Length: 0\r\n\r\n"
)
_CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"
_TOO_LARGE = b"HTTP/1.1 413 Content Too Large\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"


def too_large(content_type: str, body: bytes) -> bytes:
    """A whole 413 answer with ``body``, closing the connection."""
    head = (
        f"HTTP/1.1 413 Content Too Large\r\nConnection: close\r\nContent-Type: {content_type}"
        f"\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    return head.encode("latin-1") + body


class RequestBuffer:
    """The bytes of one request as they arrive, and whether they make a whole request."""

    def __init__(self, data: bytes, now: float, max_head: int, max_body: int) -> None:
        self.data = bytearray(data)
        self.head_deadline = now + HEAD_TIMEOUT
        self.deadline = now + REQUEST_TIMEOUT
        self.max_head = max_head
        self.max_body = max_body
        self.head_end: int | None = None  # where the body starts, once the head is in
        self.length: int | None = None  # the body's Content-Length
        self.chunked = False
        self.next_chunk: int | None = None  # where the first chunk not yet whole starts
        self.continue_asked = False
        self.method = self.path = ""
        self.headers: dict[str, str] = {}  # lower-case names, as sent (the last of a name)
        self.decoded = 0  # the sizes of the whole chunks before ``next_chunk``
        self.overflow = False  # a chunked body found past ``max_body``
        self.limited = False  # ``max_body`` is this request's own (see the worker)

    def feed(self, data: bytes) -> None:
        self.data += data
        if self.head_end is None:
            self._find_head()

    def _find_head(self) -> None:
        start = len(self.data) - len(self.data.lstrip(b"\r\n"))  # empty lines before it
        end = self.data.find(b"\r\n\r\n", start)
        if end < 0:
            return
        self.head_end = end + 4
        lines = bytes(self.data[start:end]).split(b"\r\n")
        request_line = lines[0].decode("latin-1").split()
        if len(request_line) >= 2:
            self.method, self.path = request_line[0], request_line[1].split("?", 1)[0]
        for line in lines[1:]:
            name, _colon, value = line.partition(b":")
            self.headers[name.strip().lower().decode("latin-1")] = value.strip().decode("latin-1")
            name, value = name.strip().lower(), value.strip().lower()
            if name == b"content-length" and value.isdigit():
                self.length = int(value)
            elif name == b"transfer-encoding" and value.endswith(b"chunked"):
                self.chunked = True
            elif name == b"expect" and value == b"100-continue":
                self.continue_asked = True

    @property
    def head_too_large(self) -> bool:
        return self.head_end is None and len(self.data) > self.max_head

    @property
    def body_too_large(self) -> bool:
        """A body over the limit: announced longer (it is not read), or chunks past it."""
        if self.chunked:
            return self.overflow
        return self.length is not None and self.length > self.max_body

    def complete(self) -> bool:
        """The head is in and so is the body it announces (or the body is one the app
        refuses without reading it, or the head is one gunicorn's parser refuses)."""
        if self.head_end is None:
            return False
        if (self.length is not None and self.length > self.max_body) or (
            self.chunked and self.length is not None
        ):
            return True  # refused by the app or by gunicorn's parser
        if self.chunked:
            return self._chunks_complete()
        return len(self.data) - self.head_end >= (self.length or 0)

    def _chunks_complete(self) -> bool:
        """The last chunk is in; or the chunks pass ``max_body`` (``overflow``): as soon as
        a chunk's size says so, not once it has been read."""
        data = self.data
        start = self.head_end or 0
        position = self.next_chunk or start  # the chunks before are whole
        while True:
            line_end = data.find(b"\r\n", position)
            if line_end < 0:
                self.overflow = len(data) - position > 1024  # a size line that never ends
                return self.overflow
            size_text = bytes(data[position:line_end]).split(b";", 1)[0].strip()
            try:
                size = int(size_text, 16)
            except ValueError:
                return True  # gunicorn's parser refuses it
            if self.decoded + size > self.max_body:
                self.overflow = True
                return True
            if size == 0:  # the last chunk, then trailers and an empty line
                trailers = data.find(b"\r\n\r\n", line_end)
                self.overflow = trailers < 0 and len(data) - line_end > 8192
                return trailers >= 0 or self.overflow
            position = line_end + 2 + size + 2
            if position > len(data):
                return False
            self.decoded += size
            self.next_chunk = position


class WholeRequestWorker(ThreadWorker):
    """``gthread`` whose threads only ever see whole requests (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.reading: dict[TConn, RequestBuffer] = {}
        self.whole_requests: dict[TConn, bytes] = {}  # read here, for a thread to serve
        self.draining: dict[TConn, float] = {}  # refused, until the deadline
        self.refusals: dict[TConn, bytes] = {}  # each request's 413, if its body is too large

    def _limits(self) -> tuple[int, int]:
        """The largest head gunicorn's parser may read, and the largest body to buffer."""
        cfg = self.cfg
        max_head = cfg.limit_request_line + cfg.limit_request_fields * (
            cfg.limit_request_field_size + 2
        )
        config = getattr(self.wsgi, "config", None) or {}
        max_body = config.get("MAX_CONTENT_LENGTH") or DEFAULT_MAX_BODY
        return max_head + 4096, max_body

    def enqueue_req(self, conn: TConn) -> None:
        """Give ``conn`` to a thread once its request is whole: at once if it is already
        buffered, otherwise after the main loop has read it."""
        if conn in self.whole_requests or self.cfg.is_ssl or conn.is_http2:
            super().enqueue_req(conn)
            return
        # a kept-alive connection's HTTP/1 parser may hold bytes read past the last request
        ahead = conn.parser.unreader.take_buffered() if isinstance(conn.parser, Parser) else b""
        buffer = RequestBuffer(ahead, time.monotonic(), *self._limits())
        buffer.feed(b"")
        self._limit(conn, buffer)
        conn.sock.setblocking(False)
        self.reading[conn] = buffer
        self.poller.register(
            conn.sock, selectors.EVENT_READ, partial(self.on_request_readable, conn)
        )
        if buffer.complete():  # a request sent right behind the last one
            self._finish(conn, buffer)

    def _limit(self, conn: TConn, buffer: RequestBuffer) -> None:
        """Once the head is in, the body limit of this request, as the app decides it from
        the head (``app.extensions["tarocco_body_limit"]``, :mod:`web.bodies`: an anonymous
        caller's is small), and its 413."""
        if buffer.head_end is None or buffer.limited:
            return
        buffer.limited = True
        extensions = getattr(self.wsgi, "extensions", None) or {}
        hook = extensions.get("tarocco_body_limit")
        if hook is None:
            self.refusals[conn] = _TOO_LARGE
            return
        length = None if buffer.chunked else (buffer.length or 0)
        limit, content_type, body = hook(buffer.method, buffer.path, buffer.headers, length)
        buffer.max_body = limit
        self.refusals[conn] = too_large(content_type, body)

    def on_request_readable(self, conn: TConn, _client: Any) -> None:
        """Read what a client sent (without waiting) and pass the request on when whole."""
        buffer = self.reading[conn]
        data = self._receive(conn)
        if data is None:
            return
        if not data:  # the client went away
            self._drop(conn)
            return
        asked = buffer.continue_asked
        buffer.feed(data)
        self._limit(conn, buffer)
        if buffer.continue_asked and not asked and not buffer.body_too_large:
            self._send(conn, _CONTINUE)  # the client waits for it before sending the body
        if buffer.head_too_large:
            self._drop(conn, _HEAD_TOO_LARGE)
            return
        if buffer.complete():
            self._finish(conn, buffer)

    def _finish(self, conn: TConn, buffer: RequestBuffer) -> None:
        """A request read whole goes to a thread; one whose body is over its limit is
        refused here (413) without reading more of it."""
        self.reading.pop(conn, None)
        refusal = self.refusals.pop(conn, _TOO_LARGE)
        if buffer.body_too_large:
            self._refuse(conn, refusal)
            return
        self.poller.unregister(conn.sock)
        self.whole_requests[conn] = bytes(buffer.data)
        super().enqueue_req(conn)

    def _refuse(self, conn: TConn, answer: bytes) -> None:
        """Answer and stop sending; what the client still sends is read and dropped for
        :data:`DRAIN_TIMEOUT` seconds, then the connection is closed."""
        self._send(conn, answer)
        with contextlib.suppress(OSError):
            conn.sock.shutdown(socket.SHUT_WR)
        self.draining[conn] = time.monotonic() + DRAIN_TIMEOUT
        self.poller.modify(conn.sock, selectors.EVENT_READ, partial(self.on_drain_readable, conn))

    def on_drain_readable(self, conn: TConn, _client: Any) -> None:
        """Drop what a refused client still sends; close once it stops."""
        if self._receive(conn) == b"":
            self._drop(conn)

    @staticmethod
    def _receive(conn: TConn) -> bytes | None:
        """What the client has sent, without waiting: ``None`` when nothing is there yet,
        ``b""`` when it went away (or the connection failed)."""
        try:
            return conn.sock.recv(65536)
        except BlockingIOError:
            return None
        except OSError:
            return b""

    def handle(self, conn: TConn) -> Any:
        """Serve the request read by the main loop: it goes back in front of the parser."""
        data = self.whole_requests.pop(conn, None)
        if data is not None:
            conn.data_ready = True
            conn.sock.setblocking(True)
            conn.init()
            # TLS and HTTP/2 connections are never read here (enqueue_req): an HTTP/1 parser
            assert isinstance(conn.parser, Parser)
            conn.parser.unreader.unread(data)
        return super().handle(conn)

    def murder_pending(self) -> None:
        """Close the connections that did not send their request in time (408), besides
        gunicorn's own pending connections."""
        super().murder_pending()
        now = time.monotonic()
        late = [
            conn
            for conn, buffer in self.reading.items()
            if now > buffer.deadline or (buffer.head_end is None and now > buffer.head_deadline)
        ]
        for conn in late:
            self._drop(conn, _TIMED_OUT if self.reading[conn].data else b"")
        for conn in [conn for conn, deadline in self.draining.items() if now > deadline]:
            self._drop(conn)

    def _drop(self, conn: TConn, answer: bytes = b"") -> None:
        self.reading.pop(conn, None)
        self.draining.pop(conn, None)
        self.refusals.pop(conn, None)
        with contextlib.suppress(KeyError, ValueError, OSError):
            self.poller.unregister(conn.sock)
        if answer:
            self._send(conn, answer)
        self.nr_conns -= 1
        conn.close()

    @staticmethod
    def _send(conn: TConn, data: bytes) -> None:
        """A short answer, without waiting: a client that does not read it loses it."""
        with contextlib.suppress(OSError):
            conn.sock.send(data)
