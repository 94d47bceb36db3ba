// The worker thread that draws one board PDF (started by render-board.server.ts): react-pdf lays a
// document out synchronously and must not hold up the thread that serves requests (ADR 0022).
import { parentPort } from "node:worker_threads";
import { drawBoardPdf, type BoardPdfJob } from "./board-pdf-job";

export type BoardPdfAnswer = { pdf: Uint8Array } | { error: string };

const port = parentPort!;
port.once("message", (job: BoardPdfJob) => {
  drawBoardPdf(job).then(
    (pdf) => port.postMessage({ pdf } satisfies BoardPdfAnswer, [pdf.buffer as ArrayBuffer]),
    (error: unknown) =>
      port.postMessage({
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies BoardPdfAnswer),
  );
});
