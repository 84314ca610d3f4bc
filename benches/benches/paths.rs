//! Route searches on the mid-game set, each beside its scalar reference: goal
//! reachability (B1), route length (B2), route with its squares.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use wallrush_benches::naive::{Grid, Scratch};
use wallrush_benches::sets;
use wallrush_core::{paths, Position, Seat};

const SEATS: [Seat; 2] = [Seat::South, Seat::North];

struct Fixture {
    set: Vec<Position>,
    grids: Vec<Grid>,
}

fn fixture() -> Fixture {
    let set = sets::midgame();
    let grids: Vec<Grid> = set.iter().map(Grid::new).collect();
    let mut scratch = Scratch::default();
    for (p, g) in set.iter().zip(&grids) {
        for s in SEATS {
            assert!(p.diagnostics().reaches_goal_fresh(s) && g.reaches(s, &mut scratch));
            let d = g.distance(s, &mut scratch);
            assert_eq!(p.diagnostics().route_len_fresh(s), d);
            assert_eq!(p.route_len(s), d);
            assert_eq!(p.route(s).map(|r| r.len() as u32 - 1), d);
        }
    }
    Fixture { set, grids }
}

fn bench(c: &mut Criterion) {
    let Fixture { set, grids } = fixture();
    let calls = (set.len() * SEATS.len()) as u64;
    let mut scratch = Scratch::default();

    let mut g = c.benchmark_group("reach");
    g.throughput(Throughput::Elements(calls));
    g.bench_function("wallrush", |b| {
        b.iter(|| {
            let mut yes = 0u32;
            for p in black_box(&set) {
                for s in SEATS {
                    yes += u32::from(p.diagnostics().reaches_goal_fresh(s));
                }
            }
            yes
        })
    });
    g.bench_function("naive", |b| {
        b.iter(|| {
            let mut yes = 0u32;
            for grid in black_box(&grids) {
                for s in SEATS {
                    yes += u32::from(grid.reaches(s, &mut scratch));
                }
            }
            yes
        })
    });
    g.finish();

    let mut g = c.benchmark_group("distance");
    g.throughput(Throughput::Elements(calls));
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
    g.bench_function("wallrush_cached", |b| {
        b.iter(|| {
            let mut sum = 0u32;
            for p in black_box(&set) {
                for s in SEATS {
                    sum += p.route_len(s).unwrap_or(0);
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
    g.bench_function("core_paths", |b| {
        b.iter(|| {
            let mut sum = 0u32;
            for p in black_box(&set) {
                for s in SEATS {
                    sum += paths::route_len(p, s).unwrap_or(0);
                }
            }
            sum
        })
    });
    g.finish();

    let mut g = c.benchmark_group("route");
    g.throughput(Throughput::Elements(calls));
    g.bench_function("wallrush", |b| {
        b.iter(|| {
            let mut sum = 0usize;
            for p in black_box(&set) {
                for s in SEATS {
                    sum += p.route(s).map_or(0, |r| r.len());
                }
            }
            sum
        })
    });
    g.bench_function("naive", |b| {
        b.iter(|| {
            let mut sum = 0usize;
            for grid in black_box(&grids) {
                for s in SEATS {
                    sum += grid.route(s, &mut scratch).map_or(0, |r| r.len());
                }
            }
            sum
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
