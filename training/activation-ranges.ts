// Activation ranges for static int8 quantization (training/quantize_encoder.py): the calibration graphs
// output every Conv's input and output; this gathers them over real inputs and gives, per tensor, a range.
//   mean     the mean over inputs of each input's min and max (steadier than one outlier's extremes)
//   extreme  the min and max over all inputs
//   pctQ     the Q-th percentile (and 100 − Q) of a fixed-stride sample of every tensor, e.g. pct99.99
export class ActivationRanges {
  private readonly sums = new Map<string, [number, number]>();
  private readonly extremes = new Map<string, [number, number]>();
  private readonly samples = new Map<string, number[]>();
  private inputs = 0;

  constructor(private readonly samplesPerInput = 4000) {}

  /** One calibration input's tensors, by name. */
  add(tensors: Record<string, Float32Array>): void {
    this.inputs++;
    for (const [name, d] of Object.entries(tensors)) {
      let lo = Infinity;
      let hi = -Infinity;
      for (let i = 0; i < d.length; i++) {
        const v = d[i]!;
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
      const s = this.sums.get(name) ?? [0, 0];
      this.sums.set(name, [s[0] + lo, s[1] + hi]);
      const keep = this.samples.get(name) ?? [];
      for (let i = 0; i < d.length; i += Math.max(1, Math.floor(d.length / this.samplesPerInput))) keep.push(d[i]!);
      this.samples.set(name, keep);
      const e = this.extremes.get(name) ?? [Infinity, -Infinity];
      this.extremes.set(name, [Math.min(e[0], lo), Math.max(e[1], hi)]);
    }
  }

  get tensorCount(): number {
    return this.sums.size;
  }

  ranges(mode: string): Record<string, [number, number]> {
    if (mode === 'extreme') return Object.fromEntries(this.extremes);
    if (mode.startsWith('pct')) {
      const q = Number(mode.slice(3)) / 100;
      if (!(q > 0.5 && q <= 1)) throw new Error(`range mode ${mode}: the percentile must be above 50`);
      const pct = (v: number[], p: number) => v[Math.min(v.length - 1, Math.floor(p * v.length))]!;
      return Object.fromEntries(
        [...this.samples].map(([k, v]) => {
          const sorted = [...v].sort((a, b) => a - b);
          return [k, [pct(sorted, 1 - q), pct(sorted, q)]];
        }),
      );
    }
    if (mode !== 'mean') throw new Error(`range mode ${mode}: expected mean, extreme or pctQ`);
    return Object.fromEntries([...this.sums].map(([k, [lo, hi]]) => [k, [lo / this.inputs, hi / this.inputs]]));
  }
}
