// The tournament page and its wall screen refresh themselves (#23.8): every few seconds
// they ask the small live.json whether the tournament changed (its ETag: a 304 costs
// nothing), and when it did they fetch the page again and swap its [data-live] parts in
// place. Without JavaScript the page is as it was served; reload it to see changes.
"use strict";

(function () {
  const status = document.querySelector("[data-live-url]");
  if (!status || !window.fetch) return;
  const url = status.dataset.liveUrl;
  const text = status.querySelector(".live-text");
  let version = status.dataset.liveVersion || "";
  let every = Number(status.dataset.liveEvery || 15) * 1000;
  const say = window.taroccoSay;  // words.js: the page's words for the scripts (#33)


  function show(message) {
    if (text) text.textContent = message;
  }

  function clock() {
    const lang = document.documentElement.lang || undefined;
    return new Date().toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  }

  async function refreshParts() {
    const response = await fetch(location.href, { credentials: "same-origin", cache: "no-store" });
    if (!response.ok) throw new Error(String(response.status));
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
    document.querySelectorAll("[data-live][id]").forEach((part) => {
      const replacement = fresh.getElementById(part.id);
      if (replacement) part.replaceWith(document.importNode(replacement, true));
    });
    const freshStatus = fresh.querySelector("[data-live-url]");
    return freshStatus ? freshStatus.dataset.liveVersion : null;
  }

  async function poll() {
    try {
      const headers = version ? { "If-None-Match": '"' + version + '"' } : {};
      const response = await fetch(url, { headers, credentials: "same-origin", cache: "no-store" });
      if (response.status === 200) {
        const body = await response.json();
        if (body.poll) every = Number(body.poll) * 1000;
        if (body.version !== version) {
          const shown = await refreshParts();
          version = shown || body.version;
          status.dataset.liveVersion = version;
          show(say("Updated at {time}.", { time: clock() }));
        }
      } else if (response.status !== 304) {
        show(say("Could not refresh ({status}); trying again.", { status: response.status }));
      }
    } catch (error) {
      show(say("Offline; trying again."));
    }
    window.setTimeout(poll, every);
  }

  window.setTimeout(poll, every);
})();
