"""The first hour on the command line and the API (#34.10): the records themselves as the body
of ``POST /api/verify`` and of an upload (``curl --data-binary @hand.txt``, which used to get
"Missing data for required field"), and the JSON form that ``tarocco format --json`` writes
read back by ``tarocco verify`` and ``tarocco format``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import urllib.request
from pathlib import Path

from click.testing import CliRunner
from conftest import Tournament
from flask.testing import FlaskClient
from test_api import PLAYERS, REVOKE, SESSION, assert_error, new_session

from tarocco.cli import main
from web.bodies import ANONYMOUS_VERIFY_BYTES

ROOT = Path(__file__).resolve().parent.parent
TOUR = ROOT / "examples" / "nice4" / "tour.txt"


def verdicts(response) -> list[str]:
    assert response.status_code == 200, response.get_data(as_text=True)
    return [record["report"]["status"] for record in response.get_json()["records"]]


# -- plain text bodies --------------------------------------------------------------------
def test_verify_takes_the_records_as_a_plain_text_body(client: FlaskClient) -> None:
    """As ``text/plain``, with no content type, and as what ``curl --data-binary`` sends by
    default (``application/x-www-form-urlencoded``): the same reports as the JSON body."""
    by_json = client.post("/api/verify", json={"text": SESSION}).get_json()
    for content_type in ("text/plain", "text/plain; charset=utf-8", None):
        response = client.post("/api/verify", data=SESSION.encode(), content_type=content_type)
        assert response.get_json() == by_json, content_type
    curl = client.post(
        "/api/verify",
        data=REVOKE.encode(),
        content_type="application/x-www-form-urlencoded",
    )
    assert verdicts(curl) == ["flagged"]


def test_a_plain_text_verify_takes_its_options_from_the_query_string(client: FlaskClient) -> None:
    text = TOUR.read_text()
    by_json = client.post("/api/verify", json={"text": text, "options": {"honours": "world"}})
    plain = client.post(
        "/api/verify?options=honours=world", data=text.encode(), content_type="text/plain"
    )
    assert plain.get_json() == by_json.get_json()
    assert verdicts(plain) != verdicts(client.post("/api/verify", json={"text": text}))
    unknown = client.post("/api/verify?options=no-such=1", data=text, content_type="text/plain")
    assert_error(unknown, 422, "BAD_OPTION")
    stray = client.post("/api/verify?colour=red", data=text, content_type="text/plain")
    assert "colour" in json.dumps(assert_error(stray, 422))


def test_a_plain_text_body_in_another_charset_or_not_text(client: FlaskClient) -> None:
    text = TOUR.read_text().replace("Bruno", "Brunó")
    latin = client.post(
        "/api/verify", data=text.encode("latin-1"), content_type="text/plain; charset=latin-1"
    )
    assert latin.get_json() == client.post("/api/verify", json={"text": text}).get_json()
    broken = client.post("/api/verify", data=b"[Game \xff", content_type="text/plain")
    assert "not utf-8 text" in assert_error(broken, 400, "NOT_TEXT")["message"]
    empty = client.post("/api/verify", data=b"", content_type="text/plain")
    assert "text" in assert_error(empty, 422)["errors"]["json"]


def test_a_plain_text_body_has_the_anonymous_limit(client: FlaskClient) -> None:
    over = b"x" * (ANONYMOUS_VERIFY_BYTES + 1)
    response = client.post("/api/verify", data=over, content_type="text/plain")
    assert f"{ANONYMOUS_VERIFY_BYTES:,} bytes" in assert_error(response, 413)["message"]


def test_upload_takes_the_records_as_a_plain_text_body(
    client: FlaskClient, tournament: Tournament
) -> None:
    session_id = new_session(client, tournament)
    url = f"/api/sessions/{session_id}/hands"
    first = client.post(url, data=SESSION, content_type="text/plain", headers=tournament.headers)
    assert first.status_code == 201, first.get_data(as_text=True)
    hands = first.get_json()["hands"]
    assert len(hands) == 5 and all(hand["stored"] for hand in hands)
    again = client.post(url, data=SESSION, headers=tournament.headers)  # curl's default type
    assert [hand["stored"] for hand in again.get_json()["hands"]] == [False] * 5
    twice = client.post(f"{url}?allow_duplicates=true", data=SESSION, headers=tournament.headers)
    assert [hand["stored"] for hand in twice.get_json()["hands"]] == [True] * 5
    anonymous = client.post(url, data=SESSION, content_type="text/plain")
    assert_error(anonymous, 401, "TOKEN_REQUIRED")
    assert len(client.get(url).get_json()) == 10


def test_curl_data_binary_verifies_on_the_real_service(tmp_path: Path) -> None:
    """The acceptance's command, ``curl --data-binary @hand.txt .../api/verify``, against
    ``tarocco serve`` (where curl is missing, the same request: curl's default type)."""
    from serverkit import serving

    with serving(tmp_path, workers=1, threads=2) as served:
        url = f"{served.base}/api/verify"
        if shutil.which("curl"):
            done = subprocess.run(
                ["curl", "--silent", "--data-binary", f"@{TOUR}", url],
                capture_output=True,
                check=True,
                timeout=60,
            )
            answer = json.loads(done.stdout)
        else:
            request = urllib.request.Request(url, data=TOUR.read_bytes(), method="POST")
            request.add_header("Content-Type", "application/x-www-form-urlencoded")
            with urllib.request.urlopen(request, timeout=60) as response:
                answer = json.loads(response.read())
    [record] = answer["records"]
    assert record["report"]["status"] == "clean"
    assert record["report"]["players"] == PLAYERS


# -- the JSON form read back ----------------------------------------------------------------
def cli(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def reports(output: dict) -> list[dict]:
    """The reports of ``tarocco verify --json``'s output (not where each record was read)."""
    return [record["report"] for record in output["records"]]


def test_the_json_that_format_writes_reads_back(tmp_path: Path) -> None:
    """``format --json`` and back: ``verify`` gives the reports of the records' canonical
    text (its places are that text's: the JSON has no lines of its own), ``format`` that
    text, and ``format --json`` the same JSON."""
    session = tmp_path / "session.txt"
    session.write_text(SESSION)
    as_json = cli("format", "--json", str(session))
    assert as_json.exit_code == 0, as_json.output
    saved = tmp_path / "session.json"
    saved.write_text(as_json.stdout)
    canonical = tmp_path / "canonical.txt"
    canonical.write_text(cli("format", "--no-comments", str(session)).stdout)
    assert cli("format", str(saved)).stdout == canonical.read_text()
    assert cli("format", "--json", str(saved)).stdout == as_json.stdout
    by_text = cli("verify", "--json", str(canonical))
    by_json = cli("verify", "--json", str(saved))
    assert by_json.exit_code == by_text.exit_code == 0, by_json.output
    from_json, from_text = json.loads(by_json.stdout), json.loads(by_text.stdout)
    assert reports(from_json) == reports(from_text) and len(reports(from_text)) == 5
    assert from_json["ledger"] == from_text["ledger"] is not None
    piped = cli("verify", "-q", "-", input=as_json.stdout)
    assert piped.exit_code == 0 and piped.stdout.count("<stdin>:") == 5
    random = cli("random", "nice3", "--json", "--count", "2")
    assert cli("verify", "-q", "-", input=random.stdout).exit_code == 0


def test_json_that_is_not_records_is_refused_with_the_reason(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('[\n  {"tags": [["Game", "nice4"]],\n')
    result = cli("verify", str(bad))
    assert result.exit_code == 2 and f"{bad}:3:1: not valid JSON" in result.stderr
    result = cli("format", "-", input='[{"tags": 3}]')
    assert result.exit_code == 2
    assert '<stdin>: not records in the JSON form: {"0": {"tags": ["Not a valid list."]}}' in (
        result.stderr
    )
    # a notation record starts with a tag, never with [{ or [] : still read as notation
    assert cli("verify", "-q", str(TOUR)).exit_code == 0
