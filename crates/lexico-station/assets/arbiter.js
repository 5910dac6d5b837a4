// The arbiter page: a play's ruling from the station (its verdict, each word with its reason,
// rule, article and explanation), shown and printed as a one-page dictamen. Nothing is shown
// without the arbiter code; a play over the station's bounds is refused whole, never cut; a word
// that cannot be read is named here (never on the judge page) and the others are explained.
"use strict";
(function () {
  const body = document.body;
  const d = body.dataset;
  const $ = function (id) { return document.getElementById(id); };
  const form = $("explain-form");
  const code = $("code");
  const words = $("words");
  const table = $("table");
  const round = $("round");
  const message = $("message");
  const dictamen = $("dictamen");
  const list = $("words-explained");
  const print = $("print");

  function cell(text, className) {
    const td = document.createElement("td");
    td.textContent = text;
    if (className) { td.className = className; }
    return td;
  }

  function rows(w) {
    const head = document.createElement("tr");
    if (w.error) {
      head.append(cell(w.word, "word"), cell(d.unreadable, "unreadable"), cell(w.message), cell("—"), cell("—"));
      return [head];
    }
    head.append(
      cell(w.word, "word"),
      cell(w.verdict_text, w.valid ? "valid" : "invalid"),
      cell(w.reason_text),
      cell((w.rules || []).join(", ") || "—"),
      cell((w.articles || []).join("; ") || "—")
    );
    const more = document.createElement("tr");
    more.className = "explanation";
    const td = document.createElement("td");
    td.colSpan = 5;
    const ul = document.createElement("ul");
    (w.summary || []).forEach(function (line) {
      const li = document.createElement("li");
      li.textContent = line;
      ul.append(li);
    });
    td.append(ul);
    more.append(td);
    return [head, more];
  }

  function refuse(text, focus) {
    message.textContent = text;
    focus.focus();
  }

  form.addEventListener("submit", async function (e) {
    e.preventDefault();
    message.textContent = "";
    list.replaceChildren();
    dictamen.hidden = true;
    print.disabled = true;
    if (!words.value.trim()) { words.focus(); return; }
    const params = new URLSearchParams({
      play: words.value, table: table.value.trim(), round: round.value.trim(), lang: d.lang
    });
    let r;
    try {
      const answer = await fetch("/api/v1/ruling?" + params.toString(), {
        headers: { "X-Lexico-Code": code.value.trim() }, cache: "no-store"
      });
      r = { status: answer.status, body: await answer.json() };
    } catch (err) {
      refuse(d.unreachable, words);
      return;
    }
    if (r.status === 401) { refuse(d.codeWrong, code); return; }
    if (r.status !== 200) { refuse(r.body.message || d.unreachable, words); return; }
    const ruling = r.body;
    ruling.words.forEach(function (w) { rows(w).forEach(function (row) { list.append(row); }); });
    $("d-table").textContent = ruling.table || "—";
    $("d-round").textContent = ruling.round || "—";
    $("d-date").textContent = new Date(ruling.time).toLocaleString(d.lang, {
      dateStyle: "long", timeStyle: "medium"
    });
    const verdict = $("d-verdict");
    verdict.textContent = ruling.verdict_text;
    const kind = { ACCEPTABLE: "acceptable", UNACCEPTABLE: "unacceptable" }[ruling.verdict];
    verdict.className = "play-verdict " + (kind || "unreadable");
    dictamen.hidden = false;
    const unreadable = ruling.words.filter(function (w) { return w.error; });
    if (unreadable.length > 0) {
      // The arbiter learns which word to correct; a ruling without a verdict is not printed.
      message.textContent = unreadable.map(function (w) { return w.message; }).concat([d.unprintable]).join(" ");
      words.focus();
      return;
    }
    print.disabled = false;
    print.focus();
  });

  print.addEventListener("click", function () { window.print(); });
})();
