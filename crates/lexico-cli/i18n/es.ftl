# Mensajes de Lexico en español: la estación de juez (`lexico serve`), su página y su API.
# Cada mensaje existe también en en.ftl, con las mismas variables ($nombre).

## Salida de `lexico serve` en la terminal

serve-lexicon = Léxico: { $lexicon }, sha256 { $checksum }
serve-judge-page = Página del juez: { $url }
serve-arbiter-page = Página del árbitro: { $url } (código de árbitro: { $code })
serve-table-code = Código de mesa: { $code } (lo piden la página del juez y la API en { $addr })
serve-audit-log = Registro de auditoría: { $path }
serve-no-audit-log = Sin registro de auditoría (--audit-log FICHERO lo guarda).
serve-stop-hint = Ctrl-C detiene la estación.
serve-stopped = Estación detenida: { $count ->
    [one] { $count } jugada juzgada
   *[other] { $count } jugadas juzgadas
}.
serve-error-listen = no se puede escuchar en { $addr } (--listen)
serve-error-code = el código de { $option } debe tener entre { $min } y { $max } letras o cifras ASCII
serve-error-public-without-listen = la estación escucha solo en 127.0.0.1 salvo que --listen indique otra dirección

## Página del juez

page-judge-title = Juez de Lexico
judge-heading = Impugnación de una jugada
judge-play-label = Jugada (palabras separadas por espacios o comas)
judge-table-label = Mesa
judge-round-label = Ronda
judge-submit = Juzgar
judge-keys = Intro juzga · Esc borra
judge-clears = El veredicto se borra a los { $seconds } segundos.
judge-never-clears = El veredicto queda hasta la jugada siguiente.
verdict-acceptable = JUGADA ACEPTABLE
verdict-unacceptable = JUGADA INACEPTABLE
verdict-error = Jugada ilegible: un carácter no es letra ni ficha. Escríbala de nuevo.
lexicon-label = Léxico
checksum-label = SHA-256
table-code-label = Código de mesa
code-submit = Entrar
code-wrong = Código incorrecto.
station-unreachable = La estación no responde.
arbiter-link = Página del árbitro

## Página del árbitro

page-arbiter-title = Árbitro de Lexico
arbiter-heading = Explicación de una jugada
arbiter-code-label = Código de árbitro
arbiter-play-label = Palabras de la jugada
arbiter-submit = Explicar
arbiter-print = Imprimir dictamen
arbiter-intro = Cada palabra con la regla y el artículo que la admiten o la excluyen: material para responder una hoja de reclamación (art. 35.4).
dictamen-title = Dictamen
dictamen-date = Fecha
dictamen-signature = Firma del juez
word-valid = VÁLIDA
word-invalid = INVÁLIDA
judge-link = Página del juez

## Explicaciones (página del árbitro y campo `summary` de /api/v1/explain)

explain-listed = Válida: { $how }.
explain-listed-bare = Válida: figura en el léxico (este léxico no guarda su procedencia).
explain-no-tile = Inválida: { $word } tiene una letra sin ficha en el juego{ $cite }.
explain-separate-tiles = Inválida: { $first } y { $second } están escritas como fichas separadas; { $joined } es una sola ficha.
explain-rejected = Inválida: las reglas la generaron y la rechazaron: { $how }.
explain-enclitic = Inválida como entrada: { $word } = { $base } + { $pronouns }, forma verbal con pronombres enclíticos, que cuenta como varias palabras (art. { $article }).
explain-enclitic-restored = La { $letter } de { $base } cae ante el pronombre.
explain-enclitic-base = { $base } es { $how }.
explain-enclitic-unknown = Solo si { $base } es forma verbal: este léxico no registra qué palabras lo son.
explain-length = Inválida: { $tiles ->
    [one] { $tiles } ficha
   *[other] { $tiles } fichas
}; las palabras tienen de { $min } a { $max } fichas.
explain-unlisted = Inválida: no figura en las fuentes de este léxico y ninguna regla la genera; los diminutivos, aumentativos, superlativos y demás derivadas solo valen si las fuentes los recogen (sección 4).
derivation-of = { $slot } de { $entry }
derivation-rule = regla { $rule }
derivation-article = art. { $article }
derivation-source = { $path }, línea { $line }

## Mensajes de error de la API (campo `message`)

api-missing-play = Falta la jugada: escriba sus palabras.
api-missing-word = Falta la palabra.
api-too-long = El campo { $field } es demasiado largo (máximo { $max } caracteres).
api-too-many-words = La jugada tiene demasiadas palabras (máximo { $max }).
api-code-required = Hace falta un código de acceso.
api-code-wrong = El código de acceso no es válido.
api-rate-limited = Demasiadas consultas desde este puesto: espere un minuto.
api-request-too-large = La petición es demasiado grande.
api-not-found = No existe esa página.
api-unreadable-play = { verdict-error }

## Veredictos de `lexico valid` y `lexico valid --judge` en la terminal

term-valid = válida
term-invalid = inválida
term-judge-acceptable = JUGADA ACEPTABLE
term-judge-unacceptable = JUGADA INACEPTABLE
term-judge-error = ERROR
term-judge-error-message = una letra de la jugada no es letra ni ficha; escriba la jugada de nuevo
term-judge-banner = juez de palabras: { $lexicon }
term-judge-prompt = escriba cada jugada en una línea (palabras separadas por espacios o comas); Ctrl-D termina
