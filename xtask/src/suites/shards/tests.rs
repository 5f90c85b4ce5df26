use super::*;

#[test]
fn the_longest_suites_are_spread_first() {
    assert_eq!(plan(&[5, 1, 4, 3, 2], 2), [vec![0, 1, 4], vec![2, 3]]);
    assert_eq!(plan(&[10, 1, 1], 3), [vec![0], vec![1], vec![2]]);
    assert_eq!(plan(&[1, 1], 4), [vec![0], vec![1]], "no empty shard");
    assert_eq!(plan(&[3, 3], 1), [vec![0, 1]]);
    let costs: Vec<u64> = (1..=40).map(|i| i * i).collect();
    let p = plan(&costs, 2);
    let sums: Vec<u64> = p.iter().map(|s| s.iter().map(|&i| costs[i]).sum()).collect();
    assert!(sums[0].abs_diff(sums[1]) <= 1600, "{sums:?}");
    assert_eq!(p.iter().map(Vec::len).sum::<usize>(), 40);
}
