import { beforeAll, describe, expect, it } from "vitest";
import { ANSWER, answerValues, gql, loginOverGraphQL, RICH } from "../support/graphql";
import { makeTenant } from "../support/tenants";

// Steps over GraphQL with typed values: every step type's correct answer goes in as an AnswerInput
// and comes back as an Answer, rich content as RichBlockInput / RichBlock, images included.

let manager: string;
let slug: string;

beforeAll(async () => {
  slug = (await makeTenant()).tenant.slug;
  manager = await loginOverGraphQL("admin", slug, `manager@${slug}.test`);
});

/** An image of the organisation's own uploads (the only images rich content may show). */
const image = () => `/api/assets/${slug}/0b7a4c2e-1f3d-4e5a-9b6c-7d8e9f0a1b2c.png`;
const stepsOf = (IMAGE: string) => [
  {
    key: "mc",
    type: "MULTIPLE_CHOICE",
    score: 2,
    question: [
      { type: "text", html: "<p>Which colour?</p>" },
      { type: "image", url: IMAGE, alt: "The scene", width: 640, height: 480 },
    ],
    answer: {
      optionlistValue: [
        { value: "Green", valid: true },
        { value: "Red", valid: false },
      ],
    },
  },
  {
    key: "hz",
    type: "HOTZONE",
    score: 1,
    question: [{ type: "text", html: "<p>Point at the exit</p>" }],
    answer: {
      textValue: IMAGE,
      blocklistValue: [
        { shape: "circle", x: 0.5, y: 0.5, r: 0.1 },
        { shape: "rect", x: 0.1, y: 0.1, w: 0.2, h: 0.3 },
        {
          shape: "polygon",
          points: [
            [0.6, 0.6],
            [0.9, 0.6],
            [0.75, 0.9],
          ],
        },
      ],
    },
  },
  {
    key: "nu",
    type: "NUMERIC",
    score: 1,
    question: [{ type: "text", html: "<p>How many?</p>" }],
    answer: { numericValue: 12, numericlistValue: [0.5] },
  },
  {
    key: "tx",
    type: "TEXT",
    score: 1,
    question: [{ type: "text", html: "<p>Name it</p>" }],
    answer: { textValue: "Extinguisher" },
  },
  {
    key: "pr",
    type: "PRACTICAL",
    score: 5,
    question: [{ type: "text", html: "<p>Do it</p>" }],
    answer: { textlistValue: ["Gloves on", "Area secured"], numericlistValue: [60, 40] },
  },
];

describe("typed steps over GraphQL", () => {
  it("stores each step type's answer and rich content, and reads them back typed", async () => {
    const IMAGE = image();
    const steps = stepsOf(IMAGE);
    const res = await gql(
      "admin",
      `mutation($i: QuestionInput!) { addQuestion(input: $i) {
        preparationInfo { __typename ${RICH} }
        steps { key type question { __typename ${RICH} } answer { ${ANSWER} } score } } }`,
      {
        i: {
          name: "Every type",
          maxTime: 300,
          preparationInfo: [{ type: "image", url: IMAGE, alt: "Bring this" }],
          steps,
        },
      },
      { cookie: manager },
    );
    expect(res.body.errors).toBeUndefined();
    const q = res.body.data.addQuestion;
    expect(q.preparationInfo).toEqual([
      { __typename: "RichImageBlock", type: "image", url: IMAGE, alt: "Bring this", width: null, height: null },
    ]);
    expect(q.steps.map((s: { type: string }) => s.type)).toEqual(steps.map((s) => s.type));
    expect(q.steps[0].question).toEqual([
      { __typename: "RichTextBlock", type: "text", html: "<p>Which colour?</p>" },
      { __typename: "RichImageBlock", type: "image", url: IMAGE, alt: "The scene", width: 640, height: 480 },
    ]);
    const zones = steps[1]!.answer.blocklistValue!.map((z) => ({
      shape: z.shape,
      x: z.x ?? null,
      y: z.y ?? null,
      r: z.r ?? null,
      w: z.w ?? null,
      h: z.h ?? null,
      points: z.points ?? null,
    }));
    expect(answerValues(q.steps[0].answer)).toEqual(steps[0]!.answer);
    expect(answerValues(q.steps[1].answer)).toEqual({ textValue: IMAGE, blocklistValue: zones });
    for (const i of [2, 3, 4]) expect(answerValues(q.steps[i].answer)).toEqual(steps[i]!.answer);
  });

  it("refuses a rich block of an unknown type and an option without validity, before anything runs", async () => {
    const IMAGE = image();
    const steps = stepsOf(IMAGE);
    const res = await gql(
      "admin",
      `mutation($i: QuestionInput!) { addQuestion(input: $i) { _id } }`,
      {
        i: {
          name: "Wrong",
          maxTime: 60,
          steps: [
            { ...steps[0], question: [{ type: "video", url: IMAGE }], answer: { optionlistValue: [{ value: "A" }] } },
          ],
        },
      },
      { cookie: manager },
    );
    expect(res.body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_REQUEST" });
    expect(res.body.data).toBeUndefined();
  });
});
