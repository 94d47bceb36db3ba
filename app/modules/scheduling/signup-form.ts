// The sign-up page's details (a new person's name and e-mail). Pure Zod: startSignUp enforces it,
// the page checks the same rules while it is filled in.
import { z } from "zod";
import { emailText, nameText } from "~/lib/validation";

export const signUpDetailsInput = z.object({
  name: nameText(200),
  email: emailText(),
});
