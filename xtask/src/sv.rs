//! The SystemVerilog package `wn_abi_pkg` (hw/rtl/gen/wn_abi_pkg.sv).
//!
//! Written for Verilator 5.006 (`--lint-only -Wall` clean) and Yosys 0.23:
//! only `localparam`, `typedef enum`, `typedef struct packed` and
//! `function automatic` bodies made of plain assignments and concatenations.

use crate::model::{self, be_lsb, is_whole, le_lsb, upper, wire_order, Member};
use crate::spec::{
    ArgBlock, Block, Bundle, Flow, Layout, Register, Signal, Spec, ARRAY_HEADER, BLOCK_HEADER,
};
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// A sized hexadecimal literal, `W'h...` with `_` every four digits.
pub fn hex(width: u32, v: u64) -> String {
    let digits = width.div_ceil(4).max(1) as usize;
    let s = format!("{v:0digits$x}");
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 4 == 0 {
            out.push('_');
        }
        out.push(c);
    }
    format!("{width}'h{out}")
}

struct Pkg {
    out: String,
    names: BTreeSet<String>,
    errors: Vec<String>,
}

impl Pkg {
    fn claim(&mut self, name: &str) {
        if !self.names.insert(name.to_string()) {
            self.errors
                .push(format!("SystemVerilog name {name} would be declared twice"));
        }
    }

    fn line(&mut self, s: &str) {
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn comment(&mut self, indent: &str, text: &str) {
        let _ = writeln!(self.out, "{indent}// {text}");
    }

    /// A blank line, the section's rule with its title, and its notes.
    fn section(&mut self, title: &str, notes: &[&str]) {
        self.line("");
        self.comment("  ", &format!("{} {title}", "-".repeat(64)));
        for n in notes {
            self.comment("  ", n);
        }
    }

    /// `localparam int unsigned NAME = 32'h...;` with a trailing comment.
    fn uint(&mut self, name: &str, value: u64, doc: &str) {
        self.claim(name);
        let lit = hex(32, value);
        if doc.is_empty() {
            let _ = writeln!(self.out, "  localparam int unsigned {name} = {lit};");
        } else {
            let _ = writeln!(
                self.out,
                "  localparam int unsigned {name} = {lit};  // {doc}"
            );
        }
    }

    /// `localparam int unsigned NAME = decimal;` for bit positions and sizes.
    fn dec(&mut self, name: &str, value: usize) {
        self.claim(name);
        let _ = writeln!(self.out, "  localparam int unsigned {name} = {value};");
    }
}

/// Renders the package; `Err` lists name collisions.
pub fn generate(spec: &Spec, build_id: u32) -> Result<String, Vec<String>> {
    let mut p = Pkg {
        out: String::new(),
        names: BTreeSet::new(),
        errors: Vec::new(),
    };
    p.line(&format!("// {}", model::GENERATED));
    p.line("//");
    p.line("// wn_abi_pkg: warpnic's hardware/software interface for the RTL: constants,");
    p.line("// protocol codes, the BAR0 register map, descriptor layouts (little-endian,");
    p.line("// byte 0 in bits 7:0) and wire headers (big-endian) with pack/unpack");
    p.line("// functions, the commands' argument and result words, and the bundles of");
    p.line("// the RTL's internal ports. Refer to items as wn_abi_pkg::NAME (no wildcard");
    p.line("// import).");
    p.line("// docs/abi.md is the readable reference.");
    p.line("");
    p.line("// A design uses a subset of these constants, and field names follow the");
    p.line("// description (CQE `queue` is also a C++ word): waive both checks here.");
    p.line("// verilator lint_off UNUSEDPARAM");
    p.line("// verilator lint_off SYMRSVDWORD");
    p.line("");
    p.line("package wn_abi_pkg;");
    p.line("");
    p.comment(
        "  ",
        "Hash of the ABI description; the ID block's BUILD_ID register reads it.",
    );
    p.claim("BUILD_ID");
    let _ = writeln!(
        p.out,
        "  localparam logic [31:0] BUILD_ID = {};",
        hex(32, build_id.into())
    );

    p.section("constants", &[]);
    for c in spec.constants {
        p.uint(c.name, c.value, c.doc);
    }

    p.section("enums", &[]);
    for e in spec.enums {
        let prefix = upper(e.name);
        p.line("");
        p.comment(
            "  ",
            &format!("{} ({})", e.doc.trim_end_matches('.'), e.reference),
        );
        if e.flags {
            for v in e.values {
                let name = format!("{prefix}_{}", v.name);
                p.claim(&name);
                let _ = writeln!(
                    p.out,
                    "  localparam logic [{}:0] {name} = {};  // {}",
                    e.width - 1,
                    hex(e.width, v.value),
                    v.doc
                );
            }
        } else {
            let ty = format!("{}_e", e.name);
            p.claim(&ty);
            let _ = writeln!(p.out, "  typedef enum logic [{}:0] {{", e.width - 1);
            for (i, v) in e.values.iter().enumerate() {
                let name = format!("{prefix}_{}", v.name);
                p.claim(&name);
                let sep = if i + 1 == e.values.len() { "" } else { "," };
                let _ = writeln!(
                    p.out,
                    "    {name} = {}{sep}  // {}",
                    hex(e.width, v.value),
                    v.doc
                );
            }
            let _ = writeln!(p.out, "  }} {ty};");
        }
    }

    p.section(
        "registers",
        &["Common block header, offsets relative to the block base."],
    );
    for r in BLOCK_HEADER.iter().chain(ARRAY_HEADER) {
        p.uint(&format!("REG_HDR_{}", r.name), r.offset.into(), r.doc);
    }
    for (i, b) in spec.blocks.iter().enumerate() {
        block(&mut p, b, model::next_block(spec, i));
    }

    p.section(
        "descriptors",
        &["Little-endian: byte 0 is bits 7:0; L_F_LSB = 8 * offset + shift."],
    );
    for l in spec.descriptors {
        descriptor(&mut p, spec, l);
    }

    p.section(
        "wire headers",
        &[
            "Big-endian. The struct is in wire order (first wire bit = MSB); on the",
            "bus, wire byte 0 is bits 7:0. H_F_OFF is the byte offset of the field's",
            "container, H_F_SHIFT its bit position inside the big-endian container.",
        ],
    );
    for l in spec.headers {
        header(&mut p, l);
    }

    p.section(
        "commands",
        &[
            "Argument and result words of the commands: word 0 is bits 31:0 of the",
            "struct; B_F_LSB = 32 * word + bit. rsvd<w>_<b> members are reserved bits",
            "of word w from bit b, zero.",
        ],
    );
    for b in model::arg_blocks(spec) {
        arg_block(&mut p, spec, b);
    }

    p.section(
        "port bundles",
        &[
            "<name>_<channel>_t: one channel of a port, its valid and payload; the",
            "channel's ready is a plain logic going the other way. <NAME>_<CHANNEL>_W",
            "is the struct's width.",
        ],
    );
    for b in spec.bundles {
        bundle(&mut p, b);
    }

    p.line("");
    p.line("endpackage");
    p.line("");
    p.line("// verilator lint_on SYMRSVDWORD");
    p.line("// verilator lint_on UNUSEDPARAM");
    if p.errors.is_empty() {
        Ok(p.out)
    } else {
        Err(p.errors)
    }
}

fn block(p: &mut Pkg, b: &Block, next: u32) {
    let n = upper(b.name);
    p.line("");
    p.comment(
        "  ",
        &format!("Block {} at {:#06x}: {}", b.name, b.base, b.doc),
    );
    p.uint(
        &format!("REG_{n}_BASE"),
        b.base.into(),
        "block base in BAR0",
    );
    p.uint(
        &format!("REG_{n}_TYPE_ID"),
        b.type_id.into(),
        "TYPE register value",
    );
    p.uint(
        &format!("REG_{n}_VERSION"),
        b.version.into(),
        "VERSION register value",
    );
    p.uint(&format!("REG_{n}_NEXT"), next.into(), "NEXT register value");
    regs(p, &format!("REG_{n}_"), b.base, b.regs);
    if let Some(a) = &b.array {
        p.uint(
            &format!("REG_{n}_ELEM_BASE"),
            (b.base + a.base).into(),
            "absolute offset of element 0",
        );
        p.uint(
            &format!("REG_{n}_ELEM_STRIDE"),
            a.stride.into(),
            "bytes between elements",
        );
        p.comment("  ", "Element registers, offsets relative to the element.");
        regs(p, &format!("REG_{n}_E_"), 0, a.regs);
    }
}

fn regs(p: &mut Pkg, prefix: &str, base: u32, regs: &[Register]) {
    for r in regs {
        let doc = format!("{}: {}", model::access_str(r.access), r.doc);
        p.uint(
            &format!("{prefix}{}", r.name),
            (base + r.offset).into(),
            &doc,
        );
        p.uint(&format!("{prefix}{}_RESET", r.name), r.reset.into(), "");
    }
}

fn field_decl(p: &mut Pkg, name: &str, width: u32, doc: &str) {
    if width == 1 {
        let _ = writeln!(p.out, "    logic {name};  // {doc}");
    } else {
        let _ = writeln!(p.out, "    logic [{}:0] {name};  // {doc}", width - 1);
    }
}

fn size_param(p: &mut Pkg, spec: Option<&Spec>, name: &str, size: usize) {
    // A constant of the same name (e.g. CQE_SIZE) already carries the size;
    // check::validate checked that the values agree.
    let exists = spec.is_some_and(|s| model::constant(s, name).is_some());
    if !exists {
        p.dec(name, size);
    }
}

/// The `_LSB` and `_W` constants of a little-endian layout's fields, and
/// the opening of its struct; returns the struct's type name.
fn lsb_params(p: &mut Pkg, l: &Layout) -> String {
    let n = upper(l.name);
    for f in l.fields {
        let fname = format!("{n}_{}", upper(f.name));
        p.dec(&format!("{fname}_LSB"), le_lsb(f));
        p.dec(&format!("{fname}_W"), f.width as usize);
    }
    let ty = format!("{}_t", l.name);
    p.claim(&ty);
    p.line("  typedef struct packed {");
    ty
}

fn descriptor(p: &mut Pkg, spec: &Spec, l: &Layout) {
    let n = upper(l.name);
    p.line("");
    p.comment(
        "  ",
        &format!(
            "{} ({}), {} bytes",
            l.doc.trim_end_matches('.'),
            l.reference,
            l.size
        ),
    );
    size_param(p, Some(spec), &format!("{n}_SIZE"), l.size);
    let ty = lsb_params(p, l);
    let mut fields: Vec<_> = l.fields.iter().collect();
    fields.sort_by_key(|f| std::cmp::Reverse(le_lsb(f)));
    for f in fields {
        field_decl(
            p,
            &model::sv_field(f.name),
            f.width,
            &format!("byte {}: {}", f.offset, f.doc),
        );
    }
    let _ = writeln!(p.out, "  }} {ty};");
}

fn header(p: &mut Pkg, l: &Layout) {
    let n = upper(l.name);
    p.line("");
    p.comment(
        "  ",
        &format!(
            "{} ({}), {} bytes",
            l.doc.trim_end_matches('.'),
            l.reference,
            l.size
        ),
    );
    size_param(p, None, &format!("{n}_SIZE"), l.size);
    for f in l.fields {
        let fname = format!("{n}_{}", upper(f.name));
        p.dec(&format!("{fname}_OFF"), f.offset);
        p.dec(&format!("{fname}_SHIFT"), f.shift as usize);
        p.dec(&format!("{fname}_W"), f.width as usize);
    }
    let ty = format!("{}_t", l.name);
    p.claim(&ty);
    p.line("  typedef struct packed {");
    for f in wire_order(l) {
        let pos = if is_whole(f) {
            format!("byte {}", f.offset)
        } else {
            format!("byte {} bit {}", f.offset, f.shift)
        };
        debug_assert!(be_lsb(l, f) < 8 * l.size);
        field_decl(
            p,
            &model::sv_field(f.name),
            f.width,
            &format!("{pos}: {}", f.doc),
        );
    }
    let _ = writeln!(p.out, "  }} {ty};");

    // The byte swap between bus order (byte 0 in 7:0) and wire order
    // (byte 0 in the MSBs), written out so that every tool accepts it.
    let swap = |var: &str| -> String {
        let parts: Vec<String> = (0..l.size)
            .map(|i| format!("{var}[{}:{}]", 8 * i + 7, 8 * i))
            .collect();
        let mut s = String::new();
        for (i, chunk) in parts.chunks(6).enumerate() {
            if i > 0 {
                s.push_str(",\n      ");
            }
            s.push_str(&chunk.join(", "));
        }
        format!("{{\n      {s}\n    }}")
    };
    let unpack = format!("{}_unpack", l.name);
    let pack = format!("{}_pack", l.name);
    p.claim(&unpack);
    p.claim(&pack);
    p.comment(
        "  ",
        "Bus order (wire byte 0 in bits 7:0) to the wire-order struct.",
    );
    let _ = writeln!(
        p.out,
        "  function automatic {ty} {unpack}(input logic [{n}_SIZE*8-1:0] bus);"
    );
    let _ = writeln!(p.out, "    {unpack} = {};", swap("bus"));
    p.line("  endfunction");
    p.comment("  ", "The wire-order struct to bus order.");
    let _ = writeln!(
        p.out,
        "  function automatic logic [{n}_SIZE*8-1:0] {pack}(input {ty} hdr);"
    );
    let _ = writeln!(p.out, "    logic [{n}_SIZE*8-1:0] v;");
    p.line("    v = hdr;");
    let _ = writeln!(p.out, "    {pack} = {};", swap("v"));
    p.line("  endfunction");
}

fn arg_block(p: &mut Pkg, spec: &Spec, b: &ArgBlock) {
    let l = &b.layout;
    let n = upper(l.name);
    p.line("");
    let present = if b.min_words == b.words() {
        String::new()
    } else {
        format!(", the first {} always present", b.min_words)
    };
    p.comment(
        "  ",
        &format!(
            "{} ({}), {}{present}; {}",
            l.doc.trim_end_matches('.'),
            l.reference,
            model::words_text(b.words()),
            model::uses_text(spec, l.name)
        ),
    );
    p.dec(&format!("{n}_WORDS"), b.words());
    p.dec(&format!("{n}_MIN_WORDS"), b.min_words);
    let ty = lsb_params(p, l);
    for m in model::members(b) {
        match m {
            Member::Field(f) => {
                field_decl(
                    p,
                    &model::sv_field(f.name),
                    f.width,
                    &format!("{}: {}", model::arg_position(f), f.doc),
                );
            }
            Member::Reserved { word, lsb, width } => {
                field_decl(p, &format!("rsvd{word}_{lsb}"), width, "reserved, zero");
            }
        }
    }
    let _ = writeln!(p.out, "  }} {ty};");
}

fn bundle(p: &mut Pkg, b: &Bundle) {
    p.line("");
    p.comment("  ", b.doc);
    for c in b.channels {
        let width: u32 = c.signals.iter().map(|s: &Signal| s.width).sum();
        p.dec(
            &format!("{}_{}_W", upper(b.name), upper(c.name)),
            width as usize,
        );
        let ty = format!("{}_{}_t", b.name, c.name);
        p.claim(&ty);
        let driver = match c.flow {
            Flow::FromRequester => "the requester",
            Flow::ToRequester => "the other side",
        };
        match c.ready {
            Some(r) => p.comment(
                "  ",
                &format!(
                    "{ty}: driven by {driver}; its ready, a plain logic {} ({}), goes back",
                    r.name, r.doc
                ),
            ),
            None => p.comment("  ", &format!("{ty}: driven by {driver}; no ready")),
        }
        p.line("  typedef struct packed {");
        for s in c.signals {
            field_decl(p, s.name, s.width, s.doc);
        }
        let _ = writeln!(p.out, "  }} {ty};");
    }
}
