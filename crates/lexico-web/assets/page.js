// The offline judge: the answers compiled to WebAssembly (the module above this script, made by
// wasm-bindgen) and a lexicon, both inside the page or beside it, proven before the first
// verdict. Nothing is fetched from anywhere but the page's own folder, and nothing at all from a
// single file.
//
// Modes: Juez (a play's verdict, large, never saying which word failed, cleared after a set
// time or by any key), Consulta (each word's verdict and why, in the catalogue's words), Dash
// (whether a word meets a Scrabble Dash card, as `lexico dash` answers), Estudio (anagram
// quizzes with a cardbox, as `lexico quiz` asks them). A mode is a form of the
// page and an entry of MODES; the page has the modes it was exported with.
const body = document.body;
const d = body.dataset;
const $ = function (id) { return document.getElementById(id); };
const status = $("status");
const verdict = $("verdict");
const verdictText = $("verdict-text");
const lines = [$("verdict-line1"), $("verdict-line2")];
const meta = $("verdict-meta");
const clearAfter = Number(d.clearAfter) || 0;
let lang = document.documentElement.lang === "en" ? "en" : "es";
let lexicon = null;
let timer = null;
let mode = null;

function t(id, args) {
  return message(lang, id, args ? JSON.stringify(args) : "{}");
}

// The bytes of the engine or the lexicon: in a base64 block of the page (deflated, which the
// browser inflates), or a file beside it.
async function bytesOf(kind) {
  const block = $("lexico-" + kind);
  if (block) {
    const text = atob(block.textContent.trim());
    const out = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) { out[i] = text.charCodeAt(i); }
    if (block.dataset.deflate !== "zlib") { return out; }
    const inflated = new Blob([out]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Uint8Array(await new Response(inflated).arrayBuffer());
  }
  const response = await fetch(d[kind + "File"]);
  if (!response.ok) { throw new Error(response.status + " " + d[kind + "File"]); }
  return new Uint8Array(await response.arrayBuffer());
}

// One line for people, and no verdict: the forms stay hidden.
function fail(text) {
  status.removeAttribute("data-t");
  status.textContent = text;
  status.className = "status failed";
  for (const m of Object.values(MODES)) { m.form.hidden = true; }
  body.classList.add("failed");
}

// Every text of the page in the current language: elements that name their message.
function translate() {
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-t]")) { el.textContent = t(el.dataset.t); }
  const other = lang === "es" ? "en" : "es";
  const toggle = $("lang-switch");
  toggle.lang = other;
  toggle.textContent = t("page-lang-" + other);
  $("clears").textContent = clearAfter > 0 ? t("judge-clears", { seconds: clearAfter }) : t("judge-never-clears");
  $("mode-list").textContent = t(Object.keys(MODES).length > 1 ? "page-modes-all" : "page-modes-judge-only");
  if (lexicon) {
    $("signer").textContent = lexicon.signer(lang);
    lexicon.set_lang(lang);
  }
  if (MODES.consulta && MODES.consulta.last) { MODES.consulta.show(MODES.consulta.last); }
  if (MODES.dash) { MODES.dash.cards(); }
  if (MODES.estudio) { MODES.estudio.stats(); }
  installState();
}

// The two lines of the verdict at the largest size that fits the space they have: measured at
// 100 px, then scaled (as the station's judge page does).
function fit() {
  if (verdict.hidden) { return; }
  verdict.style.setProperty("--verdict-size", "100px");
  verdict.style.setProperty("--verdict-line", "125px");
  let widest = 1;
  let tall = 0;
  lines.forEach(function (line) {
    widest = Math.max(widest, line.firstElementChild.getBoundingClientRect().width);
    // The line box's own height: a flex column squeezes the lines themselves when they do not fit.
    tall += line.scrollHeight;
  });
  const room = verdictText.getBoundingClientRect();
  const size = Math.floor(Math.min(100 * room.width * 0.94 / widest, 100 * room.height * 0.96 / Math.max(tall, 1)));
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
  if (mode) { mode.focus(); }
}

// The verdict, large: its first line is "the play" unless `first` is given (Dash: the word).
function show(kind, word, note, first) {
  hide();
  lines[0].firstElementChild.textContent = first || t("verdict-play");
  lines[1].firstElementChild.textContent = word;
  meta.textContent = note || "";
  verdict.className = "verdict " + kind;
  verdict.hidden = false;
  body.classList.add("showing");
  if (document.activeElement && document.activeElement.blur) { document.activeElement.blur(); }
  fit();
  if (clearAfter > 0) { timer = setTimeout(hide, clearAfter * 1000); }
}

const MODES = {};

// Juez: the play's verdict, as the station gives it, with the station's word limit.
(function () {
  const form = $("judge-form");
  const play = $("play");
  const note = $("message");
  MODES.juez = { form: form, focus: function () { play.focus(); } };
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    const text = play.value.trim();
    if (!text || !lexicon) { play.focus(); return; }
    note.textContent = "";
    let record;
    try {
      record = JSON.parse(lexicon.judge(text));
    } catch (err) {
      record = { verdict: "ERROR", words: 0 };
    }
    const max = max_play_words();
    if (record.words > max) {
      note.textContent = t("api-too-many-words", { count: record.words, max: max });
      return;
    }
    play.value = "";
    if (record.verdict === "ACCEPTABLE") {
      show("acceptable", t("verdict-acceptable-word"));
    } else if (record.verdict === "UNACCEPTABLE") {
      show("unacceptable", t("verdict-unacceptable-word"));
    } else {
      show("unreadable", t("verdict-unreadable-word"), t("verdict-unreadable-hint"));
    }
  });
})();

// Consulta: each word with its verdict and explanation.
(function () {
  const form = $("consult-form");
  if (!form) { return; }
  const input = $("words");
  const table = $("consulted");
  const rows = $("consulted-rows");
  const note = $("consult-message");
  const m = { form: form, focus: function () { input.focus(); }, last: null };
  MODES.consulta = m;
  m.show = function (words) {
    m.last = words;
    rows.textContent = "";
    note.textContent = "";
    for (const word of words) {
      const tr = document.createElement("tr");
      const cells = [document.createElement("td"), document.createElement("td"), document.createElement("td")];
      cells[0].className = "word";
      cells[0].textContent = word;
      try {
        const record = JSON.parse(lexicon.explain(word));
        const said = JSON.parse(lexicon.explanation(word, lang));
        cells[0].textContent = record.word;
        cells[1].textContent = t(record.valid ? "page-valid" : "page-invalid");
        cells[1].className = record.valid ? "valid" : "invalid";
        const list = document.createElement("ul");
        for (const line of said) {
          const li = document.createElement("li");
          li.textContent = line;
          list.appendChild(li);
        }
        cells[2].appendChild(list);
      } catch (err) {
        cells[1].textContent = t("verdict-unreadable-word");
        cells[1].className = "unreadable";
        cells[2].textContent = String(err && err.message ? err.message : err);
      }
      for (const c of cells) { tr.appendChild(c); }
      rows.appendChild(tr);
    }
    table.hidden = words.length === 0;
  };
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    const words = input.value.split(/[\s,;]+/).filter(function (w) { return w; });
    if (!words.length || !lexicon) { input.focus(); return; }
    const max = max_play_words();
    if (words.length > max) {
      note.textContent = t("api-too-many-words", { count: words.length, max: max });
      return;
    }
    m.show(words);
  });
})();

// Dash: the card chosen from the card table's wordings, its number or letter typed beside it,
// and the player's hand when one is typed; the word and its verdict take the screen, with the
// card, the cards the word takes and what it meets or lacks under them.
(function () {
  const form = $("dash-form");
  if (!form) { return; }
  const card = $("dash-card");
  const value = $("dash-value");
  const hand = $("dash-hand");
  const word = $("dash-word");
  const note = $("dash-message");
  const m = { form: form, focus: function () { word.focus(); } };
  MODES.dash = m;
  function showsValue() { value.hidden = !/\{(n|letter)\}/.test(card.value); }
  // The wordings in the page's language; the card chosen stays chosen.
  m.cards = function () {
    const chosen = card.selectedIndex;
    card.textContent = "";
    for (const wording of JSON.parse(dash_cards(lang))) {
      const option = document.createElement("option");
      option.value = wording;
      option.textContent = wording.replace("{n}", "N").replace("{letter}", "_");
      card.appendChild(option);
    }
    card.selectedIndex = Math.max(chosen, 0);
    showsValue();
  };
  card.addEventListener("change", showsValue);
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    const text = word.value.trim();
    if (!text || !lexicon) { word.focus(); return; }
    note.textContent = "";
    const shown = value.value.trim();
    let b;
    try {
      b = JSON.parse(lexicon.dash(card.value.replace("{n}", shown).replace("{letter}", shown), text, hand.value, lang));
    } catch (err) {
      note.textContent = String(err && err.message ? err.message : err);
      return;
    }
    word.value = "";
    const kind = { meets: "acceptable", fails: "unacceptable" }[b.verdict] || "unreadable";
    show(kind, b.verdict_text.toUpperCase(), [b.card_text, b.cards, b.message].filter(Boolean).join(" · "), b.word);
  });
})();

// Estudio: anagram questions from a length and a probability-order range (as `lexico quiz
// --length 7 --probability-order ..500` asks them), or the cardbox's due cards. The alphagram is
// shown large, spelled so that it reads back; the player types answers (Enter), "no hay", or
// gives up (Esc); then the answers with their hooks, found or missed, and the wrong words; + or
// − change the verdict and Enter goes on. The cardbox is the engine's (the command's scheduling
// and CSV), kept as CSV in this browser's storage, one per lexicon edition.
(function () {
  const form = $("quiz-form");
  if (!form) { return; }
  const setup = $("quiz-setup");
  const ask = $("quiz-ask");
  const line = $("quiz-line");
  const note = $("quiz-message");
  const result = $("quiz-result");
  const typed = $("quiz-typed");
  const schedulerBox = $("cardbox-scheduler");
  const m = { form: form, focus: function () { (ask.hidden ? $("quiz-length") : line).focus(); } };
  MODES.estudio = m;
  let quiz = null;
  let cardbox = null;
  let passed = false;
  let showing = false;
  let key = null;
  function said(err) { return t("page-quiz-error", { why: String(err && err.message ? err.message : err) }); }
  function store() {
    localStorage.setItem(key, JSON.stringify({ scheduler: cardbox.scheduler(), csv: cardbox.export_csv() }));
  }
  m.stats = function () {
    if (!cardbox) { return; }
    const s = JSON.parse(cardbox.stats(Date.now()));
    s.scheduler = cardbox.scheduler() === "fsrs" ? "FSRS" : "Leitner";
    $("cardbox-stats").textContent = s.cards ? t("page-cardbox-stats", s) : t("page-cardbox-none", s);
    schedulerBox.value = cardbox.scheduler();
    schedulerBox.disabled = s.cards > 0;
    $("quiz-due").disabled = s.due === 0;
  };
  // The cardbox of this lexicon's edition, from the browser's storage.
  m.open = function (info) {
    key = "lexico-cardbox/" + (info.edition || info.name);
    let kept = null;
    try { kept = JSON.parse(localStorage.getItem(key) || "null"); } catch (err) { kept = null; }
    try {
      cardbox = lexicon.cardbox(kept ? kept.csv : "", kept ? kept.scheduler : "leitner");
      const changed = cardbox.changed();
      if (changed.length) { note.textContent = t("cardbox-changed", { n: changed.length }); }
    } catch (err) {
      note.textContent = said(err);
      cardbox = lexicon.cardbox("", "leitner");
      key = null;
    }
    m.stats();
  };
  schedulerBox.addEventListener("change", function () {
    cardbox = lexicon.cardbox("", schedulerBox.value);
    if (key) { store(); }
    m.stats();
  });
  function begin(q) {
    quiz = q;
    if (quiz.is_empty()) { note.textContent = t("quiz-no-questions"); quiz = null; return; }
    setup.hidden = true;
    ask.hidden = false;
    $("quiz-totals").textContent = "";
    question();
  }
  function question() {
    const q = JSON.parse(lexicon.quiz_question(quiz));
    showing = false;
    result.hidden = true;
    typed.textContent = "";
    note.textContent = "";
    $("quiz-count").textContent = t("quiz-question", { n: q.n, total: q.total }) + " · " + t("quiz-answers", { answers: q.answers });
    const card = cardbox && cardbox.card(q.question);
    const before = card && JSON.parse(card).flagged;
    $("quiz-flagged").textContent = before ? t("quiz-flagged", { before: before.join(" ") }) : "";
    $("quiz-alphagram").textContent = q.question;
    line.value = "";
    line.focus();
  }
  function verdict() {
    $("quiz-verdict").textContent = t(passed ? "quiz-kept-passed" : "quiz-kept-missed").split(".")[0].toUpperCase();
    $("quiz-verdict").className = passed ? "valid" : "invalid";
  }
  function answers() {
    const a = JSON.parse(lexicon.quiz_answers(quiz));
    const rows = $("quiz-answers");
    rows.textContent = "";
    for (const x of a.answers) {
      const tr = document.createElement("tr");
      for (const [text, cls] of [[x.found ? "✓" : "·", ""], [x.front, "hooks"], [x.word, "word"], [x.back, "hooks"], [x.found ? "" : t("quiz-missed"), "invalid"]]) {
        const td = document.createElement("td");
        td.textContent = text;
        if (cls) { td.className = cls; }
        tr.appendChild(td);
      }
      tr.className = x.found ? "found" : "missed";
      rows.appendChild(tr);
    }
    if (!a.answers.length) {
      const tr = document.createElement("tr");
      const td = document.createElement("td");
      td.textContent = t("quiz-no-answer");
      tr.appendChild(td);
      rows.appendChild(tr);
    }
    $("quiz-wrong").textContent = a.wrong.length ? t("quiz-wrong-list", { words: a.wrong.join(" ") }) : "";
    passed = a.passed;
    showing = true;
    result.hidden = false;
    verdict();
    line.value = "";
    line.focus();
  }
  function next() {
    if (cardbox && $("quiz-record").checked) {
      cardbox.record(lexicon, quiz, passed, Date.now());
      if (key) { store(); }
    }
    const more = quiz.next(passed);
    if (more) { question(); return; }
    const s = JSON.parse(quiz.totals());
    $("quiz-totals").textContent = t("quiz-totals", s);
    quiz.free();
    quiz = null;
    ask.hidden = true;
    setup.hidden = false;
    m.stats();
    $("quiz-length").focus();
  }
  $("quiz-start").addEventListener("submit", function (e) {
    e.preventDefault();
    if (!lexicon) { return; }
    const conditions = [];
    const length = $("quiz-length").value.trim();
    const order = $("quiz-order").value.trim();
    if (length) { conditions.push(["length", length]); }
    if (order) { conditions.push(["probability-order", order]); }
    note.textContent = "";
    try {
      begin(lexicon.quiz(JSON.stringify({ conditions: conditions }), Number($("quiz-limit").value) || 20));
    } catch (err) {
      note.textContent = said(err);
    }
  });
  $("quiz-due").addEventListener("click", function () {
    const due = cardbox.due(Date.now(), Number($("quiz-limit").value) || 20);
    if (!due.length) { note.textContent = t("quiz-none-due"); return; }
    begin(lexicon.quiz_of(due));
  });
  $("quiz-answer").addEventListener("submit", function (e) {
    e.preventDefault();
    if (!quiz) { return; }
    const text = line.value.trim();
    if (showing) {
      if (text === "+") { passed = true; } else if (text === "-" || text === "−") { passed = false; }
      next();
      return;
    }
    if (!text) { answers(); return; }
    line.value = "";
    for (const x of JSON.parse(lexicon.quiz_take(quiz, text))) {
      if (x.kind === "none") { continue; }
      const li = document.createElement("li");
      li.className = x.kind;
      li.textContent = t("quiz-" + x.kind, { word: x.word });
      typed.appendChild(li);
    }
    if (quiz.is_done()) { answers(); }
  });
  $("quiz-give-up").addEventListener("click", function () { if (quiz && !showing) { answers(); } });
  $("quiz-pass").addEventListener("click", function () { passed = true; verdict(); line.focus(); });
  $("quiz-miss").addEventListener("click", function () { passed = false; verdict(); line.focus(); });
  $("quiz-next").addEventListener("click", function () { if (showing) { next(); } });
  line.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && quiz && !showing) { e.preventDefault(); answers(); }
  });
  $("cardbox-export").addEventListener("click", function () {
    const a = document.createElement("a");
    a.id = "cardbox-download";
    a.download = "fichero-" + (key || "lexico").replace(/^lexico-cardbox\//, "").replace(/[^\w.-]/g, "_") + ".csv";
    a.href = "data:text/csv;charset=utf-8," + encodeURIComponent(cardbox.export_csv());
    const old = $("cardbox-download");
    if (old) { old.remove(); }
    a.hidden = true;
    form.appendChild(a);
    a.click();
  });
  $("cardbox-import").addEventListener("change", async function (e) {
    const file = e.target.files[0];
    if (!file) { return; }
    try {
      const done = JSON.parse(lexicon.cardbox_import(cardbox, await file.text(), file.name));
      if (key) { store(); }
      note.className = "message done";
      note.textContent = t("cardbox-imported", { cards: done.cards, flagged: done.flagged.length });
    } catch (err) {
      note.className = "message";
      note.textContent = said(err);
    }
    e.target.value = "";
    m.stats();
  });
})();

function choose(name) {
  hide();
  mode = MODES[name];
  for (const [key, m] of Object.entries(MODES)) { m.form.hidden = key !== name; }
  for (const button of document.querySelectorAll("#modes button")) {
    button.setAttribute("aria-pressed", String(button.dataset.mode === name));
  }
  mode.focus();
}

for (const button of document.querySelectorAll("#modes button")) {
  button.addEventListener("click", function () { if (lexicon) { choose(button.dataset.mode); } });
}

$("lang-switch").addEventListener("click", function () {
  lang = lang === "es" ? "en" : "es";
  translate();
  fit();
});

document.addEventListener("keydown", function (e) {
  if (!verdict.hidden) {
    // Any key clears the verdict; a character typed goes on to start the next play.
    e.preventDefault();
    hide();
    const next = mode === MODES.juez ? $("play") : mode === MODES.dash ? $("dash-word") : null;
    if (next && e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      next.value += e.key;
    }
    return;
  }
  if (e.key === "Escape" && mode === MODES.juez) { $("play").value = ""; $("message").textContent = ""; }
});
verdict.addEventListener("pointerdown", function (e) { e.preventDefault(); hide(); });
window.addEventListener("resize", fit);

// Installing: a page served over HTTPS or from localhost registers its service worker, which
// keeps every file for use without a network; elsewhere the page says why it cannot.
let installed = null;
function installState() {
  const box = $("install");
  if (!d.worker || location.protocol === "file:") { box.hidden = true; return; }
  box.hidden = false;
  const state = $("install-state");
  if (!window.isSecureContext || !("serviceWorker" in navigator)) {
    state.textContent = t("page-install-insecure");
  } else if (installed === true) {
    state.textContent = t("page-install-ready");
  } else if (installed === false) {
    state.textContent = t("page-install-failed");
  } else {
    state.textContent = t("page-install-working");
  }
}

async function install() {
  if (!d.worker || location.protocol === "file:" || !window.isSecureContext || !("serviceWorker" in navigator)) {
    return;
  }
  try {
    await navigator.serviceWorker.register(d.worker);
    await navigator.serviceWorker.ready;
    installed = true;
  } catch (err) {
    installed = false;
  }
  installState();
}

async function start() {
  try {
    await __wbg_init({ module_or_path: await bytesOf("wasm") });
  } catch (err) {
    fail(status.dataset.noEngine || "WebAssembly");
    return;
  }
  translate();
  let trust;
  let bytes;
  try {
    trust = JSON.parse($("lexico-trust").textContent);
    bytes = await bytesOf("lexicon");
  } catch (err) {
    // A block that no longer inflates, or a file that cannot be read: altered all the same.
    fail(t($("lexico-lexicon") ? "trust-altered" : "page-no-lexicon"));
    install();
    return;
  }
  try {
    lexicon = Lexicon.open(bytes, trust.signature || undefined, trust.keys || [], trust.file_sha256 || undefined,
      Boolean(trust.embedded), lang);
  } catch (err) {
    fail(err && err.message ? err.message : t("page-no-lexicon"));
    install();
    return;
  }
  const info = JSON.parse(lexicon.info());
  $("lexicon").textContent = info.name + " " + info.edition + " " + info.version;
  $("checksum").textContent = info.payload_sha256.slice(0, 16);
  $("checksum").title = info.payload_sha256;
  $("signer").textContent = lexicon.signer(lang);
  if (MODES.estudio) { MODES.estudio.open(info); }
  status.removeAttribute("data-t");
  status.textContent = "";
  status.className = "status ready";
  body.classList.add("ready");
  // What a benchmark reads: when the lexicon was proven and the page could first judge.
  performance.mark("lexico-ready");
  choose(Object.keys(MODES)[0]);
  install();
}

start();
