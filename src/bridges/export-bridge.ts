// The page side of the export worker: one worker per export, ended when it is done.
import * as Comlink from 'comlink';
import type { ExportApi, SearchablePdfJob } from '../protocol/export-api';

export async function searchablePdf(job: SearchablePdfJob): ReturnType<ExportApi['searchablePdf']> {
  const worker = new Worker(new URL('../../workers/export/export.worker.ts', import.meta.url), { type: 'module', name: 'export' });
  try {
    return await Comlink.wrap<ExportApi>(worker).searchablePdf(Comlink.transfer(job, [job.bytes]));
  } finally {
    worker.terminate();
  }
}
