use super::*;

#[test]
fn flags_behave_as_documented() {
    assert_eq!(Tile::from_bits(0x20), None);
    assert_eq!(Tile::from_bits_truncate(0x2c), Tile::GOAL | Tile::BOX);
    assert!((Tile::BOX | Tile::GOAL).contains(Tile::BOX_ON_GOAL));
    assert_eq!(Input::from_bits_retain(0x4001).bits(), 0x4001);
}
