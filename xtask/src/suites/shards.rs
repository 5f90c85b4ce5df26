//! Splitting the 68030 suites into shards that run side by side, one Hatari each: the
//! longest-first rule (each suite, largest budget first, goes to the shard with the least
//! work so far), which keeps the shards within a largest suite of each other.

/// The suites of each of `shards` shards: indices into `costs`, each shard's in ascending
/// order (the order of the suite list). Shards left without a suite are dropped.
pub fn plan(costs: &[u64], shards: usize) -> Vec<Vec<usize>> {
    let shards = shards.max(1);
    let mut order: Vec<usize> = (0..costs.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(costs[i]), i));
    let mut load = vec![0u64; shards];
    let mut out = vec![Vec::new(); shards];
    for i in order {
        let s = (0..shards).min_by_key(|&s| (load[s], s)).unwrap();
        load[s] += costs[i];
        out[s].push(i);
    }
    for s in &mut out {
        s.sort_unstable();
    }
    out.retain(|s| !s.is_empty());
    out
}

#[cfg(test)]
mod tests;
