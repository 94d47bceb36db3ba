/**
 * E-mail addresses as people have them, including internationalised ones (RFC 6531/6532):
 * `inès.dupont@exemple.fr`, `jürgen@bücher.de`. Shared by server and browser, no dependency.
 *
 * Accepted: a dot-atom local part (ASCII atext or any Unicode letter, mark or number; no leading,
 * trailing or double dot; at most 64 bytes in UTF-8) and a domain of at least two labels of letters,
 * digits and inner hyphens (Unicode or punycode), at most 254 characters in all. Not accepted, on
 * purpose: quoted local parts ("john doe"@…), comments and IP-address domains, which people do not
 * type and mail services handle poorly.
 */
const LOCAL_ATOM = /^[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+$/u;
const DOMAIN_LABEL = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?$/u;

export function isEmailAddress(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf("@");
  if (at <= 0 || at === value.length - 1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (new TextEncoder().encode(local).length > 64) return false;
  if (!local.split(".").every((atom) => LOCAL_ATOM.test(atom))) return false;
  const labels = domain.split(".");
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label))) return false;
  // The top-level domain is letters (or punycode), never only digits.
  return !/^\d+$/.test(labels.at(-1)!);
}
