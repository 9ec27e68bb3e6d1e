// The guided entry page, /enter (#24): a hand entered at a drawn table by clicking cards.
//
// The record's text, in the /verify page's editor (web/templates/editor.html), is the page's
// one state: every click writes to it (a card into a hand line, a line before the play, a
// card into the trick line), and after every change the page asks POST /api/next what comes
// next and draws the table from the answer. Editing the text by hand does the same, so
// switching between the text and the table loses nothing. Undo and redo step through the
// texts. No rule of the games is here: the legal cards, the winners and the findings are the
// server's.
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
  const faces = root.dataset.faces;
  const undoStack = [];
  const redoStack = [];
  let answer = null;  // the last answer of /api/next
  let chosenPart = null;  // the deal part the user picked (else the answer's next)
  let skipDeal = false;  // "leave the rest of the deal out"
  let asked = 0;
  let typingTimer = null;

  function element(tag, className, ...children) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    node.append(...children);
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
      const label = element("label", "seat-row", element("span", "", place[0].toUpperCase() + place.slice(1)), " ", input);
      label.htmlFor = input.id;
      names.append(label);
    });
    optionsBox.textContent = "";
    game.options.forEach((option) => {
      const select = element("select");
      select.id = "enter-option-" + option.name;
      select.dataset.option = option.name;
      option.values.forEach((value, i) => {
        const item = element("option", "", value + (i === 0 ? " (default)" : ""));
        item.value = value;
        select.append(item);
      });
      const label = element("label", "", option.name + " ");
      label.htmlFor = select.id;
      optionsBox.append(element("div", "form-row", label, select,
        element("span", "muted", " " + option.help + " (" + option.ruling + ")")));
    });
    drawDealers();
  }

  function playerNames() {
    return Array.from(names.querySelectorAll("input"), (i) => i.value.trim());
  }

  function drawDealers() {
    const previous = dealerSelect.value;
    dealerSelect.textContent = "";
    playerNames().forEach((name, i) => {
      const option = element("option", "", name || "seat " + (i + 1));
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
    seating.append("Dealer: " + (players[dealer] || "?") + "; eldest (the dealer's right): " +
      (players[eldest] || "?") + ". In the words of the rules:");
    const list = element("ul", "enter-rulings");
    currentGame().rules.forEach((r) => list.append(element("li", "", element("b", "", r.id + " " + r.title + ": "), r.summary)));
    seating.append(list);
  }

  function startRecord(event) {
    event.preventDefault();
    const game = currentGame();
    const players = playerNames();
    if (players.some((p) => !p || /[,"\]]/.test(p)) || new Set(players.map((p) => p.toLowerCase())).size !== players.length) {
      status.textContent = "Give each player a different name without commas or quotes.";
      return;
    }
    const options = Array.from(optionsBox.querySelectorAll("select"))
      .filter((s) => s.selectedIndex > 0).map((s) => s.dataset.option + "=" + s.value);
    const lines = ['[Game "' + game.key + '"]', '[Players "' + players.join(", ") + '"]',
      '[Dealer "' + players[Number(dealerSelect.value)] + '"]'];
    if (options.length) lines.push('[Options "' + options.join(" ") + '"]');
    chosenPart = null;
    skipDeal = false;
    write(lines.join("\n") + "\n\n");
    $("table-title").scrollIntoView({ block: "start" });
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
    refresh(true);
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
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ text: text }),
      });
      body = await response.json();
    } catch (err) {
      if (mine === asked) {
        status.textContent = "Could not ask the server what comes next (offline?).";
        delete root.dataset.busy;
      }
      return;
    }
    if (mine !== asked || area.value !== text) return;
    delete root.dataset.busy;
    if (!response.ok) {
      status.textContent = "The text cannot be followed yet: " + (body.message || response.status) +
        ". Fix it in the text below, or undo.";
      root.classList.add("is-stale");
      return;
    }
    root.classList.remove("is-stale");
    answer = body;
    if (canonical && body.canonical && body.canonical !== text && body.verdict.status !== "invalid") {
      area.value = body.canonical;  // the canonical form of the same record: no new step
      area.dispatchEvent(new Event("input", { bubbles: true }));
    }
    draw();
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

  function partFor(seat) {
    const parts = answer.deal.parts;
    if (chosenPart !== null && parts[chosenPart] && parts[chosenPart].needs > 0) return parts[chosenPart];
    return answer.deal.next !== null ? parts[answer.deal.next] : null;
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
    drawRules();
    drawTable();
    drawDeal();
    drawLines();
    drawTricks();
    drawStatus();
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

  function drawRules() {
    rulesBox.textContent = "";
    const list = element("ul", "enter-rulings");
    answer.rules.forEach((r) => list.append(element("li", "", element("b", "", r.id + " " + r.title + ": "), r.summary)));
    rulesBox.append(element("p", "", answer.title + ": " + answer.dealer.name + " deals; " +
      answer.eldest.name + " is eldest."), list);
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
      if (seat === answer.dealer.seat) roles.push(element("span", "role", "dealer"));
      if (seat === answer.eldest.seat) roles.push(element("span", "role", "eldest"));
      const isTarget = part && part.seat === seat;
      if (seat === acting && answer.phase === "play") roles.push(element("span", "role role-act", "to play"));
      if (isTarget) roles.push(element("span", "role role-act", "dealing to"));
      const box = element("div", "seat place-" + places[seat] + (seat === acting || isTarget ? " is-acting" : ""),
        element("h3", "seat-name", player.name, " ", ...roles));
      box.dataset.seat = String(seat);
      const hand = seatCards(seat);
      const fan = element("div", "enter-hand");
      fan.setAttribute("aria-label", player.name + "'s cards");
      fan.setAttribute("role", "group");
      if (answer.phase === "play" && seat === acting && !answer.play.draw) {
        const legal = new Set(answer.play.legal);
        // a hand the record leaves out: any card nobody holds or has played
        const cards = hand.cards.length ? hand.cards : answer.play.unseen;
        cards.forEach((c) => fan.append(cardButton(c, "Play " + faceOf(c).name + (legal.has(c) ? ", legal" : ", not legal"),
          () => playCard(c), legal.has(c))));
      } else {
        hand.cards.forEach((c) => fan.append(cardImage(c)));
      }
      if (!hand.known || (answer.play && !hand.cards.length && answer.phase === "play")) {
        fan.append(element("span", "muted", " hand not recorded"));
      }
      if (dealing() && !isTarget) {
        const pick = answer.deal.parts.findIndex((p) => p.seat === seat && p.needs > 0);
        if (pick >= 0) {
          const b = element("button", "link", "deal to " + player.name);
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

  function drawCentre() {
    const centre = element("div", "centre trick-panel");
    const play = answer.play;
    const phaseWords = { deal: "The deal", "before-play": "Before the play", play: "The play", done: "The hand is over" };
    centre.append(element("h3", "", phaseWords[answer.phase] || answer.phase));
    if (play) {
      const last = play.tricks.filter((t) => t.winner !== null).slice(-1)[0];
      if (play.current.length) {
        const list = element("ul", "plays");
        play.current.forEach((p) => list.append(element("li", "play", cardImage(p.card),
          element("span", "play-who", answer.players[p.seat].name))));
        centre.append(element("p", "", "Trick " + play.trick + ", led by " + play.leader.name + ":"), list);
      } else if (last) {
        const list = element("ul", "plays");
        last.cards.forEach((c, i) => list.append(element("li", "play" + ((last.leader + i) % answer.players.length === last.winner ? " is-won" : ""),
          cardImage(c), element("span", "play-who", answer.players[(last.leader + i) % answer.players.length].name))));
        centre.append(element("p", "enter-won", "Trick " + last.number + " won by " + answer.players[last.winner].name + "."), list);
      }
    }
    return centre;
  }

  function drawDeal() {
    dealBox.textContent = "";
    dealBox.hidden = !dealing();
    if (dealBox.hidden) return;
    const deal = answer.deal;
    const part = partFor();
    const parts = element("ul", "enter-parts");
    deal.parts.forEach((p, i) => {
      const b = element("button", "link" + (p === part ? " is-current" : ""), p.line + " " + p.cards.length + "/" + p.size);
      b.type = "button";
      if (p === part) b.setAttribute("aria-pressed", "true");
      b.addEventListener("click", () => { chosenPart = i; draw(); });
      parts.append(element("li", "", b));
    });
    const pack = element("div", "enter-pack");
    pack.setAttribute("role", "group");
    pack.setAttribute("aria-label", "Cards not yet dealt");
    deal.undealt.forEach((c) => pack.append(cardButton(c, "Deal " + faceOf(c).name + (part ? " to " + (part.name || part.keyword) : ""),
      () => { if (part) dealCard(part, c); }, false)));
    const skip = element("button", "", "Leave the rest of the deal out");
    skip.type = "button";
    skip.addEventListener("click", () => { skipDeal = true; draw(); });
    dealBox.append(element("h3", "", part ? "Dealing: " + part.line + " (" + part.needs + " more)" : "The deal"),
      parts, pack, element("p", "", skip, " ", element("span", "muted", "(where the notation allows it: the play then says what each hand held)")));
    const partKeywords = new Set(deal.parts.map((p) => p.keyword));
    answer.keywords.filter((k) => k.when === "deal" && !partKeywords.has(k.keyword))
      .forEach((spec) => dealBox.append(lineForm(spec)));  // Minchiate's cut and robbing
  }

  function subjectField(spec, id) {
    if (spec.subject === "none") return null;
    let field;
    if (spec.subject === "player" || spec.subject === "optional-player") {
      field = element("select");
      if (spec.subject === "optional-player") { const o = element("option", "", "(nobody named)"); o.value = ""; field.append(o); }
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
    help.id = id + "-help";
    items.setAttribute("aria-describedby", help.id);
    const row = element("div", "form-row", element("b", "", spec.keyword));
    if (subject) {
      const label = element("label", "visually-hidden", spec.keyword + ": the " + spec.subject.replace("optional-", ""));
      label.htmlFor = subject.id;
      row.append(label, subject);
    }
    const itemsLabel = element("label", "visually-hidden", spec.keyword + ": " + spec.items);
    itemsLabel.htmlFor = items.id;
    const submit = element("button", "", "Write " + spec.keyword);
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
    const label = element("label", "", "Another line: ");
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
    linesBox.append(element("h3", "", playing ? "Lines written during the play" : "Before the play"));
    specs.forEach((spec) => linesBox.append(lineForm(spec)));
    if (others.length) linesBox.append(otherLineForm(others));
    if (answer.trick_notes && answer.phase === "play") {
      const note = element("input");
      note.id = "enter-note";
      note.autocomplete = "off";
      const label = element("label", "", "Note on the next card played (a declaration, a remark) ");
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
        if (f) reasons.push(element("p", "flag-reason", element("b", "", who + " " + c + ": "), f.message + " (" + f.code + (f.rule ? ", " + f.rule : "") + ")"));
      });
      const won = t.winner !== null ? " — won by " + answer.players[t.winner].name : "";
      tricksList.append(element("li", "", element("b", "", "Trick " + t.number + ": "), cards, won, ...reasons));
    });
  }

  function drawStatus() {
    const v = answer.verdict;
    let text;
    if (answer.phase === "deal") {
      const part = partFor();
      text = part ? "Deal: click the cards of " + (part.name ? part.name + "'s " + part.keyword : "the " + part.keyword) +
        " (" + part.needs + " more)." : "The deal.";
    } else if (answer.phase === "before-play") {
      text = "Before the play: write the lines below (" + answer.keywords.filter((k) => k.when === "before-play").map((k) => k.keyword).join(", ") + ").";
    } else if (answer.phase === "play" && answer.play.draw) {
      text = answer.to_act.name + " draws from the stock: write the card in the draw line below.";
    } else if (answer.phase === "play") {
      text = answer.to_act.name + " to play to trick " + answer.play.trick + "; the legal cards are lit.";
    } else {
      text = "The hand is over.";
    }
    const worst = v.findings.find((f) => f.severity !== "note");
    const why = answer.phase === "deal" ? " (the deal is not complete yet)"
      : worst ? " — " + worst.message + (worst.rule ? " (" + worst.rule + ")" : "") : "";
    status.textContent = text + " Verdict so far: " + v.status + why + ".";
  }

  // -- typing a card -----------------------------------------------------------------------
  function typed(event) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const token = typeInput.value.trim();
    if (!token || !answer) return;
    const card = answer.deal.pack.find((c) => c.text.toLowerCase() === token.toLowerCase());
    if (!card) { status.textContent = token + " is not a card of this pack as the record writes it."; return; }
    typeInput.value = "";
    if (answer.phase === "play") playCard(card.text);
    else if (dealing() && partFor()) dealCard(partFor(), card.text);
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
      $("enter-copied").textContent = "Copied.";
    } catch (err) {
      area.select();
      $("enter-copied").textContent = "Select the text and copy it (Ctrl+C).";
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
  document.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.target === area) return;
    if (event.key === "z" && !event.shiftKey) { event.preventDefault(); undoButton.click(); }
    if (event.key === "y" || (event.key === "z" && event.shiftKey)) { event.preventDefault(); redoButton.click(); }
  });
  area.addEventListener("input", (event) => {
    if (!event.isTrusted) return;  // the page's own writes ask at once
    clearTimeout(typingTimer);
    typingTimer = setTimeout(() => refresh(false), 400);
  });
  gameSelect.addEventListener("change", drawSetup);
  dealerSelect.addEventListener("change", drawSeating);
  setup.addEventListener("submit", startRecord);
  typeInput.addEventListener("keydown", typed);
  $("enter-download").addEventListener("click", download);
  $("enter-copy").addEventListener("click", copy);
  drawSetup();
  if (area.value.trim()) refresh(false);
}());
