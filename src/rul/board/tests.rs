use super::*;
crate::test_cases! {
    fn cell_counts_and_ids_round_trip() {
        for n in 6..=9u8 {
            let b = Board::new(n);
            let n = n as i32;
            assert_eq!(b.cell_count() as i32, 3 * n * (n - 1) + 1);
            for id in 1..=b.cell_count() as i32 {
                let (c, h) = b.col_height(id);
                assert_eq!(b.id(c, h), id);
            }
            let left: i32 = (1..n).map(|k| 2 * n - 1 - k).sum();
            assert_eq!(b.id(0, 0), left + 1);
            assert_eq!(b.id(-(n - 1), 0), 1);
            assert_eq!(b.id(n, 0), 0);
            assert_eq!(b.id(0, 2 * n - 1), 0);
            assert!(b.id(0, 2 * n - 2) != 0);
        }
    }
    fn neighbours_follow_the_manual_directions() {
        let b = Board::new(6);
        let x = b.id(0, 3);
        assert_eq!(b.neighbour(x, 0), b.id(0, 2));
        assert_eq!(b.neighbour(x, 3), b.id(0, 4));
        // Right of the centre the columns start higher: lower right keeps height − 1.
        assert_eq!(b.neighbour(x, 1), b.id(1, 2));
        assert_eq!(b.neighbour(x, 2), b.id(1, 3));
        assert_eq!(b.neighbour(x, 4), b.id(-1, 3));
        assert_eq!(b.neighbour(x, 5), b.id(-1, 2));
        let l = b.id(-2, 0);
        assert_eq!(b.neighbour(l, 1), b.id(-1, 0));
        assert_eq!(b.neighbour(l, 0), 0);
        for id in 1..=b.cell_count() as i32 {
            for d in 0..6 {
                let m = b.neighbour(id, d);
                if m != 0 { assert_eq!(b.neighbour(m, d + 3), id); }
            }
        }
    }
    fn destruction_drops_hexagons_above() {
        let mut b = Board::new(6);
        for h in 0..4 {
            let id = b.id(2, h);
            b.cell_mut(id).pattern = 1;
            b.cell_mut(id).colour = (h + 1) as u8;
        }
        let id1 = b.id(2, 1);
        b.cell_mut(id1).marks = 0b101;
        assert_eq!(b.destroy(Some(2)), 1);
        assert_eq!(b.cell(b.id(2, 1)).colour, 3);
        assert_eq!(b.cell(b.id(2, 2)).colour, 4);
        assert!(!b.occupied(b.id(2, 3)));
        assert_eq!(b.cell(b.id(2, 1)).marks, 0b001);
        assert_eq!(b.destroy(None), 3);
        assert_eq!(b.hexagons(), 0);
        // A gap below a hexagon is kept: only destructions make things fall.
        let (low, high, top) = (b.id(-1, 0), b.id(-1, 2), b.id(-1, 4));
        b.cell_mut(low).pattern = 1;
        b.cell_mut(high).pattern = 2;
        b.cell_mut(top).pattern = 3;
        b.cell_mut(low).marks = 1;
        assert_eq!(b.destroy(Some(0)), 1);
        assert!(!b.occupied(b.id(-1, 0)));
        assert_eq!(b.cell(b.id(-1, 1)).pattern, 2);
        assert_eq!(b.cell(b.id(-1, 3)).pattern, 3);
        assert_eq!(b.destroy(Some(0)), 0);
        assert_eq!(b.cell(b.id(-1, 1)).pattern, 2);
    }
}
