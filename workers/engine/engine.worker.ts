// The inference worker: exposes EngineApi to the page through comlink (src/bridges/engine-bridge.ts).
import * as Comlink from 'comlink';
import { defaultPackUrl } from './default-pack';
import { EngineService } from './engine-service';
import { chooseBackend, OrtWebRuntime, startRuntime } from './ort-session';

Comlink.expose(
  new EngineService({
    chooseBackend,
    defaultPackUrl,
    startRuntime,
    async open(backend) {
      const runtime = await OrtWebRuntime.open(backend);
      return { runtime, createSession: (bytes, label, graph, externalData) => runtime.session(bytes, label, graph, externalData) };
    },
  }),
);
