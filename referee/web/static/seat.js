// A player's seat: draw the view the referee sent, offer the player's moves as buttons and as a
// line with completion (a number pad where the next word is an amount typed freely), POST a
// tapped move with the version shown (a stale page is refused by the referee, never applied),
// and follow the game's events to draw the newest view.
// Every word shown comes from the referee, in the player's language; nothing else is fetched.
"use strict";
(function () {
  const FIRST_WAIT_MS = 1000;
  const LONGEST_WAIT_MS = 30000;
  let view = JSON.parse(document.getElementById("view").textContent);
  let shown = view.version;
  let offered = view.buttons;  // the candidates for the line as typed now
  let pad = null;  // where the word being typed is an amount: {send, next} (seat_page.pad)
  let padFor = "";  // the line the pad's answer was for
  let busy = false;  // a move or a take-back is on its way
  let streaming = false;
  let wait = FIRST_WAIT_MS;
  const main = document.getElementById("seat");
  const live = document.getElementById("live");
  const langs = document.createElement("nav");  // the seat's own language (not the shell's)
  langs.id = "langs";
  langs.className = "langs";
  document.querySelector("header").append(langs);

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value);
    }
    for (const child of children) if (child) node.append(child);
    return node;
  }

  // The parts drawn again with each view; the line and the answer stay as they are.
  const turn = el("section", { id: "turn", class: "turn" });
  const answer = el("section", { id: "answer", class: "answer", "aria-live": "polite" });
  const buttons = el("div", { id: "buttons", class: "buttons" });
  const keys = el("div", { id: "pad", class: "pad" });
  const line = el("input", {
    id: "line", type: "text", autocomplete: "off", autocapitalize: "none", spellcheck: "false",
    enterkeyhint: "send",
  });
  const form = el("form", { id: "form" }, line,
    el("button", { id: "send", type: "submit", class: "move" }));
  const back = el("div", { class: "back" });
  const moves = el("section", { id: "moves" }, el("h2"), buttons, keys, form, back);
  const holdings = el("section", { id: "holdings" });
  const happened = el("section", { id: "happened", class: "happened" });
  main.replaceChildren(turn, answer, moves, holdings, happened);

  const say = (text, ok) => { live.textContent = text; live.className = ok ? "live ok" : "live lost"; };
  const moveSaid = () => view.words.live.replace("{moves}", view.moves);

  // A version is "BOOT-COUNT": an older count of the same server is never shown again.
  function newer(version) {
    if (version === shown) return false;
    const [boot, count] = (version || "").split("-");
    const [shownBoot, shownCount] = (shown || "").split("-");
    return boot !== shownBoot || Number(count) > Number(shownCount);
  }

  function drawTurn() {
    const w = view.words;
    const who = view.over ? w.over : view.mine ? w.your_turn : w.waiting.replace("{player}", view.actor);
    turn.className = view.mine ? "turn mine" : "turn";
    turn.replaceChildren(el("p", { class: "who", text: who }), el("p", { text: view.next }));
  }

  function drawButtons() {
    const typed = line.value;
    buttons.replaceChildren();
    buttons.dataset.for = typed;  // the line these candidates follow
    for (const said of offered) {
      const more = said.endsWith(" ");
      const word = said.slice(typed.lastIndexOf(" ") + 1).trim().replace(/^'(.*)'$/, "$1");
      const label = word + (more ? " …" : "");
      buttons.append(el("button", {
        type: "button", class: more ? "more" : "move", "data-line": said, text: label,
        onclick: () => (more ? fill(said) : send(said)),
      }));
    }
    if (typed) {
      buttons.append(el("button", { type: "button", class: "quiet", id: "clear",
        text: view.words.clear, onclick: () => fill("") }));
    }
    if (!offered.length && !typed) {
      buttons.append(el("p", { class: "none", text: view.words.none }));
    }
    drawPad();
    for (const b of main.querySelectorAll("button")) b.disabled = busy || b.dataset.off === "1";
  }

  // The number pad: digits added to the word being typed, the last taken off, then the next
  // word or the move sent, as the referee says the line allows (a word typed stays possible).
  function drawPad() {
    const w = view.words;
    keys.replaceChildren();
    keys.hidden = !pad;
    keys.dataset.for = padFor;
    if (!pad) return;
    keys.setAttribute("aria-label", w.pad);
    const digits = (line.value.match(/\d+$/) || [""])[0];
    const key = (text, attrs, act) => el("button", { type: "button", text, onclick: act, ...attrs });
    const grid = el("div", { class: "digits" });
    for (const d of "1234567890") grid.append(key(d, { "data-digit": d }, () => retype(line.value + d)));
    grid.append(key("⌫", { class: "quiet", id: "pad-back", "aria-label": w.back,
      "data-off": digits ? "0" : "1" }, () => retype(line.value.slice(0, -1))));
    const go = el("div", { class: "go" });
    if (pad.next) go.append(key(w.next_word + " …", { class: "more", id: "pad-next" },
      () => fill(line.value + " ")));
    go.append(key(w.send, { class: "move", id: "pad-send", "data-off": pad.send ? "0" : "1" },
      () => send(line.value)));
    keys.append(grid, go);
  }

  async function retype(said) {
    line.value = said;
    await complete();
    drawButtons();
  }

  function drawMoves() {
    const w = view.words;
    moves.querySelector("h2").textContent = w.moves;
    line.placeholder = w.line;
    line.setAttribute("aria-label", w.line);
    document.getElementById("send").textContent = w.send;
    form.hidden = !view.mine;
    back.replaceChildren();
    if (view.take_back) {
      back.append(el("button", { type: "button", class: "quiet", id: "take-back",
        text: w.take_back, onclick: takeBack }));
    }
    for (const made of view.automatic) {  // the referee's moves for this player, to confirm
      back.append(el("button", { type: "button", class: "quiet confirm", "data-confirm": made,
        text: w.confirm.replace("{move}", made), onclick: () => send(made) }));
    }
    drawButtons();
  }

  function drawHoldings() {
    const list = el("dl");
    for (const [what, value] of view.holdings) list.append(el("dt", { text: what }), el("dd", { text: value }));
    holdings.replaceChildren(el("h2", { text: view.words.holdings + " · " + view.player }),
      el("p", { text: view.standing }), list);
  }

  function drawHappened() {
    happened.replaceChildren(el("h2", { text: view.words.happened }));
    view.happened.forEach((lines, age) => {
      const list = el("ul", { class: age ? "before" : "just" });
      for (const text of lines) list.append(el("li", { text }));
      happened.append(list);
    });
    happened.hidden = !view.happened.length;
  }

  // Each language named in its own script; the one shown is pressed.
  function drawLangs() {
    langs.setAttribute("aria-label", view.words.language);
    langs.replaceChildren(...view.languages.map(([code, name]) => el("button", {
      type: "button", class: "quiet", lang: code, "data-lang": code,
      "aria-pressed": String(code === view.lang), text: name, onclick: () => speak(code),
    })));
  }

  // The referee remembers the seat's choice (a reload keeps it) and sends the view in it.
  async function speak(code) {
    if (code === view.lang) return;
    const sent = { lang: code, page: document.body.dataset.page, request: requestId() };
    try {
      const response = await fetch("lang", {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(sent),
      });
      if (!response.ok) { tell(await response.text(), true); return; }
      view = await response.json();
      [offered, pad] = [view.buttons, null];
      if (line.value && view.mine) await complete();
      draw();
    } catch (e) {
      say(view.words.unreachable, false);
    }
  }

  function draw() {
    document.documentElement.lang = view.lang;
    drawLangs();
    document.title = document.getElementById("title").textContent = view.title;
    document.body.dataset.version = shown = view.version;
    document.body.dataset.moves = view.moves;
    drawTurn();
    drawMoves();
    drawHoldings();
    drawHappened();
    // an answer from before the game moved on is kept, dimmed: "what just happened" is newer
    answer.classList.toggle("old", answered >= 0 && view.moves !== answered);
    if (streaming) say(moveSaid(), true);
  }

  async function getJSON(url) {
    const response = await fetch(url, { cache: "no-store" });
    if (!response.ok) throw new Error(String(response.status));
    return response.json();
  }

  // The newest view, then the candidates for the line still typed (the game may have moved).
  async function refresh() {
    try {
      const got = await getJSON("view.json");
      if (!newer(got.version) && got.version !== shown) return;
      view = got;
      [offered, pad] = [view.buttons, null];
      if (line.value && view.mine) await complete(); else if (!view.mine) line.value = "";
      draw();
    } catch (e) {
      say(view.words.unreachable, false);
    }
  }

  async function complete() {
    const typed = line.value;
    try {
      const got = await getJSON("complete?line=" + encodeURIComponent(typed));
      if (line.value === typed) [offered, pad, padFor] = [got.completions, got.pad, typed];
    } catch (e) {
      say(view.words.unreachable, false);
    }
  }

  async function fill(said) {
    line.value = said;
    if (said) await complete(); else [offered, pad] = [view.buttons, null];
    drawButtons();
    if (said && !offered.length && !pad) line.focus();  // a word no button or pad gives
  }

  function requestId() {  // crypto.randomUUID needs https; a phone on the table's Wi-Fi has http
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  let answered = -1;  // the moves of the game when the answer was given
  function tell(text, refused) {  // the shell's answer, without its indent
    answer.textContent = text.split("\n").map((l) => l.trim()).join("\n").trim();
    answer.className = refused ? "answer refused" : "answer";
    answered = -1;
  }

  async function post(path, body) {
    busy = true;
    drawButtons();
    tell(view.words.sending, false);
    const data = document.body.dataset;  // the version of the game this page shows
    const sent = { ...body, version: data.version, page: data.page, request: requestId() };
    try {
      const response = await fetch(path, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(sent),
      });
      const text = await response.text();
      let got = {};
      try { got = JSON.parse(text); } catch (e) { got = { answer: text }; }
      const said = got.answer || got.error || text;
      tell(said, !(response.ok && got.ok));
      if (response.ok && got.ok) line.value = "";
      else if (got.question) ask(body, [[view.words.yes, () => post(path, { ...body, agreed: true })]]);
      else if (got.choices) ask(body, got.choices.map((c) => [c, () => send(c)]));
    } catch (e) {
      tell(view.words.unreachable, true);
    }
    await refresh();
    busy = false;  // the buttons are those of the game as it is now
    answered = view.moves;
    drawButtons();
  }

  // The referee asks before playing (a step skipped at a cost, or which of several moves):
  // the answers as buttons under its question; any other tap forgets the question.
  function ask(body, answers) {
    const row = el("div", { class: "buttons asked" });
    for (const [label, act] of answers) {
      row.append(el("button", { type: "button", class: "move", text: label, onclick: act }));
    }
    row.append(el("button", { type: "button", class: "quiet", text: view.words.no,
      onclick: () => row.remove() }));
    answer.append(row);
  }

  const send = (said) => post("move", { line: said.trim() });
  const takeBack = () => post("undo", {});

  form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (line.value.trim() && !busy) send(line.value);
  });
  let typing = null;
  line.addEventListener("input", () => {
    clearTimeout(typing);
    typing = setTimeout(async () => { await complete(); drawButtons(); }, 150);
  });

  function connect() {
    const stream = new EventSource("events");
    stream.addEventListener("version", (e) => { if (newer(e.data)) refresh(); });
    stream.onopen = () => {
      streaming = true;
      wait = FIRST_WAIT_MS;
      say(moveSaid(), true);
      refresh();  // whatever moved while the page was not listening
    };
    stream.onerror = () => {
      streaming = false;
      say(view.words.lost, false);
      if (stream.readyState !== EventSource.CLOSED) return;  // the browser retries itself
      stream.close();
      setTimeout(connect, wait * (0.75 + Math.random() / 2));
      wait = Math.min(wait * 2, LONGEST_WAIT_MS);
    };
  }

  draw();
  connect();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refresh();
  });
})();
