// The judge page: one play at a time; its verdict takes the screen, as large as the screen
// allows, with the play box below it, and stays until the next play is sent or the timer clears
// it: no stray key, tap or second Enter takes it away (Esc does, on purpose). The page never shows
// the play again once it is judged, nor which word failed (the station never says); each verdict
// shows its small judgement number, with which the arbiter opens the ruling. «Último veredicto»
// shows the table's last verdict again, and only the verdict, without judging anything. A table
// code is checked when it is typed, so that a wrong one never costs a play; a play that is
// refused (too long, a table's limit, code no longer valid) stays in its box.
"use strict";
(function () {
  const body = document.body;
  const d = body.dataset;
  const clearAfter = Number(d.clearAfter) || 0;
  const needsCode = d.needsCode === "true";
  const $ = function (id) { return document.getElementById(id); };
  const codeForm = $("code-form");
  const codeInput = $("code");
  const codeMessage = $("code-message");
  const form = $("judge-form");
  const play = $("play");
  const table = $("table");
  const round = $("round");
  const message = $("message");
  const verdict = $("verdict");
  const verdictText = $("verdict-text");
  const lines = [$("verdict-line1"), $("verdict-line2")];
  const meta = $("verdict-meta");
  const number = $("verdict-number");
  const place = $("place");
  const toggle = $("view-toggle");
  const last = $("last-verdict");
  // A second Enter this soon after a verdict is the same keystroke twice, not a new play.
  const settle = 1000;
  let timer = null;
  let busy = false;
  let shownAt = 0;
  let code = sessionStorage.getItem("lexico-table-code") || "";
  table.value = sessionStorage.getItem("lexico-table") || "";
  round.value = sessionStorage.getItem("lexico-round") || "";

  // Table and round: kept for the next plays, and shown in the bar and on every verdict.
  function placeText(t, r) {
    const parts = [t ? d.tableLabel + " " + t : d.noTable];
    if (r) { parts.push(d.roundLabel + " " + r); }
    return parts.join(" · ");
  }
  function updatePlace() {
    sessionStorage.setItem("lexico-table", table.value.trim());
    sessionStorage.setItem("lexico-round", round.value.trim());
    place.textContent = placeText(table.value.trim(), round.value.trim());
    last.disabled = lastOf(table.value.trim()) === null;
  }

  // The last verdict of each table, for this tab: its kind and number, never its words.
  function lastOf(t) {
    try { return JSON.parse(sessionStorage.getItem("lexico-last:" + t)); } catch (e) { return null; }
  }
  function keepLast(t, r, kind, n) {
    sessionStorage.setItem("lexico-last:" + t, JSON.stringify({ kind: kind, round: r, number: n }));
    last.disabled = false;
  }

  // The two lines of the verdict at the largest size that fits the space they have: their width
  // measured at 100 px, their height that of their line boxes (1.25 times the size), so that no
  // line is ever taller than its box and nothing is clipped.
  function fit() {
    if (verdict.hidden) { return; }
    verdict.style.setProperty("--verdict-size", "100px");
    let widest = 1;
    lines.forEach(function (line) {
      widest = Math.max(widest, line.firstElementChild.getBoundingClientRect().width);
    });
    const room = verdictText.getBoundingClientRect();
    const byWidth = 100 * room.width * 0.94 / widest;
    const byHeight = room.height * 0.96 / (1.25 * lines.length);
    verdict.style.setProperty("--verdict-size", Math.max(Math.floor(Math.min(byWidth, byHeight)), 8) + "px");
  }

  function hide() {
    if (timer) { clearTimeout(timer); timer = null; }
    if (verdict.hidden) { return; }
    verdict.hidden = true;
    verdict.className = "verdict";
    body.classList.remove("showing");
  }

  function show(kind, word, note, n, at) {
    hide();
    lines[0].firstElementChild.textContent = d.play;
    lines[1].firstElementChild.textContent = word;
    meta.textContent = note ? note + " · " + at : at;
    number.textContent = n ? d.number + " " + n : "";
    verdict.className = "verdict " + kind;
    verdict.hidden = false;
    verdict.dataset.shown = String(Number(verdict.dataset.shown || 0) + 1);
    body.classList.add("showing");
    shownAt = Date.now();
    // On a touch screen the on-screen keyboard would hide half the verdict: it closes, and a
    // tap on the play box brings it back. With a keyboard, the next play is typed at once.
    if (window.matchMedia("(pointer: coarse)").matches) {
      if (document.activeElement && document.activeElement.blur) { document.activeElement.blur(); }
    } else if (!form.hidden) {
      play.focus();
    }
    fit();
    if (clearAfter > 0) { timer = setTimeout(hide, clearAfter * 1000); }
  }

  const kinds = {
    acceptable: function () { return d.acceptable; },
    unacceptable: function () { return d.unacceptable; },
    unreadable: function () { return d.unreadable; }
  };

  function request(path, params, withCode) {
    const headers = withCode ? { "X-Lexico-Code": withCode } : {};
    const query = params ? "?" + new URLSearchParams(params).toString() : "";
    return fetch(path + query, { headers: headers, cache: "no-store" })
      .then(function (r) { return r.json().then(function (j) { return { status: r.status, body: j }; }); });
  }

  function askCode(wrong) {
    sessionStorage.removeItem("lexico-table-code");
    code = "";
    hide();
    form.hidden = true;
    codeForm.hidden = false;
    codeMessage.textContent = wrong ? d.codeWrong : "";
    codeInput.value = "";
    codeInput.focus();
  }

  function openForm() {
    codeForm.hidden = true;
    form.hidden = false;
    (table.value.trim() ? play : table).focus();
  }

  function checkCode(value) {
    codeMessage.textContent = d.codeChecking;
    request("/api/v1/code", null, value)
      .then(function (r) {
        if (r.status === 200) {
          code = value;
          sessionStorage.setItem("lexico-table-code", code);
          codeMessage.textContent = "";
          openForm();
        } else if (r.status === 401) {
          codeMessage.textContent = d.codeWrong;
          codeInput.select();
        } else {
          codeMessage.textContent = r.body.message || d.unreachable;
        }
      })
      .catch(function () { codeMessage.textContent = d.unreachable; });
  }

  codeForm.addEventListener("submit", function (e) {
    e.preventDefault();
    const value = codeInput.value.trim();
    if (value) { checkCode(value); }
  });

  form.addEventListener("submit", function (e) {
    e.preventDefault();
    const text = play.value.trim();
    if (!text || busy) { return; }
    if (!verdict.hidden && Date.now() - shownAt < settle) { return; }
    const t = table.value.trim();
    const r = round.value.trim();
    // In a hall every play is logged with its table.
    if (needsCode && !t) {
      hide();
      message.textContent = d.tableRequired;
      table.focus();
      return;
    }
    busy = true;
    message.textContent = "";
    request("/api/v1/judge", { play: text, table: t, round: r }, code)
      .then(function (answer) {
        const b = answer.body;
        let kind = null;
        if (answer.status === 200 && b.verdict === "ACCEPTABLE") {
          kind = "acceptable";
        } else if (answer.status === 200 && b.verdict === "UNACCEPTABLE") {
          kind = "unacceptable";
        } else if (answer.status === 422 && b.error === "unreadable-play") {
          kind = "unreadable";
        }
        if (kind) {
          play.value = "";
          if (kind !== "unreadable") { keepLast(t, r, kind, b.number); }
          show(kind, kinds[kind](), kind === "unreadable" ? d.unreadableHint : "", b.number, placeText(t, r));
        } else if (answer.status === 401) {
          // The play stays in its box for when the code is right again.
          askCode(b.error === "code-wrong");
        } else {
          hide();
          message.textContent = b.message || d.unreachable;
          play.focus();
        }
      })
      .catch(function () { hide(); message.textContent = d.unreachable; play.focus(); })
      .finally(function () { busy = false; });
  });

  last.addEventListener("click", function () {
    const t = table.value.trim();
    const kept = lastOf(t);
    if (kept && kinds[kept.kind]) {
      show(kept.kind, kinds[kept.kind](), d.lastNote, kept.number, placeText(t, kept.round));
    }
  });

  table.addEventListener("input", updatePlace);
  round.addEventListener("input", updatePlace);
  $("change-table").addEventListener("click", function () {
    hide();
    table.value = "";
    round.value = "";
    updatePlace();
    table.focus();
  });

  // The full-screen view: the page's bar and footer hidden, the verdict over the whole screen.
  function setView(full) {
    body.classList.toggle("full", full);
    toggle.textContent = full ? d.normalView : d.fullscreen;
    const url = new URL(location.href);
    if (full) { url.searchParams.set("pantalla", "completa"); } else { url.searchParams.delete("pantalla"); }
    history.replaceState(null, "", url.pathname + url.search);
    fit();
  }
  toggle.addEventListener("click", function () { setView(!body.classList.contains("full")); });

  document.addEventListener("keydown", function (e) {
    if (e.key === "F2") {
      e.preventDefault();
      setView(!body.classList.contains("full"));
      return;
    }
    if (e.key === "Escape") {
      // Esc empties the play box; with the box empty, it takes the verdict away.
      message.textContent = "";
      if (!form.hidden && play.value) {
        play.value = "";
      } else {
        hide();
      }
      if (!form.hidden) { play.focus(); }
      return;
    }
    // A character typed where no box has the focus starts the next play; the verdict stays
    // until that play is sent. Modifier keys alone, and Enter, change nothing.
    const typing = e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;
    const inBox = document.activeElement && document.activeElement.tagName === "INPUT";
    if (typing && !inBox && !form.hidden) {
      e.preventDefault();
      play.value += e.key;
      play.focus();
    }
  });
  window.addEventListener("resize", fit);

  const given = new URLSearchParams(location.search);
  if (given.get("pantalla") === "completa") { setView(true); }
  updatePlace();
  // A QR code printed at start opens the page with the table code: checked, kept for the tab,
  // and taken out of the address bar.
  const fromLink = (given.get("codigo") || "").trim();
  if (fromLink) {
    const url = new URL(location.href);
    url.searchParams.delete("codigo");
    history.replaceState(null, "", url.pathname + url.search);
  }
  if (fromLink && needsCode) {
    codeForm.hidden = false;
    codeInput.value = fromLink;
    checkCode(fromLink);
  } else if (needsCode && !code) {
    askCode(false);
  } else {
    openForm();
  }
})();
