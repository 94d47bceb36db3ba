// XML in and out for QTI packages. Reading: htmlparser2 in XML mode (it never loads a DTD or expands
// a declared entity, so a hostile package cannot reach files or blow up), turned into a small
// namespace-aware tree: each element knows its namespace URI and local name, whatever prefixes the
// author chose. Writing: strings built with escaping, one element at a time.
import { parseDocument } from "htmlparser2";
import type { ChildNode } from "domhandler";

export const QTI_NS = "http://www.imsglobal.org/xsd/imsqtiasi_v3p0";
export const CP_NS = "http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1";
export const XSI_NS = "http://www.w3.org/2001/XMLSchema-instance";
export const XML_NS = "http://www.w3.org/XML/1998/namespace";
/** The product's own extension (README, "QTI 3"): step scores and keys, the time limit, exact zones, the checklist. */
export const SA_NS = "urn:x-skills-assessments:qti:1";

export type XElement = {
  ns: string;
  name: string;
  /** Attributes without a prefix by local name; prefixed ones as `{namespace}local`. */
  attrs: Record<string, string>;
  children: XNode[];
};
export type XNode = XElement | string;

export const isElement = (node: XNode): node is XElement => typeof node !== "string";

/**
 * The root element of an XML text, or null when there is none. Never throws: htmlparser2 reads
 * anything, so a text that is no XML at all has no element root.
 */
export function parseXml(text: string): XElement | null {
  const doc = parseDocument(text.replace(/^\uFEFF/, ""), {
    xmlMode: true,
    decodeEntities: true,
    recognizeCDATA: true,
    recognizeSelfClosing: true,
  });
  const root = doc.children.find((c) => c.type === "tag");
  return root ? convert(root, new Map([["xml", XML_NS]])) : null;
}

function convert(node: ChildNode, scope: Map<string, string>): XElement {
  const dom = node as ChildNode & { name: string; attribs: Record<string, string>; children: ChildNode[] };
  let own = scope;
  for (const [name, value] of Object.entries(dom.attribs)) {
    if (name === "xmlns" || name.startsWith("xmlns:")) {
      if (own === scope) own = new Map(scope);
      own.set(name === "xmlns" ? "" : name.slice(6), value);
    }
  }
  const [prefix, local] = splitName(dom.name);
  const attrs: Record<string, string> = {};
  for (const [name, value] of Object.entries(dom.attribs)) {
    if (name === "xmlns" || name.startsWith("xmlns:")) continue;
    const [p, l] = splitName(name);
    attrs[p ? `{${own.get(p) ?? p}}${l}` : l] = value;
  }
  const children: XNode[] = [];
  for (const child of dom.children) {
    if (child.type === "tag") children.push(convert(child, own));
    else if (child.type === "text") children.push((child as unknown as { data: string }).data);
    else if (child.type === "cdata") {
      for (const inner of (child as unknown as { children: ChildNode[] }).children)
        if (inner.type === "text") children.push((inner as unknown as { data: string }).data);
    }
  }
  return { ns: own.get(prefix) ?? "", name: local, attrs, children };
}

function splitName(name: string): [string, string] {
  const at = name.indexOf(":");
  return at < 0 ? ["", name] : [name.slice(0, at), name.slice(at + 1)];
}

/** A namespaced attribute (`{ns}local`). */
export const nsAttr = (el: XElement, ns: string, local: string): string | undefined => el.attrs[`{${ns}}${local}`];

export const elements = (el: XElement): XElement[] => el.children.filter(isElement);

/** Child elements of the QTI namespace with the given name. */
export const qtiChildren = (el: XElement, name: string): XElement[] =>
  elements(el).filter((c) => c.ns === QTI_NS && c.name === name);

export const qtiChild = (el: XElement, name: string): XElement | undefined => qtiChildren(el, name)[0];

/** Every descendant (depth first, document order) that satisfies the test. */
export function descendants(el: XElement, test: (e: XElement) => boolean): XElement[] {
  const out: XElement[] = [];
  const walk = (e: XElement) => {
    for (const c of elements(e)) {
      if (test(c)) out.push(c);
      walk(c);
    }
  };
  walk(el);
  return out;
}

/** The text of an element and its descendants. */
export function textOf(node: XNode): string {
  return isElement(node) ? node.children.map(textOf).join("") : node;
}

/** Runs of white space made one space, trimmed. */
export const squash = (s: string) => s.replace(/\s+/g, " ").trim();

// ---- Writing ----

export const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
export const escapeAttr = (s: string) => escapeText(s).replace(/"/g, "&quot;");

export type Attrs = Record<string, string | number | null | undefined | false>;

/** One element: attributes that are null, undefined or false are left out; children are XML already. */
export function el(name: string, attrs: Attrs = {}, children: string | string[] = []): string {
  const list = Object.entries(attrs)
    .filter(([, v]) => v !== null && v !== undefined && v !== false)
    .map(([k, v]) => ` ${k}="${escapeAttr(String(v))}"`)
    .join("");
  const inner = Array.isArray(children) ? children.join("") : children;
  return inner === "" ? `<${name}${list}/>` : `<${name}${list}>${inner}</${name}>`;
}

/** A number as QTI writes it: no exponent, no trailing noise from binary rounding. */
export function num(value: number): string {
  const rounded = Math.round(value * 1e9) / 1e9;
  const text = String(rounded);
  return /e/i.test(text) ? rounded.toFixed(9).replace(/\.?0+$/, "") : text;
}
