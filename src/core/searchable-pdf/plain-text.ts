// Markdown as Pagemark writes it (DESIGN §4) → the plain text a reader sees: no heading or bullet markers (a
// numbered item keeps its number: the page prints it and the Markdown takes it from the page), no
// HTML tags, no math delimiters, no page comments or figure links, entities and escapes undone. Used for a
// page model's regions and to compare an exported text layer with the Markdown (bench/searchable-pdf.mjs).
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#33': '!', '#39': "'" };

export function plainText(markdown: string): string {
  return markdown
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#33|#39);/g, (_, e: string) => ENTITIES[e]!)
    .replace(/^[ \t]*(#{1,6}[ \t]+|[-+*][ \t]+)/gm, '')
    .replace(/\$\$|\$/g, ' ')
    .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, '$1')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}
