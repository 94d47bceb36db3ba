import type { ScoredParticipant, ScoredStep } from "~/modules/corrections/scored-participant";

const step = (
  type: ScoredStep["type"],
  score: number | null,
  maxScore: number,
  extra: Partial<ScoredStep> = {},
): ScoredStep => ({
  stepIndex: 0,
  type,
  question: [{ type: "text", html: `<p>${type} step</p>` }],
  correctAnswer: null,
  answer: null,
  ticks: null,
  score,
  maxScore,
  comment: null,
  ...extra,
});

/**
 * A hand-built participant: two evaluations, categories Safety (root) > Fire (child), and
 * Technique (root). Hand-computed totals are in report-data.test.ts.
 *
 *   Theory (eval cat: Safety)
 *     Q1 [Fire]            MC 2/2, NUMERIC 0/3          → 2 / 5
 *     Q2 [Safety, Fire]    TEXT 1.5/4 comment            → 1.5 / 4
 *     Q3 []  (inherits Safety)  TEXT unscored /1         → 0 / 1
 *   Practice (eval cat: Technique)
 *     Q4 [Technique]       PRACTICAL 7.5/10 ticks        → 7.5 / 10
 *     Q5 [Technique, Fire] HOTZONE 2/2                   → 2 / 2
 */
export function scoredFixture(overrides: Partial<ScoredParticipant> = {}): ScoredParticipant {
  return {
    scheduledSessionId: "ss1",
    participantId: "p1",
    participantName: "Alex Example",
    participantLanguage: "en-us",
    participantEmail: "alex@example.test",
    sessionName: "Safety certificate",
    sessionDatetime: new Date("2026-11-20T09:00:00Z"),
    passPercentage: 60,
    comment: [{ type: "text", html: "<p>Well done overall</p>" }],
    categories: [
      { id: "safety", name: "Safety", parentId: null },
      { id: "fire", name: "Fire", parentId: "safety" },
      { id: "tech", name: "Technique", parentId: null },
    ],
    complete: false,
    evaluations: [
      {
        id: "theory",
        name: "Theory",
        categoryIds: ["safety"],
        comment: null,
        globalRating: null,
        questions: [
          {
            id: "q1",
            name: "Q1",
            categoryIds: ["fire"],
            steps: [
              step("MULTIPLE_CHOICE", 2, 2, {
                answer: { textlistValue: ["A"] },
                correctAnswer: {
                  optionlistValue: [
                    { value: "A", valid: true },
                    { value: "B", valid: false },
                  ],
                },
              }),
              step("NUMERIC", 0, 3, {
                stepIndex: 1,
                answer: { numericValue: 7 },
                correctAnswer: { numericValue: 5, numericlistValue: [1] },
              }),
            ],
          },
          {
            id: "q2",
            name: "Q2",
            categoryIds: ["safety", "fire"],
            steps: [step("TEXT", 1.5, 4, { answer: { textValue: "close it" }, comment: "Half right" })],
          },
          { id: "q3", name: "Q3", categoryIds: [], steps: [step("TEXT", null, 1, { answer: { textValue: "?" } })] },
        ],
      },
      {
        id: "practice",
        name: "Practice",
        categoryIds: ["tech"],
        comment: "Steady hands",
        globalRating: "CLEAR_PASS",
        questions: [
          {
            id: "q4",
            name: "Q4",
            categoryIds: ["tech"],
            steps: [
              step("PRACTICAL", 7.5, 10, {
                ticks: [true, false, true],
                correctAnswer: { textlistValue: ["a", "b", "c"], numericlistValue: [50, 25, 25] },
              }),
            ],
          },
          {
            id: "q5",
            name: "Q5",
            categoryIds: ["tech", "fire"],
            steps: [step("HOTZONE", 2, 2, { answer: { numericlistValue: [0.5, 0.5] } })],
          },
        ],
      },
    ],
    ...overrides,
  };
}
