// The board PDF's font: DejaVu Sans Condensed (fonts/README.md), shipped with the app because the
// PDF's standard Helvetica cannot write α, ≥, −, the narrow no-break space of French numbers, or
// names outside Windows-1252. Registered once per worker, before the first document is laid out.
import { fileURLToPath } from "node:url";
import { Font } from "@react-pdf/renderer";

export const BOARD_FONT = "DejaVu Sans Condensed";

let registered = false;

export function registerBoardFonts(): void {
  if (registered) return;
  const file = (name: string) => fileURLToPath(new URL(`./fonts/${name}`, import.meta.url));
  Font.register({
    family: BOARD_FONT,
    fonts: [
      { src: file("DejaVuSansCondensed.ttf"), fontWeight: "normal" },
      { src: file("DejaVuSansCondensed-Bold.ttf"), fontWeight: "bold" },
    ],
  });
  // Column heads wrap between words, never inside one ("α if delet-ed").
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}
