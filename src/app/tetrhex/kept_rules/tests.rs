//! Rules kept once: the same bytes give the same rule, a file read again the kept copy, a
//! file that is not a rule nothing kept.

use alloc::vec;
use alloc::vec::Vec;

use super::*;
use crate::app::tetrhex::rules;
use crate::rul::model::ScoreEntry;
use crate::rul::scores::with_scores;

/// A rule file no other test keeps: Hexcolumns with a score of its own.
fn a_file_of_this_test(name: &[u8]) -> Vec<u8> {
    let scores = [vec![ScoreEntry::new(name, 77, 0)], Vec::new(), Vec::new(), Vec::new()];
    with_scores(rules::ALL[1].file, &scores).unwrap()
}

crate::test_cases! {
    fn the_same_rule_is_kept_once() {
        let first = rule(rules::ALL[0].file).unwrap();
        let again = rule(rules::ALL[0].file).unwrap();
        assert!(core::ptr::eq(first, again));
        let other = rule(rules::ALL[2].file).unwrap();
        assert!(!core::ptr::eq(first, other));
        assert_eq!(*first, load(rules::ALL[0].file).unwrap());
    }

    fn a_file_read_again_is_the_kept_copy() {
        let bytes = a_file_of_this_test(b"Kim");
        let first = file(bytes.clone()).unwrap();
        assert_eq!(first, &bytes[..]);
        let again = file(bytes.clone()).unwrap();
        assert!(core::ptr::eq(first, again), "the same bytes read again are kept twice");
        assert!(core::ptr::eq(rule(first).unwrap(), rule(again).unwrap()));
        let different = file(a_file_of_this_test(b"Lou")).unwrap();
        assert!(!core::ptr::eq(first, different));
    }

    fn a_file_that_is_not_a_rule_is_refused_and_not_kept() {
        let mut cut = a_file_of_this_test(b"Max");
        cut.truncate(cut.len() / 2);
        for bytes in [b"TETRHEX?".to_vec(), cut] {
            assert!(file(bytes.clone()).is_err());
            assert!(find(&bytes).is_none(), "a refused file was kept");
            assert!(file(bytes).is_err());
        }
    }
}
