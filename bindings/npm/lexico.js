// The npm package `lexico-wasm`: Lexico's answers in WebAssembly, for Node 20 and browsers (an ES
// module). Every answer is the record `lexico … --format json` prints for it, parsed. The module
// is ready when imported (top-level await): in Node it reads its WebAssembly file beside this
// one, in a browser it fetches it from the same place.
import init, { Lexicon as Engine, Quiz as EngineQuiz, Cardbox as EngineCardbox, embedded as engineEmbedded, message as engineMessage } from "./lexico_web.js";

const wasm = new URL("./lexico_web_bg.wasm", import.meta.url);
if (typeof process !== "undefined" && process.versions && process.versions.node) {
  const { readFile } = await import("node:fs/promises");
  await init({ module_or_path: await readFile(wasm) });
} else {
  await init({ module_or_path: wasm });
}

/** Why a lexicon could not be opened, or a query answered: the answers' own message. */
export class LexiconError extends Error {
  constructor(message) {
    super(message);
    this.name = "LexiconError";
  }
}

function call(f) {
  try {
    return f();
  } catch (err) {
    throw new LexiconError(err && err.message ? err.message : String(err));
  }
}

function bytesOf(bytes) {
  if (bytes instanceof Uint8Array) { return bytes; }
  if (bytes instanceof ArrayBuffer) { return new Uint8Array(bytes); }
  if (ArrayBuffer.isView(bytes)) { return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength); }
  throw new TypeError("a lexicon is given as a Uint8Array, an ArrayBuffer or a Buffer");
}

/** A lexicon proven whole: queries answer with the records of `lexico … --format json`. */
export class Lexicon {
  #engine;

  constructor(engine) {
    if (!(engine instanceof Engine)) {
      throw new TypeError("use Lexicon.open(bytes) or embedded()");
    }
    this.#engine = engine;
  }

  /**
   * Opens a lexicon file's bytes once proven: its signature by one of `keys` (minisign public
   * key files' text) when keys are given, its checksums, payload digest and counts, and its
   * SHA-256 when `sha256` is given.
   */
  static open(bytes, { signature, keys = [], sha256, lang = "en" } = {}) {
    return new Lexicon(call(() => Engine.open(bytesOf(bytes), signature, keys, sha256, false, lang)));
  }

  /** The lexicon: name, edition, version, payload_sha256, file_sha256, signer, words. */
  get info() { return JSON.parse(call(() => this.#engine.info())); }

  /** The language of error messages: "en" (the default) or "es". */
  set lang(lang) { this.#engine.set_lang(lang); }

  valid(word) { return JSON.parse(call(() => this.#engine.valid(String(word)))); }

  judge(play) {
    const text = Array.isArray(play) ? play.join(" ") : String(play);
    return JSON.parse(call(() => this.#engine.judge(text)));
  }

  explain(word) { return JSON.parse(call(() => this.#engine.explain(String(word)))); }

  /** The sentences of a word's explanation in `lang` ("es" or "en"). */
  explanation(word, lang = "en") { return JSON.parse(call(() => this.#engine.explanation(String(word), lang))); }

  anagram(rack, options = {}) {
    return JSON.parse(call(() => this.#engine.anagram(String(rack), JSON.stringify(options))));
  }

  pattern(pattern, options = {}) {
    return JSON.parse(call(() => this.#engine.pattern(String(pattern), JSON.stringify(options))));
  }

  hooks(word, options = {}) {
    return JSON.parse(call(() => this.#engine.hooks(String(word), JSON.stringify(options))));
  }

  /**
   * Whether `word` meets a Scrabble Dash card (its wording, as `lexico dash` reads it: "4
   * letras", "verbo", "empieza con D"), laid down from `hand` when one is given: the record of
   * `lexico dash --format json`, with the card, the verdict and what the word meets or lacks
   * said in `lang` (`card_text`, `verdict_text`, `message`).
   */
  dash(card, word, { hand = "", lang = "en" } = {}) {
    return JSON.parse(call(() => this.#engine.dash(String(card), String(word), String(hand), lang)));
  }

  /**
   * A study list: `conditions` maps the names of `lexico search`'s flags (`not-` negates) to a
   * text or a list of texts; `flags` lists those without a value (`generated`, `listed`).
   */
  search(request = {}) {
    return JSON.parse(call(() => this.#engine.search(JSON.stringify(searchRequest(request)))));
  }

  /**
   * A quiz of anagram questions, as `lexico quiz` asks them: the alphagram of each word of a
   * search (the request `search` takes), once, at most `limit`; or of `alphagrams` (a cardbox's
   * due cards).
   */
  quiz(request = {}, { limit = 50, alphagrams } = {}) {
    const engine = alphagrams
      ? call(() => this.#engine.quiz_of(alphagrams.map(String)))
      : call(() => this.#engine.quiz(JSON.stringify(searchRequest(request)), limit));
    return new Quiz(this.#engine, engine);
  }

  /**
   * A cardbox in memory, from CSV as `lexico cardbox export` writes it (empty: a new cardbox of
   * `scheduler`, "leitner" or "fsrs"), its cards checked against this lexicon.
   */
  cardbox({ csv = "", scheduler = "leitner" } = {}) {
    return new Cardbox(this.#engine, call(() => this.#engine.cardbox(String(csv), scheduler)));
  }
}

function searchRequest({ conditions = {}, flags = [], sort, limit, tiles = false } = {}) {
  const pairs = [];
  for (const [name, value] of Object.entries(conditions)) {
    for (const text of Array.isArray(value) ? value : [value]) { pairs.push([name, String(text)]); }
  }
  const request = { conditions: pairs, flags, tiles };
  if (sort !== undefined) { request.sort = sort; }
  if (limit !== undefined) { request.limit = limit; }
  return request;
}

/** A quiz: the current question, the answers typed for it, the totals. */
export class Quiz {
  #lexicon;
  #engine;

  constructor(lexicon, engine) {
    if (!(engine instanceof EngineQuiz)) { throw new TypeError("use lexicon.quiz()"); }
    this.#lexicon = lexicon;
    this.#engine = engine;
  }

  get length() { return this.#engine.len(); }
  get over() { return this.#engine.is_over(); }
  /** `{n, total, question, answers}`: the alphagram as it reads back, how many answers it has. */
  get question() { return JSON.parse(call(() => this.#lexicon.quiz_question(this.#engine))); }
  /** Checks a line typed: `[{kind: "right" | "again" | "wrong" | "none", word}]`. */
  take(line) { return JSON.parse(call(() => this.#lexicon.quiz_take(this.#engine, String(line)))); }
  /** Every answer found, or "none" said. */
  get done() { return this.#engine.is_done(); }
  /** The usual verdict: every answer found, nothing wrong. */
  get passed() { return this.#engine.passed(); }
  /** `{answers: [{front, word, back, found}], wrong, passed}`. */
  get answers() { return JSON.parse(call(() => this.#lexicon.quiz_answers(this.#engine))); }
  /** Ends the current question, counted `passed` or not; true if another follows. */
  next(passed) { return this.#engine.next(Boolean(passed)); }
  /** `{questions, passed, answers, found, wrong}`. */
  get totals() { return JSON.parse(this.#engine.totals()); }
  /** @internal */
  get engine() { return this.#engine; }
}

/** A cardbox in memory, scheduled and written as `lexico cardbox` does; the caller keeps its CSV. */
export class Cardbox {
  #lexicon;
  #engine;

  constructor(lexicon, engine) {
    if (!(engine instanceof EngineCardbox)) { throw new TypeError("use lexicon.cardbox()"); }
    this.#lexicon = lexicon;
    this.#engine = engine;
  }

  get scheduler() { return this.#engine.scheduler(); }
  /** The questions flagged when it was opened: their answers changed with the lexicon. */
  get changed() { return this.#engine.changed(); }
  /** Records the answer to `quiz`'s current question (call before `quiz.next`); returns the card. */
  record(quiz, passed, now = Date.now()) {
    return JSON.parse(call(() => this.#engine.record(this.#lexicon, quiz.engine, Boolean(passed), Number(now))));
  }
  /** The alphagrams of the cards due at `now`, the longest due first. */
  due(now = Date.now(), limit = 1e9) { return call(() => this.#engine.due(Number(now), limit)); }
  card(question) { const c = this.#engine.card(String(question)); return c === undefined ? null : JSON.parse(c); }
  stats(now = Date.now()) { return JSON.parse(call(() => this.#engine.stats(Number(now)))); }
  /** Reads CSV `lexico cardbox export` wrote, as `lexico cardbox import` does: `{cards, flagged}`. */
  import(csv, file = "cardbox.csv") {
    return JSON.parse(call(() => this.#lexicon.cardbox_import(this.#engine, String(csv), String(file))));
  }
  /** The CSV `lexico cardbox export` writes. */
  exportCsv() { return call(() => this.#engine.export_csv()); }
}

/** The default lexicon, the one the `lexico` command embeds. */
export function embedded() {
  return new Lexicon(call(() => engineEmbedded()));
}

/** A message of Lexico's catalogues, in "es" or "en". */
export function message(lang, id, args = {}) {
  return engineMessage(lang, id, JSON.stringify(args));
}
