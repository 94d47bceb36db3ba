import type { SchemaPiece } from "./types";

// A type and its input twin have the same fields (GraphQL cannot use one type for both); the
// answer's nested types are the inputs' in the input.
const zoneFields = `
      shape: ZoneShape!
      x: Float
      y: Float
      r: Float
      w: Float
      h: Float
      "Polygon corners, each [x, y]."
      points: [[Float!]!]
    `;
const answerFields = (nested: "" | "Input") => `
      textValue: String
      numericValue: Float
      booleanValue: Boolean
      textlistValue: [String!]
      numericlistValue: [Float!]
      booleanlistValue: [Boolean!]
      optionlistValue: [AnswerOption${nested}!]
      blocklistValue: [HotzoneZone${nested}!]
    `;

/**
 * Types both APIs share: step types, scheduled-session statuses, rich content and answers. Each is
 * declared once here so that the admin and the user schema spell them alike (schema/*.graphql).
 * Rich content is a union of blocks, an answer one object with the spec's variants: both are
 * embedded values (no id), stored inside the object that holds them in a client's cache.
 */
export const contentPiece: SchemaPiece = {
  typeDefs: /* GraphQL */ `
    enum StepType {
      HOTZONE
      MULTIPLE_CHOICE
      NUMERIC
      PRACTICAL
      TEXT
    }
    enum ScheduledSessionStatus {
      SCHEDULED
      ONGOING
      COMPLETED
      CANCELED
    }
    enum RichBlockType {
      text
      image
    }
    "Sanitised HTML (paragraphs, lists, emphasis, links)."
    type RichTextBlock {
      type: RichBlockType!
      html: String!
    }
    "An image: an http(s) URL or one of the organisation's uploads (/api/assets/…)."
    type RichImageBlock {
      type: RichBlockType!
      url: String!
      alt: String
      width: Float
      height: Float
    }
    "One block of rich content (an embedded value: no id)."
    union RichBlock = RichTextBlock | RichImageBlock
    "One block of rich content: text needs html, image needs url."
    input RichBlockInput {
      type: RichBlockType!
      html: String
      url: String
      alt: String
      width: Float
      height: Float
    }
    enum ZoneShape {
      circle
      rect
      polygon
    }
    "A hotzone on an image, in fractions (0..1) of its width and height: circle x y r, rect x y w h, polygon points."
    type HotzoneZone {${zoneFields}}
    input HotzoneZoneInput {${zoneFields}}
    "A multiple-choice option of a correct answer."
    type AnswerOption {
      value: String!
      valid: Boolean!
    }
    input AnswerOptionInput {
      value: String!
      valid: Boolean!
    }
    """
    An answer (an embedded value: no id). A correct answer: MULTIPLE_CHOICE optionlistValue;
    NUMERIC numericValue with the tolerance as numericlistValue [t]; TEXT textValue; HOTZONE the
    image as textValue and the zones as blocklistValue; PRACTICAL the checklist as textlistValue
    with its weights as numericlistValue. A participant's answer: MULTIPLE_CHOICE textlistValue,
    NUMERIC numericValue, TEXT textValue, HOTZONE numericlistValue [x, y], PRACTICAL booleanValue;
    the ticked checklist of a correction is booleanlistValue.
    """
    type Answer {${answerFields("")}}
    "An answer's variants (see Answer); the server checks which ones the step type takes."
    input AnswerInput {${answerFields("Input")}}
  `,
  resolvers: {
    RichBlock: {
      __resolveType: (b: { type?: unknown }) => (b.type === "image" ? "RichImageBlock" : "RichTextBlock"),
    },
  },
};
