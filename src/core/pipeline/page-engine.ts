// The sessions of a loaded pack on one runtime: what ocrPage needs to read a page.
import type { LoadedPack } from '../pack/loaded-pack';
import { isLinesPack, packBytes } from '../pack/loaded-pack';
import type { DetectorSpec } from '../pack/manifest-types';
import { closeRecognizer, openRecognizer, usesInt8Graphs, type SessionFactory } from '../recognize/open-recognizer';
import type { LineEncoderFactory } from '../recognize/line-memory';
import type { LineRecognizer } from '../recognize/recognize-lines';
import type { TensorRuntime, TensorSession } from '../recognize/tensor-runtime';

export interface PageEngine {
  runtime: TensorRuntime;
  packName: string;
  detector: TensorSession;
  detectorSpec: DetectorSpec;
  text: LineRecognizer;
  formula?: LineRecognizer;
}

/**
 * `lineEncoder`: reads the text recognizer's line memories elsewhere, several at once (recognize-lines.ts), started
 * with the engine or, `onDemand`, when a page first has many lines to read.
 */
export async function openPageEngine(runtime: TensorRuntime, createSession: SessionFactory, pack: LoadedPack, lineEncoder?: LineEncoderFactory, onDemand = false): Promise<PageEngine> {
  if (!isLinesPack(pack)) throw new Error(`${pack.source}: a "${pack.manifest.kind}" pack has no line detector and recognizer`);
  const m = pack.manifest;
  const g = m.detector.graphInt8 && usesInt8Graphs(runtime.backend) ? m.detector.graphInt8 : m.detector.graph;
  const [detector, text, formula] = await Promise.all([
    createSession(packBytes(pack, g.file), `${m.name} detector (${g.file})`, g),
    openRecognizer(runtime, createSession, pack, 'recognizer', lineEncoder, onDemand),
    m.formula ? openRecognizer(runtime, createSession, pack, 'formula') : Promise.resolve(undefined),
  ]);
  return { runtime, packName: m.name, detector, detectorSpec: m.detector, text, formula };
}

export async function closePageEngine(e: PageEngine): Promise<void> {
  await Promise.all([e.detector.release(), closeRecognizer(e.text), e.formula ? closeRecognizer(e.formula) : undefined]);
}
