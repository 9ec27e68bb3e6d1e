// The correction editor (#23.2): while the director types, the text is checked as a
// correction of this hand (its session's options and seating) after a short pause: the
// verdict, every finding at its line and column (a click puts the cursor there), and the
// payments beside the current revision's. Nothing is stored until the form is sent; without
// JavaScript the Check button does the same on the server.
"use strict";

(function () {
  const form = document.querySelector("form[data-preview-url]");
  if (!form || !window.fetch) return;
  const area = form.querySelector("textarea[name=text]");
  const verdict = document.getElementById("correction-verdict");
  const panel = document.getElementById("correction-check");
  const checked = document.getElementById("checked-source");
  const token = form.querySelector("input[name=csrf_token]").value;
  let timer = null;
  let sent = 0;

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    Object.entries(attrs || {}).forEach(([k, v]) => node.setAttribute(k, v));
    children.forEach((c) => node.append(c));
    return node;
  }

  function badge(cls, text) {
    return el("span", { class: "badge " + cls }, text);
  }

  function signed(amount) {
    if (amount === null || amount === undefined) return "none";
    return amount > 0 ? "+" + amount : String(amount);
  }

  // Put the cursor at line:column of the textarea and show it.
  function goTo(line, column) {
    const lines = area.value.split("\n");
    let offset = 0;
    for (let i = 0; i < line - 1 && i < lines.length; i += 1) offset += lines[i].length + 1;
    const here = lines[line - 1] || "";
    const start = offset + Math.min(Math.max(column - 1, 0), here.length);
    const end = start + ((here.slice(column - 1).match(/^\S+/) || [""])[0].length);
    area.focus();
    area.setSelectionRange(start, end);
    const height = area.scrollHeight / Math.max(lines.length, 1);
    area.scrollTop = Math.max(0, (line - 3) * height);
  }

  function findingsList(findings) {
    const list = el("ul", { class: "check-findings plain" });
    findings.forEach((f) => {
      const item = el("li", { class: "sev-" + f.severity }, badge("sev-" + f.severity, f.severity), " ");
      if (f.line) {
        const at = el("a", { class: "at", href: "#correct-text", "data-line": f.line, "data-column": f.column || 1 },
          "line " + f.line + (f.column ? ":" + f.column : ""));
        item.append(at, " ");
      }
      item.append(el("code", {}, f.code || ""), " ", f.message);
      list.append(item);
    });
    return list;
  }

  function paymentsTable(body) {
    const rows = body.payments.map((p) => el("tr", p.change ? { class: "differs" } : {},
      el("th", { scope: "row" }, p.player),
      el("td", { class: "num" }, signed(p.recorded)),
      el("td", { class: "num" }, signed(p.repaired)),
      el("td", { class: "num" }, p.change ? signed(p.change) : "0")));
    const table = el("table", { class: "check-payments" },
      el("caption", {}, "Payments in " + body.unit + ": the current revision's and the correction's"),
      el("thead", {}, el("tr", {},
        el("th", { scope: "col" }, "player"), el("th", { scope: "col", class: "num" }, "now"),
        el("th", { scope: "col", class: "num" }, "corrected"), el("th", { scope: "col", class: "num" }, "change"))),
      el("tbody", {}, ...rows));
    return el("div", { class: "scroll" }, table);
  }

  function render(ok, body) {
    panel.textContent = "";
    const findings = body.findings || [];
    if (ok) {
      panel.append(el("p", { class: "check-verdict" }, badge("status-" + body.status, body.status),
        " the corrected record is " + body.status + " (now " + body.current_status + ")" +
        (body.unchanged ? "; it is the same record as the current revision" : "") + "."));
    } else {
      panel.append(el("p", { class: "error-box check-refusal" }, el("b", {}, "Cannot be stored:"), " " + (body.message || "")));
    }
    if (findings.length) panel.append(findingsList(findings));
    if (ok) panel.append(paymentsTable(body));
    const worst = findings.find((f) => f.severity !== "note");
    verdict.textContent = ok
      ? body.status + ", " + findings.length + " finding" + (findings.length === 1 ? "" : "s")
      : "cannot be stored: " + (body.message || "");
    if (worst && worst.line) verdict.textContent += " · line " + worst.line + ":" + worst.column + " " + worst.message;
  }

  async function check() {
    const mine = ++sent;
    if (checked) checked.hidden = true;  // the server's marked copy is of an older text
    if (!area.value.trim()) { panel.textContent = ""; verdict.textContent = ""; return; }
    try {
      const data = new URLSearchParams();
      data.set("csrf_token", token);
      data.set("text", area.value);
      const response = await fetch(form.dataset.previewUrl, { method: "POST", body: data, credentials: "same-origin" });
      if (mine !== sent) return;  // a newer check is on its way
      const body = await response.json();
      if (mine !== sent) return;
      render(response.ok && body.ok, body);
    } catch (error) {
      verdict.textContent = "could not check (offline?); the Check button checks on the server";
    }
  }

  panel.addEventListener("click", (event) => {
    const at = event.target.closest("a.at[data-line]");
    if (!at) return;
    event.preventDefault();
    goTo(Number(at.dataset.line), Number(at.dataset.column));
  });
  area.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(check, 400); });
})();
