//! Checks on the description, names, and the BUILD_ID hash.
//!
//! Every generator works from a [`spec::Spec`] that [`validate`] accepted, so
//! the emitters can assume well-formed layouts (no gaps, no overlaps, fields
//! inside their containers, register offsets aligned and unique).

use crate::spec::{Access, Block, Endian, Enum, Field, Layout, Register, Spec};
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// The header line every generated file starts with (after the comment
/// marker of its language).
pub const GENERATED: &str = "generated from abi/src/spec.rs by `cargo xtask gen`; do not edit";

/// SystemVerilog keywords that cannot be used as struct field names.
const SV_KEYWORDS: &[&str] = &[
    "alias",
    "always",
    "and",
    "assert",
    "assign",
    "assume",
    "automatic",
    "before",
    "begin",
    "bind",
    "bins",
    "binsof",
    "bit",
    "break",
    "buf",
    "byte",
    "case",
    "casex",
    "casez",
    "cell",
    "chandle",
    "checker",
    "class",
    "clocking",
    "cmos",
    "config",
    "const",
    "constraint",
    "context",
    "continue",
    "cover",
    "covergroup",
    "coverpoint",
    "cross",
    "deassign",
    "default",
    "defparam",
    "design",
    "disable",
    "dist",
    "do",
    "edge",
    "else",
    "end",
    "endcase",
    "endfunction",
    "endmodule",
    "endpackage",
    "enum",
    "event",
    "expect",
    "export",
    "extends",
    "extern",
    "final",
    "first_match",
    "for",
    "force",
    "foreach",
    "forever",
    "fork",
    "function",
    "generate",
    "genvar",
    "global",
    "highz0",
    "highz1",
    "if",
    "iff",
    "ifnone",
    "ignore_bins",
    "illegal_bins",
    "implements",
    "implies",
    "import",
    "incdir",
    "include",
    "initial",
    "inout",
    "input",
    "inside",
    "instance",
    "int",
    "integer",
    "interface",
    "intersect",
    "join",
    "join_any",
    "join_none",
    "large",
    "let",
    "liblist",
    "library",
    "local",
    "localparam",
    "logic",
    "longint",
    "macromodule",
    "matches",
    "medium",
    "modport",
    "module",
    "nand",
    "negedge",
    "new",
    "nexttime",
    "nmos",
    "nor",
    "not",
    "null",
    "or",
    "output",
    "package",
    "packed",
    "parameter",
    "pmos",
    "posedge",
    "primitive",
    "priority",
    "program",
    "property",
    "protected",
    "pull0",
    "pull1",
    "pulldown",
    "pullup",
    "pure",
    "rand",
    "randc",
    "randcase",
    "randsequence",
    "rcmos",
    "real",
    "realtime",
    "ref",
    "reg",
    "reject_on",
    "release",
    "repeat",
    "restrict",
    "return",
    "rnmos",
    "rpmos",
    "rtran",
    "s_always",
    "s_eventually",
    "s_nexttime",
    "s_until",
    "scalared",
    "sequence",
    "shortint",
    "shortreal",
    "showcancelled",
    "signed",
    "small",
    "soft",
    "solve",
    "specify",
    "specparam",
    "static",
    "string",
    "strong",
    "strong0",
    "strong1",
    "struct",
    "super",
    "supply0",
    "supply1",
    "sync_accept_on",
    "sync_reject_on",
    "table",
    "tagged",
    "task",
    "this",
    "throughout",
    "time",
    "timeprecision",
    "timeunit",
    "tran",
    "tri",
    "tri0",
    "tri1",
    "triand",
    "trior",
    "trireg",
    "type",
    "typedef",
    "union",
    "unique",
    "unique0",
    "unsigned",
    "until",
    "until_with",
    "untyped",
    "use",
    "uwire",
    "var",
    "vectored",
    "virtual",
    "void",
    "wait",
    "wait_order",
    "wand",
    "weak",
    "weak0",
    "weak1",
    "while",
    "wildcard",
    "wire",
    "with",
    "within",
    "wor",
    "xnor",
    "xor",
];

/// Rust keywords that cannot be used as field or module names.
const RUST_KEYWORDS: &[&str] = &[
    "as", "async", "await", "box", "break", "const", "continue", "crate", "do", "dyn", "else",
    "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl", "in", "let", "loop",
    "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref", "return", "self",
    "static", "struct", "super", "trait", "true", "try", "type", "typeof", "unsafe", "unsized",
    "use", "virtual", "where", "while", "yield",
];

/// `true` for a Rust keyword (a field may not take one: the Rust accessor
/// has the field's own name).
pub fn is_rust_keyword(name: &str) -> bool {
    RUST_KEYWORDS.contains(&name)
}

/// The SystemVerilog name of a struct field: the field's name, or the name
/// with `_f` appended when it is a SystemVerilog keyword (DDP's `tagged`
/// becomes `tagged_f`).
pub fn sv_field(name: &str) -> String {
    if SV_KEYWORDS.contains(&name) {
        format!("{name}_f")
    } else {
        name.to_string()
    }
}

/// `snake_case` or `SCREAMING_SNAKE` to `UpperCamelCase`.
pub fn camel(name: &str) -> String {
    let mut out = String::new();
    for part in name.split('_').filter(|p| !p.is_empty()) {
        let mut chars = part.chars();
        if let Some(first) = chars.next() {
            out.extend(first.to_uppercase());
            out.extend(chars.flat_map(char::to_lowercase));
        }
    }
    out
}

/// Upper-case form of a name.
pub fn upper(name: &str) -> String {
    name.to_ascii_uppercase()
}

/// Lower-case form of a name.
pub fn lower(name: &str) -> String {
    name.to_ascii_lowercase()
}

/// The smallest Rust unsigned type that holds `bits` bits.
pub fn rust_uint(bits: u32) -> &'static str {
    match bits {
        0..=8 => "u8",
        9..=16 => "u16",
        17..=32 => "u32",
        _ => "u64",
    }
}

/// The Rust integer type of a whole integer container, if it has one.
pub fn container_uint(bytes: usize) -> Option<&'static str> {
    match bytes {
        1 => Some("u8"),
        2 => Some("u16"),
        4 => Some("u32"),
        8 => Some("u64"),
        _ => None,
    }
}

/// `true` when the field fills its whole container.
pub fn is_whole(f: &Field) -> bool {
    f.shift == 0 && f.width as usize == 8 * f.container
}

/// Mask of `width` low bits.
pub fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// Bytes a block's registers span from its base (header, registers and, for
/// an array block, element 0).
pub fn block_end(b: &Block) -> u32 {
    let regs_end = b.regs.iter().map(|r| r.offset + 4).max().unwrap_or(12);
    match &b.array {
        Some(a) => regs_end.max(a.base + a.stride),
        None => regs_end.max(12),
    }
}

/// Base of the block after `index`, 0 for the last.
pub fn next_block(spec: &Spec, index: usize) -> u32 {
    spec.blocks.get(index + 1).map_or(0, |b| b.base)
}

/// Fields of a big-endian layout in wire order (first transmitted bit
/// first): by offset, then from the container's MSB down.
pub fn wire_order(l: &Layout) -> Vec<&Field> {
    let mut v: Vec<&Field> = l.fields.iter().collect();
    v.sort_by(|a, b| a.offset.cmp(&b.offset).then(b.shift.cmp(&a.shift)));
    v
}

/// Index (0 = LSB) of a field's LSB in a little-endian layout's bit vector.
pub fn le_lsb(f: &Field) -> usize {
    8 * f.offset + f.shift as usize
}

/// Index (0 = first wire bit = MSB of the header vector) of a field's MSB in
/// a big-endian layout, as a bit position counted from the header's LSB.
pub fn be_lsb(l: &Layout, f: &Field) -> usize {
    8 * (l.size - f.offset - f.container) + f.shift as usize
}

fn access_name(a: Access) -> &'static str {
    match a {
        Access::Ro => "ro",
        Access::Rw => "rw",
        Access::Wo => "wo",
    }
}

/// Lower-case access name for documentation.
pub fn access_str(a: Access) -> &'static str {
    access_name(a)
}

fn canon_regs(out: &mut String, tag: &str, regs: &[Register]) {
    for r in regs {
        let _ = writeln!(
            out,
            "{tag} {} {:#x} {} {:#x}",
            r.name,
            r.offset,
            access_name(r.access),
            r.reset
        );
    }
}

fn canon_layout(out: &mut String, tag: &str, l: &Layout) {
    let e = match l.endian {
        Endian::Little => "le",
        Endian::Big => "be",
    };
    let _ = writeln!(out, "{tag} {} {} {e}", l.name, l.size);
    for f in l.fields {
        let _ = writeln!(
            out,
            "field {} {} {} {} {}",
            f.name, f.offset, f.container, f.shift, f.width
        );
    }
}

/// The canonical text the BUILD_ID is computed over: every name, offset,
/// width, value, access and reset of the description (descriptions and
/// references are left out, so editing documentation keeps the ID).
pub fn canonical(spec: &Spec) -> String {
    let mut out = String::new();
    for c in spec.constants {
        let _ = writeln!(out, "const {} {:#x}", c.name, c.value);
    }
    for e in spec.enums {
        let _ = writeln!(out, "enum {} {} {}", e.name, e.width, e.flags);
        for v in e.values {
            let _ = writeln!(out, "value {} {:#x}", v.name, v.value);
        }
    }
    canon_regs(&mut out, "hdr", crate::spec::BLOCK_HEADER);
    canon_regs(&mut out, "arrayhdr", crate::spec::ARRAY_HEADER);
    for b in spec.blocks {
        let _ = writeln!(
            out,
            "block {} {:#x} {:#x} {:#x}",
            b.name, b.base, b.type_id, b.version
        );
        canon_regs(&mut out, "reg", b.regs);
        if let Some(a) = &b.array {
            let _ = writeln!(out, "array {:#x} {:#x}", a.base, a.stride);
            canon_regs(&mut out, "elem", a.regs);
        }
    }
    for l in spec.descriptors {
        canon_layout(&mut out, "descriptor", l);
    }
    for l in spec.headers {
        canon_layout(&mut out, "header", l);
    }
    out
}

/// 32-bit FNV-1a.
pub fn fnv1a32(data: &[u8]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for &b in data {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

/// The BUILD_ID of a description.
pub fn build_id(spec: &Spec) -> u32 {
    fnv1a32(canonical(spec).as_bytes())
}

/// Finds a constant by name.
pub fn constant(spec: &Spec, name: &str) -> Option<u64> {
    spec.constants
        .iter()
        .find(|c| c.name == name)
        .map(|c| c.value)
}

fn is_upper_ident(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_uppercase())
        && s.chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        && !s.ends_with('_')
        && !s.contains("__")
}

fn is_lower_ident(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_lowercase())
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && !s.ends_with('_')
        && !s.contains("__")
}

/// Collects every problem with the description.
pub fn validate(spec: &Spec) -> Result<(), Vec<String>> {
    let mut errs = Vec::new();
    let mut err = |m: String| errs.push(m);

    // Constants.
    let mut names = BTreeSet::new();
    for c in spec.constants {
        if !is_upper_ident(c.name) {
            err(format!(
                "constant {}: name must be SCREAMING_SNAKE_CASE",
                c.name
            ));
        }
        if !names.insert(c.name) {
            err(format!("constant {}: defined twice", c.name));
        }
        if c.value > u64::from(u32::MAX) {
            err(format!(
                "constant {}: value {:#x} does not fit 32 bits",
                c.name, c.value
            ));
        }
    }

    // Enums.
    let mut enum_names = BTreeSet::new();
    for e in spec.enums {
        validate_enum(e, &mut err);
        if !enum_names.insert(e.name) {
            err(format!("enum {}: defined twice", e.name));
        }
    }

    // Blocks.
    let bar0 = constant(spec, "BAR0_SIZE").unwrap_or(1 << 16);
    let mut block_names = BTreeSet::new();
    let mut type_ids = BTreeSet::new();
    for (i, b) in spec.blocks.iter().enumerate() {
        if !is_upper_ident(b.name) {
            err(format!(
                "block {}: name must be SCREAMING_SNAKE_CASE",
                b.name
            ));
        }
        if !block_names.insert(b.name) {
            err(format!("block {}: defined twice", b.name));
        }
        if !type_ids.insert(b.type_id) {
            err(format!(
                "block {}: type id {:#x} used twice",
                b.name, b.type_id
            ));
        }
        if let Some(v) = constant(spec, &format!("BLOCK_{}", b.name)) {
            if v != u64::from(b.type_id) {
                err(format!(
                    "block {}: type id {:#x} differs from constant BLOCK_{} = {v:#x}",
                    b.name, b.type_id, b.name
                ));
            }
        }
        if b.base % 4 != 0 {
            err(format!(
                "block {}: base {:#x} not 4-byte aligned",
                b.name, b.base
            ));
        }
        let limit = match spec.blocks.get(i + 1) {
            Some(n) if n.base <= b.base => {
                err(format!(
                    "block {}: blocks must be in increasing address order",
                    n.name
                ));
                continue;
            }
            Some(n) => u64::from(n.base - b.base),
            None => bar0.saturating_sub(u64::from(b.base)),
        };
        if u64::from(block_end(b)) > limit {
            err(format!(
                "block {}: registers end at {:#x}, beyond the block's {limit:#x} bytes",
                b.name,
                block_end(b)
            ));
        }
        let header_end = if b.array.is_some() { 0x18 } else { 0x0c };
        validate_regs(
            &format!("block {}", b.name),
            b.regs,
            0x0c,
            u32::MAX,
            &mut err,
        );
        if let Some(a) = &b.array {
            for h in crate::spec::ARRAY_HEADER {
                if !b
                    .regs
                    .iter()
                    .any(|r| r.name == h.name && r.offset == h.offset)
                {
                    err(format!(
                        "block {}: an array block must list the array header register {}",
                        b.name, h.name
                    ));
                }
            }
            if a.base < header_end || a.base % 4 != 0 || a.stride % 4 != 0 || a.stride == 0 {
                err(format!("block {}: bad array base/stride", b.name));
            }
            if b.regs.iter().any(|r| r.offset >= a.base) {
                err(format!("block {}: a register overlaps the array", b.name));
            }
            validate_regs(
                &format!("block {} element", b.name),
                a.regs,
                0,
                a.stride,
                &mut err,
            );
        }
    }

    // Layouts.
    let mut layout_names = BTreeSet::new();
    for l in spec.descriptors.iter().chain(spec.headers) {
        if !layout_names.insert(l.name) {
            err(format!("layout {}: defined twice", l.name));
        }
    }
    for l in spec.descriptors {
        if l.endian != Endian::Little {
            err(format!(
                "descriptor {}: descriptors are little-endian",
                l.name
            ));
        }
        validate_layout(l, &mut err);
        if let Some(v) = constant(spec, &format!("{}_SIZE", upper(l.name))) {
            if v != l.size as u64 {
                err(format!(
                    "descriptor {}: size {} differs from constant {}_SIZE = {v}",
                    l.name,
                    l.size,
                    upper(l.name)
                ));
            }
        }
    }
    for l in spec.headers {
        if l.endian != Endian::Big {
            err(format!("header {}: wire headers are big-endian", l.name));
        }
        validate_layout(l, &mut err);
    }

    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs)
    }
}

fn validate_enum(e: &Enum, err: &mut impl FnMut(String)) {
    if !is_lower_ident(e.name) {
        err(format!("enum {}: name must be snake_case", e.name));
    }
    if e.width == 0 || e.width > 32 {
        err(format!("enum {}: width {} not in 1..=32", e.name, e.width));
    }
    if e.values.is_empty() {
        err(format!("enum {}: no values", e.name));
    }
    let mut names = BTreeSet::new();
    let mut values = BTreeSet::new();
    for v in e.values {
        if !is_upper_ident(v.name) {
            err(format!(
                "enum {} value {}: name must be SCREAMING_SNAKE_CASE",
                e.name, v.name
            ));
        }
        if !names.insert(v.name) {
            err(format!("enum {} value {}: defined twice", e.name, v.name));
        }
        if !values.insert(v.value) {
            err(format!(
                "enum {} value {}: value {:#x} used twice",
                e.name, v.name, v.value
            ));
        }
        if v.value > mask(e.width) {
            err(format!(
                "enum {} value {}: does not fit {} bits",
                e.name, v.name, e.width
            ));
        }
        if e.flags && v.value == 0 {
            err(format!(
                "enum {} value {}: a flag cannot be zero",
                e.name, v.name
            ));
        }
    }
}

fn validate_regs(
    what: &str,
    regs: &[Register],
    min: u32,
    limit: u32,
    err: &mut impl FnMut(String),
) {
    let mut names = BTreeSet::new();
    let mut offsets = BTreeSet::new();
    for r in regs {
        if !is_upper_ident(r.name) {
            err(format!(
                "{what} register {}: name must be SCREAMING_SNAKE_CASE",
                r.name
            ));
        }
        if !names.insert(r.name) {
            err(format!("{what} register {}: defined twice", r.name));
        }
        if !offsets.insert(r.offset) {
            err(format!(
                "{what} register {}: offset {:#x} used twice",
                r.name, r.offset
            ));
        }
        if r.offset % 4 != 0 {
            err(format!(
                "{what} register {}: offset {:#x} not aligned",
                r.name, r.offset
            ));
        }
        if r.offset < min {
            err(format!(
                "{what} register {}: offset {:#x} overlaps the block header",
                r.name, r.offset
            ));
        }
        if r.offset.saturating_add(4) > limit {
            err(format!(
                "{what} register {}: offset {:#x} beyond the stride",
                r.name, r.offset
            ));
        }
        if matches!(
            r.name,
            "BASE"
                | "TYPE_ID"
                | "VERSION"
                | "VERSION_VALUE"
                | "NEXT"
                | "NEXT_BLOCK"
                | "ELEM_BASE"
                | "ELEM_STRIDE"
                | "ELEM"
        ) || r.name.ends_with("_RESET")
        {
            err(format!(
                "{what} register {}: name is reserved for generated constants",
                r.name
            ));
        }
    }
}

fn validate_layout(l: &Layout, err: &mut impl FnMut(String)) {
    if !is_lower_ident(l.name) {
        err(format!("layout {}: name must be snake_case", l.name));
    }
    if l.size == 0 || l.fields.is_empty() {
        err(format!("layout {}: empty", l.name));
        return;
    }
    let mut covered = vec![0u8; 8 * l.size];
    let mut names = BTreeSet::new();
    let mut last_offset = 0;
    for f in l.fields {
        let what = format!("layout {} field {}", l.name, f.name);
        if !is_lower_ident(f.name) || is_rust_keyword(f.name) {
            err(format!("{what}: name must be snake_case and not a keyword"));
        }
        if matches!(f.name, "buffer" | "bus" | "hdr") {
            err(format!("{what}: name is reserved by the generated code"));
        }
        if !names.insert(f.name) {
            err(format!("{what}: defined twice"));
        }
        if f.offset < last_offset {
            err(format!("{what}: fields must be in offset order"));
        }
        last_offset = f.offset;
        if f.container == 0 || f.offset + f.container > l.size {
            err(format!("{what}: container outside the layout"));
            continue;
        }
        if f.width == 0 || f.shift as usize + f.width as usize > 8 * f.container {
            err(format!("{what}: bits outside the container"));
            continue;
        }
        if container_uint(f.container).is_none() && !is_whole(f) {
            err(format!(
                "{what}: a {}-byte container must hold one whole-byte field",
                f.container
            ));
        }
        if l.endian == Endian::Little && !is_whole(f) {
            err(format!(
                "{what}: little-endian fields must fill their container"
            ));
        }
        if l.endian == Endian::Little
            && container_uint(f.container).is_some()
            && f.offset % f.container != 0
        {
            err(format!(
                "{what}: little-endian integer fields must be naturally aligned"
            ));
        }
        if l.endian == Endian::Little && container_uint(f.container).is_none() && f.container > 32 {
            err(format!(
                "{what}: byte arrays in descriptors are limited to 32 bytes"
            ));
        }
        let lsb = match l.endian {
            Endian::Little => le_lsb(f),
            Endian::Big => be_lsb(l, f),
        };
        for bit in &mut covered[lsb..lsb + f.width as usize] {
            *bit += 1;
        }
    }
    if let Some(bit) = covered.iter().position(|&c| c > 1) {
        err(format!("layout {}: fields overlap at bit {bit}", l.name));
    }
    if let Some(bit) = covered.iter().position(|&c| c == 0) {
        err(format!(
            "layout {}: bit {bit} belongs to no field (name reserved bits)",
            l.name
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn camel_case() {
        assert_eq!(camel("sq_wqe"), "SqWqe");
        assert_eq!(camel("LOC_LEN_ERR"), "LocLenErr");
        assert_eq!(camel("mpa_v2_ird_ord"), "MpaV2IrdOrd");
        assert_eq!(camel("IPV4"), "Ipv4");
    }

    #[test]
    fn fnv_vectors() {
        // Published FNV-1a 32-bit test values.
        assert_eq!(fnv1a32(b""), 0x811c_9dc5);
        assert_eq!(fnv1a32(b"a"), 0xe40c_292c);
        assert_eq!(fnv1a32(b"foobar"), 0xbf9c_f968);
    }

    #[test]
    fn spec_is_valid() {
        if let Err(e) = validate(&crate::spec::SPEC) {
            panic!("{}", e.join("\n"));
        }
    }
}
