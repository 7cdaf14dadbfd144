//! The golden-vector testbench (hw/tb/gen/wn_abi_golden_tb.sv).
//!
//! For every vector of `abi/src/golden.rs` the testbench loads the bytes
//! onto a bus (byte 0 in bits 7:0), converts them with `wn_abi_pkg`
//! (struct cast for descriptors, `<name>_unpack` for headers), and compares
//! every field three ways: through the struct member, through the field's
//! position constants (`_LSB`/`_W`, or `_OFF`/`_SHIFT`/`_W`), and, for
//! headers, `<name>_pack` back to the original bytes. The commands'
//! argument blocks (`abi/src/golden/commands.rs`) are loaded as words (word
//! 0 in bits 31:0), cast to their struct and checked the same two ways; the
//! port bundles' structs are checked against their width constants. Any
//! mismatch is a `$fatal`; after the last vector the bench prints a summary
//! and finishes.

use crate::golden::{ArgGolden, Expect, Golden};
use crate::model::{self, upper, GENERATED};
use crate::spec::{ArgBlock, Endian, Field, Layout, Signal, Spec};
use crate::sv::hex;
use std::fmt::Write as _;

/// Hex digits of a byte string as one big-endian number (first byte first).
fn hex_bytes(bytes: impl Iterator<Item = u8>) -> String {
    bytes.map(|b| format!("{b:02x}")).collect()
}

/// The literal of an expected field value, as the field's bits.
fn expected(l: &Layout, f: &Field, e: &Expect) -> Result<String, String> {
    let what = format!("golden {}.{}", l.name, f.name);
    match e {
        Expect::Int(v) => {
            if f.width < 64 && *v >> f.width != 0 {
                return Err(format!("{what}: {v:#x} does not fit {} bits", f.width));
            }
            Ok(hex(f.width, *v))
        }
        Expect::Bytes(b) => {
            if 8 * b.len() != f.width as usize {
                return Err(format!(
                    "{what}: {} bytes for a {}-bit field",
                    b.len(),
                    f.width
                ));
            }
            // A byte field reads as a number in the layout's byte order.
            let digits = match l.endian {
                Endian::Big => hex_bytes(b.iter().copied()),
                Endian::Little => hex_bytes(b.iter().rev().copied()),
            };
            Ok(format!("{}'h{digits}", f.width))
        }
    }
}

/// Renders the testbench; `Err` when a vector does not match the
/// description (unknown layout, wrong length, missing or extra fields).
pub fn generate(spec: &Spec, golden: &[Golden], args: &[ArgGolden]) -> Result<String, String> {
    let mut o = String::new();
    let _ = writeln!(o, "// {GENERATED}");
    o.push_str(
        "//\n\
         // wn_abi_golden_tb: checks wn_abi_pkg against the golden vectors of\n\
         // abi/src/golden.rs (the Rust types are checked against the same vectors\n\
         // by abi/tests/golden.rs). Every field is compared through the struct and\n\
         // through its position constants; headers also round-trip through\n\
         // <name>_pack; the commands' argument blocks are checked as words\n\
         // against abi/src/golden/commands.rs, and the port bundles' structs\n\
         // against their widths. A mismatch stops the simulation with $fatal.\n\
         //\n\
         // Run: verilator --binary -Wall hw/rtl/gen/wn_abi_pkg.sv \\\n\
         //        hw/tb/gen/wn_abi_golden_tb.sv --top-module wn_abi_golden_tb\n\n",
    );
    o.push_str("module wn_abi_golden_tb;\n");

    let mut decls = String::new();
    let mut body = String::new();
    let mut seen = Vec::new();
    for (i, g) in golden.iter().enumerate() {
        let l = spec
            .descriptors
            .iter()
            .chain(spec.headers)
            .find(|l| l.name == g.layout)
            .ok_or_else(|| format!("golden vector {i}: no layout named {}", g.layout))?;
        if g.bytes.len() != l.size {
            return Err(format!(
                "golden {}: {} bytes, the layout has {}",
                l.name,
                g.bytes.len(),
                l.size
            ));
        }
        for f in l.fields {
            if !g.fields.iter().any(|(n, _)| *n == f.name) {
                return Err(format!(
                    "golden {}: no expected value for field {}",
                    l.name, f.name
                ));
            }
        }
        for (n, _) in g.fields {
            if !l.fields.iter().any(|f| f.name == *n) {
                return Err(format!("golden {}: unknown field {n}", l.name));
            }
        }
        seen.push(l.name);
        vector(&mut decls, &mut body, i, l, g)?;
    }
    for l in spec.descriptors.iter().chain(spec.headers) {
        if !seen.contains(&l.name) {
            return Err(format!("golden: no vector for layout {}", l.name));
        }
    }
    let blocks = model::arg_blocks(spec);
    for (i, g) in args.iter().enumerate() {
        let b = blocks
            .iter()
            .find(|b| b.layout.name == g.block)
            .ok_or_else(|| format!("argument vector {i}: no block named {}", g.block))?;
        arg_vector(&mut decls, &mut body, i, b, g)?;
    }
    for b in &blocks {
        let n = args.iter().filter(|g| g.block == b.layout.name).count();
        if n != 1 {
            return Err(format!(
                "golden: {n} vectors for argument block {}",
                b.layout.name
            ));
        }
    }
    for (i, b) in spec.bundles.iter().enumerate() {
        for c in b.channels {
            bundle_checks(&mut decls, &mut body, i, b.name, c.name, c.signals);
        }
    }
    o.push_str(&decls);
    o.push_str("\n  initial begin\n");
    o.push_str(&body);
    let _ = writeln!(
        o,
        "    $display(\"wn_abi_golden_tb: {} golden vectors passed\");",
        golden.len() + args.len()
    );
    o.push_str("    $finish;\n  end\n\nendmodule\n");
    Ok(o)
}

fn vector(
    decls: &mut String,
    body: &mut String,
    i: usize,
    l: &Layout,
    g: &Golden,
) -> Result<(), String> {
    let n = upper(l.name);
    let bits = 8 * l.size;
    let bus = format!("g{i}_bus");
    let st = format!("g{i}_{}", l.name);
    let _ = writeln!(decls, "  logic [{}:0] {bus};", bits - 1);
    let _ = writeln!(decls, "  wn_abi_pkg::{}_t {st};", l.name);
    // On the bus byte 0 is bits 7:0, so the literal lists the bytes last first.
    let _ = writeln!(body, "    // {} ({})", l.name, l.reference);
    let _ = writeln!(
        body,
        "    {bus} = {bits}'h{};",
        hex_bytes(g.bytes.iter().rev().copied())
    );
    let _ = writeln!(
        body,
        "    if (wn_abi_pkg::{n}_SIZE != {}) $fatal(1, \"{}: {n}_SIZE is %0d, expected {}\", wn_abi_pkg::{n}_SIZE);",
        l.size, l.name, l.size
    );
    let wvec = format!("g{i}_wvec");
    match l.endian {
        Endian::Little => {
            let _ = writeln!(body, "    {st} = {bus};");
        }
        Endian::Big => {
            let _ = writeln!(decls, "  logic [{}:0] {wvec};", bits - 1);
            let _ = writeln!(body, "    {st} = wn_abi_pkg::{}_unpack({bus});", l.name);
            let _ = writeln!(body, "    {wvec} = {st};");
        }
    }
    for (name, e) in g.fields {
        let Some(f) = l.fields.iter().find(|f| f.name == *name) else {
            continue;
        };
        let exp = expected(l, f, e)?;
        let fname = format!("{n}_{}", upper(f.name));
        let label = format!("{}.{}", l.name, f.name);
        let member = crate::model::sv_field(f.name);
        let _ = writeln!(
            body,
            "    if ({st}.{member} !== {exp}) $fatal(1, \"{label}: struct field is %h, expected %h\", {st}.{member}, {exp});"
        );
        let slice = match l.endian {
            Endian::Little => format!(
                "{bus}[wn_abi_pkg::{fname}_LSB +: wn_abi_pkg::{fname}_W]"
            ),
            Endian::Big => format!(
                "{wvec}[(wn_abi_pkg::{n}_SIZE - wn_abi_pkg::{fname}_OFF - {})*8 + wn_abi_pkg::{fname}_SHIFT +: wn_abi_pkg::{fname}_W]",
                f.container
            ),
        };
        let _ = writeln!(
            body,
            "    if ({slice} !== {exp}) $fatal(1, \"{label}: the position constants select other bits\");"
        );
    }
    if l.endian == Endian::Big {
        let _ = writeln!(
            body,
            "    if (wn_abi_pkg::{}_pack({st}) !== {bus}) $fatal(1, \"{}: pack does not restore the bytes\");",
            l.name, l.name
        );
    }
    body.push('\n');
    Ok(())
}

fn arg_vector(
    decls: &mut String,
    body: &mut String,
    i: usize,
    b: &ArgBlock,
    g: &ArgGolden,
) -> Result<(), String> {
    let l = &b.layout;
    let n = upper(l.name);
    let words = b.words();
    if g.words.len() != words {
        return Err(format!(
            "golden {}: {} words, the block has {words}",
            l.name,
            g.words.len()
        ));
    }
    for f in l.fields {
        if !g.fields.iter().any(|(name, _)| *name == f.name) {
            return Err(format!(
                "golden {}: no expected value for field {}",
                l.name, f.name
            ));
        }
    }
    let bus = format!("a{i}_bus");
    let st = format!("a{i}_{}", l.name);
    let _ = writeln!(decls, "  logic [{}:0] {bus};", 32 * words - 1);
    let _ = writeln!(decls, "  wn_abi_pkg::{}_t {st};", l.name);
    let _ = writeln!(body, "    // {} ({})", l.name, l.reference);
    // Word 0 is bits 31:0, so the literal lists the words last first.
    let digits: String = g.words.iter().rev().map(|w| format!("{w:08x}")).collect();
    let _ = writeln!(body, "    {bus} = {}'h{digits};", 32 * words);
    for (what, value) in [("WORDS", words), ("MIN_WORDS", b.min_words)] {
        let _ = writeln!(
            body,
            "    if (wn_abi_pkg::{n}_{what} != {value}) $fatal(1, \"{}: {n}_{what} is %0d, expected {value}\", wn_abi_pkg::{n}_{what});",
            l.name
        );
    }
    let _ = writeln!(body, "    {st} = {bus};");
    for m in model::members(b) {
        if let model::Member::Reserved { word, lsb, .. } = m {
            let _ = writeln!(
                body,
                "    if ({st}.rsvd{word}_{lsb} != '0) $fatal(1, \"{}: reserved bits of word {word} from bit {lsb} are not where the vector has them\");",
                l.name
            );
        }
    }
    for (name, e) in g.fields {
        let f = l
            .fields
            .iter()
            .find(|f| f.name == *name)
            .ok_or_else(|| format!("golden {}: unknown field {name}", l.name))?;
        let exp = expected(l, f, e)?;
        let fname = format!("{n}_{}", upper(f.name));
        let label = format!("{}.{}", l.name, f.name);
        let member = model::sv_field(f.name);
        let _ = writeln!(
            body,
            "    if ({st}.{member} !== {exp}) $fatal(1, \"{label}: struct field is %h, expected %h\", {st}.{member}, {exp});"
        );
        let _ = writeln!(
            body,
            "    if ({bus}[wn_abi_pkg::{fname}_LSB +: wn_abi_pkg::{fname}_W] !== {exp}) $fatal(1, \"{label}: the position constants select other bits\");"
        );
    }
    body.push('\n');
    Ok(())
}

/// Checks a bundle channel's struct width against its constant, and that
/// each signal is where the description puts it (the first signal in the
/// MSBs).
fn bundle_checks(
    decls: &mut String,
    body: &mut String,
    i: usize,
    name: &str,
    channel: &str,
    signals: &[Signal],
) {
    let v = format!("b{i}_{channel}");
    let ty = format!("{name}_{channel}_t");
    let _ = writeln!(decls, "  wn_abi_pkg::{ty} {v};");
    let wname = format!("wn_abi_pkg::{}_{}_W", upper(name), upper(channel));
    let width: u32 = signals.iter().map(|s| s.width).sum();
    let _ = writeln!(body, "    // {ty}");
    let _ = writeln!(
        body,
        "    if ($bits({v}) != {wname}) $fatal(1, \"{ty}: %0d bits, {}_{}_W is %0d\", $bits({v}), {wname});",
        upper(name),
        upper(channel)
    );
    let mut top = width;
    for s in signals {
        let lsb = top - s.width;
        top = lsb;
        let _ = writeln!(body, "    {v} = '0;");
        let _ = writeln!(body, "    {v}.{} = '1;", s.name);
        let _ = writeln!(
            body,
            "    if ({v} !== {}) $fatal(1, \"{ty}.{}: not at bits {}:{lsb}\");",
            ones(width, lsb, s.width),
            s.name,
            lsb + s.width - 1
        );
    }
    body.push('\n');
}

/// A `width`-bit literal with ones in bits `lsb..lsb + n`.
fn ones(width: u32, lsb: u32, n: u32) -> String {
    let digits = width.div_ceil(4);
    let hex: String = (0..digits)
        .rev()
        .map(|d| {
            let nibble = (0..4).fold(0u32, |acc, b| {
                let bit = 4 * d + b;
                acc | (u32::from(bit >= lsb && bit < lsb + n) << b)
            });
            char::from_digit(nibble, 16).unwrap_or('0')
        })
        .collect();
    format!("{width}'h{hex}")
}
