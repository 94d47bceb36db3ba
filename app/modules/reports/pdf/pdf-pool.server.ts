import type { Worker } from "node:worker_threads";
import { startTypeScriptWorker } from "~/lib/typescript-worker.server";
import type { PdfJob } from "./pdf-job";
import type { PdfWorkerAnswer, PdfWorkerRequest } from "./pdf-worker";

/**
 * Report PDFs are drawn on one worker thread, one job at a time, never on the thread that serves
 * requests (ADR 0022). One worker: the machine's other core belongs to the live rooms. It starts on
 * the first PDF and stops after a quiet minute (it holds @react-pdf/renderer, about 100 MB).
 */
const IDLE_MS = 60_000;

type Pending = { id: number; job: PdfJob; resolve: (pdf: Uint8Array) => void; reject: (error: Error) => void };

const queue: Pending[] = [];
let worker: Worker | null = null;
let current: Pending | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 1;

/** The PDF of a job, drawn on the worker; rejects if drawing fails or the worker dies. */
export function drawPdfOffThread(job: PdfJob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    queue.push({ id: nextId++, job, resolve, reject });
    startNext();
  });
}

/**
 * Starts the worker ahead of a PDF that is about to be asked for (a report was just built or
 * saved in the builder: sending or downloading it comes next), so that PDF does not wait for the
 * worker's start: half a second on an idle machine, more on a busy one. It stops after a quiet
 * minute as always.
 */
export function warmPdfWorker(): void {
  if (current || queue.length > 0) return; // drawing: warm already
  worker ??= spawn();
  if (idleTimer) clearTimeout(idleTimer);
  settle();
}

function startNext(): void {
  if (current || queue.length === 0) return;
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  current = queue.shift()!;
  const running = (worker ??= spawn());
  running.ref(); // a job in flight keeps the process alive (a CLI awaiting its PDF)
  running.postMessage({ id: current.id, job: current.job } satisfies PdfWorkerRequest);
}

function spawn(): Worker {
  const spawned = startTypeScriptWorker("app/modules/reports/pdf/pdf-worker.ts");
  spawned.on("message", (answer: PdfWorkerAnswer) => {
    const done = current;
    if (!done || done.id !== answer.id) return;
    current = null;
    if ("pdf" in answer) done.resolve(answer.pdf);
    else done.reject(new Error(`The report PDF could not be drawn: ${answer.error}`));
    settle();
  });
  // A crash fails the job in flight only; the next job starts a new worker.
  const lost = (error: Error) => {
    if (worker !== spawned) return;
    worker = null;
    const failed = current;
    current = null;
    failed?.reject(error);
    startNext();
  };
  spawned.on("error", lost);
  spawned.on("exit", (code) => lost(new Error(`The PDF worker stopped (exit code ${code}).`)));
  return spawned;
}

function settle(): void {
  if (queue.length > 0) return startNext();
  worker?.unref();
  idleTimer = setTimeout(() => {
    const idle = worker;
    worker = null;
    void idle?.terminate();
  }, IDLE_MS);
  idleTimer.unref();
}
