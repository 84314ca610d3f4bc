//! The 25×25 set beside its references: BFS distance (B12, scalar reference) and the
//! legality of every wall slot (B13, flood-per-slot reference on 16-word masks); and a
//! long pawn shuffle on the largest board, where the repetition count of every ply must
//! stay cheap (a map look-up, not a scan of the history).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use wallrush_benches::mask::Wide;
use wallrush_benches::naive::{Board, Grid, Scratch};
use wallrush_benches::sets;
use wallrush_core::{Game, Goal, Move, Position, Seat, SplitMix64, Variant};

const SEATS: [Seat; 2] = [Seat::South, Seat::North];

fn bench(c: &mut Criterion) {
    let set = sets::large();
    let grids: Vec<Grid> = set.iter().map(Grid::new).collect();
    let boards: Vec<Board<Wide>> = set.iter().map(Board::new).collect();
    let mut scratch = Scratch::default();
    for ((p, g), b) in set.iter().zip(&grids).zip(&boards) {
        assert_eq!(p.legal_moves().as_slice(), b.legal_moves().as_slice(), "lists differ in\n{p}");
        for s in SEATS {
            assert_eq!(p.diagnostics().route_len_fresh(s), g.distance(s, &mut scratch));
        }
    }

    let mut g = c.benchmark_group("large_distance");
    g.throughput(Throughput::Elements((set.len() * SEATS.len()) as u64));
    g.bench_function("wallrush", |b| {
        b.iter(|| {
            let mut sum = 0u32;
            for p in black_box(&set) {
                for s in SEATS {
                    sum += p.diagnostics().route_len_fresh(s).unwrap_or(0);
                }
            }
            sum
        })
    });
    g.bench_function("naive", |b| {
        b.iter(|| {
            let mut sum = 0u32;
            for grid in black_box(&grids) {
                for s in SEATS {
                    sum += grid.distance(s, &mut scratch).unwrap_or(0);
                }
            }
            sum
        })
    });
    g.finish();

    let mut g = c.benchmark_group("large_slots");
    g.sample_size(20);
    let slots = set.len() as u64 * 2 * 23 * 24;
    g.throughput(Throughput::Elements(slots));
    g.bench_function("wallrush", |b| {
        b.iter(|| black_box(&set).iter().map(Position::legal_move_count).sum::<usize>())
    });
    g.bench_function("wallrush_list", |b| {
        b.iter(|| black_box(&set).iter().map(|p| p.legal_moves().len()).sum::<usize>())
    });
    g.bench_function("naive", |b| {
        b.iter(|| black_box(&boards).iter().map(Board::legal_move_count).sum::<usize>())
    });
    g.finish();
}

/// `plies` random pawn moves on 31×31 with four seats, never onto a goal cell: a game
/// with no walls and few repetitions, the worst case of a history scan.
fn shuffle(plies: usize) -> Game {
    let v = Variant::new(31, 4, 99, 30, Goal::Edge).unwrap();
    let mut game = Game::new(v);
    let mut rng = SplitMix64::new(1);
    for _ in 0..plies {
        let pos = game.position();
        let me = pos.turn();
        let steps: Vec<Move> = pos
            .pawn_moves()
            .into_iter()
            .filter(|m| matches!(m, Move::Pawn(sq) if !pos.is_goal(me, *sq)))
            .collect();
        let m = steps[rng.below(steps.len() as u64) as usize];
        game.play(m).unwrap();
    }
    game
}

fn repetition(c: &mut Criterion) {
    let mut g = c.benchmark_group("shuffle_31x31_4seats");
    g.sample_size(10);
    for plies in [2_500usize, 10_000] {
        g.throughput(Throughput::Elements(plies as u64));
        g.bench_function(format!("{plies}_plies"), |b| b.iter(|| black_box(shuffle(plies)).repetitions()));
    }
    g.finish();
}

criterion_group!(benches, bench, repetition);
criterion_main!(benches);
