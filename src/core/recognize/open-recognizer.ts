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

/** The CPU backends run a pack's int8 encoder; WebGPU has no kernel for its QLinearConv. */
export const usesInt8Encoder = (backend: string) => backend === 'wasm' || backend === 'cpu';

export async function openRecognizer(
  runtime: TensorRuntime,
  createSession: SessionFactory,
  pack: LoadedPack<LinesPack>,
  which: 'recognizer' | 'formula' = 'recognizer',
  lineEncoder?: LineEncoderFactory,
): Promise<LineRecognizer> {
  const spec: RecognizerSpec | undefined = pack.manifest[which];
  if (!spec) throw new Error(`${pack.source}: pack has no ${which}`);
  const label = (g: GraphSpec, part: string) => `${pack.manifest.name} ${which}.${part} (${g.file})`;
  const open = (g: GraphSpec, part: string) => createSession(packBytes(pack, g.file), label(g, part), g);
  const [encoderGraph, encoderPart] = spec.encoderInt8 && usesInt8Encoder(runtime.backend) ? [spec.encoderInt8, 'encoderInt8'] : [spec.encoder, 'encoder'];
  const [encoder, memory, decoder, draft, ...fused] = await Promise.all([
    open(encoderGraph, encoderPart),
    open(spec.memory, 'memory'),
    open(spec.decoder, 'decoder'),
    spec.draft ? open(spec.draft, 'draft') : Promise.resolve(undefined),
    ...(spec.fusedDrafts ?? []).map((d) => open(d.graph, `fusedDrafts[steps=${d.steps}]`)),
  ]);
  const fusedDrafts = new Map((spec.fusedDrafts ?? []).map((d, i) => [d.steps, fused[i]!] as const));
  const tok = spec.tokenizer;
  const vocab = parsePieceVocab(new TextDecoder().decode(packBytes(pack, tok.file)), [tok.bos, tok.eos, tok.pad], tok.file);
  if (vocab.pieces.length !== spec.vocabSize) {
    throw new Error(`${pack.source}: ${tok.file} has ${vocab.pieces.length} pieces, ${which}.vocabSize is ${spec.vocabSize}`);
  }
  const lexicon = spec.lexicon && parseLexicon(new TextDecoder().decode(packBytes(pack, spec.lexicon.file)), spec.lexicon.file);
  // Last, once everything else has opened: a pool that started would otherwise outlive a failed open.
  const graphBytes = (graph: GraphSpec) => ({ bytes: packBytes(pack, graph.file), graph });
  const pool = await lineEncoder?.({ encoder: graphBytes(encoderGraph), memory: graphBytes(spec.memory) }, spec, label(encoderGraph, encoderPart));
  return {
    runtime,
    spec,
    ...(lexicon && { lexicon }),
    encoder,
    memory,
    ...(pool && { lineEncoder: pool }),
    model: new LineModel(runtime, spec, decoder, draft, fusedDrafts) as LineRecognizer['model'],
    vocab,
  };
}

export async function closeRecognizer(rec: LineRecognizer): Promise<void> {
  await Promise.all([rec.encoder.release(), rec.memory.release(), rec.lineEncoder?.close(), (rec.model as LineModel).release()]);
}
