import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/form";
import { RichTextEditor } from "~/components/ui/rich-text-editor";
import type { RichBlock } from "~/modules/assessments";
import { ImageDrawDialog } from "./image-draw-dialog";
import { refusalText, type Refusal } from "~/lib/app-error";

/** Uploads an image (file or address) to /api/assets/image/upload/*; calls back with its URL. */
export function ImageUpload({ onUploaded }: { onUploaded: (url: string) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [address, setAddress] = useState("");

  async function send(request: Promise<Response>) {
    setBusy(true);
    setError(null);
    try {
      const res = await request;
      const body = (await res.json()) as { url?: string } & Partial<Refusal>;
      if (!res.ok || !body.url) setError(refusalText(body) ?? t("assessments:upload.fetch-failed"));
      else onUploaded(body.url);
    } catch {
      setError(t("assessments:upload.fetch-failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2 rounded-md border border-dashed border-slate-300 p-3">
      {/* The native file button speaks the browser's language, not the page's: hide it behind our own. */}
      <label className="flex flex-col items-start gap-1 text-sm">
        <span className="font-medium text-slate-700">{t("assessments:upload.choose")}</span>
        <span className="cursor-pointer rounded-md border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 [label:focus-within>&]:ring-2 [label:focus-within>&]:ring-primary">
          {t("assessments:upload.choose-file")}
        </span>
        <input
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          disabled={busy}
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            const form = new FormData();
            form.set("file", file);
            void send(
              fetch("/api/assets/image/upload/file", { method: "POST", body: form, credentials: "same-origin" }),
            );
            e.target.value = "";
          }}
        />
      </label>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-0 flex-1 basis-48 flex-col text-sm">
          <span className="text-slate-700">{t("assessments:upload.from-url")}</span>
          <input
            type="url"
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm"
            placeholder="https://"
          />
        </label>
        <Button
          variant="secondary"
          disabled={busy || !address}
          onClick={() =>
            void send(
              fetch("/api/assets/image/upload/url", {
                method: "POST",
                headers: { "Content-Type": "application/json" },
                body: JSON.stringify({ url: address }),
                credentials: "same-origin",
              }),
            )
          }
        >
          {t("assessments:upload.fetch")}
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-700">{t("assessments:draw.or")}</span>
        <ImageDrawDialog onUploaded={onUploaded} disabled={busy} />
      </div>
      {busy ? <p className="text-sm text-slate-500">{t("assessments:upload.uploading")}</p> : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Edits a list of rich content blocks (text and image). */
export function RichContentEditor({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: RichBlock[];
  onChange: (blocks: RichBlock[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [addingImage, setAddingImage] = useState(false);
  const set = (i: number, block: RichBlock) => onChange(value.map((b, j) => (j === i ? block : b)));
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-col gap-2">
      <span id={labelId} className="text-sm font-medium text-slate-700">
        {label}
      </span>
      {value.map((block, i) => (
        <div key={i} className="flex items-start gap-2">
          <div className="flex-1">
            {block.type === "text" ? (
              <RichTextEditor
                label={label}
                html={block.html}
                disabled={disabled}
                onChange={(html) => set(i, { type: "text", html })}
                imagePicker={(insert) => <ImageUpload onUploaded={insert} />}
              />
            ) : (
              <img src={block.url} alt={block.alt ?? ""} className="max-h-48 rounded border border-slate-200" />
            )}
          </div>
          {!disabled ? (
            <Button
              variant="ghost"
              className="!px-2 !py-1 text-red-700"
              aria-label={t("assessments:rich.remove-block")}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            >
              ✕
            </Button>
          ) : null}
        </div>
      ))}
      {!disabled ? (
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => onChange([...value, { type: "text", html: "" }])}>
            {t("assessments:rich.add-text")}
          </Button>
          <Button variant="secondary" onClick={() => setAddingImage((v) => !v)}>
            {t("assessments:rich.add-image")}
          </Button>
        </div>
      ) : null}
      {addingImage && !disabled ? (
        <ImageUpload
          onUploaded={(url) => {
            onChange([...value, { type: "image", url, alt: "" }]);
            setAddingImage(false);
          }}
        />
      ) : null}
    </div>
  );
}
