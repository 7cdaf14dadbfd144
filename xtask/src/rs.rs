//! The Rust module `warpnic_abi::gen` (abi/src/gen.rs).
//!
//! The text is emitted unformatted and passed through `rustfmt`, so the
//! committed file is exactly what `cargo fmt` would leave.

use crate::model::{self, camel, container_uint, is_whole, lower, mask, rust_uint, GENERATED};
use crate::spec::{
    ArgBlock, Block, Enum, Field, Layout, Register, Spec, ARRAY_HEADER, BLOCK_HEADER,
};
use std::fmt::Write as _;

/// A Rust integer literal: decimal below 0x10000, else hex with `_` every
/// four digits.
fn lit(v: u64) -> String {
    if v < 0x1_0000 {
        return v.to_string();
    }
    hexlit(v)
}

/// A hexadecimal Rust literal with `_` every four digits.
fn hexlit(v: u64) -> String {
    let s = format!("{v:x}");
    let pad = s.len().div_ceil(4) * 4;
    let s = format!("{v:0pad$x}");
    let groups: Vec<&str> = (0..s.len() / 4).map(|i| &s[4 * i..4 * i + 4]).collect();
    format!("0x{}", groups.join("_"))
}

/// A hexadecimal literal for an enum or flag value.
fn code(v: u64, width: u32) -> String {
    let digits = width.div_ceil(4).max(2) as usize;
    if digits > 4 {
        hexlit(v)
    } else {
        format!("{v:#0w$x}", w = digits + 2)
    }
}

/// A description as a sentence: capital first letter, final period.
fn sentence(text: &str) -> String {
    let t = text.trim();
    let mut chars = t.chars();
    // Identifiers (`wr_id`, `cqe_status`) keep their case.
    let first_word = t.split(' ').next().unwrap_or("");
    let mut out: String = match chars.next() {
        Some(c) if !first_word.contains('_') => c.to_uppercase().chain(chars).collect(),
        _ => t.to_string(),
    };
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}

fn doc(out: &mut String, text: &str) {
    for line in text.lines() {
        let _ = writeln!(out, "/// {line}");
    }
}

/// Renders gen.rs before formatting.
pub fn generate(spec: &Spec, build_id: u32) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "// {GENERATED}.");
    o.push_str(
        "//! Constants, protocol codes, the BAR0 register map, descriptors and wire\n\
         //! header views, generated from [`crate::spec`].\n\
         //!\n\
         //! Descriptors are `#[repr(C)]` structs with explicit little-endian\n\
         //! `to_bytes`/`from_bytes`; wire headers are zero-copy big-endian views\n\
         //! over a byte buffer (`new_checked` verifies the length once, the\n\
         //! accessors then index within it); the commands' argument and result\n\
         //! words are structs with checked `to_words`/`from_words`.\n\
         //! `docs/abi.md` is the reference.\n\n",
    );
    doc(
        &mut o,
        "Hash (32-bit FNV-1a) of the ABI description; the ID block's `BUILD_ID`\n\
         register must read the same value.",
    );
    let _ = writeln!(
        o,
        "pub const BUILD_ID: u32 = {};\n",
        hexlit(build_id.into())
    );

    o.push_str(
        "/// A buffer is shorter than the header it should hold.\n\
         #[derive(Clone, Copy, Debug, PartialEq, Eq)]\n\
         pub struct Truncated;\n\n\
         impl core::fmt::Display for Truncated {\n\
         fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {\n\
         f.write_str(\"buffer shorter than the header\")\n}\n}\n\n\
         /// `N` bytes of `b` from `off`.\n\
         #[inline]\n\
         fn bytes_at<const N: usize>(b: &[u8], off: usize) -> [u8; N] {\n\
         let mut out = [0u8; N];\n\
         out.copy_from_slice(&b[off..off + N]);\n\
         out\n}\n\n",
    );

    for c in spec.constants {
        doc(&mut o, &sentence(c.doc));
        let _ = writeln!(o, "pub const {}: u32 = {};\n", c.name, lit(c.value));
    }

    for e in spec.enums {
        if e.flags {
            flags(&mut o, e);
        } else {
            enumeration(&mut o, e);
        }
    }

    registers(&mut o, spec);

    for l in spec.descriptors {
        descriptor(&mut o, spec, l);
    }
    for l in spec.headers {
        header(&mut o, spec, l);
    }
    let blocks = model::arg_blocks(spec);
    if !blocks.is_empty() {
        arg_error(&mut o);
    }
    for b in blocks {
        arg_block(&mut o, spec, b);
    }
    o
}

fn flags(o: &mut String, e: &Enum) {
    let ty = rust_uint(e.width);
    doc(
        o,
        &format!("{} ({}).", e.doc.trim_end_matches('.'), e.reference),
    );
    let _ = writeln!(o, "pub mod {} {{", lower(e.name));
    for v in e.values {
        doc(o, &sentence(v.doc));
        let _ = writeln!(
            o,
            "pub const {}: {ty} = {};",
            v.name,
            code(v.value, e.width)
        );
    }
    o.push_str("}\n\n");
}

fn enumeration(o: &mut String, e: &Enum) {
    let ty = rust_uint(e.width);
    let name = camel(e.name);
    doc(
        o,
        &format!("{} ({}).", e.doc.trim_end_matches('.'), e.reference),
    );
    let _ = writeln!(
        o,
        "#[repr({ty})]\n#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]\npub enum {name} {{"
    );
    for v in e.values {
        doc(o, &sentence(v.doc));
        let _ = writeln!(o, "{} = {},", camel(v.name), code(v.value, e.width));
    }
    o.push_str("}\n\n");

    let _ = writeln!(o, "impl {name} {{");
    doc(o, "Every value, in description order.");
    let _ = writeln!(o, "pub const ALL: &'static [Self] = &[");
    for v in e.values {
        let _ = writeln!(o, "Self::{},", camel(v.name));
    }
    o.push_str("];\n\n");
    doc(o, "The value's name as written in the description.");
    o.push_str("pub const fn name(self) -> &'static str {\nmatch self {\n");
    for v in e.values {
        let _ = writeln!(o, "Self::{} => \"{}\",", camel(v.name), v.name);
    }
    o.push_str("}\n}\n}\n\n");

    let _ = writeln!(o, "impl TryFrom<{ty}> for {name} {{");
    o.push_str("type Error = ");
    let _ = writeln!(o, "{ty};");
    doc(o, "Decodes a value; the error carries the unknown value.");
    let _ = writeln!(
        o,
        "fn try_from(v: {ty}) -> Result<Self, {ty}> {{\nmatch v {{"
    );
    for v in e.values {
        let _ = writeln!(
            o,
            "{} => Ok(Self::{}),",
            code(v.value, e.width),
            camel(v.name)
        );
    }
    o.push_str("other => Err(other),\n}\n}\n}\n\n");

    let _ = writeln!(
        o,
        "impl From<{name}> for {ty} {{\nfn from(v: {name}) -> {ty} {{\nv as {ty}\n}}\n}}\n"
    );
}

fn reg_consts(o: &mut String, base: u32, regs: &[Register], relative: bool) {
    for r in regs {
        let what = if relative {
            "element offset"
        } else {
            "BAR0 offset"
        };
        doc(
            o,
            &format!(
                "{} ({}, {what} `{:#06x}`).",
                sentence(r.doc).trim_end_matches('.'),
                model::access_str(r.access),
                base + r.offset
            ),
        );
        let _ = writeln!(o, "pub const {}: u32 = {:#06x};", r.name, base + r.offset);
        doc(o, &format!("Reset value of `{}`.", r.name));
        let _ = writeln!(
            o,
            "pub const {}_RESET: u32 = {};",
            r.name,
            lit(r.reset.into())
        );
    }
}

fn registers(o: &mut String, spec: &Spec) {
    doc(o, "The BAR0 register map. Every register is 32 bits.");
    o.push_str("pub mod regs {\n");
    o.push_str("// Common block header, offsets relative to the block base.\n");
    for r in BLOCK_HEADER.iter().chain(ARRAY_HEADER) {
        doc(
            o,
            &format!("Offset from a block's base: {}", sentence(r.doc)),
        );
        let _ = writeln!(o, "pub const {}: u32 = {:#04x};", r.name, r.offset);
    }
    doc(
        o,
        "Every block: (name, BAR0 base, type identifier), in address order.",
    );
    o.push_str("pub const BLOCKS: &[(&str, u32, u32)] = &[\n");
    for b in spec.blocks {
        let _ = writeln!(
            o,
            "(\"{}\", {:#06x}, {}),",
            b.name,
            b.base,
            hexlit(b.type_id.into())
        );
    }
    o.push_str("];\n\n");
    for (i, b) in spec.blocks.iter().enumerate() {
        block(o, b, model::next_block(spec, i));
    }
    o.push_str("}\n\n");
}

fn block(o: &mut String, b: &Block, next: u32) {
    doc(
        o,
        &format!("Block `{}` at `{:#06x}`: {}", b.name, b.base, b.doc),
    );
    let _ = writeln!(o, "pub mod {} {{", lower(b.name));
    doc(o, "Block base in BAR0.");
    let _ = writeln!(o, "pub const BASE: u32 = {:#06x};", b.base);
    doc(o, "Value of the block's TYPE register.");
    let _ = writeln!(o, "pub const TYPE_ID: u32 = {};", hexlit(b.type_id.into()));
    doc(
        o,
        "Value of the block's VERSION register (major 31:16, minor 15:0).",
    );
    let _ = writeln!(
        o,
        "pub const VERSION_VALUE: u32 = {};",
        hexlit(b.version.into())
    );
    doc(
        o,
        "Value of the block's NEXT register: the next block's base, 0 for the last.",
    );
    let _ = writeln!(o, "pub const NEXT_BLOCK: u32 = {next:#06x};");
    reg_consts(o, b.base, b.regs, false);
    doc(
        o,
        "The block's own registers (not the common header): (name, BAR0 offset,\n\
         description), in address order.",
    );
    o.push_str("pub const REGISTERS: &[(&str, u32, &str)] = &[\n");
    for r in b.regs {
        let _ = writeln!(
            o,
            "(\"{}\", {:#06x}, \"{}\"),",
            r.name,
            b.base + r.offset,
            sentence(r.doc).replace('\\', "\\\\").replace('"', "\\\"")
        );
    }
    o.push_str("];\n");
    if let Some(a) = &b.array {
        doc(o, "BAR0 offset of element 0.");
        let _ = writeln!(o, "pub const ELEM_BASE: u32 = {:#06x};", b.base + a.base);
        doc(o, "Bytes between elements.");
        let _ = writeln!(o, "pub const ELEM_STRIDE: u32 = {:#04x};", a.stride);
        doc(
            o,
            "BAR0 offset of element `n`. The caller checks `n` against the block's\n\
             `COUNT` register; the arithmetic wraps rather than panics.",
        );
        o.push_str(
            "pub const fn elem(n: u32) -> u32 {\n\
             ELEM_BASE.wrapping_add(n.wrapping_mul(ELEM_STRIDE))\n}\n",
        );
        doc(
            o,
            "Registers of one element, offsets relative to [`elem()`].",
        );
        o.push_str("pub mod elem {\n");
        reg_consts(o, 0, a.regs, true);
        o.push_str("}\n");
    }
    o.push_str("}\n\n");
}

/// The Rust type of a descriptor field.
fn desc_type(container: usize) -> String {
    match container_uint(container) {
        Some(t) => t.to_string(),
        None => format!("[u8; {container}]"),
    }
}

/// A field's description; one that names an enumeration links to its type.
fn field_text(spec: &Spec, text: &str) -> String {
    match spec.enums.iter().find(|e| e.name == text) {
        Some(e) if e.flags => format!("`{}` bits, see [`{}`]", e.name, lower(e.name)),
        Some(e) => format!("a [`{}`] code", camel(e.name)),
        None => text.trim_end_matches('.').to_string(),
    }
}

fn descriptor(o: &mut String, spec: &Spec, l: &Layout) {
    let name = camel(l.name);
    doc(
        o,
        &format!(
            "{} ({}), {} bytes, little-endian.",
            l.doc.trim_end_matches('.'),
            l.reference,
            l.size
        ),
    );
    let _ = writeln!(
        o,
        "#[repr(C)]\n#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]\npub struct {name} {{"
    );
    for f in l.fields {
        doc(
            o,
            &format!("Byte {}: {}.", f.offset, field_text(spec, f.doc)),
        );
        let _ = writeln!(o, "pub {}: {},", f.name, desc_type(f.container));
    }
    o.push_str("}\n\n");
    let _ = writeln!(
        o,
        "const _: () = assert!(core::mem::size_of::<{name}>() == {});",
        l.size
    );
    for f in l.fields {
        let _ = writeln!(
            o,
            "const _: () = assert!(core::mem::offset_of!({name}, {}) == {});",
            f.name, f.offset
        );
    }
    o.push('\n');

    let _ = writeln!(o, "impl {name} {{");
    doc(o, "Size in bytes.");
    let _ = writeln!(o, "pub const SIZE: usize = {};\n", l.size);
    doc(
        o,
        "The little-endian byte image, as the device reads it by DMA.",
    );
    o.push_str("pub fn to_bytes(&self) -> [u8; Self::SIZE] {\nlet mut b = [0u8; Self::SIZE];\n");
    for f in l.fields {
        let (s, e) = (f.offset, f.offset + f.container);
        if container_uint(f.container).is_some() {
            let _ = writeln!(
                o,
                "b[{s}..{e}].copy_from_slice(&self.{}.to_le_bytes());",
                f.name
            );
        } else {
            let _ = writeln!(o, "b[{s}..{e}].copy_from_slice(&self.{});", f.name);
        }
    }
    o.push_str("b\n}\n\n");
    doc(o, "Decodes the little-endian byte image.");
    o.push_str("pub fn from_bytes(b: &[u8; Self::SIZE]) -> Self {\nSelf {\n");
    for f in l.fields {
        match container_uint(f.container) {
            Some(t) => {
                let _ = writeln!(
                    o,
                    "{}: {t}::from_le_bytes(bytes_at(b, {})),",
                    f.name, f.offset
                );
            }
            None => {
                let _ = writeln!(o, "{}: bytes_at(b, {}),", f.name, f.offset);
            }
        }
    }
    o.push_str("}\n}\n}\n\n");
}

fn header(o: &mut String, spec: &Spec, l: &Layout) {
    let name = camel(l.name);
    doc(
        o,
        &format!(
            "{} ({}): a zero-copy view of {} big-endian bytes.",
            l.doc.trim_end_matches('.'),
            l.reference,
            l.size
        ),
    );
    let _ = writeln!(
        o,
        "#[derive(Clone, Copy, Debug, PartialEq, Eq)]\npub struct {name}<T: AsRef<[u8]>> {{\nbuffer: T,\n}}\n"
    );
    let _ = writeln!(o, "impl<T: AsRef<[u8]>> {name}<T> {{");
    doc(o, "Header length in bytes.");
    let _ = writeln!(o, "pub const LEN: usize = {};\n", l.size);
    doc(
        o,
        "Wraps a buffer without checking its length.\n\n\
         # Panics\n\n\
         The accessors panic if the buffer is shorter than [`Self::LEN`]; use\n\
         [`Self::new_checked`] for bytes that come from the wire or a device.",
    );
    o.push_str("pub fn new_unchecked(buffer: T) -> Self {\nSelf { buffer }\n}\n\n");
    doc(
        o,
        "Wraps a buffer after checking that it holds the whole header\n\
         (`buffer.len() >= LEN`); every accessor is then in bounds.\n\n\
         # Errors\n\n\
         [`Truncated`] when the buffer is shorter than [`Self::LEN`].",
    );
    o.push_str(
        "pub fn new_checked(buffer: T) -> Result<Self, Truncated> {\n\
         if buffer.as_ref().len() < Self::LEN {\nErr(Truncated)\n} else {\nOk(Self { buffer })\n}\n}\n\n",
    );
    doc(o, "Returns the wrapped buffer.");
    o.push_str("pub fn into_inner(self) -> T {\nself.buffer\n}\n\n");
    doc(
        o,
        "The whole wrapped buffer (header and whatever follows it).",
    );
    o.push_str("pub fn as_bytes(&self) -> &[u8] {\nself.buffer.as_ref()\n}\n\n");
    doc(
        o,
        "The bytes after the header (empty if the buffer ends with it).",
    );
    o.push_str("pub fn payload(&self) -> &[u8] {\nself.buffer.as_ref().get(Self::LEN..).unwrap_or(&[])\n}\n\n");
    for f in l.fields {
        getter(o, spec, f);
    }
    o.push_str("}\n\n");

    let _ = writeln!(o, "impl<T: AsRef<[u8]> + AsMut<[u8]>> {name}<T> {{");
    doc(
        o,
        "The bytes after the header, mutable (empty if the buffer ends with it).",
    );
    o.push_str(
        "pub fn payload_mut(&mut self) -> &mut [u8] {\n\
         self.buffer.as_mut().get_mut(Self::LEN..).unwrap_or(&mut [])\n}\n\n",
    );
    for f in l.fields {
        setter(o, f);
    }
    o.push_str("}\n\n");
}

fn field_doc(spec: &Spec, f: &crate::spec::Field) -> String {
    let doc = field_text(spec, f.doc);
    if is_whole(f) {
        format!("Byte {}, {} bits: {doc}.", f.offset, f.width)
    } else if f.width == 1 {
        format!(
            "Bit {} of the {}-bit field at byte {}: {doc}.",
            f.shift,
            8 * f.container,
            f.offset
        )
    } else {
        format!(
            "Bits {}:{} of the {}-bit field at byte {}: {doc}.",
            f.shift + f.width - 1,
            f.shift,
            8 * f.container,
            f.offset
        )
    }
}

/// A hexadecimal literal with as many digits as a `bytes`-byte integer.
fn hexmask(v: u64, bytes: usize) -> String {
    if bytes > 2 {
        return hexlit(v);
    }
    format!("{v:#0w$x}", w = 2 * bytes + 2)
}

fn read_container(f: &crate::spec::Field, ty: &str, buf: &str) -> String {
    if f.container == 1 {
        format!("{buf}[{}]", f.offset)
    } else {
        format!("{ty}::from_be_bytes(bytes_at({buf}, {}))", f.offset)
    }
}

fn getter(o: &mut String, spec: &Spec, f: &crate::spec::Field) {
    doc(o, &field_doc(spec, f));
    let Some(ty) = container_uint(f.container) else {
        let _ = writeln!(
            o,
            "pub fn {}(&self) -> [u8; {}] {{\nbytes_at(self.buffer.as_ref(), {})\n}}\n",
            f.name, f.container, f.offset
        );
        return;
    };
    let read = read_container(f, ty, "self.buffer.as_ref()");
    let expr = if is_whole(f) {
        read
    } else if f.shift == 0 {
        format!("{read} & {}", hexmask(mask(f.width), f.container))
    } else if f.shift + f.width == 8 * f.container as u32 {
        format!("{read} >> {}", f.shift)
    } else {
        format!(
            "({read} >> {}) & {}",
            f.shift,
            hexmask(mask(f.width), f.container)
        )
    };
    let _ = writeln!(o, "pub fn {}(&self) -> {ty} {{\n{expr}\n}}\n", f.name);
}

fn setter(o: &mut String, f: &crate::spec::Field) {
    let set = format!("set_{}", f.name);
    let Some(ty) = container_uint(f.container) else {
        doc(
            o,
            &format!("Sets the {}-byte field `{}`.", f.container, f.name),
        );
        let _ = writeln!(
            o,
            "pub fn {set}(&mut self, v: [u8; {}]) {{\nself.buffer.as_mut()[{}..{}].copy_from_slice(&v);\n}}\n",
            f.container,
            f.offset,
            f.offset + f.container
        );
        return;
    };
    let (s, e) = (f.offset, f.offset + f.container);
    if is_whole(f) {
        doc(o, &format!("Sets `{}`.", f.name));
        if f.container == 1 {
            let _ = writeln!(
                o,
                "pub fn {set}(&mut self, v: u8) {{\nself.buffer.as_mut()[{s}] = v;\n}}\n"
            );
        } else {
            let _ = writeln!(
                o,
                "pub fn {set}(&mut self, v: {ty}) {{\nself.buffer.as_mut()[{s}..{e}].copy_from_slice(&v.to_be_bytes());\n}}\n"
            );
        }
        return;
    }
    doc(
        o,
        &format!(
            "Sets `{}` (the low {} bits of `v`), keeping the other bits of its container.",
            f.name, f.width
        ),
    );
    let field_mask = mask(f.width) << f.shift;
    let keep = !field_mask & mask(8 * f.container as u32);
    let _ = writeln!(
        o,
        "pub fn {set}(&mut self, v: {ty}) {{\nlet b = self.buffer.as_mut();"
    );
    let _ = writeln!(o, "let old = {};", read_container(f, ty, "b"));
    let new_bits = if f.shift == 0 {
        format!("(v & {})", hexmask(mask(f.width), f.container))
    } else {
        format!(
            "((v & {}) << {})",
            hexmask(mask(f.width), f.container),
            f.shift
        )
    };
    let _ = writeln!(
        o,
        "let new = (old & {}) | {new_bits};",
        hexmask(keep, f.container)
    );
    if f.container == 1 {
        let _ = writeln!(o, "b[{s}] = new;");
    } else {
        let _ = writeln!(o, "b[{s}..{e}].copy_from_slice(&new.to_be_bytes());");
    }
    o.push_str("}\n\n");
}

/// `text` with a capital first letter.
fn capital(text: &str) -> String {
    let mut c = text.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// The error type of the argument blocks and the reserved-bit check they
/// share.
fn arg_error(o: &mut String) {
    o.push_str(
        "/// A command's argument or result words that cannot be built or read.\n\
         #[derive(Clone, Copy, Debug, PartialEq, Eq)]\n\
         pub enum ArgError {\n\
         /// A field's value does not fit its bits (`to_words`).\n\
         TooWide {\n\
         /// The block.\nblock: &'static str,\n\
         /// The field.\nfield: &'static str,\n\
         /// The value given.\nvalue: u64,\n\
         /// The field's width in bits.\nwidth: u32,\n},\n\
         /// Reserved bits are set (`from_words`).\n\
         Reserved {\n\
         /// The block.\nblock: &'static str,\n\
         /// The word.\nword: usize,\n\
         /// The reserved bits that are set.\nbits: u32,\n},\n\
         /// A field holds a code its enumeration does not define (`from_words`).\n\
         UnknownCode {\n\
         /// The block.\nblock: &'static str,\n\
         /// The field.\nfield: &'static str,\n\
         /// The code.\nvalue: u64,\n},\n\
         /// A message has fewer or more words than the block allows (`from_prefix`).\n\
         Length {\n\
         /// The block.\nblock: &'static str,\n\
         /// Words in the message.\nwords: usize,\n\
         /// Words the block needs at least.\nmin: usize,\n\
         /// Words the block has.\nmax: usize,\n},\n}\n\n\
         impl core::fmt::Display for ArgError {\n\
         fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {\n\
         match self {\n\
         Self::TooWide { block, field, value, width } => write!(f, \"{block}.{field}: {value:#x} does not fit {width} bits\"),\n\
         Self::Reserved { block, word, bits } => write!(f, \"{block}: reserved bits {bits:#010x} of word {word} are set\"),\n\
         Self::UnknownCode { block, field, value } => write!(f, \"{block}.{field}: unknown code {value:#x}\"),\n\
         Self::Length { block, words, min, max } => write!(f, \"{block}: {words} words, the block takes {min}..={max}\"),\n\
         }\n}\n}\n\n\
         impl core::error::Error for ArgError {}\n\n\
         /// Fails when a word has a bit of its reserved mask set.\n\
         fn check_reserved(block: &'static str, w: &[u32], reserved: &[u32]) -> Result<(), ArgError> {\n\
         for (word, (v, r)) in w.iter().zip(reserved).enumerate() {\n\
         if v & r != 0 {\nreturn Err(ArgError::Reserved { block, word, bits: v & r });\n}\n\
         }\nOk(())\n}\n\n",
    );
}

/// How a field of an argument block looks in Rust.
enum ArgTy<'a> {
    /// One bit.
    Bool,
    /// An unsigned integer of this type.
    Uint(&'static str),
    /// A code of this (non-flag) enumeration.
    Code(&'a Enum),
}

fn arg_ty<'a>(spec: &'a Spec, f: &Field) -> ArgTy<'a> {
    match model::field_enum(spec, f) {
        Some(e) if !e.flags => ArgTy::Code(e),
        _ if f.width == 1 => ArgTy::Bool,
        _ => ArgTy::Uint(rust_uint(f.width)),
    }
}

fn arg_ty_name(t: &ArgTy<'_>) -> String {
    match t {
        ArgTy::Bool => "bool".to_string(),
        ArgTy::Uint(u) => (*u).to_string(),
        ArgTy::Code(e) => camel(e.name),
    }
}

fn arg_block(o: &mut String, spec: &Spec, b: &ArgBlock) {
    let l = &b.layout;
    let name = camel(l.name);
    let words = b.words();
    let present = if b.min_words == words {
        String::new()
    } else {
        format!(
            "; a message may end after word {} (the words after read as zero)",
            b.min_words.saturating_sub(1)
        )
    };
    doc(
        o,
        &format!(
            "{} ({}): {}{present}. Used as: {}.",
            l.doc.trim_end_matches('.'),
            l.reference,
            model::words_text(words),
            model::uses_text(spec, l.name)
        ),
    );
    let has_code = l
        .fields
        .iter()
        .any(|f| matches!(arg_ty(spec, f), ArgTy::Code(_)));
    let derives = if has_code {
        "Clone, Copy, Debug, PartialEq, Eq"
    } else {
        "Clone, Copy, Debug, Default, PartialEq, Eq"
    };
    let _ = writeln!(o, "#[derive({derives})]\npub struct {name} {{");
    for f in l.fields {
        doc(
            o,
            &format!(
                "{}: {}.",
                capital(&model::arg_position(f)),
                field_text(spec, f.doc)
            ),
        );
        let _ = writeln!(o, "pub {}: {},", f.name, arg_ty_name(&arg_ty(spec, f)));
    }
    o.push_str("}\n\n");

    let _ = writeln!(o, "impl {name} {{");
    doc(o, "The block's name in the description.");
    let _ = writeln!(o, "pub const NAME: &'static str = \"{}\";\n", l.name);
    doc(o, "32-bit words of the block.");
    let _ = writeln!(o, "pub const WORDS: usize = {words};\n");
    doc(
        o,
        "Words every message carries; the words after them may be left out.",
    );
    let _ = writeln!(o, "pub const MIN_WORDS: usize = {};\n", b.min_words);
    doc(
        o,
        "The reserved bits of each word: no field holds them, they are written as\n\
         zero, and words with one of them set do not decode.",
    );
    let rsvd: Vec<String> = model::reserved(b)
        .iter()
        .map(|&r| format!("0x{:04x}_{:04x}", r >> 16, r & 0xffff))
        .collect();
    let _ = writeln!(
        o,
        "pub const RESERVED: [u32; Self::WORDS] = [{}];\n",
        rsvd.join(", ")
    );

    doc(
        o,
        "The words, word 0 first (pack).\n\n\
         # Errors\n\n\
         [`ArgError::TooWide`] when a field's value does not fit its bits.",
    );
    o.push_str(
        "pub fn to_words(&self) -> Result<[u32; Self::WORDS], ArgError> {\nlet mut w = [0u32; Self::WORDS];\n",
    );
    for f in l.fields {
        pack_field(o, spec, f);
    }
    o.push_str("Ok(w)\n}\n\n");

    doc(
        o,
        "Decodes the words (unpack).\n\n\
         # Errors\n\n\
         [`ArgError::Reserved`] when a reserved bit is set,\n\
         [`ArgError::UnknownCode`] when a field holds a code its enumeration does\n\
         not define.",
    );
    o.push_str(
        "pub fn from_words(w: &[u32; Self::WORDS]) -> Result<Self, ArgError> {\n\
         check_reserved(Self::NAME, w, &Self::RESERVED)?;\nOk(Self {\n",
    );
    for f in l.fields {
        let _ = writeln!(o, "{}: {},", f.name, unpack_field(spec, f));
    }
    o.push_str("})\n}\n\n");

    doc(
        o,
        "Decodes a message's words: at least [`Self::MIN_WORDS`], at most\n\
         [`Self::WORDS`]; the words it leaves out read as zero.\n\n\
         # Errors\n\n\
         [`ArgError::Length`] for a message of another length, else as\n\
         [`Self::from_words`].",
    );
    o.push_str(
        "pub fn from_prefix(w: &[u32]) -> Result<Self, ArgError> {\n\
         if w.len() < Self::MIN_WORDS || w.len() > Self::WORDS {\n\
         return Err(ArgError::Length { block: Self::NAME, words: w.len(), min: Self::MIN_WORDS, max: Self::WORDS });\n}\n\
         let mut all = [0u32; Self::WORDS];\n\
         all[..w.len()].copy_from_slice(w);\n\
         Self::from_words(&all)\n}\n}\n\n",
    );
}

/// A field's bits as read from the words: a `u32` expression for a field
/// inside one word, a `u64` one for a field over two.
fn raw_bits(f: &Field) -> (String, &'static str) {
    let (word, _) = model::field_words(f);
    let (src, ty, bits) = if f.container == 4 {
        (format!("w[{word}]"), "u32", 32)
    } else {
        (
            format!("u64::from(w[{word}]) | (u64::from(w[{}]) << 32)", word + 1),
            "u64",
            64,
        )
    };
    // Parentheses only where the expression goes on.
    let paren = |e: String| {
        if e.contains(' ') {
            format!("({e})")
        } else {
            e
        }
    };
    let shifted = if f.shift == 0 {
        src
    } else {
        format!("{} >> {}", paren(src), f.shift)
    };
    let expr = if f.shift + f.width == bits {
        shifted
    } else {
        format!("{} & {}", paren(shifted), hexlit(mask(f.width)))
    };
    (expr, ty)
}

fn unpack_field(spec: &Spec, f: &Field) -> String {
    let (raw, raw_ty) = raw_bits(f);
    let cast = |t: &str| {
        if raw.contains(' ') {
            format!("({raw}) as {t}")
        } else {
            format!("{raw} as {t}")
        }
    };
    match arg_ty(spec, f) {
        ArgTy::Bool => format!("{raw} != 0"),
        ArgTy::Uint(t) if t == raw_ty => raw,
        ArgTy::Uint(t) => cast(t),
        ArgTy::Code(e) => {
            let repr = rust_uint(e.width);
            let v = if repr == raw_ty {
                raw.clone()
            } else {
                cast(repr)
            };
            format!(
                "{}::try_from({v}).map_err(|v| ArgError::UnknownCode {{ block: Self::NAME, field: \"{}\", value: u64::from(v) }})?",
                camel(e.name),
                f.name
            )
        }
    }
}

fn pack_field(o: &mut String, spec: &Spec, f: &Field) {
    let ty = arg_ty(spec, f);
    let (value, bits) = match &ty {
        ArgTy::Bool => (format!("u64::from(self.{})", f.name), 1),
        ArgTy::Uint("u64") => (format!("self.{}", f.name), 64),
        ArgTy::Uint(t) => {
            let bits = match *t {
                "u8" => 8,
                "u16" => 16,
                _ => 32,
            };
            (format!("u64::from(self.{})", f.name), bits)
        }
        ArgTy::Code(e) => (
            format!("u64::from({}::from(self.{}))", rust_uint(e.width), f.name),
            e.width,
        ),
    };
    let _ = writeln!(o, "let v = {value};");
    if bits > f.width {
        let _ = writeln!(
            o,
            "if v > {} {{\nreturn Err(ArgError::TooWide {{ block: Self::NAME, field: \"{}\", value: v, width: {} }});\n}}",
            hexlit(mask(f.width)),
            f.name,
            f.width
        );
    }
    let (word, _) = model::field_words(f);
    let shifted = if f.shift == 0 {
        "v".to_string()
    } else {
        format!("(v << {})", f.shift)
    };
    let _ = writeln!(o, "w[{word}] |= {shifted} as u32;");
    if f.container == 8 {
        let _ = writeln!(o, "w[{}] |= ({shifted} >> 32) as u32;", word + 1);
    }
}

/// Formats Rust source with rustfmt (edition 2021), from the workspace root
/// so that a rustfmt.toml there applies.
pub fn rustfmt(src: &str, root: &std::path::Path) -> Result<String, String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let rustfmt = std::env::var("RUSTFMT").unwrap_or_else(|_| "rustfmt".to_string());
    let mut child = Command::new(&rustfmt)
        .args(["--edition", "2021", "--emit", "stdout"])
        .current_dir(root)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            format!("cannot run {rustfmt} (install it with `rustup component add rustfmt`): {e}")
        })?;
    {
        let mut stdin = child
            .stdin
            .take()
            .ok_or_else(|| "rustfmt: no stdin".to_string())?;
        stdin
            .write_all(src.as_bytes())
            .map_err(|e| format!("rustfmt: {e}"))?;
    }
    let out = child
        .wait_with_output()
        .map_err(|e| format!("rustfmt: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "rustfmt failed on the generated code:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("rustfmt: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals() {
        assert_eq!(lit(9018), "9018");
        assert_eq!(lit(0x574e_0001), "0x574e_0001");
        assert_eq!(hexlit(0x1_0000), "0x0001_0000");
        assert_eq!(code(1, 8), "0x01");
        assert_eq!(code(0x86dd, 16), "0x86dd");
        assert_eq!(code(2, 32), "0x0002");
    }
}
