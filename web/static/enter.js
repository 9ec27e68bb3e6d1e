// The guided entry page, /enter (#24): a hand entered at a drawn table by clicking cards.
//
// The record's text, in the /verify page's editor (web/templates/editor.html), is the page's
// one state: every click writes to it (a card into a hand line, a line before the play, a
// card into the trick line), and after every change the page asks POST /api/next what comes
// next and draws the table from the answer. Editing the text by hand does the same, so
// switching between the text and the table loses nothing. Undo and redo step through the
// texts. No rule of the games is here: the legal cards, the winners, the findings, the next
// dealer and the reading of a typed card (GET /api/card) are the server's.
//
// Nothing entered is lost (#34.1): every text is kept at once in the browser's localStorage
// as a draft (named by its game, players and time), and the page's address names the draft
// (?draft=ID), so a reload, a back swipe and the login link (whose `next` is that address)
// come back to it. At the end of a hand (#34.2) the score is /api/verify's, with the buttons
// to store it (through /verify's preview), to start the next hand and to download it.
"use strict";

(function () {
  const root = document.querySelector("[data-enter]");
  if (!root) return;
  const games = JSON.parse(document.getElementById("enter-games").textContent);
  const byKey = new Map(games.map((g) => [g.key, g]));
  const area = document.getElementById("text");
  const $ = (id) => document.getElementById(id);
  const setup = $("enter-setup");
  const gameSelect = $("enter-game");
  const names = $("enter-names");
  const dealerSelect = $("enter-dealer");
  const optionsBox = $("enter-options");
  const seating = $("enter-seating");
  const status = $("enter-status");
  const table = $("enter-table");
  const dealBox = $("enter-deal");
  const linesBox = $("enter-lines");
  const tricksList = $("enter-tricks");
  const rulesBox = $("enter-rules");
  const undoButton = $("enter-undo");
  const redoButton = $("enter-redo");
  const typeInput = $("enter-type");
  const typeError = $("enter-type-error");
  const scoreBox = $("enter-score");
  const scoreBody = $("enter-score-body");
  const nextHandButton = $("enter-score-next");
  const faces = root.dataset.faces;
  const undoStack = [];
  const redoStack = [];
  let answer = null;  // the last answer of /api/next
  let chosenPart = null;  // the deal part the user picked (else the answer's next)
  let skipDeal = false;  // "leave the rest of the deal out"
  let asked = 0;
  let typingTimer = null;
  let viewed = null;  // the trick shown in the centre when stepping back (arrow keys), else null
  let keepFocus = null;  // after a card played or dealt from the keyboard: where the focus goes
  let scored = null;  // the text whose score is shown
  let toTable = false;  // a new hand: the table is scrolled to once drawn

  // The page's own sentences, in one place, each said in the page's language (#33).
  const say = window.taroccoSay;  // words.js: the page's words for the scripts (#33)

  const SAY = {
    saved: (time) => say("Saved on this device at {time}.", { time }),
    notSaved: say("Not saved on this device: the browser keeps nothing here (private mode?). Download the record to keep it."),
    resume: say("Resume"),
    park: say("Park in the session"),
    remove: say("Delete"),
    open: " (" + say("open") + ")",
    noDrafts: say("No draft on this device yet."),
    missing: say("That draft is not kept on this device (another browser, or deleted)."),
    untitled: say("A record"),
    full: (part) => (part.name
      ? say("{player}'s {line} has its {count} cards: pick another line to deal to.", { player: part.name, line: part.keyword, count: part.size })
      : say("the {line} has its {count} cards: pick another line to deal to.", { line: part.keyword, count: part.size })),
    dealt: (card, who) => say("{card}, dealt to {player}", { card, player: who }),
    aside: say("set aside"),
    tooMany: (part, count) => (part.name
      ? say("{player}'s {line} needs {needs} more cards; the run has {count}: nothing written.", { player: part.name, line: part.keyword, needs: part.needs, count })
      : say("the {line} needs {needs} more cards; the run has {count}: nothing written.", { line: part.keyword, needs: part.needs, count })),
    notNow: say("No card can be dealt or played now."),
    offline: say("the server could not be asked (offline?)."),
    notPlayable: (name) => say("{card} cannot be played or dealt now: it is not among the cards shown.", { card: name }),
    refused: (token, why) => say("“{token}” was not taken: {why}", { token, why }),
    run: (line) => sayNodes("Type or paste the cards of {line} as a run", {}, { line: code(line) }),
    writeRun: say("Write them"),
    trickOf: (n, of) => say("Trick {number} of {count}", { number: n, count: of }),
    earlier: say("Earlier trick"),
    later: say("Later trick"),
    back: say("Back to the play"),
    wonBy: (name) => say("won by {player}", { player: name }),
    illegal: say("illegal: why?"),
    scoreLines: say("The score line by line"),
    nextHand: (name) => say("Next hand ({player} deals)", { player: name }),
    payments: say("Payments"),
    why: say("Rule"),
    scoreFailed: (why) => say("The score could not be worked out: {why}", { why }),
    toAct: say("to act"),
    choose: (name) => say("{player} to act: tap a choice below, or a lit card of the hand.", { player: name }),
  };

  function element(tag, className, ...children) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    node.append(...children);
    return node;
  }

  /** ``say`` as nodes: each {name} of ``nodes`` stands as that node (a line of the notation
   *  in <code>, the engine's words marked), the rest filled from ``values``. */
  function sayNodes(english, values, nodes) {
    return say(english, values).split(/(\{\w+\})/).filter((part) => part !== "")
      .map((part) => { const m = /^\{(\w+)\}$/.exec(part); return m && nodes[m[1]] ? nodes[m[1]] : part; });
  }

  /** The notation's own words (a line's head, a keyword): code, in every language. */
  function code(text) {
    return element("code", "", text);
  }

  /** An element holding the engine's words (a finding's sentence, a score line), marked as
   *  such: records/translations says them in the page's language, not this script. */
  function engineWords(tag, text) {
    const node = element(tag, "", text);
    node.dataset.engineWords = "";
    return node;
  }

  // -- the setup form ----------------------------------------------------------------------
  function currentGame() { return byKey.get(gameSelect.value) || games[0]; }

  function drawSetup() {
    const game = currentGame();
    const old = Array.from(names.querySelectorAll("input"), (i) => i.value);
    const defaults = ["Anna", "Bruno", "Carla", "Dario"];
    names.textContent = "";
    game.places.forEach((place, i) => {
      const input = element("input");
      input.id = "enter-name-" + i;
      input.name = "player";
      input.required = true;
      input.autocomplete = "off";
      input.value = old[i] || defaults[i];
      input.addEventListener("input", drawDealers);
      const placeWord = say(place);
      const label = element("label", "seat-row", element("span", "", placeWord[0].toUpperCase() + placeWord.slice(1)), " ", input);
      label.htmlFor = input.id;
      names.append(label);
    });
    optionsBox.textContent = "";
    game.options.forEach((option) => {
      const select = element("select");
      select.id = "enter-option-" + option.name;
      select.dataset.option = option.name;
      option.values.forEach((value, i) => {
        const item = element("option", "", i === 0 ? say("{value} (default)", { value }) : value);
        item.value = value;
        select.append(item);
      });
      const label = element("label", "", option.name + " ");
      label.htmlFor = select.id;
      label.translate = false;  // the option's name is the notation's
      const ruling = element("a", "", option.ruling);  // the ruling, explained on the rules page
      ruling.href = option.ruling_url;
      const help = element("span", "muted", " " + option.help + " (", ruling, ")");
      help.dataset.engineWords = "";  // the option's help: the rules' words (records/translations)
      optionsBox.append(element("div", "form-row", label, select, help));
    });
    drawDealers();
  }

  function playerNames() {
    return Array.from(names.querySelectorAll("input"), (i) => i.value.trim());
  }

  function drawDealers() {
    const previous = dealerSelect.value;
    dealerSelect.textContent = "";
    const places = currentGame().places;
    playerNames().forEach((name, i) => {
      const place = say(places[i] || "");  // a name not given yet: the seat's place, as the form names it
      const option = element("option", "", name || place[0].toUpperCase() + place.slice(1));
      option.value = String(i);
      dealerSelect.append(option);
    });
    const count = dealerSelect.options.length;
    dealerSelect.value = previous && Number(previous) < count ? previous : String(count - 1);
    drawSeating();
  }

  function drawSeating() {
    const players = playerNames();
    const dealer = Number(dealerSelect.value);
    const eldest = (dealer + 1) % players.length;
    seating.textContent = "";
    seating.append(say("Dealer: {dealer}; eldest (the dealer's right): {eldest}. In the words of the rules:",
      { dealer: players[dealer] || "?", eldest: players[eldest] || "?" }));
    const list = element("ul", "enter-rulings");
    list.dataset.engineWords = "";  // the rulings' own words (records/translations)
    currentGame().rules.forEach((r) => list.append(element("li", "", element("b", "", r.id + " " + r.title + ": "), r.summary)));
    seating.append(list);
  }

  function startRecord(event) {
    event.preventDefault();
    const game = currentGame();
    const players = playerNames();
    if (players.some((p) => !p || /[,"\]]/.test(p)) || new Set(players.map((p) => p.toLowerCase())).size !== players.length) {
      status.textContent = say("Give each player a different name without commas or quotes.");
      return;
    }
    const options = Array.from(optionsBox.querySelectorAll("select"))
      .filter((s) => s.selectedIndex > 0).map((s) => s.dataset.option + "=" + s.value);
    const lines = ['[Game "' + game.key + '"]', '[Players "' + players.join(", ") + '"]',
      '[Dealer "' + players[Number(dealerSelect.value)] + '"]'];
    if (options.length) lines.push('[Options "' + options.join(" ") + '"]');
    newHand(lines.join("\n") + "\n\n");
  }

  /** A new hand from its tags: a new draft, the deal from the start. */
  function newHand(text) {
    chosenPart = null;
    skipDeal = false;
    viewed = null;
    draftId = null;
    forgetParked();
    toTable = true;  // once the table is drawn (drawn first, the pack would move under the scroll)
    write(text);
  }

  // -- the text ----------------------------------------------------------------------------
  /** A step: the new text, undoable. ``follows`` marks a step the page takes by itself
   *  after the user's (the last hand filled, a draw from a known stock): undone with it. */
  function write(text, follows) {
    if (text === area.value) return;
    if (!follows) undoStack.push(area.value);
    redoStack.length = 0;
    setText(text);
  }

  function setText(text) {
    area.value = text;
    area.dispatchEvent(new Event("input", { bubbles: true }));  // the editor verifies it
    undoButton.disabled = undoStack.length === 0;
    redoButton.disabled = redoStack.length === 0;
    saveDraft();
    refresh(true);
  }

  // -- drafts kept on this device (#34.1) --------------------------------------------------
  const DRAFTS = "tarocco.enter.drafts";  // localStorage: the drafts, the last saved first
  const MAX_DRAFTS = 30;
  const savedNote = $("enter-saved");
  const draftsList = $("enter-drafts-list");
  let draftId = null;  // the open draft's, once something is written

  function loadDrafts() {
    try {
      const list = JSON.parse(localStorage.getItem(DRAFTS) || "[]");
      return Array.isArray(list) ? list.filter((d) => d && d.id && typeof d.text === "string") : [];
    } catch (err) {
      return [];
    }
  }

  /** Keep the text as the open draft, first in the list; the page's address names it. */
  function saveDraft() {
    if (!area.value.trim()) return;
    if (!draftId) draftId = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
    nameDraftInAddress();
    const now = new Date();
    const draft = {
      id: draftId, text: area.value, saved: now.toISOString(),
      title: answer ? answer.title : currentGame().title,
      players: answer ? answer.players.map((p) => p.name) : playerNames(),
    };
    const list = [draft, ...loadDrafts().filter((d) => d.id !== draftId)].slice(0, MAX_DRAFTS);
    try {
      localStorage.setItem(DRAFTS, JSON.stringify(list));
      savedNote.textContent = SAY.saved(now.toLocaleTimeString());
      savedNote.classList.remove("is-bad");
    } catch (err) {
      savedNote.textContent = SAY.notSaved;
      savedNote.classList.add("is-bad");
    }
    drawDrafts();
  }

  /** The address names the open draft (?draft=ID), and so does the login link's return. */
  function nameDraftInAddress() {
    const args = new URLSearchParams(location.search);  // (a parked draft's ?parked= stays)
    if (draftId) args.set("draft", draftId);
    else args.delete("draft");
    const here = location.pathname + (args.toString() ? "?" + args : "");
    $("enter-draft-id").value = draftId || "";
    if (location.pathname + location.search !== here) history.replaceState(history.state, "", here);
    document.querySelectorAll(".enter-login-link").forEach((link) => {
      link.href = link.dataset.login + "?next=" + encodeURIComponent(here);
    });
  }

  function drawDrafts() {
    const list = loadDrafts();
    draftsList.textContent = "";
    if (!list.length) draftsList.append(element("li", "muted", SAY.noDrafts));
    list.forEach((d) => {
      const when = new Date(d.saved);
      const rest = " · " + (d.players || []).join(", ") + " · " +
        (isNaN(when) ? "" : when.toLocaleString(document.documentElement.lang || undefined));
      const name = (d.title || SAY.untitled) + rest;
      const title = d.title ? engineWords("span", d.title) : SAY.untitled;  // a game's title
      const resume = element("button", "link", SAY.resume + ": ", title, rest + (d.id === draftId ? SAY.open : ""));
      resume.type = "button";
      resume.dataset.draft = d.id;
      resume.addEventListener("click", () => { if (d.id !== draftId) forgetParked(); openDraft(d.id); });
      const remove = element("button", "link", SAY.remove);
      remove.type = "button";
      remove.setAttribute("aria-label", SAY.remove + ": " + name);
      remove.dataset.engineWords = "";  // its label names the game in the engine's words
      remove.addEventListener("click", () => deleteDraft(d.id));
      draftsList.append(element("li", d.id === draftId ? "is-open" : "", resume, " ", remove));
    });
  }

  /** A new hand or another draft is not the draft parked on the server the page was opened
   *  from: parking it makes a new one (the parked one is not replaced). */
  function forgetParked() {
    document.querySelectorAll("#enter-form input[name=parked_id], #enter-form input[name=version]").forEach((i) => i.remove());
    const park = $("enter-park");
    if (park) park.textContent = SAY.park;
    const args = new URLSearchParams(location.search);
    if (args.has("parked")) {
      args.delete("parked");
      history.replaceState(history.state, "", location.pathname + (args.toString() ? "?" + args : ""));
    }
  }

  function openDraft(id) {
    const draft = loadDrafts().find((d) => d.id === id);
    if (!draft) return false;
    draftId = id;
    chosenPart = null;
    skipDeal = false;
    viewed = null;
    undoStack.length = 0;
    redoStack.length = 0;
    setText(draft.text);
    return true;
  }

  function deleteDraft(id) {
    try {
      localStorage.setItem(DRAFTS, JSON.stringify(loadDrafts().filter((d) => d.id !== id)));
    } catch (err) { /* nothing kept, nothing to delete */ }
    if (id === draftId) { draftId = null; nameDraftInAddress(); savedNote.textContent = ""; }
    drawDrafts();
  }

  function bodyLines() { return area.value.replace(/\s+$/, "").split("\n"); }

  function joinLines(lines) { return lines.join("\n") + "\n"; }

  const TRICK = /^\s*(\d+)[.)]\s*/;

  /** A line as a keyword and its subject (``hand Anna:`` is ["hand", "anna"]). */
  function head(line) {
    const match = /^\s*([A-Za-z-]+)(?:\s+([^:]*?))?\s*:/.exec(line.replace(/;.*$/, ""));
    return match ? [match[1].toLowerCase(), (match[2] || "").toLowerCase()] : null;
  }

  /** Add a card to a deal line (``hand Anna: ...``), made after the deal lines if missing. */
  function dealCard(part, card) {
    if (part.needs <= 0) { status.textContent = SAY.full(part); return; }
    const lines = bodyLines();
    const want = [part.keyword, (part.name || "").toLowerCase()];
    const at = lines.findIndex((l) => { const h = head(l); return h && h[0] === want[0] && h[1] === want[1]; });
    if (at >= 0) {
      const [code, comment] = splitComment(lines[at]);
      lines[at] = code.replace(/\s+$/, "") + " " + card + comment;
    } else {
      const dealKeywords = new Set(answer.keywords.filter((k) => k.when === "deal").map((k) => k.keyword));
      let after = -1;
      lines.forEach((l, i) => { const h = head(l); if ((h && dealKeywords.has(h[0])) || /^\s*\[/.test(l)) after = i; });
      lines.splice(after + 1, 0, part.line + " " + card);
    }
    write(joinLines(lines));
  }

  /** Cards typed or pasted as a run (pinch's stock, a whole hand), each read by the server
   *  as the notation reads it, then added to the part's line; nothing is written if a card
   *  is refused (the reason said), not in the pack left, or more than the part needs. */
  async function dealRun(part, run) {
    const tokens = run.trim().split(/[\s,]+/).filter(Boolean);
    if (!tokens.length) return;
    if (tokens.length > part.needs) { status.textContent = SAY.tooMany(part, tokens.length); return; }
    const why = await withCards(tokens, (read) => {
      const refused = read.find((r) => r.refused);
      if (refused) return refused.refused;
      const undealt = new Set(answer.deal.undealt);
      const gone = read.find((r) => !undealt.has(r.card));
      if (gone) return SAY.refused(gone.token, SAY.notPlayable(gone.name));
      dealCard(part, read.map((r) => r.card).join(" "));
      return null;
    });
    if (why) status.textContent = why;
  }

  /** A line as its notation and its comment (a ``;`` or ``{`` outside a card's note). */
  function splitComment(line) {
    let depth = 0;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (c === "(") depth++;
      else if (c === ")") depth = Math.max(0, depth - 1);
      else if ((c === ";" || c === "{") && depth === 0) return [line.slice(0, i), " " + line.slice(i)];
    }
    return [line, ""];
  }

  /** Play a card: into the last trick line while it is short, else a new trick line. */
  function playCard(card) {
    const note = $("enter-note");
    const text = card + (note && note.value.trim() ? "(" + note.value.trim() + ")" : "");
    const lines = bodyLines();
    const players = answer.players.length;
    let last = -1;
    lines.forEach((l, i) => { if (TRICK.test(l)) last = i; });
    if (last >= 0) {
      const [code, comment] = splitComment(lines[last]);
      const plays = code.replace(/\([^)]*\)/g, "").replace(TRICK, "").replace(/^[^:]*:/, "");
      const cards = plays.trim().split(/[\s,]+/).filter((t) => t && t !== "-");
      if (cards.length < players) {
        lines[last] = code.replace(/\s+$/, "") + " " + text + comment;
        if (note) note.value = "";
        write(joinLines(lines));
        return;
      }
    }
    const number = last >= 0 ? Number(TRICK.exec(lines[last])[1]) + 1 : 1;
    lines.push(number + ". " + text);
    if (note) note.value = "";
    write(joinLines(lines));
  }

  function addLine(line) { write(joinLines([...bodyLines(), line])); }

  /** A choice of /api/next taken (#32.5): its line written after the record's last line,
   *  or over it when the choice adds a word or a card to it (a comment on it is kept). */
  function choose(choice) {
    const lines = bodyLines();
    if (!choice.replaces) { addLine(choice.line); return; }
    let last = lines.length - 1;
    while (last > 0 && (!lines[last].trim() || lines[last].trim().startsWith(";"))) last--;
    const [, comment] = splitComment(lines[last]);
    lines[last] = choice.line + comment;
    write(joinLines(lines));
  }

  /** The choices other than the cards tapped at the table (a card played, a card of the
   *  discard or the exchange in the hand to act): a button each, in the rules' words, for
   *  what may be said or done now (a mountain word, a call, a bargaining word, a draw, a
   *  meld, a declaration, a card played with what is said with it ...). */
  function choiceButtons() {
    const inHand = handChoices();
    const offered = (answer.choices || []).filter((c) => c.legal && (c.kind !== "play" || c.note) &&
      !inHand.has(c.card));
    if (!offered.length) return null;
    const box = element("div", "enter-choices");
    box.id = "enter-choices";
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", say("What may be done now"));
    offered.forEach((choice) => {
      const button = element("button", "enter-choice", choice.label);
      button.dataset.engineWords = "";  // the label is the engine's, in the page's language
      button.type = "button";
      button.title = choice.line + (choice.rule ? " (" + choice.rule + ")" : "");
      button.dataset.line = choice.line;
      button.addEventListener("click", () => choose(choice));
      box.append(button);
    });
    return box;
  }

  /** The legal choices of the player to act that are a card of the hand shown (a card of
   *  the discard, the card given in the exchange), outside the play of a card: tapped on
   *  the card itself, by card. */
  function handChoices() {
    const taps = new Map();
    const seat = answer.to_act ? answer.to_act.seat : null;
    if (seat === null || (answer.play && answer.play.legal.length) || dealing()) return taps;
    const held = new Set(seatCards(seat).cards);
    (answer.choices || []).forEach((c) => {
      if (c.legal && c.card && c.seat === seat && !["play", "draw"].includes(c.kind) &&
          held.has(c.card) && !taps.has(c.card)) taps.set(c.card, c);
    });
    return taps;
  }

  // -- asking the server -------------------------------------------------------------------
  async function refresh(canonical) {
    const text = area.value;
    const mine = ++asked;
    root.dataset.busy = "1";  // (the browser tests wait for the answer)
    if (!text.trim()) { answer = null; draw(); delete root.dataset.busy; return; }
    let response;
    let body;
    try {
      response = await fetch(root.dataset.nextUrl, {
        method: "POST", headers: { "Content-Type": "application/json", "Accept-Language": document.documentElement.lang || "en" },
        body: JSON.stringify({ text: text }),
      });
      body = await response.json();
    } catch (err) {
      if (mine === asked) {
        status.textContent = say("Could not ask the server what comes next (offline?).");
        delete root.dataset.busy;
      }
      return;
    }
    if (mine !== asked || area.value !== text) return;
    delete root.dataset.busy;
    if (!response.ok) {
      status.textContent = say("The text cannot be followed yet: {why}. Fix it in the text below, or undo.",
        { why: body.message || response.status });
      root.classList.add("is-stale");
      root.classList.remove("is-dealing");
      return;
    }
    root.classList.remove("is-stale");
    const first = !answer;
    answer = body;
    if (first) saveDraft();  // the draft's name from the record's own game and players
    if (canonical && body.canonical && body.canonical !== text && body.verdict.status !== "invalid") {
      area.value = body.canonical;  // the canonical form of the same record: no new step
      area.dispatchEvent(new Event("input", { bubbles: true }));
    }
    draw();
    if (toTable) { toTable = false; $("table-title").scrollIntoView({ block: "start" }); }
    if (canonical) keepInView();  // a step taken at the table, not a change typed in the text
    if (body.phase === "deal" && body.deal.fill && !skipDeal) {
      write(withFill(body.deal), true);  // the last hand fills itself from what is left
    } else if (body.phase === "play" && body.play.draw && body.play.draw.card) {
      const due = body.play.draw;  // the stock's next card: drawn as the record must say
      write(joinLines([...bodyLines(), "draw " + due.name + ": " + due.card]), true);
    }
  }

  function withFill(deal) {
    const part = deal.parts.find((p) => p.needs > 0);
    const lines = bodyLines();
    const at = lines.findIndex((l) => { const h = head(l); return h && h[0] === part.keyword && h[1] === (part.name || "").toLowerCase(); });
    if (at >= 0) lines[at] = deal.fill;
    else {
      let after = -1;
      lines.forEach((l, i) => { const h = head(l); if ((h && h[0] === part.keyword) || /^\s*\[/.test(l)) after = i; });
      lines.splice(after + 1, 0, deal.fill);
    }
    return joinLines(lines);
  }

  // -- drawing -----------------------------------------------------------------------------
  const faceStyle = () => (answer && ["french", "symbols"].includes(answer.suits)) ? "f" : "i";

  function faceOf(text) {
    const card = answer.deal.pack.find((c) => c.text.toLowerCase() === String(text).toLowerCase());
    return card || { text: text, face: null, name: text };
  }

  function cardSvg(text) {
    const card = faceOf(text);
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    const trump = /^\d+$/.test(card.face || "");
    svg.setAttribute("class", "card" + (trump ? " trump" : card.face === "Fool" ? " fool" : ""));
    svg.setAttribute("aria-hidden", "true");
    const use = document.createElementNS(ns, "use");
    use.setAttribute("href", faces + "#" + (card.face ? "c" + faceStyle() + card.face : "c-unknown"));
    svg.append(use);
    return svg;
  }

  function cardButton(text, label, onClick, lit) {
    const button = element("button", "card-button" + (lit ? " is-legal" : ""), cardSvg(text));
    button.type = "button";
    button.dataset.card = text;
    button.setAttribute("aria-label", label);
    button.addEventListener("click", onClick);
    return button;
  }

  function cardImage(text) {
    const wrap = element("span", "card-image", cardSvg(text));
    wrap.setAttribute("role", "img");
    wrap.setAttribute("aria-label", faceOf(text).name);
    return wrap;
  }

  /** The deal's lines in the order of the paper: each kind of line in turn (the hands, the
   *  face-up cards), the players' lines in the order of the Players tag, the stock last (the
   *  server lists them from eldest, the order of dealing). */
  function paperOrder() {
    const parts = answer.deal.parts;
    const kinds = [...new Set(parts.map((p) => p.keyword))];
    const seatOf = (p) => (p.seat === null ? parts.length : p.seat);
    return parts.map((p, i) => i).sort((a, b) => kinds.indexOf(parts[a].keyword) - kinds.indexOf(parts[b].keyword) ||
      seatOf(parts[a]) - seatOf(parts[b]));
  }

  /** The line being dealt: the one picked while it needs cards, then the next that does in
   *  the paper's order (a full hand moves on), from the first line of the paper at the start. */
  function partFor() {
    const parts = answer.deal.parts;
    const order = paperOrder();
    const start = chosenPart !== null ? Math.max(0, order.indexOf(chosenPart)) : 0;
    for (let k = 0; k < order.length; k++) {
      const i = order[(start + k) % order.length];
      if (parts[i].needs > 0) return parts[i];
    }
    return null;
  }

  function dealing() {
    return answer && !skipDeal && !answer.deal.complete && (answer.phase === "deal" ||
      (answer.phase === "before-play" && !answer.play));
  }

  function draw() {
    if (!answer) {
      table.textContent = "";
      dealBox.hidden = true;
      linesBox.hidden = true;
      tricksList.textContent = "";
      rulesBox.textContent = "";
      return;
    }
    syncSetup();
    root.classList.toggle("is-dealing", answer.phase === "deal" && !skipDeal);
    drawRules();
    drawTable();
    drawDeal();
    drawLines();
    drawTricks();
    drawStatus();
    drawScore();
    restoreFocus();
  }

  /** After a card played at the table, the hand to play next is brought back into the
   *  screen if it left it (a phone at the table, #34.5). Never while dealing: the pack stays
   *  where it is, so the card under the finger does not move between two taps. */
  function keepInView() {
    if (answer.phase === "before-play" || (answer.phase === "play" && !answer.play.legal.length)) {
      keepChoicesInView();
      return;
    }
    const target = answer.phase === "play" ? table.querySelector(".seat.is-acting") : null;
    if (!target) return;
    const centre = table.querySelector(".centre");
    const off = (node) => { const box = node.getBoundingClientRect(); return box.top < 0 || box.bottom > window.innerHeight; };
    if (!off(target) && !off(centre)) return;
    // on a phone the trick is right above the hand to play: both come into the screen
    if (getComputedStyle(table).display === "flex") centre.scrollIntoView({ block: "start" });
    else target.scrollIntoView({ block: "nearest" });
  }

  /** Before the play (or a step between tricks), what is tapped next is brought into the
   *  screen: the hand to act when its cards are the choices, else the choice buttons. */
  function keepChoicesInView() {
    const hand = table.querySelector(".seat.is-acting .card-button") ? table.querySelector(".seat.is-acting") : null;
    const target = hand || $("enter-choices");
    if (!target) return;
    const box = target.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) target.scrollIntoView({ block: "center" });
  }

  /** After a card played or dealt from the keyboard, the focus stays in the cards: on the
   *  next card of the pack, or on the hand of the player to play next (#34.6). */
  function restoreFocus() {
    const wanted = keepFocus;
    keepFocus = null;
    if (!wanted) return;
    let target = null;
    if (wanted.zone === "pack") {
      const buttons = Array.from(dealBox.querySelectorAll(".enter-pack .card-button"));
      const at = buttons.findIndex((b) => b.dataset.card === wanted.card);
      target = buttons.slice(at + 1).concat(buttons.slice(0, at + 1)).find((b) => !b.classList.contains("is-dealt"));
    } else {
      const hand = table.querySelector(".seat.is-acting .enter-hand");
      target = hand && (hand.querySelector(".card-button.is-legal") || hand.querySelector(".card-button"));
    }
    if (target) target.focus();
  }

  /** The setup form says what the text says (the game, the players, the dealer). */
  function syncSetup() {
    if (gameSelect.value !== answer.game && byKey.has(answer.game)) {
      gameSelect.value = answer.game;
      drawSetup();
    }
    let renamed = false;
    answer.players.forEach((p, i) => {
      const input = $("enter-name-" + i);
      if (input && input.value !== p.name) { input.value = p.name; renamed = true; }
    });
    if (renamed || dealerSelect.value !== String(answer.dealer.seat)) {
      drawDealers();
      dealerSelect.value = String(answer.dealer.seat);
      drawSeating();
    }
  }

  /** Who deals and who is eldest, and the rulings on the deal and the lead, folded away
   *  (a phone keeps the table on its screen, #34.5); the fold stays as the user left it. */
  function drawRules() {
    const open = rulesBox.open;
    rulesBox.textContent = "";
    const list = element("ul", "enter-rulings");
    list.dataset.engineWords = "";  // the rulings' own words (records/translations)
    answer.rules.forEach((r) => list.append(element("li", "", element("b", "", r.id + " " + r.title + ": "), r.summary)));
    rulesBox.append(element("summary", "", ...sayNodes("{game}: {dealer} deals; {eldest} is eldest. The rules",
      { dealer: answer.dealer.name, eldest: answer.eldest.name }, { game: engineWords("span", answer.title) })), list);
    rulesBox.open = open;
  }

  function seatCards(seat) {
    if (answer.play) return answer.play.hands[seat];
    const cards = [];
    answer.deal.parts.filter((p) => p.seat === seat).forEach((p) => cards.push(...p.cards));
    return { seat: seat, known: true, cards: cards };
  }

  function drawTable() {
    const n = answer.players.length;
    const places = (byKey.get(answer.game) || games[0]).places;
    table.className = "table enter-table seats-" + n;
    table.textContent = "";
    const acting = answer.to_act ? answer.to_act.seat : null;
    const part = dealing() ? partFor() : null;
    answer.players.forEach((player) => {
      const seat = player.seat;
      const roles = [];
      if (seat === answer.dealer.seat) roles.push(element("span", "role", say("dealer")));
      if (seat === answer.eldest.seat) roles.push(element("span", "role", say("eldest")));
      const isTarget = part && part.seat === seat;
      if (seat === acting && answer.phase === "play") roles.push(element("span", "role role-act", say("to play")));
      else if (seat === acting && !part) roles.push(element("span", "role role-act", SAY.toAct));
      if (isTarget) roles.push(element("span", "role role-act", say("dealing to")));
      const box = element("div", "seat place-" + places[seat] + (seat === acting || isTarget ? " is-acting" : ""),
        element("h3", "seat-name", player.name, " ", ...roles));
      box.dataset.seat = String(seat);
      const hand = seatCards(seat);
      const fan = element("div", "enter-hand");
      fan.setAttribute("aria-label", say("{player}'s cards", { player: player.name }));
      fan.setAttribute("role", "group");
      const taps = seat === acting ? handChoices() : new Map();
      if (taps.size) {  // a card of the discard, the exchange ...: the choice tapped on the card
        hand.cards.forEach((c) => fan.append(taps.has(c) ? cardButton(c, taps.get(c).label,
          () => choose(taps.get(c)), true) : cardImage(c)));
      } else if (answer.phase === "play" && seat === acting && !answer.play.draw) {
        const legal = new Set(answer.play.legal);
        // a hand the record leaves out: any card nobody holds or has played
        const cards = hand.cards.length ? hand.cards : answer.play.unseen;
        cards.forEach((c) => fan.append(cardButton(c, legal.has(c) ? say("Play {card}, legal", { card: faceOf(c).name }) : say("Play {card}, not legal", { card: faceOf(c).name }),
          (event) => { keepFocus = event.detail === 0 ? { zone: "hand", card: c } : null; playCard(c); }, legal.has(c))));
      } else if (answer.phase === "play" && seat === acting && !answer.play.draw.card) {
        // a draw from a stock the record leaves out (pinch): the card drawn, as it happens
        answer.play.unseen.forEach((c) => fan.append(cardButton(c, say("Draw {card}", { card: faceOf(c).name }),
          () => addLine("draw " + player.name + ": " + c), false)));
        hand.cards.forEach((c) => fan.append(cardImage(c)));
      } else {
        hand.cards.forEach((c) => fan.append(cardImage(c)));
      }
      if (!hand.known || (answer.play && !hand.cards.length && answer.phase === "play")) {
        fan.append(element("span", "muted", " " + say("hand not recorded")));
      }
      if (dealing() && !isTarget) {
        const pick = answer.deal.parts.findIndex((p) => p.seat === seat && p.needs > 0);
        if (pick >= 0) {
          const b = element("button", "link", say("deal to {player}", { player: player.name }));
          b.type = "button";
          b.addEventListener("click", () => { chosenPart = pick; draw(); });
          box.append(b);
        }
      }
      box.append(fan);
      table.append(box);
    });
    table.append(drawCentre());
  }

  /** The centre of the table: the trick being played (or the last one, with its winner),
   *  or, stepping back with the arrow keys, any trick done; an illegal card is marked where
   *  it lies, its rule on a tap (#34.6). */
  function drawCentre() {
    const centre = element("div", "centre trick-panel");
    const play = answer.play;
    const phaseWords = { deal: say("The deal"), "before-play": say("Before the play"), play: say("The play"), done: say("The hand is over") };
    centre.append(element("h3", "", phaseWords[answer.phase] || answer.phase));
    if (!play) return centre;
    const done = play.tricks.filter((t) => t.winner !== null);
    if (viewed !== null && viewed >= done.length) viewed = null;
    const live = play.tricks.find((t) => t.winner === null && t.cards.length);
    const shown = viewed !== null ? done[viewed] : live || done[done.length - 1];
    if (shown) {
      const n = answer.players.length;
      const list = element("ul", "plays");
      shown.cards.forEach((c, i) => {
        const seat = (shown.leader + i) % n;
        const f = flagged(shown, i);
        const item = element("li", "play" + (seat === shown.winner ? " is-won" : "") + (f ? " is-flagged" : ""),
          cardImage(c), element("span", "play-who", answer.players[seat].name));
        if (f) item.append(...flagMark(f, "flag-" + shown.number + "-" + i));
        list.append(item);
      });
      const won = shown.winner !== null ? ", " + SAY.wonBy(answer.players[shown.winner].name) : "";
      const caption = viewed !== null ? SAY.trickOf(shown.number, done.length) + won + "."
        : shown === live ? say("Trick {number}, led by {player}:", { number: shown.number, player: answer.players[shown.leader].name })
        : say("Trick {number} won by {player}.", { number: shown.number, player: answer.players[shown.winner].name });
      centre.append(element("p", "enter-won", caption), list);
    }
    if (done.length) centre.append(trickSteps(done.length));
    return centre;
  }

  /** The illegal card's mark: a button that shows its finding and rule below it. */
  function flagMark(f, id) {
    const why = engineWords("p", f.message + " (" + f.code + (f.rule ? ", " + f.rule : "") + ")");
    why.className = "flag-why";
    why.id = id;
    why.dataset.engineWords = "";  // the engine's words, in the page's language (#33)
    why.hidden = true;
    const mark = element("button", "flag-mark", "⚠ " + SAY.illegal);
    mark.type = "button";
    mark.setAttribute("aria-expanded", "false");
    mark.setAttribute("aria-controls", id);
    mark.addEventListener("click", () => {
      why.hidden = !why.hidden;
      mark.setAttribute("aria-expanded", String(!why.hidden));
    });
    return [mark, why];
  }

  /** Earlier and later trick, as the arrow keys (Home and End too). */
  function trickSteps(count) {
    const row = element("div", "trick-steps");
    const button = (label, to, off) => {
      const b = element("button", "", label);
      b.type = "button";
      b.disabled = off;
      b.addEventListener("click", () => stepTrick(to()));
      return b;
    };
    row.append(button("◀ " + SAY.earlier, () => (viewed === null ? count - 1 : viewed - 1), viewed === 0),
      button(SAY.later + " ▶", () => (viewed === null ? null : viewed + 1), viewed === null));
    if (viewed !== null) row.append(button(SAY.back, () => null, false));
    return row;
  }

  function stepTrick(to) {
    const count = answer && answer.play ? answer.play.tricks.filter((t) => t.winner !== null).length : 0;
    if (!count) return;
    viewed = to === null || to >= count ? null : Math.max(0, to);
    const old = table.querySelector(".centre");
    if (old) old.replaceWith(drawCentre());
  }

  /** The deal's panel: the lines to deal (the one being dealt picked), the whole pack in its
   *  order with each dealt card greyed in its place (the card under the finger never moves,
   *  #34.4), a run of cards typed or pasted, and leaving the rest of the deal out. */
  function drawDeal() {
    dealBox.textContent = "";
    dealBox.hidden = !dealing();
    if (dealBox.hidden) return;
    const deal = answer.deal;
    const part = partFor();
    const parts = element("ul", "enter-parts");
    paperOrder().forEach((i) => {
      const p = deal.parts[i];
      const b = element("button", "link" + (p === part ? " is-current" : ""), code(p.line), " " + p.cards.length + "/" + p.size);
      b.type = "button";
      b.setAttribute("aria-pressed", String(p === part));
      b.addEventListener("click", () => { chosenPart = i; draw(); });
      parts.append(element("li", "", b));
    });
    const skip = element("button", "", say("Leave the rest of the deal out"));
    skip.type = "button";
    skip.addEventListener("click", () => { skipDeal = true; draw(); });
    // the part being dealt stays in sight (sticky) while the pack scrolls under it on a phone
    const beingDealt = element("div", "enter-dealing",
      element("h3", "", ...(part ? sayNodes("Dealing: {line} ({count} more)", { count: part.needs }, { line: code(part.line) }) : [say("The deal")])),
      parts);
    dealBox.append(beingDealt, drawPack(part));
    if (part) dealBox.append(runForm(part));
    dealBox.append(element("p", "", skip, " ", element("span", "muted", "(" + say("where the notation allows it: the play then says what each hand held; pinch's draws are then entered as they happen") + ")")));
    const partKeywords = new Set(deal.parts.map((p) => p.keyword));
    answer.keywords.filter((k) => k.when === "deal" && !partKeywords.has(k.keyword))
      .forEach((spec) => dealBox.append(lineForm(spec)));  // Minchiate's cut and robbing
  }

  function drawPack(part) {
    const deal = answer.deal;
    const undealt = new Set(deal.undealt);
    const holder = new Map();
    deal.parts.forEach((p) => p.cards.forEach((c) => holder.set(c, p.name || p.keyword)));
    const pack = element("div", "enter-pack");
    pack.setAttribute("role", "group");
    pack.setAttribute("aria-label", say("The pack: the cards not yet dealt can be clicked"));
    deal.pack.forEach((c) => {
      if (undealt.has(c.text)) {
        pack.append(cardButton(c.text, part ? say("Deal {card} to {player}", { card: c.name, player: part.name || part.keyword }) : say("Deal {card}", { card: c.name }),
          (event) => { if (part) { keepFocus = event.detail === 0 ? { zone: "pack", card: c.text } : null; dealCard(part, c.text); } }, false));
      } else {
        const b = cardButton(c.text, SAY.dealt(c.name, holder.get(c.text) || SAY.aside), () => {}, false);
        b.classList.add("is-dealt");
        b.setAttribute("aria-disabled", "true");
        pack.append(b);
      }
    });
    return pack;
  }

  function runForm(part) {
    const form = element("form", "enter-run form-row");
    const input = element("input");
    input.id = "enter-run";
    input.autocomplete = "off";
    input.spellcheck = false;
    const label = element("label", "", ...SAY.run(part.line), " ");
    label.htmlFor = input.id;
    const submit = element("button", "", SAY.writeRun);
    submit.type = "submit";
    form.append(label, input, submit);
    form.addEventListener("submit", (event) => { event.preventDefault(); dealRun(part, input.value); });
    return form;
  }

  function subjectField(spec, id) {
    if (spec.subject === "none") return null;
    let field;
    if (spec.subject === "player" || spec.subject === "optional-player") {
      field = element("select");
      if (spec.subject === "optional-player") { const o = element("option", "", "(" + say("nobody named") + ")"); o.value = ""; field.append(o); }
      answer.players.forEach((p) => { const o = element("option", "", p.name); o.value = p.name; field.append(o); });
      if (answer.to_act) field.value = answer.to_act.name;
    } else {
      field = element("input");
      field.size = 6;
      if (spec.subject === "number") { field.inputMode = "numeric"; field.value = "1"; }
    }
    field.id = id;
    return field;
  }

  /** A small form that writes one line of ``spec``'s keyword (its subject, its items),
   *  with the keyword's help text. */
  function lineForm(spec) {
    const form = element("form", "enter-line");
    form.dataset.keyword = spec.keyword;
    const id = "enter-kw-" + spec.keyword;
    const subject = subjectField(spec, id + "-subject");
    const items = element("input");
    items.id = id + "-items";
    items.name = "items";
    items.autocomplete = "off";
    items.spellcheck = false;
    const help = element("span", "muted enter-help", spec.help);
    help.dataset.engineWords = "";  // the notation's own help for its keyword (the engine's)
    help.id = id + "-help";
    items.setAttribute("aria-describedby", help.id);
    const row = element("div", "form-row", element("b", "", spec.keyword));
    if (subject) {
      const label = element("label", "visually-hidden", spec.keyword + ": " + say("the " + spec.subject.replace("optional-", "")));
      label.htmlFor = subject.id;
      row.append(label, subject);
    }
    const itemsLabel = element("label", "visually-hidden", spec.keyword + ": " + say(spec.items));
    itemsLabel.htmlFor = items.id;
    const submit = element("button", "", say("Write {keyword}", { keyword: spec.keyword }));
    submit.type = "submit";
    row.append(itemsLabel, items, submit);
    form.append(row, help);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const who = subject && subject.value.trim() ? " " + subject.value.trim() : "";
      addLine(spec.keyword + who + ": " + items.value.trim());
    });
    return form;
  }

  /** Any other line of the game: its keyword chosen from a list, then as lineForm. */
  function otherLineForm(specs) {
    const box = element("div", "enter-other");
    const select = element("select");
    select.id = "enter-other-keyword";
    specs.forEach((spec) => { const o = element("option", "", spec.keyword); o.value = spec.keyword; select.append(o); });
    const label = element("label", "", say("Another line:") + " ");
    label.htmlFor = select.id;
    const slot = element("div", "");
    const show = () => { slot.textContent = ""; slot.append(lineForm(specs.find((k) => k.keyword === select.value))); };
    select.addEventListener("change", show);
    box.append(element("div", "form-row", label, select), slot);
    show();
    return box;
  }

  function drawLines() {
    linesBox.textContent = "";
    const playing = answer.phase === "play" || answer.phase === "done";
    const when = playing ? ["play"] : ["before-play"];
    if (answer.phase === "play" && !answer.play.tricks.length) when.push("before-play");
    linesBox.hidden = answer.phase === "deal" && !skipDeal && !answer.deal.complete;
    if (linesBox.hidden) return;
    const specs = answer.keywords.filter((k) => when.includes(k.when));
    const others = answer.keywords.filter((k) => k.when !== "deal" && !when.includes(k.when));
    linesBox.append(element("h3", "", playing ? say("Lines written during the play") : say("Before the play")));
    const buttons = choiceButtons();
    if (buttons) linesBox.append(buttons);
    specs.forEach((spec) => linesBox.append(lineForm(spec)));
    if (others.length) linesBox.append(otherLineForm(others));
    if (answer.trick_notes && answer.phase === "play") {
      const note = element("input");
      note.id = "enter-note";
      note.autocomplete = "off";
      const label = element("label", "", say("Note on the next card played (a declaration, a remark)") + " ");
      label.htmlFor = note.id;
      linesBox.append(element("div", "form-row", label, note));
    }
  }

  function flagged(trick, place) {
    const codes = trick.flags[String(place)];
    if (!codes) return null;
    const seatName = answer.players[(trick.leader + place) % answer.players.length].name;
    return answer.verdict.findings.find((f) => f.trick === trick.number && codes.includes(f.code) && f.seat === seatName) ||
      { code: codes.join(", "), message: "", rule: "" };
  }

  function drawTricks() {
    tricksList.textContent = "";
    if (!answer.play) return;
    answer.play.tricks.forEach((t) => {
      const cards = element("span", "enter-trick-cards");
      const reasons = [];
      t.cards.forEach((c, i) => {
        const who = answer.players[(t.leader + i) % answer.players.length].name;
        const f = flagged(t, i);
        const item = element("span", "enter-trick-card" + (f ? " is-flagged" : "") + ((t.leader + i) % answer.players.length === t.winner ? " is-won" : ""),
          who + " " + c);
        cards.append(item, " ");
        if (f) {
          const reason = element("p", "flag-reason", element("b", "", who + " " + c + ": "), f.message + " (" + f.code + (f.rule ? ", " + f.rule : "") + ")");
          reason.dataset.engineWords = "";  // the finding's sentence (records/translations)
          reasons.push(reason);
        }
      });
      const won = t.winner !== null ? " — " + SAY.wonBy(answer.players[t.winner].name) : "";
      tricksList.append(element("li", "", element("b", "", say("Trick {number}:", { number: t.number }) + " "), cards, won, ...reasons));
    });
  }

  function drawStatus() {
    const v = answer.verdict;
    let text;
    if (answer.phase === "deal") {
      const part = partFor();
      const line = part ? { line: code(part.keyword) } : {};
      text = !part ? [say("The deal.")] : part.name
        ? sayNodes("Deal: click the cards of {player}'s {line} ({count} more).", { player: part.name, count: part.needs }, line)
        : sayNodes("Deal: click the cards of the {line} ({count} more).", { count: part.needs }, line);
    } else if (answer.phase === "before-play" && answer.to_act && answer.choices.some((c) => c.legal)) {
      text = [SAY.choose(answer.to_act.name)];
    } else if (answer.phase === "before-play") {
      const keywords = answer.keywords.filter((k) => k.when === "before-play").map((k) => k.keyword).join(", ");
      text = sayNodes("Before the play: write the lines below ({keywords}).", {}, { keywords: code(keywords) });
    } else if (answer.phase === "play" && answer.play.draw) {
      text = [say("{player} draws from the stock: tap the card drawn in {player}'s cards, or write it in the draw line below.", { player: answer.to_act.name })];
    } else if (answer.phase === "play") {
      text = [say("{player} to play to trick {number}; the legal cards are lit.", { player: answer.to_act.name, number: answer.play.trick })];
    } else {
      text = [say("The hand is over: the score is below.")];
    }
    if (answer.phase === "deal") { status.replaceChildren(...text); return; }  // no verdict on half a deal
    const worst = v.findings.find((f) => f.severity !== "note");
    const why = worst ? engineWords("span", " — " + worst.message + (worst.rule ? " (" + worst.rule + ")" : "")) : "";
    status.replaceChildren(...text, " " + say("Verdict so far: {status}", { status: say(v.status) }), why, ".");
  }

  // -- typing a card ---------------------------------------------------------------------
  /** A card typed: read by the server as the notation reads it (GET /api/card: III, xvii,
   *  matto ...), then dealt, played or taken as the choice it is (a card of the discard) as
   *  a click would; a refused entry is cleared and the reason said (#34.7). */
  async function typed(event) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const token = typeInput.value.trim();
    if (!token || !answer) return;
    typeInput.value = "";
    typeError.textContent = await withCards([token], ([read]) => {
      if (read.refused) return read.refused;
      const card = read.card;
      const inHand = handChoices();  // a card of the discard, the exchange ...: its choice
      if (inHand.has(card)) { choose(inHand.get(card)); return null; }
      const playable = inHand.size ? [...inHand.keys()] : answer.phase === "play" ? Array.from(table.querySelectorAll(".seat.is-acting .card-button"), (b) => b.dataset.card)
        : dealing() && partFor() ? answer.deal.undealt : [];
      if (!playable.length) return SAY.refused(token, SAY.notNow);
      if (!playable.includes(card)) return SAY.refused(token, SAY.notPlayable(read.name));
      if (answer.phase !== "play") dealCard(partFor(), card);
      else if (answer.play.draw) addLine("draw " + answer.play.draw.name + ": " + card);
      else playCard(card);
      return null;
    }) || "";
  }

  /** One card as typed, read by GET /api/card: ``{token, card, name}``, or ``{token,
   *  refused}`` with the reason. */
  async function readCard(token) {
    const query = new URLSearchParams({ game: answer.game, suits: answer.suits, card: token });
    try {
      const response = await fetch(root.dataset.cardUrl + "?" + query);
      const body = await response.json();
      if (!response.ok) return { token: token, refused: SAY.refused(token, body.message || response.status) };
      return { token: token, card: body.card, name: body.name };
    } catch (err) {
      return { token: token, refused: SAY.refused(token, SAY.offline) };
    }
  }

  /** Read typed cards, then take them (``take`` writes, and the write's refresh says when the
   *  page is settled) or say why not; the page is busy meanwhile (the browser tests wait). */
  async function withCards(tokens, take) {
    root.dataset.busy = "1";
    const read = await Promise.all(tokens.map(readCard));
    const before = asked;
    const why = take(read);
    if (asked === before) delete root.dataset.busy;  // nothing written: no answer to wait for
    return why;
  }

  // -- the score at the end of the hand (#34.2) ---------------------------------------------
  /** At the end of the hand: the score as /api/verify gives it (the sides, each line of the
   *  breakdown with its ruling, the payments), and what to do next: store the record through
   *  /verify's preview, deal the next hand (the next dealer is the server's, G-6), download. */
  async function drawScore() {
    if (!answer || answer.phase !== "done") { scoreBox.hidden = true; scored = null; return; }
    const text = area.value;
    if (scored === text) return;
    scored = text;
    let body;
    try {
      const response = await fetch(root.dataset.verifyUrl, {
        method: "POST", headers: { "Content-Type": "application/json", "Accept-Language": document.documentElement.lang || "en" }, body: JSON.stringify({ text: text }),
      });
      body = await response.json();
      if (!response.ok) throw new Error(body.message || String(response.status));
    } catch (err) {
      if (scored === text) { scoreBody.textContent = SAY.scoreFailed(err.message); scoreBox.hidden = false; }
      return;
    }
    if (scored !== text || area.value !== text) return;
    scoreBody.textContent = "";
    scoreBody.append(scoreTable(body.records[0].report));
    nextHandButton.textContent = SAY.nextHand(answer.next_dealer.name);
    scoreBox.hidden = false;
  }

  function scoreTable(report) {
    const players = report.players;
    const wrap = element("div", "scroll");  // a wide score scrolls in its box, by keyboard too
    wrap.tabIndex = 0;
    wrap.setAttribute("role", "region");
    wrap.setAttribute("aria-label", SAY.scoreLines);
    const tableEl = element("table", "score-lines");
    const head = element("tr", "", element("th", "", say(report.status) + " · " + report.unit));
    players.forEach((p) => { const th = element("th", "num", p); th.scope = "col"; head.append(th); });
    head.append(element("th", "", SAY.why));
    tableEl.append(element("thead", "", head));
    const rows = element("tbody");
    report.sides.forEach((side) => rows.append(element("tr", "score-side",
      engineWords("td", side.name + ": " + side.total), ...players.map(() => element("td")), element("td"))));
    report.lines.forEach((line) => {
      const row = element("tr", "", engineWords("td", line.label));
      players.forEach((p) => row.append(element("td", "num", String(line.amounts[p] || 0))));
      row.append(element("td", "", line.rule || ""));
      rows.append(row);
    });
    const total = element("tr", "score-total", element("th", "", SAY.payments));
    players.forEach((p) => total.append(element("td", "num", String((report.settlement || {})[p] || 0))));
    total.append(element("td"));
    rows.append(total);
    tableEl.append(rows);
    wrap.append(tableEl);
    return wrap;
  }

  /** The next hand: the same game, players and options, dealt by the next dealer. */
  function nextHand() {
    if (!answer || !answer.next_dealer) return;
    const tags = [];
    for (const line of area.value.split("\n")) {
      if (!/^\s*\[/.test(line)) { if (tags.length && line.trim()) break; continue; }
      tags.push(/^\s*\[Dealer\s/i.test(line) ? '[Dealer "' + answer.next_dealer.name + '"]' : line.trim());
    }
    newHand(tags.join("\n") + "\n\n");
  }

  function storeThroughPreview() {
    const button = document.querySelector("#enter-form button[value=preview]");
    if (button) $("enter-form").requestSubmit(button);
  }

  // -- stepping through the tricks with the arrow keys (#34.6) --------------------------------
  function stepKeys(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    if (!answer || !answer.play) return;
    const count = answer.play.tricks.filter((t) => t.winner !== null).length;
    const moves = {
      ArrowLeft: viewed === null ? count - 1 : viewed - 1,
      ArrowRight: viewed === null ? null : viewed + 1,
      Home: 0,
      End: null,
    };
    if (!(event.key in moves) || !count) return;
    event.preventDefault();
    stepTrick(moves[event.key]);
  }

  // -- download, copy, undo ----------------------------------------------------------------
  function download() {
    const blob = new Blob([area.value], { type: "text/plain" });
    const link = element("a");
    link.href = URL.createObjectURL(blob);
    link.download = (answer ? answer.game : "record") + ".txt";
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(area.value);
      $("enter-copied").textContent = say("Copied.");
    } catch (err) {
      area.select();
      $("enter-copied").textContent = say("Select the text and copy it (Ctrl+C).");
    }
  }

  undoButton.addEventListener("click", () => {
    if (!undoStack.length) return;
    redoStack.push(area.value);
    setText(undoStack.pop());
  });
  redoButton.addEventListener("click", () => {
    if (!redoStack.length) return;
    undoStack.push(area.value);
    setText(redoStack.pop());
  });
  document.addEventListener("keydown", stepKeys);
  document.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.target === area) return;
    if (event.key === "z" && !event.shiftKey) { event.preventDefault(); undoButton.click(); }
    if (event.key === "y" || (event.key === "z" && event.shiftKey)) { event.preventDefault(); redoButton.click(); }
  });
  area.addEventListener("input", (event) => {
    if (!event.isTrusted) return;  // the page's own writes ask at once
    saveDraft();
    clearTimeout(typingTimer);
    typingTimer = setTimeout(() => refresh(false), 400);
  });
  gameSelect.addEventListener("change", drawSetup);
  dealerSelect.addEventListener("change", drawSeating);
  setup.addEventListener("submit", startRecord);
  typeInput.addEventListener("keydown", typed);
  $("enter-download").addEventListener("click", download);
  $("enter-copy").addEventListener("click", copy);
  $("enter-score-download").addEventListener("click", download);
  nextHandButton.addEventListener("click", nextHand);
  const store = $("enter-score-store");
  if (store) store.addEventListener("click", storeThroughPreview);
  drawSetup();
  // a draft named in the address (a reload, back, the return from the login) comes back
  const wanted = new URLSearchParams(location.search).get("draft");
  if (wanted && !openDraft(wanted)) savedNote.textContent = SAY.missing;
  else if (!wanted && area.value.trim()) refresh(false);
  drawDrafts();
}());
