import { describe, expect, it } from "vitest";
import { subtreeOf, treeOrder } from "~/lib/category-tree";

const rows = [
  { id: "c", name: "cranes", parentId: "s" },
  { id: "s", name: "Safety", parentId: null },
  { id: "b", name: "Basics", parentId: "w" },
  { id: "w", name: "Welding", parentId: null },
  { id: "m", name: "Mobile", parentId: "c" },
  { id: "a", name: "Alarms", parentId: "s" },
];

describe("treeOrder", () => {
  it("puts each parent before its children, siblings by name, with depth and path", () => {
    expect(treeOrder(rows).map((c) => [c.id, c.depth, c.path])).toEqual([
      ["s", 0, "Safety"],
      ["a", 1, "Safety › Alarms"],
      ["c", 1, "Safety › cranes"],
      ["m", 2, "Safety › cranes › Mobile"],
      ["w", 0, "Welding"],
      ["b", 1, "Welding › Basics"],
    ]);
  });

  it("keeps rows whose parent is missing or that sit in a cycle, without hanging", () => {
    const odd = treeOrder([
      { id: "x", name: "Orphan", parentId: "gone" },
      { id: "p", name: "P", parentId: "q" },
      { id: "q", name: "Q", parentId: "p" },
    ]);
    expect(odd.map((c) => c.id).sort()).toEqual(["p", "q", "x"]);
    expect(odd.find((c) => c.id === "x")).toMatchObject({ depth: 0, path: "Orphan" });
  });
});

describe("subtreeOf", () => {
  it("is the category and everything below it", () => {
    const tree = treeOrder(rows);
    expect(subtreeOf(tree, "s")).toEqual(["s", "a", "c", "m"]);
    expect(subtreeOf(tree, "c")).toEqual(["c", "m"]);
    expect(subtreeOf(tree, "b")).toEqual(["b"]);
    expect(subtreeOf(tree, "nope")).toEqual([]);
  });
});
