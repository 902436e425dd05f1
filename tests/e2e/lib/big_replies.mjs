// Replies too big for a client to swallow whole: whitespace padding (the
// reply stays valid JSON) and gzip bombs, for the provider simulator.
import { constants, crc32, deflateRawSync } from 'node:zlib';

// Leading whitespace is valid JSON: a padded reply still parses.
const paddings = new Map();
export function padding(mb) {
  if (!paddings.has(mb)) paddings.set(mb, Buffer.alloc(mb << 20, 0x20));
  return paddings.get(mb);
}

// A gzip member that inflates to `mb` MiB of spaces and then `json`: the
// spaces are compressed once (about 1,000:1) and ended with a sync flush,
// the JSON follows as stored deflate blocks, then the CRC-32 and length of
// the whole. Building one costs the size of the reply, not of the bomb.
const bombPrefixes = new Map();
export function gzipBomb(json, mb) {
  if (!bombPrefixes.has(mb)) {
    const spaces = Buffer.alloc(mb << 20, 0x20);
    bombPrefixes.set(mb, {
      deflated: deflateRawSync(spaces, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
      crc: crc32(spaces),
      size: spaces.length,
    });
  }
  const { deflated, crc, size } = bombPrefixes.get(mb);
  const parts = [Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]), deflated];
  for (let off = 0; ; off += 65535) {
    const chunk = json.subarray(off, off + 65535);
    const last = off + 65535 >= json.length;
    const header = Buffer.alloc(5);
    header[0] = last ? 1 : 0;
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    parts.push(header, chunk);
    if (last) break;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(json, crc) >>> 0, 0);
  trailer.writeUInt32LE((size + json.length) % 2 ** 32, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}
