import type { ReactNode } from "react";

export const EDITOR_CLASS =
  "min-h-16 px-3 py-2 text-sm outline-none [&_a]:text-primary [&_a]:underline [&_img]:max-h-48 [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5";

export type RichTextEditorProps = {
  html: string;
  onChange: (html: string) => void;
  label: string;
  disabled?: boolean;
  /** Renders the image source chooser; it calls `insert` with the uploaded image's address. */
  imagePicker?: (insert: (url: string) => void) => ReactNode;
};

/**
 * The rich text field's frame. With `html`: the content as it will show, not yet editable (and not
 * announced as a field), until the editor has loaded and started.
 */
export function RichTextFrame({ html, children }: { html: string | null; children?: ReactNode }) {
  return (
    <div className="rounded-md border border-slate-300 focus-within:ring-2 focus-within:ring-primary/40">
      {children}
      {html !== null ? <div className={EDITOR_CLASS} dangerouslySetInnerHTML={{ __html: html }} /> : null}
    </div>
  );
}
