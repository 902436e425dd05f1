// The harness's only source of randomness: a small seeded PRNG (sfc32 seeded
// through splitmix32), so that a seed reproduces a scenario exactly. Never
// Math.random. `fork(label)` gives an independent stream, so that choices made
// while a scenario runs do not shift the choices of its plan.
function splitmix32(a) {
  return () => {
    a = (a + 0x9e3779b9) | 0;
    let t = a ^ (a >>> 16);
    t = Math.imul(t, 0x21f0aaad);
    t ^= t >>> 15;
    t = Math.imul(t, 0x735a2d97);
    return (t ^ (t >>> 15)) >>> 0;
  };
}

function hashLabel(seed, label) {
  let h = seed >>> 0;
  for (const ch of String(label)) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

export class Prng {
  constructor(seed, label = '') {
    this.seed = seed;
    const init = splitmix32(hashLabel(seed, `payd-harness/${label}`));
    this.s = [init(), init(), init(), init()];
    for (let i = 0; i < 12; i++) this.u32();
  }

  u32() {
    let [a, b, c, d] = this.s;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    this.s = [a, b, c, d];
    return t >>> 0;
  }

  // A float in [0, 1).
  next() {
    return this.u32() / 4294967296;
  }

  // An integer in [lo, hi], both included.
  int(lo, hi) {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  // A bigint in [lo, hi], both included.
  big(lo, hi) {
    const span = hi - lo + 1n;
    let r = 0n;
    for (let i = 0; i < 4; i++) r = (r << 32n) | BigInt(this.u32());
    return lo + (r % span);
  }

  chance(p) {
    return this.next() < p;
  }

  pick(list) {
    return list[Math.floor(this.next() * list.length)];
  }

  // `pairs` are [weight, value]; weights of 0 are never drawn.
  weighted(pairs) {
    const total = pairs.reduce((s, [w]) => s + w, 0);
    let x = this.next() * total;
    for (const [w, v] of pairs) {
      if (w <= 0) continue;
      if (x < w) return v;
      x -= w;
    }
    return pairs.filter(([w]) => w > 0).at(-1)[1];
  }

  fork(label) {
    return new Prng(this.seed, label);
  }
}
