//! The memory census: every table the RTL declares, against what Yosys keeps
//! of it.
//!
//! The declared tables come from Verilator's elaborated design
//! (`verilator --xml-only`): every unpacked array that is not a parameter, a
//! port or a function's local, with its entries and its element width, in
//! every instance of its module. Yosys's view comes from the design as its
//! Verilog frontend builds it, flattened (`hierarchy; flatten; write_rtlil`
//! of the memories and of the registers the frontend made from arrays:
//! `memory width W size N \u_a.u_b.name` and `wire width W \u_a.u_b.name[i]`).
//!
//! A table is short when Yosys holds fewer bits of it than the RTL
//! declares: Yosys 0.23 silently drops the unpacked dimension of an array of
//! a packed struct and keeps one entry, so a synthesis report would count a
//! core without its tables.

use std::collections::{BTreeMap, HashMap};

/// A table the RTL declares, summed over the instances of its module that
/// share one instance path (the copies of a generate loop).
#[derive(Clone, Debug)]
pub struct Table {
    /// Instance path below the top, dot-separated ("" for the top).
    pub path: String,
    pub name: String,
    /// Source file and line of the declaration.
    pub loc: String,
    pub entries: u64,
    pub width: u64,
    /// Instances counted into `bits`.
    pub copies: u64,
    /// Declared bits in all copies.
    pub bits: u64,
}

/// The instance tree of the elaborated design.
#[derive(Debug, Default)]
pub struct Inst {
    pub module: String,
    /// Instances at this path (the copies of a generate loop).
    pub copies: u64,
    pub children: BTreeMap<String, Inst>,
}

/// The declared tables and the instance tree, from Verilator's XML.
pub struct Design {
    pub tables: Vec<Table>,
    pub top: Inst,
}

fn attr<'a>(n: roxmltree::Node<'a, '_>, a: &str) -> Result<&'a str, String> {
    n.attribute(a)
        .ok_or_else(|| format!("verilator XML: <{}> without {a}", n.tag_name().name()))
}

/// A Verilator constant such as `32'h3f` or `32'sh1f`.
fn konst(s: &str) -> Result<u64, String> {
    let bad = || format!("verilator XML: constant {s:?} is not a number");
    let (_, v) = s.split_once('\'').ok_or_else(bad)?;
    let v = v.trim_start_matches('s');
    let (radix, digits) = match v.chars().next() {
        Some('h') => (16, &v[1..]),
        Some('d') => (10, &v[1..]),
        Some('b') => (2, &v[1..]),
        Some('o') => (8, &v[1..]),
        _ => return Err(bad()),
    };
    u64::from_str_radix(&digits.replace('_', ""), radix).map_err(|_| bad())
}

struct Types<'a, 'i> {
    by_id: HashMap<&'a str, roxmltree::Node<'a, 'i>>,
}

impl<'a, 'i> Types<'a, 'i> {
    fn node(&self, id: &str) -> Result<roxmltree::Node<'a, 'i>, String> {
        self.by_id
            .get(id)
            .copied()
            .ok_or_else(|| format!("verilator XML: no type {id}"))
    }

    /// Entries of a `<range>` child.
    fn range(n: roxmltree::Node) -> Result<u64, String> {
        let r = n
            .children()
            .find(|c| c.has_tag_name("range"))
            .ok_or_else(|| "verilator XML: an array type without a range".to_string())?;
        let k: Vec<u64> = r
            .children()
            .filter(|c| c.has_tag_name("const"))
            .map(|c| attr(c, "name").and_then(konst))
            .collect::<Result<_, _>>()?;
        match k.as_slice() {
            [a, b] => Ok(a.abs_diff(*b) + 1),
            _ => Err("verilator XML: a range without two bounds".into()),
        }
    }

    /// Width in bits of the packed type `id`.
    fn width(&self, id: &str) -> Result<u64, String> {
        let n = self.node(id)?;
        let sub = || attr(n, "sub_dtype_id").and_then(|s| self.width(s));
        match n.tag_name().name() {
            "basicdtype" => match (n.attribute("left"), n.attribute("right")) {
                (Some(l), Some(r)) => {
                    let l: i64 = l.parse().map_err(|_| format!("bad left {l}"))?;
                    let r: i64 = r.parse().map_err(|_| format!("bad right {r}"))?;
                    Ok(l.abs_diff(r) + 1)
                }
                _ => Ok(match attr(n, "name")? {
                    "int" | "integer" => 32,
                    "byte" => 8,
                    "shortint" => 16,
                    "longint" | "time" => 64,
                    "string" | "real" | "chandle" => 0,
                    _ => 1,
                }),
            },
            "refdtype" | "enumdtype" | "memberdtype" | "constdtype" => sub(),
            "structdtype" => n
                .children()
                .filter(|c| c.has_tag_name("memberdtype"))
                .map(|c| attr(c, "sub_dtype_id").and_then(|s| self.width(s)))
                .sum(),
            "uniondtype" => n
                .children()
                .filter(|c| c.has_tag_name("memberdtype"))
                .map(|c| attr(c, "sub_dtype_id").and_then(|s| self.width(s)))
                .try_fold(0, |m, w| w.map(|w| m.max(w))),
            "packarraydtype" => Ok(Self::range(n)? * sub()?),
            other => Err(format!("verilator XML: no width for a <{other}>")),
        }
    }

    /// `(entries, element width)` of an unpacked array type (nested arrays
    /// multiply their entries); `None` for anything else.
    fn array(&self, id: &str) -> Result<Option<(u64, u64)>, String> {
        let n = self.node(id)?;
        match n.tag_name().name() {
            "unpackarraydtype" => {
                let sub = attr(n, "sub_dtype_id")?;
                let e = Self::range(n)?;
                Ok(Some(match self.array(sub)? {
                    Some((e2, w)) => (e * e2, w),
                    None => (e, self.width(sub)?),
                }))
            }
            "refdtype" => self.array(attr(n, "sub_dtype_id")?),
            _ => Ok(None),
        }
    }
}

/// The instance tree under cell `n`. The copies of a generate loop share
/// an instance path: they are one node, whose `copies` counts them (and
/// whose children merge theirs).
fn cells(n: roxmltree::Node) -> Result<Inst, String> {
    let mut inst = Inst {
        module: attr(n, "submodname")?.to_string(),
        copies: 1,
        children: BTreeMap::new(),
    };
    for c in n.children().filter(|c| c.has_tag_name("cell")) {
        let name = attr(c, "name")?.to_string();
        let child = cells(c)?;
        match inst.children.get_mut(&name) {
            Some(seen) => seen.merge(child),
            None => {
                inst.children.insert(name, child);
            }
        }
    }
    Ok(inst)
}

impl Inst {
    fn merge(&mut self, other: Inst) {
        self.copies += other.copies;
        for (name, child) in other.children {
            match self.children.get_mut(&name) {
                Some(seen) => seen.merge(child),
                None => {
                    self.children.insert(name, child);
                }
            }
        }
    }
}

fn join(path: &str, name: &str) -> String {
    if path.is_empty() {
        name.to_string()
    } else {
        format!("{path}.{name}")
    }
}

/// Reads Verilator's XML of the design.
pub fn design(xml: &str) -> Result<Design, String> {
    let doc = roxmltree::Document::parse(xml).map_err(|e| format!("verilator XML: {e}"))?;
    let root = doc.root_element();
    let files: HashMap<&str, &str> = root
        .descendants()
        .filter(|n| n.has_tag_name("file"))
        .filter_map(|n| Some((n.attribute("id")?, n.attribute("filename")?)))
        .collect();
    let netlist = root
        .children()
        .find(|n| n.has_tag_name("netlist"))
        .ok_or("verilator XML: no <netlist>")?;
    let types = Types {
        by_id: netlist
            .children()
            .filter(|n| n.has_tag_name("typetable"))
            .flat_map(|t| t.children())
            .filter_map(|n| Some((n.attribute("id")?, n)))
            .collect(),
    };
    let top_cell = root
        .children()
        .find(|n| n.has_tag_name("cells"))
        .and_then(|c| c.children().find(|n| n.has_tag_name("cell")))
        .ok_or("verilator XML: no top cell")?;
    let top = cells(top_cell)?;

    // the tables of each module
    let mut per_module: HashMap<&str, Vec<(String, String, u64, u64)>> = HashMap::new();
    for m in netlist.children().filter(|n| n.has_tag_name("module")) {
        let mname = attr(m, "name")?;
        let mut v = Vec::new();
        let mut stack: Vec<roxmltree::Node> = m.children().collect();
        while let Some(n) = stack.pop() {
            match n.tag_name().name() {
                // a function's or task's locals are not state
                "func" | "task" => continue,
                "var" => {
                    if n.attribute("param") == Some("true")
                        || n.attribute("localparam") == Some("true")
                        || n.attribute("dir").is_some()
                    {
                        continue;
                    }
                    let Some(dt) = n.attribute("dtype_id") else {
                        continue;
                    };
                    if let Some((entries, width)) = types.array(dt)? {
                        let loc = n.attribute("loc").unwrap_or("");
                        let mut parts = loc.split(',');
                        let file = parts.next().and_then(|f| files.get(f)).unwrap_or(&"?");
                        let line = parts.next().unwrap_or("?");
                        let name = attr(n, "name")?;
                        // a table inside a generate block: Verilator names it
                        // after the block; Yosys too, and the census keys on
                        // the last name
                        let short = name.rsplit('.').next().unwrap_or(name).to_string();
                        v.push((short, format!("{file}:{line}"), entries, width));
                    }
                }
                _ => stack.extend(n.children()),
            }
        }
        per_module.insert(mname, v);
    }

    // every instance path with its module
    let mut tables: BTreeMap<(String, String), Table> = BTreeMap::new();
    let mut walk: Vec<(String, &Inst)> = vec![(String::new(), &top)];
    while let Some((path, inst)) = walk.pop() {
        let n = inst.copies;
        for (name, loc, entries, width) in
            per_module.get(inst.module.as_str()).into_iter().flatten()
        {
            let t = tables
                .entry((path.clone(), name.clone()))
                .or_insert_with(|| Table {
                    path: path.clone(),
                    name: name.clone(),
                    loc: loc.clone(),
                    entries: *entries,
                    width: *width,
                    copies: 0,
                    bits: 0,
                });
            t.copies += n;
            t.bits += n * entries * width;
        }
        for (c, i) in &inst.children {
            walk.push((join(&path, c), i));
        }
    }
    Ok(Design {
        tables: tables.into_values().collect(),
        top,
    })
}

/// The instance path and table name a flattened Yosys name refers to: the
/// segments that are not instances (generate blocks) are dropped, and a
/// register made from an array entry (`name[3]`) counts for `name`.
fn key(top: &Inst, full: &str) -> (String, String) {
    let segs: Vec<&str> = full.split('.').collect();
    let (last, dirs) = segs.split_last().unwrap_or((&"", &[]));
    let mut path = String::new();
    let mut at = top;
    for s in dirs {
        if let Some(c) = at.children.get(*s) {
            path = join(&path, s);
            at = c;
        }
    }
    let name = last.split('[').next().unwrap_or(last).to_string();
    (path, name)
}

/// What Yosys holds of each table: bits in memories and in registers made
/// from arrays, keyed as [`Table`]s are.
#[derive(Clone, Copy, Debug, Default)]
pub struct Held {
    pub mem_bits: u64,
    pub reg_bits: u64,
}

/// Reads the `write_rtlil -selected` output of the flattened design.
pub fn held(il: &str, top: &Inst) -> Result<HashMap<(String, String), Held>, String> {
    let mut out: HashMap<(String, String), Held> = HashMap::new();
    for line in il.lines() {
        let t: Vec<&str> = line.split_whitespace().collect();
        let (kind, rest) = match t.split_first() {
            Some((k @ (&"memory" | &"wire"), rest)) => (*k, rest),
            _ => continue,
        };
        let Some(name) = rest.last().and_then(|n| n.strip_prefix('\\')) else {
            continue; // an internal name ($...)
        };
        let num = |what: &str, default: u64| -> Result<u64, String> {
            match rest.iter().position(|w| *w == what) {
                Some(i) => rest
                    .get(i + 1)
                    .and_then(|v| v.parse().ok())
                    .ok_or_else(|| format!("yosys RTLIL: bad {what} in {line:?}")),
                None => Ok(default),
            }
        };
        let width = num("width", 1)?;
        let k = key(top, name);
        let h = out.entry(k).or_default();
        if kind == "memory" {
            h.mem_bits += width * num("size", 0)?;
        } else if name.ends_with(']') {
            h.reg_bits += width;
        }
    }
    Ok(out)
}

/// One census line.
pub struct Row<'a> {
    pub table: &'a Table,
    pub held: Held,
}

impl Row<'_> {
    pub fn short(&self) -> bool {
        self.held.mem_bits + self.held.reg_bits < self.table.bits
    }

    /// "declared B, Yosys holds H".
    pub fn shortfall(&self) -> String {
        format!(
            "declared {}, Yosys holds {}",
            bits(self.table.bits),
            bits(self.held.mem_bits + self.held.reg_bits)
        )
    }
}

impl Table {
    /// `instance.path.name` (the name alone for a table of the top).
    pub fn full_name(&self) -> String {
        if self.path.is_empty() {
            self.name.clone()
        } else {
            format!("{}.{}", self.path, self.name)
        }
    }
}

/// The tables of at least `min_bits`, each with what Yosys holds of it.
pub fn rows<'a>(
    d: &'a Design,
    held: &HashMap<(String, String), Held>,
    min_bits: u64,
) -> Vec<Row<'a>> {
    d.tables
        .iter()
        .filter(|t| t.bits >= min_bits)
        .map(|t| Row {
            table: t,
            held: held
                .get(&(t.path.clone(), t.name.clone()))
                .copied()
                .unwrap_or_default(),
        })
        .collect()
}

/// Bits as "14.2 Mbit", "36.0 Kbit" or "512 bit".
pub fn bits(b: u64) -> String {
    if b >= 1 << 20 {
        format!("{:.1} Mbit", b as f64 / (1u64 << 20) as f64)
    } else if b >= 1 << 10 {
        format!("{:.1} Kbit", b as f64 / 1024.0)
    } else {
        format!("{b} bit")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants() {
        assert_eq!(konst("32'h3f"), Ok(63));
        assert_eq!(konst("32'sh1f"), Ok(31));
        assert_eq!(konst("8'd10"), Ok(10));
        assert!(konst("zz").is_err());
    }

    const XML: &str = r#"<verilator_xml>
  <files><file id="a" filename="t.sv" language="1800-2017"/></files>
  <cells>
    <cell name="top" submodname="top" hier="top">
      <cell name="u_m" submodname="m" hier="top.u_m"/>
      <cell name="u_m" submodname="m" hier="top.u_m"/>
    </cell>
  </cells>
  <netlist>
    <module name="top">
      <var loc="a,3,1,3,2" name="clk" dtype_id="1" dir="input"/>
    </module>
    <module name="m">
      <var loc="a,10,1,10,2" name="N" dtype_id="2" param="true"/>
      <var loc="a,11,1,11,2" name="tab" dtype_id="5"/>
      <var loc="a,12,1,12,2" name="rec" dtype_id="7"/>
      <func name="f"><var loc="a,20,1,20,2" name="tmp" dtype_id="5"/></func>
    </module>
    <typetable>
      <basicdtype id="1" name="logic"/>
      <basicdtype id="2" name="int"/>
      <basicdtype id="3" name="logic" left="15" right="0"/>
      <structdtype id="4" name="s_t">
        <memberdtype id="40" name="a" sub_dtype_id="3"/>
        <memberdtype id="41" name="b" sub_dtype_id="1"/>
      </structdtype>
      <unpackarraydtype id="5" sub_dtype_id="3">
        <range><const name="32'h0"/><const name="32'hff"/></range>
      </unpackarraydtype>
      <unpackarraydtype id="7" sub_dtype_id="4">
        <range><const name="32'h0"/><const name="32'h3f"/></range>
      </unpackarraydtype>
    </typetable>
  </netlist>
</verilator_xml>"#;

    #[test]
    fn declared_tables_and_what_yosys_holds() {
        let d = design(XML).unwrap();
        let t: Vec<_> = d
            .tables
            .iter()
            .map(|t| (t.path.as_str(), t.name.as_str(), t.entries, t.width, t.bits))
            .collect();
        assert_eq!(
            t,
            vec![
                ("u_m", "rec", 64, 17, 2 * 64 * 17),
                ("u_m", "tab", 256, 16, 2 * 256 * 16)
            ]
        );
        // Yosys: tab as two memories (generate copies), rec as one register
        // (the dropped dimension)
        let il = "  memory width 16 size 256 \\u_m.tab\n  memory width 16 size 256 \\g[1].u_m.tab\n  wire width 17 \\u_m.rec\n";
        let h = held(il, &d.top).unwrap();
        let r = rows(&d, &h, 1024);
        assert_eq!(r.len(), 2);
        assert!(r[0].short(), "rec is one register in Yosys");
        assert!(!r[1].short());
        let il = "  wire width 17 \\u_m.rec[0]\n".repeat(128);
        let h = held(&il, &d.top).unwrap();
        assert!(!rows(&d, &h, 1024)[0].short());
    }
}
