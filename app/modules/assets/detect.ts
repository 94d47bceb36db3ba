// File types are decided by content (magic bytes), never by the name or the declared type.
export type AssetType = { mime: string; ext: "png" | "jpg" | "gif" | "webp" | "pdf"; image: boolean };

export const ASSET_TYPES: Record<AssetType["ext"], AssetType> = {
  png: { mime: "image/png", ext: "png", image: true },
  jpg: { mime: "image/jpeg", ext: "jpg", image: true },
  gif: { mime: "image/gif", ext: "gif", image: true },
  webp: { mime: "image/webp", ext: "webp", image: true },
  pdf: { mime: "application/pdf", ext: "pdf", image: false },
};

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The type of a file from its first bytes, or null when it is none of the accepted types. */
export function detectType(bytes: Uint8Array): AssetType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return ASSET_TYPES.png;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return ASSET_TYPES.jpg;
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return ASSET_TYPES.gif;
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return ASSET_TYPES.webp;
  if (startsWith(bytes, ascii("%PDF-"))) return ASSET_TYPES.pdf;
  return null;
}
