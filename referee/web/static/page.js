// The table page: follow the game. The stream says the version; the page fetches the view
// when it changed. EventSource reconnects by itself after sleep or a lost network, and the
// server says the current version on every connection, so the page catches up at once.
"use strict";
(function () {
  let shown = document.body.dataset.version;
  let fetching = null;
  const live = document.getElementById("live");
  const words = live.dataset;  // in the page's language, from the referee
  const moveSaid = (moves) => words.live.replace("{moves}", moves);
  const say = (text, ok) => {
    live.textContent = text;
    live.className = ok ? "live ok" : "live lost";
  };

  async function refresh(version) {
    if (version === shown) return;
    if (fetching) { fetching.then(() => refresh(version)); return; }
    fetching = (async () => {
      try {
        const response = await fetch("view.json", { cache: "no-store" });
        if (!response.ok) throw new Error(response.status);
        const view = await response.json();
        document.getElementById("main").innerHTML = view.html;
        document.body.dataset.version = shown = view.version;
        document.body.dataset.moves = view.moves;
        say(moveSaid(view.moves), true);
      } catch (e) {
        say(words.unreachable, false);
      } finally {
        fetching = null;
      }
    })();
    return fetching;
  }

  const stream = new EventSource("events");
  stream.addEventListener("version", (e) => refresh(e.data));
  stream.onopen = () => say(moveSaid(document.body.dataset.moves || "…"), true);
  stream.onerror = () => say(words.lost, false);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refresh("?");
  });
})();
