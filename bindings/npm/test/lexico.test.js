// The package's answers against the `lexico` command's (`LEXICO_BIN`): each call gives the
// record `lexico … --format json` prints for the same question (without the batch's `error`
// field and the query it echoes).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { embedded, Lexicon, LexiconError, message } from "lexico-wasm";

const bin = process.env.LEXICO_BIN;
if (!bin) { throw new Error("LEXICO_BIN names the lexico command to compare with"); }

function stdout(args) {
  const run = spawnSync(bin, [...args, "--format", "json", "--lang", "en"], {
    encoding: "utf8",
    maxBuffer: 1 << 28,
    env: { ...process.env, LEXICO_DATA_DIR: mkdtempSync(join(tmpdir(), "lexico-npm-")) },
  });
  assert.ok(run.status === 0 || run.status === 1 || run.status === 2, run.stderr);
  return run.stdout;
}

/** The JSON Lines the command prints, parsed. */
function cli(args) {
  return stdout(args).split("\n").filter((l) => l).map((l) => JSON.parse(l));
}

function without(row, ...keys) {
  const copy = { ...row };
  for (const key of ["error", ...keys]) { delete copy[key]; }
  return copy;
}

const lx = embedded();

test("the embedded lexicon is the command's", () => {
  const info = lx.info;
  const cliInfo = JSON.parse(stdout(["info"]));
  assert.equal(info.words, 636598);
  assert.equal(info.signer, "embedded in the binary");
  assert.equal(info.payload_sha256, cliInfo.payload_sha256);
});

const WORDS = ["ZUZAR", "churro", "[CH]U[RR]O", "1U3O", "ñandú", "pingüino", "KIOSCO", "[C][H]URRO", "dame",
  "casita", "gatozq", "a", "ABCDEFGHIJKLMNOPQ", "dignados", "amase"];

test("valid gives the records of lexico valid", () => {
  const rows = cli(["valid", ...WORDS]);
  assert.equal(rows.length, WORDS.length);
  WORDS.forEach((w, i) => assert.deepEqual(lx.valid(w), without(rows[i]), w));
});

test("explain gives the records of lexico explain", () => {
  const rows = cli(["explain", ...WORDS]);
  WORDS.forEach((w, i) => assert.deepEqual(lx.explain(w), without(rows[i]), w));
});

test("a word that is no word throws the command's message", () => {
  const row = cli(["valid", "ca$a"])[0];
  assert.throws(() => lx.valid("ca$a"), (e) => e instanceof LexiconError && e.message === row.error);
});

test("judge gives the record of lexico valid --judge, naming no word", () => {
  for (const play of ["casa perros", "CASA GATOZQ", "ca$a casa", "zuzar, churro"]) {
    const row = cli(["valid", "--judge", ...play.split(/[ ,]+/)])[0];
    assert.deepEqual(lx.judge(play), row, play);
  }
});

test("anagram, pattern and hooks give the command's records", () => {
  const exact = cli(["anagram", "AEINR??"]).map((r) => without(r, "rack"));
  assert.equal(exact.length, 720);
  assert.deepEqual(lx.anagram("AEINR??"), exact);
  const sub = cli(["anagram", "--sub", "CHURRO?", "--sort", "probability", "--top", "50"]).map((r) => without(r, "rack"));
  assert.deepEqual(lx.anagram("CHURRO?", { mode: "sub", sort: "probability", top: 50 }), sub);
  const pattern = cli(["pattern", "C?S*", "--max", "6"]).map((r) => without(r, "pattern"));
  assert.deepEqual(lx.pattern("C?S*", { max: 6 }), pattern);
  const regex = cli(["pattern", "--regex", "ZU.A[RS]"]).map((r) => without(r, "pattern"));
  assert.deepEqual(lx.pattern("ZU.A[RS]", { regex: true }), regex);
  for (const word of ["casa", "churro", "zuzar"]) {
    assert.deepEqual(lx.hooks(word), without(cli(["hooks", word])[0]), word);
  }
});

test("search gives the records of lexico search", () => {
  const rows = cli(["search", "--length", "7", "--probability-order", "..30", "--not-contains", "Ñ"]);
  const got = lx.search({ conditions: { length: "7", "probability-order": "..30", "not-contains": "Ñ" } });
  assert.ok(rows.length > 0);
  assert.deepEqual(got, rows);
  assert.throws(() => lx.search({ conditions: { nonsense: "1" } }), LexiconError);
});

test("dash gives the records of lexico dash", () => {
  const cases = [["4 letras", "ATLMNOE", ["MANO", "QUESO", "XILOFONO"]], ["tiene una D", "BATRMEF", ["DEBA", "CASA"]],
    ["nombre propio", "", ["MARTA"]]];
  for (const [card, hand, words] of cases) {
    const rows = cli(["dash", card, ...(hand ? ["--mano", hand] : []), ...words]);
    words.forEach((w, i) => {
      assert.deepEqual(without(lx.dash(card, w, { hand }), "card_text", "verdict_text", "message"), without(rows[i]), w);
    });
  }
  assert.equal(lx.dash("4 letras", "mano", { lang: "es" }).verdict_text, "cumple");
  assert.throws(() => lx.dash("verbo", "deba"), (e) => e instanceof LexiconError && /cannot tell verbs/.test(e.message));
});

test("a quiz asks lexico search's alphagrams, and its cardbox is the one lexico cardbox imports", () => {
  const rows = cli(["search", "--length", "7", "--probability-order", "..3"]);
  const alphagrams = [...new Set(rows.map((r) => r.alphagram))].slice(0, 2);
  const words = alphagrams.map((a) => cli(["anagram", a]).map((r) => r.word));
  const quiz = lx.quiz({ conditions: { length: "7", "probability-order": "..3" } }, { limit: 2 });
  assert.equal(quiz.length, 2);
  const box = lx.cardbox();
  const now = Date.UTC(2030, 0, 1);
  assert.equal(quiz.question.question, alphagrams[0]);
  assert.deepEqual(quiz.take(words[0].join(" ")).map((t) => t.kind), words[0].map(() => "right"));
  assert.ok(quiz.done && quiz.passed);
  assert.equal(box.record(quiz, true, now).place, "1");
  assert.equal(quiz.next(true), true);
  assert.equal(quiz.question.question, alphagrams[1]);
  assert.deepEqual(quiz.take("casa"), [{ kind: "wrong", word: "CASA" }]);
  assert.equal(quiz.answers.answers.length, words[1].length);
  assert.equal(quiz.answers.passed, false);
  assert.equal(box.record(quiz, false, now).place, "0");
  assert.equal(quiz.next(false), false);
  assert.deepEqual(quiz.totals,
    { questions: 2, passed: 1, answers: words[0].length + words[1].length, found: words[0].length, wrong: 1 });
  // The command reads the cardbox's CSV back to the same CSV; the missed card is due first.
  const dir = mkdtempSync(join(tmpdir(), "lexico-npm-cardbox-"));
  const csv = box.exportCsv();
  writeFileSync(join(dir, "box.csv"), csv);
  const env = { ...process.env, LEXICO_DATA_DIR: join(dir, "data") };
  for (const args of [["cardbox", "import", join(dir, "box.csv")], ["cardbox", "export", join(dir, "again.csv")]]) {
    const run = spawnSync(bin, args, { encoding: "utf8", env });
    assert.equal(run.status, 0, run.stderr);
  }
  assert.equal(readFileSync(join(dir, "again.csv"), "utf8"), csv);
  assert.deepEqual(lx.cardbox({ csv }).due(now + 2 * 86400e3), [alphagrams[1]]);
});

test("a lexicon file opens from its bytes, and an altered one does not", () => {
  const dir = mkdtempSync(join(tmpdir(), "lexico-npm-"));
  writeFileSync(join(dir, "words.txt"), "casa\nperro\nchurro\n");
  const built = spawnSync(bin, ["build", "-o", join(dir, "small.lex"), join(dir, "words.txt")], { encoding: "utf8" });
  assert.equal(built.status, 0, built.stderr);
  const bytes = readFileSync(join(dir, "small.lex"));
  const small = Lexicon.open(bytes);
  assert.equal(small.info.words, 3);
  assert.equal(small.info.signer, "unsigned");
  assert.deepEqual(small.valid("churro"), { word: "CHURRO", valid: true, reason: "listed" });
  const altered = Uint8Array.from(bytes);
  altered[100] ^= 1; // in the section table, under the header's checksum
  assert.throws(() => Lexicon.open(altered), LexiconError);
  assert.throws(() => Lexicon.open(bytes, { sha256: "0".repeat(64) }), /altered/);
  assert.throws(() => Lexicon.open(new Uint8Array([1, 2, 3])), LexiconError);
  assert.throws(() => Lexicon.open(bytes, { lang: "es", sha256: "0".repeat(64) }), /alterado/);
});

test("messages come from the catalogues", () => {
  assert.equal(message("es", "verdict-acceptable"), "JUGADA ACEPTABLE");
  assert.equal(message("en", "verdict-acceptable"), "PLAY ACCEPTABLE");
});
