// Command-line arguments of `pagemark`. A PDF's own text (its embedded text, as against text recognized from
// its pixels) is used by default (--no-own-text: never; --own-text-only: nothing else, no model). The flags'
// old names --no-pdf-text and --text-layer still work.
import { parseArgs } from 'node:util';

export interface CliOptions {
  files: string[];
  out?: string;
  pagesDir?: string;
  /** A JSON-lines stream of page results and file outcomes, written as each page finishes. */
  jsonl?: string;
  /** Each page's time limit, seconds. */
  pageTimeout: number;
  /** The memory limit of the process drawing a document, MB. */
  pageMemory: number;
  k: 0 | 1 | 2 | 3;
  dropHeaders: boolean;
  /** Line-end hyphens as printed ("deter- mined") rather than re-joined. */
  keepHyphens: boolean;
  json: boolean;
  pack: string;
  /** Read born-digital PDFs from their own text only, instead of OCR (no model needed). */
  ownTextOnly: boolean;
  /** Use a PDF's own text where it matches the page, recognizing the rest. */
  ownText: boolean;
  /** Also write the input with an invisible text layer here (one input file only). */
  searchablePdf?: string;
  help: boolean;
}

export const USAGE = `Usage: pagemark <file.pdf|image>… [options]

Converts PDF pages and images (PNG, JPEG, WebP) to Markdown on this machine.

Options:
  -o, --out FILE|DIR    write the Markdown here (a folder when several files are given);
                        without it, Markdown goes to standard output
  --pages-dir DIR       also write one file per page: DIR/<name>_pg<N>.md, each as soon as its page is done
  --jsonl FILE          append one JSON line per page as it finishes ({file, page, ok, markdown | error})
                        and one per file ({file, done, pages, failed} or {file, ok: false, error})
  --page-timeout S      give up a page that takes longer than S seconds to draw (default 90, as the app)
  --page-memory MB      give up a page whose drawing needs more than MB of memory (default 2048)
  --k 0..3              FastMTP draft length (0 = plain greedy; default 3)
  --drop-headers        leave out running headers, footers and page numbers
  --keep-hyphens        write a word broken at a line end as printed ("deter- mined"); by default it is
                        re-joined ("determined") unless the page writes that compound with its hyphen
  --json                write the page results (Markdown, regions, stats) as JSON
                        ({file, pages}; an array of them for several files on standard output)
  --pack DIR            model pack folder (default: models/pocket)
  --no-own-text         recognize every PDF page from its pixels; by default a PDF's own text is used
                        where it matches the page (a few lines are recognized to check it), and
                        formulas, text the PDF lacks and scans are recognized
  --own-text-only       read PDFs from their own (embedded) text only, with no model (born-digital PDFs)
  --searchable-pdf OUT  also write the input (one file) as a searchable PDF: its pages as they are, with an
                        invisible text layer on each page read (pages with their own text keep it; an image
                        becomes a one-page PDF)
  -h, --help            show this help
Old names still taken: --no-pdf-text for --no-own-text, --text-layer for --own-text-only.

Many machines: pagemark queue add|status|retry-failed and pagemark worker (pagemark queue help).

Exit status: 0 all files converted, 1 some files or pages failed (the others were converted),
2 bad arguments, 3 the model pack could not be loaded.`;

export class UsageError extends Error {}

export function parseCli(argv: string[], defaultPack: string): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      allowNegative: true,
      options: {
        out: { type: 'string', short: 'o' },
        'pages-dir': { type: 'string' },
        jsonl: { type: 'string' },
        'page-timeout': { type: 'string', default: '90' },
        'page-memory': { type: 'string', default: '2048' },
        k: { type: 'string', default: '3' },
        'drop-headers': { type: 'boolean', default: false },
        'keep-hyphens': { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        pack: { type: 'string' },
        'own-text-only': { type: 'boolean' },
        'own-text': { type: 'boolean' },
        // Old names of the two above.
        'text-layer': { type: 'boolean' },
        'pdf-text': { type: 'boolean' },
        'searchable-pdf': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const v = parsed.values;
  const k = Number(v.k);
  if (!Number.isInteger(k) || k < 0 || k > 3) throw new UsageError(`--k must be 0, 1, 2 or 3 (got "${v.k}")`);
  const pageTimeout = Number(v['page-timeout']);
  if (!(pageTimeout > 0)) throw new UsageError(`--page-timeout must be a number of seconds above 0 (got "${v['page-timeout']}")`);
  const pageMemory = Number(v['page-memory']);
  if (!(pageMemory >= 64)) throw new UsageError(`--page-memory must be at least 64 (MB; got "${v['page-memory']}")`);
  if (!v.help && parsed.positionals.length === 0) throw new UsageError('no input files');
  if (v['searchable-pdf'] !== undefined && parsed.positionals.length > 1) throw new UsageError('--searchable-pdf takes one input file (one PDF out per document)');
  return {
    files: parsed.positionals,
    out: v.out,
    pagesDir: v['pages-dir'],
    jsonl: v.jsonl,
    pageTimeout,
    pageMemory,
    k: k as CliOptions['k'],
    dropHeaders: v['drop-headers']!,
    keepHyphens: v['keep-hyphens']!,
    json: v.json!,
    pack: v.pack ?? defaultPack,
    ownTextOnly: v['own-text-only'] ?? v['text-layer'] ?? false,
    ownText: v['own-text'] ?? v['pdf-text'] ?? true,
    searchablePdf: v['searchable-pdf'],
    help: v.help!,
  };
}
