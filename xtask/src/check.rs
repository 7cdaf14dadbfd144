//! Checks on the description: names, layouts, registers, commands and
//! bundles. [`validate`] collects every problem, so one run of the
//! generator reports them all.

use crate::model::{
    arg_blocks, be_lsb, block_end, canon_layout, constant, container_uint, field_enum,
    is_rust_keyword, is_whole, le_lsb, mask, sv_field, upper,
};
use crate::spec::{ArgBlock, Bundle, Command, Endian, Enum, Layout, RegFields, Register, Spec};
use std::collections::BTreeSet;

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

    // Commands and their argument blocks.
    for c in spec.commands {
        validate_command(spec, c, &mut err);
    }
    for r in spec.reg_fields {
        validate_reg_fields(spec, r, &mut err);
    }
    for b in arg_blocks(spec) {
        if !layout_names.insert(b.layout.name) {
            err(format!("argument block {}: name used twice", b.layout.name));
        }
        validate_arg_block(spec, b, &mut err);
    }

    // Port bundles.
    let mut bundle_names = BTreeSet::new();
    for b in spec.bundles {
        if !bundle_names.insert(b.name) {
            err(format!("bundle {}: defined twice", b.name));
        }
        validate_bundle(b, &mut err);
    }

    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs)
    }
}

fn validate_command(spec: &Spec, c: &Command, err: &mut impl FnMut(String)) {
    let what = format!("command {} {}", c.codes, c.code);
    match spec.enums.iter().find(|e| e.name == c.codes) {
        Some(e) if !e.flags => {
            if !e.values.iter().any(|v| v.name == c.code) {
                err(format!("{what}: {} has no value {}", c.codes, c.code));
            }
        }
        _ => err(format!(
            "{what}: {} is not an enumeration of codes",
            c.codes
        )),
    }
    // The words a command's registers hold (RDMA ARG and RSP, the mailbox's
    // message after its header).
    let (args_max, rsp_max) = match c.codes {
        "rdma_cmd" => (
            constant(spec, "RDMA_CMD_ARGS").unwrap_or(0),
            constant(spec, "RDMA_CMD_RSP").unwrap_or(0),
        ),
        "fw_opcode" => {
            let m = constant(spec, "FW_MSG_MAX_WORDS").unwrap_or(1) - 1;
            (m, m)
        }
        _ => {
            err(format!("{what}: commands are rdma_cmd or fw_opcode codes"));
            return;
        }
    };
    for (b, max, role) in [
        (&c.args, args_max, "arguments"),
        (&c.rsp, rsp_max, "result"),
    ] {
        if let Some(b) = b {
            if b.words() as u64 > max {
                err(format!(
                    "{what}: {role} {} take {} words, the registers hold {max}",
                    b.layout.name,
                    b.words()
                ));
            }
            // A block several commands share is one block.
            for other in spec
                .commands
                .iter()
                .flat_map(|o| o.args.iter().chain(o.rsp.iter()))
            {
                if other.layout.name == b.layout.name
                    && (canon_arg(other) != canon_arg(b) || other.layout.doc != b.layout.doc)
                {
                    err(format!(
                        "argument block {}: two different blocks have the name",
                        b.layout.name
                    ));
                }
            }
        }
    }
}

fn validate_reg_fields(spec: &Spec, r: &RegFields, err: &mut impl FnMut(String)) {
    let what = format!("register {} {} fields", r.block, r.reg);
    let reg = spec
        .blocks
        .iter()
        .find(|b| b.name == r.block)
        .and_then(|b| b.regs.iter().find(|g| g.name == r.reg));
    if reg.is_none() {
        err(format!("{what}: no such register"));
    }
    if r.fields.words() != 1 || r.fields.min_words != 1 {
        err(format!(
            "{what}: {} is one word, always present",
            r.fields.layout.name
        ));
    }
    if spec
        .reg_fields
        .iter()
        .filter(|o| o.block == r.block && o.reg == r.reg)
        .count()
        != 1
    {
        err(format!("{what}: described twice"));
    }
}

fn canon_arg(b: &ArgBlock) -> String {
    let mut out = format!("{}\n", b.min_words);
    canon_layout(&mut out, "args", &b.layout);
    out
}

fn validate_arg_block(spec: &Spec, b: &ArgBlock, err: &mut impl FnMut(String)) {
    let l = &b.layout;
    let name = l.name;
    if !is_lower_ident(name) {
        err(format!("argument block {name}: name must be snake_case"));
    }
    if l.endian != Endian::Little {
        err(format!("argument block {name}: words are little-endian"));
    }
    if l.size == 0 || !l.size.is_multiple_of(4) || l.fields.is_empty() {
        err(format!(
            "argument block {name}: a block is one or more whole words with fields"
        ));
        return;
    }
    if b.min_words > b.words() {
        err(format!(
            "argument block {name}: min_words {} above its {} words",
            b.min_words,
            b.words()
        ));
    }
    let mut covered = vec![0u8; 8 * l.size];
    let mut names = BTreeSet::new();
    let mut last = 0;
    for f in l.fields {
        let what = format!("argument block {name} field {}", f.name);
        if !is_lower_ident(f.name) || is_rust_keyword(f.name) {
            err(format!("{what}: name must be snake_case and not a keyword"));
        }
        if f.name.starts_with("rsvd") {
            err(format!(
                "{what}: reserved bits are the bits no field holds; do not name them"
            ));
        }
        if !names.insert(f.name) {
            err(format!("{what}: defined twice"));
        }
        if le_lsb(f) < last {
            err(format!("{what}: fields must be in word and bit order"));
        }
        last = le_lsb(f);
        let fits = match f.container {
            4 => f.shift + f.width <= 32,
            8 => f.shift + f.width > 32 && f.shift + f.width <= 64,
            _ => false,
        };
        if !f.offset.is_multiple_of(4) || f.width == 0 || !fits || f.offset + f.container > l.size {
            err(format!(
                "{what}: a field is 1..=64 bits inside its word, or running on into the next word"
            ));
            continue;
        }
        if let Some(e) = field_enum(spec, f) {
            if e.width != f.width {
                err(format!(
                    "{what}: {} bits, its enumeration {} has {}",
                    f.width, e.name, e.width
                ));
            }
        }
        for bit in &mut covered[le_lsb(f)..le_lsb(f) + f.width as usize] {
            *bit += 1;
        }
    }
    if let Some(bit) = covered.iter().position(|&c| c > 1) {
        err(format!(
            "argument block {name}: fields overlap at bit {bit}"
        ));
    }
}

fn validate_bundle(b: &Bundle, err: &mut impl FnMut(String)) {
    if !is_lower_ident(b.name) {
        err(format!("bundle {}: name must be snake_case", b.name));
    }
    if b.channels.is_empty() {
        err(format!("bundle {}: no channels", b.name));
    }
    let mut channels = BTreeSet::new();
    // One namespace for every signal of the port, readies included, so a
    // module's port names built from them cannot clash.
    let mut names = BTreeSet::new();
    for c in b.channels {
        if !is_lower_ident(c.name) {
            err(format!(
                "bundle {} channel {}: name must be snake_case",
                b.name, c.name
            ));
        }
        if !channels.insert(c.name) {
            err(format!(
                "bundle {} channel {}: defined twice",
                b.name, c.name
            ));
        }
        if c.signals.is_empty() {
            err(format!("bundle {} channel {}: no signals", b.name, c.name));
        }
        // valid first, the ready named after it: <prefix>_valid, <prefix>_ready
        let prefix = c
            .signals
            .first()
            .filter(|s| s.width == 1)
            .and_then(|s| s.name.strip_suffix("_valid"));
        match prefix {
            None => err(format!(
                "bundle {} channel {}: the first signal must be a 1-bit <prefix>_valid",
                b.name, c.name
            )),
            Some(p) => {
                if let Some(r) = c.ready {
                    if r.width != 1 || r.name.strip_suffix("_ready") != Some(p) {
                        err(format!(
                            "bundle {} channel {}: the ready must be the 1-bit {p}_ready",
                            b.name, c.name
                        ));
                    }
                }
            }
        }
        for s in c.signals.iter().chain(c.ready.iter()) {
            if !is_lower_ident(s.name) || sv_field(s.name) != s.name {
                err(format!(
                    "bundle {} signal {}: name must be snake_case and not a SystemVerilog keyword",
                    b.name, s.name
                ));
            }
            if !names.insert(s.name) {
                err(format!(
                    "bundle {} signal {}: defined twice",
                    b.name, s.name
                ));
            }
            if s.width == 0 {
                err(format!("bundle {} signal {}: zero width", b.name, s.name));
            }
        }
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
    fn spec_is_valid() {
        if let Err(e) = validate(&crate::spec::SPEC) {
            panic!("{}", e.join("\n"));
        }
    }
}
