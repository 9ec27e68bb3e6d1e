// The record editor (web/templates/editor.html): any <textarea data-editor="/api/verify">
// gets line numbers, the verdict while typing, every finding marked in place in the text
// (an overlay under the transparent textarea, scrolled with it) and listed under it with
// a button that moves the caret there. Ctrl+Enter verifies the form in place.
//
// A form with data-verify-inplace="ID" (the /verify page) is verified without leaving the
// page: the server's page is fetched and the element ID of the answer replaces this one's,
// so the text, the caret and the scroll stay. Without JavaScript the textarea is a plain
// one and the form posts as usual.
//
// A correction (#23.2: data-editor-kind="correction", the textarea's URL a hand's
// /correct/preview) is checked as that hand's new revision: the verdict against the current
// one's, the payments of both beside each other in the form's [data-correction-check], and
// the box that confirms an invalid or partial record ([data-correction-confirm]) shown only
// when the text needs it. Its Check button checks in place too.
"use strict";

(function () {
  const say = window.taroccoSay;  // words.js: the page's words for the scripts (#33)

  const SEVERITY_RANK = { error: 0, violation: 1, note: 2 };

  /** The [start, end) offsets within a line of the token a finding points at (its column
   *  to the next blank, as web/present.py's annotate), or the whole line without a column. */
  function tokenRange(line, column) {
    if (!column || column < 1 || column > line.length) return [0, line.length];
    const start = column - 1;
    const rest = line.slice(start).search(/\s/);
    return [start, rest < 0 ? line.length : Math.max(start + rest, start + 1)];
  }

  /** Offset in the text of line `number` (1-based), column `column` (1-based). */
  function offsetOf(text, number, column) {
    let offset = 0;
    for (let n = 1; n < number; n++) {
      const next = text.indexOf("\n", offset);
      if (next < 0) return text.length;
      offset = next + 1;
    }
    const end = text.indexOf("\n", offset);
    const lineEnd = end < 0 ? text.length : end;
    return Math.min(offset + Math.max(0, (column || 1) - 1), lineEnd);
  }

  function signed(amount) {
    if (amount === null || amount === undefined) return say("none");
    return amount > 0 ? "+" + amount : String(amount);
  }

  /** The engine's words (a finding's sentence), marked as such for the pages' language
   *  test: records/translations says them in the page's language, not this script. */
  function engineWords(text) {
    const span = document.createElement("span");
    span.dataset.engineWords = "";
    span.textContent = text;
    return span;
  }

  function element(tag, className, ...children) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    node.append(...children);
    return node;
  }

  /** The payments per player: the current revision's, the correction's and the change (the
   *  server's table in web/templates/_correction_check.html, drawn again). */
  function paymentsTable(body) {
    const head = element("tr", "");
    [["player", ""], ["now", "num"], ["corrected", "num"], ["change", "num"]].forEach(([text, cls]) => {
      const th = element("th", cls, say(text));
      th.scope = "col";
      head.append(th);
    });
    const rows = body.payments.map((p) => {
      const player = element("th", "", p.player);
      player.scope = "row";
      return element("tr", p.change ? "differs" : "", player,
        element("td", "num", signed(p.recorded)), element("td", "num", signed(p.repaired)),
        element("td", "num", p.change ? signed(p.change) : "0"));
    });
    const table = element("table", "check-payments",
      element("caption", "", say("Payments in {unit}: the current revision's and the correction's", { unit: body.unit })),
      element("thead", "", head), element("tbody", "", ...rows));
    return element("div", "scroll", table);
  }

  /** A correction's check in its form: the verdict against the current revision's (or the
   *  refusal) and the payments beside each other; the confirmation box shown, and required,
   *  only for a record that needs it (an invalid or partial one, said by the server). */
  function showCorrection(form, body) {
    const panel = form.querySelector("[data-correction-check]");
    const confirm = form.querySelector("[data-correction-confirm]");
    if (panel) {
      panel.textContent = "";
      if (body && body.ok) {
        const badge = element("span", "badge status-" + body.status, say(body.status));
        const verdict = { status: say(body.status), current: say(body.current_status) };
        panel.append(element("p", "check-verdict", badge, " " + (body.unchanged
          ? say("the corrected record is {status} (now {current}); it is the same record as the current revision.", verdict)
          : say("the corrected record is {status} (now {current}).", verdict))),
        paymentsTable(body));
      } else if (body) {
        panel.append(element("p", "error-box check-refusal", element("b", "", say("Cannot be stored:")),
          " " + (body.message || "")));
      }
    }
    if (confirm) {
      const doubtful = Boolean(body && body.ok && body.needs_confirmation);
      const box = confirm.querySelector("input[name=confirm]");
      const status = confirm.querySelector("[data-correction-status]");
      confirm.hidden = !doubtful;
      box.disabled = !doubtful;
      box.required = doubtful;
      if (!doubtful) box.checked = false;
      if (status && doubtful) status.textContent = say(body.status);
    }
  }

  function setup(area) {
    const root = area.closest("[data-editor-root]");
    if (!root) return;
    const gutter = root.querySelector(".editor-gutter");
    const marks = root.querySelector(".editor-marks");
    const status = document.getElementById(root.dataset.verdict);
    const list = root.querySelector(".editor-findings");
    const correction = area.dataset.editorKind === "correction" && area.form;
    let findings = [];
    let timer = null;
    let sent = 0;
    let numbered = -1;
    root.classList.add("is-live");

    function sync() {
      marks.scrollTop = area.scrollTop;
      marks.scrollLeft = area.scrollLeft;
      gutter.scrollTop = area.scrollTop;
    }

    function drawGutter(count) {
      if (numbered === count) return;
      numbered = count;
      const numbers = [];
      for (let n = 1; n <= count; n++) numbers.push(n);
      gutter.textContent = numbers.join("\n") + "\n";
    }

    /** The text again under the textarea, with each finding's token in a <mark>. */
    function drawMarks() {
      const lines = area.value.split("\n");
      drawGutter(lines.length);
      const byLine = new Map();
      findings.forEach((f, index) => {
        if (!f.line || f.line > lines.length) return;
        const [start, end] = tokenRange(lines[f.line - 1], f.column);
        if (!byLine.has(f.line)) byLine.set(f.line, []);
        byLine.get(f.line).push({ start, end, index, severity: f.severity });
      });
      const out = document.createDocumentFragment();
      let plain = "";  // unmarked text runs into one node (a long text has few marks)
      lines.forEach((line, i) => {
        const spans = (byLine.get(i + 1) || []).sort(
          (a, b) => a.start - b.start || SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]);
        let position = 0;
        spans.forEach((span) => {
          if (span.start < position) return;  // two findings on one token: the first marks it
          const mark = document.createElement("mark");
          mark.className = "sev-" + span.severity;
          mark.dataset.finding = String(span.index);
          mark.textContent = line.slice(span.start, span.end) || " ";
          out.append(plain + line.slice(position, span.start), mark);
          plain = "";
          position = span.end;
        });
        plain += line.slice(position) + "\n";
      });
      marks.textContent = "";
      marks.append(out, plain + " ");
      sync();
    }

    function moveTo(finding) {
      const offset = offsetOf(area.value, finding.line, finding.column);
      const line = area.value.split("\n")[finding.line - 1] || "";
      const [start, end] = tokenRange(line, finding.column);
      area.focus();
      area.setSelectionRange(offset, offset + (finding.column ? end - start : 0));
      // bring the line into view: the textarea scrolls to its caret only for some browsers
      const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 20;
      const top = (finding.line - 1) * lineHeight;
      if (top < area.scrollTop || top > area.scrollTop + area.clientHeight - 2 * lineHeight) {
        area.scrollTop = Math.max(0, top - area.clientHeight / 3);
      }
      sync();
    }

    function drawList() {
      list.textContent = "";
      findings.forEach((f) => {
        const item = document.createElement("li");
        item.className = "sev-" + f.severity;
        if (f.line) {
          const go = document.createElement("button");
          go.type = "button";
          go.className = "link to-place";
          go.textContent = say("line {place}", { place: f.line + (f.column ? ":" + f.column : "") });
          go.addEventListener("click", () => moveTo(f));
          item.append(go, " ");
        }
        const badge = document.createElement("span");
        badge.className = "badge sev-" + f.severity;
        badge.textContent = say(f.severity);
        const code = document.createElement("code");
        code.textContent = f.code;
        item.append(badge, " ", code, " ", engineWords(f.message));
        if (f.after_first_error) {  // #24.8: listed as a compiler lists further errors
          const after = document.createElement("span");
          after.className = "after-first muted";
          after.textContent = " (" + say("after the first error") + ")";
          item.append(after);
        }
        list.append(item);
      });
      list.hidden = findings.length === 0;
    }

    function renderVerdict(records) {
      status.textContent = "";
      records.slice(0, 5).forEach((item, i) => {
        const report = item.report;
        const badge = document.createElement("span");
        badge.className = "badge status-" + report.status;
        badge.textContent = say(report.status);
        status.append(badge, " ");
        const worst = report.findings.find((f) => f.severity !== "note" && !f.after_first_error) ||
          report.findings[0];
        let text = (records.length > 1 ? say("record {index}:", { index: i + 1 }) + " " : "") +
          say(["{count} finding", "{count} findings"], { count: report.findings.length });
        status.append(text);
        if (worst) {
          const place = worst.line ? say("line {place}", { place: worst.line + ":" + worst.column }) + " " : "";
          status.append(" · " + place, engineWords(worst.message));
        }
        status.append(records.length > 1 ? " " : "");
        if (item.seating) {
          const note = document.createElement("span");
          note.className = "seating-note";
          note.append(" " + say("Seat order:") + " ", engineWords(item.seating.message), ".");
          status.append(note);
        }
      });
    }

    /** Ask the server about the text: /api/verify takes JSON; a correction's check is a
     *  page's, posted as its form is, with the form's CSRF token. */
    function ask(text) {
      if (correction) {
        const data = new URLSearchParams();
        data.set("csrf_token", area.form.elements.csrf_token.value);
        data.set("text", text);
        return fetch(area.dataset.editor, { method: "POST", body: data, credentials: "same-origin" });
      }
      return fetch(area.dataset.editor, {
        method: "POST", headers: { "Content-Type": "application/json", "Accept-Language": document.documentElement.lang || "en" },
        body: JSON.stringify({ text: text }),
      });
    }

    /** A correction's answer: the verdict line as /verify's for one record, or why it
     *  cannot be stored with its first finding's place; the rest in the form. */
    function renderCorrection(body) {
      findings = body.findings || [];
      if (body.ok) {
        renderVerdict([{ report: { status: body.status, findings: findings } }]);
      } else {
        const worst = findings.find((f) => f.line);
        status.textContent = say("cannot be stored: {why}", { why: body.message || "" }) +
          (worst ? " · " + say("line {place}", { place: worst.line + ":" + worst.column }) + " " + worst.message : "");
      }
      showCorrection(area.form, body);
    }

    async function check() {
      const text = area.value;
      const mine = ++sent;
      if (!text.trim()) {
        findings = [];
        status.textContent = "";
        if (correction) showCorrection(area.form, null);
        drawMarks();
        drawList();
        return;
      }
      try {
        const response = await ask(text);
        if (mine !== sent) return;  // a newer check is on its way
        const body = await response.json();
        if (mine !== sent) return;
        if (correction) {
          renderCorrection(body);
        } else if (response.ok) {
          findings = body.records.flatMap((r) => r.report.findings);
          renderVerdict(body.records);
          if (body.seating) {
            const note = document.createElement("span");
            note.className = "seating-note";
            note.append(say("Seat order of the session:") + " ", engineWords(body.seating.message), ".");
            status.prepend(note);
          }
        } else {
          findings = [];
          status.textContent = body.message || "";
        }
      } catch (err) {
        if (mine !== sent) return;
        findings = [];
        status.textContent = correction ? say("could not check (offline, or logged out?); the Check button checks on the server") : "";
      }
      if (area.value === text) {
        drawMarks();
        drawList();
      }
    }

    area.addEventListener("input", () => {
      findings = [];  // their places moved with the text: drawn again after the check
      drawMarks();
      clearTimeout(timer);
      timer = setTimeout(check, 400);
    });
    area.addEventListener("scroll", sync);
    new ResizeObserver(sync).observe(area);
    area.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && area.form) {
        event.preventDefault();
        const submit = area.form.querySelector("button[value=verify], button[value=check]");
        if (area.form.requestSubmit) area.form.requestSubmit(submit || undefined);
      }
    });
    if (correction) {
      // Check: the same check at once, in place (without JavaScript the server's page)
      area.form.addEventListener("submit", (event) => {
        if (!event.submitter || event.submitter.value !== "check") return;
        event.preventDefault();
        clearTimeout(timer);
        check();
      });
    }
    drawMarks();
    if (area.value.trim()) check();
  }

  /** Tell a screen reader that the results below are new (they are not a live region:
   *  the replay and the score would be read out whole). */
  function announce(results) {
    const out = document.getElementById("verify-announce");
    if (!out) return;
    const error = results.querySelector(".error-box");
    const badges = Array.from(results.querySelectorAll(".verdicts .badge"), (b) => b.textContent);
    out.textContent = error ? error.textContent
      : say("Verified: {verdicts}. The verdict and the findings are below the form.", { verdicts: badges.join(", ") });
  }

  /** Verify in place: post the form as the browser would, and put the answer's results in
   *  this page's results element; the text and its caret are not touched. */
  function setupInPlace(form) {
    const target = () => document.getElementById(form.dataset.verifyInplace);
    form.addEventListener("submit", async (event) => {
      const submitter = event.submitter;
      const file = form.querySelector("input[type=file]");
      if (!submitter || submitter.value !== "verify" || (file && file.files && file.files.length)) return;
      if (!target()) return;
      event.preventDefault();
      const data = new FormData(form);
      data.set("action", "verify");
      submitter.disabled = true;
      submitter.setAttribute("aria-busy", "true");
      try {
        // the attribute: form.action is the button named "action"
        const response = await fetch(form.getAttribute("action"), { method: "POST", body: data });
        const page = new DOMParser().parseFromString(await response.text(), "text/html");
        const fresh = page.getElementById(form.dataset.verifyInplace);
        const old = target();
        if (fresh && old) {
          old.replaceWith(document.adoptNode(fresh));
          fresh.dispatchEvent(new CustomEvent("tarocco:replaced", { bubbles: true }));
          announce(fresh);
        }
      } finally {
        submitter.disabled = false;
        submitter.removeAttribute("aria-busy");
      }
    });
  }

  document.querySelectorAll("textarea[data-editor]").forEach(setup);
  document.querySelectorAll("form[data-verify-inplace]").forEach(setupInPlace);
}());
