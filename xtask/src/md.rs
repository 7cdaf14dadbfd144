//! The Markdown reference (docs/abi.md).

use crate::model::{self, camel, is_whole, lower, upper, wire_order, Member, GENERATED};
use crate::spec::{
    ArgBlock, Block, Bundle, Endian, Enum, Field, Flow, Layout, Register, Spec, ARRAY_HEADER,
    BLOCK_HEADER,
};
use std::fmt::Write as _;

fn esc(s: &str) -> String {
    s.replace('|', "\\|")
}

fn reg_table(o: &mut String, base: u32, regs: &[Register], absolute: bool) {
    let col = if absolute { "BAR0 offset" } else { "Offset" };
    let _ = writeln!(o, "| {col} | Register | Access | Reset | Description |");
    o.push_str("|---:|---|---|---:|---|\n");
    for r in regs {
        let _ = writeln!(
            o,
            "| `{:#06x}` | `{}` | {} | `{:#x}` | {} |",
            base + r.offset,
            r.name,
            model::access_str(r.access),
            r.reset,
            esc(r.doc)
        );
    }
    o.push('\n');
}

fn block(o: &mut String, b: &Block, next: u32) {
    let _ = writeln!(o, "### {} at `{:#06x}`\n", b.name, b.base);
    let _ = writeln!(o, "{}\n", b.doc);
    let _ = writeln!(
        o,
        "TYPE `{:#010x}`, VERSION `{:#010x}` ({}.{}), NEXT `{:#06x}`. \
         Rust: `warpnic_abi::gen::regs::{}`; SystemVerilog: `REG_{}_*`.\n",
        b.type_id,
        b.version,
        b.version >> 16,
        b.version & 0xffff,
        next,
        lower(b.name),
        upper(b.name)
    );
    reg_table(o, b.base, b.regs, true);
    if let Some(a) = &b.array {
        let _ = writeln!(
            o,
            "Element `n` is at BAR0 `{:#06x} + n * {:#x}` (`COUNT` elements); \
             its registers (offsets relative to the element):\n",
            b.base + a.base,
            a.stride
        );
        reg_table(o, 0, a.regs, false);
    }
}

/// The anchor GitHub gives an enumeration's heading.
fn enum_anchor(e: &Enum) -> String {
    let kind = if e.flags { "flags" } else { "values" };
    format!("{}-{}-bits-{kind}", e.name, e.width)
}

fn layout(o: &mut String, spec: &Spec, l: &Layout, rust_kind: &str) {
    let _ = writeln!(o, "### `{}` ({} bytes)\n", l.name, l.size);
    let _ = writeln!(
        o,
        "{}. Defined by {}. Rust: `{}`{rust_kind}; SystemVerilog: `{}_t`.\n",
        l.doc,
        l.reference,
        camel(l.name),
        l.name
    );
    o.push_str("| Byte | Bits | Field | Width | Description |\n");
    o.push_str("|---:|---|---|---:|---|\n");
    let fields: Vec<_> = match l.endian {
        Endian::Big => wire_order(l),
        Endian::Little => l.fields.iter().collect(),
    };
    for f in fields {
        let bytes = if f.container == 1 {
            f.offset.to_string()
        } else {
            format!("{}–{}", f.offset, f.offset + f.container - 1)
        };
        let bits = bits_col(f, is_whole(f));
        let name = name_col(f);
        let desc = field_desc(spec, f.doc);
        let _ = writeln!(
            o,
            "| {bytes} | {bits} | {name} | {} | {} |",
            f.width,
            esc(&desc)
        );
    }
    o.push('\n');
}

/// The Bits column of a field: "all" when it fills its bytes or words, else
/// its bit or bit range.
fn bits_col(f: &Field, whole: bool) -> String {
    if whole {
        "all".to_string()
    } else if f.width == 1 {
        f.shift.to_string()
    } else {
        format!("{}:{}", f.shift + f.width - 1, f.shift)
    }
}

/// The Field column: the name, and the SystemVerilog name where it differs.
fn name_col(f: &Field) -> String {
    let sv = model::sv_field(f.name);
    if sv == f.name {
        format!("`{}`", f.name)
    } else {
        format!("`{}` (SV `{sv}`)", f.name)
    }
}

/// A field's description; one that names an enumeration links to it.
fn field_desc(spec: &Spec, doc: &str) -> String {
    match spec.enums.iter().find(|e| e.name == doc) {
        Some(e) if e.flags => format!("bits of [`{}`](#{})", e.name, enum_anchor(e)),
        Some(e) => format!("a [`{}`](#{}) code", e.name, enum_anchor(e)),
        None => doc.to_string(),
    }
}

/// The anchor GitHub gives an argument block's heading.
fn block_anchor(b: &ArgBlock) -> String {
    format!(
        "{}-{}",
        b.layout.name,
        model::words_text(b.words()).replace(' ', "-")
    )
}

fn block_link(b: &Option<ArgBlock>) -> String {
    match b {
        Some(b) => format!("[`{}`](#{})", b.layout.name, block_anchor(b)),
        None => "none".to_string(),
    }
}

fn commands(o: &mut String, spec: &Spec) {
    o.push_str("## Commands\n\n");
    o.push_str(
        "The RDMA block runs the `rdma_cmd` written into `OP` on its `ARG` words \
         and leaves its result in the `RSP` words. A mailbox command is the \
         request's `fw_opcode`; its arguments are the request's words after the \
         header, its result the response's words after the header (a response \
         with an error status is the header alone).\n\n\
         Every block of words is a little-endian layout over 32-bit words, word 0 \
         first. Bits no field holds are reserved: they are written as zero, and \
         words with one of them set do not decode. Rust: `to_words` (checked: a \
         value wider than its field is an error), `from_words` and `from_prefix` \
         (a message that leaves out words the block allows to be left out); \
         SystemVerilog: the packed struct `<name>_t` over the words (word 0 in \
         bits 31:0) and `<NAME>_<FIELD>_LSB`/`_W`. The registers with fields \
         (the STATUS registers that tell when a command is done) are one-word \
         blocks of the same kind, after the commands' blocks.\n\n",
    );
    o.push_str("| Codes | Code | Command | Arguments | Result | Description |\n");
    o.push_str("|---|---:|---|---|---|---|\n");
    for c in spec.commands {
        let value = spec
            .enums
            .iter()
            .find(|e| e.name == c.codes)
            .and_then(|e| e.values.iter().find(|v| v.name == c.code))
            .map_or(0, |v| v.value);
        let _ = writeln!(
            o,
            "| `{}` | `{value:#04x}` | `{}` | {} | {} | {} |",
            c.codes,
            c.code,
            block_link(&c.args),
            block_link(&c.rsp),
            esc(c.doc)
        );
    }
    o.push('\n');
    for b in model::arg_blocks(spec) {
        arg_block(o, spec, b);
    }
}

fn arg_block(o: &mut String, spec: &Spec, b: &ArgBlock) {
    let l = &b.layout;
    let _ = writeln!(o, "### `{}` ({})\n", l.name, model::words_text(b.words()));
    let present = if b.min_words == b.words() {
        String::new()
    } else {
        format!(
            " A message may end after word {}: the words after read as zero.",
            b.min_words.saturating_sub(1)
        )
    };
    let _ = writeln!(
        o,
        "{}. Defined by {}. Used as: {}.{present} Rust: `{}`; SystemVerilog: `{}_t`.\n",
        l.doc,
        l.reference,
        model::uses_text(spec, l.name),
        camel(l.name),
        l.name
    );
    o.push_str("| Word | Bits | Field | Width | Description |\n");
    o.push_str("|---:|---|---|---:|---|\n");
    let mut rows = model::members(b);
    rows.reverse();
    for m in rows {
        match m {
            Member::Field(f) => {
                let (first, last) = model::field_words(f);
                let words = if first == last {
                    first.to_string()
                } else {
                    format!("{first}–{last}")
                };
                let bits = bits_col(f, f.width as usize == 32 * (last - first + 1));
                let name = name_col(f);
                let _ = writeln!(
                    o,
                    "| {words} | {bits} | {name} | {} | {} |",
                    f.width,
                    esc(&field_desc(spec, f.doc))
                );
            }
            Member::Reserved { word, lsb, width } => {
                let bits = if width == 1 {
                    lsb.to_string()
                } else {
                    format!("{}:{lsb}", lsb + width - 1)
                };
                let _ = writeln!(o, "| {word} | {bits} | — | {width} | reserved, zero |");
            }
        }
    }
    o.push('\n');
}

fn bundles(o: &mut String, spec: &Spec) {
    o.push_str("## RTL port bundles\n\n");
    o.push_str(
        "Signals that travel together between the RTL's modules, one port's \
         channels. Like AXI-Stream channels, each channel's valid and payload \
         travel one way as a packed struct in `wn_abi_pkg`, \
         `<name>_<channel>_t` (its width is `<NAME>_<CHANNEL>_W`), and its \
         ready, where it has one, travels the other way as a plain 1-bit \
         signal. No software sees them, so they are not part of the \
         BUILD_ID.\n\n",
    );
    for b in spec.bundles {
        bundle(o, b);
    }
}

fn bundle(o: &mut String, b: &Bundle) {
    let _ = writeln!(o, "### `{}`\n", b.name);
    let _ = writeln!(o, "{}.\n", b.doc);
    o.push_str("| Channel | Driven by | Signal | Width | Description |\n|---|---|---|---:|---|\n");
    for c in b.channels {
        let (fwd, back) = match c.flow {
            Flow::FromRequester => ("requester", "other side"),
            Flow::ToRequester => ("other side", "requester"),
        };
        let ty = format!("`{}_{}_t`", b.name, c.name);
        for s in c.signals {
            let _ = writeln!(
                o,
                "| {ty} | {fwd} | `{}` | {} | {} |",
                s.name,
                s.width,
                esc(s.doc)
            );
        }
        if let Some(r) = c.ready {
            let _ = writeln!(
                o,
                "| {ty}'s ready (`logic`) | {back} | `{}` | {} | {} |",
                r.name,
                r.width,
                esc(r.doc)
            );
        }
    }
    o.push('\n');
}

/// Renders docs/abi.md.
pub fn generate(spec: &Spec, build_id: u32) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "<!-- {GENERATED} -->\n");
    o.push_str("# warpnic ABI reference\n\n");
    o.push_str(
        "The hardware/software interface of warpnic: the BAR0 register map, the \
         descriptors exchanged with host memory, the wire headers the core parses \
         and builds, the commands' argument and result words, and the protocol \
         codes. Everything here is generated from \
         `abi/src/spec.rs`, as are `warpnic_abi::gen` (Rust) and `wn_abi_pkg` \
         (SystemVerilog, `hw/rtl/gen/wn_abi_pkg.sv`).\n\n",
    );
    let _ = writeln!(o, "**BUILD_ID: `{build_id:#010x}`**\n");
    o.push_str(
        "The BUILD_ID is the 32-bit FNV-1a hash of a canonical rendering of the \
         whole description (every name, offset, width, value, access and reset; \
         not the descriptions, nor the RTL's port bundles). The ID block's \
         `BUILD_ID` register reads it; the \
         driver refuses a device whose BUILD_ID differs from the one it was built \
         with.\n\n",
    );
    o.push_str("Conventions:\n\n");
    o.push_str(
        "- Every register is 32 bits; offsets are byte offsets in BAR0.\n\
         - Descriptors are little-endian; byte 0 of a descriptor is bits 7:0 of the \
         DMA data bus. A field `F` of layout `L` is `L_F_W` bits from bit `L_F_LSB`.\n\
         - Wire headers are big-endian (network order). \"Bits\" count inside the \
         big-endian field that spans the given bytes, 0 = least significant.\n\n",
    );

    o.push_str("## Contents\n\n");
    o.push_str(
        "- [BAR0 register map](#bar0-register-map)\n\
         - [Descriptors](#descriptors)\n\
         - [Wire headers](#wire-headers)\n\
         - [Commands](#commands)\n\
         - [RTL port bundles](#rtl-port-bundles)\n\
         - [Enumerations](#enumerations)\n\
         - [Constants](#constants)\n\n",
    );

    o.push_str("## BAR0 register map\n\n");
    o.push_str(
        "Every block starts with a common header, so a driver can walk the map \
         from offset 0 by following `NEXT` and find each block by `TYPE`:\n\n",
    );
    reg_table(&mut o, 0, BLOCK_HEADER, false);
    o.push_str("A block that holds a register array adds:\n\n");
    reg_table(&mut o, 0, ARRAY_HEADER, false);
    o.push_str("| Block | Base | TYPE | VERSION | Description |\n|---|---:|---:|---:|---|\n");
    for b in spec.blocks {
        let _ = writeln!(
            o,
            "| [{}](#{}-at-{:#06x}) | `{:#06x}` | `{:#010x}` | `{:#010x}` | {} |",
            b.name,
            lower(b.name),
            b.base,
            b.base,
            b.type_id,
            b.version,
            esc(b.doc)
        );
    }
    o.push('\n');
    for (i, b) in spec.blocks.iter().enumerate() {
        block(&mut o, b, model::next_block(spec, i));
    }

    o.push_str("## Descriptors\n\n");
    o.push_str("Little-endian layouts exchanged with host memory by DMA.\n\n");
    for l in spec.descriptors {
        layout(&mut o, spec, l, " (`to_bytes`/`from_bytes`)");
    }

    o.push_str("## Wire headers\n\n");
    o.push_str(
        "Big-endian, fields in wire order. Rust views check the length once \
         (`new_checked`); SystemVerilog converts with `<name>_unpack`/`<name>_pack` \
         between the bus (byte 0 in bits 7:0) and the wire-order struct.\n\n",
    );
    for l in spec.headers {
        layout(&mut o, spec, l, " (view)");
    }

    commands(&mut o, spec);
    bundles(&mut o, spec);

    o.push_str("## Enumerations\n\n");
    for e in spec.enums {
        let kind = if e.flags { "flags" } else { "values" };
        let _ = writeln!(o, "### `{}` ({} bits, {kind})\n", e.name, e.width);
        let (rust, sv) = if e.flags {
            (
                format!("`warpnic_abi::gen::{}::NAME`", lower(e.name)),
                format!("`{}_NAME`", upper(e.name)),
            )
        } else {
            (format!("`{}`", camel(e.name)), format!("`{}_e`", e.name))
        };
        let _ = writeln!(
            o,
            "{}. Defined by {}. Rust: {rust}; SystemVerilog: {sv}.\n",
            e.doc.trim_end_matches('.'),
            e.reference
        );
        o.push_str("| Value | Name | Description |\n|---:|---|---|\n");
        for v in e.values {
            let digits = e.width.div_ceil(4) as usize;
            let _ = writeln!(
                o,
                "| `{:#0w$x}` | `{}` | {} |",
                v.value,
                v.name,
                esc(v.doc),
                w = digits + 2
            );
        }
        o.push('\n');
    }

    o.push_str("## Constants\n\n");
    o.push_str("| Name | Value | Hex | Description |\n|---|---:|---:|---|\n");
    for c in spec.constants {
        let _ = writeln!(
            o,
            "| `{}` | {} | `{:#x}` | {} |",
            c.name,
            c.value,
            c.value,
            esc(c.doc)
        );
    }
    o
}
