//! Search speed: nodes per second of the strong engine (`wallrush_engine::Searcher`) over
//! fixed positions and fixed node budgets, through its public API.
//!
//! Each group searches every position of its set once per iteration, with a fresh
//! transposition table (so iterations are alike), to a node budget; the nodes a search
//! visits follow from the position and the budget alone, so they are counted once before
//! timing and criterion's throughput is nodes per second. Groups:
//!
//! - `search_opening`: the classic opening, budgets of 20,000 and 100,000 nodes;
//! - `search_midgame`: the first 8 positions of the mid-game set, 20,000 nodes each;
//! - `search_games`: the 8 positions of the games set (play between engines, where the
//!   mid-game set comes from random play), 20,000 nodes each.
//!
//! There is no naive reference: the figures to compare are the nodes per second of
//! `think` (docs/PERFORMANCE.md) and the same bench before and after a change.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput};
use wallrush_benches::sets;
use wallrush_core::Position;
use wallrush_engine::{Limits, Searcher};

/// Transposition-table entries of each search.
const TABLE: usize = 1 << 16;
/// Mid-game positions searched.
const MIDGAME: usize = 8;

/// The nodes the searches of `set` visit at `budget` (deterministic), summed.
fn nodes(set: &[Position], budget: u64) -> u64 {
    set.iter().map(|p| Searcher::new(TABLE).search(p, Limits::nodes(budget)).nodes).sum()
}

fn group(c: &mut Criterion, name: &str, set: &[Position], budgets: &[u64]) {
    let mut g = c.benchmark_group(name);
    g.sample_size(10).sampling_mode(SamplingMode::Flat);
    for &budget in budgets {
        let total = nodes(set, budget);
        assert_eq!(total, nodes(set, budget), "a node-budget search is deterministic");
        g.throughput(Throughput::Elements(total));
        g.bench_with_input(BenchmarkId::new("wallrush", budget), &budget, |b, &budget| {
            b.iter(|| {
                let mut sum = 0;
                for p in black_box(set) {
                    sum += Searcher::new(TABLE).search(p, Limits::nodes(budget)).nodes;
                }
                assert_eq!(sum, total);
            })
        });
    }
    g.finish();
}

fn bench(c: &mut Criterion) {
    group(c, "search_opening", &[sets::opening()], &[20_000, 100_000]);
    let midgame: Vec<Position> = sets::midgame_samples(MIDGAME).into_iter().map(|s| s.position).collect();
    group(c, "search_midgame", &midgame, &[20_000]);
    group(c, "search_games", &sets::games(), &[20_000]);
}

criterion_group!(benches, bench);
criterion_main!(benches);
