// The pages' small amount of JavaScript: the replay stepper (buttons, arrow keys while the
// replay has the focus, a live region saying each trick, links to a trick), picking a file
// submits it, the print button and a ruling form's running total (the record editor is
// editor.js). Everything works without it: the tricks are then listed one under another.
"use strict";
document.documentElement.classList.replace("no-js", "js");

(function () {
  const say = window.taroccoSay;  // words.js: the page's words for the scripts (#33)

  const replays = [];

  // The tags under a trick's led and won cards (a replay's, an audit's repaired tricks)
  // are drawn by CSS; their words are the page's language's (#33).
  function tagWords(within) {
    within.querySelectorAll(".play.is-led .play-who, .play.is-won .play-who").forEach((who) => {
      who.dataset.led = say("led");
      who.dataset.won = say("won");
    });
  }
  tagWords(document);

  function setupReplay(root) {
    const prefix = root.dataset.prefix || "";
    const steps = Number(root.dataset.steps || 0);
    const panels = Array.from(root.querySelectorAll(".trick-panel"));
    const held = Array.from(root.querySelectorAll(".held"));
    const seats = Array.from(root.querySelectorAll(".seat"));
    const label = root.querySelector(".step-label");
    const live = root.querySelector(".replay-live");
    const stepper = root.querySelector(".stepper");
    const buttons = {};
    root.querySelectorAll("[data-step]").forEach((b) => { buttons[b.dataset.step] = b; });
    const state = { root, prefix, step: 0 };

    function show(n, updateHash) {
      const step = Math.max(0, Math.min(steps, n));
      state.step = step;
      let current = null;
      panels.forEach((p) => {
        const here = Number(p.dataset.trick) === step;
        p.hidden = !here;
        if (here) current = p;
      });
      held.forEach((h) => {
        const start = Number(h.dataset.start || 0);  // left out: held from the deal
        const inHand = start <= step && step < Number(h.dataset.stop);
        h.hidden = !inHand;
        const legal = (h.dataset.legalAt || "").split(" ").includes(String(step));
        h.classList.toggle("is-legal", inHand && legal);
        h.classList.toggle("is-new", inHand && h.classList.contains("drawn") && start === step);
      });
      const leader = current ? current.dataset.leader : "";
      const winner = current ? current.dataset.winner : "";
      seats.forEach((s) => {
        s.classList.toggle("is-leader", step > 0 && s.dataset.seat === leader);
        s.classList.toggle("is-winner", step > 0 && s.dataset.seat === winner);
      });
      label.textContent = step === 0 ? say("The deal") : say("Trick {number} of {count}", { number: step, count: steps });
      if (live) live.textContent = spoken(current, label.textContent);
      const off = { first: step === 0, prev: step === 0, next: step === steps, last: step === steps };
      Object.keys(buttons).forEach((name) => {
        // a focused button that is disabled would drop the focus out of the replay
        if (off[name] && document.activeElement === buttons[name]) stepper.focus();
        buttons[name].disabled = off[name];
      });
      if (updateHash) history.replaceState(null, "", "#" + prefix + "trick-" + step);
    }
    state.show = show;
    state.focus = () => stepper.focus({ preventScroll: true });
    const moves = {
      first: () => 0, prev: () => state.step - 1, next: () => state.step + 1, last: () => steps,
    };
    Object.keys(buttons).forEach((name) => {
      buttons[name].addEventListener("click", () => { show(moves[name](), true); });
    });
    // "Kibitz": the table as one player saw it is a page of its own (``?seat=N``), which
    // the server renders without what that seat did not know; its link opens it at the
    // trick on show.
    root.querySelectorAll("a[data-view-seat]").forEach((link) => {
      link.addEventListener("click", () => {
        link.hash = prefix + "trick-" + state.step;
      });
    });
    // The keys step the replay only while it has the focus: elsewhere Home and End scroll
    // the page as usual.
    root.addEventListener("keydown", (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target;
      if (target && target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
      const moves = { ArrowRight: state.step + 1, ArrowLeft: state.step - 1, Home: 0, End: steps };
      if (!(event.key in moves)) return;
      event.preventDefault();
      show(moves[event.key], true);
    });
    show(0, false);
    replays.push(state);
  }

  // What the live region says at a step: the trick's cards in play order, its winner and
  // the reason of any flag, e.g. "Trick 1 of 19: Carla Trump X (10), Dario Trump XVII (17),
  // Anna 5 of cups, Bruno Trump IX (9). Dario wins. Violation: Anna played 5C but ...".
  function spoken(panel, heading) {
    if (!panel || panel.dataset.trick === "0") return heading;
    const plays = Array.from(panel.querySelectorAll(".play")).map((play) => {
      const card = play.querySelector("svg.card");
      const who = play.querySelector(".play-who");
      return (who ? who.textContent + " " : "") + (card ? card.getAttribute("aria-label") : "");
    });
    const winner = panel.querySelector(".winner-name");
    let text = heading + ": " + plays.join(", ") + ".";
    text += " " + (winner ? say("{player} wins.", { player: winner.textContent }) : say("Unfinished."));
    panel.querySelectorAll(".flag-reason .reason").forEach((reason) => {
      text += " " + reason.textContent.trim().replace(/^(\w+) /, (m, sev) => sev[0].toUpperCase() + sev.slice(1) + ": ");
    });
    return text;
  }

  // A link to a trick (a finding's, or the address's #trick-N) shows that trick and moves
  // the focus to the stepper, so the keys go on from there.
  function fromHash() {
    const m = /^#(.*)trick-(\d+)$/.exec(decodeURIComponent(location.hash));
    if (!m) return;
    const state = replays.find((r) => r.prefix === m[1]);
    if (!state) return;
    state.show(Number(m[2]), false);
    state.root.scrollIntoView({ block: "start" });
    state.focus();
  }

  document.querySelectorAll("[data-replay]").forEach(setupReplay);
  // New results put in the page without a reload (editor.js's verify in place).
  document.addEventListener("tarocco:replaced", (event) => {
    replays.splice(0, replays.length, ...replays.filter((r) => r.root.isConnected));
    event.target.querySelectorAll("[data-replay]").forEach(setupReplay);
    tagWords(event.target);
  });
  window.addEventListener("hashchange", fromHash);
  document.querySelectorAll("a.to-trick").forEach((link) => {
    // the same address again fires no hashchange
    link.addEventListener("click", () => { if (link.hash === location.hash) setTimeout(fromHash); });
  });
  // a link from elsewhere to a trick: shown at once, and again once loaded, when the
  // browser's own move to the address's fragment no longer takes the focus back
  fromHash();
  window.addEventListener("load", () => setTimeout(fromHash), { once: true });

  document.querySelectorAll("input[data-autosubmit]").forEach((input) => {
    input.addEventListener("change", () => {
      if (!input.files || !input.files.length) return;
      const form = input.form;
      const text = form.querySelector("textarea[name=text]");
      if (text) text.value = "";
      const submit = form.querySelector("button[value=verify]");
      if (form.requestSubmit) form.requestSubmit(submit); else form.submit();
    });
  });
  // A ruling form's running total (#34.9): the sum of its amounts as the director types,
  // exact (BigInt) and "?" while a field is not a whole number. Only a help: the server
  // checks the amounts when the form is sent and draws the same total with its answer.
  function showTotal(box) {
    const output = box.querySelector("[data-total]");
    const note = box.querySelector("[data-total-note]");
    let total = 0n;
    for (const input of box.querySelectorAll("input.amount")) {
      const text = input.value.trim() || "0";
      if (!/^[+-]?\d{1,19}$/.test(text)) {
        total = null;
        break;
      }
      total += BigInt(text);
    }
    output.textContent = total === null ? "?" : total > 0n ? "+" + total : String(total);
    if (note) note.textContent = total !== null && total !== 0n ? note.dataset.unbalanced : "";
  }
  document.querySelectorAll("[data-ruling-amounts]").forEach((box) => {
    box.addEventListener("input", () => showTotal(box));
  });
  document.querySelectorAll("[data-print]").forEach((b) => b.addEventListener("click", () => window.print()));
}());
