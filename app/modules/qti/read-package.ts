// A QTI content package read from its zip: the files (bounded: a zip bomb is refused, never
// inflated), the manifest's item resources, and the images items refer to.
import { unzipSync } from "fflate";
import { imageSize } from "image-size";
import type { ImageRef } from "./rich";
import { descendants, elements, parseXml, XML_NS, type XElement } from "./xml";

export const MAX_PACKAGE_FILES = 5000;
export const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
export const MAX_IMPORT_ITEMS = 500;
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Why a package cannot be read at all: the `qti:errors.<code>` message of the refusal. */
export class PackageError extends Error {
  constructor(
    readonly code: "not-zip" | "too-large" | "no-manifest" | "bad-manifest" | "no-items" | "too-many-items",
    readonly values: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = "PackageError";
  }
}

/** A path inside the package, normalised; null when it leaves the package or is an address. */
export function resolvePath(base: string, href: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//")) return null;
  let decoded = href.split("#")[0]!.split("?")[0]!;
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // kept as written
  }
  const parts: string[] = [];
  for (const part of `${decoded.startsWith("/") ? "" : base}${decoded}`.replace(/\\/g, "/").split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.length ? parts.join("/") : null;
}

export const dirOf = (path: string) => (path.includes("/") ? path.slice(0, path.lastIndexOf("/") + 1) : "");

/** The package's files by normalised path. */
export function unzipPackage(bytes: Uint8Array): Map<string, Uint8Array> {
  const signature = bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
  if (!signature) throw new PackageError("not-zip");
  let count = 0;
  let total = 0;
  let unzipped: Record<string, Uint8Array>;
  try {
    unzipped = unzipSync(bytes, {
      filter: (file) => {
        if (file.name.endsWith("/")) return false;
        count += 1;
        total += file.originalSize;
        if (count > MAX_PACKAGE_FILES || total > MAX_UNPACKED_BYTES)
          throw new PackageError("too-large", {
            files: MAX_PACKAGE_FILES,
            megabytes: MAX_UNPACKED_BYTES / 1024 / 1024,
          });
        return true;
      },
    });
  } catch (e) {
    if (e instanceof PackageError) throw e;
    throw new PackageError("not-zip");
  }
  const files = new Map<string, Uint8Array>();
  let actual = 0;
  for (const [name, data] of Object.entries(unzipped)) {
    actual += data.byteLength;
    if (actual > MAX_UNPACKED_BYTES) throw new PackageError("too-large", { files: MAX_PACKAGE_FILES, megabytes: 200 });
    const path = resolvePath("", name);
    if (path) files.set(path, data);
  }
  return files;
}

export type ItemResource = { identifier: string; path: string | null; qti2: boolean };

/** The manifest's folder and its item resources (QTI 3 items; QTI 2 ones to list as not imported). */
export function readManifest(files: Map<string, Uint8Array>): { items: ItemResource[] } {
  let manifestPath = files.has("imsmanifest.xml") ? "imsmanifest.xml" : null;
  if (!manifestPath) {
    const nested = [...files.keys()].filter((p) => /^[^/]+\/imsmanifest\.xml$/.test(p));
    if (nested.length === 1) manifestPath = nested[0]!;
  }
  if (!manifestPath) throw new PackageError("no-manifest");
  const root = parseXml(new TextDecoder().decode(files.get(manifestPath)));
  if (!root || root.name !== "manifest") throw new PackageError("bad-manifest");
  const base = dirOf(manifestPath);
  const resourcesEl = elements(root).find((e) => e.name === "resources");
  const resourcesBase = resolveBase(base, resourcesEl);
  const items: ItemResource[] = [];
  for (const resource of resourcesEl
    ? descendants(resourcesEl, (e) => e.name === "resource" && e.ns === root.ns)
    : []) {
    const type = resource.attrs.type ?? "";
    const qti2 = /^imsqti_item_xmlv2/i.test(type);
    if (!/^imsqti_item_xmlv3p0/i.test(type) && !qti2) continue;
    const own = resolveBase(resourcesBase, resource);
    const href = resource.attrs.href ?? elements(resource).find((e) => e.name === "file")?.attrs.href;
    items.push({
      identifier: resource.attrs.identifier ?? href ?? "?",
      path: href ? resolvePath(own, href) : null,
      qti2,
    });
  }
  if (items.length === 0) throw new PackageError("no-items");
  if (items.length > MAX_IMPORT_ITEMS) throw new PackageError("too-many-items", { max: MAX_IMPORT_ITEMS });
  return { items };
}

function resolveBase(base: string, el: XElement | undefined): string {
  const own = el?.attrs[`{${XML_NS}}base`];
  if (!own) return base;
  const resolved = resolvePath(base, own);
  return resolved ? `${resolved.replace(/\/$/, "")}/` : base;
}

export type PackageImageFile = { path: string; bytes: Uint8Array; token: string };

/** The images items refer to, each once, as tokens (`qti-image:<n>`) replaced on import by the stored asset's address. */
export class PackageImages {
  readonly list: PackageImageFile[] = [];
  private readonly byPath = new Map<string, { token: string; width: number; height: number } | null>();
  constructor(private readonly files: Map<string, Uint8Array>) {}

  /** A resolver of `src` relative to an item's folder: PNG, JPEG, GIF and WEBP pictures in the package only. */
  refFrom(dir: string): ImageRef {
    return (src) => {
      const path = resolvePath(dir, src.trim());
      if (!path) return null;
      if (this.byPath.has(path)) return this.byPath.get(path)!;
      const bytes = this.files.get(path);
      let found: { token: string; width: number; height: number } | null = null;
      if (bytes && bytes.byteLength <= MAX_IMAGE_BYTES) {
        try {
          const size = imageSize(bytes);
          if (["png", "jpg", "gif", "webp"].includes(size.type ?? "")) {
            found = { token: `qti-image:${this.list.length}`, width: size.width ?? 0, height: size.height ?? 0 };
            this.list.push({ path, bytes, token: found.token });
          }
        } catch {
          found = null;
        }
      }
      this.byPath.set(path, found);
      return found;
    };
  }
}

export const TOKEN_PATTERN = /qti-image:(\d+)/g;
