//! Perft beside the flood-per-slot reference: perft(3) from the opening (B9) and summed
//! over the 20 fixed mid-game positions of `data/perft-midgame.txt` (B11). Every
//! iteration asserts its counts. Perft(4) (B10) is timed once by the report instead.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use wallrush_benches::naive::Board;
use wallrush_benches::sets;
use wallrush_core::perft;

/// Published perft(3) of the classic opening.
const OPENING_3: u64 = 2_062_264;

fn bench(c: &mut Criterion) {
    let opening = sets::opening();
    let board = Board::<u128>::new(&opening);
    let mut g = c.benchmark_group("perft3_opening");
    g.sample_size(10).sampling_mode(SamplingMode::Flat);
    g.throughput(Throughput::Elements(OPENING_3));
    g.bench_function("wallrush", |b| b.iter(|| assert_eq!(perft(black_box(&opening), 3), OPENING_3)));
    g.bench_function("naive", |b| b.iter(|| assert_eq!(black_box(&board).perft(3), OPENING_3)));
    g.finish();

    let cases = sets::perft_midgame();
    let boards: Vec<Board<u128>> = cases.iter().map(|c| Board::new(&c.position)).collect();
    let nodes: u64 = cases.iter().map(|c| c.nodes).sum();
    let mut g = c.benchmark_group("perft3_midgame");
    g.sample_size(10).sampling_mode(SamplingMode::Flat);
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("wallrush", |b| {
        b.iter(|| {
            for case in black_box(&cases) {
                assert_eq!(perft(&case.position, case.depth), case.nodes);
            }
        })
    });
    g.bench_function("naive", |b| {
        b.iter(|| {
            for (case, board) in black_box(&cases).iter().zip(&boards) {
                assert_eq!(board.perft(case.depth), case.nodes);
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
