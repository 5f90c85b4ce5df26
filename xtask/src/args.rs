//! The command line of `cargo xtask`: options with values and positional arguments. A leaf
//! module.

/// Value of `--name VALUE` in args.
pub fn option(args: &[String], name: &str) -> Option<String> {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned()
}

/// Options that take a value.
const VALUE_OPTIONS: &[&str] = &["--tos", "--vbls", "--screenshot", "--opt", "--bin", "--shards"];

/// Arguments that are neither options nor option values.
pub fn positional(args: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut skip = false;
    for a in args {
        if skip {
            skip = false;
        } else if VALUE_OPTIONS.contains(&a.as_str()) {
            skip = true;
        } else if !a.starts_with("--") {
            out.push(a.clone());
        }
    }
    out
}
