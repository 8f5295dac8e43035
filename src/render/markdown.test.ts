// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

function dom(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
}

/** Everything that could run code, load something, or restyle the app. */
function dangers(root: HTMLElement): string[] {
  const found: string[] = [];
  for (const el of root.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (['script', 'iframe', 'object', 'embed', 'style', 'link', 'meta', 'base', 'form', 'svg', 'frame', 'map', 'area'].includes(tag)) {
      found.push(`<${tag}>`);
    }
    // A link may only leave in a new tab; anything else with an href navigates the app away.
    if (el.hasAttribute('href') && !(el.getAttribute('href') ?? '').startsWith('#')) {
      if (tag !== 'a' || el.getAttribute('target') !== '_blank') found.push(`${tag}[href] navigates the tab`);
    }
    const inKatex = el.closest('.katex') !== null;
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      const value = attr.value.replace(/\s+/g, '').toLowerCase();
      if (name.startsWith('on')) found.push(`${tag}[${name}]`);
      if (['usemap', 'http-equiv', 'formaction', 'action'].includes(name)) found.push(`${tag}[${name}]`);
      if (name === 'style' && !inKatex) found.push(`${tag}[style]`);
      if (['href', 'src', 'action', 'formaction', 'xlink:href', 'background', 'poster'].includes(name)) {
        if (/^(javascript|vbscript|data):/.test(value)) found.push(`${tag}[${name}=${value.slice(0, 20)}]`);
        if (/^(https?:)?\/\//.test(value) && name !== 'href') found.push(`${tag}[${name}] remote`);
      }
    }
  }
  return found;
}

describe('renderMarkdown: formulas', () => {
  it('renders inline $…$ with KaTeX', () => {
    const root = dom(renderMarkdown('Energy $E = mc^2$ holds.'));
    const katexEl = root.querySelector('p .katex');
    expect(katexEl).not.toBeNull();
    expect(root.querySelector('.katex-display')).toBeNull();
    expect(root.querySelector('annotation')?.textContent).toBe('E = mc^2');
  });

  it('renders display $$…$$ on its own lines, including multi-line', () => {
    const root = dom(renderMarkdown('Before\n\n$$\n\\frac{a}{b}\n+ c\n$$\n\nAfter'));
    expect(root.querySelector('.katex-display .mfrac')).not.toBeNull();
    expect(root.querySelector('annotation')?.textContent).toBe('\\frac{a}{b}\n+ c');
    expect(root.textContent).toContain('After');
  });

  it('renders a one-line $$…$$ block', () => {
    const root = dom(renderMarkdown('$$\\sum_{i=1}^n i$$'));
    expect(root.querySelector('.katex-display')).not.toBeNull();
  });

  it('leaves money and escaped dollars alone', () => {
    const root = dom(renderMarkdown('It costs $5 and $10, or \\$x\\$.'));
    expect(root.querySelector('.katex')).toBeNull();
    expect(root.textContent).toContain('$5 and $10');
  });

  it('shows broken TeX as text instead of throwing', () => {
    const root = dom(renderMarkdown('$\\frac{a$'));
    expect(root.textContent).toContain('\\frac{a');
  });

  it('renders a<b inside math, as typed and as the page text escapes it', () => {
    for (const input of ['$a<b$', '$a&lt;b$', '$$x &lt; y &gt; z$$']) {
      const root = dom(renderMarkdown(input));
      expect(root.querySelector('.katex'), input).not.toBeNull();
      expect(root.querySelector('.katex-error'), input).toBeNull();
    }
    expect(dom(renderMarkdown('$a&lt;b$')).querySelector('annotation')?.textContent).toBe('a<b');
  });

  it('keeps math entities from opening HTML', () => {
    const root = dom(renderMarkdown('$&lt;img src=x onerror=alert(1)&gt;$ $\\text{&lt;script&gt;}$'));
    expect(root.querySelector('img, script')).toBeNull();
    expect(dangers(root)).toEqual([]);
  });

  it('shows a formula nested a thousand levels deep as text, and the rest of the page as usual', () => {
    const bomb = `$${'x^{'.repeat(1050)}y${'}'.repeat(1050)}$`;
    const root = dom(renderMarkdown(`Before the bomb.\n\n${bomb}\n\nAfter it, $E = mc^2$ still renders.`));
    expect(root.textContent).toContain('Before the bomb.');
    expect(root.textContent).toContain('x^{x^{x^{');
    expect(root.querySelector('.math-unreadable')?.getAttribute('title')).toMatch(/nested too deeply/);
    expect(root.querySelector('annotation')?.textContent).toBe('E = mc^2');
  });

  it('shows an overlong formula as text', () => {
    const root = dom(renderMarkdown(`$$${'a+'.repeat(5000)}b$$`));
    expect(root.querySelector('.katex')).toBeNull();
    expect(root.querySelector('.math-unreadable')?.getAttribute('title')).toMatch(/too long/);
  });

  it('keeps KaTeX from following \\href or applying model styles', () => {
    const root = dom(renderMarkdown('$\\href{javascript:alert(1)}{x}$ $\\htmlStyle{color:red}{y}$'));
    expect(root.querySelector('a')).toBeNull();
    expect(dangers(root)).toEqual([]);
  });
});

describe('renderMarkdown: tables and structure', () => {
  it('keeps HTML tables with merged cells', () => {
    const html = '<table><tr><th colspan="2">Head</th></tr><tr><td rowspan="2">a</td><td>b</td></tr><tr><td>c</td></tr></table>';
    const root = dom(renderMarkdown(html));
    expect(root.querySelector('th')?.getAttribute('colspan')).toBe('2');
    expect(root.querySelector('td')?.getAttribute('rowspan')).toBe('2');
    expect([...root.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['a', 'b', 'c']);
  });

  it('renders pipe tables, headings and lists', () => {
    const root = dom(renderMarkdown('# Title\n\n- one\n- two\n\n| x | y |\n|---|---|\n| 1 | 2 |\n'));
    expect(root.querySelector('h1')?.textContent).toBe('Title');
    expect(root.querySelectorAll('li')).toHaveLength(2);
    expect(root.querySelectorAll('table td')).toHaveLength(2);
  });

  it('keeps the unsure mark around a doubtful block, with its Markdown inside rendered', () => {
    const root = dom(renderMarkdown('<div data-unsure>\n\n## Shae\n\nlin *they* din\n\n</div>\n\nVery truly yours,'));
    const unsure = root.querySelector('div[data-unsure]');
    expect(unsure?.querySelector('h2')?.textContent).toBe('Shae');
    expect(unsure?.querySelector('p em')?.textContent).toBe('they');
    expect(root.querySelector(':scope > p')?.textContent).toBe('Very truly yours,');
  });

  it('renders math inside table cells', () => {
    const root = dom(renderMarkdown('<table><tr><td>$x^2$</td></tr></table>\n'));
    // Raw HTML blocks are not parsed as Markdown (CommonMark); the cell text must survive intact.
    expect(root.querySelector('td')?.textContent).toContain('x^2');
  });
});

describe('renderMarkdown: hostile model output', () => {
  const vectors: Array<[string, string]> = [
    ['script tag', '<script>alert(1)</script>'],
    ['inline script in paragraph', 'Hello <script>alert(1)</script> world'],
    ['img onerror', '<img src=x onerror=alert(1)>'],
    ['svg onload', '<svg onload=alert(1)><circle r="1"/></svg>'],
    ['iframe', '<iframe src="https://evil.example/"></iframe>'],
    ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ['javascript: link (markdown)', '[click](javascript:alert(1))'],
    ['javascript: link (html)', '<a href="javascript:alert(1)">click</a>'],
    ['obfuscated javascript: link', '<a href="jav&#x09;ascript:alert(1)">click</a>'],
    ['entity javascript: link', '[x](&#106;avascript:alert(1))'],
    ['data: link (markdown)', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['data: link (html)', '<a href="data:text/html,<script>alert(1)</script>">x</a>'],
    ['vbscript: link', '<a href="vbscript:msgbox(1)">x</a>'],
    ['style element', '<style>body{display:none}</style>'],
    ['style attribute', '<p style="position:fixed;inset:0;background:url(https://evil.example/x)">cover</p>'],
    ['remote image (markdown)', '![t](https://evil.example/track.png)'],
    ['remote image (html)', '<img src="https://evil.example/track.png">'],
    ['data: image', '![t](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
    ['object/embed', '<object data="x.swf"></object><embed src="x.swf">'],
    ['form with formaction', '<form><button formaction="javascript:alert(1)">go</button></form>'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example">'],
    ['base href', '<base href="https://evil.example/">'],
    ['link stylesheet', '<link rel="stylesheet" href="https://evil.example/x.css">'],
    ['event handler on table cell', '<table><tr><td onmouseover="alert(1)">a</td></tr></table>'],
    ['details ontoggle', '<details open ontoggle=alert(1)><summary>x</summary></details>'],
    ['math/mathml href', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>'],
    ['broken-out attribute', '<img src="x" alt="a" /><img/src="x"/onerror="alert(1)">'],
    ['DOM clobbering id', '<img name="getElementById" id="root">'],
    ['template smuggling', '<template><script>alert(1)</script></template>'],
    ['noscript mXSS', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
    ['placeholder forgery', '<span data-pm-math="00000000-0"></span>$x$'],
    ['image map area', '<map name="m"><area shape="rect" coords="0,0,9999,9999" href="https://evil.example/"></map><img usemap="#m">'],
    ['area outside a map', '<area href="https://evil.example/">'],
    ['link targeting the top frame', '<a href="https://evil.example/" target="_top">x</a>'],
    ['link targeting the app frame', '<a href="https://evil.example/" target="_self">x</a>'],
    ['svg link', '<svg><a xlink:href="https://evil.example/" href="https://evil.example/"><rect width="9" height="9"/></a></svg>'],
    ['form action', '<form action="https://evil.example/" method="get"><input type="submit" value="go"></form>'],
    ['meta refresh in a paragraph', 'x <meta http-equiv="refresh" content="0;url=https://evil.example"> y'],
    ['base in a paragraph', 'x <base href="https://evil.example/" target="_top"> y'],
    ['relative link', '<a href="//evil.example/">x</a> <a href="evil.html">y</a>'],
  ];

  it.each(vectors)('neutralizes %s', (_name, input) => {
    const html = renderMarkdown(input);
    const root = dom(html);
    expect(dangers(root)).toEqual([]);
    expect(root.querySelector('[id], [name]')).toBeNull();
  });

  it('keeps the harmless text around an attack', () => {
    const root = dom(renderMarkdown('Hello <script>alert(1)</script> world'));
    expect(root.textContent).toContain('Hello');
    expect(root.textContent).toContain('world');
  });

  it('opens safe links in a new tab without a referrer', () => {
    const a = dom(renderMarkdown('[site](https://example.org/)')).querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://example.org/');
    expect(a.getAttribute('rel')).toContain('noopener');
  });

  it('shows only the page\'s own cropped figures', () => {
    const figureUrls = new Map([['figure-p1-1.png', 'blob:https://app.example/abc']]);
    const root = dom(renderMarkdown('![Figure](figure-p1-1.png)\n\n![Other](figure-p1-2.png)', { figureUrls }));
    const imgs = root.querySelectorAll('img');
    expect(imgs[0].getAttribute('src')).toBe('blob:https://app.example/abc');
    expect(imgs[1].hasAttribute('src')).toBe(false);
  });
});
