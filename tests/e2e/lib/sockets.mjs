// Which process holds a TCP connection, from /proc (Linux): for tests that
// must kill exactly the payd that is in the middle of talking to them.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

// The socket inode of the loopback connection whose local port is `port`.
function inodeOfLocalPort(port) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length > 9 && fields[1].endsWith(`:${hexPort}`)) return fields[9];
    }
  }
  return null;
}

// The pid, among `pids`, holding the connection that came from local port `port`.
export function pidOfConnection(port, pids) {
  const inode = inodeOfLocalPort(port);
  if (!inode) return null;
  const target = `socket:[${inode}]`;
  for (const pid of pids) {
    let fds = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === target) return pid;
      } catch {
        // closed meanwhile
      }
    }
  }
  return null;
}
