// What the login page's first step asks (organisation, e-mail or phone). Pure Zod: the login action
// parses the post with it, the page checks the same rules while it is filled in.
import { z } from "zod";

const required = (max: number) => z.string({ required_error: "validation:required" }).trim().min(1).max(max);

export const loginRequestInput = z.object({ tenant: required(100), identifier: required(254) });
