// What the board PDF's worker draws (board-pdf-worker.ts): plain data and the translations of its
// language, which cross the thread as resources.
import { renderToBuffer } from "@react-pdf/renderer";
import { createInstance, type Resource } from "i18next";
import { i18nOptions } from "~/i18n/config";
import { BoardDocument, type BoardPdfData } from "./board-document";
import { registerBoardFonts } from "./fonts";

export type BoardPdfJob = { locale: string; resources: Resource; data: BoardPdfData };

export async function drawBoardPdf(job: BoardPdfJob): Promise<Uint8Array> {
  registerBoardFonts();
  const i18n = createInstance();
  await i18n.init({
    ...i18nOptions,
    lng: job.locale,
    ns: Object.keys(job.resources[job.locale] ?? {}),
    resources: job.resources,
  });
  const buffer = await renderToBuffer(<BoardDocument data={job.data} t={i18n.t} locale={job.locale} />);
  return new Uint8Array(buffer);
}
