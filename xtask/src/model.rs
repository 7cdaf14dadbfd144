//! Checks on the description, names, and the BUILD_ID hash.
//!
//! Every generator works from a [`spec::Spec`] that
//! [`crate::check::validate`] accepted, so the emitters can assume
//! well-formed layouts (no gaps, no overlaps, fields inside their
//! containers, register offsets aligned and unique).

use crate::spec::{Access, ArgBlock, Block, Command, Endian, Enum, Field, Layout, Register, Spec};
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

/// Every argument block of the commands, once each (a block that several
/// commands share comes at its first use), in command order; then the
/// registers' field blocks.
pub fn arg_blocks(spec: &Spec) -> Vec<&ArgBlock> {
    let mut out: Vec<&ArgBlock> = Vec::new();
    for c in spec.commands {
        for b in c.args.iter().chain(c.rsp.iter()) {
            if !out.iter().any(|o| o.layout.name == b.layout.name) {
                out.push(b);
            }
        }
    }
    out.extend(spec.reg_fields.iter().map(|r| &r.fields));
    out
}

/// The uses of an argument block: each command that takes it as its
/// arguments (`"arguments"`) or answers it (`"result"`).
pub fn block_uses<'a>(spec: &'a Spec, name: &str) -> Vec<(&'a Command, &'static str)> {
    let mut out = Vec::new();
    for c in spec.commands {
        if c.args.is_some_and(|b| b.layout.name == name) {
            out.push((c, "arguments"));
        }
        if c.rsp.is_some_and(|b| b.layout.name == name) {
            out.push((c, "result"));
        }
    }
    out
}

/// The uses of an argument block as text: "rdma_cmd QP_QUERY result, ...".
pub fn uses_text(spec: &Spec, name: &str) -> String {
    let mut uses: Vec<String> = block_uses(spec, name)
        .iter()
        .map(|(c, role)| format!("{} {} {role}", c.codes, c.code))
        .collect();
    for r in spec.reg_fields {
        if r.fields.layout.name == name {
            uses.push(format!("register {} {}", r.block, r.reg));
        }
    }
    uses.join(", ")
}

/// The bits of each word of an argument block that no field holds.
pub fn reserved(b: &ArgBlock) -> Vec<u32> {
    let mut rsvd = vec![u32::MAX; b.words()];
    for f in b.layout.fields {
        for bit in le_lsb(f)..le_lsb(f) + f.width as usize {
            if let Some(w) = rsvd.get_mut(bit / 32) {
                *w &= !(1u32 << (bit % 32));
            }
        }
    }
    rsvd
}

/// One member of an argument block's packed struct, MSB first: a field, or
/// reserved bits (within one word).
pub enum Member<'a> {
    /// A field of the block.
    Field(&'a Field),
    /// Reserved bits `lsb..lsb + width` of word `word`.
    Reserved { word: usize, lsb: u32, width: u32 },
}

/// The members of an argument block from its MSB down, reserved bits
/// included, so that they fill the block's `32 * words` bits.
pub fn members(b: &ArgBlock) -> Vec<Member<'_>> {
    let bits = 32 * b.words();
    let mut owner: Vec<Option<usize>> = vec![None; bits];
    for (i, f) in b.layout.fields.iter().enumerate() {
        for slot in owner.iter_mut().skip(le_lsb(f)).take(f.width as usize) {
            *slot = Some(i);
        }
    }
    let mut out = Vec::new();
    let mut top = bits;
    while top > 0 {
        let bit = top - 1;
        match owner[bit] {
            Some(i) => {
                let f = &b.layout.fields[i];
                out.push(Member::Field(f));
                top = le_lsb(f);
            }
            None => {
                let word = bit / 32;
                let mut low = bit;
                while low > 32 * word && owner[low - 1].is_none() {
                    low -= 1;
                }
                out.push(Member::Reserved {
                    word,
                    lsb: (low % 32) as u32,
                    width: (bit - low + 1) as u32,
                });
                top = low;
            }
        }
    }
    out
}

/// The enumeration a field is typed with: the one its description names
/// exactly (`"qp_state"`).
pub fn field_enum<'a>(spec: &'a Spec, f: &Field) -> Option<&'a Enum> {
    spec.enums.iter().find(|e| e.name == f.doc)
}

/// The first and last word of an argument block field.
pub fn field_words(f: &Field) -> (usize, usize) {
    let lsb = le_lsb(f);
    (lsb / 32, (lsb + f.width as usize - 1) / 32)
}

/// Where a field of an argument block is: "word 3 bits 31:24", "word 0",
/// "words 5-6" (low word first).
pub fn arg_position(f: &Field) -> String {
    let (first, last) = field_words(f);
    let bits = |total: u32| {
        if f.width == total {
            String::new()
        } else if f.width == 1 {
            format!(" bit {}", f.shift)
        } else {
            format!(" bits {}:{}", f.shift + f.width - 1, f.shift)
        }
    };
    if first == last {
        format!("word {first}{}", bits(32))
    } else {
        format!("words {first}-{last}{} (low word first)", bits(64))
    }
}

/// "1 word", "13 words".
pub fn words_text(n: usize) -> String {
    if n == 1 {
        "1 word".to_string()
    } else {
        format!("{n} words")
    }
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

pub fn canon_layout(out: &mut String, tag: &str, l: &Layout) {
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
/// references are left out, so editing documentation keeps the ID; so are
/// the RTL's internal port bundles, which no software sees).
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
    for c in spec.commands {
        let name = |b: &Option<ArgBlock>| b.map_or("-", |b| b.layout.name);
        let _ = writeln!(
            out,
            "command {} {} {} {}",
            c.codes,
            c.code,
            name(&c.args),
            name(&c.rsp)
        );
    }
    for r in spec.reg_fields {
        let _ = writeln!(
            out,
            "regfields {} {} {}",
            r.block, r.reg, r.fields.layout.name
        );
    }
    for b in arg_blocks(spec) {
        let _ = writeln!(out, "argblock {} {}", b.layout.name, b.min_words);
        canon_layout(&mut out, "args", &b.layout);
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
}
