// Messages between the CLI and the child process that opens and draws one document (source-process.ts).
import type { PageImage } from '../src/protocol/page';
import type { RenderTarget } from '../src/protocol/render-api';
import type { LayerLine } from '../src/core/text-layer/text-items';

export type SourceCall =
  | { op: 'open'; path: string; target: RenderTarget }
  | { op: 'render'; page: number }
  | { op: 'textLines'; page: number }
  | { op: 'close' };

export type SourceRequest = SourceCall & { id: number };

export type TextLines = { lines: LayerLine[]; width: number; height: number; ocrLayer: boolean };

export type SourceValue = { name: string; pageCount: number } | PageImage | TextLines | null;

export type SourceReply = { id: number; ok: true; value: SourceValue } | { id: number; ok: false; message: string; input: boolean };

/** Sent once the process has loaded pdf.js and is ready for requests. */
export type SourceReady = { ready: true };
