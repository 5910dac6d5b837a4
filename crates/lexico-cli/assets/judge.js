// The judge page: one play at a time, the verdict large, cleared after a while. The page never
// shows the play again once it is judged, nor which word failed (the station never says).
"use strict";
(function () {
  const body = document.body;
  const clearAfter = Number(body.dataset.clearAfter) || 0;
  const needsCode = body.dataset.needsCode === "true";
  const form = document.getElementById("judge-form");
  const play = document.getElementById("play");
  const table = document.getElementById("table");
  const round = document.getElementById("round");
  const verdict = document.getElementById("verdict");
  const message = document.getElementById("message");
  const codeForm = document.getElementById("code-form");
  const codeInput = document.getElementById("code");
  let timer = null;
  let code = sessionStorage.getItem("lexico-table-code") || "";

  function clear() {
    verdict.textContent = "";
    verdict.className = "verdict";
    message.textContent = "";
    if (timer) { clearTimeout(timer); timer = null; }
  }

  function askCode(wrong) {
    sessionStorage.removeItem("lexico-table-code");
    code = "";
    codeForm.hidden = false;
    message.textContent = wrong ? body.dataset.codeWrong : "";
    codeInput.value = "";
    codeInput.focus();
  }

  function show(kind, text) {
    clear();
    verdict.textContent = text;
    verdict.className = "verdict " + kind;
    if (clearAfter > 0) { timer = setTimeout(clear, clearAfter * 1000); }
  }

  codeForm.addEventListener("submit", function (e) {
    e.preventDefault();
    code = codeInput.value.trim();
    if (!code) { return; }
    sessionStorage.setItem("lexico-table-code", code);
    codeForm.hidden = true;
    message.textContent = "";
    play.focus();
  });

  form.addEventListener("submit", function (e) {
    e.preventDefault();
    const text = play.value.trim();
    if (!text) { play.focus(); return; }
    const params = new URLSearchParams({ play: text, table: table.value.trim(), round: round.value.trim() });
    const headers = code ? { "X-Lexico-Code": code } : {};
    play.value = "";
    clear();
    fetch("/api/v1/judge?" + params.toString(), { headers: headers, cache: "no-store" })
      .then(function (r) { return r.json().then(function (j) { return { status: r.status, body: j }; }); })
      .then(function (r) {
        if (r.status === 200 && r.body.verdict === "ACCEPTABLE") {
          show("acceptable", body.dataset.acceptable);
        } else if (r.status === 200 && r.body.verdict === "UNACCEPTABLE") {
          show("unacceptable", body.dataset.unacceptable);
        } else if (r.status === 401) {
          askCode(r.body.error === "code-wrong");
          return;
        } else {
          message.textContent = r.body.message || body.dataset.unreachable;
        }
        play.focus();
      })
      .catch(function () { message.textContent = body.dataset.unreachable; play.focus(); });
  });

  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape") { clear(); play.value = ""; play.focus(); }
  });

  if (needsCode && !code) { askCode(false); } else { play.focus(); }
})();
