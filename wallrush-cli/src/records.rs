//! `check`, `convert` and `svg`: reading record texts and move lists, reporting the first
//! illegal move with its ply, rewriting them in another notation, drawing a position.
//!
//! ```
//! use wallrush_cli::records::{check, Verdict};
//! use wallrush_core::notation::Notation;
//! let ok = check("1. e2 e8 2. e3 e7\n", Notation::Standard);
//! assert_eq!(ok, Verdict::Valid("valid: 4 plies; game in progress, south to move".into()));
//! let bad = check("1. d4v e8 2. d4h\n", Notation::Standard);
//! assert_eq!(bad, Verdict::Illegal("illegal move at ply 3 (line 1): d4h crosses wall d4v".into()));
//! assert_eq!(bad.exit_code(), 1);
//! ```

use wallrush_core::notation::{MoveTextError, Notation};
use wallrush_core::record::RecordErrorKind;
use wallrush_core::svg::{self, SvgOptions};
use wallrush_core::{Action, Game, Move, Record, RecordError, Variant};
use wallrush_territory::{enclosure, wallgo};

use crate::CliError;

/// What `check` found in a record.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// Every move is legal and the tags agree with the game (exit status 0).
    Valid(String),
    /// The record reads, but a move is illegal or the `Result` tag contradicts the moves
    /// (exit status 1).
    Illegal(String),
    /// The text cannot be read: a malformed tag, move text or round number (exit
    /// status 2).
    Unreadable(String),
}

impl Verdict {
    /// The process exit status for this verdict: 0, 1 or 2.
    pub const fn exit_code(&self) -> u8 {
        match self {
            Verdict::Valid(_) => 0,
            Verdict::Illegal(_) => 1,
            Verdict::Unreadable(_) => 2,
        }
    }

    /// The line printed for it.
    pub fn message(&self) -> &str {
        match self {
            Verdict::Valid(m) | Verdict::Illegal(m) | Verdict::Unreadable(m) => m,
        }
    }
}

/// Which game a record text is of, from its `Game` tag.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameKind {
    /// The wall race (no `Game` tag).
    Race,
    /// Wall Go (`[Game "wallgo"]`).
    WallGo,
    /// The card enclosure game (`[Game "enclosure"]`).
    Enclosure,
}

/// Strips a byte-order mark: `check`, `convert` and `svg` read a text with one as the text
/// without it, record or bare move list alike.
fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// The tag lines at the top of `text` (trimmed), up to the first other non-blank line.
fn tag_lines(text: &str) -> impl Iterator<Item = &str> {
    strip_bom(text).lines().map(str::trim).filter(|l| !l.is_empty()).take_while(|l| l.starts_with('['))
}

/// Whether the text opens with tag lines (a record rather than a bare move list).
pub fn has_tags(text: &str) -> bool {
    tag_lines(text).next().is_some()
}

/// The game a record is of, by its `Game` tag.
pub fn game_kind(text: &str) -> GameKind {
    for line in tag_lines(text) {
        let squeezed: String = line.split_whitespace().collect::<Vec<_>>().join(" ");
        match squeezed.as_str() {
            "[Game \"wallgo\"]" => return GameKind::WallGo,
            "[Game \"enclosure\"]" => return GameKind::Enclosure,
            _ => {}
        }
    }
    GameKind::Race
}

/// The move section of a record text (everything after the tag lines).
fn move_section(text: &str) -> &str {
    let text = strip_bom(text);
    let mut offset = 0;
    for line in text.split('\n') {
        let t = line.trim();
        if !t.is_empty() && !t.starts_with('[') {
            return &text[offset..];
        }
        offset += line.len() + 1;
    }
    ""
}

/// The action tokens of a move list, round numbers (`12.`, `12...`) stripped.
fn action_tokens(moves: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for token in moves.split_ascii_whitespace() {
        let digits = token.bytes().take_while(u8::is_ascii_digit).count();
        let rest = if digits > 0 { token[digits..].trim_start_matches('.') } else { token };
        if !rest.is_empty() {
            out.push(rest);
        }
    }
    out
}

/// The ply (from 1) of action `number` (from 1) of a move list: resignations are actions
/// but not plies.
fn ply_of_action(moves: &str, number: usize) -> usize {
    let before = action_tokens(moves).into_iter().take(number.saturating_sub(1));
    1 + before.filter(|t| !t.starts_with("resign")).count()
}

/// Whether a move list writes round numbers.
fn has_round_numbers(moves: &str) -> bool {
    moves.split_ascii_whitespace().any(|t| t.starts_with(|c: char| c.is_ascii_digit()))
}

/// Sorts a record error into an illegal game (the record reads but breaks the rules) or
/// unreadable text, with a message; `moves` is the move section, to find plies.
fn classify(e: &RecordError, moves: &str) -> Verdict {
    match e.kind() {
        RecordErrorKind::Move { number, error: MoveTextError::Illegal(illegal) } => Verdict::Illegal(
            format!("illegal move at ply {} (line {}): {illegal}", ply_of_action(moves, *number), e.line()),
        ),
        RecordErrorKind::ResultMismatch { .. } => {
            Verdict::Illegal(format!("line {}: {}", e.line(), e.kind()))
        }
        _ => Verdict::Unreadable(format!("unreadable: {e}")),
    }
}

/// How a finished or unfinished race game stands.
fn race_summary(game: &Game) -> String {
    let plies = game.plies();
    let plies = crate::plies(plies);
    match game.outcome() {
        Some(o) => format!("valid: {plies}; {o}"),
        None => format!("valid: {plies}; game in progress, {} to move", game.turn()),
    }
}

/// Checks a record text (a wall-race record or bare move list read in `notation` unless
/// its `Notation` tag names another; or a Wall Go or card enclosure record, told apart
/// by their `Game` tag).
pub fn check(text: &str, notation: Notation) -> Verdict {
    let text = strip_bom(text);
    match game_kind(text) {
        GameKind::Race => match Record::parse(text, notation) {
            Ok(record) => Verdict::Valid(race_summary(record.game())),
            Err(e) => classify(&e, move_section(text)),
        },
        GameKind::WallGo => match text.parse::<wallgo::Game>() {
            Ok(rec) => {
                let plies = rec.moves().len();
                Verdict::Valid(match rec.position().outcome() {
                    Some(o) => format!("valid: wallgo, {plies} moves; {o}"),
                    None => format!(
                        "valid: wallgo, {plies} moves; game in progress, {} to move",
                        rec.position().turn()
                    ),
                })
            }
            Err(e @ wallgo::RecordError::Illegal { ply, .. }) => {
                Verdict::Illegal(format!("illegal move at ply {ply}: {e}"))
            }
            Err(e @ wallgo::RecordError::ResultMismatch { .. }) => Verdict::Illegal(e.to_string()),
            Err(e) => Verdict::Unreadable(format!("unreadable: {e}")),
        },
        GameKind::Enclosure => match enclosure::Game::from_record(text) {
            Ok(game) => {
                let moves = game.moves().len();
                Verdict::Valid(match game.position().outcome() {
                    Some(_) => format!("valid: enclosure, {moves} moves; result {}", game.result_text()),
                    None => format!(
                        "valid: enclosure, {moves} moves; game in progress, player {} to move",
                        game.position().turn()
                    ),
                })
            }
            Err(e @ enclosure::RecordError::Illegal { .. }) => Verdict::Illegal(format!("illegal move: {e}")),
            Err(e @ enclosure::RecordError::TagMismatch { .. }) => Verdict::Illegal(e.to_string()),
            Err(e) => Verdict::Unreadable(format!("unreadable: {e}")),
        },
    }
}

/// The error for a verdict that is not valid.
fn verdict_error(v: Verdict) -> CliError {
    CliError::new(v.exit_code(), v.message().to_string())
}

/// Rewrites a record (read in its `Notation` tag, else `from`) or a bare move list (read
/// in `from` on `variant`, classic by default) into notation `to`. A record comes back
/// as a record with its `Notation` tag set to `to`; a bare move list as a move list,
/// numbered when the input was.
///
/// ```
/// use wallrush_cli::records::convert;
/// use wallrush_core::notation::Notation;
/// let out = convert("e2 e8 d3h", Notation::Standard, Notation::WallRush, None)?;
/// assert_eq!(out, "e2 e8 H-d4\n");
/// # Ok::<(), wallrush_cli::CliError>(())
/// ```
///
/// # Errors
/// Exit status 1 for an illegal move, 2 for text that does not read or a territory
/// game's record (they have one notation).
pub fn convert(
    text: &str,
    from: Notation,
    to: Notation,
    variant: Option<Variant>,
) -> Result<String, CliError> {
    let text = strip_bom(text);
    match game_kind(text) {
        GameKind::Race => {}
        GameKind::WallGo | GameKind::Enclosure => {
            return Err(CliError::new(
                2,
                "Wall Go and card enclosure records have a single notation: nothing to convert",
            ));
        }
    }
    if has_tags(text) {
        let mut text = text.to_string();
        if let Some(v) = variant {
            let names_variant =
                tag_lines(&text).any(|l| l.starts_with("[Variant ") || l.starts_with("[Position "));
            if names_variant {
                return Err(CliError::new(
                    2,
                    "--variant is for move lists without one: this record names its own variant",
                ));
            }
            text = format!("[Variant \"{v}\"]\n{text}");
        }
        let mut record =
            Record::parse(&text, from).map_err(|e| verdict_error(classify(&e, move_section(&text))))?;
        record.set_notation(to);
        return Ok(record.to_string());
    }
    let mut game = Game::new(variant.unwrap_or_default());
    game.play_moves_text(text, from).map_err(|e| verdict_error(classify(&e, text)))?;
    let mut out = if has_round_numbers(text) {
        game.moves_text(to)
    } else {
        (0..game.len()).filter_map(|i| game.action_text(i, to)).collect::<Vec<_>>().join(" ")
    };
    out.push('\n');
    Ok(out)
}

/// The picture of the position after ply `ply` (the end when `None`) of a race record,
/// with the last move marked.
///
/// # Errors
/// Exit status 1 for an illegal move, 2 for text that does not read, another game's
/// record, or a ply past the end.
pub fn svg_of(
    text: &str,
    notation: Notation,
    ply: Option<u32>,
    opts: SvgOptions,
) -> Result<String, CliError> {
    let text = strip_bom(text);
    if game_kind(text) != GameKind::Race {
        return Err(CliError::new(2, "svg draws wall-race records only"));
    }
    let record =
        Record::parse(text, notation).map_err(|e| verdict_error(classify(&e, move_section(text))))?;
    let game = record.game();
    let total = game.plies();
    let ply = ply.unwrap_or(total);
    if ply > total {
        return Err(CliError::new(
            2,
            format!("ply {ply} is past the end: the record has {}", crate::plies(total)),
        ));
    }
    // The last action index after which `ply` moves have been played (resignations that
    // follow the ply included), and the last move before it.
    let mut moves = 0;
    let mut at = 0;
    let mut last: Option<(usize, Move)> = None;
    for (i, action) in game.actions().enumerate() {
        if let Action::Move(m) = action {
            if moves == ply {
                break;
            }
            moves += 1;
            last = Some((i, m));
        }
        at = i + 1;
    }
    let pos = game.position_at(at).expect("an index within the history");
    let mut opts = opts;
    if let Some((i, m)) = last {
        let before = game.position_at(i).expect("a position before every action");
        opts = opts.last_move(m, before.pawn(before.turn()));
    }
    Ok(svg::board(pos, &opts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plies_skip_resignations() {
        let moves = "1. e2 resign(west) 2... e8";
        assert_eq!(action_tokens(moves), ["e2", "resign(west)", "e8"]);
        assert_eq!(ply_of_action(moves, 3), 2);
        assert_eq!(ply_of_action("1.e2 e8 2.e3", 3), 3);
    }

    #[test]
    fn verdicts() {
        let v = check(
            "[Variant \"size=3 players=2 walls=0 wall_length=2 goal=edge\"]\n\n1. a1 c3 2. a2 c2 3. a3\n",
            Notation::Standard,
        );
        assert_eq!(v, Verdict::Valid("valid: 5 plies; south wins by goal".into()));
        let v = check("[Result \"north wins by goal\"]\n\n1. e2\n", Notation::Standard);
        assert_eq!(v.exit_code(), 1, "{v:?}");
        assert!(v.message().contains("Result tag says north wins by goal"), "{v:?}");
        let v = check("[Variant \"size=8\"]\n", Notation::Standard);
        assert_eq!(v.exit_code(), 2, "{v:?}");
        assert_eq!(check("1. e2 e8 2. zz\n", Notation::Standard).exit_code(), 2);
        let v = check("[Notation \"wallrush\"]\n\n1. e2 e8 2. Je3\n", Notation::Standard);
        assert_eq!(
            v,
            Verdict::Illegal(
                "illegal move at ply 3 (line 3): Je3 names a straight jump but the move is a step".into()
            )
        );
    }

    #[test]
    fn territory_records() {
        let wg = "[Game \"wallgo\"]\n[Players \"2\"]\n\nb2-c3n b4e\n";
        assert_eq!(check(wg, Notation::Standard).exit_code(), 0);
        let bad = "[Game \"wallgo\"]\n[Players \"2\"]\n\nb2-c3n b2-c3n\n";
        assert_eq!(check(bad, Notation::Standard).exit_code(), 1, "{:?}", check(bad, Notation::Standard));
        assert!(convert(wg, Notation::Standard, Notation::WallRush, None).is_err());
    }

    #[test]
    fn converts_lists_and_records() {
        let v = Variant::new(9, 2, 10, 3, wallrush_core::Goal::Edge).unwrap();
        assert_eq!(convert("1. d3v", Notation::Standard, Notation::WallRush, Some(v)).unwrap(), "1. V-d5\n");
        let rec =
            convert("[Event \"x\"]\n\n1. e2 e8\n", Notation::Standard, Notation::Pallwall, Some(v)).unwrap();
        assert!(rec.contains("wall_length=3") && rec.contains("[Notation \"pallwall\"]"), "{rec}");
        let e = convert("1. e2 e5", Notation::Standard, Notation::WallRush, None).unwrap_err();
        assert_eq!(
            (e.code, e.message.as_str()),
            (1, "illegal move at ply 2 (line 1): e5 is not a legal pawn move")
        );
    }

    #[test]
    fn a_byte_order_mark_is_read_alike_everywhere() {
        for (text, plies) in [("\u{feff}e2 e8\n", 2), ("\u{feff}[Event \"x\"]\n\n1. e2\n", 1)] {
            let plain = text.trim_start_matches('\u{feff}');
            assert_eq!(check(text, Notation::Standard), check(plain, Notation::Standard));
            assert_eq!(check(text, Notation::Standard).exit_code(), 0);
            let c = |t| convert(t, Notation::Standard, Notation::WallRush, None);
            assert_eq!(c(text), c(plain), "{text:?}");
            let svg = |t| svg_of(t, Notation::Standard, Some(plies), SvgOptions::new());
            assert_eq!(svg(text), svg(plain), "{text:?}");
        }
        let wg = "\u{feff}[Game \"wallgo\"]\n[Players \"2\"]\n\nb2-c3n b4e\n";
        assert_eq!(check(wg, Notation::Standard).exit_code(), 0, "{:?}", check(wg, Notation::Standard));
    }

    #[test]
    fn svg_plies() {
        let rec = "1. e2 e8 2. d4h\n";
        let opts = SvgOptions::new();
        let end = svg_of(rec, Notation::Standard, None, opts).unwrap();
        assert_eq!(end.matches("class=\"wall\"").count(), 1);
        let two = svg_of(rec, Notation::Standard, Some(2), opts).unwrap();
        assert_eq!(two.matches("class=\"wall\"").count(), 0);
        assert!(two.contains("last-move to"));
        let start = svg_of(rec, Notation::Standard, Some(0), opts).unwrap();
        assert!(!start.contains("last-move"));
        assert_eq!(svg_of(rec, Notation::Standard, Some(4), opts).unwrap_err().code, 2);
    }
}
