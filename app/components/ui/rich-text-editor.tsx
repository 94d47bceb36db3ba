import { clientComponent } from "./client-component";
import { RichTextFrame, type RichTextEditorProps } from "./rich-text-frame";

/** TipTap and ProseMirror, the biggest library of the app: only the screens that edit rich text load it. */
const useTiptap = clientComponent(() => import("./rich-text-editor-tiptap.client"));

/**
 * A rich text field (TipTap): bold, italic, lists, links and images, by toolbar or keyboard
 * (Ctrl/⌘+B, I, U; Ctrl/⌘+Shift+7/8 for lists). Pasted HTML is cleaned with the server's allow-list
 * and anything the editor's schema does not know is dropped. The server sanitises again on save.
 *
 * Until the editor has loaded (and on the server) the field shows its content read-only, as the
 * editor itself does before it starts.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const Editor = useTiptap();
  return Editor ? <Editor {...props} /> : <RichTextFrame html={props.html} />;
}
