"""Guest side of the siw_guest TCP tests.

As client (ROLE=client) it connects to NIC_IP:PORT; as server
(ROLE=server) it listens on PORT, prints "SIWTEST listening", and accepts
one connection. Then, both ways at once: it sends the LEN bytes of
/out/to-nic.bin (the test's pattern, written by the host) and shuts its
sending side down, and reads until the end of the stream. What it read
goes to /out/from-nic.bin, and its length and SHA-256 to the console:

    SIWTEST received bytes=N sha256=HEX seconds=S
"""

import hashlib
import os
import socket
import sys
import threading
import time

TIMEOUT = 120


def main():
    role = os.environ["ROLE"]
    port = int(os.environ["PORT"])
    want = int(os.environ["LEN"])
    with open("/out/to-nic.bin", "rb") as f:
        data = f.read()
    if len(data) != want:
        print(f"SIWTEST error: to-nic.bin has {len(data)} bytes, LEN={want}", flush=True)
        return 1
    if role == "client":
        s = socket.create_connection((os.environ["NIC_IP"], port), timeout=TIMEOUT)
    elif role == "server":
        ls = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        ls.bind(("0.0.0.0", port))
        ls.listen(1)
        ls.settimeout(TIMEOUT)
        print(f"SIWTEST listening port={port}", flush=True)
        s, peer = ls.accept()
        ls.close()
        print(f"SIWTEST accepted {peer[0]}:{peer[1]}", flush=True)
    else:
        print(f"SIWTEST error: ROLE={role}", flush=True)
        return 1
    s.settimeout(TIMEOUT)
    print(f"SIWTEST connected {s.getsockname()} -> {s.getpeername()}", flush=True)
    got = bytearray()
    failed = []

    def reader():
        try:
            while True:
                b = s.recv(1 << 16)
                if not b:
                    return
                got.extend(b)
        except OSError as e:
            failed.append(f"recv after {len(got)} bytes: {e}")

    t0 = time.monotonic()
    r = threading.Thread(target=reader)
    r.start()
    try:
        s.sendall(data)
        s.shutdown(socket.SHUT_WR)
        print(f"SIWTEST sent bytes={len(data)} seconds={time.monotonic() - t0:.2f}", flush=True)
    except OSError as e:
        failed.append(f"send: {e}")
    r.join()
    secs = time.monotonic() - t0
    s.close()
    with open("/out/from-nic.bin", "wb") as f:
        f.write(got)
    digest = hashlib.sha256(got).hexdigest()
    print(f"SIWTEST received bytes={len(got)} sha256={digest} seconds={secs:.2f}", flush=True)
    for e in failed:
        print(f"SIWTEST error: {e}", flush=True)
    return 1 if failed or len(got) != want else 0


if __name__ == "__main__":
    sys.exit(main())
