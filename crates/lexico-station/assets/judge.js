// The judge page: one play at a time; its verdict takes the screen, as large as the screen
// allows, until a key, a tap or the timer clears it. The page never shows the play again once it
// is judged, nor which word failed (the station never says). A table code is checked when it is
// typed, so that a wrong one never costs a play; a play that is refused (too long, rate limit,
// code no longer valid) stays in its box.
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

  function show(kind, word, note) {
    hide();
    lines[0].firstElementChild.textContent = d.play;
    lines[1].firstElementChild.textContent = word;
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
    const params = { play: text, table: table.value.trim(), round: round.value.trim() };
    request("/api/v1/judge", params, code)
      .then(function (r) {
        if (r.status === 200 && r.body.verdict === "ACCEPTABLE") {
          play.value = "";
          show("acceptable", d.acceptable);
        } else if (r.status === 200 && r.body.verdict === "UNACCEPTABLE") {
          play.value = "";
          show("unacceptable", d.unacceptable);
        } else if (r.status === 422 && r.body.error === "unreadable-play") {
          play.value = "";
          show("unreadable", d.unreadable, d.unreadableHint);
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
