// Side-by-side timing of bench/typescript/ (the port of bench/_timing.py).
//
// Every round times each contender once, one after the other, so that a noisy neighbour
// slows them all alike; the rounds give a median and a range per contender, and the
// per-round ratios (paired, round by round) give a median ratio and its range.

const clock = () => performance.now() / 1e3; // seconds
// Each call's result is kept here, so the JIT cannot drop a call whose result is unused.
export let sink = null;

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Seconds per call of each contender, one value per round (after `warmup` untimed rounds for the JIT). */
export function interleaved(contenders, rounds, number, warmup = 2) {
  const times = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));
  for (let round = -warmup; round < rounds; round++) {
    for (const [name, run] of Object.entries(contenders)) {
      const start = clock();
      for (let i = 0; i < number; i++) sink = run();
      if (round >= 0) times[name].push((clock() - start) / number);
    }
  }
  return times;
}

const fixed = (value, width, digits = 2) => value.toFixed(digits).padStart(width);

/**
 * One line: the median and the range of a contender's rounds (and with `per`, [count, what], the
 * median divided by count: the time per message, per event).
 */
export function describe(name, runs, unit = "us/call", scale = 1e6, per = null) {
  const mid = median(runs);
  let line =
    `  ${name.padEnd(14)} median ${fixed(mid * scale, 10)} ${unit}` +
    `   range ${fixed(Math.min(...runs) * scale, 10)} - ${fixed(Math.max(...runs) * scale, 10)}`;
  if (per) line += `   ${fixed((mid * scale) / per[0], 8)} ${unit.split("/")[0]}/${per[1]}`;
  return line;
}

/** The paired per-round ratio slower/faster: median and range, against a target. */
export function ratio(label, slower, faster, target, atLeast = false) {
  const ratios = slower.map((s, i) => s / faster[i]).sort((a, b) => a - b);
  const mid = median(ratios);
  const met = atLeast ? mid >= target : mid <= target;
  return (
    `  ${label}: median ${mid.toFixed(2)}x, range ${ratios[0].toFixed(2)}-${ratios.at(-1).toFixed(2)}x` +
    ` (target ${atLeast ? "at least" : "at most"} ${target}x: ${met ? "met" : "NOT met"})`
  );
}
