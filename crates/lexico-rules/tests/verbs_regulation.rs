//! Every verb example of section 17 of the FISE lexicon regulation (2016), checked against the
//! expansion of the real FISE-2 classified verb list by the `fise-2016` rule set; and every verb
//! example of section 17 of the annex "Uso de palabras" (DRAE 2001), by the `fise-2009` rule set.
//!
//! A word is in the lexicon if any entry yields it as an accepted form. Rows:
//! * `In`: some entry of `verb` accepts the word;
//! * `Out(articles)`: no entry accepts the word, and an entry of `verb` generates it and rejects
//!   it citing one of `articles` (so the tool can explain why it is out);
//! * `Never`: no entry accepts the word and no entry of `verb` generates it at all (enclitics).

mod common;

use std::collections::HashMap;

use lexico_rules::verbs::fold;
use lexico_rules::Form;

enum Expect {
    In,
    Out(&'static str),
    Never,
}
use Expect::*;

/// (word as printed in the regulation, expectation, entry infinitive as in the list, article).
const ROWS: &[(&str, Expect, &str, &str)] = &[
    // 17: verbs of the dictionary
    ("amilagrarse", In, "amilagrarse", "17"),
    ("carnetizar", In, "carnetizar", "17"),
    ("conflictuar", In, "conflictuar", "17"),
    ("gerenciar", In, "gerenciar", "17"),
    // 17.2: conjugations; infinitive only for obsolete, germanía, regional verbs
    ("acreer", In, "acreer", "17.2"),
    ("fuñar", In, "fuñar", "17.2"),
    ("acalugar", In, "acalugar", "17.2"),
    ("acreía", Out("17.7"), "acreer", "17.2"),
    ("acalugamos", Out("17.11"), "acalugar", "17.2"),
    ("aduanar", In, "aduanar", "17.2"),
    ("aduanamos", In, "aduanar", "17.2"),
    // 17.3: voseo
    ("acertá", In, "acertar", "17.3"),
    ("acertás", In, "acertar", "17.3"),
    ("contá", In, "contar", "17.3"),
    ("contás", In, "contar", "17.3"),
    // 17.4: passive participles
    ("cantado", In, "cantar", "17.4"),
    ("cantada", In, "cantar", "17.4"),
    ("cantados", In, "cantar", "17.4"),
    ("cantadas", In, "cantar", "17.4"),
    ("comido", In, "comer", "17.4"),
    ("dicho", In, "decir", "17.4"),
    ("escrito", In, "escribir", "17.4"),
    ("impreso", In, "imprimir", "17.4"),
    ("inscripto", In, "inscribir", "17.4"),
    ("pago", In, "pagar", "17.4"),
    ("boxeado", In, "boxear", "17.4"),
    ("boxeada", Out("17.4"), "boxear", "17.4"),
    ("boxeadas", Out("17.4"), "boxear", "17.4"),
    ("boxeados", Out("17.4"), "boxear", "17.4"),
    ("adolecido", In, "adolecer", "17.4"),
    ("adolecida", Out("17.4"), "adolecer", "17.4"),
    ("alobado", In, "alobar", "17.4"),
    ("alobada", Out("17.4"), "alobar", "17.4"),
    ("medrados", Out("17.4"), "medrar", "17.4"),
    // 17.5: enclitic pronouns
    ("amaos", Never, "amar", "17.5"),
    ("báñate", Never, "bañar", "17.5"),
    ("colarse", Out("17.5"), "colar", "17.5"),
    ("comprándola", Never, "comprar", "17.5"),
    ("cómetela", Never, "comer", "17.5"),
    ("dame", Never, "dar", "17.5"),
    ("entrégueselo", Never, "entregar", "17.5"),
    ("envíese", Never, "enviar", "17.5"),
    ("pégale", Never, "pegar", "17.5"),
    ("amad", In, "amar", "17.5"),
    ("baña", In, "bañar", "17.5"),
    ("colar", In, "colar", "17.5"),
    ("comprando", In, "comprar", "17.5"),
    ("come", In, "comer", "17.5"),
    ("da", In, "dar", "17.5"),
    ("entregue", In, "entregar", "17.5"),
    ("envíe", In, "enviar", "17.5"),
    ("pega", In, "pegar", "17.5"),
    ("aporteñar", In, "aporteñarse", "17.5"),
    ("aporteñarse", In, "aporteñarse", "17.5"),
    ("arrepentir", In, "arrepentirse", "17.5"),
    ("arrepentirse", In, "arrepentirse", "17.5"),
    ("autolesionar", In, "autolesionarse", "17.5"),
    ("autolesionarse", In, "autolesionarse", "17.5"),
    ("dignar", In, "dignarse", "17.5"),
    ("dignarse", In, "dignarse", "17.5"),
    ("jactar", In, "jactar", "17.5"),
    ("jactarse", Out("17.5"), "jactar", "17.5"),
    ("amarse", Out("17.5"), "amar", "17.5"),
    ("amara", In, "amar", "17.5"),
    ("amase", In, "amar", "17.5"),
    ("amaras", In, "amar", "17.5"),
    ("amases", In, "amar", "17.5"),
    ("amáramos", In, "amar", "17.5"),
    ("amásemos", In, "amar", "17.5"),
    ("amarais", In, "amar", "17.5"),
    ("amaseis", In, "amar", "17.5"),
    ("amaran", In, "amar", "17.5"),
    ("amasen", In, "amar", "17.5"),
    // 17.6: defective verbs
    ("balbuzco", Out("17.6"), "balbucir", "17.6"),
    ("balbuce", In, "balbucir", "17.6"),
    ("raspahilando", In, "raspahilar", "17.6"),
    ("raspahilado", Out("17.6"), "raspahilar", "17.6"),
    ("empecido", Out("17.6"), "empecer", "17.6"),
    ("empece", In, "empecer", "17.6"),
    ("adir", In, "adir", "17.6"),
    ("adimos", Out("17.6"), "adir", "17.6"),
    ("aterimos", In, "aterir", "17.6"),
    ("atero", Out("17.6"), "aterir", "17.6"),
    ("arrecido", In, "arrecir", "17.6"),
    ("arrezo", Out("17.6"), "arrecir", "17.6"),
    ("colorimos", In, "colorir", "17.6"),
    ("acaece", In, "acaecer", "17.6"),
    ("acaezco", Out("17.6"), "acaecer", "17.6"),
    ("acontecen", In, "acontecer", "17.6"),
    ("acontezco", Out("17.6"), "acontecer", "17.6"),
    ("antojaba", In, "antojarse", "17.6"),
    ("antojábamos", Out("17.6"), "antojarse", "17.6"),
    ("atañe", In, "atañer", "17.6"),
    ("atañes", Out("17.6"), "atañer", "17.6"),
    ("concierne", In, "concernir", "17.6"),
    ("concierno", Out("17.6"), "concernir", "17.6"),
    ("obsta", In, "obstar", "17.6"),
    ("obstamos", Out("17.6"), "obstar", "17.6"),
    // 17.7: obsolete and germanía verbs
    ("atendar", In, "atendar", "17.7"),
    ("atendaba", Out("17.7"), "atendar", "17.7"),
    ("calcorrear", In, "calcorrear", "17.7"),
    ("calcorreó", Out("17.7"), "calcorrear", "17.7"),
    ("adonarse", In, "adonarse", "17.7"),
    ("adonar", In, "adonarse", "17.7"),
    ("yantar", In, "yantar", "17.7"),
    ("yantamos", In, "yantar", "17.7"),
    // 17.8: impersonal verbs
    ("clarece", In, "clarecer", "17.8"),
    ("clarecen", Out("17.8"), "clarecer", "17.8"),
    ("tardecía", In, "tardecer", "17.8"),
    ("ventisquean", Out("17.8"), "ventisquear", "17.8"),
    ("ventiscar", In, "ventiscar", "17.8"),
    ("ventiscado", In, "ventiscar", "17.8"),
    ("ventiscando", In, "ventiscar", "17.8"),
    ("ventisca", In, "ventiscar", "17.8"),
    ("ventiscaba", In, "ventiscar", "17.8"),
    ("ventiscó", In, "ventiscar", "17.8"),
    ("ventiscará", In, "ventiscar", "17.8"),
    ("ventiscaría", In, "ventiscar", "17.8"),
    ("ventisque", In, "ventiscar", "17.8"),
    ("ventiscare", In, "ventiscar", "17.8"),
    ("ventiscara", In, "ventiscar", "17.8"),
    ("ventiscase", In, "ventiscar", "17.8"),
    ("ventiscan", Out("17.8"), "ventiscar", "17.8"),
    ("ventiscada", Out("17.8|17.4"), "ventiscar", "17.8"),
    ("encelajar", In, "encelajarse", "17.8"),
    ("encelajarse", In, "encelajarse", "17.8"),
    ("amanecemos", In, "amanecer", "17.8"),
    ("llueven", In, "llover", "17.8"),
    ("truenan", In, "tronar", "17.8"),
    ("relampagueamos", In, "relampaguear", "17.8"),
    // 17.9: little-used verbs
    ("aduro", In, "adurir", "17.9"),
    ("aligamos", In, "aligar", "17.9"),
    ("exoramos", In, "exorar", "17.9"),
    ("exuberamos", In, "exuberar", "17.9"),
    // 17.10: pronominal verbs
    ("arrepienta", In, "arrepentirse", "17.10"),
    ("arrepiento", In, "arrepentirse", "17.10"),
    ("arrepiéntase", Never, "arrepentirse", "17.10"),
    ("arrepiéntome", Never, "arrepentirse", "17.10"),
    ("gelar", In, "gelarse", "17.10"),
    ("gelarse", In, "gelarse", "17.10"),
    ("jumar", In, "jumarse", "17.10"),
    ("jumarse", In, "jumarse", "17.10"),
    ("morir", In, "morir", "17.10"),
    ("morirse", Out("17.5|17.10"), "morir", "17.10"),
    ("subir", In, "subir", "17.10"),
    ("subirse", Out("17.5|17.10"), "subir", "17.10"),
    ("caer", In, "caer", "17.10"),
    ("caerse", Out("17.5|17.10"), "caer", "17.10"),
    ("dignando", In, "dignarse", "17.10"),
    ("dignándose", Never, "dignarse", "17.10"),
    ("jumando", In, "jumarse", "17.10"),
    ("jumándose", Never, "jumarse", "17.10"),
    ("dignado", In, "dignarse", "17.10"),
    ("dignados", Out("17.4|17.10"), "dignarse", "17.10"),
    ("dignada", Out("17.4|17.10"), "dignarse", "17.10"),
    ("dignadas", Out("17.4|17.10"), "dignarse", "17.10"),
    ("jumado", In, "jumarse", "17.10"),
    ("jumados", Out("17.4|17.10"), "jumarse", "17.10"),
    ("aduéñate", Never, "adueñarse", "17.10"),
    ("adueñaos", Never, "adueñarse", "17.10"),
    ("adueñad", Out("17.10"), "adueñarse", "17.10"),
    ("abromad", Out("17.10|17.12"), "abromar", "17.10"),
    ("atreved", Out("17.10|17.12"), "atrever", "17.10"),
    ("comedid", Out("17.10|17.12"), "comedir", "17.10"),
    // 17.11: regional Spanish verbs
    ("acaronar", In, "acaronar", "17.11"),
    ("acaronamos", Out("17.11"), "acaronar", "17.11"),
    ("acarretar", In, "acarretar", "17.11"),
    ("acacharse", In, "acacharse", "17.11"),
    ("acachar", In, "acacharse", "17.11"),
    ("esguilar", In, "esguilar", "17.11"),
    ("esguilamos", In, "esguilar", "17.11"),
    // 17.12: verbs open to doubt
    ("abstén", Out("17.12"), "abstener", "17.12"),
    ("abstené", Out("17.12"), "abstener", "17.12"),
    ("abstened", Out("17.12"), "abstener", "17.12"),
    ("adrezad", Out("17.12"), "adrezar", "17.12"),
    ("afeccionad", Out("17.12"), "afeccionar", "17.12"),
    ("afrancad", Out("17.12"), "afrancar", "17.12"),
    ("alampad", Out("17.12"), "alampar", "17.12"),
    ("alobad", Out("17.12"), "alobar", "17.12"),
    ("amulad", Out("17.12"), "amular", "17.12"),
    ("apensionad", Out("17.12"), "apensionar", "17.12"),
    ("apegad", Out("17.12"), "apegar", "17.12"),
    ("atené", Out("17.12"), "atener", "17.12"),
    ("atened", Out("17.12"), "atener", "17.12"),
    ("caneced", Out("17.12"), "canecer", "17.12"),
    ("condolé", Out("17.12"), "condoler", "17.12"),
    ("condoled", Out("17.12"), "condoler", "17.12"),
    ("confabulad", Out("17.12"), "confabular", "17.12"),
    ("conjuramentad", Out("17.12"), "conjuramentar", "17.12"),
    ("deshonestad", Out("17.12"), "deshonestar", "17.12"),
    ("desmanad", Out("17.12"), "desmanar", "17.12"),
    ("despereced", Out("17.12"), "desperecer", "17.12"),
    ("despizcad", Out("17.12"), "despizcar", "17.12"),
    ("encerrizad", Out("17.12"), "encerrizar", "17.12"),
    ("enmontad", Out("17.12"), "enmontar", "17.12"),
    ("ensayalad", Out("17.12"), "ensayalar", "17.12"),
    ("esguilad", Out("17.12"), "esguilar", "17.12"),
    ("finchad", Out("17.12"), "finchar", "17.12"),
    ("fugad", Out("17.12"), "fugar", "17.12"),
    ("jactad", Out("17.12"), "jactar", "17.12"),
    ("macad", Out("17.12"), "macar", "17.12"),
    ("opilad", Out("17.12"), "opilar", "17.12"),
    ("percatad", Out("17.12"), "percatar", "17.12"),
    ("refriad", Out("17.12"), "refriar", "17.12"),
    ("reguardad", Out("17.12"), "reguardar", "17.12"),
    ("obscurezco", In, "obscurecer", "17.12"),
    ("oscurezco", In, "oscurecer", "17.12"),
    ("readquiero", In, "readquirir", "17.12"),
    ("readquiera", In, "readquirir", "17.12"),
    ("respecta", In, "respectar", "17.12"),
    ("respectaba", In, "respectar", "17.12"),
    ("respectaban", In, "respectar", "17.12"),
    ("respectan", In, "respectar", "17.12"),
    ("respectar", In, "respectar", "17.12"),
    ("respectara", In, "respectar", "17.12"),
    ("respectará", In, "respectar", "17.12"),
    ("respectaran", In, "respectar", "17.12"),
    ("respectarán", In, "respectar", "17.12"),
    ("respectare", In, "respectar", "17.12"),
    ("respectaren", In, "respectar", "17.12"),
    ("respectaría", In, "respectar", "17.12"),
    ("respectarían", In, "respectar", "17.12"),
    ("respectaron", In, "respectar", "17.12"),
    ("respectase", In, "respectar", "17.12"),
    ("respectasen", In, "respectar", "17.12"),
    ("respecte", In, "respectar", "17.12"),
    ("respecten", In, "respectar", "17.12"),
    ("respectó", In, "respectar", "17.12"),
    ("respectamos", Out("17.12"), "respectar", "17.12"),
    ("respectando", Out("17.12"), "respectar", "17.12"),
    ("respectado", Out("17.12"), "respectar", "17.12"),
    ("respectad", Out("17.12"), "respectar", "17.12"),
    ("lloviznad", Out("17.12|17.10"), "lloviznar", "17.12"),
    ("llovizna", In, "lloviznar", "17.12"),
    ("habemos", In, "haber", "17.12"),
    ("afogar", In, "afogar", "17.12"),
    ("afogamos", Out("17.12|17.7"), "afogar", "17.12"),
    ("aforcar", In, "aforcar", "17.12"),
    ("añedir", In, "añedir", "17.12"),
    ("añidir", In, "añidir", "17.12"),
    ("arrempujar", In, "arrempujar", "17.12"),
    ("arrempujamos", Out("17.12|17.7"), "arrempujar", "17.12"),
    ("atorgar", In, "atorgar", "17.12"),
    ("blincar", In, "blincar", "17.12"),
    ("embabucar", In, "embabucar", "17.12"),
    ("erutar", In, "erutar", "17.12"),
    ("erutó", Out("17.12|17.7"), "erutar", "17.12"),
    ("escurecer", In, "escurecer", "17.12"),
    ("estajar", In, "estajar", "17.12"),
    ("jorrar", In, "jorrar", "17.12"),
    ("jorramos", Out("17.12|17.7"), "jorrar", "17.12"),
];

/// (word as printed in the annex, expectation, entry infinitive as in the list, article of the
/// annex).
const ANNEX_ROWS: &[(&str, Expect, &str, &str)] = &[
    // 17: verbs of the dictionary
    ("refundar", In, "refundar", "17"),
    // 17.1: every tense and form of the dictionary's models; regular verbs like amar
    ("saqueo", In, "saquear", "17.1"),
    ("saqueas", In, "saquear", "17.1"),
    ("saqueamos", In, "saquear", "17.1"),
    ("sacamos", In, "sacar", "17.1"),
    // 17.2: enclitics
    ("pégale", Never, "pegar", "17.2"),
    ("dame", Never, "dar", "17.2"),
    // CÓMETE and ÁMELO are not rows: their tiles spell COMETE (cometer) and AMELO (amelar).
    ("entréguese", Never, "entregar", "17.2"),
    ("entrégueselo", Never, "entregar", "17.2"),
    ("háblale", Never, "hablar", "17.2"),
    ("habla", In, "hablar", "17.2"),
    ("amaos", Never, "amar", "17.2"),
    ("amad", In, "amar", "17.2"),
    ("cómeme", Never, "comer", "17.2"),
    ("come", In, "comer", "17.2"),
    ("dale", Never, "dar", "17.2"),
    ("da", In, "dar", "17.2"),
    ("ame", In, "amar", "17.2"),
    ("entrégame", Never, "entregar", "17.2"),
    ("entrega", In, "entregar", "17.2"),
    ("entregue", In, "entregar", "17.2"),
    ("báñate", Never, "bañar", "17.2"),
    ("baña", In, "bañar", "17.2"),
    ("vámonos", Never, "ir", "17.2"),
    ("vamos", In, "ir", "17.2"),
    ("amara", In, "amar", "17.2"),
    ("amase", In, "amar", "17.2"),
    ("amáramos", In, "amar", "17.2"),
    ("amásemos", In, "amar", "17.2"),
    ("amarais", In, "amar", "17.2"),
    ("amaseis", In, "amar", "17.2"),
    ("amaran", In, "amar", "17.2"),
    ("amasen", In, "amar", "17.2"),
    ("dignarse", In, "dignarse", "17.2"),
    ("arrepentirse", In, "arrepentirse", "17.2"),
    ("amarse", Out("17.2"), "amar", "17.2"),
    ("morirse", Out("17.2"), "morir", "17.2"),
    // 17.3: pronominal verbs
    ("jumarse", In, "jumarse", "17.3"),
    ("jumar", In, "jumarse", "17.3"),
    ("digno", In, "dignarse", "17.3"),
    ("dignas", In, "dignarse", "17.3"),
    ("dignando", In, "dignarse", "17.3"),
    ("dignate", Never, "dignarse", "17.3"),
    ("dignaos", Never, "dignarse", "17.3"),
    ("dignado", In, "dignarse", "17.3"),
    ("aborrajado", In, "aborrajarse", "17.3"),
    ("dignados", Out("17.11"), "dignarse", "17.3"),
    ("dignada", Out("17.11"), "dignarse", "17.3"),
    ("dignadas", Out("17.11"), "dignarse", "17.3"),
    ("aborrajados", Out("17.11"), "aborrajarse", "17.3"),
    ("aborrajadas", Out("17.11"), "aborrajarse", "17.3"),
    ("arrepentidos", Out("17.11"), "arrepentirse", "17.3"),
    // 17.5: impersonal verbs, valid in every form and person
    ("ventiscan", In, "ventiscar", "17.5"),
    ("ventiscamos", In, "ventiscar", "17.5"),
    ("lloveré", In, "llover", "17.5"),
    ("anochecí", In, "anochecer", "17.5"),
    ("tardecemos", In, "tardecer", "17.5"),
    // 17.6: voseo
    ("volá", In, "volar", "17.6"),
    ("acertá", In, "acertar", "17.6"),
    ("contá", In, "contar", "17.6"),
    ("volás", In, "volar", "17.6"),
    ("acertás", In, "acertar", "17.6"),
    ("contás", In, "contar", "17.6"),
    // The voseo imperative HABÉ came with the 2016 update list, not with the DRAE 2001 model.
    ("habé", Out("17.6"), "haber", "17.6"),
    // 17.10: verbs marked "p. us." are conjugated
    ("exoramos", In, "exorar", "17.10"),
    ("exuberan", In, "exuberar", "17.10"),
    // 17.11: passive participles
    ("cantado", In, "cantar", "17.11"),
    ("comido", In, "comer", "17.11"),
    ("escrito", In, "escribir", "17.11"),
    ("impreso", In, "imprimir", "17.11"),
    ("dicho", In, "decir", "17.11"),
    ("boxeado", In, "boxear", "17.11"),
    ("boxeada", Out("17.11"), "boxear", "17.11"),
    ("boxeados", Out("17.11"), "boxear", "17.11"),
    ("medrados", Out("17.11"), "medrar", "17.11"),
    // 17.12: antiguo, desusado and germanía verbs: the infinitive; conjugated when they have a model
    ("atear", In, "atear", "17.12"),
    ("ateamos", Out("17.12"), "atear", "17.12"),
    ("atendar", In, "atendar", "17.12"),
    ("fuñar", In, "fuñar", "17.12"),
    ("yantamos", In, "yantar", "17.12"),
    // No article limits regional verbs (2016: 17.11, infinitive only).
    ("acalugamos", In, "acalugar", "17.1"),
    // No list of verbs open to doubt (2016: 17.12): no HABEMOS.
    ("habemos", Never, "haber", "17.1"),
];

#[test]
fn section_17_examples() {
    check_rows(&common::rules(), ROWS, "section 17");
}

#[test]
fn annex_section_17_examples() {
    check_rows(&common::rules_of("fise-2009"), ANNEX_ROWS, "the annex's section 17");
}

fn check_rows(rules: &lexico_rules::verbs::VerbRules, rows: &[(&str, Expect, &str, &str)], what: &str) {
    let Some(entries) = common::fise_entries() else { return };
    // folded text → (entry infinitive, form)
    let mut by_text: HashMap<String, Vec<(String, Form)>> = HashMap::new();
    let mut verbs_seen = std::collections::HashSet::new();
    for e in &entries {
        verbs_seen.insert(e.infinitive.clone());
        for f in rules.expand(e) {
            by_text.entry(fold(&f.text)).or_default().push((e.infinitive.clone(), f));
        }
    }
    let mut failures = Vec::new();
    for (word, expect, verb, article) in rows {
        let label = format!("{} ({article}, {verb})", word.to_uppercase());
        assert!(
            verbs_seen.contains(*verb),
            "{label}: the verb `{verb}` is not in the FISE-2 list; fix the table"
        );
        let key = fold(word);
        let forms = by_text.get(&key).map(Vec::as_slice).unwrap_or(&[]);
        let accepted: Vec<_> = forms.iter().filter(|(_, f)| f.is_accepted()).collect();
        let of_verb: Vec<_> = forms.iter().filter(|(v, _)| v == verb).collect();
        match expect {
            In => {
                if !accepted.iter().any(|(v, _)| v == verb) {
                    failures.push(format!(
                        "{label}: expected valid (a form of {verb}), got {:?}",
                        of_verb
                            .iter()
                            .map(|(_, f)| format!("{} {} {:?}", f.slot, f.rule, f.verdict))
                            .collect::<Vec<_>>()
                    ));
                }
            }
            Out(articles) => {
                if let Some((v, f)) = accepted.first() {
                    failures.push(format!(
                        "{label}: expected invalid, but {v} accepts it as {} by rule {} ({})",
                        f.slot, f.rule, f.article
                    ));
                } else if !of_verb.iter().any(|(_, f)| articles.split('|').any(|a| a == f.article)) {
                    failures.push(format!(
                        "{label}: expected a rejection of a form of {verb} citing {articles}, got {:?}",
                        of_verb
                            .iter()
                            .map(|(_, f)| format!("{} {} {}", f.slot, f.rule, f.article))
                            .collect::<Vec<_>>()
                    ));
                }
            }
            Never => {
                if !accepted.is_empty() || !of_verb.is_empty() {
                    failures.push(format!("{label}: expected never generated, got {forms:?}"));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} examples of {what} fail:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
}
