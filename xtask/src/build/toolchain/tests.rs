use super::*;

#[test]
fn reads_the_pin_from_rust_toolchain_toml() {
    assert!(rust().starts_with("nightly-20"), "{}", rust());
    for c in ["rust-src", "rustfmt", "clippy"] {
        assert!(rust_components().contains(&c), "{c} missing from {:?}", rust_components());
    }
}

#[test]
fn parses_keys_not_comments() {
    let toml = "# channel = \"wrong\"\n[toolchain]\nchannel = \"nightly-2030-01-01\"\ncomponents = [\"a\", \"b\"]\n";
    assert_eq!(channel(toml), Some("nightly-2030-01-01"));
    assert_eq!(value(toml, "components"), Some("[\"a\", \"b\"]"));
    assert_eq!(channel("[toolchain]\n"), None);
}
