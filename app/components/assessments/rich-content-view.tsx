import { useEffect, useState } from "react";
import { cleanHtmlInBrowser } from "~/components/ui/clean-html";
import { dropOutsideImages, isAllowedImageUrl } from "~/lib/rich-html-policy";
import type { RichBlock } from "~/modules/assessments";

/**
 * Shows rich content. Saved HTML was sanitised by the server; once in the browser (where the preview
 * shows unsaved edits too) it is cleaned again with the same allow-list. Images other than this
 * site's uploads (content saved before they were refused) are left out in either case.
 */
export function RichContentView({ blocks }: { blocks: RichBlock[] }) {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  return (
    <div className="flex flex-col gap-2 text-sm [&_a]:text-primary [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5">
      {blocks.map((b, i) =>
        b.type === "text" ? (
          <div
            key={i}
            dangerouslySetInnerHTML={{ __html: inBrowser ? cleanHtmlInBrowser(b.html) : dropOutsideImages(b.html) }}
          />
        ) : isAllowedImageUrl(b.url) ? (
          <img key={i} src={b.url} alt={b.alt ?? ""} className="max-h-64 rounded" />
        ) : null,
      )}
    </div>
  );
}
