// What the PDF worker draws (pdf-worker.ts): everything a set of report pages needs, as plain data
// that crosses a thread (no functions: each language's translations travel as resources).
import { Document, renderToBuffer } from "@react-pdf/renderer";
import { createInstance, type Resource, type TFunction } from "i18next";
import { i18nOptions } from "~/i18n/config";
import { ReportPages, type PdfContext, type PdfReport } from "./report-document";

export type PdfJobPage = { key: string; report: PdfReport; locale: string; sessionDate: string };

export type PdfJob = {
  title: string;
  author: string;
  language: string;
  organizationName: string;
  logo: { data: Uint8Array; format: "png" | "jpg" } | null;
  /** Every namespace of each language the pages use. */
  resources: Resource;
  pages: PdfJobPage[];
};

/** Translators by language, kept for the worker's life: the app's translations do not change while it runs. */
const translators = new Map<string, Promise<TFunction>>();

function translatorFor(locale: string, resources: Resource): Promise<TFunction> {
  let t = translators.get(locale);
  if (!t) {
    const i18n = createInstance();
    t = i18n
      .init({ ...i18nOptions, lng: locale, ns: Object.keys(resources[locale] ?? {}), resources })
      .then(() => i18n.t);
    translators.set(locale, t);
  }
  return t;
}

/** The PDF of the job's pages, in one document. CPU-bound for hundreds of milliseconds per report. */
export async function drawPdf(job: PdfJob): Promise<Uint8Array> {
  const logo = job.logo ? { data: Buffer.from(job.logo.data), format: job.logo.format } : null;
  const pages = await Promise.all(
    job.pages.map(async (page) => {
      const ctx: PdfContext = {
        t: await translatorFor(page.locale, job.resources),
        locale: page.locale,
        organizationName: job.organizationName,
        logo,
        sessionDate: page.sessionDate,
      };
      return <ReportPages key={page.key} report={page.report} ctx={ctx} />;
    }),
  );
  const buffer = await renderToBuffer(
    <Document title={job.title} author={job.author} language={job.language}>
      {pages}
    </Document>,
  );
  // A copy that owns its memory, so it can be transferred (a Buffer may share Node's pool).
  return new Uint8Array(buffer);
}
