//! `GET /api/v1/dash`: the judge page's Dash mode. Whether a word meets a Scrabble Dash card,
//! with a player's hand if one is given, as `lexico dash` answers (`lexico_answers::dash`). A
//! card game's question, not a tournament's: it takes the table code like the judge, and nothing
//! is logged or numbered.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use lexico_answers::dash::{Dash, DashError};
use lexico_answers::record::DashRecord;
use lexico_answers::say::{self, Localize};

use crate::api::DashAnswer;
use crate::{asked, check_code, field, refuse, Asking, Refusal, Station, MAX_LABEL, MAX_WORD};

pub(crate) async fn dash(
    State(st): State<Arc<Station>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    q: RawQuery,
) -> Response {
    asked(&st, peer, &headers, q, |asking| answer(&st, asking))
}

fn answer(st: &Station, asking: &Asking) -> Result<Response, Refusal> {
    let (q, lang) = (asking.q, asking.lang);
    if st.table_code.is_some() {
        check_code(st, asking, true)?;
    }
    let card = field(q, "card", MAX_LABEL, lang)?;
    let word = field(q, "word", MAX_WORD, lang)?;
    let hand = field(q, "hand", MAX_LABEL, lang)?;
    if card.is_empty() {
        return Err(refuse(lang, StatusCode::BAD_REQUEST, "missing-card", "api-missing-card", &[]));
    }
    if word.is_empty() {
        return Err(refuse(lang, StatusCode::BAD_REQUEST, "missing-word", "api-missing-word", &[]));
    }
    let refusal = |code: &'static str, e: DashError| Refusal {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        code,
        message: e.localize(lang),
        retry: None,
    };
    let dash = Dash::new(&st.lex, card, (!hand.is_empty()).then_some(hand)).map_err(|e| match e {
        DashError::HandTooLong { .. } | DashError::HandNoCard { .. } | DashError::HandEmpty => {
            refusal("bad-hand", e)
        }
        DashError::NoVerbs => refusal("no-verbs", e),
        e => refusal("bad-card", e),
    })?;
    let j = dash.judge(word).map_err(|e| refusal("unreadable-word", e))?;
    let record = DashRecord::new(&j, dash.cards(), dash.card());
    Ok(Json(DashAnswer {
        card: record.card,
        card_text: dash.cards().name(dash.card(), lang),
        cards: record.cards,
        count: record.count,
        lemma: record.lemma,
        lexicon: &st.lexicon,
        message: say::dash(&j, dash.cards(), dash.card(), lang),
        missing: record.missing,
        reason: record.reason,
        verdict: record.verdict,
        verdict_text: say::dash_verdict(&j.verdict, lang),
        word: &j.word,
    })
    .into_response())
}
