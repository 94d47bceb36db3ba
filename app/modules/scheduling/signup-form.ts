// The sign-up page's details (a new person's name and e-mail). Pure Zod: startSignUp enforces it,
// the page checks the same rules while it is filled in.
import { z } from "zod";
import { isEmailAddress } from "~/lib/email-address";
import { nameText } from "~/lib/validation";

export const signUpDetailsInput = z.object({
  name: nameText(200),
  // Internationalised addresses (inès.dupont@…) are accepted: app/lib/email-address.ts.
  email: z
    .string({ required_error: "validation:required" })
    .trim()
    .min(1)
    .max(254)
    .refine(isEmailAddress, { message: "validation:email" }),
});
