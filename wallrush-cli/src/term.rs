//! The board in a terminal: the box-drawing renderer lives in the core
//! ([`wallrush_core::boxboard`]), shared with the Python package's `Position.unicode()`.

pub use wallrush_core::boxboard::{
    draw, draw_board, draw_board_marked, draw_marked, file_label, junction, seat_ansi, seat_letter, status,
    Marks, Style, WIDE_CELLS_UP_TO,
};
