// The judge page: one play at a time; its verdict takes the screen, as large as the screen
// allows, until a key, a tap or the timer clears it. The page never shows the play again once it
// is judged, nor which word failed (the station never says). A table code is checked when it is
// typed, so that a wrong one never costs a play; a play that is refused (too long, rate limit,
// code no longer valid) stays in its box. The Dash mode judges a word for a Scrabble Dash card
// instead (/api/v1/dash): pick the card, type the word, and its verdict takes the screen.
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
  const place = $("place");
  const toggle = $("view-toggle");
  const modeToggle = $("mode-toggle");
  const heading = form.querySelector("h1");
  const headingText = heading.textContent;
  const playLabel = form.querySelector('label[for="play"]');
  const playLabelText = playLabel.textContent;
  const dashFields = $("dash-fields");
  const dashCard = $("dash-card");
  const dashValue = $("dash-value");
  const dashHand = $("dash-hand");
  let dashMode = false;
  let timer = null;
  let busy = false;
  let code = sessionStorage.getItem("lexico-table-code") || "";
  table.value = sessionStorage.getItem("lexico-table") || "";
  round.value = sessionStorage.getItem("lexico-round") || "";

  // Table and round: kept for the next plays, and shown in the bar and on every verdict.
  function placeText() {
    const t = table.value.trim();
    const r = round.value.trim();
    const parts = [t ? d.tableLabel + " " + t : d.noTable];
    if (r) { parts.push(d.roundLabel + " " + r); }
    return parts.join(" · ");
  }
  function updatePlace() {
    sessionStorage.setItem("lexico-table", table.value.trim());
    sessionStorage.setItem("lexico-round", round.value.trim());
    place.textContent = placeText();
  }

  // The two lines of the verdict at the largest size that fits the space they have: measured
  // at 100 px, then scaled, so that the longest line of any language fits any screen.
  function fit() {
    if (verdict.hidden) { return; }
    verdict.style.setProperty("--verdict-size", "100px");
    verdict.style.setProperty("--verdict-line", "125px");
    let widest = 1;
    let tall = 0;
    lines.forEach(function (line) {
      widest = Math.max(widest, line.firstElementChild.getBoundingClientRect().width);
      tall += line.getBoundingClientRect().height;
    });
    const room = verdictText.getBoundingClientRect();
    const size = Math.floor(Math.min(100 * room.width * 0.94 / widest, 100 * room.height * 0.96 / Math.max(tall, 1)));
    // Whole pixels, and a line box taller than the font's glyphs, so that no line is clipped.
    const px = Math.max(size, 8);
    verdict.style.setProperty("--verdict-size", px + "px");
    verdict.style.setProperty("--verdict-line", Math.ceil(px * 1.25) + "px");
  }

  function hide() {
    if (timer) { clearTimeout(timer); timer = null; }
    if (verdict.hidden) { return; }
    verdict.hidden = true;
    verdict.className = "verdict";
    body.classList.remove("showing");
    if (!form.hidden) { play.focus(); }
  }

  function show(kind, first, second, note) {
    hide();
    lines[0].firstElementChild.textContent = first;
    lines[1].firstElementChild.textContent = second;
    meta.textContent = note ? note + " · " + placeText() : placeText();
    verdict.className = "verdict " + kind;
    verdict.hidden = false;
    body.classList.add("showing");
    if (document.activeElement && document.activeElement.blur) { document.activeElement.blur(); }
    fit();
    if (clearAfter > 0) { timer = setTimeout(hide, clearAfter * 1000); }
  }

  function request(path, params, withCode) {
    const headers = withCode ? { "X-Lexico-Code": withCode } : {};
    const query = params ? "?" + new URLSearchParams(params).toString() : "";
    return fetch(path + query, { headers: headers, cache: "no-store" })
      .then(function (r) { return r.json().then(function (j) { return { status: r.status, body: j }; }); });
  }

  function askCode(wrong) {
    sessionStorage.removeItem("lexico-table-code");
    code = "";
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
    if (!text) { play.focus(); return; }
    if (busy) { return; }
    busy = true;
    message.textContent = "";
    if (dashMode) { judgeDash(text); return; }
    const params = { play: text, table: table.value.trim(), round: round.value.trim() };
    request("/api/v1/judge", params, code)
      .then(function (r) {
        if (r.status === 200 && r.body.verdict === "ACCEPTABLE") {
          play.value = "";
          show("acceptable", d.play, d.acceptable);
        } else if (r.status === 200 && r.body.verdict === "UNACCEPTABLE") {
          play.value = "";
          show("unacceptable", d.play, d.unacceptable);
        } else if (r.status === 422 && r.body.error === "unreadable-play") {
          play.value = "";
          show("unreadable", d.play, d.unreadable, d.unreadableHint);
        } else if (r.status === 401) {
          // The play stays in its box for when the code is right again.
          askCode(r.body.error === "code-wrong");
        } else {
          message.textContent = r.body.message || d.unreachable;
          play.focus();
        }
      })
      .catch(function () { message.textContent = d.unreachable; play.focus(); })
      .finally(function () { busy = false; });
  });

  // The Dash mode: the card's wording from the station's card table, its number or letter typed
  // beside it; the word's verdict and what it meets or lacks take the screen.
  d.dashCards.split("|").forEach(function (wording) {
    const option = document.createElement("option");
    option.value = wording;
    option.textContent = wording.replace("{n}", "N").replace("{letter}", "_");
    dashCard.appendChild(option);
  });
  // The card, its letter or number and the hand stay for the tab, like the table and round.
  dashCard.value = sessionStorage.getItem("lexico-dash-card") || dashCard.value;
  dashValue.value = sessionStorage.getItem("lexico-dash-value") || "";
  dashHand.value = sessionStorage.getItem("lexico-dash-hand") || "";
  function keepDash() {
    sessionStorage.setItem("lexico-dash-card", dashCard.value);
    sessionStorage.setItem("lexico-dash-value", dashValue.value.trim());
    sessionStorage.setItem("lexico-dash-hand", dashHand.value.trim());
  }
  function cardShowsValue() { return /\{(n|letter)\}/.test(dashCard.value); }
  function setMode(dash) {
    dashMode = dash;
    sessionStorage.setItem("lexico-mode", dash ? "dash" : "play");
    dashFields.hidden = !dash;
    dashValue.hidden = !cardShowsValue();
    modeToggle.textContent = dash ? d.playMode : d.dashMode;
    heading.textContent = dash ? d.dashHeading : headingText;
    playLabel.textContent = dash ? d.dashWord : playLabelText;
    message.textContent = "";
  }
  function judgeDash(word) {
    const value = dashValue.value.trim();
    const card = dashCard.value.replace("{n}", value).replace("{letter}", value);
    request("/api/v1/dash", { card: card, word: word, hand: dashHand.value.trim() }, code)
      .then(function (r) {
        const b = r.body;
        if (r.status === 200) {
          play.value = "";
          const kind = { meets: "acceptable", fails: "unacceptable" }[b.verdict] || "unreadable";
          const note = [b.card_text, b.cards, b.message].filter(Boolean).join(" · ");
          show(kind, b.word, b.verdict_text.toUpperCase(), note);
        } else if (r.status === 401) {
          askCode(b.error === "code-wrong");
        } else {
          message.textContent = b.message || d.unreachable;
          play.focus();
        }
      })
      .catch(function () { message.textContent = d.unreachable; play.focus(); })
      .finally(function () { busy = false; });
  }
  dashCard.addEventListener("change", function () { dashValue.hidden = !cardShowsValue(); keepDash(); });
  dashValue.addEventListener("input", keepDash);
  dashHand.addEventListener("input", keepDash);
  modeToggle.addEventListener("click", function () { setMode(!dashMode); play.focus(); });

  table.addEventListener("input", updatePlace);
  round.addEventListener("input", updatePlace);
  $("change-table").addEventListener("click", function () {
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
    if (!verdict.hidden) {
      // Any key clears the verdict; a character typed goes on to start the next play.
      e.preventDefault();
      hide();
      if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey && !form.hidden) {
        play.value += e.key;
      }
      return;
    }
    if (e.key === "Escape") {
      message.textContent = "";
      if (!form.hidden) { play.value = ""; play.focus(); }
    }
  });
  verdict.addEventListener("pointerdown", function (e) { e.preventDefault(); hide(); });
  window.addEventListener("resize", fit);

  const given = new URLSearchParams(location.search);
  if (given.get("pantalla") === "completa") { setView(true); }
  updatePlace();
  setMode(sessionStorage.getItem("lexico-mode") === "dash");
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
