//! The causes of an error chain said in the catalogue's words ([`cause`]): every error type with
//! words in the catalogues says itself through its [`Localize`] (the answers', the store's, and
//! the command's own here).

use std::error::Error;
use std::io;

use lexico_answers::dash::DashError;
use lexico_answers::say::Localize;
use lexico_answers::ExplainError;
use lexico_lexicon::query::{QueryError, StudyError};
use lexico_lexicon::LexiconError;
use lexico_store::StoreError;
use lexico_tiles::TileError;

use crate::i18n::{msg, Lang};
use crate::lexicons::EmptyLexiconArg;

impl Localize for EmptyLexiconArg {
    fn localize(&self, lang: Lang) -> String {
        msg(lang, "error-lexicon-empty", &[])
    }
}

/// One cause of an error chain in `lang`, when its type has words in the catalogues and `lang`
/// is not English; `None` otherwise (the cause is shown as it displays itself).
pub fn cause(e: &(dyn Error + 'static), lang: Lang) -> Option<String> {
    if lang == Lang::En {
        return None;
    }
    let localize: &dyn Localize = if let Some(e) = e.downcast_ref::<StoreError>() {
        e
    } else if let Some(e) = e.downcast_ref::<TileError>() {
        e
    } else if let Some(e) = e.downcast_ref::<QueryError>() {
        e
    } else if let Some(e) = e.downcast_ref::<StudyError>() {
        e
    } else if let Some(e) = e.downcast_ref::<LexiconError>() {
        e
    } else if let Some(e) = e.downcast_ref::<EmptyLexiconArg>() {
        e
    } else if let Some(e) = e.downcast_ref::<ExplainError>() {
        e
    } else if let Some(e) = e.downcast_ref::<DashError>() {
        e
    } else {
        e.downcast_ref::<io::Error>()?
    };
    Some(localize.localize(lang))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_lexicon_option_says_its_english_in_the_english_catalogue() {
        assert_eq!(EmptyLexiconArg.localize(Lang::En), EmptyLexiconArg.to_string());
    }

    #[test]
    fn a_chain_is_said_cause_by_cause() {
        let err = anyhow::Error::from(LexiconError::NotALexicon).context("x.lex");
        let causes: Vec<Option<String>> = err.chain().map(|c| cause(c, Lang::Es)).collect();
        assert_eq!(causes[0], None);
        assert_eq!(
            causes[1].as_deref(),
            Some("no es un fichero de léxico de Lexico (número mágico incorrecto)")
        );
        assert!(err.chain().all(|c| cause(c, Lang::En).is_none()));
    }
}
