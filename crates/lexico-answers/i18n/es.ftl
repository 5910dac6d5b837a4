# Mensajes de Lexico en español: la estación de juez (`lexico serve`), su página y su API.
# Cada mensaje existe también en en.ftl, con las mismas variables ($nombre).

## Salida de `lexico serve` en la terminal

serve-lexicon = Léxico: { $lexicon }, sha256 { $checksum }
serve-judge-page = Página del juez: { $url }
serve-judge-page-network = Página del juez en la red de la sala: { $url }
serve-no-network = No se encontró ninguna dirección de red: los dispositivos de la sala no llegarán a este ordenador.
serve-qr = Escanee este código con el dispositivo de cada mesa: abre la página del juez con el código de mesa ({ $url }).
serve-tournament = Torneo: { $name }
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
serve-error-tournament = el nombre de --torneo debe tener de 1 a { $max } caracteres, sin caracteres de control
serve-accept-error = la estación no puede aceptar conexiones ({ $error }; { $open } abiertas): lo reintenta en breve; si se repite, suba el límite de ficheros abiertos (ulimit -n)
serve-error-public-without-listen = la estación escucha solo en 127.0.0.1 salvo que --listen indique otra dirección

## Página del juez

page-judge-title = Juez de Lexico
judge-heading = Impugnación de una jugada
judge-play-label = Jugada (palabras separadas por espacios o comas)
judge-table-label = Mesa
judge-round-label = Ronda
judge-submit = Juzgar
judge-keys = Intro juzga · Esc borra · F2 pantalla completa
judge-clears = El veredicto se queda hasta la jugada siguiente, { $seconds ->
    [one] { $seconds } segundo
   *[other] { $seconds } segundos
} como mucho.
judge-never-clears = El veredicto se queda hasta la jugada siguiente.
judge-last-verdict = Último veredicto
judge-last-verdict-note = Último veredicto de la mesa, otra vez
judge-table-required = Escriba la mesa antes de juzgar la jugada.
verdict-number = nº
judge-keep = La mesa y la ronda se mantienen para las jugadas siguientes.
judge-change-table = Cambiar mesa
judge-no-table = sin mesa
judge-fullscreen = Pantalla completa (F2)
judge-normal-view = Vista normal (F2)
judge-dash-mode = Modo Dash
judge-play-mode = Modo jugada
judge-dash-heading = Scrabble Dash: ¿la palabra cumple la carta?
judge-dash-word = Palabra
judge-dash-card = Carta Dash
judge-dash-value = N o letra
judge-dash-hand = Mano (opcional)
verdict-acceptable = JUGADA ACEPTABLE
verdict-unacceptable = JUGADA INACEPTABLE
verdict-error = Jugada ilegible: un carácter no es letra ni ficha. Escríbala de nuevo.
verdict-unreadable = JUGADA ILEGIBLE
verdict-play = JUGADA
verdict-acceptable-word = ACEPTABLE
verdict-unacceptable-word = INACEPTABLE
verdict-unreadable-word = ILEGIBLE
verdict-unreadable-hint = Un carácter no es letra ni ficha: escriba la jugada de nuevo.
verdict-dismiss = Escriba abajo la jugada siguiente · Esc quita el veredicto
lexicon-label = Léxico
checksum-label = SHA-256
table-code-label = Código de mesa
code-submit = Entrar
code-wrong = Código incorrecto.
code-intro = Escriba el código de mesa que le dio el árbitro.
code-checking = Comprobando el código…
station-unreachable = La estación no responde.
arbiter-link = Página del árbitro

## Página del árbitro

page-arbiter-title = Árbitro de Lexico
arbiter-heading = Explicación de una jugada
arbiter-code-label = Código de árbitro
arbiter-play-label = Palabras de la jugada
arbiter-number-label = Número de jugada (el de la página del juez)
arbiter-or-words = o bien
arbiter-players-label = Jugadores
arbiter-print-fields = Para el dictamen impreso (lo que quede vacío sale como línea para escribir a mano):
arbiter-submit = Explicar
arbiter-print = Imprimir dictamen
arbiter-intro = Cada palabra con la regla y el artículo que la admiten o la excluyen: material para responder una hoja de reclamación (art. 35.4).
dictamen-title = Dictamen
dictamen-date = Fecha
dictamen-datetime = Fecha y hora
dictamen-tournament = Torneo
dictamen-verdict = Veredicto de la jugada
dictamen-word = Palabra
dictamen-word-verdict = Veredicto
dictamen-reason = Motivo
dictamen-rule = Regla
dictamen-article = Artículo
dictamen-explanation = Explicación
dictamen-signature = Firma del juez principal
dictamen-name = Nombre
dictamen-unprintable = Corrija la palabra ilegible: un dictamen sin veredicto no se imprime.
dictamen-unprinted = Dictamen sin veredicto: una palabra de la jugada es ilegible.
dictamen-number = Número de jugada
dictamen-judged = Juzgada
dictamen-player-1 = Jugador 1
dictamen-player-2 = Jugador 2
dictamen-challenger = Impugnó
dictamen-list = palabra de la lista
dictamen-page = página
dictamen-page-of = de
lexicon-embedded = Léxico incluido en el programa
lexicon-unsigned = Léxico sin firma
lexicon-signed-by = Léxico firmado por { $signer }
ruling-unreadable-word = «{ $word }»: un carácter no es letra ni ficha. Corríjala y pulse Explicar de nuevo.
reason-listed = figura en el léxico
reason-unlisted = no figura en las fuentes del léxico
reason-no-tile = tiene una letra sin ficha en el juego
reason-separate-tiles = escrita con fichas separadas donde hay una sola
reason-rejected-form = forma generada y rechazada por una regla
reason-enclitic = forma verbal con pronombres enclíticos
reason-too-short = demasiado corta
reason-too-long = demasiado larga
word-valid = VÁLIDA
word-invalid = INVÁLIDA
judge-link = Página del juez

## Explicaciones: `lexico explain`, la página del árbitro, el campo `summary` de /api/v1/explain

explain-listed = Válida: { $how }.
explain-listed-bare = Válida: figura en el léxico (este léxico no guarda su procedencia).
explain-no-tile = Inválida: { $word } tiene una letra sin ficha en el juego{ $cite }.
explain-separate-tiles = Inválida: { $first } y { $second } están escritas como fichas separadas; { $joined } es una sola ficha.
explain-rejected = Inválida: las reglas la generaron y la rechazaron: { $how }.
explain-enclitic = Inválida como entrada: { $word } = { $base } + { $pronouns }, forma verbal con pronombres enclíticos, que cuenta como varias palabras (art. { $article }).{ $restored }{ $reading }
explain-enclitic-restored = {" "}La { $letter } de { $base } cae ante el pronombre.
explain-enclitic-base = {" "}{ $base } es { $how }.
explain-enclitic-unknown = {" "}Solo si { $base } es forma verbal: este léxico no registra qué palabras lo son.
explain-length = Inválida: { $tiles ->
    [one] { $tiles } ficha
   *[other] { $tiles } fichas
}; las palabras tienen de { $min } a { $max } fichas.
explain-unlisted = Inválida: no figura en las fuentes de este léxico y ninguna regla la genera; los diminutivos, aumentativos, superlativos y demás derivadas solo valen si las fuentes los recogen (sección 4).
derivation-of = { $slot } de { $entry }
derivation-rule = regla { $rule }
derivation-article = art. { $article }
derivation-source = { $path }, línea { $line }
# Las clases de forma y de entrada de las fuentes, en palabras de la explicación.
slot-lemma = lema
slot-feminine = femenino
slot-plural = plural
slot-unknown = palabra de la lista
entry-verb = { $lemma } (verbo { $codes })
entry-verb-forms = {" "}con { $forms }
entry-verb-undone = , como antes de la actualización deshecha en { $path }:{ $line }
entry-non-verb = { $lemma } (no verbo)
entry-lemma-row = { $lemma } (lema de la tabla)
entry-update = { $lemma } (lista de actualización: { $action })
entry-pos-row = { $lemma } (tabla de categorías: { $categories })
update-added-variable = alta, variable en número
update-added-invariable = alta, invariable en número
update-added-plural-only = alta, solo en plural
update-removed = baja
update-removed-plural-only = baja del plural
update-added-already-valid = alta de una palabra ya válida
update-removed-still-valid = baja de una palabra que sigue siendo válida

## Mensajes de error de la API (campo `message`)

api-missing-play = Falta la jugada: escriba sus palabras.
api-missing-word = Falta la palabra.
api-too-long = El campo «{ $field }» es demasiado largo (máximo { $max } caracteres).
field-play = jugada
field-table = mesa
field-round = ronda
field-word = palabra
api-missing-card = Falta la carta Dash.
field-card = carta
field-hand = mano
field-number = número
api-too-many-words = La jugada tiene { $count } palabras y el máximo es { $max }: escriba solo las palabras que forma.
api-word-too-long = La palabra { $position } de la jugada tiene más de { $max } caracteres.
api-code-required = Hace falta un código de acceso.
api-code-wrong = El código de acceso no es válido.
api-rate-limited = Demasiadas jugadas de esta mesa en un minuto: espere { $seconds ->
    [one] { $seconds } segundo
   *[other] { $seconds } segundos
}.
api-too-many-connections = Demasiadas conexiones abiertas desde este puesto: espere { $seconds ->
    [one] { $seconds } segundo
   *[other] { $seconds } segundos
}.
api-station-busy = La estación tiene todas sus conexiones ocupadas: vuelva a intentarlo { $seconds ->
    [one] dentro de { $seconds } segundo
   *[other] dentro de { $seconds } segundos
}.
api-request-too-large = La petición es demasiado grande.
api-headers-too-large = Las cabeceras de la petición son demasiado grandes.
api-body-too-large = La petición lleva un cuerpo: la estación no lee ninguno.
api-bad-request = La petición no es HTTP válido.
api-bad-query = Los campos de la petición no se pueden leer (codificación incorrecta).
api-request-timeout = La petición no llegó entera a tiempo.
api-method-not-allowed = La estación solo responde a GET y HEAD.
api-judge-get-only = Una jugada solo se juzga con GET.
api-internal = Error interno de la estación.
api-unreadable-word = Palabra ilegible: un carácter no es letra ni ficha.
api-not-found = No existe esa página.
api-missing-table = Falta la mesa: en una sala, cada jugada se juzga con su mesa.
api-unknown-number = Ninguna jugada juzgada tiene el número { $number }.
api-code-locked = Demasiados códigos incorrectos desde este puesto: espere { $minutes ->
    [one] { $minutes } minuto
   *[other] { $minutes } minutos
}.
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
term-judge-unjudged = la jugada no se pudo juzgar: { $why }
term-judge-not-a-tile = un carácter no es letra ni ficha
term-judge-clears = el veredicto se borra { $seconds ->
    [one] al cabo de { $seconds } segundo
   *[other] a los { $seconds } segundos
}
term-separate-tiles = { $first } y { $second } son aquí fichas separadas; { $joined } es una sola ficha

## Lo que dice un verbo de la lista clasificada (código MM-C-P-infinitivo)


## Firmante de un léxico (líneas de veredicto y páginas de `lexico serve`; el registro CSV dice el nombre inglés)

signer-label = Firma
signer-embedded = incluido en el binario
signer-unsigned = sin firma
signer-key = clave { $id }
signer-key-comment = clave { $id } ({ $comment })

## Errores sobre la entrada (una línea, en minúscula; el campo `error` de CSV y JSON sigue en inglés)

error-place-argument = argumento { $n }
error-not-a-tile = columna { $column }: { $text } no es una ficha
error-absent-tile = columna { $column }: { $text } no tiene ficha y un comodín no puede sustituirla
error-bracket = columna { $column }: { $text } no es una ficha entre corchetes
error-empty-word = palabra vacía
error-no-tiles = sin fichas
error-too-long = más de { $max } bytes, lo más que puede tener una línea de entrada
error-blanks = { $got } comodines, pero la bolsa solo tiene { $max }
error-rack-too-long = { $got } fichas, pero un atril tiene como máximo { $max }
error-lengths = ninguna palabra puede tener de { $min } a { $max } fichas
error-pattern-unclosed = columna { $column }: '[' no tiene su ']'
error-pattern-unopened = columna { $column }: ']' sin su '['
error-pattern-empty-class = columna { $column }: una clase vacía
error-pattern-blank-in-class = columna { $column }: '?' dentro de una clase (una clase enumera fichas)
error-pattern-empty = columna { $column }: un patrón vacío
error-pattern-no-tiles = columna { $column }: sin fichas
error-syntax = columna { $column }: { $message }
error-span = '{ $text }' no es un número ni un intervalo de números (7, 7..8, 7.., ..8)
error-empty-span = { $min }..{ $max } está vacío: el primer número es mayor que el segundo
error-count = columna { $column }: un número va detrás de una ficha y vale de 1 a 255 (A2: al menos dos A)
error-blank-in-tiles = '?' es un comodín: escribe las fichas mismas
error-star-in-rack = '*' (más fichas cualesquiera) es para anagramas exactos: un subanagrama no tiene más fichas que su atril, un superanagrama siempre puede tenerlas
error-bingo-type = '{ $text }' no es un tipo de bingo: 1, 2 o 3 (I, II o III)
error-probability-blanks = la bolsa tiene { $max } comodines: la probabilidad cuenta de 0 a { $max }, no { $got }
error-condition-tile-sets = el léxico de la condición { $condition } usa otro juego de fichas: sus palabras no se pueden comparar
error-io-not-found = no existe ese fichero o carpeta
error-io-permission = permiso denegado
error-io-is-a-directory = es una carpeta
error-not-a-lexicon = no es un fichero de léxico de Lexico (número mágico incorrecto)
error-lexicon-version = el léxico tiene el formato { $got } y esta versión de lexico lee el formato { $expected }: `lexico build` lo reconstruye desde sus fuentes
error-damaged = fichero de léxico dañado: { $detail }
error-missing-section = este léxico no tiene la sección { $section } (se construyó sin ella)
error-lexicon-empty = --lexicon está vacío: indique un fichero de léxico, la edición o el nombre de uno instalado, o `embedded`
error-lexicon-name-empty = el nombre del léxico está vacío: indique un fichero de léxico, la edición o el nombre de uno instalado, o `embedded`
error-no-data-dir = { $path }: no existe ese fichero, y no hay carpeta de datos donde buscar un léxico instalado con ese nombre (defina LEXICO_DATA_DIR, o HOME (APPDATA en Windows))
error-unknown-lexicon = ningún léxico instalado tiene la edición o el nombre '{ $name }' (en { $dir }): `lexico lexicons` los lista, `lexico install FICHERO` añade uno
error-ambiguous-lexicon = '{ $name }' nombra { $count } léxicos instalados: { $found }; nombre uno por su edición o su ruta
error-verification = { $label }: la verificación falló
error-unsigned = { $path }: sin firma, y { $count ->
    [one] hay { $count } clave de confianza
   *[other] hay { $count } claves de confianza
} (`lexico trust list`): una estación solo usa léxicos firmados cuando confía en alguna clave; `lexico sign` firma uno
error-not-a-signature = { $path }: no es una firma minisign: { $why }
error-untrusted-key = { $path }: firmado con la clave { $id }, que no es de confianza (`lexico trust list`; `lexico trust add` confía en una clave)
error-bad-signature = { $path }: la firma de la clave { $id } no se verifica ({ $why }): el fichero no es el que se firmó
error-default-missing = { $path }: el léxico predeterminado ya no está instalado: `lexico install FICHERO --default` lo instala de nuevo, `lexico install --default NOMBRE` elige otro
error-default-lost = { $path }: falta, así que no se sabe cuál es el léxico predeterminado, aunque hay léxicos instalados a su lado: `lexico install --default NOMBRE` lo elige (`lexico install --default embedded`: el léxico incluido en el programa)
error-changed-since-installed = { $path }: su SHA-256 { $got } no es el { $installed } con el que se instaló: el fichero se cambió después de instalarlo (`lexico install` lo instala de nuevo)
error-key-id-taken = la clave { $id } ya es de confianza con otros bytes de clave ({ $path }): `lexico trust add --replace` la sustituye

## Ayuda: el resumen de cada orden (`lexico --help`) y las opciones principales (`lexico valid --help`)

about-lexico = Construye léxicos del Scrabble en español (reglas de la FISE) y los consulta: validez, fichas, listas de palabras
about-build = Compila listas de fuentes con un juego de reglas en un fichero de léxico
about-valid = ¿Es válida cada palabra? Sale con 0 si todas lo son, 1 si alguna no, 2 si hay un error
about-explain = Por qué cada palabra es válida o no: entrada, regla, artículo, línea de la fuente (`valid --explain`)
about-diff = Palabras añadidas y quitadas entre dos léxicos, con recuentos; notas de versión con --notes
about-tiles = Muestra las fichas de palabras o atriles, cuántas son y su valor
about-info = Muestra el manifiesto de un léxico: nombre, edición, fuentes, reglas, recuentos, sumas de control
about-dump = Escribe todas las palabras de un léxico, en el orden de las fichas
about-anagram = Palabras que forma un atril: exactas, con parte de las fichas (--sub) o añadiendo fichas (--super)
about-pattern = Palabras que encajan en un patrón de crucigrama (C?S*) o en una expresión regular sobre fichas (--regex)
about-hooks = Fichas que forman palabra válida delante o detrás de una palabra
about-search = Listas de estudio: las palabras que cumplen todas las condiciones, con orden de probabilidad, ganchos y ganchos internos
about-dash = Scrabble Dash: si cada palabra cumple la carta, con las cartas de una mano (--mano); o todas las palabras que forma una mano (--list)
about-rules = Lista los juegos de reglas incluidos en el binario, o exporta uno a una carpeta
about-install = Guarda un léxico en la carpeta de datos del usuario, para que --lexicon pueda nombrarlo
about-lexicons = Lista los léxicos instalados: nombre, edición, palabras, suma de control, firma, ruta
about-sign = Firma un fichero de léxico con una clave secreta minisign (escribe FICHERO.minisig)
about-keygen = Crea un par de claves minisign para firmar léxicos
about-trust = Añade, lista o quita las claves públicas cuyos léxicos firmados se aceptan
about-completions = Escribe un guion de autocompletado para el intérprete (bash, zsh, fish, elvish, powershell)
about-man = Escribe la página de manual (roff, en inglés)
about-serve = Pone en marcha la estación de juez: páginas del juez y del árbitro en un navegador, una API JSON, un registro de auditoría
help-lang = El idioma de los mensajes para las personas: es o en. Por omisión: según LC_ALL, LC_MESSAGES o LANG (es* es español), si no el idioma de Windows, si no inglés; las páginas de la estación de juez están en español por omisión
help-lexicon = El léxico que se usa: un fichero, la edición o el nombre de un léxico instalado (`lexico lexicons`), o `embedded`. Por omisión: $LEXICO_LEXICON, si no el léxico instalado por omisión, si no el incluido en el binario
help-valid-words = Palabras que comprobar (en cualquier notación: CHURRO, [CH]U[RR]O, 1U3O, ÇURRO); sin ninguna, una palabra por línea de la entrada estándar
help-valid-judge = Juzga las palabras como una jugada: una sola línea, JUGADA ACEPTABLE o JUGADA INACEPTABLE, que nunca dice qué palabra falló, con el nombre, la edición y la suma de control del léxico. Sin palabras, cada línea de la entrada estándar es una jugada (palabras separadas por espacios o comas), que se juzga en cuanto llega
help-valid-explain = Dice por qué cada palabra es válida (entrada, forma, regla, artículo, línea de la fuente) o inválida (el motivo más concreto primero); lo mismo que `lexico explain`
help-valid-audit-log = Con --judge: añade cada juicio a FICHERO en CSV (hora UTC, palabras, veredicto, suma de control del léxico), una línea escrita y volcada por jugada
help-valid-clear-after = Con --judge en una terminal: borra cada veredicto, mostrado en grande, a los SEGS segundos (0: queda hasta la jugada siguiente). En otro caso las líneas de veredicto se escriben como siempre
help-valid-format = Formato de salida
help-explain-words = Palabras que explicar (en cualquier notación); sin ninguna, una palabra por línea de la entrada estándar
help-explain-format = Formato de salida
help-dash-card = La carta Dash roja tal como se lee: "4 letras", verbo, "nombre propio", "empieza con D", "termina con A", "tiene una D" (da igual mayúsculas o tildes)
help-dash-words = Palabras que juzgar (en cualquier notación); sin ninguna, una palabra por línea de la entrada estándar
help-dash-mano = La mano del jugador: hasta 7 cartas de letra (ATLMNOE; Q es la carta Qu, LL son dos cartas L). Cada palabra debe formarse con ellas y la letra que la carta dio vuelta
help-dash-list = Todas las palabras que forma la mano (--mano) para la carta, primero las de más cartas; si no hay ninguna, la carta vuelve a la parte inferior del mazo
help-dash-format = Formato de salida

## Progreso y resumen de `lexico build` (en la salida de errores)

build-phase-reading = leyendo fuentes
build-phase-expanding = expandiendo entradas
build-phase-writing = escribiendo palabras
build-phase-indexing = indexando anagramas
build-unit-entries = entradas
build-unit-words = palabras
build-warning = aviso
build-note = nota
build-summary = { $path }: { $words } palabras ({ $taken } leídas, { $excluded } excluidas, { $rejected } formas rechazadas guardadas) en { $seconds } s
build-by-tiles = palabras por número de fichas: { $lengths }
build-excluded-by = excluidas por { $rule }: { $count }
build-decided-by = número de no verbos decididos por { $evidence }: { $count }
build-report = informe de exclusiones: { $path }
build-refused-by = formas rechazadas por { $rule }: { $count }
build-rules-modified = juego de reglas { $rules }, modificado a partir de { $rules } (ficheros que difieren: { $files }): dale un nombre y una versión propios en su ruleset.toml

## Scrabble Dash: `lexico dash`, el modo Dash de la página del juez, el campo `message` de /api/v1/dash

dash-meets = cumple
dash-fails = no cumple
dash-players-decide = deciden los jugadores
dash-meets-length = { $count ->
    [one] { $count } carta
   *[other] { $count } cartas
}
dash-meets-verb-of = forma del verbo { $lemma }
dash-meets-verb = forma verbal
dash-meets-starts = empieza con { $letter }
dash-meets-ends = termina con { $letter }
dash-meets-contains = tiene una { $letter }
dash-players-decide-why = si es un nombre propio lo deciden los jugadores (la regla del folleto: decir de quién es el nombre)
dash-not-a-word = no es una palabra del léxico ({ $reason })
dash-no-card = necesita una carta { $letter }, que Dash no tiene
dash-count = { $count } cartas, no { $wanted }
dash-first-card = no empieza con { $letter }: empieza con { $first }
dash-last-card = no termina con { $letter }: termina con { $last }
dash-no-letter = no tiene ninguna { $letter }
dash-not-a-verb = no es una forma verbal
dash-not-in-hand = a la mano le faltan { $cards }
dash-not-in-hand-letter = a la mano, con la { $letter } dada vuelta, le faltan { $cards }
dash-list-none = ninguna palabra: nadie puede formar una con estas cartas, así que la carta vuelve a la parte inferior del mazo (la regla del folleto)
error-dash-unknown-card = '{ $typed }' no es una carta de Dash; las cartas: { $cards }
error-dash-length = '{ $typed }' no es una carta de Dash: las cartas de longitud piden de { $min } a { $max } letras
error-dash-not-a-letter-card = '{ $typed }' no es una carta de Dash: '{ $letter }' no es una carta de letra
error-dash-not-a-vowel = '{ $typed }' no es una carta de Dash: esta carta da vuelta siempre una vocal, y { $letter } es consonante
error-dash-hand-too-long = una mano tiene como mucho { $max } cartas, no { $got }
error-dash-hand-no-card = columna { $column }: '{ $text }' no es una carta de letra de Dash
error-dash-hand-empty = la mano no tiene ninguna carta
error-dash-not-a-letter = columna { $column }: '{ $text }' no es una letra
error-dash-no-verbs = este léxico no distingue los verbos: se compiló de una lista de palabras sin más, que no dice la categoría de ninguna
error-dash-cannot-tell-verb = este léxico no sabe si { $word } es una forma verbal: viene de una lista de palabras sin más
error-dash-no-proper-names = ningún léxico tiene nombres propios: con esta carta deciden los jugadores (la regla del folleto: decir de quién es el nombre)
error-dash-list-needs-hand = para listar las palabras de una carta hace falta una mano

## Un léxico comprobado sin carpeta de datos (la página sin conexión, el paquete npm)

trust-damaged = El léxico no está entero ({ $why }): no se juzga nada con él.
trust-altered = El léxico fue alterado: su resumen no es el que se exportó. No se juzga nada con él.
trust-unsigned = El léxico no está firmado y solo se aceptan léxicos firmados por una clave de confianza: no se juzga nada con él.
trust-bad-signature = La firma del léxico no es de una clave de confianza o no corresponde a él: no se juzga nada con él.
trust-not-a-key = No es una clave pública de minisign: { $why }

## La página del juez sin conexión (`lexico page`)

page-title = Juez sin conexión
page-short-name = Juez
page-modes = Modos
page-mode-juez = Juez
page-mode-consulta = Consulta
page-mode-dash = Dash
page-mode-estudio = Estudio
page-quiz-heading = Estudio: anagramas
page-quiz-length = Letras
page-quiz-order = Orden de probabilidad
page-quiz-limit = Preguntas
page-quiz-start = Empezar
page-quiz-due = Estudiar las fichas que tocan
page-quiz-record = Anotar en el fichero
page-cardbox-heading = Fichero
page-cardbox-scheduler = Planificador
page-cardbox-export = Exportar CSV
page-cardbox-import = Importar CSV
page-cardbox-none = El fichero de este léxico está vacío ({ $scheduler }).
page-cardbox-stats = { $cards } fichas, { $due } tocan ahora, { $flagged } marcadas, { $reviews } respuestas ({ $passed } acertadas); planificador { $scheduler }
page-quiz-line = Respuestas
page-quiz-submit = Responder
page-quiz-give-up = Rendirse (Esc)
page-quiz-pass = Acertada (+)
page-quiz-miss = Fallada (−)
page-quiz-next = Siguiente (Intro)
page-quiz-keys = Intro responde · «no hay» si no tiene respuesta · Esc se rinde · después, + o − cambian el veredicto e Intro sigue
page-quiz-error = No se pudo: { $why }
page-modes-all = Modos de esta página: Juez, Consulta, Dash y Estudio
page-modes-judge-only = Esta página solo juzga jugadas: no consulta palabras
page-lang-es = Español
page-lang-en = English
page-checking = Comprobando el léxico…
page-no-engine = Este navegador no puede ejecutar el juez (WebAssembly): use otro navegador.
page-no-lexicon = No se pudo leer el léxico de la página: ábrala de nuevo con red, o expórtela de nuevo con lexico page.
page-judge-heading = Jugada impugnada
page-judge-keys = Intro juzga · Esc borra
page-consult-heading = Consulta de palabras
page-consult-label = Palabras (separadas por espacios o comas)
page-consult-submit = Consultar
page-word = Palabra
page-verdict = Veredicto
page-why = Por qué
page-valid = VÁLIDA
page-invalid = INVÁLIDA
page-install-heading = Llevar el juez sin conexión
page-download = Descargar la página (un solo archivo que funciona sin red)
page-install-insecure = Instalarla como aplicación no es posible aquí: el navegador solo lo permite en una dirección HTTPS o en localhost, y esta no lo es. Descargue la página y ábrala desde el teléfono (Android), o instálela desde una dirección HTTPS (iPhone).
page-install-working = Instalando la página para usarla sin red…
page-install-ready = Instalada: esta página funciona sin red en este navegador (también desde «Añadir a la pantalla de inicio»).
page-install-failed = No se pudo instalar la página en este navegador: descárguela.
about-page = Escribe la página del juez sin conexión: un archivo HTML (o una carpeta) que juzga sin red
page-error-no-engine = este lexico se compiló sin la página sin conexión: use el binario publicado (cargo xtask dist), o compílelo con «cargo xtask web» y después «cargo build --release --features page»
page-written-lexicon = Léxico: { $lexicon }, suma { $checksum }, firma: { $signer }
page-written-stripped = (sin su índice de anagramas, que la página no usa: su suma es la de un léxico construido sin --anagram-index)
page-written-sha256 = SHA-256 de lo escrito (compruebe con él cada copia de la página):
serve-offline-page = Página sin conexión (el juez en el teléfono, sin red): { $url }
serve-offline-missing = Página sin conexión: no está en este binario (la tiene el binario publicado, cargo xtask dist)
serve-qr-offline = A su derecha, la página sin conexión, para que los jugadores se lleven el juez ({ $url }).

## Notas de la versión: NOTES.md de una carpeta de publicación, `lexico diff --notes` (Markdown; las palabras como las escriben las fuentes)

notes-title = # { $edition }: notas de la versión
notes-changes = Cambios de { $old } a { $new }.
notes-new-lexicon = - léxico nuevo: { $words ->
    [one] { $words } palabra
   *[other] { $words } palabras
  }, SHA-256 del contenido `{ $sha }`
notes-previous-lexicon = - léxico anterior: { $words ->
    [one] { $words } palabra
   *[other] { $words } palabras
  }, SHA-256 del contenido `{ $sha }`
notes-added-removed = - añadidas: { $added ->
    [one] { $added } palabra
   *[other] { $added } palabras
  }; retiradas: { $removed ->
    [one] { $removed } palabra
   *[other] { $removed } palabras
  }
notes-column-kind = tipo
notes-column-tiles = fichas
notes-column-cause = causa
notes-column-added = añadidas
notes-column-removed = retiradas
notes-kind-lemma = lema
notes-kind-feminine = femenino
notes-kind-plural = plural
notes-kind-verb-form = forma verbal
notes-kind-unknown = desconocido
notes-additions = ## 1. Altas: { $count ->
    [one] { $count } palabra
   *[other] { $count } palabras
  }
notes-removals = ## 2. Bajas: { $count ->
    [one] { $count } palabra
   *[other] { $count } palabras
  }
notes-headwords = ### Lemas: { $count }
notes-feminines = ### Femeninos: { $count }
notes-plurals = ### Plurales: { $count }
notes-verb-forms = ### Formas verbales: { $forms ->
    [one] { $forms } forma
   *[other] { $forms } formas
  } de { $verbs ->
    [one] { $verbs } verbo
   *[other] { $verbs } verbos
  }
notes-entry = entrada { $entry }
notes-unknown = ### Palabras de tipo desconocido (el léxico no describe entradas): { $count }
notes-refused-by = ### Rechazadas por la edición nueva, { $rule }: { $count }
notes-not-made = ### Ni generadas ni rechazadas por la edición nueva: { $count }
notes-rule = regla { $rule }
notes-rule-article = regla { $rule } (art. { $article })
notes-first-edition = Primera edición: { $words ->
    [one] { $words } palabra
   *[other] { $words } palabras
  }, SHA-256 del contenido `{ $sha }`; no se dio edición anterior (--previous) con la que comparar.
notes-rules-modified = Juego de reglas: { $rules }, modificado a partir de { $rules } (ficheros que difieren: { $files }).
notes-cause-source = cambio en las fuentes
notes-cause-rule = cambio en las reglas
notes-cause-unattributed = sin atribuir
notes-plain = { $edition } es una lista de palabras sin más, sin entradas ni reglas: solo las listas de actualización atribuyen una causa.
notes-source-changes = ## 1. Cambios en las fuentes: { $count ->
    [one] { $count } palabra
   *[other] { $count } palabras
  }
notes-rule-changes = ## 2. Cambios en las reglas: { $count ->
    [one] { $count } palabra
   *[other] { $count } palabras
  }
notes-unattributed = ## 3. Sin atribuir: { $count ->
    [one] { $count } palabra
   *[other] { $count } palabras
  }
notes-rule-pair = ### antes: { $old }; ahora: { $new }: { $count }
notes-not-generated = no generada

## Las casillas del paradigma de un verbo: `lexico explain --paradigm VERBO` ($rule: "regla R (art. A)")

paradigm-valid = válida: { $rule }
paradigm-refused = rechazada: { $rule }: { $reason }
paradigm-valid-elsewhere = rechazada en esta casilla: { $rule }: { $reason }; válida como palabra de otra entrada
## lexico quiz y lexico cardbox
about-quiz = Prueba de anagramas: alfagramas de condiciones de búsqueda o las fichas que tocan del fichero, respuestas escritas, ganchos
about-cardbox = El fichero de preguntas de anagramas: añadir de condiciones de búsqueda, fichas que tocan, cifras, exportar e importar en CSV
quiz-question = Pregunta { $n } de { $total }
quiz-answers = { $answers ->
    [one] 1 respuesta
   *[other] { $answers } respuestas
}
quiz-prompt = escriba las respuestas (separadas por espacios o comas), o «no hay»; una línea vacía se rinde
quiz-right = ✓ { $word }
quiz-again = { $word }: ya encontrada
quiz-wrong = ✗ { $word }: no es respuesta
quiz-time-up = se acabó el tiempo
quiz-missed = falta
quiz-no-answer = este alfagrama no tiene respuesta
quiz-wrong-list = erróneas: { $words }
quiz-flagged = sus respuestas cambiaron con el léxico; antes: { $before }
quiz-kept-passed = acertada. Intro sigue; «-» la anota como fallada
quiz-kept-missed = fallada. Intro sigue; «+» la anota como acertada
quiz-totals = { $passed } de { $questions } preguntas acertadas, { $found } de { $answers } respuestas encontradas, { $wrong } erróneas
quiz-no-questions = ninguna pregunta: ninguna palabra cumple las condiciones
quiz-no-conditions = dé condiciones de búsqueda (como las lee lexico search: --length 7 --probability-order ..500) o --cardbox
quiz-none-due = no toca ninguna ficha del fichero
cardbox-changed = { $n ->
    [one] 1 pregunta cuyas respuestas cambiaron con el léxico queda marcada
   *[other] { $n } preguntas cuyas respuestas cambiaron con el léxico quedan marcadas
}
cardbox-added = { $added } preguntas añadidas al fichero { $path } ({ $total } en total)
cardbox-box = caja { $box }
cardbox-state-new = nueva
cardbox-state-learning = aprendiendo
cardbox-state-review = repaso
cardbox-state-relearning = reaprendiendo
cardbox-stats = fichero { $path } (planificador: { $scheduler })
cardbox-stats-cards = fichas: { $n }
cardbox-stats-due = tocan ahora: { $n }
cardbox-stats-flagged = marcadas (respuestas cambiadas con el léxico): { $n }
cardbox-stats-reviews = respuestas anotadas: { $n }, { $passed } acertadas
cardbox-exported = { $cards } fichas escritas en { $file }
cardbox-imported = { $cards } fichas importadas, { $flagged } marcadas
