// The parent's side of page-worker.mjs: one child per system, a time limit per page, and a fresh child
// after a page that timed out or took its process down — so a bad page costs only itself.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const WORKER = fileURLToPath(new URL('./page-worker.mjs', import.meta.url));

export class SystemProcess {
  constructor(system, { pack, k, reuseOcr, timeoutMs, worker = WORKER }) {
    this.system = system;
    this.worker = worker;
    this.args = [system, pack, String(k), reuseOcr ? 'reuse-ocr' : ''];
    this.timeoutMs = timeoutMs;
    this.nextId = 1;
    this.child = undefined;
  }

  async start() {
    // The engine loads its pack once per child; that load is not any page's time.
    // One core per lane: tesseract's OpenMP would otherwise take both (run-real.mjs runs it beside Pagemark).
    const env = { ...process.env, OMP_THREAD_LIMIT: '1' };
    const child = fork(this.worker, this.args, { env, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    child.stderr.on('data', () => {}); // pdf.js and onnxruntime chatter
    await new Promise((resolve, reject) => {
      const onExit = (code, signal) => reject(new Error(`${this.system} exited while starting (${signal ?? code})`));
      child.once('exit', onExit);
      child.once('message', (m) => {
        child.off('exit', onExit);
        m.ready ? resolve() : reject(new Error(`${this.system}: unexpected first message`));
      });
    });
    this.child = child;
  }

  /** {markdown} | {sameAsOcr} | {error} | {timeout} | {crash}, always with ms. */
  async read(pdf, page) {
    if (!this.child) await this.start();
    const child = this.child;
    const id = this.nextId++;
    const t0 = performance.now();
    const answer = await new Promise((resolve) => {
      const timer = setTimeout(() => done({ timeout: true, error: `no answer within ${this.timeoutMs / 1000} s` }), this.timeoutMs);
      const onMessage = (m) => m.id === id && done(m);
      const onExit = (code, signal) => done({ crash: true, error: `the process ended (${signal ?? `exit ${code}`})` });
      function done(m) {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(m);
      }
      child.on('message', onMessage);
      child.on('exit', onExit);
      child.send({ id, pdf, page });
    });
    if (answer.timeout || answer.crash) this.stop();
    return { ...answer, ms: answer.ms ?? performance.now() - t0 };
  }

  /** Ends the child politely (it removes its temporary files). */
  close() {
    if (this.child && this.child.connected) this.child.disconnect();
    this.child = undefined;
  }

  stop() {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGKILL');
    this.child = undefined;
  }
}
