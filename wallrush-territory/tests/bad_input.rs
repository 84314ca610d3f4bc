//! The territory rows of the bad-input table (docs/BAD_INPUT.md): what Wall Go and the card game
//! answer to ten megabytes of garbage (the Quoridor rows are in
//! `wallrush-core/tests/bad_input.rs`).

use wallrush_territory::{enclosure, wallgo};

#[test]
fn ten_megabytes_of_garbage() {
    let garbage = "x".repeat(10 << 20);
    let len = garbage.len();
    assert_eq!(garbage.parse::<wallgo::Game>().unwrap_err(), wallgo::RecordError::TooLong(len));
    assert_eq!(enclosure::Game::from_record(&garbage).unwrap_err(), enclosure::RecordError::TooLong(len));
    assert!(wallgo::Position::from_text(&garbage).is_err());
    assert!(enclosure::Position::from_text(&garbage).is_err());
    let spaces = " x".repeat(len / 2);
    assert_eq!(
        wallgo::Position::from_text(&spaces).unwrap_err().to_string(),
        "expected 4 fields (pieces, walls, turn, breaks), found 5242880"
    );
    assert!(enclosure::Position::from_text(&spaces).is_err());
}
