use std::sync::Arc;
use std::time::Duration;
use warpnic::*;
use warpnic_sim::{SimWorld, WorldConfig};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let world = SimWorld::new(&WorldConfig::pair())?;
    let da: Arc<dyn Device> = world.device(0)?;
    let db: Arc<dyn Device> = world.device(1)?;
    let a = Nic::open(da)?;
    let b = Nic::open(db)?;
    println!("info {:?}", a.info());
    println!("mac a {:02x?} b {:02x?}", a.mac()?, b.mac()?);
    println!("fw version {:x?}", a.fw_version()?);
    a.set_port(true, true)?;
    b.set_port(true, true)?;
    let cqa = CompletionQueue::new(&a, 256, None)?;
    let cqb = CompletionQueue::new(&b, 256, None)?;
    let sq = RawSendQueue::new(&a, 64, &cqa)?;
    let rq = RawRecvQueue::new(&b, 64, &cqb)?;
    let tx = a.alloc_dma(64 * 2048, DmaPerm::READ)?;
    let rx = b.alloc_dma(64 * 2048, DmaPerm::WRITE)?;
    let bufs: Vec<RawRecv> = (0..32)
        .map(|i| RawRecv {
            addr: rx.iova() + i * 2048,
            len: 2048,
            wr_id: i,
        })
        .collect();
    rq.post(&bufs)?;
    let bmac = b.mac()?;
    let amac = a.mac()?;
    let mut sends = vec![];
    for i in 0..8u64 {
        let len = 60 + 100 * i as usize;
        let mut f = vec![0u8; len];
        f[0..6].copy_from_slice(&bmac);
        f[6..12].copy_from_slice(&amac);
        f[12] = 0x88;
        f[13] = 0xb5;
        for (k, x) in f[14..].iter_mut().enumerate() {
            *x = (k as u8) ^ (i as u8);
        }
        tx.write(i as usize * 2048, &f)?;
        sends.push(RawSend {
            addr: tx.iova() + i * 2048,
            len: len as u32,
            wr_id: 100 + i,
            signaled: true,
        });
    }
    let t0 = a.cycles()?;
    sq.post(&sends)?;
    let mut got = 0;
    let mut cs = [Completion::default(); 16];
    while got < 8 {
        let n = cqb.poll_wait(&mut cs, Duration::from_micros(200))?;
        if n == 0 {
            println!("timeout; stats a {:?}\n b {:?}", a.stats()?, b.stats()?);
            break;
        }
        for c in &cs[..n] {
            println!("rx {:?}", c);
            got += 1;
        }
    }
    let n = cqa.poll(&mut cs)?;
    for c in &cs[..n] {
        println!("tx {:?}", c);
    }
    println!("cycles {}", a.cycles()? - t0);
    println!("stats a {:?}\nstats b {:?}", a.stats()?, b.stats()?);
    world.with(|w| println!("faults a {:?}", w.iommu(0).map(|i| i.faults().to_vec())))?;
    Ok(())
}
