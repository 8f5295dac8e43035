// Creates a line recognizer's sessions from a loaded pack, on whatever runtime the caller provides.
import { packBytes, type LoadedPack } from '../pack/loaded-pack';
import type { GraphSpec, LinesPack, RecognizerSpec } from '../pack/manifest-types';
import { LineModel } from './line-model';
import { parseLexicon } from '../text/lexicon';
import { parsePieceVocab } from './piece-vocab';
import type { LineEncoderFactory } from './line-memory';
import type { LineRecognizer } from './recognize-lines';
import type { TensorRuntime, TensorSession } from './tensor-runtime';

/** Builds a session from verified graph bytes; `label` names the graph in errors. */
export type SessionFactory = (bytes: Uint8Array, label: string, graph: GraphSpec) => Promise<TensorSession>;

/** The CPU backends run a pack's int8 graphs (line encoder, detector); WebGPU has no kernel for their QLinearConv. */
export const usesInt8Graphs = (backend: string) => backend === 'wasm' || backend === 'cpu';

export async function openRecognizer(
  runtime: TensorRuntime,
  createSession: SessionFactory,
  pack: LoadedPack<LinesPack>,
  which: 'recognizer' | 'formula' = 'recognizer',
  lineEncoder?: LineEncoderFactory,
  onDemand = false,
): Promise<LineRecognizer> {
  const spec: RecognizerSpec | undefined = pack.manifest[which];
  if (!spec) throw new Error(`${pack.source}: pack has no ${which}`);
  const label = (g: GraphSpec, part: string) => `${pack.manifest.name} ${which}.${part} (${g.file})`;
  const open = (g: GraphSpec, part: string) => createSession(packBytes(pack, g.file), label(g, part), g);
  const [encoderGraph, encoderPart] = spec.encoderInt8 && usesInt8Graphs(runtime.backend) ? [spec.encoderInt8, 'encoderInt8'] : [spec.encoder, 'encoder'];
  const tok = spec.tokenizer;
  const vocab = parsePieceVocab(new TextDecoder().decode(packBytes(pack, tok.file)), [tok.bos, tok.eos, tok.pad], tok.file);
  if (vocab.pieces.length !== spec.vocabSize) {
    throw new Error(`${pack.source}: ${tok.file} has ${vocab.pieces.length} pieces, ${which}.vocabSize is ${spec.vocabSize}`);
  }
  const lexicon = spec.lexicon && parseLexicon(new TextDecoder().decode(packBytes(pack, spec.lexicon.file)), spec.lexicon.file);
  const [encoder, memory, decoder, draft, ...fused] = await Promise.all([
    open(encoderGraph, encoderPart),
    open(spec.memory, 'memory'),
    open(spec.decoder, 'decoder'),
    spec.draft ? open(spec.draft, 'draft') : Promise.resolve(undefined),
    ...(spec.fusedDrafts ?? []).map((d) => open(d.graph, `fusedDrafts[steps=${d.steps}]`)),
  ]);
  const fusedDrafts = new Map((spec.fusedDrafts ?? []).map((d, i) => [d.steps, fused[i]!] as const));
  const rec: LineRecognizer = {
    runtime,
    spec,
    ...(lexicon && { lexicon }),
    encoder,
    memory,
    model: new LineModel(runtime, spec, decoder, draft, fusedDrafts) as LineRecognizer['model'],
    vocab,
  };
  if (lineEncoder) {
    // Started once this thread's sessions are open (`onDemand`: when a page first has many lines to read), and not
    // waited for: its threads load a runtime and two graphs each (seconds in a browser on two cores: started with the
    // engine, they put its readiness on a second visit from 2.7 to 5.8 s), and the engine reads without them. Lines
    // are encoded here until it is up; memories are the same either way. One that cannot start leaves the engine as
    // it would be without one, with lineEncoderError saying why.
    const graphBytes = (graph: GraphSpec) => ({ bytes: packBytes(pack, graph.file), graph });
    const graphs = { encoder: graphBytes(encoderGraph), memory: graphBytes(spec.memory) };
    rec.startLineEncoder = () =>
      (rec.lineEncoderReady ??= lineEncoder(graphs, spec, label(encoderGraph, encoderPart)).then(
        (pool) => {
          rec.lineEncoder = pool;
        },
        (e: unknown) => {
          rec.lineEncoderError = (e as Error).message ?? String(e);
        },
      ));
    if (!onDemand) void rec.startLineEncoder();
  }
  return rec;
}

export async function closeRecognizer(rec: LineRecognizer): Promise<void> {
  await rec.lineEncoderReady; // a line encoder still starting is closed too
  await Promise.all([rec.encoder.release(), rec.memory.release(), rec.lineEncoder?.close(), (rec.model as LineModel).release()]);
}
