//! warpnic build tasks.
//!
//! `cargo xtask gen` writes, from the ABI description in `abi/src/spec.rs`
//! (with its parts under `abi/src/spec/`): `hw/rtl/gen/wn_abi_pkg.sv`,
//! `abi/src/gen.rs`, `docs/abi.md`, and the RTL golden-vector testbench
//! `hw/tb/gen/wn_abi_golden_tb.sv` (from `abi/src/golden.rs` and
//! `abi/src/golden/commands.rs`). `cargo xtask gen --check` renders the same files in
//! memory and fails, naming each stale file, when a committed one differs.
//!
//! The description is included by path so that this tool does not depend on
//! the crate it generates into.

#[path = "../../abi/src/spec.rs"]
#[allow(dead_code)]
mod spec;

#[path = "../../abi/src/golden.rs"]
#[allow(dead_code)]
mod golden;

mod census;
mod check;
mod fit;
mod md;
mod model;
mod rs;
mod sv;
mod tb;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask gen [--check]
       cargo xtask census XML RTLIL [MIN_BITS]
       cargo xtask fit DIR

  gen          write the generated files from abi/src/spec.rs
  gen --check  fail if a committed generated file is stale
  census       compare the tables the RTL declares (XML: verilator --xml-only)
               with what Yosys keeps of them (RTLIL: write_rtlil -selected of
               the flattened design's memories and array registers);
               fails when Yosys holds fewer bits of a table of MIN_BITS or
               more (default 4096) than the RTL declares
  fit          the resource and timing report of wn_core from the files
               scripts/fit.sh leaves in DIR, against hw/fit/budgets.toml
               (also written to DIR/fit.md); fails on a budget exceeded";

/// One generated file: path relative to the workspace root, and contents.
struct Output {
    path: &'static str,
    text: String,
}

fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// Renders every generated file.
fn render(root: &Path) -> Result<Vec<Output>, String> {
    let spec = &spec::SPEC;
    check::validate(spec)
        .map_err(|e| format!("abi/src/spec.rs is invalid:\n  {}", e.join("\n  ")))?;
    let id = model::build_id(spec);
    let sv = sv::generate(spec, id).map_err(|e| e.join("\n"))?;
    let rust = rs::rustfmt(&rs::generate(spec, id), root)?;
    let md = md::generate(spec, id);
    let tb = tb::generate(spec, golden::GOLDEN, golden::ARG_GOLDEN)?;
    Ok(vec![
        Output {
            path: "hw/rtl/gen/wn_abi_pkg.sv",
            text: sv,
        },
        Output {
            path: "abi/src/gen.rs",
            text: rust,
        },
        Output {
            path: "docs/abi.md",
            text: md,
        },
        Output {
            path: "hw/tb/gen/wn_abi_golden_tb.sv",
            text: tb,
        },
    ])
}

fn gen(check: bool) -> Result<(), String> {
    let root = workspace_root();
    let outputs = render(&root)?;
    let mut stale = Vec::new();
    for o in &outputs {
        let path = root.join(o.path);
        let current = std::fs::read_to_string(&path).ok();
        if current.as_deref() == Some(o.text.as_str()) {
            continue;
        }
        if check {
            stale.push(o.path);
        } else {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir)
                    .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            }
            std::fs::write(&path, &o.text).map_err(|e| format!("cannot write {}: {e}", o.path))?;
            println!("wrote {}", o.path);
        }
    }
    if stale.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "stale generated file(s), run `cargo xtask gen`:\n  {}",
            stale.join("\n  ")
        ))
    }
}

fn read(p: &str) -> Result<String, String> {
    std::fs::read_to_string(p).map_err(|e| format!("cannot read {p}: {e}"))
}

/// `cargo xtask census`: prints every table of `min` bits or more with what
/// Yosys holds of it; fails naming each short one.
fn census_cmd(xml: &str, il: &str, min: &str) -> Result<(), String> {
    let min: u64 = min
        .parse()
        .map_err(|_| format!("MIN_BITS must be a number of bits, not {min:?}"))?;
    let design = census::design(&read(xml)?)?;
    let held = census::held(&read(il)?, &design.top)?;
    let rows = census::rows(&design, &held, min);
    println!(
        "{:<44} {:>7} {:>6} {:>11} {:>11} {:>11}  declared at",
        "table (instance.name)", "entries", "width", "declared", "memory", "registers"
    );
    let mut short = Vec::new();
    for r in &rows {
        let t = r.table;
        let name = t.full_name();
        let copies = if t.copies > 1 {
            format!(" x{}", t.copies)
        } else {
            String::new()
        };
        println!(
            "{:<44} {:>7} {:>6} {:>11} {:>11} {:>11}  {}{}{}",
            name,
            t.entries,
            t.width,
            census::bits(t.bits),
            census::bits(r.held.mem_bits),
            census::bits(r.held.reg_bits),
            t.loc,
            copies,
            if r.short() { "  SHORT" } else { "" }
        );
        if r.short() {
            short.push(format!("{name} ({}): {}", t.loc, r.shortfall()));
        }
    }
    let total: u64 = rows.iter().map(|r| r.table.bits).sum();
    println!(
        "{} tables of {} or more, {} declared",
        rows.len(),
        census::bits(min),
        census::bits(total)
    );
    if short.is_empty() {
        println!("census: every table is in the netlist");
        Ok(())
    } else {
        Err(format!(
            "census: {} table(s) smaller in Yosys's netlist than declared \
             (an unpacked array of a packed struct loses its unpacked dimension in Yosys 0.23; \
             declare it as logic [W-1:0] name [N]):\n  {}",
            short.len(),
            short.join("\n  ")
        ))
    }
}

/// `cargo xtask fit`: prints the report and fails naming each budget
/// exceeded.
fn fit_cmd(dir: &str) -> Result<(), String> {
    let root = workspace_root();
    let budgets = fit::Budgets::parse(&read(&root.join("hw/fit/budgets.toml").to_string_lossy())?)?;
    let dir = Path::new(dir);
    let (report, fail) = fit::report(dir, &budgets)?;
    print!("{report}");
    let out = dir.join("fit.md");
    std::fs::write(&out, &report).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    if fail.is_empty() {
        println!("\nfit: every budget of hw/fit/budgets.toml holds");
        Ok(())
    } else {
        Err(format!(
            "fit: {} budget(s) of hw/fit/budgets.toml exceeded:\n  {}",
            fail.len(),
            fail.join("\n  ")
        ))
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match args.as_slice() {
        ["gen"] => gen(false),
        ["gen", "--check"] => gen(true),
        ["fit", dir] => fit_cmd(dir),
        ["census", xml, il] => census_cmd(xml, il, "4096"),
        ["census", xml, il, min] => census_cmd(xml, il, min),
        ["-h" | "--help" | "help"] => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}
