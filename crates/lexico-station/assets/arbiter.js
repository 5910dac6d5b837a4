// The arbiter page: a play's ruling from the station (its verdict, each word with its reason,
// rule, article and explanation), opened by the number the judge page showed (the words as they
// were judged) or by the words typed, shown and printed as a dictamen: every printed page with
// the tournament, table, round, number, checksum and "página N de M", the signatures last. Nothing
// is shown without the arbiter code; a play over the station's bounds is refused whole, never
// cut; a word that cannot be read is named here (never on the judge page) and the others are
// explained, and such a ruling prints as the reason it has no verdict, never as a verdict.
"use strict";
(function () {
  const body = document.body;
  const d = body.dataset;
  const $ = function (id) { return document.getElementById(id); };
  const form = $("explain-form");
  const code = $("code");
  const number = $("number");
  const words = $("words");
  const table = $("table");
  const round = $("round");
  const message = $("message");
  const dictamen = $("dictamen");
  const list = $("words-explained");
  const print = $("print");
  const headings = Array.from(document.querySelectorAll(".words thead th")).map(function (th) {
    return th.textContent;
  });

  // "página N de M" at the foot of every printed page, in the page's language: a margin box of
  // the printed page, whose words come from the catalogue through the page's data.
  try {
    const quoted = function (text) { return "\"" + text.replace(/[\\"]/g, "\\$&") + "\""; };
    const sheet = new CSSStyleSheet();
    sheet.replaceSync("@page { @bottom-right { content: " + quoted(d.page + " ") + " counter(page) " +
      quoted(" " + d.pageOf + " ") + " counter(pages); font: 8pt system-ui, \"DejaVu Sans\", sans-serif; } }");
    document.adoptedStyleSheets = document.adoptedStyleSheets.concat([sheet]);
  } catch (err) {
    // A browser without constructed style sheets prints without page numbers.
  }

  function cell(text, className, column) {
    const td = document.createElement("td");
    td.textContent = text;
    if (className) { td.className = className; }
    // On a phone the table's rows become blocks, each cell named by its column.
    td.dataset.label = headings[column] || "";
    return td;
  }

  function rows(w) {
    const head = document.createElement("tr");
    if (w.error) {
      head.append(cell(w.word, "word", 0), cell(d.unreadable, "unreadable", 1), cell(w.message, "", 2),
        cell("—", "", 3), cell("—", "", 4));
      return [head];
    }
    const rules = (w.rules || []).concat((w.lists || []).map(function (l) { return d.list + " " + l; }));
    head.append(
      cell(w.word, "word", 0),
      cell(w.verdict_text, w.valid ? "valid" : "invalid", 1),
      cell(w.reason_text, "", 2),
      cell(rules.join(", ") || "—", "", 3),
      cell((w.articles || []).join("; ") || "—", "", 4)
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

  // A field of the printed ruling: its text, or a line to write on.
  function fill(id, text) {
    const dd = $(id);
    dd.replaceChildren();
    if (text) {
      dd.textContent = text;
    } else {
      const blank = document.createElement("span");
      blank.className = "blank";
      dd.append(blank);
    }
  }

  // A time with its zone, as the printed ruling says it (the audit log is in UTC).
  function when(time) {
    return new Date(time).toLocaleString(d.lang, { dateStyle: "long", timeStyle: "long" });
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
    dictamen.classList.remove("unprintable");
    print.disabled = true;
    const n = number.value.trim();
    if (!n && !words.value.trim()) { (words.value ? words : number).focus(); return; }
    const params = new URLSearchParams(n ? { number: n, lang: d.lang } : {
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
    if (r.status !== 200) { refuse(r.body.message || d.unreachable, n ? number : words); return; }
    const ruling = r.body;
    if (ruling.number) {
      // The words, table and round as they were judged, for the arbiter to see.
      words.value = ruling.words.map(function (w) { return w.word; }).join(" ");
      table.value = ruling.table;
      round.value = ruling.round;
    }
    ruling.words.forEach(function (w) { rows(w).forEach(function (row) { list.append(row); }); });
    $("d-table").textContent = ruling.table || "—";
    $("d-round").textContent = ruling.round || "—";
    $("h-table").textContent = ruling.table || "—";
    $("h-round").textContent = ruling.round || "—";
    $("d-number").textContent = ruling.number || "—";
    $("h-number").textContent = ruling.number || "";
    $("h-number-part").hidden = !ruling.number;
    $("d-judged").textContent = ruling.judged_at ? when(ruling.judged_at) : "—";
    $("d-date").textContent = when(ruling.time);
    fill("d-player1", $("player1").value.trim());
    fill("d-player2", $("player2").value.trim());
    fill("d-challenger", $("challenger").value.trim());
    const verdict = $("d-verdict");
    verdict.textContent = ruling.verdict_text;
    const kind = { ACCEPTABLE: "acceptable", UNACCEPTABLE: "unacceptable" }[ruling.verdict];
    verdict.className = "play-verdict " + (kind || "unreadable");
    const unreadable = ruling.words.filter(function (w) { return w.error; });
    const reasons = $("d-unreadable");
    reasons.replaceChildren();
    unreadable.forEach(function (w) {
      const li = document.createElement("li");
      li.textContent = w.message;
      reasons.append(li);
    });
    dictamen.hidden = false;
    if (unreadable.length > 0) {
      // The arbiter learns which word to correct; a ruling without a verdict prints as the
      // reason it has none, without a verdict or signatures (station.css, print).
      dictamen.classList.add("unprintable");
      message.textContent = unreadable.map(function (w) { return w.message; }).concat([d.unprintable]).join(" ");
      words.focus();
      return;
    }
    print.disabled = false;
    print.focus();
  });

  print.addEventListener("click", function () { window.print(); });
})();
