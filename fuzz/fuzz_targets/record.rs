//! Record text and move lists in every notation: `Record::parse`, `Record::convert` and
//! `Game::play_moves_text` on arbitrary text. None may panic; a record that reads writes
//! back to text that reads to the same record and tree (variations, NAGs, comments), in
//! its own notation and converted to the others; a refused move list plays nothing.
#![no_main]
use libfuzzer_sys::fuzz_target;
use wallrush_core::notation::Notation;
use wallrush_core::{Game, Record};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else { return };
    for n in Notation::ALL {
        match Record::parse(text, n) {
            Ok(record) => {
                let written = record.to_string();
                let back = Record::parse(&written, n).unwrap_or_else(|e| panic!("{written}\n{e}"));
                assert_eq!(back, record, "{written}");
                assert_eq!(back.tree(), record.tree(), "{written}");
                assert_eq!(back.to_string(), written);
                // The tree read is one set_tree takes back unchanged.
                let mut again = record.clone();
                again.set_tree(record.tree()).expect("a tree read is a tree set_tree takes");
                assert_eq!(again.tree(), record.tree());
                for to in Notation::ALL {
                    let converted = Record::convert(text, n, to).expect("a record that reads converts");
                    let again = Record::parse(&converted, Notation::Standard)
                        .unwrap_or_else(|e| panic!("{converted}\n{e}"));
                    assert_eq!(again.game(), record.game(), "{converted}");
                    assert_eq!(again.notation(), to);
                }
            }
            Err(e) => {
                assert!(e.line() >= 1, "lines count from 1");
                assert!(Record::convert(text, n, Notation::Standard).is_err());
            }
        }
        let mut game = Game::classic();
        match game.play_moves_text(text, n) {
            Err(_) => assert!(game.is_empty(), "a refused move list plays nothing"),
            Ok(()) => {
                let mut again = Game::classic();
                again.play_moves_text(&game.moves_text(n), n).unwrap();
                assert_eq!(again, game);
            }
        }
    }
});
