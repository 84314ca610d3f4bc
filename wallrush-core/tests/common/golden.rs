//! The one golden-file helper of the workspace's test suites: compare, or regenerate with
//! `WALLRUSH_BLESS=1`. The core's suites reach it as `common::golden`; the territory
//! crate's include this file by path. Paths are relative to the crate being tested
//! (`env!("CARGO_MANIFEST_DIR")` expands in the including crate).

use std::path::Path;

/// Compares `text` with the committed golden file at `path` (relative to this crate), or,
/// with `WALLRUSH_BLESS` set in the environment, writes `text` there instead. A mismatch
/// panics naming the first line that differs.
pub fn golden(path: &str, text: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    if std::env::var_os("WALLRUSH_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; run with WALLRUSH_BLESS=1 to write it", path.display()));
    if want != text {
        let line = want.lines().zip(text.lines()).position(|(a, b)| a != b).unwrap_or_else(|| {
            // One is a prefix of the other: the first line only one of them has.
            want.lines().count().min(text.lines().count())
        });
        panic!(
            "{} differs from the output at line {}:\n  golden: {:?}\n  now:    {:?}\n\
             (run with WALLRUSH_BLESS=1 to accept the new output, then review the diff)",
            path.display(),
            line + 1,
            want.lines().nth(line).unwrap_or(""),
            text.lines().nth(line).unwrap_or("")
        );
    }
}
