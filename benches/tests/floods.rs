//! PERFORMANCE.md B7 as a deterministic test: the library's wall-legality check runs on
//! average at most 2 flood fills per mid-game move list (the naive reference runs one per
//! seat per free slot, about 190).

use wallrush_benches::naive::Board;
use wallrush_benches::sets;

#[test]
fn at_most_two_flood_fills_per_midgame_move_list() {
    let set = sets::midgame();
    let (mut ours, mut naive) = (0u64, 0u64);
    for p in &set {
        let (list, floods) = p.diagnostics().legal_moves_counting_floods();
        assert_eq!(list.as_slice(), p.legal_moves().as_slice());
        ours += floods;
        naive += Board::<u128>::new(p).floods_per_list();
    }
    let n = set.len() as f64;
    let (avg, naive_avg) = (ours as f64 / n, naive as f64 / n);
    assert!(avg <= 2.0, "{avg:.3} flood fills per move list, more than 2");
    assert!(naive_avg / avg.max(1e-9) >= 95.0, "only {:.1}× fewer than naive", naive_avg / avg);
}
