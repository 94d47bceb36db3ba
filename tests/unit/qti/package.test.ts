import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { MAX_PACKAGE_FILES, PackageError, resolvePath, unzipPackage } from "~/modules/qti/read-package";
import { parseXml, QTI_NS } from "~/modules/qti/xml";

// Reading a package safely: paths never leave it, a zip of too many files is refused before it is
// inflated, and the XML reader expands no declared entity (no file is read, nothing blows up).

describe("package paths", () => {
  it("resolves against the item's folder and never leaves the package", () => {
    expect(resolvePath("items/", "../images/a.png")).toBe("images/a.png");
    expect(resolvePath("items/", "./b%20c.png")).toBe("items/b c.png");
    expect(resolvePath("", "../../etc/passwd")).toBeNull();
    expect(resolvePath("items/", "https://tracker.test/pixel.png")).toBeNull();
    expect(resolvePath("items/", "data:image/png;base64,AAAA")).toBeNull();
    expect(resolvePath("items/", "//host/x.png")).toBeNull();
  });

  it("drops zip entries named outside the package", () => {
    const files = unzipPackage(zipSync({ "../evil.txt": new Uint8Array([1]), "ok/a.txt": new Uint8Array([2]) }));
    expect([...files.keys()]).toEqual(["ok/a.txt"]);
  });

  it("refuses a zip of too many files", () => {
    const many = Object.fromEntries(
      Array.from({ length: MAX_PACKAGE_FILES + 1 }, (_, i) => [`f${i}`, new Uint8Array()]),
    );
    expect(() => unzipPackage(zipSync(many))).toThrow(PackageError);
  });
});

describe("the XML reader", () => {
  it("resolves namespaces whatever the prefix, and expands no declared entity", () => {
    const root = parseXml(
      `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY lol "lollollol"><!ENTITY ext SYSTEM "file:///etc/passwd">]>` +
        `<q:qti-assessment-item xmlns:q="${QTI_NS}" identifier="a&amp;b">&lol;&ext;<![CDATA[<kept>]]></q:qti-assessment-item>`,
    )!;
    expect(root).toMatchObject({ ns: QTI_NS, name: "qti-assessment-item", attrs: { identifier: "a&b" } });
    expect(root.children.join("")).toBe("&lol;&ext;<kept>");
  });
});
