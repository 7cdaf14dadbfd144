//! warpnic-fw.
#![no_std]
