//! The bevelled look of Tatham's sliding puzzles (Fifteen, Sixteen, Same Game): raised tiles
//! and the recessed well that holds them, lit from the top left. Colours are the caller's
//! indices (usually the `Colour::highlights` triple of the background).

use crate::gfx::{ColourIndex, Decimal, Drawing, Font, HAlign, VAlign};

/// The pens of a bevel: the lit edge, the shadowed edge, and the text on a tile face.
#[derive(Clone, Copy, Debug)]
pub struct BevelPens {
    pub highlight: ColourIndex,
    pub lowlight: ColourIndex,
    pub text: ColourIndex,
}

/// The recessed well whose inside spans (`x0`,`y0`)–(`x1`,`y1`) inclusive: its bottom-right
/// edge highlighted and its top-left edge shadowed, each a polygon reaching `ts` pixels into
/// the well (the tiles drawn afterwards cover the inner parts).
#[allow(clippy::too_many_arguments)]
pub fn draw_recessed_well(dr: &mut dyn Drawing, x0: i32, y0: i32, x1: i32, y1: i32, ts: i32, pens: BevelPens) {
    let mut pts = [(x1, y1), (x1, y0), (x1 - ts, y0 + ts), (x0 + ts, y1 - ts), (x0, y1)];
    dr.draw_polygon(&pts, Some(pens.highlight), pens.highlight);
    pts[0] = (x0, y0);
    dr.draw_polygon(&pts, Some(pens.lowlight), pens.lowlight);
}

/// One raised `ts`×`ts` tile at (`x`,`y`) showing `number` (0 = an empty cell in `face`):
/// bevel triangles (shadow bottom-right, light top-left), a face inset by `ts / 20`, the
/// number centred. Reports the tile's area with `draw_update`.
pub fn draw_numbered_tile(
    dr: &mut dyn Drawing,
    ts: i32,
    x: i32,
    y: i32,
    number: u32,
    face: ColourIndex,
    pens: BevelPens,
) {
    if number == 0 {
        dr.draw_rect(x, y, ts, ts, face);
    } else {
        let hw = ts / 20;
        let mut tri = [(x + ts - 1, y + ts - 1), (x + ts - 1, y), (x, y + ts - 1)];
        dr.draw_polygon(&tri, Some(pens.lowlight), pens.lowlight);
        tri[0] = (x, y);
        dr.draw_polygon(&tri, Some(pens.highlight), pens.highlight);
        dr.draw_rect(x + hw, y + hw, ts - 2 * hw, ts - 2 * hw, face);
        dr.draw_text(
            x + ts / 2,
            y + ts / 2,
            Font::Variable,
            ts / 3,
            HAlign::Centre,
            VAlign::Centre,
            pens.text,
            Decimal::new(number).as_str(),
        );
    }
    dr.draw_update(x, y, ts, ts);
}
