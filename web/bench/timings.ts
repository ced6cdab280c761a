/** What the page benchmarks print of their timings (milliseconds). */

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
export const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1] as number;
/** @example fmt([12.1, 14.0, 30.2]) // "median 14.0 ms  p95 30.2 ms" */
export const fmt = (xs: number[]) => `median ${median(xs).toFixed(1)} ms  p95 ${p95(xs).toFixed(1)} ms`;
