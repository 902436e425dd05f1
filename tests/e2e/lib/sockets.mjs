// Which process holds a TCP connection, from /proc (Linux): for tests that
// must kill exactly the payd that is in the middle of talking to them.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

// The socket inode of the open loopback connection from local port `port` to
// `toPort`. Both ends are matched, and a socket already closed (inode 0, as in
// TIME_WAIT) is skipped: an ephemeral port is reused at once for another
// destination, so the local port alone can name an old connection.
function inodeOfConnection(port, toPort) {
  const hex = (p) => `:${p.toString(16).toUpperCase().padStart(4, '0')}`;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length <= 9 || fields[9] === '0') continue;
      if (fields[1].endsWith(hex(port)) && fields[2].endsWith(hex(toPort))) return fields[9];
    }
  }
  return null;
}

// The pid, among `pids`, holding the connection from local port `port` to `toPort`.
export function pidOfConnection(port, toPort, pids) {
  const inode = inodeOfConnection(port, toPort);
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
