import Image from "@tiptap/extension-image";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isAllowedImageUrl, isAllowedLink } from "~/lib/rich-html-policy";
import { cleanHtmlInBrowser } from "./clean-html";
import { Button } from "./form";
import { EDITOR_CLASS, RichTextFrame, type RichTextEditorProps } from "./rich-text-frame";

/**
 * TipTap behind RichTextEditor (rich-text-editor.tsx), which loads this module only where an
 * editor is shown: a page that does not edit rich text does not download the editor.
 */
export default function TiptapEditor({ html, onChange, label, disabled, imagePicker }: RichTextEditorProps) {
  const editor = useEditor({
    // Rendered in the browser only: the server shows the same HTML read-only until then.
    immediatelyRender: false,
    editable: !disabled,
    extensions: [
      StarterKit.configure({
        heading: false,
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        strike: false,
        link: {
          openOnClick: false,
          autolink: true,
          isAllowedUri: (url) => isAllowedLink(url),
          HTMLAttributes: { rel: "noopener noreferrer", target: null },
        },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: html,
    editorProps: {
      attributes: { role: "textbox", "aria-multiline": "true", "aria-label": label, class: EDITOR_CLASS },
      transformPastedHTML: (pasted) => cleanHtmlInBrowser(pasted),
    },
    onUpdate: ({ editor }) => onChange(editor.isEmpty ? "" : editor.getHTML()),
  });

  // Follows a new value from outside (a restored draft, a reset) while the author is not typing.
  useEffect(() => {
    if (!editor || editor.isFocused) return;
    const current = editor.isEmpty ? "" : editor.getHTML();
    if (current !== html) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  return (
    <RichTextFrame html={editor ? null : html}>
      {!disabled && editor ? <Toolbar editor={editor} label={label} imagePicker={imagePicker} /> : null}
      {editor ? <EditorContent editor={editor} /> : null}
    </RichTextFrame>
  );
}

function Toolbar({
  editor,
  label,
  imagePicker,
}: {
  editor: Editor;
  label: string;
  imagePicker?: (insert: (url: string) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      bullets: e.isActive("bulletList"),
      numbers: e.isActive("orderedList"),
      link: e.isActive("link"),
    }),
  });
  const [panel, setPanel] = useState<"link" | "image" | null>(null);
  const tool = "rounded px-2 py-1 text-sm hover:bg-selected aria-pressed:bg-selected";
  const chain = () => editor.chain().focus();
  return (
    <div className="border-b border-slate-200">
      <div className="flex flex-wrap gap-1 p-1" role="toolbar" aria-label={label}>
        <button
          type="button"
          className={`${tool} font-bold`}
          aria-pressed={active.bold}
          aria-label={t("assessments:rich.bold")}
          onClick={() => chain().toggleBold().run()}
        >
          B
        </button>
        <button
          type="button"
          className={`${tool} italic`}
          aria-pressed={active.italic}
          aria-label={t("assessments:rich.italic")}
          onClick={() => chain().toggleItalic().run()}
        >
          I
        </button>
        <button
          type="button"
          className={tool}
          aria-pressed={active.bullets}
          aria-label={t("assessments:rich.bullets")}
          onClick={() => chain().toggleBulletList().run()}
        >
          •
        </button>
        <button
          type="button"
          className={tool}
          aria-pressed={active.numbers}
          aria-label={t("assessments:rich.numbers")}
          onClick={() => chain().toggleOrderedList().run()}
        >
          {/* An icon, not the text "1.": a visible "1." that the name "Numbered list" does not contain fails WCAG 2.5.3. */}
          <svg
            viewBox="0 0 16 16"
            width="16"
            height="16"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
          >
            <path d="M2 2.5h1.5v4M2 6.5h3M2 9.5h2.5l-2.5 4h3M7.5 4.5h6.5M7.5 11.5h6.5" />
          </svg>
        </button>
        <button
          type="button"
          className={tool}
          aria-pressed={active.link}
          aria-expanded={panel === "link"}
          onClick={() => setPanel(panel === "link" ? null : "link")}
        >
          {t("assessments:rich.link")}
        </button>
        {imagePicker ? (
          <button
            type="button"
            className={tool}
            aria-expanded={panel === "image"}
            onClick={() => setPanel(panel === "image" ? null : "image")}
          >
            {t("assessments:rich.image")}
          </button>
        ) : null}
      </div>
      {panel === "link" ? <LinkForm editor={editor} onDone={() => setPanel(null)} /> : null}
      {panel === "image" && imagePicker ? (
        <div className="p-2">
          {imagePicker((url) => {
            if (isAllowedImageUrl(url)) editor.chain().focus().setImage({ src: url, alt: "" }).run();
            setPanel(null);
          })}
        </div>
      ) : null}
    </div>
  );
}

/** Sets, changes or removes the link on the selection: an inline field instead of a browser prompt. */
function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [address, setAddress] = useState<string>(
    () => (editor.getAttributes("link").href as string | undefined) ?? "https://",
  );
  const valid = isAllowedLink(address);
  const apply = () => {
    if (!valid) return;
    editor.chain().focus().extendMarkRange("link").setLink({ href: address.trim() }).run();
    onDone();
  };
  return (
    <div className="flex flex-wrap items-end gap-2 p-2">
      <label htmlFor={id} className="flex min-w-0 flex-1 basis-48 flex-col text-sm">
        <span className="text-slate-700">{t("assessments:rich.link-prompt")}</span>
        <input
          id={id}
          type="url"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              apply();
            }
            if (e.key === "Escape") {
              e.preventDefault();
              e.stopPropagation();
              onDone();
              editor.commands.focus();
            }
          }}
          aria-invalid={!valid}
          className="rounded-md border border-slate-300 px-3 py-2 text-base sm:text-sm"
        />
      </label>
      <Button variant="secondary" disabled={!valid} onClick={apply}>
        {t("assessments:rich.link-apply")}
      </Button>
      {editor.isActive("link") ? (
        <Button
          variant="ghost"
          onClick={() => {
            editor.chain().focus().extendMarkRange("link").unsetLink().run();
            onDone();
          }}
        >
          {t("assessments:rich.link-remove")}
        </Button>
      ) : null}
    </div>
  );
}
