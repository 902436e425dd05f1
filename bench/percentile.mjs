// The p-th percentile (0-100) of ascending `sorted`: the value at that rank,
// never interpolated, so every figure a bench prints was measured.
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
