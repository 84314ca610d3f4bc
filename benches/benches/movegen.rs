//! Move generation on the mid-game set, each beside the flood-per-slot reference: the
//! full list warm (B4) and from a bare position (B5), the count only (B6), make+unmake,
//! wall preview, and the four-seat list.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use wallrush_benches::naive::Board;
use wallrush_benches::sets;
use wallrush_core::{Move, Position, Setup};

/// Positions of the make+unmake and preview groups (a prefix of the mid-game set).
const PREFIX: usize = 200;

fn moves_total(lists: &[Vec<Move>]) -> u64 {
    lists.iter().map(|l| l.len() as u64).sum()
}

fn lists(c: &mut Criterion) {
    let set = sets::midgame();
    let boards: Vec<Board<u128>> = set.iter().map(Board::new).collect();
    let setups: Vec<Setup> = set.iter().map(Position::setup).collect();
    // Once, before timing: the reference lists exactly the library's moves.
    let reference: Vec<Vec<Move>> = boards.iter().map(Board::legal_moves).collect();
    for ((p, r), s) in set.iter().zip(&reference).zip(&setups) {
        assert_eq!(p.legal_moves().as_slice(), r.as_slice(), "move lists differ in\n{p}");
        assert_eq!(p.legal_move_count(), r.len());
        assert_eq!(Board::<u128>::from_setup(s), Board::new(p));
    }
    let total = moves_total(&reference);

    let mut g = c.benchmark_group("movelist_warm");
    g.throughput(Throughput::Elements(total));
    g.bench_function("wallrush", |b| {
        b.iter(|| black_box(&set).iter().map(|p| p.legal_moves().len()).sum::<usize>())
    });
    g.bench_function("naive", |b| {
        b.iter(|| black_box(&boards).iter().map(|p| p.legal_moves().len()).sum::<usize>())
    });
    g.finish();

    let mut g = c.benchmark_group("movelist_bare");
    g.throughput(Throughput::Elements(total));
    g.bench_function("wallrush", |b| {
        b.iter(|| {
            black_box(&setups)
                .iter()
                .map(|s| Position::from_setup(s).expect("a legal setup").legal_moves().len())
                .sum::<usize>()
        })
    });
    g.bench_function("naive", |b| {
        b.iter(|| {
            black_box(&setups).iter().map(|s| Board::<u128>::from_setup(s).legal_moves().len()).sum::<usize>()
        })
    });
    g.finish();

    let mut g = c.benchmark_group("movecount");
    g.throughput(Throughput::Elements(total));
    g.bench_function("wallrush", |b| {
        b.iter(|| black_box(&set).iter().map(Position::legal_move_count).sum::<usize>())
    });
    g.bench_function("naive", |b| {
        b.iter(|| black_box(&boards).iter().map(Board::legal_move_count).sum::<usize>())
    });
    g.finish();

    let mut g = c.benchmark_group("make_unmake");
    let mut work: Vec<Position> = set[..PREFIX].to_vec();
    let prefix = &reference[..PREFIX];
    g.throughput(Throughput::Elements(moves_total(prefix)));
    g.bench_function("wallrush", |b| {
        b.iter(|| {
            for (p, ms) in work.iter_mut().zip(prefix) {
                for &m in ms {
                    let undo = p.make(m);
                    black_box(&*p);
                    p.unmake(undo);
                }
            }
        })
    });
    g.bench_function("naive", |b| {
        b.iter(|| {
            for (board, ms) in boards[..PREFIX].iter().zip(prefix) {
                for &m in ms {
                    let mut child = board.clone();
                    child.play(m);
                    black_box(&child);
                }
            }
        })
    });
    g.finish();
    assert!(work.iter().zip(&set).all(|(w, p)| w.diagnostics().identical(p)), "unmake restores");

    let walls: Vec<Vec<wallrush_core::Wall>> = prefix
        .iter()
        .map(|ms| ms.iter().filter_map(|m| if let Move::Wall(w) = m { Some(*w) } else { None }).collect())
        .collect();
    for ((p, board), ws) in set.iter().zip(&boards).zip(&walls) {
        for &w in ws {
            assert_eq!(p.preview_wall(w).ok().map(|b| b.0), board.preview_wall(w));
        }
    }
    let mut g = c.benchmark_group("preview");
    g.throughput(Throughput::Elements(walls.iter().map(|w| w.len() as u64).sum()));
    g.bench_function("wallrush", |b| {
        b.iter(|| {
            let mut sum = 0u32;
            for (p, ws) in black_box(&set).iter().zip(&walls) {
                for &w in ws {
                    sum += p.preview_wall(w).map_or(0, |r| r.0[0].unwrap_or(0));
                }
            }
            sum
        })
    });
    g.bench_function("naive", |b| {
        b.iter(|| {
            let mut sum = 0u32;
            for (board, ws) in black_box(&boards).iter().zip(&walls) {
                for &w in ws {
                    sum += board.preview_wall(w).map_or(0, |r| r[0].unwrap_or(0));
                }
            }
            sum
        })
    });
    g.finish();
}

fn four_seat(c: &mut Criterion) {
    let set = sets::four_seat();
    let boards: Vec<Board<u128>> = set.iter().map(Board::new).collect();
    let reference: Vec<Vec<Move>> = boards.iter().map(Board::legal_moves).collect();
    for (p, r) in set.iter().zip(&reference) {
        assert_eq!(p.legal_moves().as_slice(), r.as_slice(), "move lists differ in\n{p}");
    }
    let mut g = c.benchmark_group("movelist_4seat");
    g.throughput(Throughput::Elements(moves_total(&reference)));
    g.bench_function("wallrush", |b| {
        b.iter(|| black_box(&set).iter().map(|p| p.legal_moves().len()).sum::<usize>())
    });
    g.bench_function("naive", |b| {
        b.iter(|| black_box(&boards).iter().map(|p| p.legal_moves().len()).sum::<usize>())
    });
    g.finish();
}

criterion_group!(benches, lists, four_seat);
criterion_main!(benches);
