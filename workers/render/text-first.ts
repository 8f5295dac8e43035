// Pictures of pages wait while a page's own text is read. Both are this worker's work, and drawing the page
// shown beside a dropped PDF's Markdown and compressing it took 0.8 s, while the first page's text, the first
// thing a user sees, waited behind it (a two-column paper's first Markdown at 1.4 s; 0.4 s with the text first).
//
//   const done = textFirst.reading();  …read the text…  done();     await textFirst.settled();  …draw a picture…
export class TextFirst {
  private pending = new Set<Promise<void>>();

  /** A text read begins; call the function returned when it ends (again later is harmless). */
  reading(): () => void {
    let end!: () => void;
    const p = new Promise<void>((r) => (end = r));
    this.pending.add(p);
    return () => {
      end();
      this.pending.delete(p);
    };
  }

  /** Resolves once no text read that began before this call is still going. */
  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
