// How many threads onnxruntime-web's WASM backend gets.
//
// Threads need cross-origin isolation (SharedArrayBuffer). Otherwise all cores, up to 4: the engine runs
// in a worker and the encoder is nearly all of a page's time, so a core left idle for the page is time
// lost (measured on 2 cores, bench: 2 threads read a page in 6.4 s where 1 thread took 10.6 s). Beyond 4
// threads the line encoder's small convolutions gain little.
export function wasmThreads(crossOriginIsolated: boolean, hardwareConcurrency: number | undefined): number {
  if (!crossOriginIsolated) return 1;
  return Math.max(1, Math.min(4, Math.floor(hardwareConcurrency || 2)));
}
