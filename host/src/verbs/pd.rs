//! Protection domains (ibv_pd): the regions a queue pair may use are those
//! of its domain. [`Nic::alloc_pd`] numbers them per NIC (1..=65535, next
//! fit); a domain's number is free again when its last handle, region and
//! queue pair are gone. [`ProtectionDomain::reg_mr`] is in [`super::mr`],
//! [`ProtectionDomain::create_qp`] in [`super::qp`].

use std::sync::Arc;

use super::tables::VerbsTables;
use crate::error::Result;
use crate::nic::Nic;

#[cfg(doc)]
use crate::error::Error;

impl Nic {
    /// Allocates a protection domain (ibv_alloc_pd).
    ///
    /// # Errors
    /// [`Error::MissingBlock`] when the device has no RDMA block,
    /// [`Error::NoFreeQueue`] when all 65535 are in use, or a backend
    /// error.
    pub fn alloc_pd(&self) -> Result<ProtectionDomain> {
        let ctx = self.verbs()?;
        let pdn = ctx.alloc_pd()?;
        Ok(ProtectionDomain {
            inner: Arc::new(PdShared {
                ctx,
                nic: self.clone(),
                pdn,
            }),
        })
    }
}

/// What a protection domain's handles share: its number, the NIC and the
/// NIC's verbs tables.
pub(crate) struct PdShared {
    pub(crate) ctx: Arc<VerbsTables>,
    pub(crate) nic: Nic,
    pub(crate) pdn: u16,
}

impl Drop for PdShared {
    fn drop(&mut self) {
        self.ctx.free_pd(self.pdn);
    }
}

/// A protection domain (ibv_pd): the regions a QP may use are those of its
/// domain. Cheap to clone; regions and QPs keep it alive, and its number
/// is free again when the last is gone.
#[derive(Clone)]
pub struct ProtectionDomain {
    pub(crate) inner: Arc<PdShared>,
}

impl std::fmt::Debug for ProtectionDomain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProtectionDomain")
            .field("pd", &self.inner.pdn)
            .finish()
    }
}

impl ProtectionDomain {
    /// The domain's number.
    pub fn pd_num(&self) -> u16 {
        self.inner.pdn
    }
}
