//! Game trees: a record's actions with their comments, NAGs and variations.
//!
//! A line is a list of [`Node`]s, each an action played after the one before it. A node's
//! [`variations`](Node::variations) are the alternatives to its own action: lines played
//! from the position before it. In python-chess's terms the children of the position
//! before node `k` are node `k` (the main line, first) and then the first node of each of
//! its variations, in order. The [`GameTree`] is the main line and the comment before it.
//!
//! Storing lines rather than one child list per node keeps the nesting as deep as the
//! variations are (at most [`MAX_VARIATION_DEPTH`]), not as deep as the game is long, so
//! no walk over a tree recurses once per action.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::game::{Action, ActionError};
use crate::Game;

use super::nag::Nag;

/// The deepest variations may nest: a variation inside a variation is depth 2.
pub const MAX_VARIATION_DEPTH: usize = 32;

/// The most actions one record may hold counting every variation.
pub const MAX_RECORD_NODES: usize = 50_000;

/// One action of a line, with what is written round it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Node {
    /// The action.
    pub action: Action,
    /// The comment before the action: only the first node of a variation has one (the
    /// comment on the variation, `( {…} 3. e4 …)`).
    pub starting_comment: Option<String>,
    /// The NAGs after the action, in order.
    pub nags: Vec<Nag>,
    /// The comment after the action.
    pub comment: Option<String>,
    /// The alternatives to this action, each a line played from the position before it.
    pub variations: Vec<Vec<Node>>,
}

impl Node {
    /// A node of `action` with no comment, NAG or variation.
    pub const fn new(action: Action) -> Node {
        Node { action, starting_comment: None, nags: Vec::new(), comment: None, variations: Vec::new() }
    }
}

/// A game's tree: the comment before its first action and its main line, whose nodes
/// hold the variations.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct GameTree {
    /// The comment before the first action.
    pub comment: Option<String>,
    /// The main line.
    pub mainline: Vec<Node>,
}

impl GameTree {
    /// The main line's actions, in order.
    pub fn mainline_actions(&self) -> impl ExactSizeIterator<Item = Action> + '_ {
        self.mainline.iter().map(|n| n.action)
    }

    /// Every node of the tree, the variations' included.
    pub fn node_count(&self) -> usize {
        fn count(line: &[Node]) -> usize {
            line.iter().map(|n| 1 + n.variations.iter().map(|v| count(v)).sum::<usize>()).sum()
        }
        count(&self.mainline)
    }
}

/// Where an action of a tree is: the variations that lead to it, each by the ply (from 1)
/// of the action it replaces in the line it branches from and its place among that
/// action's variations (from 1), then the action's ply in the last line.
///
/// Written `variation at ply 12, ply 3` (the third action of the first variation to the
/// twelfth action of the main line), `variation 2 at ply 12, variation at ply 1, ply 2`;
/// an action of the main line is `ply 12`.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct VariationPath {
    branches: Vec<(usize, usize)>,
    ply: usize,
}

impl VariationPath {
    /// The path through `branches` (ply replaced, place among the variations) to the
    /// action at `ply` of the last line.
    pub const fn new(branches: Vec<(usize, usize)>, ply: usize) -> VariationPath {
        VariationPath { branches, ply }
    }

    /// The variations that lead to the action: the ply each branches at, from 1, and its
    /// place among the variations there, from 1. Empty for the main line.
    pub fn branches(&self) -> &[(usize, usize)] {
        &self.branches
    }

    /// The action's ply in its line, from 1.
    pub const fn ply(&self) -> usize {
        self.ply
    }
}

impl fmt::Display for VariationPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &(ply, index) in &self.branches {
            match index {
                1 => write!(f, "variation at ply {ply}, ")?,
                n => write!(f, "variation {n} at ply {ply}, ")?,
            }
        }
        write!(f, "ply {}", self.ply)
    }
}

/// A tree [`Record::set_tree`](super::Record::set_tree) refuses; nothing of it is kept.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TreeError {
    /// An action that cannot be played where it stands.
    #[error("{path}: {error}")]
    Illegal {
        /// Where the action is.
        path: VariationPath,
        /// Why it cannot be played.
        error: ActionError,
    },
    /// A starting comment on a node that does not begin a variation.
    #[error("{0}: only the first action of a variation has a starting comment")]
    StartingComment(VariationPath),
    /// A comment holding `}`.
    #[error("{0}: a comment cannot hold '}}'")]
    Brace(VariationPath),
    /// A variation with no action.
    #[error("{0}: a variation holds at least one action")]
    EmptyVariation(VariationPath),
    /// Variations nested deeper than [`MAX_VARIATION_DEPTH`].
    #[error("{0}: variations nested more than {max} deep", max = MAX_VARIATION_DEPTH)]
    TooDeep(VariationPath),
    /// More than [`MAX_RECORD_NODES`] nodes.
    #[error("more than {max} actions counting the variations", max = MAX_RECORD_NODES)]
    TooManyNodes,
    /// A main line of more than [`MAX_RECORD_ACTIONS`](crate::text::MAX_RECORD_ACTIONS)
    /// actions.
    #[error("more than {max} actions", max = crate::text::MAX_RECORD_ACTIONS)]
    TooManyActions,
}

/// What a record holds at action `i` of its main line besides the action and the comment
/// after it: the NAGs and the variations, with the action and the position key they
/// were made for, so that they are written only while the game still has them there.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Side {
    pub(crate) anchor: (Action, u64),
    pub(crate) nags: Vec<Nag>,
    pub(crate) variations: Vec<Vec<Node>>,
}

impl Side {
    /// An empty side for action `i` of `game` (which must have it).
    pub(crate) fn at(game: &Game, i: usize) -> Side {
        let action = game.actions().nth(i).expect("an action to annotate");
        let key = game.position_at(i).expect("a position before every action").zobrist();
        Side { anchor: (action, key), nags: Vec::new(), variations: Vec::new() }
    }

    /// Whether `game` still has the action and position this side was made for at `i`.
    pub(crate) fn fits(&self, game: &Game, i: usize) -> bool {
        game.actions().nth(i) == Some(self.anchor.0)
            && game.position_at(i).map(crate::Position::zobrist) == Some(self.anchor.1)
    }
}

/// Puts the variations of each variation's first action beside that variation, after
/// it: they are alternatives from the same position, and the reader reads them so (one
/// tree, one form). Recurses as deep as the variations nest, at most `depth_left`.
pub(crate) fn hoist(line: &mut [Node], depth_left: usize) {
    if depth_left == 0 {
        return;
    }
    for node in line.iter_mut() {
        if node.variations.is_empty() {
            continue;
        }
        let mut out = Vec::with_capacity(node.variations.len());
        for mut v in core::mem::take(&mut node.variations) {
            hoist(&mut v, depth_left - 1);
            let alternatives = v.first_mut().map(|n| core::mem::take(&mut n.variations)).unwrap_or_default();
            out.push(v);
            out.extend(alternatives);
        }
        node.variations = out;
    }
}

/// Whether `comment` may be written between braces.
fn comment_ok(comment: Option<&String>) -> bool {
    comment.is_none_or(|c| !c.contains('}'))
}

/// Drops the spaces round a comment, as the reader does.
fn trim(comment: &mut Option<String>) {
    if let Some(c) = comment {
        let t = c.trim();
        if t.len() != c.len() {
            *c = String::from(t);
        }
    }
}

/// Checks `line` played on `game` (from its current position) at nesting `depth` (0: the
/// main line), its variations first from the position before each node, counting nodes
/// in `count`; drops the spaces round its comments, as the reader does. The main line is
/// left played; a variation is taken back.
pub(crate) fn check_line(
    game: &mut Game,
    line: &mut [Node],
    path: &mut Vec<(usize, usize)>,
    depth: usize,
    count: &mut usize,
) -> Result<(), TreeError> {
    let at = |path: &Vec<(usize, usize)>, ply: usize| VariationPath::new(path.clone(), ply);
    let len = line.len();
    for (j, node) in line.iter_mut().enumerate() {
        *count += 1;
        if *count > MAX_RECORD_NODES {
            return Err(TreeError::TooManyNodes);
        }
        if node.starting_comment.is_some() && (j > 0 || depth == 0) {
            return Err(TreeError::StartingComment(at(path, j + 1)));
        }
        if !comment_ok(node.starting_comment.as_ref()) || !comment_ok(node.comment.as_ref()) {
            return Err(TreeError::Brace(at(path, j + 1)));
        }
        trim(&mut node.starting_comment);
        trim(&mut node.comment);
        for (k, variation) in node.variations.iter_mut().enumerate() {
            if variation.is_empty() {
                return Err(TreeError::EmptyVariation(at(path, j + 1)));
            }
            if depth + 1 > MAX_VARIATION_DEPTH {
                return Err(TreeError::TooDeep(at(path, j + 1)));
            }
            path.push((j + 1, k + 1));
            check_line(game, variation, path, depth + 1, count)?;
            path.pop();
        }
        game.act(node.action).map_err(|error| TreeError::Illegal { path: at(path, j + 1), error })?;
    }
    if depth > 0 {
        for _ in 0..len {
            game.undo();
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::record::tree::VariationPath;
    use alloc::string::ToString;
    use alloc::vec;

    #[test]
    fn paths_read_as_the_way_to_the_action() {
        assert_eq!(VariationPath::new(vec![], 12).to_string(), "ply 12");
        assert_eq!(VariationPath::new(vec![(12, 1)], 3).to_string(), "variation at ply 12, ply 3");
        assert_eq!(
            VariationPath::new(vec![(12, 2), (1, 1)], 2).to_string(),
            "variation 2 at ply 12, variation at ply 1, ply 2"
        );
    }
}
