// Markdown (untrusted model output) → sanitized HTML: markdown-it for structure, KaTeX for math,
// DOMPurify for everything the model wrote. KaTeX's own markup is inserted after sanitizing, through
// placeholders carrying a per-call nonce, so its inline styles survive while the model's never do.
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import MarkdownIt from 'markdown-it';
import { mathPlugin } from './math-plugin';
import { guardedKatex } from './tex-guard';

export interface RenderOptions {
  /** Figure file name (as written in the Markdown) → object URL of its cropped image. */
  figureUrls?: ReadonlyMap<string, string>;
}

// Everything that can navigate the tab (form, base, meta refresh, image-map areas, SVG links), load or
// run something, or restyle the app. Links are the one way out, and they open a new tab (below).
const FORBID_TAGS = [
  'style', 'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'form', 'input', 'button', 'textarea',
  'select', 'option', 'link', 'meta', 'base', 'svg', 'math', 'template', 'audio', 'video', 'source', 'track',
  'dialog', 'portal', 'noscript', 'map', 'area',
];
const FORBID_ATTR = [
  'style', 'class', 'id', 'name', 'srcset', 'target', 'formaction', 'action', 'background', 'ping', 'usemap', 'ismap',
  'http-equiv',
];
const SAFE_LINK = /^(https?:|mailto:|#)/i;

/**
 * Math content is raw text to markdown-it, but the Markdown around it escapes `<` as `&lt;` (so page text
 * cannot open an HTML tag): entities mean the characters they name inside math too. KaTeX escapes all it
 * writes, so this opens nothing.
 */
function decodeEntities(tex: string): string {
  return tex.replace(/&(lt|gt|amp|quot|#\d{1,7}|#x[0-9a-f]{1,6});/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower === 'lt') return '<';
    if (lower === 'gt') return '>';
    if (lower === 'amp') return '&';
    if (lower === 'quot') return '"';
    const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

let purifier: Purifier | null = null;
let currentOptions: RenderOptions = {};

function getPurifier(): Purifier {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    if (el.tagName === 'A') {
      const href = el.getAttribute('href');
      if (href !== null && !SAFE_LINK.test(href.trim())) el.removeAttribute('href');
      if (el.hasAttribute('href') && !href!.startsWith('#')) {
        el.setAttribute('target', '_blank');
        el.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    }
    if (el.tagName === 'IMG') {
      // Only the page's own cropped figures are shown; any other image would be a request off the device.
      const src = (el.getAttribute('src') ?? '').replace(/^\.\//, '');
      const local = currentOptions.figureUrls?.get(src);
      if (local) el.setAttribute('src', local);
      else {
        el.removeAttribute('src');
        el.setAttribute('data-missing-figure', src);
      }
    }
  });
  purifier = p;
  return p;
}

export function renderMarkdown(markdown: string, options: RenderOptions = {}): string {
  const nonce = Math.random().toString(36).slice(2, 10);
  const formulas: string[] = [];
  const md = new MarkdownIt({ html: true, linkify: false, typographer: false });
  md.use(mathPlugin, (tex: string, display: boolean) => {
    formulas.push(guardedKatex(decodeEntities(tex), display));
    return `<span data-pm-math="${nonce}-${formulas.length - 1}"></span>`;
  });
  const unsafe = md.render(markdown);
  currentOptions = options;
  let safe: string;
  try {
    safe = getPurifier().sanitize(unsafe, { FORBID_TAGS, FORBID_ATTR, ALLOW_DATA_ATTR: true }) as string;
  } finally {
    currentOptions = {};
  }
  const placeholder = new RegExp(`<span data-pm-math="${nonce}-(\\d+)"></span>`, 'g');
  return safe.replace(placeholder, (_m, index: string) => formulas[Number(index)] ?? '');
}
