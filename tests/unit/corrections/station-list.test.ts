import { describe, expect, it } from "vitest";
import { inRotation, stationListState } from "~/modules/corrections/station-list";

// Station marking: every participant read "passed" before anyone marked (it looked like a
// result), and the rotation numbers repeated ("1., 1., 2.").

describe("a station's list", () => {
  it("says 'not marked yet' for whoever is past the station until they are marked", () => {
    expect(stationListState({ markedAt: null, live: "done" })).toBe("unmarked");
    expect(stationListState({ markedAt: new Date(), live: "done" })).toBe("marked");
    expect(stationListState({ markedAt: "2026-11-26T10:00:00.000Z", live: "here" })).toBe("marked");
    expect(stationListState({ markedAt: null, live: "here" })).toBe("here");
    expect(stationListState({ markedAt: null, live: "due" })).toBe("due");
  });

  it("numbers the participants 1 to n in rotation order, even when several take the station in the same round", () => {
    const list = inRotation([
      { name: "Cas", position: 2 },
      { name: "Bea", position: 1 },
      { name: "Ann", position: 1 },
      { name: "Dirk", position: 3 },
    ]);
    expect(list.map((p) => `${p.rotation}. ${p.name}`)).toEqual(["1. Ann", "2. Bea", "3. Cas", "4. Dirk"]);
    expect(new Set(list.map((p) => p.rotation)).size).toBe(list.length);
  });
});
