// The table page: follow the game. The stream tells of each new version and brings the view of
// the newest; the page shows it when it is newer than the one shown. The charts come apart,
// when they were drawn again: a view from the stream has a mark where the last ones go. A page that connects
// again says which version it shows, and is given what it missed at once. EventSource retries
// by itself after sleep or a lost network, but not after a refusal (503: too many pages open):
// then the page tries again itself, waiting longer each time, and fetches the view meanwhile.
"use strict";
(function () {
  const FIRST_WAIT_MS = 1000;
  const LONGEST_WAIT_MS = 30000;
  const CHARTS_HERE = "<!--charts-->";  // as the referee marks it (server.py)
  let charts = "";  // the chart sections the stream brought last
  let shown = document.body.dataset.version;
  let fetching = false;
  let heard = null;  // the newest version asked for, not fetched yet
  let wait = FIRST_WAIT_MS;
  let streaming = false;  // the page hears of moves (else it shows a view fetched meanwhile)
  const live = document.getElementById("live");
  const words = live.dataset;  // in the page's language, from the referee
  const moveSaid = (moves) => words.live.replace("{moves}", moves);
  const say = (text, ok) => {
    live.textContent = text;
    live.className = ok ? "live ok" : "live lost";
  };

  // A version is "BOOT-COUNT": an older count of the same server is never shown again.
  function newer(version) {
    if (version === shown) return false;
    const [boot, count] = (version || "").split("-");
    const [shownBoot, shownCount] = (shown || "").split("-");
    return boot !== shownBoot || Number(count) > Number(shownCount);
  }

  // The whole page follows the table's language: the title, the lang attribute, the words.
  function dress(page) {
    if (!page) return;
    document.documentElement.lang = page.lang;
    document.title = page.title;
    document.getElementById("title").textContent = page.title;
    for (const [key, text] of Object.entries(page.words)) words[key] = text;
  }

  function show(view) {
    if (!newer(view.version)) return;
    document.getElementById("main").innerHTML = view.html.replace(CHARTS_HERE, () => charts);
    dress(view.page);
    document.body.dataset.version = shown = view.version;
    document.body.dataset.moves = view.moves;
    say(moveSaid(view.moves), streaming);
  }

  // Without the stream (refused, or back from sleep): one fetch at a time, of the newest.
  async function refresh(version) {
    heard = version;
    if (fetching) return;
    fetching = true;
    while (heard !== null && newer(heard)) {
      heard = null;
      try {
        const response = await fetch("view.json", { cache: "no-store" });
        if (!response.ok) throw new Error(response.status);
        show(await response.json());
      } catch (e) {
        say(words.unreachable, false);
      }
    }
    fetching = false;
  }

  function connect() {
    const stream = new EventSource("events?shown=" + encodeURIComponent(shown));
    stream.addEventListener("charts", (e) => { charts = JSON.parse(e.data); });
    stream.addEventListener("view", (e) => show(JSON.parse(e.data)));
    stream.onopen = () => {
      streaming = true;
      wait = FIRST_WAIT_MS;
      say(moveSaid(document.body.dataset.moves || "…"), true);
    };
    stream.onerror = () => {
      streaming = false;
      say(words.lost, false);
      if (stream.readyState !== EventSource.CLOSED) return;  // the browser retries itself
      stream.close();
      refresh("?");  // the view at least, while the stream is refused
      setTimeout(connect, wait * (0.75 + Math.random() / 2));
      wait = Math.min(wait * 2, LONGEST_WAIT_MS);
    };
  }

  connect();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refresh("?");
  });
})();
