// The page's words for the scripts (#33), one function every script uses: an Italian or
// French page carries them in its #script-words data block (web/i18n.py, script_words),
// keyed by the English; on an English page there is none and the English is said as
// written. ``english`` is a message, or its singular and plural; ``values`` fill its
// {name}s. Loaded before the other scripts (base.html), which read it as window.taroccoSay.
(function () {
  "use strict";
  const WORDS = JSON.parse((document.getElementById("script-words") || {}).textContent || "{}");
  function say(english, values) {
    const key = Array.isArray(english) ? english[0] : english;
    let text = WORDS[key];
    if (text && typeof text === "object") {
      text = text[new Intl.PluralRules(document.documentElement.lang).select(values.count)] || text.other;
    }
    if (!text) text = Array.isArray(english) ? english[values.count === 1 ? 0 : 1] : english;
    return text.replace(/\{(\w+)\}/g, (all, name) => (values && name in values ? String(values[name]) : all));
  }
  window.taroccoSay = say;
})();
