// The look of the app's dialogs (radix Dialog and AlertDialog): the dimmed page behind, and the panel.
// Classes only, so a screen with a confirmation loads no form machinery for it.

export const overlay = "fixed inset-0 z-40 bg-slate-900/40";
export const panel =
  "fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none";
