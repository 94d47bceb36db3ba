// The worker thread that draws report PDFs (started by pdf-pool.server.ts). @react-pdf/renderer
// lays a document out synchronously: on the server's thread, a bulk of 100 reports froze every
// live room of every organisation for tens of seconds.
import { parentPort } from "node:worker_threads";
import { drawPdf, type PdfJob } from "./pdf-job";

export type PdfWorkerRequest = { id: number; job: PdfJob };
export type PdfWorkerAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

const port = parentPort!;
port.on("message", ({ id, job }: PdfWorkerRequest) => {
  drawPdf(job).then(
    (pdf) => port.postMessage({ id, pdf } satisfies PdfWorkerAnswer, [pdf.buffer as ArrayBuffer]),
    (error: unknown) =>
      port.postMessage({
        id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies PdfWorkerAnswer),
  );
});
