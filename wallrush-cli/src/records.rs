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

use std::ops::ControlFlow;
use wallrush_core::notation::{MoveTextError, Notation};

use wallrush_core::record::{visit_moves, RecordErrorKind, RoundNumber, Skip, Visitor};
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

/// The main line's action tokens of a move list: round numbers, `{comments}`, NAGs and
/// variations left out (up to the first syntax error, if any).
fn action_tokens(moves: &str) -> Vec<String> {
    /// Collects the main line's actions, skipping every variation.
    struct Mainline(Vec<String>);
    impl Visitor for Mainline {
        fn action(&mut self, text: &str, _: Option<RoundNumber>, _: usize) -> ControlFlow<()> {
            self.0.push(text.to_string());
            ControlFlow::Continue(())
        }
        fn begin_variation(&mut self, _: usize) -> ControlFlow<(), Skip> {
            ControlFlow::Continue(Skip(true))
        }
    }
    let mut m = Mainline(Vec::new());
    // A syntax error ends the list where it stands: the actions before it are the ones
    // a ply is counted over.
    let _ = visit_moves(moves, &mut m);
    m.0
}

/// Whether a move list holds what only a record keeps: comments, NAGs or variations.
fn is_annotated(moves: &str) -> bool {
    moves.contains(['{', '(', '$', '!', '?'])
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
        RecordErrorKind::ResultMismatch { .. } | RecordErrorKind::ResultTokenMismatch { .. } => {
            Verdict::Illegal(format!("line {}: {}", e.line(), e.kind()))
        }
        RecordErrorKind::Move { number, error: MoveTextError::Invalid(why) } => {
            let tokens = action_tokens(moves);
            let token = tokens.get(number.saturating_sub(1)).map_or("", String::as_str);
            Verdict::Unreadable(format!(
                "unreadable: line {}: ply {} {token:?}: {}",
                e.line(),
                ply_of_action(moves, *number),
                crate::words(&why.to_string())
            ))
        }
        RecordErrorKind::VariationMove { path, error: MoveTextError::Illegal(illegal) } => {
            Verdict::Illegal(format!("illegal move in {path} (line {}): {illegal}", e.line()))
        }
        _ => Verdict::Unreadable(format!("unreadable: {}", crate::words(&e.to_string()))),
    }
}

/// The verdict on a text that has no tags and no moves at all (an empty or blank file):
/// unreadable, since a record always has at least a tag or a move.
pub const EMPTY: &str = "unreadable: empty input: no tags and no moves";

/// A territory record's reading error in the words `check` uses everywhere: plies, no
/// byte offsets.
fn territory_words(message: &str) -> String {
    let message = crate::words(message);
    match message.strip_prefix("move ") {
        Some(rest) => format!("ply {rest}"),
        None => message,
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
    if text.trim().is_empty() {
        return Verdict::Unreadable(EMPTY.to_string());
    }
    match game_kind(text) {
        GameKind::Race => match Record::parse(text, notation) {
            Ok(record) => {
                let mut summary = race_summary(record.game());
                let aside = record.tree().node_count() - record.game().len();
                if aside > 0 {
                    let at = summary.find(';').unwrap_or(summary.len());
                    let s = if aside == 1 { "" } else { "s" };
                    summary.insert_str(at, &format!(", {aside} more action{s} in variations"));
                }
                Verdict::Valid(summary)
            }
            Err(e) => classify(&e, move_section(text)),
        },
        GameKind::WallGo => match text.parse::<wallgo::Game>() {
            Ok(rec) => {
                let plies = rec.moves().len() as u32;
                Verdict::Valid(match rec.position().outcome() {
                    Some(o) => format!("valid: wallgo, {}; {o}", crate::plies(plies)),
                    None => format!(
                        "valid: wallgo, {}; game in progress, {} to move",
                        crate::plies(plies),
                        rec.position().turn()
                    ),
                })
            }
            Err(e @ wallgo::RecordError::Illegal { ply, .. }) => {
                Verdict::Illegal(format!("illegal move at ply {ply}: {e}"))
            }
            Err(e @ wallgo::RecordError::ResultMismatch { .. }) => Verdict::Illegal(e.to_string()),
            Err(e) => Verdict::Unreadable(format!("unreadable: {}", territory_words(&e.to_string()))),
        },
        GameKind::Enclosure => match enclosure::Game::from_record(text) {
            Ok(game) => {
                let moves = crate::plies(game.moves().len() as u32);
                Verdict::Valid(match game.position().outcome() {
                    Some(_) => format!("valid: enclosure, {moves}; result {}", game.result_text()),
                    None => format!(
                        "valid: enclosure, {moves}; game in progress, player {} to move",
                        game.position().turn()
                    ),
                })
            }
            Err(e @ enclosure::RecordError::Illegal { .. }) => Verdict::Illegal(format!("illegal move: {e}")),
            Err(e @ enclosure::RecordError::TagMismatch { .. }) => Verdict::Illegal(e.to_string()),
            Err(e) => Verdict::Unreadable(format!("unreadable: {}", territory_words(&e.to_string()))),
        },
    }
}

/// The records of a text holding one or more, in order: each one's text, led by as many
/// line breaks as lines come before it in the whole text, so that every line number a
/// reader reports is a line of the whole text. One record (or none) comes back as the
/// whole text. Records are told apart as [`read_records`](wallrush_core::record::read_records)
/// tells them (a tag line after moves, or a line after a result token).
pub fn split_records(text: &str) -> Vec<String> {
    let text = strip_bom(text);
    let mut split = wallrush_core::record::RecordSplitter::new();
    let mut starts = vec![(0usize, 0usize)];
    let (mut offset, mut line) = (0, 0);
    for l in text.split_inclusive('\n') {
        if split.starts_record(l) {
            starts.push((offset, line));
        }
        offset += l.len();
        line += 1;
    }
    if starts.len() == 1 {
        return vec![text.to_string()];
    }
    let ends = starts.iter().skip(1).map(|&(o, _)| o).chain([text.len()]);
    starts.iter().zip(ends).map(|(&(start, line), end)| "\n".repeat(line) + &text[start..end]).collect()
}

/// `check` of a text holding one or more records (see [`split_records`]): the lines to
/// print and the exit status. One record gets its one verdict line; many get a line
/// each, `record K: …`, and a last line counting them; the status is the worst
/// verdict's (unreadable 2 over illegal 1 over valid 0).
///
/// ```
/// use wallrush_cli::records::check_all;
/// use wallrush_core::notation::Notation;
/// let (lines, code) = check_all("1. e2 e8 *\n\n1. d4v e8 2. d4h *\n", Notation::Standard);
/// assert_eq!(lines, [
///     "record 1: valid: 2 plies; game in progress, south to move",
///     "record 2: illegal move at ply 3 (line 3): d4h crosses wall d4v",
///     "2 records: 1 valid, 1 illegal, 0 unreadable",
/// ]);
/// assert_eq!(code, 1);
/// ```
pub fn check_all(text: &str, notation: Notation) -> (Vec<String>, u8) {
    let records = split_records(text);
    let verdicts: Vec<Verdict> = records.iter().map(|r| check(r, notation)).collect();
    let code = verdicts.iter().map(Verdict::exit_code).max().unwrap_or(0);
    if let [one] = verdicts.as_slice() {
        return (vec![one.message().to_string()], code);
    }
    let count = |c: u8| verdicts.iter().filter(|v| v.exit_code() == c).count();
    let mut lines: Vec<String> =
        verdicts.iter().enumerate().map(|(i, v)| format!("record {}: {}", i + 1, v.message())).collect();
    lines.push(format!(
        "{} records: {} valid, {} illegal, {} unreadable",
        verdicts.len(),
        count(0),
        count(1),
        count(2)
    ));
    (lines, code)
}

/// `convert` of a text holding one or more records (see [`split_records`]): the
/// converted records, a blank line between two, and an error for each record that
/// cannot be converted (`record K: …`, with its exit status). One record converts as
/// [`convert`] does and its error has no record number.
///
/// ```
/// use wallrush_cli::records::convert_all;
/// use wallrush_core::notation::Notation;
/// let (out, errors) = convert_all("e2 e8 *\n\nd3h %% *\n\ne2 *\n", Notation::Standard, Notation::WallRush, None);
/// assert_eq!(out, "e2 e8 *\n\ne2 *\n");
/// assert_eq!(errors.len(), 1);
/// assert!(errors[0].message.starts_with("record 2: "));
/// ```
pub fn convert_all(
    text: &str,
    from: Notation,
    to: Notation,
    variant: Option<Variant>,
) -> (String, Vec<CliError>) {
    let records = split_records(text);
    if records.len() == 1 {
        return match convert(&records[0], from, to, variant) {
            Ok(out) => (out, Vec::new()),
            Err(e) => (String::new(), vec![e]),
        };
    }
    let mut converted = Vec::new();
    let mut errors = Vec::new();
    for (i, record) in records.iter().enumerate() {
        match convert(record, from, to, variant) {
            Ok(out) => converted.push(out),
            Err(e) => errors.push(CliError::new(e.code, format!("record {}: {}", i + 1, e.message))),
        }
    }
    (converted.join("\n"), errors)
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
    if is_annotated(text) {
        // Comments, NAGs and variations are kept: the list is read as a record's.
        let tagged = format!("[Variant \"{}\"]\n{text}", variant.unwrap_or_default());
        let mut record = Record::parse(&tagged, from).map_err(|e| {
            // Lines counted in the text given, without the tag line.
            let e = RecordError::new(e.line().saturating_sub(1).max(1), e.kind().clone());
            verdict_error(classify(&e, text))
        })?;
        record.set_notation(to);
        return Ok(record.movetext() + "\n");
    }
    let mut game = Game::new(variant.unwrap_or_default());
    game.play_moves_text(text, from).map_err(|e| verdict_error(classify(&e, text)))?;
    let mut out = if has_round_numbers(text) {
        game.moves_text(to)
    } else {
        (0..game.len()).filter_map(|i| game.action_text(i, to)).collect::<Vec<_>>().join(" ")
    };
    // A result token the list ended with (which the game was checked against) stays.
    let token = wallrush_core::record::result_token(&game);
    if !out.ends_with(&token) && text.split_ascii_whitespace().last() == Some(token.as_str()) {
        out.push(' ');
        out.push_str(&token);
    }
    out.push('\n');
    Ok(out)
}

/// The picture of the position after ply `ply` (the end when `None`) of a race record,
/// with the last move marked. An explicit ply draws the position before any resignation
/// that follows it (a resignation is not a ply); the end includes them. A record with an
/// illegal move at ply P can still be drawn at a ply before P.
///
/// ```
/// use wallrush_cli::records::svg_of;
/// use wallrush_core::notation::Notation;
/// use wallrush_core::svg::SvgOptions;
/// // The fourth ply is illegal; the position after the second is drawn all the same.
/// let picture = svg_of("1. e2 e8 2. d4v d4h\n", Notation::Standard, Some(2), SvgOptions::new())?;
/// assert!(picture.starts_with("<svg"));
/// assert_eq!(svg_of("1. e2 e8 2. d4v d4h\n", Notation::Standard, None, SvgOptions::new()).unwrap_err().code, 1);
/// # Ok::<(), wallrush_cli::CliError>(())
/// ```
///
/// # Errors
/// Exit status 1 for an illegal move at or before the ply, 2 for text that does not
/// read, a territory game's record (see [`territory_svg`]), or a ply past the end.
pub fn svg_of(
    text: &str,
    notation: Notation,
    ply: Option<u32>,
    opts: SvgOptions,
) -> Result<String, CliError> {
    let text = strip_bom(text);
    if game_kind(text) != GameKind::Race {
        return Err(CliError::new(2, "svg: a Wall Go or card enclosure record: see territory_svg"));
    }
    let record = match Record::parse(text, notation) {
        Ok(record) => record,
        Err(e) => {
            let verdict = classify(&e, move_section(text));
            match (e.kind(), ply) {
                (RecordErrorKind::Move { number, error: MoveTextError::Illegal(_) }, Some(k))
                    if (k as usize) < ply_of_action(move_section(text), *number) =>
                {
                    before_action(text, *number, notation).ok_or_else(|| verdict_error(verdict))?
                }
                _ => {
                    let mut err = verdict_error(verdict);
                    if let RecordErrorKind::Move { number, error: MoveTextError::Illegal(_) } = e.kind() {
                        let p = ply_of_action(move_section(text), *number);
                        if p > 1 {
                            err.message.push_str(&format!(" (--ply {} draws the position before it)", p - 1));
                        }
                    }
                    return Err(err);
                }
            }
        }
    };
    let game = record.game();
    let total = game.plies();
    if let Some(k) = ply {
        if k > total {
            return Err(CliError::new(
                2,
                format!("ply {k} is past the end: the record has {}", crate::plies(total)),
            ));
        }
    }
    // The last action index after which `ply` moves have been played (with an explicit
    // ply, before a resignation that follows it; at the end, everything), and the last
    // move before it.
    let mut moves = 0;
    let mut at = 0;
    let mut last: Option<(usize, Move)> = None;
    for (i, action) in game.actions().enumerate() {
        if ply == Some(moves) {
            break;
        }
        if let Action::Move(m) = action {
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

/// The record made of `text`'s tags (less its `Result`) and its actions before action
/// `number` (from 1), or `None` when that does not read.
fn before_action(text: &str, number: usize, notation: Notation) -> Option<Record> {
    let tags: Vec<&str> = tag_lines(text).filter(|l| !l.starts_with("[Result ")).collect();
    let moves: Vec<String> = action_tokens(move_section(text)).into_iter().take(number - 1).collect();
    let prefix = format!("{}\n\n{}\n", tags.join("\n"), moves.join(" "));
    Record::parse(&prefix, notation).ok()
}

/// Size and labels of a territory game's picture: what `svg` takes for every game.
#[derive(Clone, Copy, Debug, Default)]
pub struct TerritorySvg {
    /// Draw the position after this many plies (the end when `None`).
    pub ply: Option<u32>,
    /// Width in pixels (the library's default when `None`).
    pub size: Option<u32>,
    /// File and rank labels.
    pub coordinates: bool,
}

/// The picture of a Wall Go or card enclosure record (told apart by its `Game` tag) after
/// `req.ply` plies, the last move highlighted, with the legend of scores.
///
/// ```
/// use wallrush_cli::records::{territory_svg, TerritorySvg};
/// let rec = "[Game \"wallgo\"]\n[Players \"2\"]\n\nb2-c3n b4e\n";
/// let picture = territory_svg(rec, TerritorySvg { ply: Some(1), size: None, coordinates: true })?;
/// assert!(picture.contains("class=\"piece "));
/// # Ok::<(), wallrush_cli::CliError>(())
/// ```
///
/// # Errors
/// Exit status 1 for an illegal move, 2 for text that does not read, a race record, or a
/// ply past the end.
pub fn territory_svg(text: &str, req: TerritorySvg) -> Result<String, CliError> {
    use wallrush_territory::enclosure::svg as esvg;
    use wallrush_territory::wallgo::svg as wsvg;
    let text = strip_bom(text);
    let past = |total: usize| {
        CliError::new(
            2,
            format!(
                "ply {} is past the end: the record has {}",
                req.ply.unwrap_or(0),
                crate::plies(total as u32)
            ),
        )
    };
    match game_kind(text) {
        GameKind::Race => Err(CliError::new(2, "a wall-race record: svg draws it with svg_of")),
        GameKind::WallGo => {
            let rec = text
                .parse::<wallgo::Game>()
                .map_err(|e| verdict_error(check(text, Notation::Standard)).or(e))?;
            let moves = rec.moves();
            let k = req.ply.map_or(moves.len(), |k| k as usize);
            if k > moves.len() {
                return Err(past(moves.len()));
            }
            let mut pos = rec.start().clone();
            for &m in &moves[..k] {
                pos.play(m).expect("a record that reads replays");
            }
            let last = k.checked_sub(1).map(|i| moves[i]);
            let opts = wsvg::SvgOptions::new().size(req.size).coordinates(req.coordinates).last_move(last);
            Ok(wsvg::board(&pos, &opts))
        }
        GameKind::Enclosure => {
            let game = enclosure::Game::from_record(text)
                .map_err(|e| verdict_error(check(text, Notation::Standard)).or(e))?;
            let moves = game.moves();
            let k = req.ply.map_or(moves.len(), |k| k as usize);
            if k > moves.len() {
                return Err(past(moves.len()));
            }
            let mut pos = game.start().clone();
            for &m in &moves[..k] {
                pos.play(m).expect("a record that reads replays");
            }
            let last = k.checked_sub(1).map(|i| moves[i]);
            let opts = esvg::SvgOptions::new().size(req.size).coordinates(req.coordinates).last_move(last);
            Ok(esvg::board(&pos, &opts))
        }
    }
}

/// A verdict error, or `fallback`'s words should the verdict (wrongly) be valid.
trait OrError {
    fn or(self, fallback: impl std::fmt::Display) -> CliError;
}

impl OrError for CliError {
    fn or(self, fallback: impl std::fmt::Display) -> CliError {
        if self.code == 0 {
            CliError::new(2, fallback.to_string())
        } else {
            self
        }
    }
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
