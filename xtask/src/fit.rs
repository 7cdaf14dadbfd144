//! `cargo xtask fit DIR`: the resource and timing report of `wn_core` from
//! the files `scripts/fit.sh` leaves in DIR, checked against the budgets in
//! `hw/fit/budgets.toml`.
//!
//! DIR holds:
//! - `core.xml`, `census.il`: the census inputs (see [`crate::census`]);
//! - `mems.il`: the memories after Yosys's coarse pass (`$mem_v2` cells with
//!   their module, size and width);
//! - `synth.log`: the Yosys log (its `mapping memory M.N via KIND` lines say
//!   what each memory became);
//! - `stat.txt`: `stat -tech xilinx` of the mapped, hierarchical netlist;
//! - `ltp.txt`: `ltp -noff` over the LUTs, wide multiplexers and carry
//!   chains of each module (its longest path in logic levels).

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::Path;

use crate::census;

/// The budgets file: `key = number` lines, each budget with its reason in
/// the comment lines above it.
#[derive(Debug)]
pub struct Budgets {
    pub device_luts: u64,
    pub device_ffs: u64,
    pub device_bram36: u64,
    pub device_uram: u64,
    pub device_dsp: u64,
    pub max_lut_pct: f64,
    pub max_bram_pct: f64,
    pub max_ff_table_bits: u64,
    pub report_lut_levels: u64,
}

impl Budgets {
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut v: HashMap<&str, f64> = HashMap::new();
        let mut reason = false;
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                reason = false;
                continue;
            }
            if line.starts_with('#') {
                reason = true;
                continue;
            }
            let (k, val) = line
                .split_once('=')
                .ok_or_else(|| format!("budgets line {}: expected `key = number`", n + 1))?;
            let (k, val) = (k.trim(), val.trim());
            if k.starts_with("max_") && !reason {
                return Err(format!(
                    "budgets line {}: {k} has no reason (write it as a comment above the line)",
                    n + 1
                ));
            }
            let x: f64 = val
                .parse()
                .map_err(|_| format!("budgets line {}: {k} = {val:?} is not a number", n + 1))?;
            v.insert(k, x);
        }
        let get = |k: &str| -> Result<f64, String> {
            v.get(k)
                .copied()
                .ok_or_else(|| format!("budgets: {k} is missing"))
        };
        Ok(Budgets {
            device_luts: get("device_luts")? as u64,
            device_ffs: get("device_ffs")? as u64,
            device_bram36: get("device_bram36")? as u64,
            device_uram: get("device_uram")? as u64,
            device_dsp: get("device_dsp")? as u64,
            max_lut_pct: get("max_lut_pct")?,
            max_bram_pct: get("max_bram_pct")?,
            max_ff_table_bits: get("max_ff_table_bits")? as u64,
            report_lut_levels: get("report_lut_levels")? as u64,
        })
    }
}

/// The module name without Yosys's parameter hash (`$paramod$<hash>\wn_fifo`
/// is `wn_fifo`).
fn base(module: &str) -> &str {
    let m = module.rsplit('\\').next().unwrap_or(module);
    m.trim_start_matches('\\')
}

/// Cell counts per module from `stat -tech xilinx`.
pub fn stat(text: &str) -> Stats {
    let mut out: Stats = BTreeMap::new();
    let mut cur: Option<String> = None;
    let mut in_cells = false;
    for line in text.lines() {
        let t = line.trim();
        if let Some(m) = t.strip_prefix("=== ").and_then(|t| t.strip_suffix(" ===")) {
            cur = (m != "design hierarchy").then(|| m.to_string());
            in_cells = false;
            continue;
        }
        let Some(m) = &cur else { continue };
        if t.starts_with("Number of cells:") {
            in_cells = true;
            continue;
        }
        if !in_cells {
            continue;
        }
        let mut w = t.split_whitespace();
        match (w.next(), w.next(), w.next()) {
            (Some(ty), Some(n), None) => {
                if let Ok(n) = n.parse::<u64>() {
                    out.entry(m.clone()).or_default().insert(ty.to_string(), n);
                    continue;
                }
                in_cells = false;
            }
            _ => in_cells = false,
        }
    }
    out
}

/// Resources of one module's subtree.
#[derive(Clone, Copy, Debug, Default)]
pub struct Use {
    /// LUTs as logic.
    pub lut: u64,
    /// LUTs as memory (LUTRAM, shift registers).
    pub lutram: u64,
    pub ff: u64,
    /// RAMB36 equivalents (a RAMB18 is half).
    pub bram36x2: u64,
    pub uram: u64,
    pub dsp: u64,
    pub carry: u64,
}

impl Use {
    fn add(&mut self, o: &Use, n: u64) {
        self.lut += o.lut * n;
        self.lutram += o.lutram * n;
        self.ff += o.ff * n;
        self.bram36x2 += o.bram36x2 * n;
        self.uram += o.uram * n;
        self.dsp += o.dsp * n;
        self.carry += o.carry * n;
    }

    pub fn luts(&self) -> u64 {
        self.lut + self.lutram
    }

    pub fn bram36(&self) -> f64 {
        self.bram36x2 as f64 / 2.0
    }
}

/// LUTs a LUTRAM or shift-register primitive occupies (UG574).
fn lutram_luts(ty: &str) -> Option<u64> {
    Some(match ty {
        "RAM64M8" | "RAM32M16" => 8,
        "RAM64M" | "RAM32M" | "RAM128X1D" | "RAM256X1S" | "RAM256X1D" => 4,
        "RAM512X1S" => 8,
        "RAM64X1D" | "RAM32X1D" | "RAM128X1S" => 2,
        "RAM64X1S" | "RAM32X1S" | "RAM32X2S" | "SRL16E" | "SRLC32E" | "SRLC16E" => 1,
        _ => return None,
    })
}

fn own_use(cells: &BTreeMap<String, u64>) -> Use {
    let mut u = Use::default();
    for (ty, &n) in cells {
        if ty.starts_with("LUT") {
            u.lut += n;
        } else if let Some(l) = lutram_luts(ty) {
            u.lutram += l * n;
        } else if ty.starts_with("FD") {
            u.ff += n;
        } else if ty == "RAMB36E2" {
            u.bram36x2 += 2 * n;
        } else if ty == "RAMB18E2" {
            u.bram36x2 += n;
        } else if ty == "URAM288" {
            u.uram += n;
        } else if ty.starts_with("DSP48") {
            u.dsp += n;
        } else if ty.starts_with("CARRY") {
            u.carry += n;
        }
    }
    u
}

/// Cell counts per module, as `stat` prints them.
pub type Stats = BTreeMap<String, BTreeMap<String, u64>>;

/// Per module: the use of its subtree, and how many times it is
/// instantiated under the top.
pub struct Totals {
    pub use_of: HashMap<String, Use>,
    pub inst: HashMap<String, u64>,
}

/// The subtree use of every module, and how many times each is instantiated
/// under `top`.
pub fn totals(stats: &Stats, top: &str) -> Result<Totals, String> {
    fn go(
        m: &str,
        stats: &Stats,
        memo: &mut HashMap<String, Use>,
        depth: usize,
    ) -> Result<Use, String> {
        if let Some(u) = memo.get(m) {
            return Ok(*u);
        }
        if depth > 64 {
            return Err(format!("stat: the hierarchy loops at {m}"));
        }
        let cells = stats.get(m).ok_or_else(|| format!("stat: no module {m}"))?;
        let mut u = own_use(cells);
        for (ty, &n) in cells {
            if stats.contains_key(ty) {
                let s = go(ty, stats, memo, depth + 1)?;
                u.add(&s, n);
            }
        }
        memo.insert(m.to_string(), u);
        Ok(u)
    }
    fn count(m: &str, n: u64, stats: &Stats, out: &mut HashMap<String, u64>) {
        *out.entry(m.to_string()).or_default() += n;
        if let Some(cells) = stats.get(m) {
            for (ty, &k) in cells {
                if stats.contains_key(ty) {
                    count(ty, n * k, stats, out);
                }
            }
        }
    }
    let mut memo = HashMap::new();
    go(top, stats, &mut memo, 0)?;
    let mut inst = HashMap::new();
    count(top, 1, stats, &mut inst);
    Ok(Totals { use_of: memo, inst })
}

/// Longest path (cells on it) per module from `ltp` output.
pub fn ltp(text: &str) -> BTreeMap<String, u64> {
    let mut out = BTreeMap::new();
    for line in text.lines() {
        if let Some(rest) = line.trim().strip_prefix("Longest topological path in ") {
            if let Some((m, len)) = rest.rsplit_once(" (length=") {
                if let Ok(n) = len.trim_end_matches("):").parse::<i64>() {
                    out.insert(m.to_string(), n.max(0) as u64);
                }
            }
        }
    }
    out
}

/// A memory after the coarse pass: module, name, width, entries.
#[derive(Clone, Debug)]
pub struct Mem {
    pub module: String,
    pub name: String,
    pub width: u64,
    pub size: u64,
    /// What the mapping made of it (block RAM, UltraRAM, LUTRAM, or
    /// flip-flops when no memory primitive took it).
    pub kind: String,
}

/// The `$mem_v2` cells of `write_rtlil -selected`, with the kind from the
/// log's `mapping memory M.N via KIND` lines.
pub fn mems(il: &str, log: &str) -> Vec<Mem> {
    let mut kinds: HashMap<String, String> = HashMap::new();
    for line in log.lines() {
        if let Some(rest) = line.strip_prefix("mapping memory ") {
            if let Some((mem, via)) = rest.split_once(" via ") {
                let k = if via.contains("BLOCKRAM") {
                    "block RAM"
                } else if via.contains("HUGERAM") || via.contains("URAM") {
                    "UltraRAM"
                } else if via.contains("LUTRAM") {
                    "LUTRAM"
                } else {
                    via
                };
                kinds.insert(mem.to_string(), k.to_string());
            }
        }
    }
    let mut out = Vec::new();
    let mut module = String::new();
    let mut cur: Option<Mem> = None;
    for line in il.lines() {
        let t = line.trim();
        if let Some(m) = t.strip_prefix("module ") {
            module = m.trim_start_matches('\\').to_string();
        } else if let Some(c) = t.strip_prefix("cell $mem_v2 ") {
            let name = c.trim_start_matches('\\').to_string();
            cur = Some(Mem {
                module: module.clone(),
                name,
                width: 0,
                size: 0,
                kind: String::new(),
            });
        } else if let Some(m) = cur.as_mut() {
            let num = |v: &str| -> u64 {
                // RTLIL parameters: a decimal, or 32'0101... binary
                match v.split_once('\'') {
                    Some((_, b)) => u64::from_str_radix(b, 2).unwrap_or(0),
                    None => v.parse().unwrap_or(0),
                }
            };
            if let Some(v) = t.strip_prefix("parameter \\WIDTH ") {
                m.width = num(v);
            } else if let Some(v) = t.strip_prefix("parameter \\SIZE ") {
                m.size = num(v);
            } else if t == "end" {
                let mut m = cur.take().expect("a memory");
                let key = format!("{}.{}", m.module, m.name);
                m.kind = kinds
                    .get(&key)
                    .cloned()
                    .unwrap_or_else(|| "flip-flops".into());
                out.push(m);
            }
        }
    }
    out
}

fn pct(n: f64, of: u64) -> f64 {
    100.0 * n / of as f64
}

/// The report, and the budget failures.
pub fn report(dir: &Path, budgets: &Budgets) -> Result<(String, Vec<String>), String> {
    let read = |f: &str| {
        std::fs::read_to_string(dir.join(f))
            .map_err(|e| format!("cannot read {}: {e}", dir.join(f).display()))
    };
    let stats = stat(&read("stat.txt")?);
    let top = stats
        .keys()
        .find(|m| base(m) == "wn_core")
        .ok_or("stat: no wn_core module")?
        .clone();
    let Totals { use_of, inst } = totals(&stats, &top)?;
    let core = use_of[&top];
    let levels = ltp(&read("ltp.txt")?);
    let mems = mems(&read("mems.il")?, &read("synth.log")?);
    let design = census::design(&read("core.xml")?)?;
    let held = census::held(&read("census.il")?, &design.top)?;

    let mut r = String::new();
    let mut fail = Vec::new();
    let b = budgets;
    let lut_pct = pct(core.luts() as f64, b.device_luts);
    let bram_pct = pct(core.bram36(), b.device_bram36);
    let _ = writeln!(
        r,
        "wn_core on the XCU250 (yosys synth_xilinx -family xcup)\n"
    );
    let bb: Vec<String> = std::fs::read_to_string(dir.join("blackbox.txt"))
        .unwrap_or_default()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    if !bb.is_empty() {
        let _ = writeln!(
            r,
            "PARTIAL: left out of the synthesis as black boxes (FIT_BLACKBOX): {}; the figures are the rest of the core\n",
            bb.join(", ")
        );
    }
    let _ = writeln!(r, "| resource | used | device | % | budget |");
    let _ = writeln!(r, "|---|---:|---:|---:|---|");
    // name, used, the device's count, percent, budget
    let rows = [
        (
            "LUTs (logic + memory)",
            core.luts().to_string(),
            Some(b.device_luts),
            lut_pct,
            Some(b.max_lut_pct),
        ),
        (
            "LUTs as memory",
            core.lutram.to_string(),
            None,
            pct(core.lutram as f64, b.device_luts),
            None,
        ),
        (
            "flip-flops",
            core.ff.to_string(),
            Some(b.device_ffs),
            pct(core.ff as f64, b.device_ffs),
            None,
        ),
        (
            "RAMB36 (RAMB18 as half)",
            format!("{:.1}", core.bram36()),
            Some(b.device_bram36),
            bram_pct,
            Some(b.max_bram_pct),
        ),
        (
            "UltraRAM",
            core.uram.to_string(),
            Some(b.device_uram),
            pct(core.uram as f64, b.device_uram),
            None,
        ),
        (
            "DSP",
            core.dsp.to_string(),
            Some(b.device_dsp),
            pct(core.dsp as f64, b.device_dsp),
            None,
        ),
    ];
    for (name, used, device, p, budget) in rows {
        let device = device.map_or(" ".to_string(), |d| format!(" {d} "));
        let budget = budget.map_or(" ".to_string(), |x| format!(" ≤ {x} % "));
        let _ = writeln!(r, "| {name} | {used} |{device}| {p:.1} |{budget}|");
    }
    if lut_pct > b.max_lut_pct {
        fail.push(format!(
            "LUTs: {lut_pct:.1} % of the device, the budget is {} %",
            b.max_lut_pct
        ));
    }
    if bram_pct > b.max_bram_pct {
        fail.push(format!(
            "block RAM: {bram_pct:.1} % of the device, the budget is {} %",
            b.max_bram_pct
        ));
    }

    // per module, largest first
    let _ = writeln!(
        r,
        "\nPer module (each instance counted; a module's figures include its submodules; levels: LUTs, wide \
         multiplexers and carry chains on its longest path, {} the target)\n",
        b.report_lut_levels
    );
    let _ = writeln!(
        r,
        "| module | instances | LUTs | LUTRAM | FFs | RAMB36 | URAM | levels |"
    );
    let _ = writeln!(r, "|---|---:|---:|---:|---:|---:|---:|---:|");
    let mut mods: Vec<(&String, &Use)> = use_of.iter().collect();
    mods.sort_by(|a, b| {
        (b.1.luts() * inst.get(b.0).copied().unwrap_or(1))
            .cmp(&(a.1.luts() * inst.get(a.0).copied().unwrap_or(1)))
            .then(a.0.cmp(b.0))
    });
    for (m, u) in mods {
        let n = inst.get(m).copied().unwrap_or(0);
        let lv = levels.get(m).map_or("-".to_string(), |l| {
            if *l > b.report_lut_levels {
                format!("**{l}**")
            } else {
                l.to_string()
            }
        });
        let _ = writeln!(
            r,
            "| {} | {} | {} | {} | {} | {:.1} | {} | {} |",
            base(m),
            n,
            u.luts() * n,
            u.lutram * n,
            u.ff * n,
            u.bram36() * n as f64,
            u.uram * n,
            lv
        );
    }

    // memories
    let _ = writeln!(r, "\nMemories (after the coarse pass; instances of each)\n");
    let _ = writeln!(
        r,
        "| memory | width × entries | bits | instances | became |"
    );
    let _ = writeln!(r, "|---|---|---:|---:|---|");
    let mut ms: Vec<&Mem> = mems.iter().collect();
    ms.sort_by(|a, b| {
        (b.width * b.size)
            .cmp(&(a.width * a.size))
            .then(a.name.cmp(&b.name))
    });
    for m in &ms {
        let n = inst.get(&m.module).copied().unwrap_or(0);
        let bits = m.width * m.size;
        let _ = writeln!(
            r,
            "| {}.{} | {} × {} | {} | {} | {} |",
            base(&m.module),
            m.name,
            m.width,
            m.size,
            census::bits(bits),
            n,
            m.kind
        );
        if m.kind == "flip-flops" && bits >= b.max_ff_table_bits && n > 0 {
            fail.push(format!(
                "{}.{} ({}) is in flip-flops",
                base(&m.module),
                m.name,
                census::bits(bits)
            ));
        }
    }

    // tables Yosys made registers of (never memories)
    let rows = census::rows(&design, &held, b.max_ff_table_bits);
    let regs: Vec<_> = rows
        .iter()
        .filter(|r| r.held.reg_bits >= b.max_ff_table_bits)
        .collect();
    let _ = writeln!(
        r,
        "\nTables of {} or more that are flip-flops (register files)\n",
        census::bits(b.max_ff_table_bits)
    );
    if regs.is_empty() {
        let _ = writeln!(r, "none");
    }
    for row in regs {
        let t = row.table;
        let (name, held) = (t.full_name(), census::bits(row.held.reg_bits));
        let _ = writeln!(r, "- {name} ({held}, {})", t.loc);
        fail.push(format!("{name} ({held}) is in flip-flops"));
    }
    for row in rows.iter().filter(|r| r.short()) {
        fail.push(format!("{}: {}", row.table.full_name(), row.shortfall()));
    }
    Ok((r, fail))
}

#[cfg(test)]
mod tests {
    use super::*;

    const STAT: &str = "
=== $paramod$ab\\wn_fifo ===

   Number of wires:                 10
   Number of cells:                  6
     FDRE                            3
     LUT6                            2
     RAM64M8                         1

=== wn_core ===

   Number of cells:                  5
     $paramod$ab\\wn_fifo            2
     LUT3                            1
     RAMB36E2                        1
     RAMB18E2                        1

=== design hierarchy ===

   wn_core                           1
     $paramod$ab\\wn_fifo            2

   Number of cells:                 17
";

    #[test]
    fn stat_totals_count_submodules_per_instance() {
        let s = stat(STAT);
        assert_eq!(s.len(), 2);
        let Totals { use_of: u, inst } = totals(&s, "wn_core").unwrap();
        let core = u["wn_core"];
        assert_eq!(core.lut, 1 + 2 * 2);
        assert_eq!(core.lutram, 2 * 8);
        assert_eq!(core.ff, 6);
        assert_eq!(core.bram36(), 1.5);
        assert_eq!(inst["$paramod$ab\\wn_fifo"], 2);
        assert_eq!(base("$paramod$ab\\wn_fifo"), "wn_fifo");
    }

    #[test]
    fn ltp_lengths() {
        let t = "Longest topological path in wn_core (length=7):\n    0: x\nLongest topological path in $paramod$ab\\wn_fifo (length=-1):\n";
        let l = ltp(t);
        assert_eq!(l["wn_core"], 7);
        assert_eq!(l["$paramod$ab\\wn_fifo"], 0);
    }

    #[test]
    fn memories_and_what_they_became() {
        let il = "module \\wn_core\n  cell $mem_v2 \\tab\n    parameter \\WIDTH 16\n    parameter \\SIZE 32'00000000000000000000000100000000\n  end\n  cell $mem_v2 \\regs\n    parameter \\WIDTH 8\n    parameter \\SIZE 4\n  end\nend\n";
        let log = "mapping memory wn_core.tab via $__XILINX_BLOCKRAM_SDP_\n";
        let m = mems(il, log);
        assert_eq!(m.len(), 2);
        assert_eq!(
            (m[0].width, m[0].size, m[0].kind.as_str()),
            (16, 256, "block RAM")
        );
        assert_eq!(m[1].kind, "flip-flops");
    }

    #[test]
    fn budgets_need_reasons() {
        let ok = "device_luts = 10\ndevice_ffs = 1\ndevice_bram36 = 1\ndevice_uram = 1\ndevice_dsp = 1\n# why\nmax_lut_pct = 25\n# why\nmax_bram_pct = 30\n# why\nmax_ff_table_bits = 4096\nreport_lut_levels = 10\n";
        assert!(Budgets::parse(ok).is_ok());
        let bad = ok.replace("# why\nmax_lut_pct", "max_lut_pct");
        assert!(Budgets::parse(&bad).unwrap_err().contains("no reason"));
    }
}
