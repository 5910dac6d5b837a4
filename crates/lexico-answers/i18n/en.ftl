# Lexico's messages in English: the judge station (`lexico serve`), its pages and its API.
# Every message exists in es.ftl too, with the same variables ($name).

## What `lexico serve` prints in the terminal

serve-lexicon = Lexicon: { $lexicon }, sha256 { $checksum }
serve-judge-page = Judge page: { $url }
serve-judge-page-network = Judge page on the hall's network: { $url }
serve-no-network = No network address found: the hall's devices cannot reach this computer.
serve-qr = Scan this code with each table's device: it opens the judge page with the table code ({ $url }).
serve-tournament = Tournament: { $name }
serve-arbiter-page = Arbiter page: { $url } (arbiter code: { $code })
serve-table-code = Table code: { $code } (the judge page and the API on { $addr } ask for it)
serve-audit-log = Audit log: { $path }
serve-no-audit-log = No audit log (--audit-log FILE keeps one).
serve-stop-hint = Ctrl-C stops the station.
serve-stopped = Station stopped: { $count ->
    [one] { $count } play judged
   *[other] { $count } plays judged
}.
serve-error-listen = cannot listen on { $addr } (--listen)
serve-error-code = the code of { $option } must have { $min } to { $max } ASCII letters or digits
serve-error-tournament = the name of --torneo must have 1 to { $max } characters, with no control characters
serve-accept-error = the station cannot accept connections ({ $error }; { $open } open): it tries again shortly; if this repeats, raise the limit of open files (ulimit -n)
serve-error-public-without-listen = the station listens on 127.0.0.1 only, unless --listen names another address

## The judge page

page-judge-title = Lexico judge
judge-heading = A challenged play
judge-play-label = Play (words separated by spaces or commas)
judge-table-label = Table
judge-round-label = Round
judge-submit = Judge
judge-keys = Enter judges · Esc clears · F2 full screen
judge-clears = The verdict stays until the next play, { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
} at most.
judge-never-clears = The verdict stays until the next play.
judge-last-verdict = Last verdict
judge-last-verdict-note = The table's last verdict, again
judge-table-required = Type the table before judging the play.
verdict-number = no.
judge-keep = The table and round stay for the next plays.
judge-change-table = Change table
judge-no-table = no table
judge-fullscreen = Full screen (F2)
judge-normal-view = Normal view (F2)
judge-dash-mode = Dash mode
judge-play-mode = Play mode
judge-dash-heading = Scrabble Dash: does the word meet the card?
judge-dash-word = Word
judge-dash-card = Dash card
judge-dash-value = N or letter
judge-dash-hand = Hand (optional)
verdict-acceptable = PLAY ACCEPTABLE
verdict-unacceptable = PLAY UNACCEPTABLE
verdict-error = Unreadable play: a character is neither a letter nor a tile. Type it again.
verdict-unreadable = PLAY UNREADABLE
verdict-play = PLAY
verdict-acceptable-word = ACCEPTABLE
verdict-unacceptable-word = UNACCEPTABLE
verdict-unreadable-word = UNREADABLE
verdict-unreadable-hint = A character is neither a letter nor a tile: type the play again.
verdict-dismiss = Type the next play below · Esc takes the verdict away
lexicon-label = Lexicon
checksum-label = SHA-256
table-code-label = Table code
code-submit = Enter
code-wrong = Wrong code.
code-intro = Type the table code the arbiter gave you.
code-checking = Checking the code…
station-unreachable = The station does not answer.
arbiter-link = Arbiter page

## The arbiter page

page-arbiter-title = Lexico arbiter
arbiter-heading = A play explained
arbiter-code-label = Arbiter code
arbiter-play-label = Words of the play
arbiter-number-label = Play number (the judge page's)
arbiter-or-words = or
arbiter-players-label = Players
arbiter-print-fields = For the printed ruling (what is left empty prints as a line to write on):
arbiter-submit = Explain
arbiter-print = Print the ruling
arbiter-intro = Each word with the rule and article that admit or exclude it: the material for answering a written appeal (art. 35.4).
dictamen-title = Ruling
dictamen-date = Date
dictamen-datetime = Date and time
dictamen-tournament = Tournament
dictamen-verdict = Verdict on the play
dictamen-word = Word
dictamen-word-verdict = Verdict
dictamen-reason = Reason
dictamen-rule = Rule
dictamen-article = Article
dictamen-explanation = Explanation
dictamen-signature = Chief arbiter's signature
dictamen-name = Name
dictamen-unprintable = Correct the unreadable word: a ruling without a verdict is not printed.
dictamen-unprinted = A ruling without a verdict: a word of the play is unreadable.
dictamen-number = Play number
dictamen-judged = Judged
dictamen-player-1 = Player 1
dictamen-player-2 = Player 2
dictamen-challenger = Challenged by
dictamen-list = a word of the list
dictamen-page = page
dictamen-page-of = of
lexicon-embedded = Lexicon embedded in the program
lexicon-unsigned = Lexicon not signed
lexicon-signed-by = Lexicon signed by { $signer }
ruling-unreadable-word = “{ $word }”: a character is neither a letter nor a tile. Correct it and press Explain again.
reason-listed = in the lexicon
reason-unlisted = not in the lexicon's sources
reason-no-tile = has a letter with no tile in the set
reason-separate-tiles = typed as separate tiles where there is one
reason-rejected-form = a form the rules generated and rejected
reason-enclitic = a verb form with enclitic pronouns
reason-too-short = too short
reason-too-long = too long
word-valid = VALID
word-invalid = INVALID
judge-link = Judge page

## Explanations: `lexico explain`, the arbiter page, the `summary` field of /api/v1/explain

explain-listed = in: { $how }
explain-listed-bare = in: listed (this lexicon records no provenance for it)
explain-no-tile = out: { $word } has a letter with no tile in the set{ $cite }
explain-separate-tiles = out: { $first } and { $second } are separate tiles here; { $joined } is one tile
explain-rejected = out: the rules generated it and rejected it: { $how }
explain-enclitic = out: { $word } = { $base } + { $pronouns }{ $restored }: a verb form with enclitic pronouns counts as several words (art. { $article }){ $reading }
explain-enclitic-restored = {" "}(the { $letter } of { $base } drops before the pronoun)
explain-enclitic-base = ; { $base } is { $how }
explain-enclitic-unknown = , if { $base } is a verb form: this lexicon does not record which words are verb forms
explain-length = out: { $tiles ->
    [one] { $tiles } tile
   *[other] { $tiles } tiles
}; words have { $min } to { $max } tiles
explain-unlisted = out: not in the sources of this lexicon, and no rule generated it; diminutives, augmentatives, superlatives and other derived words are valid only when the sources list them (section 4)
derivation-of = { $slot } of { $entry }
derivation-rule = rule { $rule }
derivation-article = art. { $article }
derivation-source = { $path }:{ $line }
# The words for kinds of form (English explanations name the rule set's slot instead) and of
# source entries.
slot-lemma = lemma
slot-feminine = feminine
slot-plural = plural
slot-unknown = word of the list
entry-verb = verb { $codes }-{ $lemma }
entry-verb-forms = ({ $forms })
entry-verb-undone = , as before the update undone at { $path }:{ $line }
entry-non-verb = non-verb { $lemma }
entry-lemma-row = lemma { $lemma }
entry-update = update { $action } { $lemma }
entry-pos-row = pos-table { $lemma }: { $categories }
update-added-variable = added-variable
update-added-invariable = added-invariable
update-added-plural-only = added-plural-only
update-removed = removed
update-removed-plural-only = removed-plural-only
update-added-already-valid = added-already-valid
update-removed-still-valid = removed-still-valid

## The API's error messages (the `message` field)

api-missing-play = No play: type its words.
api-missing-word = No word.
api-too-long = The field “{ $field }” is too long (at most { $max } characters).
field-play = play
field-table = table
field-round = round
field-word = word
api-missing-card = No Dash card.
field-card = card
field-hand = hand
field-number = number
api-too-many-words = The play has { $count } words and at most { $max } are allowed: type only the words it forms.
api-word-too-long = Word { $position } of the play has more than { $max } characters.
api-code-required = An access code is needed.
api-code-wrong = The access code is not valid.
api-rate-limited = Too many plays from this table in a minute: wait { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
}.
api-too-many-connections = Too many connections open from this client: wait { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
}.
api-station-busy = Every connection of the station is taken: try again in { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
}.
api-request-too-large = The request is too large.
api-headers-too-large = The request's headers are too large.
api-body-too-large = The request has a body: the station reads none.
api-bad-request = The request is not valid HTTP.
api-bad-query = The request's fields cannot be read (bad encoding).
api-request-timeout = The request did not arrive whole in time.
api-method-not-allowed = The station answers GET and HEAD only.
api-judge-get-only = A play is judged by GET only.
api-internal = An internal error of the station.
api-unreadable-word = Unreadable word: a character is neither a letter nor a tile.
api-not-found = No such page.
api-missing-table = No table: in a hall, every play is judged with its table.
api-unknown-number = No play judged has the number { $number }.
api-code-locked = Too many wrong codes from this client: wait { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}.
api-unreadable-play = { verdict-error }

## Terminal verdicts of `lexico valid` and `lexico valid --judge`

term-valid = valid
term-invalid = invalid
term-judge-acceptable = ACCEPTABLE
term-judge-unacceptable = UNACCEPTABLE
term-judge-error = ERROR
term-judge-error-message = a character of the play is neither a letter nor a tile; type the play again
term-judge-banner = word judge: { $lexicon }
term-judge-prompt = type each play on a line (words separated by spaces or commas); Ctrl-D ends
term-judge-unjudged = the play could not be judged: { $why }
term-judge-not-a-tile = a character is neither a letter nor a tile
term-judge-clears = the verdict clears after { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
}
term-separate-tiles = { $first } and { $second } are separate tiles here; { $joined } is one tile

## What the classified verb list says of a verb (code MM-C-P-infinitive)


## A lexicon's signer (verdict lines and the pages of `lexico serve`; the CSV audit log keeps the English name)

signer-label = Signer
signer-embedded = embedded in the binary
signer-unsigned = unsigned
signer-key = key { $id }
signer-key-comment = key { $id } ({ $comment })

## Errors about input (one line, lowercase; the `error` field of CSV and JSON stays in English)

error-place-argument = argument { $n }
error-not-a-tile = column { $column }: { $text } is not a tile
error-absent-tile = column { $column }: { $text } has no tile and a blank cannot stand for it
error-bracket = column { $column }: { $text } is not a bracketed tile
error-empty-word = empty word
error-no-tiles = no tiles
error-too-long = longer than { $max } bytes, the most a line of input may hold
error-blanks = { $got } blanks, but the bag holds only { $max }
error-rack-too-long = { $got } tiles, but a rack may hold at most { $max }
error-lengths = no word can be { $min } to { $max } tiles long
error-pattern-unclosed = column { $column }: '[' has no closing ']'
error-pattern-unopened = column { $column }: ']' without its '['
error-pattern-empty-class = column { $column }: an empty class
error-pattern-blank-in-class = column { $column }: '?' inside a class (a class lists tiles)
error-pattern-empty = column { $column }: an empty pattern
error-pattern-no-tiles = column { $column }: no tiles
error-syntax = column { $column }: { $message }
error-span = '{ $text }' is not a count or a range of counts (7, 7..8, 7.., ..8)
error-empty-span = { $min }..{ $max } is empty: the first count is larger than the second
error-count = column { $column }: a count is a number from 1 to 255 after a tile (A2: at least two A)
error-blank-in-tiles = '?' is a blank: list the tiles themselves
error-star-in-rack = '*' (any further tiles) is for exact anagrams: a sub-anagram has no more tiles than its rack, a super-anagram always may
error-bingo-type = '{ $text }' is not a bingo type: 1, 2 or 3 (I, II or III)
error-probability-blanks = the bag holds { $max } blanks: probability counts 0 to { $max }, not { $got }
error-condition-tile-sets = the lexicon of the condition { $condition } is spelled in another tile set: its words cannot be compared
error-io-not-found = No such file or directory
error-io-permission = Permission denied
error-io-is-a-directory = Is a directory
error-not-a-lexicon = not a Lexico lexicon file (bad magic number)
error-lexicon-version = lexicon format version { $got } cannot be read by this version of lexico, which reads format version { $expected }: `lexico build` rebuilds it from its sources
error-damaged = damaged lexicon file: { $detail }
error-missing-section = this lexicon has no { $section } section (it was built without it)
error-lexicon-empty = --lexicon is empty: give a lexicon file, an installed edition or name, or `embedded`
error-lexicon-name-empty = the lexicon name is empty: give a lexicon file, an installed edition or name, or `embedded`
error-no-data-dir = { $path }: no such file, and no data folder to look for an installed lexicon of that name (set LEXICO_DATA_DIR, or HOME (APPDATA on Windows))
error-unknown-lexicon = no installed lexicon has the edition or name '{ $name }' (in { $dir }): `lexico lexicons` lists them, `lexico install FILE` adds one
error-ambiguous-lexicon = '{ $name }' names { $count } installed lexicons: { $found }; name one by its edition or path
error-verification = { $label }: verification failed
error-unsigned = { $path }: unsigned, and { $count ->
    [one] { $count } key is trusted
   *[other] { $count } keys are trusted
} (`lexico trust list`): a station uses only signed lexicons once a key is trusted; `lexico sign` signs one
error-not-a-signature = { $path }: not a minisign signature: { $why }
error-untrusted-key = { $path }: signed by key { $id }, which is not trusted (`lexico trust list`; `lexico trust add` trusts a key)
error-bad-signature = { $path }: the signature by key { $id } does not verify ({ $why }): the file is not the one signed
error-default-missing = { $path }: the default lexicon is not installed any more: `lexico install FILE --default` installs it again, `lexico install --default NAME` chooses another
error-default-lost = { $path }: missing, so the default lexicon is unknown, though lexicons are installed beside it: `lexico install --default NAME` chooses it (`lexico install --default embedded`: the lexicon embedded in the binary)
error-changed-since-installed = { $path }: its SHA-256 { $got } is not the { $installed } it was installed with: the file was changed after it was installed (`lexico install` it again)
error-key-id-taken = key { $id } is already trusted with other key bytes ({ $path }): `lexico trust add --replace` replaces it

## Help: each command's summary (`lexico --help`) and the main flags (`lexico valid --help`)

about-lexico = Build Spanish Scrabble lexicons (FISE rules) and query them: validity, tiles, word lists
about-build = Compile source lists with a rule set into a lexicon file
about-valid = Is each word valid? Exit 0 if all are, 1 if any is not, 2 on error
about-explain = Why each word is valid or not: entry, rule, article, source line (`valid --explain`)
about-diff = Words added and removed between two lexicons, with counts; release notes with --notes
about-tiles = Show the tiles of words or racks, their count and face value
about-info = Print a lexicon's manifest: name, edition, sources, rule set, counts, checksums
about-dump = Print every word of a lexicon, in tile order
about-anagram = Words a rack makes: exactly, from a subset (--sub) or with tiles added (--super)
about-pattern = Words that fit a crossword pattern (C?S*) or a regular expression over tiles (--regex)
about-hooks = Tiles that make a valid word in front of a word or after it
about-search = Study lists: the words that meet every condition, with probability order, hooks and inner hooks
about-dash = Scrabble Dash: does each word meet the card, from a hand (--mano); or every word a hand makes (--list)
about-rules = List the rule sets embedded in the binary, or export one to a folder
about-install = File a lexicon in the user's data folder, so that --lexicon can name it
about-lexicons = List the installed lexicons: name, edition, words, checksum, signer, path
about-sign = Sign a lexicon file with a minisign secret key (writes FILE.minisig)
about-keygen = Make a minisign key pair for signing lexicons
about-trust = Add, list or remove the public keys whose signed lexicons are accepted
about-completions = Print a shell completion script (bash, zsh, fish, elvish, powershell)
about-man = Print the manual page (roff)
about-serve = Run the judge station: judge and arbiter pages in a browser, a JSON API, an audit log
help-lang = The language of messages for people: es or en. Default: from LC_ALL, LC_MESSAGES or LANG (es* is Spanish), else the language of Windows, else English; the judge station's pages are Spanish by default
help-lexicon = The lexicon to use: a file, the edition or name of an installed lexicon (`lexico lexicons`), or `embedded`. Default: $LEXICO_LEXICON, else the installed default, else the lexicon embedded in the binary
help-valid-words = Words to check (any notation: CHURRO, [CH]U[RR]O, 1U3O, ÇURRO); with none, one word per line from standard input
help-valid-judge = Judge the words as one play: a single ACCEPTABLE or UNACCEPTABLE line that never says which word failed, with the lexicon's name, edition and checksum. With no words, each line of standard input is a play (words separated by spaces or commas), answered as it arrives
help-valid-explain = Say why each word is in (entry, slot, rule, article, source line) or out (the most specific reason first); the same as `lexico explain`
help-valid-audit-log = With --judge: append every judgement to FILE as CSV (UTC time, words, verdict, lexicon payload checksum), one line written and flushed per play
help-valid-clear-after = With --judge at a terminal: clear each verdict, shown large, after SECS seconds (0: it stays until the next play). Elsewhere the verdict lines are printed as they are
help-valid-format = Output format
help-explain-words = Words to explain (any notation); with none, one word per line from standard input
help-explain-format = Output format
help-dash-card = The red Dash card as it reads, in Spanish: "4 letras", verbo, "nombre propio", "empieza con D", "termina con A", "tiene una D" (case and accents do not count)
help-dash-words = Words to judge (any notation); with none, one word per line from standard input
help-dash-mano = The player's hand: up to 7 letter cards (ATLMNOE; Q is the Qu card, LL two L cards). Each word must be made of them and the card's turned-up letter
help-dash-list = Every word the hand (--mano) makes for the card, most cards first; none means the card goes back under the deck
help-dash-format = Output format

## The progress and summary of `lexico build` (on standard error)

build-phase-reading = reading sources
build-phase-expanding = expanding entries
build-phase-writing = writing words
build-phase-indexing = indexing anagrams
build-unit-entries = entries
build-unit-words = words
build-warning = warning
build-note = note
build-summary = { $path }: { $words } words ({ $taken } taken in, { $excluded } excluded, { $rejected } rejected forms kept) in { $seconds } s
build-by-tiles = words by tiles: { $lengths }
build-excluded-by = excluded by { $rule }: { $count }
build-decided-by = number of non-verbs decided by { $evidence }: { $count }
build-report = exclusion report: { $path }
build-refused-by = forms refused by { $rule }: { $count }
build-rules-modified = rule set { $rules }, modified from { $rules } (files that differ: { $files }): give it a name and version of its own in its ruleset.toml

## Scrabble Dash: `lexico dash`, the judge page's Dash mode, the `message` field of /api/v1/dash

dash-meets = meets
dash-fails = does not meet
dash-players-decide = players decide
dash-meets-length = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
dash-meets-verb-of = a form of the verb { $lemma }
dash-meets-verb = a verb form
dash-meets-starts = starts with { $letter }
dash-meets-ends = ends with { $letter }
dash-meets-contains = has a { $letter }
dash-players-decide-why = the players decide whether it is a proper name (the leaflet's rule: say whose name it is)
dash-not-a-word = not a word of the lexicon ({ $reason })
dash-no-card = needs { $letter ->
    [X] an
   *[other] a
} { $letter } card, which Dash does not have
dash-count = { $count } cards, not { $wanted }
dash-first-card = does not start with { $letter }: it starts with { $first }
dash-last-card = does not end with { $letter }: it ends with { $last }
dash-no-letter = has no { $letter }
dash-not-a-verb = not a verb form
dash-not-in-hand = the hand lacks { $cards }
dash-not-in-hand-letter = the hand and the turned-up { $letter } lack { $cards }
dash-list-none = no word: nobody can make one with these cards, so the card goes back under the deck (the leaflet's rule)
error-dash-unknown-card = '{ $typed }' is not a Dash card; the cards: { $cards }
error-dash-length = '{ $typed }' is not a Dash card: the length cards ask for { $min } to { $max } letters
error-dash-not-a-letter-card = '{ $typed }' is not a Dash card: '{ $letter }' is not a letter card
error-dash-not-a-vowel = '{ $typed }' is not a Dash card: this card always turns up a vowel, and { $letter } is a consonant
error-dash-hand-too-long = a hand holds at most { $max } cards, not { $got }
error-dash-hand-no-card = column { $column }: '{ $text }' is not a Dash letter card
error-dash-hand-empty = the hand has no card
error-dash-not-a-letter = column { $column }: '{ $text }' is not a letter
error-dash-no-verbs = this lexicon cannot tell verbs: it was built from a plain word list, which says no word's part of speech
error-dash-cannot-tell-verb = this lexicon cannot tell whether { $word } is a verb form: it came from a plain word list
error-dash-no-proper-names = no lexicon holds proper names: for this card the players decide (the leaflet's rule: say whose name it is)
error-dash-list-needs-hand = listing the words for a card needs a hand

## A lexicon proven without a data folder (the offline page, the npm package)

trust-damaged = The lexicon is not whole ({ $why }): nothing is judged with it.
trust-altered = The lexicon was altered: its digest is not the one exported. Nothing is judged with it.
trust-unsigned = The lexicon is not signed, and only lexicons signed by a trusted key are accepted: nothing is judged with it.
trust-bad-signature = The lexicon's signature is not by a trusted key, or is not its own: nothing is judged with it.
trust-not-a-key = Not a minisign public key: { $why }

## The offline judge page (`lexico page`)

page-title = Offline judge
page-short-name = Judge
page-modes = Modes
page-mode-juez = Judge
page-mode-consulta = Study
page-mode-dash = Dash
page-mode-estudio = Quiz
page-quiz-heading = Quiz: anagrams
page-quiz-length = Letters
page-quiz-order = Probability order
page-quiz-limit = Questions
page-quiz-start = Start
page-quiz-due = Study the due cards
page-quiz-record = Record in the cardbox
page-cardbox-heading = Cardbox
page-cardbox-scheduler = Scheduler
page-cardbox-export = Export CSV
page-cardbox-import = Import CSV
page-cardbox-none = This lexicon's cardbox is empty ({ $scheduler }).
page-cardbox-stats = { $cards } cards, { $due } due now, { $flagged } flagged, { $reviews } answers ({ $passed } passed); scheduler { $scheduler }
page-quiz-line = Answers
page-quiz-submit = Answer
page-quiz-give-up = Give up (Esc)
page-quiz-pass = Passed (+)
page-quiz-miss = Missed (−)
page-quiz-next = Next (Enter)
page-quiz-keys = Enter answers · "none" when it has no answer · Esc gives up · then + or − change the verdict and Enter goes on
page-quiz-error = Could not: { $why }
page-modes-all = Modes of this page: Judge, Study, Dash and Quiz
page-modes-judge-only = This page only judges plays: it looks up no words
page-lang-es = Español
page-lang-en = English
page-checking = Checking the lexicon…
page-no-engine = This browser cannot run the judge (WebAssembly): use another browser.
page-no-lexicon = The page's lexicon could not be read: open it again with a network, or export it again with lexico page.
page-judge-heading = Challenged play
page-judge-keys = Enter judges · Esc clears
page-consult-heading = Look up words
page-consult-label = Words (separated by spaces or commas)
page-consult-submit = Look up
page-word = Word
page-verdict = Verdict
page-why = Why
page-valid = VALID
page-invalid = INVALID
page-install-heading = Take the judge offline
page-download = Download the page (one file that works without a network)
page-install-insecure = Installing it as an app is not possible here: browsers allow it only at an HTTPS address or on localhost, and this is neither. Download the page and open it on the phone (Android), or install it from an HTTPS address (iPhone).
page-install-working = Installing the page for use without a network…
page-install-ready = Installed: this page works without a network in this browser (also from “Add to Home screen”).
page-install-failed = The page could not be installed in this browser: download it.
about-page = Write the offline judge page: one HTML file (or a folder) that judges with no network
page-error-no-engine = this lexico was built without the offline page: use the released binary (cargo xtask dist), or build it with `cargo xtask web`, then `cargo build --release --features page`
page-written-lexicon = Lexicon: { $lexicon }, checksum { $checksum }, signer: { $signer }
page-written-stripped = (without its anagram index, which the page does not use: its checksum is that of a lexicon built without --anagram-index)
page-written-sha256 = SHA-256 of what was written (check every copy of the page against it):
serve-offline-page = Offline page (the judge on a phone, with no network): { $url }
serve-offline-missing = Offline page: not in this binary (the released binary has it, cargo xtask dist)
serve-qr-offline = On its right, the offline page, for players to take the judge with them ({ $url }).

## Release notes: NOTES.md of a release folder, `lexico diff --notes` (Markdown; words as the sources spell them)

notes-title = # { $edition }: release notes
notes-changes = Changes from { $old } to { $new }.
notes-new-lexicon = - new lexicon: { $words ->
    [one] { $words } word
   *[other] { $words } words
  }, payload SHA-256 `{ $sha }`
notes-previous-lexicon = - previous lexicon: { $words ->
    [one] { $words } word
   *[other] { $words } words
  }, payload SHA-256 `{ $sha }`
notes-added-removed = - added: { $added ->
    [one] { $added } word
   *[other] { $added } words
  }; removed: { $removed ->
    [one] { $removed } word
   *[other] { $removed } words
  }
notes-column-kind = kind
notes-column-tiles = tiles
notes-column-cause = cause
notes-column-added = added
notes-column-removed = removed
notes-kind-lemma = headword
notes-kind-feminine = feminine
notes-kind-plural = plural
notes-kind-verb-form = verb form
notes-kind-unknown = unknown
notes-additions = ## 1. Additions: { $count ->
    [one] { $count } word
   *[other] { $count } words
  }
notes-removals = ## 2. Removals: { $count ->
    [one] { $count } word
   *[other] { $count } words
  }
notes-headwords = ### Headwords: { $count }
notes-feminines = ### Feminines: { $count }
notes-plurals = ### Plurals: { $count }
notes-verb-forms = ### Verb forms: { $forms ->
    [one] { $forms } form
   *[other] { $forms } forms
  } of { $verbs ->
    [one] { $verbs } verb
   *[other] { $verbs } verbs
  }
notes-entry = entry { $entry }
notes-unknown = ### Words of unknown kind (the lexicon describes no entries): { $count }
notes-refused-by = ### Refused by the new edition, { $rule }: { $count }
notes-not-made = ### Neither made nor refused by the new edition: { $count }
notes-rule = rule { $rule }
notes-rule-article = rule { $rule } (art. { $article })
notes-first-edition = First edition: { $words ->
    [one] { $words } word
   *[other] { $words } words
  }, payload SHA-256 `{ $sha }`; no previous edition was given (--previous) to compare with.
notes-rules-modified = Rule set: { $rules }, modified from { $rules } (files that differ: { $files }).
notes-cause-source = source change
notes-cause-rule = rule change
notes-cause-unattributed = unattributed
notes-plain = { $edition } is a plain word list, without entries or rules: only the update lists attribute a cause.
notes-source-changes = ## 1. Source changes: { $count ->
    [one] { $count } word
   *[other] { $count } words
  }
notes-rule-changes = ## 2. Rule changes: { $count ->
    [one] { $count } word
   *[other] { $count } words
  }
notes-unattributed = ## 3. Unattributed: { $count ->
    [one] { $count } word
   *[other] { $count } words
  }
notes-rule-pair = ### old: { $old }; new: { $new }: { $count }
notes-not-generated = not generated

## The cells of a verb's paradigm: `lexico explain --paradigm VERB` ($rule: "rule R (art. A)")

paradigm-valid = valid: { $rule }
paradigm-refused = refused: { $rule }: { $reason }
paradigm-valid-elsewhere = refused as this cell: { $rule }: { $reason }; valid as a word of another entry
## lexico quiz and lexico cardbox
about-quiz = Anagram quiz: alphagrams from search conditions or the cardbox's due cards, answers typed, hooks shown
about-cardbox = The cardbox of anagram questions: add from search conditions, due cards, stats, CSV export and import
quiz-question = Question { $n } of { $total }
quiz-answers = { $answers ->
    [one] 1 answer
   *[other] { $answers } answers
}
quiz-prompt = type the answers (spaces or commas between them), or “none”; an empty line gives up
quiz-right = ✓ { $word }
quiz-again = { $word }: already found
quiz-wrong = ✗ { $word }: not an answer
quiz-time-up = time is up
quiz-missed = missed
quiz-no-answer = this alphagram has no answer
quiz-wrong-list = wrong: { $words }
quiz-flagged = its answers changed with the lexicon; before: { $before }
quiz-kept-passed = passed. Enter goes on; “-” records it as missed
quiz-kept-missed = missed. Enter goes on; “+” records it as passed
quiz-totals = { $passed } of { $questions } questions passed, { $found } of { $answers } answers found, { $wrong } wrong
quiz-no-questions = no question: no word meets the conditions
quiz-no-conditions = give search conditions (as lexico search reads them: --length 7 --probability-order ..500) or --cardbox
quiz-none-due = no card of the cardbox is due
cardbox-changed = { $n ->
    [one] 1 question whose answers changed with the lexicon is flagged
   *[other] { $n } questions whose answers changed with the lexicon are flagged
}
cardbox-added = { $added } questions added to the cardbox { $path } ({ $total } in all)
cardbox-box = box { $box }
cardbox-state-new = new
cardbox-state-learning = learning
cardbox-state-review = review
cardbox-state-relearning = relearning
cardbox-stats = cardbox { $path } (scheduler: { $scheduler })
cardbox-stats-cards = cards: { $n }
cardbox-stats-due = due now: { $n }
cardbox-stats-flagged = flagged (answers changed with the lexicon): { $n }
cardbox-stats-reviews = answers recorded: { $n }, { $passed } passed
cardbox-exported = { $cards } cards written to { $file }
cardbox-imported = { $cards } cards imported, { $flagged } flagged
