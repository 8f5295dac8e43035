// The inference worker: exposes EngineApi to the page through comlink (src/bridges/engine-bridge.ts).
import * as Comlink from 'comlink';
import { defaultPackUrl } from './default-pack';
import { EngineService } from './engine-service';
import { encoderWorkerCount, webLineEncoderPool } from './line-encoder-pool';
import { chooseBackend, OrtWebRuntime, startRuntime } from './ort-session';

Comlink.expose(
  new EngineService({
    chooseBackend,
    defaultPackUrl,
    // Beside encoder workers on every core, the engine's own sessions (detector, decoder) run on one WASM thread:
    // more would wait on busy cores (bench/PAGES.md, 2026-12-04). Other packs may be page packs, which need them.
    startRuntime: (requested, { linesPack }) => startRuntime(requested, linesPack && encoderWorkerCount(navigator.hardwareConcurrency) > 0 ? 1 : undefined),
    async open(backend) {
      const runtime = await OrtWebRuntime.open(backend);
      return {
        runtime,
        createSession: (bytes, label, graph, externalData) => runtime.session(bytes, label, graph, externalData),
        // On WebGPU the encoder runs on the GPU, batched with the engine's other work: no workers then.
        lineEncoder: backend === 'wasm' ? webLineEncoderPool(encoderWorkerCount(navigator.hardwareConcurrency)) : undefined,
      };
    },
  }),
);
