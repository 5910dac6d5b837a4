// The arbiter page: each word of a play explained, with rule and article, as a one-page ruling
// to print. Nothing is shown without the arbiter code.
"use strict";
(function () {
  const body = document.body;
  const form = document.getElementById("explain-form");
  const code = document.getElementById("code");
  const words = document.getElementById("words");
  const table = document.getElementById("table");
  const round = document.getElementById("round");
  const message = document.getElementById("message");
  const dictamen = document.getElementById("dictamen");
  const list = document.getElementById("words-explained");
  const print = document.getElementById("print");

  function explainOne(word) {
    const params = new URLSearchParams({ word: word, lang: body.dataset.lang });
    return fetch("/api/v1/explain?" + params.toString(), {
      headers: { "X-Lexico-Code": code.value.trim() }, cache: "no-store"
    }).then(function (r) { return r.json().then(function (j) { return { status: r.status, body: j }; }); });
  }

  function item(r) {
    const li = document.createElement("li");
    const head = document.createElement("div");
    const w = document.createElement("span");
    w.className = "word";
    w.textContent = r.word + " ";
    const v = document.createElement("span");
    v.className = r.valid ? "valid" : "invalid";
    v.textContent = r.valid ? body.dataset.valid : body.dataset.invalid;
    head.append(w, v);
    li.append(head);
    const ul = document.createElement("ul");
    (r.summary || []).forEach(function (line) {
      const l = document.createElement("li");
      l.textContent = line;
      ul.append(l);
    });
    li.append(ul);
    return li;
  }

  form.addEventListener("submit", async function (e) {
    e.preventDefault();
    message.textContent = "";
    list.replaceChildren();
    dictamen.hidden = true;
    print.disabled = true;
    const play = words.value.split(/[\s,;]+/).filter(function (w) { return w.length > 0; }).slice(0, 16);
    if (play.length === 0) { words.focus(); return; }
    try {
      for (const word of play) {
        const r = await explainOne(word);
        if (r.status !== 200) {
          list.replaceChildren();
          message.textContent = r.status === 401 ? body.dataset.codeWrong : (r.body.message || "");
          (r.status === 401 ? code : words).focus();
          return;
        }
        list.append(item(r.body));
      }
    } catch (err) {
      message.textContent = body.dataset.unreachable;
      return;
    }
    document.getElementById("d-table").textContent = table.value.trim() || "—";
    document.getElementById("d-round").textContent = round.value.trim() || "—";
    document.getElementById("d-date").textContent = new Date().toLocaleString(body.dataset.lang);
    dictamen.hidden = false;
    print.disabled = false;
    print.focus();
  });

  print.addEventListener("click", function () { window.print(); });
})();
