#!/bin/sh
# Guest side of the vfio_edu test: binds QEMU's `edu` device (1234:11e8)
# to vfio-pci and runs the warpnic-vfio-edu program on it, which prints
# "RESULT: PASS" or "RESULT: FAIL <why>". The script's exit status is the
# program's.
# Files (in /out, copied by the launcher): warpnic-vfio-edu.
now() { cut -d' ' -f1 /proc/uptime; }
echo "VFIOTEST start $(now) s; $(grep -o 'intel_iommu=[^ ]*' /proc/cmdline)"
dmesg | grep -E 'DMAR: (IOMMU enabled|Intel\(R\) Virtualization)' | head -3
modprobe -a vfio_pci vfio_iommu_type1 || echo "VFIOTEST modprobe of the VFIO modules failed"
# the program runs from the guest's memory, not from the 9p share
cp /out/warpnic-vfio-edu /root/ && chmod 0755 /root/warpnic-vfio-edu
rc=1
found=0
for dev in /sys/bus/pci/devices/*; do
	[ "$(cat "$dev/vendor")" = 0x1234 ] && [ "$(cat "$dev/device")" = 0x11e8 ] || continue
	found=1
	bdf=${dev##*/}
	[ -e "$dev/driver" ] && echo "$bdf" >"$dev/driver/unbind"
	echo vfio-pci >"$dev/driver_override"
	echo "$bdf" >/sys/bus/pci/drivers_probe
	echo "VFIOTEST edu at $bdf: driver $(basename "$(readlink "$dev/driver")"), IOMMU group $(basename "$(readlink "$dev/iommu_group")"), /dev/vfio: $(ls /dev/vfio | tr '\n' ' ')"
	/root/warpnic-vfio-edu "$bdf"
	rc=$?
done
[ $found = 1 ] || echo "RESULT: FAIL no edu device (1234:11e8) in the guest"
# the IOMMU's fault reports (the program provokes some on purpose)
dmesg | grep -E 'DMAR: \[DMA' | sort -u | tail -5
echo "VFIOTEST done $(now) s rc=$rc"
exit $rc
