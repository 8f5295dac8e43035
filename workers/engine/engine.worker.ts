// The inference worker: exposes EngineApi to the page through comlink (src/bridges/engine-bridge.ts).
import * as Comlink from 'comlink';
import { EngineService } from './engine-service';

Comlink.expose(new EngineService());
