// What the screenshot scripts (tests/e2e/*screenshots.ts) share: the languages, the two window
// sizes looked at (desktop and phone) and the browser.

export const SCREENSHOT_LOCALES = [
  { locale: "en-us", browser: "en-US" },
  { locale: "nl-nl", browser: "nl-NL" },
  { locale: "fr-fr", browser: "fr-FR" },
] as const;

export const SCREENSHOT_VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

export const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? "/usr/bin/chromium";
