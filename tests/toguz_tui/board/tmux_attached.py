"""``tmux -C ...`` for BRLTTY's Tmux screen driver, its commands held back until its client has attached.

The driver starts ``tmux -C -S SOCKET attach-session -t SESSION`` (the ``tmux`` first on its PATH) and at
once writes its first command, ``refresh-client -A ...``, which needs the client attached. On a loaded
machine tmux can take that command first: it answers "no current client", and the driver, whose queue of
expected answers is then out of step, shows nothing more for good (about one run in three with twice as
many busy processes as cores). Put first on BRLTTY's PATH as ``tmux`` (``BrailleWindow`` writes the
script), this runs the real tmux with the same arguments, waits until the server lists a control client
(at most ``ATTACH_SECONDS``), then passes the driver's commands on as they come. Standard library only.

    python3 tmux_attached.py REAL_TMUX ARGUMENT ...
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from types import FrameType

ATTACH_SECONDS = 30.0  # how long the control client may take to attach
CHUNK = 65536


def attached(tmux: str, arguments: list[str]) -> bool:
    """Whether the server of ``arguments`` (its ``-S SOCKET``) lists a control-mode client."""
    socket = ["-S", arguments[arguments.index("-S") + 1]] if "-S" in arguments else []
    done = subprocess.run([tmux, *socket, "list-clients", "-F", "#{client_control_mode}"],
                          capture_output=True, text=True, timeout=10)
    return "1" in done.stdout.split()


def main() -> int:
    tmux, arguments = sys.argv[1], sys.argv[2:]
    client = subprocess.Popen([tmux, *arguments], stdin=subprocess.PIPE)
    assert client.stdin is not None

    def stop(_number: int, _frame: FrameType | None) -> None:
        client.terminate()
        sys.exit(0)

    signal.signal(signal.SIGTERM, stop)
    deadline = time.monotonic() + ATTACH_SECONDS
    while client.poll() is None and not attached(tmux, arguments) and time.monotonic() < deadline:
        time.sleep(0.05)
    while True:
        chunk = os.read(0, CHUNK)
        if not chunk:
            break
        try:
            client.stdin.write(chunk)
            client.stdin.flush()
        except BrokenPipeError:
            break
    client.stdin.close()
    return client.wait()


if __name__ == "__main__":
    sys.exit(main())
