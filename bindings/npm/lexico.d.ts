// Types of the npm package `lexico-wasm`: the records are those of `lexico … --format json`.

/** Why a word is in or out, one word for programs. */
export type Reason =
  | "listed" | "rejected-form" | "enclitic" | "no-tile" | "separate-tiles" | "too-short" | "too-long" | "unlisted";

export interface Info {
  name: string;
  edition: string;
  version: string;
  /** The payload digest computed from the bytes. */
  payload_sha256: string;
  /** The SHA-256 of the whole file. */
  file_sha256: string;
  /** Who vouches for it: "embedded in the binary", "unsigned", "key ID (COMMENT)". */
  signer: string;
  words: number;
  anagram_index: boolean;
}

export interface ValidRecord { word: string; valid: boolean; reason: Reason; }

export interface JudgeRecord {
  verdict: "ACCEPTABLE" | "UNACCEPTABLE" | "ERROR";
  words: number;
  lexicon: string;
  edition: string;
  version: string;
  payload_sha256: string;
  signer: string;
  /** Why an ERROR play could not be judged; it never names a word. */
  error: string | null;
}

/** Whether a word meets a Scrabble Dash card (`lexico dash --format json`), and what people read of it. */
export interface DashRecord {
  word: string;
  /** The card: "length 4", "verb", "proper-name", "starts-with D", "ends-with A", "contains D". */
  card: string;
  verdict: "meets" | "fails" | "players-decide";
  /** "meets", "players-decide", or why it fails ("card-count", "not-a-verb", "no-card", …). */
  reason: string;
  /** The letter cards, "·" between them; null when the word cannot be laid down. */
  cards: string | null;
  count: number | null;
  /** The letter with no card, or the cards the hand lacks. */
  missing: string | null;
  /** For the verb card, the verb a form meets it as. */
  lemma: string | null;
  card_text: string;
  verdict_text: string;
  message: string;
}

export interface DerivationRecord {
  article: string;
  entry: number;
  entry_text: string | null;
  kind: string;
  line: number | null;
  reason: string;
  rule: string;
  slot: string;
  source: string | null;
}

export interface EncliticRecord {
  article: string;
  base: string;
  derivation: DerivationRecord | null;
  pronouns: string[];
  restored: string | null;
}

export interface ExplanationRecord {
  word: string;
  valid: boolean;
  reason: Reason;
  /** The explanation in English, its sentences joined. */
  explanation: string;
  derivations: DerivationRecord[];
  enclitics: EncliticRecord[];
}

export interface WordRecord {
  /** Blanks in lower case (`cHURRO`). */
  word: string;
  length: number;
  value: number;
  blanks: number;
  combinations?: number;
  probability?: number;
  rank?: number;
}

export interface HooksRecord {
  word: string;
  valid: boolean;
  /** Tiles, separated by spaces. */
  front: string;
  back: string;
  hooked: string;
}

export interface StudyRecord {
  word: string;
  alphagram: string;
  length: number;
  probability_order: number;
  combinations: number;
  probability: number;
  anagrams: number;
  front_hooks: string;
  back_hooks: string;
  inner_front: boolean;
  inner_back: boolean;
  value: number;
  new?: boolean;
}

export type Sort = "length" | "value" | "alpha" | "probability";

export interface WordOptions {
  min?: number;
  max?: number;
  sort?: Sort;
  top?: number;
  /** Spell words with bracketed tiles ([ch]U[RR]O). */
  tiles?: boolean;
  /** Add each word's probability rank within its length. */
  rank?: boolean;
}

export interface AnagramOptions extends WordOptions { mode?: "exact" | "sub" | "super"; }

export interface PatternOptions extends WordOptions { regex?: boolean; }

export interface SearchRequest {
  /** `lexico search`'s flags without `--` (`not-` negates), each with a text or a list of texts. */
  conditions?: Record<string, string | number | Array<string | number>>;
  /** The flags without a value: "generated", "listed", "not-generated", "not-listed". */
  flags?: string[];
  sort?: "study" | "length" | "alpha" | "probability" | "value";
  limit?: number;
  tiles?: boolean;
}

export interface OpenOptions {
  /** The text of the lexicon's minisign signature (`FILE.minisig`). */
  signature?: string;
  /** Minisign public key files' text: when given, only a lexicon signed by one of them opens. */
  keys?: string[];
  /** The SHA-256 (hex) the whole file must have. */
  sha256?: string;
  /** The language of error messages. */
  lang?: "en" | "es";
}

export class LexiconError extends Error {}

export class Lexicon {
  private constructor();
  static open(bytes: Uint8Array | ArrayBuffer | ArrayBufferView, options?: OpenOptions): Lexicon;
  readonly info: Info;
  set lang(lang: "en" | "es");
  valid(word: string): ValidRecord;
  judge(play: string | string[]): JudgeRecord;
  explain(word: string): ExplanationRecord;
  explanation(word: string, lang?: "en" | "es"): string[];
  anagram(rack: string, options?: AnagramOptions): WordRecord[];
  pattern(pattern: string, options?: PatternOptions): WordRecord[];
  hooks(word: string, options?: { tiles?: boolean }): HooksRecord;
  search(request?: SearchRequest): StudyRecord[];
  dash(card: string, word: string, options?: { hand?: string; lang?: "en" | "es" }): DashRecord;
  /** Anagram questions as `lexico quiz` asks them: from a search, or from given alphagrams. */
  quiz(request?: SearchRequest, options?: { limit?: number; alphagrams?: string[] }): Quiz;
  /** A cardbox in memory, from `lexico cardbox export`'s CSV (empty: a new one). */
  cardbox(options?: { csv?: string; scheduler?: "leitner" | "fsrs" }): Cardbox;
}

export interface QuizQuestion { n: number; total: number; question: string; answers: number; }
export interface Typed { kind: "right" | "again" | "wrong" | "none"; word: string; }
export interface QuizAnswers { answers: { front: string; word: string; back: string; found: boolean }[]; wrong: string[]; passed: boolean; }
export interface QuizTotals { questions: number; passed: number; answers: number; found: number; wrong: number; }
export interface CardRecord { question: string; answers: string[]; place: string; due: number; flagged: string[] | null; }

export class Quiz {
  private constructor();
  readonly length: number;
  readonly over: boolean;
  readonly question: QuizQuestion;
  take(line: string): Typed[];
  readonly done: boolean;
  readonly passed: boolean;
  readonly answers: QuizAnswers;
  next(passed: boolean): boolean;
  readonly totals: QuizTotals;
}

export class Cardbox {
  private constructor();
  readonly scheduler: "leitner" | "fsrs";
  readonly changed: string[];
  /** `now` in milliseconds since the epoch (Date.now() by default). */
  record(quiz: Quiz, passed: boolean, now?: number): CardRecord;
  due(now?: number, limit?: number): string[];
  card(question: string): CardRecord | null;
  stats(now?: number): { cards: number; due: number; flagged: number; reviews: number; passed: number };
  import(csv: string, file?: string): { cards: number; flagged: string[] };
  exportCsv(): string;
}

/** The default lexicon, the one the `lexico` command embeds. */
export function embedded(): Lexicon;

/** A message of Lexico's catalogues. */
export function message(lang: "en" | "es", id: string, args?: Record<string, string | number>): string;
