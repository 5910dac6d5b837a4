# Lexico's messages in English: the judge station (`lexico serve`), its pages and its API.
# Every message exists in es.ftl too, with the same variables ($name).

## What `lexico serve` prints in the terminal

serve-lexicon = Lexicon: { $lexicon }, sha256 { $checksum }
serve-judge-page = Judge page: { $url }
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
serve-error-public-without-listen = the station listens on 127.0.0.1 only, unless --listen names another address

## The judge page

page-judge-title = Lexico judge
judge-heading = A challenged play
judge-play-label = Play (words separated by spaces or commas)
judge-table-label = Table
judge-round-label = Round
judge-submit = Judge
judge-keys = Enter judges · Esc clears
judge-clears = The verdict clears after { $seconds } seconds.
judge-never-clears = The verdict stays until the next play.
verdict-acceptable = PLAY ACCEPTABLE
verdict-unacceptable = PLAY UNACCEPTABLE
verdict-error = Unreadable play: a character is neither a letter nor a tile. Type it again.
lexicon-label = Lexicon
checksum-label = SHA-256
table-code-label = Table code
code-submit = Enter
code-wrong = Wrong code.
station-unreachable = The station does not answer.
arbiter-link = Arbiter page

## The arbiter page

page-arbiter-title = Lexico arbiter
arbiter-heading = A play explained
arbiter-code-label = Arbiter code
arbiter-play-label = Words of the play
arbiter-submit = Explain
arbiter-print = Print the ruling
arbiter-intro = Each word with the rule and article that admit or exclude it: the material for answering a written appeal (art. 35.4).
dictamen-title = Ruling
dictamen-date = Date
dictamen-signature = Judge's signature
word-valid = VALID
word-invalid = INVALID
judge-link = Judge page

## Explanations (the arbiter page and the `summary` field of /api/v1/explain)

explain-listed = Valid: { $how }.
explain-listed-bare = Valid: listed (this lexicon records no provenance for it).
explain-no-tile = Invalid: { $word } has a letter with no tile in the set{ $cite }.
explain-separate-tiles = Invalid: { $first } and { $second } are typed as separate tiles; { $joined } is one tile.
explain-rejected = Invalid: the rules generated it and rejected it: { $how }.
explain-enclitic = Invalid as an entry: { $word } = { $base } + { $pronouns }, a verb form with enclitic pronouns, which counts as several words (art. { $article }).
explain-enclitic-restored = The { $letter } of { $base } drops before the pronoun.
explain-enclitic-base = { $base } is { $how }.
explain-enclitic-unknown = Only if { $base } is a verb form: this lexicon does not record which words are.
explain-length = Invalid: { $tiles ->
    [one] { $tiles } tile
   *[other] { $tiles } tiles
}; words have { $min } to { $max } tiles.
explain-unlisted = Invalid: not in the sources of this lexicon, and no rule generated it; diminutives, augmentatives, superlatives and other derived words are valid only when the sources list them (section 4).
derivation-of = { $slot } of { $entry }
derivation-rule = rule { $rule }
derivation-article = art. { $article }
derivation-source = { $path }, line { $line }

## The API's error messages (the `message` field)

api-missing-play = No play: type its words.
api-missing-word = No word.
api-too-long = The field { $field } is too long (at most { $max } characters).
api-too-many-words = The play has too many words (at most { $max }).
api-code-required = An access code is needed.
api-code-wrong = The access code is not valid.
api-rate-limited = Too many requests from this client: wait a minute.
api-request-too-large = The request is too large.
api-not-found = No such page.
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
