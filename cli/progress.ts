// A one-line progress bar on a terminal (stderr); silent when stderr is not a TTY.
export class Progress {
  private shown = false;
  constructor(private readonly stream: NodeJS.WriteStream) {}

  update(name: string, done: number, total: number): void {
    if (!this.stream.isTTY) return;
    const width = 24;
    const filled = total ? Math.round((done / total) * width) : 0;
    const label = name.length > 40 ? name.slice(0, 37) + '…' : name;
    this.stream.write(`\r\x1b[K[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${label} ${done}/${total}`);
    this.shown = true;
  }

  clear(): void {
    if (this.shown) this.stream.write('\r\x1b[K');
    this.shown = false;
  }

  done(): void {
    this.clear();
  }
}
