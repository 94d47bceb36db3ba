import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { Button } from "./form";
import { HeaderRow, type HeaderColumn } from "./header-row";

/**
 * The frame of an import dialog (CSV rows, QTI packages): the button that opens it, the wide panel
 * with its title and help, the dialog's own content, and the close button at the foot.
 */
export function ImportDialogShell({
  open,
  onOpenChange,
  openLabel,
  openTestId,
  title,
  description,
  closeLabel,
  closeTestId,
  testId,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  openLabel: ReactNode;
  openTestId: string;
  title: ReactNode;
  description: ReactNode;
  closeLabel: ReactNode;
  closeTestId?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" data-testid={openTestId}>
          {openLabel}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(56rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl"
          data-testid={testId}
        >
          <Dialog.Title className="mb-2 text-lg font-semibold text-primary">{title}</Dialog.Title>
          <Dialog.Description className="mb-4 text-sm text-slate-600">{description}</Dialog.Description>
          <div className="flex flex-col gap-3">
            {children}
            <div className="flex justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary" data-testid={closeTestId}>
                  {closeLabel}
                </Button>
              </Dialog.Close>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The file to import: a labelled file input; `onFile` gets the chosen file (undefined when none). */
export function ImportFileField({
  label,
  accept,
  testId,
  onFile,
}: {
  label: ReactNode;
  accept: string;
  testId?: string;
  onFile: (file: File | undefined) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      {label}
      <input
        type="file"
        accept={accept}
        data-testid={testId}
        onChange={(e) => onFile(e.currentTarget.files?.[0])}
        className="text-sm"
      />
    </label>
  );
}

/**
 * An import's preview: its summary, then a small table, one row a line or item, scrolling sideways
 * on a narrow screen.
 */
export function ImportPreviewTable({
  summary,
  testId,
  columns,
  children,
}: {
  summary: ReactNode;
  testId: { summary: string; table: string };
  columns: ReactNode[];
  children: ReactNode;
}) {
  const head: HeaderColumn[] = columns.map((label) => ({ label, className: "px-2 py-1" }));
  return (
    <>
      <p className="text-sm" data-testid={testId.summary}>
        {summary}
      </p>
      <div className="relative overflow-x-auto rounded border border-slate-200">
        <table className="w-full text-left text-xs" data-testid={testId.table}>
          <thead className="bg-slate-50">
            <HeaderRow columns={head} />
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </>
  );
}
