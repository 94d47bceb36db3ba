// The package's imsmanifest.xml: QTI 3.0's profile of IMS Content Packaging 1.2. One item resource
// per question, each depending on the image resources it shows.
import { CP_NS, el, XSI_NS } from "./xml";

export const CP_SCHEMA_LOCATION =
  `${CP_NS} https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqtiv3p0_imscpv1p2_v1p0.xsd ` +
  "http://ltsc.ieee.org/xsd/LOM https://purl.imsglobal.org/spec/md/v1p3/schema/xsd/imsmd_loose_v1p3p2.xsd";

export type ManifestItem = { identifier: string; href: string; images: string[] };
export type ManifestImage = { identifier: string; href: string };

export function manifestXml(input: {
  identifier: string;
  title: string;
  language: string;
  items: ManifestItem[];
  images: ManifestImage[];
}): string {
  const imageId = new Map(input.images.map((i) => [i.href, i.identifier]));
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    el(
      "manifest",
      {
        xmlns: CP_NS,
        "xmlns:imsmd": "http://ltsc.ieee.org/xsd/LOM",
        "xmlns:xsi": XSI_NS,
        "xsi:schemaLocation": CP_SCHEMA_LOCATION,
        identifier: input.identifier,
      },
      [
        el("metadata", {}, [
          el("schema", {}, "QTI Package"),
          el("schemaversion", {}, "3.0.0"),
          el(
            "imsmd:lom",
            {},
            el("imsmd:general", {}, [
              el("imsmd:title", {}, el("imsmd:string", { language: input.language }, escape(input.title))),
            ]),
          ),
        ]),
        el("organizations"),
        el("resources", {}, [
          ...input.items.map((item) =>
            el("resource", { identifier: item.identifier, type: "imsqti_item_xmlv3p0", href: item.href }, [
              el("file", { href: item.href }),
              ...[...new Set(item.images)].flatMap((href) =>
                imageId.has(href) ? [el("dependency", { identifierref: imageId.get(href)! })] : [],
              ),
            ]),
          ),
          ...input.images.map((image) =>
            el("resource", { identifier: image.identifier, type: "webcontent", href: image.href }, [
              el("file", { href: image.href }),
            ]),
          ),
        ]),
      ],
    ) +
    "\n"
  );
}

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
