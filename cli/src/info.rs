//! `warpnic info`: a device's identification, register blocks, capacities
//! and counters, as text (one item per line, in the manner of
//! `ibv_devinfo -v` and `ethtool -S`) or as one JSON object (`--json`).

use std::sync::Arc;

use serde_json::{json, Value};
use warpnic::info::DeviceReport;
use warpnic::{Device, Nic};
use warpnic_sim::{SimWorld, WorldConfig};

use crate::{fmt_mac, AnyResult};

/// Opens the device (`pci`, or one simulated NIC) and prints its report.
///
/// # Errors
/// Opening the device, or reading it.
pub fn info(pci: Option<String>, as_json: bool) -> AnyResult<()> {
    let (dev, _world): (Arc<dyn Device>, Option<Arc<SimWorld>>) = match pci {
        #[cfg(target_os = "linux")]
        Some(addr) => (Arc::new(warpnic::vfio::VfioDevice::open(&addr)?), None),
        #[cfg(not(target_os = "linux"))]
        Some(_) => return Err("VFIO needs Linux".into()),
        None => {
            let w = SimWorld::new(&WorldConfig::with_nics(1))?;
            (w.device(0)?, Some(w))
        }
    };
    let nic = Nic::open(dev)?;
    let r = nic.report()?;
    if as_json {
        println!("{}", serde_json::to_string_pretty(&to_json(&r))?);
    } else {
        print!("{}", text(&r));
    }
    Ok(())
}

fn ver((major, minor): (u16, u16)) -> String {
    format!("{major}.{minor}")
}

/// The report as text: a header, then one line per block, capacity and
/// counter.
pub fn text(r: &DeviceReport) -> String {
    use std::fmt::Write as _;
    let mut o = String::new();
    let _ = writeln!(o, "device: {}", r.device);
    let _ = writeln!(
        o,
        "\tbuild_id:\t\t{:#010x} (matches this library)",
        r.build_id
    );
    let _ = writeln!(o, "\tabi_version:\t\t{}", ver(r.abi_version));
    let _ = writeln!(
        o,
        "\tfirmware:\t\tinterface {}, sees build {:#010x}",
        ver(r.firmware.0),
        r.firmware.1
    );
    let _ = writeln!(o, "\tnode_type:\t\tRNIC (iWARP)");
    let _ = writeln!(o, "\tmac:\t\t\t{}", fmt_mac(r.mac));
    let _ = writeln!(
        o,
        "\tdatapath:\t\t{} bits at {} MHz",
        r.data_width, r.clock_mhz
    );
    let _ = writeln!(o, "\tcycles:\t\t\t{}", r.cycles);
    let _ = writeln!(o, "register blocks:");
    for b in &r.blocks {
        let _ = writeln!(
            o,
            "\t{:<8}\tat {:#06x}\ttype {:#010x}\tversion {}.{}",
            b.name.unwrap_or("unknown"),
            b.base,
            b.type_id,
            b.major,
            b.minor
        );
    }
    let _ = writeln!(o, "capacities:");
    for (name, v) in capacities(r) {
        let _ = writeln!(o, "\t{name:<28}{v}");
    }
    let _ = writeln!(o, "counters:");
    for k in &r.counters {
        let _ = writeln!(o, "\t{:<24}{}", format!("{}:", k.name), k.value);
    }
    o
}

/// The capacities with their names, in the order they are printed.
fn capacities(r: &DeviceReport) -> [(&'static str, u32); 14] {
    let c = &r.capacities;
    [
        ("max_qp:", c.qps),
        ("max_cq:", c.cqs),
        ("max_eq:", c.eqs),
        ("max_mr:", c.mrs),
        ("max_sge:", c.max_sge),
        ("max_qp_rd_atom (IRD):", c.max_ird),
        ("max_qp_init_rd_atom (ORD):", c.max_ord),
        ("max_inline_data:", c.max_inline),
        ("tcp_connections:", c.tcp_connections),
        ("tcp_listeners:", c.tcp_listeners),
        ("raw_send_queues:", c.raw_sqs),
        ("raw_recv_queues:", c.raw_rqs),
        ("max_frame (set):", c.max_frame),
        ("max_frame (limit):", c.max_frame_limit),
    ]
}

/// The report as one JSON object.
pub fn to_json(r: &DeviceReport) -> Value {
    let c = &r.capacities;
    let counters: serde_json::Map<String, Value> = r
        .counters
        .iter()
        .map(|k| (k.name.clone(), json!(k.value)))
        .collect();
    json!({
        "device": r.device,
        "build_id": r.build_id,
        "abi_version": ver(r.abi_version),
        "firmware": { "interface": ver(r.firmware.0), "build_id": r.firmware.1 },
        "node_type": "RNIC",
        "transport": "iWARP",
        "mac": fmt_mac(r.mac),
        "clock_mhz": r.clock_mhz,
        "data_width": r.data_width,
        "cycles": r.cycles,
        "blocks": r.blocks.iter().map(|b| json!({
            "name": b.name,
            "base": b.base,
            "type": b.type_id,
            "version": format!("{}.{}", b.major, b.minor),
        })).collect::<Vec<_>>(),
        "capacities": {
            "qps": c.qps,
            "cqs": c.cqs,
            "eqs": c.eqs,
            "mrs": c.mrs,
            "max_sge": c.max_sge,
            "max_ird": c.max_ird,
            "max_ord": c.max_ord,
            "max_inline": c.max_inline,
            "tcp_connections": c.tcp_connections,
            "tcp_listeners": c.tcp_listeners,
            "raw_send_queues": c.raw_sqs,
            "raw_recv_queues": c.raw_rqs,
            "max_frame": c.max_frame,
            "max_frame_limit": c.max_frame_limit,
        },
        "counters": counters,
    })
}
