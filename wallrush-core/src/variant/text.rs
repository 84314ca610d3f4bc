//! The variant text (`size=9 players=2 walls=10 wall_length=2 goal=edge`): its one reader,
//! shared by the position text, records, the command line and Python.

use core::str::FromStr;

use super::Variant;
use crate::postext::{split_fields, Field, FieldSet, PositionTextError};

impl FromStr for Variant {
    type Err = PositionTextError;

    /// Reads the variant text: `size=9 players=2 walls=10 wall_length=2 goal=edge`, as
    /// [`Variant`]'s `Display` writes it, the fields in any order and each at most once,
    /// separated by spaces or commas (`size=7,players=4`, the spelling a command-line
    /// argument takes). Fields left out take their defaults, as [`Variant::builder`]
    /// gives them: `size=7` is a 7×7 board with two seats and 10 walls each.
    ///
    /// This is the one reader of the variant text: the position text's variant fields,
    /// records' `Variant` tag, the command line's `--variant` and Python's
    /// `Variant.from_text` all give its errors, in its words.
    ///
    /// ```
    /// use wallrush_core::{PositionTextError, Variant, VariantError};
    /// let v: Variant = "size=9 players=4 walls=5 wall_length=2 goal=centre".parse()?;
    /// assert_eq!(v, Variant::race_to_centre());
    /// assert_eq!(v.to_string().parse::<Variant>()?, v);
    /// assert_eq!("players=4".parse::<Variant>()?, Variant::four_player());
    /// assert_eq!("size=7,walls=3".parse::<Variant>()?, Variant::new(7, 2, 3, 2, wallrush_core::Goal::Edge)?);
    /// assert_eq!("size=7 size=9".parse::<Variant>().unwrap_err().to_string(), "field size given twice, again at byte 7");
    /// assert_eq!(
    ///     "size=4294967305".parse::<Variant>(),
    ///     Err(PositionTextError::Variant(VariantError::Size(4_294_967_305)))
    /// );
    /// assert_eq!("walls=x".parse::<Variant>().unwrap_err().to_string(), "walls at byte 6: expected a number");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`PositionTextError`]: a field that is repeated or malformed (naming it and the
    /// byte where it went wrong) or unknown (naming the byte and the fields allowed), or
    /// [`PositionTextError::Variant`] for a number out of range.
    fn from_str(s: &str) -> Result<Variant, PositionTextError> {
        let mut fields = split_fields(s, FieldSet::VARIANT, &[' ', ','])?;
        let mut b = Variant::builder();
        if let Some(f) = fields[Field::Size as usize].take() {
            b = b.size(f.number()?);
        }
        if let Some(f) = fields[Field::Players as usize].take() {
            b = b.players(f.number()?);
        }
        if let Some(f) = fields[Field::Walls as usize].take() {
            b = b.walls(f.number()?);
        }
        if let Some(f) = fields[Field::WallLength as usize].take() {
            b = b.wall_length(f.number()?);
        }
        if let Some(f) = fields[Field::Goal as usize].take() {
            b = b.goal(f.goal()?);
        }
        Ok(b.build()?)
    }
}

#[cfg(test)]
mod tests {
    use crate::postext::FieldSet;
    use crate::{Goal, Position, PositionTextError, Variant, VariantError};
    use alloc::string::ToString;

    #[test]
    fn the_variant_text_and_the_position_text_read_the_same_numbers() {
        let text = "size=4294967305 players=2 walls=10 wall_length=2 goal=edge";
        let err = PositionTextError::Variant(VariantError::Size(4_294_967_305));
        assert_eq!(text.parse::<Variant>(), Err(err));
        let pos = alloc::format!("{text} pawns=e1,e9 placed=- walls_left=10,10 turn=south");
        assert_eq!(Position::from_text(&pos), Err(err));
    }

    #[test]
    fn the_variant_text_takes_commas_or_spaces() {
        let v = Variant::new(7, 4, 3, 3, Goal::Centre).unwrap();
        for text in [
            "size=7,players=4,walls=3,wall_length=3,goal=centre",
            "goal=center players=4, size=7 ,walls=3 wall_length=3",
        ] {
            assert_eq!(text.parse::<Variant>(), Ok(v), "{text}");
        }
        assert_eq!("".parse::<Variant>(), Ok(Variant::classic()));
        assert_eq!(
            "size=7,pawns=e1".parse::<Variant>(),
            Err(PositionTextError::Unknown { index: 7, allowed: FieldSet::VARIANT })
        );
        let e = "size=9,colour=red".parse::<Variant>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown field at byte 7: expected size, players, walls, wall_length or goal"
        );
        // The position text keeps spaces alone: its values hold commas.
        assert!(Position::from_text(&Variant::classic().to_string().replace(' ', ",")).is_err());
    }
}
