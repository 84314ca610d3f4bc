//! The board on ratatui's test backend: exact cells of drawn positions, and key and
//! mouse sequences driving the state.

use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::style::Color;
use ratatui::Terminal;
use wallrush_core::{BySeat, Goal, Move, Variant};

use super::render::render;
use super::state::{App, Event, Mode};
use crate::engines::PlayerSpec;
use crate::play::{PlayConfig, Session};

/// A hot-seat board on `variant`, on a screen of `w` × `h`.
fn hot_seat(variant: Variant, w: u16, h: u16) -> App {
    let mut cfg = PlayConfig::new(variant);
    cfg.players = BySeat([PlayerSpec::Human; 4]);
    App::new(Session::new(cfg, Vec::new()).unwrap(), w, h)
}

fn small() -> Variant {
    Variant::new(3, 2, 2, 2, Goal::Edge).unwrap()
}

fn draw(app: &App) -> Buffer {
    let (w, h) = (app.screen.width, app.screen.height);
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| render(app, f)).unwrap();
    terminal.backend().buffer().clone()
}

/// The first `n` characters of `row`, trailing blanks trimmed: the board without the
/// panel beside it.
fn left(row: &str, n: usize) -> String {
    row.chars().take(n).collect::<String>().trim_end().to_string()
}

/// The rows of a buffer as text, trailing blanks trimmed.
fn rows(buf: &Buffer) -> Vec<String> {
    (0..buf.area.height)
        .map(|y| {
            let row: String = (0..buf.area.width).map(|x| buf[(x, y)].symbol().to_string()).collect();
            row.trim_end().to_string()
        })
        .collect()
}

fn key(app: &mut App, code: KeyCode) {
    app.update(Event::Key(KeyEvent::new(code, KeyModifiers::NONE))).unwrap();
}

fn keys(app: &mut App, codes: &[KeyCode]) {
    for &c in codes {
        key(app, c);
    }
}

fn text(app: &mut App, s: &str) {
    for c in s.chars() {
        key(app, if c == '\n' { KeyCode::Enter } else { KeyCode::Char(c) });
    }
}

fn mouse(app: &mut App, kind: MouseEventKind, column: u16, row: u16) {
    let event = MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE };
    app.update(Event::Mouse(event)).unwrap();
}

#[test]
fn the_opening_of_a_small_board_cell_by_cell() {
    let app = hot_seat(small(), 72, 14);
    let expected = [
        "wallrush play: 3×3, 2 seats, 2 walls each",
        "     a   b   c             ▶ S south route  2  walls  2  person",
        "   ┌───┬───┬───┐             N north route  2  walls  2  person",
        " 3 │   │ N │   │ 3         ply 0",
        "   ├───┼───┼───┤           pawn: arrows, Enter moves; W walls",
        " 2 │   │ • │   │ 2",
        "   ├───┼───┼───┤",
        " 1 │ • │[S]│ • │ 1",
        "   └───┴───┴───┘",
        "     a   b   c",
        "South pawn on b1, 2 steps from rank 3. North pawn on b3, 2 steps from",
        "rank 1. No walls. Walls left: South 2, North 2. South to move. Shortest",
        "route for South: b1, b2, b3.",
        "arrows · Enter/Space move · W walls · R turn · Tab routes · u undo · U r",
    ];
    let buf = draw(&app);
    assert_eq!(rows(&buf), expected);
    // The pawns in their seats' colours, the goal edges too: south's is the top edge.
    assert_eq!(buf[(9, 3)].fg, Color::Cyan);
    assert_eq!(buf[(9, 7)].fg, Color::Yellow);
    assert_eq!(buf[(5, 2)].fg, Color::Yellow);
    assert_eq!(buf[(5, 8)].fg, Color::Cyan);
}

#[test]
fn the_arrows_move_the_cursor_and_stop_at_the_edge() {
    let mut app = hot_seat(small(), 72, 14);
    keys(&mut app, &[KeyCode::Left, KeyCode::Left, KeyCode::Down]);
    assert_eq!(app.cursor.to_string(), "a1");
    assert_eq!(left(&rows(&draw(&app))[7], 19), " 1 │[•]│ S │ • │ 1");
    keys(&mut app, &[KeyCode::Up, KeyCode::Up, KeyCode::Up, KeyCode::Right]);
    assert_eq!(app.cursor.to_string(), "b3");
    assert_eq!(left(&rows(&draw(&app))[3], 19), " 3 │   │[N]│   │ 3");
}

#[test]
fn a_legal_ghost_is_drawn_double_with_the_routes_it_leaves() {
    let mut app = hot_seat(Variant::new(5, 2, 3, 2, Goal::Edge).unwrap(), 80, 20);
    text(&mut app, "w");
    assert_eq!(app.mode, Mode::Wall(wallrush_core::Orientation::Horizontal));
    let buf = draw(&app);
    let rows = rows(&buf);
    // The wall c1h, above c1 and d1, between ranks 1 and 2.
    assert_eq!(left(&rows[10], 27), "   ├───┼───┼═══════┼───┤");
    assert_eq!(left(&rows[11], 27), " 1 │   │ • │ S │ • │   │ 1");
    assert!(rows.iter().any(|r| r.ends_with("wall c1h: R turns, Enter aims")), "{rows:#?}");
    assert!(rows.iter().any(|r| r.ends_with("legal; routes S 4→5 N 4→5")), "{rows:#?}");
    assert_eq!(buf[(12, 10)].fg, Color::LightGreen);
}

#[test]
fn a_refused_ghost_is_drawn_crossed_with_the_cores_reason() {
    let mut app = hot_seat(Variant::new(5, 2, 3, 2, Goal::Edge).unwrap(), 80, 20);
    // South places c1h (W, Enter aims, Enter places); north turns to c1v, which crosses it.
    keys(&mut app, &[KeyCode::Char('w'), KeyCode::Enter, KeyCode::Enter]);
    assert_eq!(app.session.game().plies(), 1);
    keys(&mut app, &[KeyCode::Char('w')]);
    for _ in 0..4 {
        key(&mut app, KeyCode::Down);
    }
    key(&mut app, KeyCode::Char('r'));
    assert_eq!(app.ghost().unwrap().to_string(), "c1v");
    let buf = draw(&app);
    let rows = rows(&buf);
    assert_eq!(left(&rows[9], 27), " 2 │   │   │   ╳   │   │ 2");
    assert_eq!(left(&rows[10], 27), "   ├───┼───┾━━━╳━━━┽───┤");
    assert_eq!(left(&rows[11], 27), " 1 │   │   │ S ╳   │   │ 1");
    assert!(rows.iter().any(|r| r.ends_with("refused: c1v crosses wall c1h")), "{rows:#?}");
    assert_eq!(buf[(15, 10)].fg, Color::LightRed);
    // Enter twice changes nothing but says why.
    keys(&mut app, &[KeyCode::Enter, KeyCode::Enter]);
    assert_eq!(app.session.game().plies(), 1);
    assert!(app.log.last().unwrap().contains("c1v crosses wall c1h"), "{:?}", app.log);
}

#[test]
fn a_wall_that_shuts_a_pawn_in_is_refused_with_the_seat_named() {
    let mut app = hot_seat(small(), 72, 14);
    text(&mut app, ":a2h\n:a3\n");
    assert_eq!(app.session.game().plies(), 2);
    keys(&mut app, &[KeyCode::Char('w'), KeyCode::Right, KeyCode::Up, KeyCode::Char('r')]);
    assert_eq!(app.ghost().unwrap().to_string(), "b2v");
    let rows = rows(&draw(&app));
    assert!(rows.iter().any(|r| r.contains("refused: b2v leaves north without a route")), "{rows:#?}");
}

#[test]
fn keys_play_a_game_to_a_win() {
    let mut app = hot_seat(small(), 72, 14);
    keys(&mut app, &[KeyCode::Up, KeyCode::Enter]);
    assert_eq!(app.position().pawn(wallrush_core::Seat::South).unwrap().to_string(), "b2");
    // The cursor goes to north's pawn; Space moves like Enter.
    assert_eq!(app.cursor.to_string(), "b3");
    keys(&mut app, &[KeyCode::Left, KeyCode::Char(' ')]);
    // A square the pawn cannot reach is refused and changes nothing.
    keys(&mut app, &[KeyCode::Down, KeyCode::Left, KeyCode::Enter]);
    assert_eq!(app.session.game().plies(), 2);
    assert!(app.log.last().unwrap().starts_with("illegal: "), "{:?}", app.log);
    keys(&mut app, &[KeyCode::Right, KeyCode::Up, KeyCode::Up, KeyCode::Enter]);
    assert_eq!(app.session.game().outcome().unwrap().to_string(), "south wins by goal");
    assert!(app.log.iter().any(|l| l == "game over: south wins by goal after 3 plies"), "{:?}", app.log);
    let rows = rows(&draw(&app));
    let said = rows[10..13].join(" ");
    assert!(said.contains("Game over: south wins by goal."), "{rows:#?}");
}

#[test]
fn the_first_enter_aims_the_second_places_and_esc_clears_the_aim() {
    let mut app = hot_seat(small(), 72, 14);
    keys(&mut app, &[KeyCode::Char('w'), KeyCode::Enter]);
    assert_eq!(app.aimed.map(|w| w.to_string()).as_deref(), Some("b1h"));
    assert_eq!(app.session.game().plies(), 0);
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.aimed, None);
    assert!(matches!(app.mode, Mode::Wall(_)));
    // Moving after aiming needs a new aim.
    keys(&mut app, &[KeyCode::Enter, KeyCode::Left, KeyCode::Enter]);
    assert_eq!(app.session.game().plies(), 0);
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.session.game().moves().last(), Some("a1h".parse::<Move>().unwrap()));
    assert_eq!(app.mode, Mode::Pawn);
    // Esc with no aim leaves wall mode.
    keys(&mut app, &[KeyCode::Char('w'), KeyCode::Esc]);
    assert_eq!(app.mode, Mode::Pawn);
}

#[test]
fn undo_redo_and_the_line_prompt_use_the_sessions_commands() {
    let mut app = hot_seat(small(), 72, 14);
    keys(&mut app, &[KeyCode::Up, KeyCode::Enter]);
    key(&mut app, KeyCode::Char('u'));
    assert_eq!(app.session.game().plies(), 0);
    assert!(app.log.iter().any(|l| l == "undone: south b2"), "{:?}", app.log);
    key(&mut app, KeyCode::Char('U'));
    assert_eq!(app.session.game().plies(), 1);
    let dir = std::env::temp_dir().join(format!("wallrush-board-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.txt");
    let _ = std::fs::remove_file(&file);
    text(&mut app, &format!(":save {}\n", file.display()));
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.contains("\n1. b2\n"), "{saved}");
    // Tab completes at the prompt; Esc closes it.
    text(&mut app, ":und");
    key(&mut app, KeyCode::Tab);
    assert_eq!(app.prompt.as_deref(), Some("undo "));
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.prompt, None);
    assert_eq!(app.session.game().plies(), 1);
    // Saved, so q leaves at once.
    key(&mut app, KeyCode::Char('q'));
    assert!(app.quit);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn leaving_an_unsaved_game_asks_first() {
    let mut app = hot_seat(small(), 72, 14);
    keys(&mut app, &[KeyCode::Up, KeyCode::Enter, KeyCode::Char('q')]);
    assert!(!app.quit);
    assert!(app.log.last().unwrap().ends_with("leave? y/N"), "{:?}", app.log);
    key(&mut app, KeyCode::Char('n'));
    assert!(!app.quit);
    text(&mut app, ":quit\ny");
    assert!(app.quit);
}

#[test]
fn the_mouse_moves_the_pawn_points_at_walls_and_places_them() {
    let mut app = hot_seat(small(), 72, 14);
    // b2's middle cell is at column 9, row 5 (see the opening's cells).
    mouse(&mut app, MouseEventKind::Down(MouseButton::Left), 9, 5);
    assert_eq!(app.session.game().moves().last(), Some("b2".parse::<Move>().unwrap()));
    // Pointing at the gap under a2 and b2... at column 5, row 6: the wall a1h shows.
    mouse(&mut app, MouseEventKind::Moved, 5, 6);
    assert_eq!(app.ghost().map(|w| w.to_string()).as_deref(), Some("a1h"));
    assert_eq!(app.session.game().plies(), 1);
    // The gap right of b3 (column 11, row 3): a vertical wall, kept on the board (b2v).
    mouse(&mut app, MouseEventKind::Moved, 11, 3);
    assert_eq!(app.ghost().map(|w| w.to_string()).as_deref(), Some("b2v"));
    mouse(&mut app, MouseEventKind::Down(MouseButton::Left), 5, 6);
    assert_eq!(app.session.game().moves().last(), Some("a1h".parse::<Move>().unwrap()));
    assert_eq!(app.mode, Mode::Pawn);
}

#[test]
fn tab_draws_every_seats_route() {
    let mut app = hot_seat(Variant::new(5, 4, 5, 2, Goal::Edge).unwrap(), 80, 20);
    key(&mut app, KeyCode::Tab);
    let rows = rows(&draw(&app));
    // South's route up the c file, west's along rank 3, north's down and east's along.
    assert_eq!(left(&rows[5], 27), " 4 │   │   │ · │   │   │ 4", "{rows:#?}");
    assert_eq!(left(&rows[7], 27), " 3 │ W │ · │ · │ · │ E │ 3", "{rows:#?}");
}

/// Waits (with ticks) until no engine thinks, at most ten seconds.
fn settle(app: &mut App) {
    let start = std::time::Instant::now();
    while app.thought.is_some() {
        assert!(start.elapsed() < std::time::Duration::from_secs(10), "the engine did not answer");
        std::thread::sleep(std::time::Duration::from_millis(10));
        app.update(Event::Tick).unwrap();
    }
}

#[test]
fn engines_think_on_their_own_thread_and_esc_stops_them() {
    let mut cfg = PlayConfig::new(Variant::new(5, 2, 3, 2, Goal::Edge).unwrap());
    cfg.players = BySeat([PlayerSpec::Human, PlayerSpec::Human, PlayerSpec::Beginner, PlayerSpec::Human]);
    let mut app = App::new(Session::new(cfg, Vec::new()).unwrap(), 80, 20);
    keys(&mut app, &[KeyCode::Up, KeyCode::Enter]);
    settle(&mut app);
    assert_eq!(app.session.game().plies(), 2);
    assert!(app.log.iter().any(|l| l.starts_with("ply 2: north (beginner) plays")), "{:?}", app.log);

    // A strong engine with ten seconds a move: Esc stops it at once, g lets it go again.
    let mut cfg = PlayConfig::new(Variant::new(5, 2, 3, 2, Goal::Edge).unwrap());
    let strong: PlayerSpec = "strong:10000".parse().unwrap();
    cfg.players = BySeat([PlayerSpec::Human, PlayerSpec::Human, strong, PlayerSpec::Human]);
    let mut app = App::new(Session::new(cfg, Vec::new()).unwrap(), 80, 20);
    keys(&mut app, &[KeyCode::Up, KeyCode::Enter]);
    assert!(app.thought.is_some());
    let rows = rows(&draw(&app));
    assert!(rows.iter().any(|r| r.contains("north (strong:10000) thinking…")), "{rows:#?}");
    key(&mut app, KeyCode::Esc);
    assert!(app.thought.is_none());
    assert!(app.session.is_paused());
    assert!(app.log.last().unwrap().contains("stopped after"), "{:?}", app.log);
    // Undo takes back the person's move while the engine waits.
    key(&mut app, KeyCode::Char('u'));
    assert_eq!(app.session.game().plies(), 0);
    assert!(!app.session.is_paused());
}

mod territory_games {
    use super::*;
    use crate::board::territory::{render, TerritoryApp};
    use crate::territory::{table, TerritoryConfig, TerritoryKind};

    fn app(kind: TerritoryKind, humans: Vec<usize>) -> TerritoryApp {
        let mut cfg = TerritoryConfig::new(kind, 2, humans, 1);
        cfg.board = true;
        TerritoryApp::new(table(cfg).unwrap()).unwrap()
    }

    fn draw(app: &TerritoryApp) -> Vec<String> {
        let mut terminal = Terminal::new(TestBackend::new(100, 24)).unwrap();
        terminal.draw(|f| render(app, f)).unwrap();
        rows(terminal.backend().buffer())
    }

    fn press(app: &mut TerritoryApp, codes: &[KeyCode]) {
        for &c in codes {
            app.update(Event::Key(KeyEvent::new(c, KeyModifiers::NONE))).unwrap();
        }
    }

    #[test]
    fn a_wall_go_move_is_built_previewed_and_confirmed() {
        let mut app = app(TerritoryKind::WallGo, vec![0]);
        // From d4: the piece on b2, then c2, then the wall on its north side.
        press(&mut app, &[KeyCode::Left, KeyCode::Left, KeyCode::Down, KeyCode::Down, KeyCode::Enter]);
        assert_eq!(app.text, "b2");
        press(&mut app, &[KeyCode::Right, KeyCode::Enter, KeyCode::Char('n')]);
        assert_eq!(app.text, "b2-c2n");
        let rows = draw(&app);
        assert!(rows[2].ends_with("move: b2-c2n"), "{rows:#?}");
        assert!(rows[3].ends_with("preview: Enter confirms, Esc cancels"), "{rows:#?}");
        // The ghost: the piece on c2 and the wall above it, nothing played yet.
        assert_eq!(left(&rows[10], 30), "          ---");
        assert_eq!(left(&rows[11], 30), "2  .   .   R   R   .   B   .");
        assert_eq!(app.table.legal().len(), 134);
        // Esc cancels; built again, Enter confirms, and the bot answers.
        press(&mut app, &[KeyCode::Esc]);
        assert_eq!(app.text, "");
        assert_eq!(left(&draw(&app)[11], 30), "2  .   R   .   R   .   B   .");
        press(&mut app, &[KeyCode::Left, KeyCode::Enter, KeyCode::Right, KeyCode::Enter, KeyCode::Char('n')]);
        press(&mut app, &[KeyCode::Enter]);
        assert!(app.log.iter().any(|l| l == "move 1: red plays b2-c2n"), "{:?}", app.log);
        assert!(app.log.iter().any(|l| l.starts_with("move 2: blue (greedy) plays")), "{:?}", app.log);
        // u takes back the person's move and the bot's.
        press(&mut app, &[KeyCode::Char('u')]);
        assert!(app.log.iter().any(|l| l.starts_with("undone: blue ")), "{:?}", app.log);
    }

    #[test]
    fn a_refused_card_game_preview_says_why_and_cannot_be_confirmed() {
        let mut app = app(TerritoryKind::Enclosure, vec![0, 1]);
        // Card square B3, its north side, then the piece on b4 up to b5: b3's north
        // edge is b4's, which holds an active piece.
        press(&mut app, &[KeyCode::Left, KeyCode::Left, KeyCode::Down, KeyCode::Enter, KeyCode::Char('n')]);
        assert_eq!(app.text, "B3n");
        press(&mut app, &[KeyCode::Up, KeyCode::Enter, KeyCode::Up, KeyCode::Enter]);
        assert_eq!(app.text, "B3n b4-b5");
        let rows = draw(&app);
        assert!(rows.iter().any(|r| r.contains("refused: groove b3n is an edge of b4")), "{rows:#?}");
        press(&mut app, &[KeyCode::Enter]);
        assert!(app.log.last().unwrap().starts_with("refused: "), "{:?}", app.log);
        assert_eq!(app.table.mover().1, "player 2");
        // Backspace takes back the picks one by one; C3n with the same step is legal.
        press(&mut app, &[KeyCode::Backspace, KeyCode::Backspace, KeyCode::Backspace, KeyCode::Backspace]);
        assert_eq!(app.text, "");
        press(&mut app, &[KeyCode::Down, KeyCode::Down, KeyCode::Right, KeyCode::Enter, KeyCode::Char('n')]);
        press(&mut app, &[KeyCode::Left, KeyCode::Up, KeyCode::Enter, KeyCode::Up, KeyCode::Enter]);
        assert_eq!(app.text, "C3n b4-b5");
        assert!(draw(&app).iter().any(|r| r.contains("preview: Enter confirms")));
        press(&mut app, &[KeyCode::Enter]);
        assert!(app.log.iter().any(|l| l.contains("player 2 plays C3n b4-b5")), "{:?}", app.log);
    }

    #[test]
    fn the_squares_that_can_be_picked_next_are_marked() {
        let mut app = app(TerritoryKind::WallGo, vec![0]);
        // At first red's pieces: b2, d2, d6, f6.
        let mut first = app.next_squares();
        first.sort_unstable();
        assert_eq!(first, [(1, 1), (3, 1), (3, 5), (5, 5)]);
        press(&mut app, &[KeyCode::Left, KeyCode::Left, KeyCode::Down, KeyCode::Down, KeyCode::Enter]);
        // Then where b2 can go in up to two steps (the pieces on d2 and b4 in the way).
        let next = app.next_squares();
        assert!(next.contains(&(2, 1)) && next.contains(&(0, 0)) && next.contains(&(2, 2)), "{next:?}");
        assert!(!next.contains(&(3, 1)) && !next.contains(&(6, 6)), "{next:?}");
        let rows = draw(&app);
        assert_eq!(left(&rows[11], 30), "2  •   R   •   R   .   B   .");
    }

    #[test]
    fn clicks_pick_squares_and_a_right_click_cancels() {
        let mut app = app(TerritoryKind::WallGo, vec![0]);
        let click = |app: &mut TerritoryApp, button, column, row| {
            let kind = MouseEventKind::Down(button);
            let event = MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE };
            app.update(Event::Mouse(event)).unwrap();
        };
        // Rank 2 is the board's text line 10 (screen row 11): b2 at column 7, c2 at 11.
        click(&mut app, MouseButton::Left, 7, 11);
        click(&mut app, MouseButton::Left, 11, 11);
        assert_eq!(app.text, "b2-c2");
        assert_eq!(app.cursor, (2, 1));
        click(&mut app, MouseButton::Right, 0, 0);
        assert_eq!(app.text, "");
    }

    #[test]
    fn esc_p_and_question_mark_work_at_any_time() {
        let mut app = app(TerritoryKind::WallGo, vec![0]);
        press(&mut app, &[KeyCode::Char('P')]);
        assert!(draw(&app).iter().any(|r| r.contains("legal moves (134):")));
        press(&mut app, &[KeyCode::Char('?')]);
        assert!(draw(&app).iter().any(|r| r.contains("n e s w     the wall's side")));
        press(&mut app, &[KeyCode::Esc]);
        assert!(!app.help);
    }
}

#[test]
fn a_large_board_scrolls_around_the_cursor_and_follows_a_resize() {
    let mut app = hot_seat(Variant::new(31, 2, 3, 2, Goal::Edge).unwrap(), 70, 20);
    // South's pawn on p1 (file 16, numbered past 26 files: r1c16), the cursor on it.
    let screen = rows(&draw(&app));
    assert!(screen.iter().any(|r| r.contains("│[S]│")), "{screen:#?}");
    // Up the board: the cursor stays in view.
    for _ in 0..20 {
        key(&mut app, KeyCode::Up);
    }
    let screen = rows(&draw(&app));
    assert!(screen.iter().any(|r| r.contains("│[ ]│")), "{screen:#?}");
    assert!(!screen.iter().any(|r| r.contains("[S]")), "{screen:#?}");
    // The labels stay in view: the cursor's rank at the left of its row, files on top.
    let row = screen.iter().find(|r| r.contains("[ ]")).unwrap();
    assert!(row.starts_with(" 21 "), "{screen:#?}");
    assert!(screen[1].contains(" 16 "), "{screen:#?}");
    // A larger screen after a resize; the mouse reads the new layout.
    app.update(Event::Resize(200, 80)).unwrap();
    assert_eq!(app.screen.width, 200);
    let g = super::render::geometry(&app, app.screen);
    assert_eq!(g.area.width, 4 + 4 * 31 + 1 + 4);
}

#[test]
fn the_prompt_line_edits_completes_closes_and_submits() {
    use super::state::edit_prompt;
    let words = || vec!["undo".to_string(), "redo".to_string()];
    let mut prompt = Some(String::new());
    for c in "un".chars() {
        assert_eq!(edit_prompt(&mut prompt, KeyCode::Char(c), words), None);
    }
    edit_prompt(&mut prompt, KeyCode::Tab, words);
    assert_eq!(prompt.as_deref(), Some("undo "));
    edit_prompt(&mut prompt, KeyCode::Backspace, words);
    assert_eq!(prompt.as_deref(), Some("undo"));
    assert_eq!(edit_prompt(&mut prompt, KeyCode::Enter, words), Some("undo".to_string()));
    assert_eq!(prompt, None);
    // Backspace on an empty line closes the prompt, and so does Esc.
    let mut prompt = Some(String::new());
    edit_prompt(&mut prompt, KeyCode::Backspace, words);
    assert_eq!(prompt, None);
    let mut prompt = Some("x".to_string());
    edit_prompt(&mut prompt, KeyCode::Esc, words);
    assert_eq!(prompt, None);
    // Without words, Tab leaves the line as it is.
    let mut prompt = Some("un".to_string());
    edit_prompt(&mut prompt, KeyCode::Tab, Vec::new);
    assert_eq!(prompt.as_deref(), Some("un"));
}
