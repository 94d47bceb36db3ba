import type { SignalKind } from "~/modules/circuit";

// The circuit's bell: a short beep from Web Audio (no sound file), one tone for "start" and "one
// minute left", two for "move on". Off when the person turned it off on this device.

const STORE_KEY = "circuit-bell";

export function bellOn(): boolean {
  try {
    return localStorage.getItem(STORE_KEY) !== "off";
  } catch {
    return true;
  }
}

export function setBellOn(on: boolean): void {
  try {
    localStorage.setItem(STORE_KEY, on ? "on" : "off");
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}

let context: AudioContext | null = null;

function beep(audio: AudioContext, at: number, frequency: number, seconds: number): void {
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = "sine";
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.4, at + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(at);
  oscillator.stop(at + seconds + 0.05);
}

/** Rings for a signal; silently does nothing where audio is not allowed yet (no tap on the page so far). */
export function ringBell(kind: SignalKind): void {
  if (!bellOn() || typeof window === "undefined" || !("AudioContext" in window)) return;
  try {
    context ??= new AudioContext();
    if (context.state === "suspended") void context.resume().catch(() => {});
    const now = context.currentTime;
    if (kind === "MOVE_ON") {
      beep(context, now, 880, 0.5);
      beep(context, now + 0.6, 880, 0.5);
    } else beep(context, now, kind === "ONE_MINUTE" ? 660 : 990, 0.4);
  } catch {
    /* no audio device: the visual signal still shows */
  }
}
